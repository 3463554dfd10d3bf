package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"qixue/rules/gomoku"
)

// Gomoku kinds. Boards are the engine's diagrams: 15 rows from row 15 down
// to row 1, each of 15 characters '.', 'x' (black) or 'o' (white), joined
// by '/'. Points are written like "h8" (column a-o, row 1-15).
//
// Skill tags used by the gomoku bank and generators:
//
//	gomoku.win.five              find the five
//	gomoku.win.diagonal          the four lies on a diagonal
//	gomoku.win.broken_four       the four has a gap (x.xxx)
//	gomoku.forbidden.double_three 三三禁手
//	gomoku.forbidden.double_four  四四禁手
//	gomoku.forbidden.overline     长连禁手
//	gomoku.forbidden.none         a point that looks forbidden but is not
//	gomoku.vcf                   连续冲四胜
//	gomoku.shape.open_three      活三
//	gomoku.shape.open_four       活四
//	gomoku.shape.four            冲四
//	gomoku.opening.direct        直指 openings
//	gomoku.opening.indirect      斜指 openings
//	gomoku.rules.board           the board's points (天元, the stars, the corners)
//	gomoku.rules.turns           taking turns; stones are placed, never moved
//	gomoku.rules.lines           the lines a five can lie on (阳线, 阴线)
//	gomoku.rules.competition     competition systems: Swiss, round robin, knockout, 擂台
//	gomoku.rules.tiebreak        tie-breaks: 小分 (Sonneborn-Berger), 对手分 (Buchholz), direct encounter, wins
//	gomoku.rules.etiquette       manners, violations (违例), the clock and its time penalty
//	gomoku.rules.notation        the record sheet (谱纸): points A1-O15, stones numbered in order

// gmBoardSchema is the JSON Schema of a board diagram.
const gmBoardSchema = `{"type": "string", "description": "15 rows from row 15 to row 1 of '.', 'x', 'o', joined by '/'"}`

// gmTextSchema is the JSON Schema of an explanation in both languages.
const gmTextSchema = `{"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}`

// gmBoard parses a prompt's board.
func gmBoard(s string) (*gomoku.Board, error) {
	b, err := gomoku.ParseBoard(s)
	if err != nil {
		var ge *gomoku.Error
		errors.As(err, &ge)
		return nil, ncPromptErr("bad_board", "board", ge.Message("zh-CN"), ge.Message("en"))
	}
	return b, nil
}

// gmRules parses a prompt's ruleset name.
func gmRules(s string) (gomoku.Ruleset, error) {
	r, err := gomoku.ParseRuleset(s)
	if err != nil {
		return 0, ncPromptErr("bad_rules", "rules", "规则要写 renju、standard 或 freestyle", `rules must be "renju", "standard" or "freestyle"`)
	}
	return r, nil
}

// gmColour parses "black" or "white".
func gmColour(field, s string) (gomoku.Colour, error) {
	switch s {
	case "black":
		return gomoku.Black, nil
	case "white":
		return gomoku.White, nil
	}
	return gomoku.Empty, ncPromptErr("bad_colour", field, "颜色要写 black 或 white", `colour must be "black" or "white"`)
}

// gmColourText names a colour in both languages.
func gmColourText(c gomoku.Colour) Text {
	if c == gomoku.Black {
		return Text{ZH: "黑棋", EN: "Black"}
	}
	return Text{ZH: "白棋", EN: "White"}
}

// gmAnswerPoint parses a point of an answer.
func gmAnswerPoint(field, s string) (gomoku.Point, error) {
	p, err := gomoku.ParsePoint(s)
	if err != nil {
		return p, &AnswerError{Code: "bad_point", Field: field, Message: Text{
			ZH: fmt.Sprintf("%q 不是棋盘上的点（列 a 到 o，行 1 到 15，比如 h8）", s),
			EN: fmt.Sprintf("%q is not a point of the board (column a-o, row 1-15, like h8)", s),
		}}
	}
	return p, nil
}

// gmPointSet parses a list of answer points into a set; a point listed
// twice is malformed.
func gmPointSet(field string, list []string) (map[gomoku.Point]bool, error) {
	set := map[gomoku.Point]bool{}
	for i, s := range list {
		p, err := gmAnswerPoint(fmt.Sprintf("%s[%d]", field, i), s)
		if err != nil {
			return nil, err
		}
		if set[p] {
			return nil, &AnswerError{Code: "duplicate_point", Field: fmt.Sprintf("%s[%d]", field, i), Message: Text{
				ZH: fmt.Sprintf("%s 写了两次", p), EN: fmt.Sprintf("%s is listed twice", p),
			}}
		}
		set[p] = true
	}
	return set, nil
}

// gmPointNames lists a set's points sorted by index.
func gmPointNames(set map[gomoku.Point]bool) []string {
	ps := make([]gomoku.Point, 0, len(set))
	for p := range set {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Index() < ps[j].Index() })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// gmGradeSet grades a marked set against the true one: correct when equal,
