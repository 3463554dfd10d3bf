package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
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
//	gomoku.attack.four_three     四三: a four and an open three with one stone
//	gomoku.attack.forbidden_trap White's four that Black may only block on a forbidden point
//	gomoku.defend.four           防冲四: block a four
//	gomoku.defend.three          防活三: stop an open three

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
func gmColourText(c gomoku.Colour) domain.Text {
	if c == gomoku.Black {
		return domain.Text{ZH: "黑棋", EN: "Black"}
	}
	return domain.Text{ZH: "白棋", EN: "White"}
}

// gmAnswerPoint parses a point of an answer.
func gmAnswerPoint(field, s string) (gomoku.Point, error) {
	p, err := gomoku.ParsePoint(s)
	if err != nil {
		return p, &AnswerError{Code: "bad_point", Field: field, Message: domain.Text{
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
			return nil, &AnswerError{Code: "duplicate_point", Field: fmt.Sprintf("%s[%d]", field, i), Message: domain.Text{
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
func gmGradeSet(marked, want map[gomoku.Point]bool, what domain.Text) Result {
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
		return Result{Outcome: Correct, Score: 1, Details: details, Feedback: domain.Text{
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
	fb := domain.Text{ZH: strings.Join(zh, "，") + "。", EN: strings.Join(en, "; ") + "."}
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
	Board         string `json:"board"`
	Rules         string `json:"rules"`
	Colour        string `json:"colour"`
	ShowForbidden bool   `json:"show_forbidden,omitempty"`
}

type gmPointAnswer struct {
	Point string `json:"point"`
}

type gmPointSolution struct {
	Point       string      `json:"point"`
	Explanation domain.Text `json:"explanation"`
}

func (gomokuWinIn1) Name() string    { return "gomoku.win_in_1" }
func (gomokuWinIn1) Game() game.Name { return game.Gomoku }
func (gomokuWinIn1) Steps() bool     { return false }

func (gomokuWinIn1) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "colour"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "colour": {"enum": ["black", "white"], "description": "the side to play"},
    "show_forbidden": ` + gmShowForbiddenSchema + `
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

// gmTask reads the board, rules and side to play of a prompt whose board
// must not hold a five yet.
func gmTask(p gmWinPrompt) (gmWinTask, error) {
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
	return t, nil
}

func (gomokuWinIn1) parsePrompt(prompt json.RawMessage) (gmWinTask, error) {
	var p gmWinPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmWinTask{}, gmPromptDecodeErr(err)
	}
	t, err := gmTask(p)
	if err != nil {
		return t, err
	}
	if len(gomoku.WinIn1(t.b, t.r, t.c)) == 0 {
		return t, ncPromptErr("no_win", "board", "这个局面没有一步成五的点", "there is no winning point in this position")
	}
	return t, nil
}

// grade grades point p.
func (gomokuWinIn1) grade(t gmWinTask, p gomoku.Point) Result {
	if c := t.b.At(p); c != gomoku.Empty {
		return Result{Outcome: Wrong, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 上已经有%s了", p, gmColourText(c).ZH),
			EN: fmt.Sprintf("there is already a %s stone on %s", strings.ToLower(gmColourText(c).EN), p),
		}}
	}
	for _, w := range gomoku.WinIn1(t.b, t.r, t.c) {
		if w == p {
			return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
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
			return Result{Outcome: Wrong, Details: map[string]any{"code": "overline"}, Feedback: domain.Text{
				ZH: fmt.Sprintf("下在 %s 连成了六子以上（长连），按%s规则不算赢，要正好五子。", p, map[gomoku.Ruleset]string{gomoku.Renju: "连珠", gomoku.Standard: "标准"}[t.r]),
				EN: fmt.Sprintf("%s makes six or more in a row (an overline), which does not win under these rules: it must be exactly five.", p),
			}}
		}
	}
	return Result{Outcome: Wrong, Details: map[string]any{"code": "no_five"}, Feedback: domain.Text{
		ZH: fmt.Sprintf("下在 %s 还连不成五子。找一找哪条线上已经有四颗%s。", p, gmColourText(t.c).ZH),
		EN: fmt.Sprintf("%s does not make five in a row. Look for a line that already has four %s stones.", p, strings.ToLower(gmColourText(t.c).EN)),
	}}
}

func (k gomokuWinIn1) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	return gmValidatePoint(solution, func(p gomoku.Point) Result { return k.grade(t, p) })
}

func (k gomokuWinIn1) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	return gmCheckPoint(s.Answer, func(p gomoku.Point) Result { return k.grade(t, p) })
}

// gmValidatePoint checks that the point of a one-point solution is graded
// correct by grade.
func gmValidatePoint(solution json.RawMessage, grade func(gomoku.Point) Result) error {
	var s gmPointSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	p, err := gomoku.ParsePoint(s.Point)
	if err != nil {
		return ncPromptErr("bad_solution", "solution.point", "答案的点写错了", "the solution's point does not parse")
	}
	if r := grade(p); r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.point", "答案不对："+r.Feedback.ZH, "the solution fails: "+r.Feedback.EN)
	}
	return nil
}

// gmCheckPoint reads a one-point answer and grades it with grade.
func gmCheckPoint(answer json.RawMessage, grade func(gomoku.Point) Result) (Result, error) {
	var a gmPointAnswer
	if err := ncDecode(answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	p, err := gmAnswerPoint("point", a.Point)
	if err != nil {
		return Result{}, err
	}
	return grade(p), nil
}