// otherwise partial credit |hit| / |marked ∪ true| with feedback that
// counts what is missing and what is extra, without naming them.
func gmGradeSet(marked, want map[gomoku.Point]bool, what Text) Result {
	hit, extra := 0, 0
	for p := range marked {
		if want[p] {
			hit++
		} else {
			extra++
		}
	}
	missing := len(want) - hit
	details := map[string]any{"found": hit, "missing": missing, "extra": extra}
	if missing == 0 && extra == 0 {
		return Result{Outcome: Correct, Score: 1, Details: details, Feedback: Text{
			ZH: fmt.Sprintf("全对！一共 %d 个%s。", len(want), what.ZH),
			EN: fmt.Sprintf("All right! There are %d %s.", len(want), what.EN),
		}}
	}
	var zh, en []string
	if missing > 0 {
		zh = append(zh, fmt.Sprintf("还漏了 %d 个%s", missing, what.ZH))
		en = append(en, fmt.Sprintf("%d of the %s are missing", missing, what.EN))
	}
	if extra > 0 {
		zh = append(zh, fmt.Sprintf("有 %d 个标记的点不是%s", extra, what.ZH))
		en = append(en, fmt.Sprintf("%d marked points are not among the %s", extra, what.EN))
	}
	fb := Text{ZH: strings.Join(zh, "，") + "。", EN: strings.Join(en, "; ") + "."}
	if hit == 0 {
		return Result{Outcome: Wrong, Details: details, Feedback: fb}
	}
	return Result{Outcome: Partial, Score: float64(hit) / float64(hit+missing+extra), Details: details, Feedback: fb}
}

// gmSolutionErr wraps a solution that does not decode.
func gmSolutionErr(err error) *PromptError {
	return ncDecodeErr("bad_solution", "solution", err)
}

// gmPromptDecodeErr wraps a prompt that does not decode.
func gmPromptDecodeErr(err error) *PromptError {
	return ncDecodeErr("bad_prompt", "", err)
}

// gmHasWinner reports whether a winning line already stands on the board
// under r: five in a row, or six or more where overlines win (freestyle,
// and White in renju). It scans the lines itself: it runs on every check,
// and the engine's Shapes lists far more than it needs.
func gmHasWinner(b *gomoku.Board, r gomoku.Ruleset) bool {
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	at := func(col, row int) gomoku.Colour {
		if col < 0 || col >= gomoku.Size || row < 0 || row >= gomoku.Size {
			return gomoku.Empty
		}
		return b.At(gomoku.PointAt(row*gomoku.Size + col))
	}
	for i := range gomoku.NumPoints {
		p := gomoku.PointAt(i)
		c := b.At(p)
		if c == gomoku.Empty {
			continue
		}
		for _, d := range dirs {
			if at(p.Col()-d[0], p.Row()-d[1]) == c {
				continue // not the start of the run
			}
			n := 1
			for at(p.Col()+n*d[0], p.Row()+n*d[1]) == c {
				n++
			}
			if n == 5 || n > 5 && (r == gomoku.Freestyle || r == gomoku.Renju && c == gomoku.White) {
				return true
			}
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// gomoku.win_in_1

// gomokuWinIn1 is the kind "gomoku.win_in_1": play the stone that makes
// five at once. Any winning point is correct.
//
// Prompt:   {"board": "...", "rules": "renju", "colour": "black"}
// Answer:   {"point": "h8"}
// Solution: {"point": "h8", "explanation": {...}}
type gomokuWinIn1 struct{}

type gmWinPrompt struct {
	Board  string `json:"board"`
	Rules  string `json:"rules"`
	Colour string `json:"colour"`
}

type gmPointAnswer struct {
	Point string `json:"point"`
}

type gmPointSolution struct {
	Point       string `json:"point"`
	Explanation Text   `json:"explanation"`
}

func (gomokuWinIn1) Name() string { return "gomoku.win_in_1" }
func (gomokuWinIn1) Game() Game   { return Gomoku }
func (gomokuWinIn1) Steps() bool  { return false }

func (gomokuWinIn1) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "colour"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "colour": {"enum": ["black", "white"], "description": "the side to play"}
  }
}`)
}

func (gomokuWinIn1) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["point"],
  "additionalProperties": false,
  "properties": {"point": {"type": "string", "description": "e.g. h8"}}
}`)
}

func (gomokuWinIn1) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["point"],
  "additionalProperties": false,
  "properties": {"point": {"type": "string"}, "explanation": ` + gmTextSchema + `}
}`)
}

// gmWinTask is a parsed win-in-1 prompt.
type gmWinTask struct {
	b *gomoku.Board
	r gomoku.Ruleset
	c gomoku.Colour
}

func (gomokuWinIn1) parsePrompt(prompt json.RawMessage) (gmWinTask, error) {
	var p gmWinPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmWinTask{}, gmPromptDecodeErr(err)
	}
	var t gmWinTask
	var err error
	if t.b, err = gmBoard(p.Board); err != nil {
		return t, err
	}
	if t.r, err = gmRules(p.Rules); err != nil {
		return t, err
	}
	if t.c, err = gmColour("colour", p.Colour); err != nil {
		return t, err
	}
	if gmHasWinner(t.b, t.r) {
		return t, ncPromptErr("game_over", "board", "棋盘上已经有五连了", "the board already holds a five")
	}
	if len(gomoku.WinIn1(t.b, t.r, t.c)) == 0 {
		return t, ncPromptErr("no_win", "board", "这个局面没有一步成五的点", "there is no winning point in this position")
	}
	return t, nil
}

// grade grades point p.
func (gomokuWinIn1) grade(t gmWinTask, p gomoku.Point) Result {
	if c := t.b.At(p); c != gomoku.Empty {
		return Result{Outcome: Wrong, Feedback: Text{
			ZH: fmt.Sprintf("%s 上已经有%s了", p, gmColourText(c).ZH),
			EN: fmt.Sprintf("there is already a %s stone on %s", strings.ToLower(gmColourText(c).EN), p),
		}}
	}
	for _, w := range gomoku.WinIn1(t.b, t.r, t.c) {
		if w == p {
			return Result{Outcome: Correct, Score: 1, Feedback: Text{
				ZH: fmt.Sprintf("对了！下在 %s 就连成五子。", p), EN: fmt.Sprintf("Right! %s makes five in a row.", p),
			}}
		}
	}
	if t.c == gomoku.Black && t.r == gomoku.Renju {
		if f, ok := t.b.ExplainForbidden(p); ok {
			e := f.Err()
			return Result{Outcome: Wrong, Feedback: ncTextOf(e), Details: map[string]any{"code": e.Code()}}
		}
	}
	nb := *t.b
	_ = nb.Put(p, t.c)
	for _, s := range gomoku.Shapes(&nb, t.r) {
		if s.Kind == gomoku.ShapeOverline && s.Colour == t.c {
			return Result{Outcome: Wrong, Details: map[string]any{"code": "overline"}, Feedback: Text{
				ZH: fmt.Sprintf("下在 %s 连成了六子以上（长连），按%s规则不算赢，要正好五子。", p, map[gomoku.Ruleset]string{gomoku.Renju: "连珠", gomoku.Standard: "标准"}[t.r]),
				EN: fmt.Sprintf("%s makes six or more in a row (an overline), which does not win under these rules: it must be exactly five.", p),
			}}
		}
	}
	return Result{Outcome: Wrong, Details: map[string]any{"code": "no_five"}, Feedback: Text{
		ZH: fmt.Sprintf("下在 %s 还连不成五子。找一找哪条线上已经有四颗%s。", p, gmColourText(t.c).ZH),
		EN: fmt.Sprintf("%s does not make five in a row. Look for a line that already has four %s stones.", p, strings.ToLower(gmColourText(t.c).EN)),
	}}
}

func (k gomokuWinIn1) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s gmPointSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	p, err := gomoku.ParsePoint(s.Point)
	if err != nil {
		return ncPromptErr("bad_solution", "solution.point", "答案的点写错了", "the solution's point does not parse")
	}
	if r := k.grade(t, p); r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.point", "答案不对："+r.Feedback.ZH, "the solution fails: "+r.Feedback.EN)
	}
	return nil
}

func (k gomokuWinIn1) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmPointAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	p, err := gmAnswerPoint("point", a.Point)
	if err != nil {
		return Result{}, err
	}
	return k.grade(t, p), nil
}

// ---------------------------------------------------------------------------
// gomoku.forbidden

// gomokuForbidden is the kind "gomoku.forbidden" (renju): either say
// whether one point is forbidden to Black and why, or mark every point
// forbidden to Black.
//
// Prompt:   {"board": "...", "point": "h8"}  or  {"board": "...", "mode": "all"}
// Answer:   {"forbidden": true, "reason": "double_three"} ("reason" is
// "double_three", "double_four" or "overline", needed when forbidden is
// true), or {"points": ["h8", ...]} for mode "all".
// Solution: the same shape as the answer, plus "explanation".
//
// One point: right verdict and reason is correct; forbidden but the wrong
// reason is partial (0.5). All points: graded as a set, with partial credit.
type gomokuForbidden struct{}

type gmForbiddenPrompt struct {
	Board string `json:"board"`
	Point string `json:"point,omitempty"`
	Mode  string `json:"mode,omitempty"`
}

type gmForbiddenAnswer struct {
	Forbidden *bool    `json:"forbidden,omitempty"`
	Reason    string   `json:"reason,omitempty"`
	Points    []string `json:"points,omitempty"`
}

type gmForbiddenSolution struct {
	Forbidden   *bool    `json:"forbidden,omitempty"`
	Reason      string   `json:"reason,omitempty"`
	Points      []string `json:"points,omitempty"`
	Explanation Text     `json:"explanation"`
}

// gmReasons maps answer reasons to the engine's kinds.
var gmReasons = map[string]gomoku.ForbiddenKind{
	"double_three": gomoku.DoubleThree,
	"double_four":  gomoku.DoubleFour,
	"overline":     gomoku.Overline,
}

// gmReasonText names a forbidden kind in both languages.
func gmReasonText(k gomoku.ForbiddenKind) Text {
	switch k {
	case gomoku.DoubleThree:
		return Text{ZH: "三三禁手", EN: "double three"}
	case gomoku.DoubleFour:
		return Text{ZH: "四四禁手", EN: "double four"}
	case gomoku.Overline:
		return Text{ZH: "长连禁手", EN: "overline"}
	}
	return Text{ZH: "不是禁手", EN: "not forbidden"}
}

func (gomokuForbidden) Name() string { return "gomoku.forbidden" }
func (gomokuForbidden) Game() Game   { return Gomoku }
func (gomokuForbidden) Steps() bool  { return false }

func (gomokuForbidden) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board"],
  "additionalProperties": false,
  "oneOf": [{"required": ["point"]}, {"required": ["mode"]}],
  "properties": {
    "board": ` + gmBoardSchema + `,
    "point": {"type": "string", "description": "the empty point asked about"},
    "mode": {"const": "all", "description": "mark every point forbidden to Black"}
  }
}`)
}

func (gomokuForbidden) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "oneOf": [{"required": ["forbidden"]}, {"required": ["points"]}],
  "properties": {
    "forbidden": {"type": "boolean"},
    "reason": {"enum": ["double_three", "double_four", "overline"]},
    "points": {"type": "array", "items": {"type": "string"}}
  }
}`)
}

func (gomokuForbidden) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "forbidden": {"type": "boolean"},
    "reason": {"enum": ["double_three", "double_four", "overline"]},
    "points": {"type": "array", "items": {"type": "string"}},
    "explanation": ` + gmTextSchema + `
  }
}`)
}

// gmForbiddenTask is a parsed forbidden prompt; all is true in "all" mode.
type gmForbiddenTask struct {
	b     *gomoku.Board
	point gomoku.Point
	all   bool
}

func (gomokuForbidden) parsePrompt(prompt json.RawMessage) (gmForbiddenTask, error) {
	var p gmForbiddenPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmForbiddenTask{}, gmPromptDecodeErr(err)
	}
	var t gmForbiddenTask
	var err error
	if t.b, err = gmBoard(p.Board); err != nil {
		return t, err
	}
	switch {
	case p.Mode == "all" && p.Point == "":
		t.all = true
	case p.Mode == "" && p.Point != "":
		if t.point, err = gomoku.ParsePoint(p.Point); err != nil {
			return t, ncPromptErr("bad_point", "point", "题目的点写错了", "the prompt's point does not parse")
		}
		if t.b.At(t.point) != gomoku.Empty {
			return t, ncPromptErr("bad_point", "point", "题目问的点上已经有棋子", "the point asked about is not empty")
		}
	default:
		return t, ncPromptErr("bad_prompt", "mode", `要写 point 或者 "mode": "all"，只能写一个`, `give either point or "mode": "all"`)
	}
	if gmHasWinner(t.b, gomoku.Renju) {
		return t, ncPromptErr("game_over", "board", "棋盘上已经有五连了", "the board already holds a five")
	}
	return t, nil
}

// grade grades an answer (assumed of the right shape for the task).
func (gomokuForbidden) grade(t gmForbiddenTask, a gmForbiddenAnswer) (Result, error) {
	if t.all {
		if a.Points == nil || a.Forbidden != nil || a.Reason != "" {
			return Result{}, &AnswerError{Code: "bad_answer", Field: "points", Message: Text{
				ZH: "这道题要标出所有禁手点：写 points", EN: "this question asks for every forbidden point: give points",
			}}
		}
		marked, err := gmPointSet("points", a.Points)
		if err != nil {
			return Result{}, err
		}
		want := map[gomoku.Point]bool{}
		for _, p := range t.b.ForbiddenPoints() {
			want[p] = true
		}
		return gmGradeSet(marked, want, Text{ZH: "禁手点", EN: "forbidden points"}), nil
	}
	if a.Forbidden == nil || a.Points != nil {
		return Result{}, &AnswerError{Code: "bad_answer", Field: "forbidden", Message: Text{
			ZH: "这道题问一个点是不是禁手：写 forbidden（true 或 false）", EN: "this question asks about one point: give forbidden (true or false)",
		}}
	}
	var kind gomoku.ForbiddenKind
	if *a.Forbidden {
		k, ok := gmReasons[a.Reason]
		if !ok {
			return Result{}, &AnswerError{Code: "bad_reason", Field: "reason", Message: Text{
				ZH: "说是禁手，还要写出是哪一种：double_three、double_four 或 overline",
				EN: `a forbidden point needs its reason: "double_three", "double_four" or "overline"`,
			}}
		}
		kind = k
	} else if a.Reason != "" {
		return Result{}, &AnswerError{Code: "bad_reason", Field: "reason", Message: Text{
			ZH: "不是禁手就不用写原因", EN: "a point that is not forbidden has no reason",
		}}
	}
	f, isForbidden := t.b.ExplainForbidden(t.point)
	switch {
	case isForbidden && *a.Forbidden && f.Kind == kind:
		return Result{Outcome: Correct, Score: 1, Feedback: ncTextOf(f.Err())}, nil
	case isForbidden && *a.Forbidden:
		return Result{Outcome: Partial, Score: 0.5, Feedback: Text{
			ZH: fmt.Sprintf("%s 确实是禁手，但不是%s。", t.point, gmReasonText(kind).ZH),
			EN: fmt.Sprintf("%s is forbidden, but it is not a %s.", t.point, gmReasonText(kind).EN),
		}}, nil
	case isForbidden:
		return Result{Outcome: Wrong, Feedback: Text{
			ZH: fmt.Sprintf("%s 是禁手。数一数黑棋下在这里会同时形成几个活三、几个四，或者是不是六子以上。", t.point),
			EN: fmt.Sprintf("%s is forbidden. Count the open threes and fours Black would make there, and check for six in a row.", t.point),
		}}, nil
	}
	nb := *t.b
	_ = nb.Put(t.point, gomoku.Black)
	five := false
	for _, s := range gomoku.Shapes(&nb, gomoku.Renju) {
		if s.Kind == gomoku.ShapeFive && s.Colour == gomoku.Black {
			five = true
		}
	}
	if *a.Forbidden {
		if five {
			return Result{Outcome: Wrong, Feedback: Text{
				ZH: fmt.Sprintf("%s 不是禁手：黑棋下在这里正好连成五子，成五就赢，不算禁手。", t.point),
				EN: fmt.Sprintf("%s is not forbidden: Black makes exactly five there, and a five wins even with a forbidden shape.", t.point),
			}}, nil
		}
		return Result{Outcome: Wrong, Feedback: Text{
			ZH: fmt.Sprintf("%s 不是禁手。看仔细：有的“三”其实变不成活四（比如另一头被挡住，或者要下的点本身是禁手），就不算活三。", t.point),
			EN: fmt.Sprintf("%s is not forbidden. Look closely: a three that cannot become an open four (blocked at one end, or its point is itself forbidden) is not a real three.", t.point),
		}}, nil
	}
	return Result{Outcome: Correct, Score: 1, Feedback: Text{
		ZH: fmt.Sprintf("对了，%s 不是禁手，黑棋可以下。", t.point),
		EN: fmt.Sprintf("Right, %s is not forbidden: Black may play there.", t.point),
	}}, nil
}

func (k gomokuForbidden) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s gmForbiddenSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	r, err := k.grade(t, gmForbiddenAnswer{Forbidden: s.Forbidden, Reason: s.Reason, Points: s.Points})
	if err != nil {
		var ae *AnswerError
		errors.As(err, &ae)
		return ncPromptErr("bad_solution", "solution", "答案格式不对："+ae.Message.ZH, "malformed solution: "+ae.Message.EN)
	}
	if r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution", "答案和引擎的判断不一样："+r.Feedback.ZH, "the solution disagrees with the engine: "+r.Feedback.EN)
	}
	return nil
}

func (k gomokuForbidden) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmForbiddenAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return k.grade(t, a)
}

// ---------------------------------------------------------------------------
// gomoku.vcf

// gomokuVCF is the kind "gomoku.vcf": win by continuous fours (连续冲四胜),
// played step by step. Every move of the attacker must make a four (and,
// for Black in renju, must not be forbidden) while the defender has no five
// to play; the server answers each four with the defender's forced block;
// the line ends with the attacker's five (or with a four whose every block
// is forbidden to a Black defender). Any such line is correct, not only the
// stored one.
//
// Prompt:   {"board": "...", "rules": "renju", "attacker": "black"}
// Answer:   {"moves": ["h8", "h9", "i9"]} (attacker's moves at even indexes,
// the server's replies at odd ones, ending with an attacker's move)
// Solution: {"line": ["h8", "h9", ..., "k8"], "explanation": {...}}, a full
// line in the same form, ending with the five.
type gomokuVCF struct{}

type gmVCFPrompt struct {
	Board    string `json:"board"`
	Rules    string `json:"rules"`
	Attacker string `json:"attacker"`
}

type gmMovesAnswer struct {
	Moves []string `json:"moves"`
}

type gmVCFSolution struct {
	Line        []string `json:"line"`
	Explanation Text     `json:"explanation"`
}

func (gomokuVCF) Name() string { return "gomoku.vcf" }
func (gomokuVCF) Game() Game   { return Gomoku }
func (gomokuVCF) Steps() bool  { return true }

func (gomokuVCF) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "attacker"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "attacker": {"enum": ["black", "white"], "description": "the side that plays the fours (the student)"}
  }
}`)
}

func (gomokuVCF) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["moves"],
  "additionalProperties": false,
  "properties": {
    "moves": {"type": "array", "items": {"type": "string"}, "minItems": 1,
      "description": "the line so far: the student's moves at even indexes, the server's replies at odd ones, ending with a student move"}
  }
}`)
}

func (gomokuVCF) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["line"],
  "additionalProperties": false,
  "properties": {
    "line": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    "explanation": ` + gmTextSchema + `
  }
}`)
}

// gmVCFTask is a parsed VCF prompt.
type gmVCFTask struct {
	b   *gomoku.Board
	r   gomoku.Ruleset
	att gomoku.Colour
}

func (gomokuVCF) parsePrompt(prompt json.RawMessage) (gmVCFTask, error) {
	var p gmVCFPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmVCFTask{}, gmPromptDecodeErr(err)
	}
	var t gmVCFTask
	var err error
	if t.b, err = gmBoard(p.Board); err != nil {
		return t, err
	}
	if t.r, err = gmRules(p.Rules); err != nil {
		return t, err
	}
	if t.att, err = gmColour("attacker", p.Attacker); err != nil {
		return t, err
	}
	if gmHasWinner(t.b, t.r) {
		return t, ncPromptErr("game_over", "board", "棋盘上已经有五连了", "the board already holds a five")
	}
	return t, nil
}

// gmStep is the verdict on one attacker move of a VCF line.
type gmStep struct {
	res   Result
	reply gomoku.Point // the defender's block when res is Continue
}

// step plays the attacker's move p on b (which it changes) and returns the
// verdict and, when the line goes on, the defender's forced block, already
// played on b.
func (t gmVCFTask) step(b *gomoku.Board, p gomoku.Point) gmStep {
	att, def := t.att, t.att.Opponent()
	attName, defName := gmColourText(att), gmColourText(def)
	if c := b.At(p); c != gomoku.Empty {
		return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "occupied"}, Feedback: Text{
			ZH: fmt.Sprintf("%s 上已经有棋子了", p), EN: fmt.Sprintf("%s is not empty", p),
		}}}
	}
	for _, w := range gomoku.WinIn1(b, t.r, att) {
		if w == p {
			return gmStep{res: Result{Outcome: Correct, Score: 1, Feedback: Text{
				ZH: fmt.Sprintf("连成五子，%s胜！每一步都是冲四，对方只能挡，这就是连续冲四胜。", attName.ZH),
				EN: fmt.Sprintf("Five in a row: %s wins! Every move was a four that had to be blocked: a victory by continuous fours.", attName.EN),
			}}}
		}
	}
	if att == gomoku.Black && t.r == gomoku.Renju {
		if f, ok := b.ExplainForbidden(p); ok {
			e := f.Err()
			return gmStep{res: Result{Outcome: Wrong, Feedback: ncTextOf(e), Details: map[string]any{"code": e.Code()}}}
		}
	}
	_ = b.Put(p, att)
	if wins := gomoku.WinIn1(b, t.r, def); len(wins) > 0 {
		return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "defender_wins", "point": wins[0].String()}, Feedback: Text{
			ZH: fmt.Sprintf("%s已经有四了：%s下在 %s 就连成五子。冲四之前先看看对方有没有四。", defName.ZH, defName.ZH, wins[0]),
			EN: fmt.Sprintf("%s already has a four: %s makes five on %s. Before you play a four, check whether your opponent has one.", defName.EN, defName.EN, wins[0]),
		}}}
	}
	fives := gomoku.WinIn1(b, t.r, att)
	if len(fives) == 0 {
		return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "not_four"}, Feedback: Text{
			ZH: fmt.Sprintf("%s 不是冲四：对方不必挡，可以自由走一步，连续冲四就断了。每一步都要让自己下一步能成五。", p),
			EN: fmt.Sprintf("%s is not a four: your opponent does not have to block and gets a free move, so the attack stops. Every move must threaten to make five next.", p),
		}}}
	}
	for _, blk := range fives {
		if def == gomoku.Black && t.r == gomoku.Renju && b.IsForbidden(blk) {
			continue
		}
		_ = b.Put(blk, def)
		fb := Text{ZH: fmt.Sprintf("冲四！%s只能挡在 %s。", defName.ZH, blk), EN: fmt.Sprintf("A four! %s must block on %s.", defName.EN, blk)}
		if len(fives) > 1 {
			fb = Text{ZH: fmt.Sprintf("活四（或者两个四）！%s挡住 %s，可是挡不住另一个点。", defName.ZH, blk),
				EN: fmt.Sprintf("Two ways to make five! %s blocks %s but cannot block both.", defName.EN, blk)}
		}
		return gmStep{reply: blk, res: Result{Outcome: Continue, Reply: blk.String(), Feedback: fb}}
	}
	return gmStep{res: Result{Outcome: Correct, Score: 1, Details: map[string]any{"code": "block_forbidden"}, Feedback: Text{
		ZH: fmt.Sprintf("冲四！黑棋要挡的点 %s 是禁手，挡不了，白胜！", fives[0]),
		EN: fmt.Sprintf("A four! Black's only block, %s, is forbidden to Black, so White wins!", fives[0]),
	}}}
}

// play grades a line: every reply must be the server's, the newest
// attacker move is graded. Malformed lines are AnswerErrors.
func (t gmVCFTask) play(line []string) (Result, error) {
	if len(line) == 0 || len(line)%2 == 0 {
		return Result{}, &AnswerError{Code: "bad_line", Field: "moves", Message: Text{
			ZH: "着法要以你的一步结尾（你的、对方的、你的……）", EN: "the line must end with your move (yours, the reply, yours, ...)",
		}}
	}
	pts := make([]gomoku.Point, len(line))
	for i, s := range line {
		p, err := gmAnswerPoint(fmt.Sprintf("moves[%d]", i), s)
		if err != nil {
			return Result{}, err
		}
		pts[i] = p
	}
	b := *t.b
	last := len(pts) - 1
	for i := 0; i < last; i += 2 {
		st := t.step(&b, pts[i])
		if st.res.Outcome != Continue {
			return Result{}, &AnswerError{Code: "line_finished", Field: fmt.Sprintf("moves[%d]", i), Message: Text{
				ZH: "这一步已经结束了这道题，后面不能再走", EN: "this move already ended the exercise; the line cannot go on",
			}}
		}
		if pts[i+1] != st.reply {
			return Result{}, &AnswerError{Code: "reply_mismatch", Field: fmt.Sprintf("moves[%d]", i+1), Message: Text{
				ZH: fmt.Sprintf("对方在这里应该是 %s，不是 %s", st.reply, pts[i+1]),
				EN: fmt.Sprintf("the reply here is %s, not %s", st.reply, pts[i+1]),
			}}
		}
	}
	return t.step(&b, pts[last]).res, nil
}

func (k gomokuVCF) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s gmVCFSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	r, err := t.play(s.Line)
	if err != nil {
		var ae *AnswerError
		errors.As(err, &ae)
		return ncPromptErr("bad_solution", "solution.line", "答案着法不对："+ae.Message.ZH, "bad solution line: "+ae.Message.EN)
	}
	if r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.line", "答案着法没有赢："+r.Feedback.ZH, "the solution line does not win: "+r.Feedback.EN)
	}
	return nil
}

func (k gomokuVCF) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmMovesAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return t.play(a.Moves)
}

// ---------------------------------------------------------------------------
// gomoku.shape

// gomokuShape is the kind "gomoku.shape": mark every stone of a colour's
// 活三 (open three), 活四 (open four) or 冲四 (four) on a board, graded as a
// set with partial credit.
//
// Prompt:   {"board": "...", "rules": "renju", "colour": "black", "shape": "open_three"}
// Answer:   {"points": ["f8", "g8", "h8"]}
// Solution: {"points": [...], "explanation": {...}}
type gomokuShape struct{}

type gmShapePrompt struct {
	Board  string `json:"board"`
	Rules  string `json:"rules"`
	Colour string `json:"colour"`
	Shape  string `json:"shape"`
}

type gmPointsAnswer struct {
	Points []string `json:"points"`
}

type gmPointsSolution struct {
	Points      []string `json:"points"`
	Explanation Text     `json:"explanation"`
}

// gmShapeKinds maps shape names to the engine's kinds.
var gmShapeKinds = map[string]gomoku.ShapeKind{
	"open_three": gomoku.ShapeOpenThree,
	"open_four":  gomoku.ShapeOpenFour,
	"four":       gomoku.ShapeFour,
}

// gmShapeText names a shape in both languages (plural, for counts).
func gmShapeText(k gomoku.ShapeKind) Text {
	switch k {
	case gomoku.ShapeOpenThree:
		return Text{ZH: "活三的棋子", EN: "stones of open threes"}
	case gomoku.ShapeOpenFour:
		return Text{ZH: "活四的棋子", EN: "stones of open fours"}
	}
	return Text{ZH: "冲四的棋子", EN: "stones of fours"}
}

func (gomokuShape) Name() string { return "gomoku.shape" }
func (gomokuShape) Game() Game   { return Gomoku }
func (gomokuShape) Steps() bool  { return false }

func (gomokuShape) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "colour", "shape"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "colour": {"enum": ["black", "white"]},
    "shape": {"enum": ["open_three", "open_four", "four"], "description": "活三, 活四 or 冲四"}
  }
}`)
}

func (gomokuShape) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["points"],
  "additionalProperties": false,
  "properties": {"points": {"type": "array", "items": {"type": "string"}, "description": "every stone that belongs to such a shape"}}
}`)
}

func (gomokuShape) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["points"],
  "additionalProperties": false,
  "properties": {"points": {"type": "array", "items": {"type": "string"}}, "explanation": ` + gmTextSchema + `}
}`)
}

// want returns the stones of the prompt's shapes; an error when the prompt
// is invalid or shows no such shape.
func (gomokuShape) want(prompt json.RawMessage) (map[gomoku.Point]bool, gomoku.ShapeKind, error) {
	var p gmShapePrompt
	if err := ncDecode(prompt, &p); err != nil {
		return nil, 0, gmPromptDecodeErr(err)
	}
	b, err := gmBoard(p.Board)
	if err != nil {
		return nil, 0, err
	}
	r, err := gmRules(p.Rules)
	if err != nil {
		return nil, 0, err
	}
	c, err := gmColour("colour", p.Colour)
	if err != nil {
		return nil, 0, err
	}
	kind, ok := gmShapeKinds[p.Shape]
	if !ok {
		return nil, 0, ncPromptErr("bad_shape", "shape", "棋形要写 open_three、open_four 或 four", `shape must be "open_three", "open_four" or "four"`)
	}
	want := map[gomoku.Point]bool{}
	for _, s := range gomoku.Shapes(b, r) {
		if s.Kind == kind && s.Colour == c {
			for _, q := range s.Stones {
				want[q] = true
			}
		}
	}
	if len(want) == 0 {
		return nil, 0, ncPromptErr("no_shape", "board", "棋盘上没有这种棋形", "the board shows no such shape")
	}
	return want, kind, nil
}

func (k gomokuShape) Validate(prompt, solution json.RawMessage) error {
	want, kind, err := k.want(prompt)
	if err != nil {
		return err
	}
	var s gmPointsSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	marked, err := gmPointSet("points", s.Points)
	if err != nil {
		return ncPromptErr("bad_solution", "solution.points", "答案的点写错了", "the solution's points do not parse")
	}
	if r := gmGradeSet(marked, want, gmShapeText(kind)); r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.points", "答案和引擎找到的棋形不一样："+r.Feedback.ZH, "the solution differs from the engine's shapes: "+r.Feedback.EN)
	}
	return nil
}

func (k gomokuShape) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	want, kind, err := k.want(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmPointsAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	marked, err := gmPointSet("points", a.Points)
	if err != nil {
		return Result{}, err
	}
	return gmGradeSet(marked, want, gmShapeText(kind)), nil
}

// ---------------------------------------------------------------------------
// gomoku.opening_name

// gomokuOpeningName is the kind "gomoku.opening_name": name the renju
// opening made by the first three stones (one of the 26 designated
// openings, in any rotation or reflection).
//
// Prompt:   {"stones": ["h8", "h9", "i10"], "choices": ["花月", "浦月", "松月"]}
// ("stones" are Black 1, White 2, Black 3; "choices" is optional, for a
// multiple-choice screen, and must hold the right name)
// Answer:   {"name": "花月"} (the Chinese name, or the romanised one such
// as "Kagetsu", any case)
// Solution: {"name": "花月", "explanation": {...}}
type gomokuOpeningName struct{}

type gmOpeningPrompt struct {
	Stones  []string `json:"stones"`
	Choices []string `json:"choices,omitempty"`
}

type gmOpeningAnswer struct {
	Name string `json:"name"`
}

type gmOpeningSolution struct {
	Name        string `json:"name"`
	Explanation Text   `json:"explanation"`
}

// gmOpeningByName finds one of the 26 openings by its Chinese or English
// name.
func gmOpeningByName(name string) (gomoku.Opening, bool) {
	name = strings.TrimSpace(name)
	for _, o := range gomoku.Openings() {
		if name == o.Name || strings.EqualFold(name, o.English) {
			return o, true
		}
	}
	return gomoku.Opening{}, false
}

// gmFamilyText names an opening family.
func gmFamilyText(direct bool) Text {
	if direct {
		return Text{ZH: "直指", EN: "direct"}
	}
	return Text{ZH: "斜指", EN: "indirect"}
}

func (gomokuOpeningName) Name() string { return "gomoku.opening_name" }
func (gomokuOpeningName) Game() Game   { return Gomoku }
func (gomokuOpeningName) Steps() bool  { return false }

func (gomokuOpeningName) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["stones"],
  "additionalProperties": false,
  "properties": {
    "stones": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3, "description": "Black 1, White 2, Black 3"},
    "choices": {"type": "array", "items": {"type": "string"}, "description": "names offered to choose from"}
  }
}`)
}

func (gomokuOpeningName) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["name"],
  "additionalProperties": false,
  "properties": {"name": {"type": "string", "description": "花月 or Kagetsu"}}
}`)
}

func (gomokuOpeningName) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["name"],
  "additionalProperties": false,
  "properties": {"name": {"type": "string"}, "explanation": ` + gmTextSchema + `}
}`)
}

func (gomokuOpeningName) opening(prompt json.RawMessage) (gomoku.Opening, error) {
	var p gmOpeningPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gomoku.Opening{}, gmPromptDecodeErr(err)
	}
	if len(p.Stones) != 3 {
		return gomoku.Opening{}, ncPromptErr("bad_stones", "stones", "要给出前三手棋", "give the first three stones")
	}
	var pts [3]gomoku.Point
	for i, s := range p.Stones {
		q, err := gomoku.ParsePoint(s)
		if err != nil {
			return gomoku.Opening{}, ncPromptErr("bad_stones", fmt.Sprintf("stones[%d]", i), "点写错了："+s, "bad point: "+s)
		}
		pts[i] = q
	}
	o, err := gomoku.IdentifyOpening(pts[0], pts[1], pts[2])
	if err != nil {
		var ge *gomoku.Error
		errors.As(err, &ge)
		return o, ncPromptErr("bad_opening", "stones", ge.Message("zh-CN"), ge.Message("en"))
	}
	if p.Choices != nil {
		found := false
		for i, c := range p.Choices {
			co, ok := gmOpeningByName(c)
			if !ok {
				return o, ncPromptErr("bad_choices", fmt.Sprintf("choices[%d]", i), "不认识的开局名 "+c, "unknown opening name "+c)
			}
			found = found || co == o
		}
		if !found {
			return o, ncPromptErr("bad_choices", "choices", "选项里没有正确的开局", "the choices do not include the right opening")
		}
	}
	return o, nil
}

// grade compares a named opening with the right one.
func (gomokuOpeningName) grade(o gomoku.Opening, name string) (Result, error) {
	got, ok := gmOpeningByName(name)
	if !ok {
		return Result{}, &AnswerError{Code: "unknown_opening", Field: "name", Message: Text{
			ZH: fmt.Sprintf("%q 不是 26 种开局的名字", name), EN: fmt.Sprintf("%q is not one of the 26 opening names", name),
		}}
	}
	if got == o {
		return Result{Outcome: Correct, Score: 1, Feedback: Text{
			ZH: fmt.Sprintf("对了！这是%s（%s %d 号）。", o.Name, gmFamilyText(o.Direct).ZH, o.Number),
			EN: fmt.Sprintf("Right! This is %s (%s, %s opening %d).", o.English, o.Name, gmFamilyText(o.Direct).EN, o.Number),
		}}, nil
	}
	if got.Direct != o.Direct {
		return Result{Outcome: Wrong, Feedback: Text{
			ZH: fmt.Sprintf("不是%s。%s是%s开局，可是白 2 %s，这是%s开局。", got.Name, got.Name, gmFamilyText(got.Direct).ZH,
				map[bool]string{true: "紧挨着黑 1 的上下左右", false: "在黑 1 的斜角上"}[o.Direct], gmFamilyText(o.Direct).ZH),
			EN: fmt.Sprintf("Not %s. %s is a %s opening, but White 2 is %s Black 1, so this is a %s opening.", got.English, got.English, gmFamilyText(got.Direct).EN,
				map[bool]string{true: "straight next to", false: "diagonally next to"}[o.Direct], gmFamilyText(o.Direct).EN),
		}}, nil
	}
	return Result{Outcome: Wrong, Feedback: Text{
		ZH: fmt.Sprintf("不是%s。是%s开局没错，再看看黑 3 的位置。", got.Name, gmFamilyText(o.Direct).ZH),
		EN: fmt.Sprintf("Not %s. It is a %s opening, right; look again at where Black 3 stands.", got.English, gmFamilyText(o.Direct).EN),
	}}, nil
}

func (k gomokuOpeningName) Validate(prompt, solution json.RawMessage) error {
	o, err := k.opening(prompt)
	if err != nil {
		return err
	}
	var s gmOpeningSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	r, err := k.grade(o, s.Name)
	if err != nil || r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.name", "答案的开局名不对", "the solution names the wrong opening")
	}
	return nil
}

func (k gomokuOpeningName) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	o, err := k.opening(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmOpeningAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return k.grade(o, a.Name)
}
