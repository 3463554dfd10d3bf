package exercises

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// Number-chess kinds. Every prompt names its band's ruleset ("ruleset":
// "K1", "G23" or "G46") and every answer is checked under it, whatever the
// class of the student who answers: the stored solution is right under the
// prompt's ruleset, so a child who gives it is never told "wrong".
//
// Skill tags used by the number-chess bank and generators:
//
//	numchess.arith.add_sub    + and − only
//	numchess.arith.mul_div    × or ÷ needed
//	numchess.arith.parens     brackets needed
//	numchess.arith.concat     组大数 (joining digits) needed
//	numchess.arith.power      组乘方 needed
//	numchess.arith.fraction   组分数 needed
//	numchess.arith.negative   a negative value along the way
//	numchess.move.step        移 / 邻 (step or hop)
//	numchess.move.hop         邻 (a hop over the piece right next to it)
//	numchess.rules.board      the board and the camps' numbered points
//	numchess.move.camp        entering a given camp point
//	numchess.span.single      单跨
//	numchess.span.chain       连跨
//	numchess.score.product    积和法
//	numchess.score.difference 差和法
//	numchess.score.swap       the cost of a swap, (A−B)²
//	numchess.tactic.follow    跟步寻路 (shapes: numchess_tactics.go)
//	numchess.tactic.inch      得寸进尺
//	numchess.tactic.retreat   以退为进
//	numchess.tactic.feint     声东击西
//	numchess.tactic.branch    节外生枝
//	numchess.tactic.both      左右逢源
//	numchess.rules.competition competition systems and match rules (choice and number questions)
//	numchess.rules.tiebreak   tie-breaks: 小分 (Sonneborn-Berger), 对手分 (Buchholz), direct encounter, wins
//	numchess.rules.etiquette  棋礼, saying the move aloud, disputes, time
//	numchess.rules.notation   棋步表达, recording a game

// ncDecode decodes a JSON document strictly (no unknown fields, no trailing
// data) into v.
func ncDecode(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return errEmptyDocument
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errTrailingData
	}
	return nil
}

// ncBadAnswer is the AnswerError for an answer that is not the kind's JSON
// document.
func ncBadAnswer(err error) *AnswerError {
	field, msg := jsonProblem(err, "答案的格式不对：", "the answer is not in the expected form: ")
	return &AnswerError{Code: "bad_answer", Field: field, Message: msg}
}

// ncDecodeErr is the PromptError of a prompt or solution document that
// does not decode, explained for people.
func ncDecodeErr(code, field string, err error) *PromptError {
	zh, en := "题目格式不对：", "malformed prompt: "
	if field == "solution" {
		zh, en = "答案格式不对：", "malformed solution: "
	}
	at, msg := jsonProblem(err, zh, en)
	if at != "" {
		field = strings.TrimPrefix(field+"."+at, ".")
	}
	return ncPromptErr(code, field, msg.ZH, msg.EN)
}

// ncPromptErr makes a PromptError with its message in both languages.
func ncPromptErr(code, field, zh, en string) *PromptError {
	return &PromptError{Code: code, Field: field, Message: Text{ZH: zh, EN: en}}
}

// ncLocalized is an engine error with messages in both languages.
type ncLocalized interface {
	error
	Code() string
	Message(lang string) string
}

// ncTextOf returns an engine error's message in both languages.
func ncTextOf(err ncLocalized) Text {
	return Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
}

// ncPromptRuleset checks the ruleset named in a prompt: one of the presets,
// never empty (a prompt must say its band's ruleset).
func ncPromptRuleset(name string) (numchess.Ruleset, error) {
	if name == "" {
		return numchess.Ruleset{}, ncPromptErr("missing_ruleset", "ruleset",
			"题目要写明规则（K1、G23 或 G46）", "the prompt must name its ruleset (K1, G23 or G46)")
	}
	rs, err := numchess.RulesetByName(name)
	if err != nil {
		return numchess.Ruleset{}, ncPromptErr("bad_ruleset", "ruleset",
			"不认识的规则 "+strconv.Quote(name), "unknown ruleset "+strconv.Quote(name))
	}
	return rs, nil
}

// ncEngines holds one engine per preset ruleset name: engines keep solver
// memos across calls and are safe for concurrent use.
var ncEngines = map[string]*numchess.Engine{
	"K1":  numchess.NewEngine(numchess.K1()),
	"G23": numchess.NewEngine(numchess.G23()),
	"G46": numchess.NewEngine(numchess.G46()),
}

// ncEngine returns the shared engine of a preset ruleset.
func ncEngine(rs numchess.Ruleset) *numchess.Engine {
	if e, ok := ncEngines[rs.Name]; ok {
		return e
	}
	return numchess.NewEngine(rs)
}

// ---------------------------------------------------------------------------
// numchess.expression

// numchessExpression is the kind "numchess.expression": make the target
// from the given digits (each used exactly once) under the ruleset, as for
// a span over pieces with those numbers.
//
// Prompt:   {"ruleset": "K1", "digits": [9, 5, 4], "target": 0}, optionally
// with "must_use": ["fraction"] (or "power", "concat"): the combining rules
// the expression must use, for an exercise about that rule (a fraction can
// always be written as a division in brackets, so only this makes a child
// use one). A fraction counts only when it is not a whole number: 6/3 is
// the division 6 ÷ 3.
// Answer:   {"expression": "9-5-4"} (a trailing "=0" is accepted)
// Solution: {"expression": "9−5−4", "explanation": {"zh-CN": "...", "en": "..."}}
//
// Any expression that the ruleset allows and that makes the target is
// correct. An expression that does not parse is an AnswerError; one that
// parses but breaks a rule ("9 is used twice", "× is not allowed in K1") or
// makes another value is Wrong, with the arithmetic engine's reason.
type numchessExpression struct{}

type ncExpressionPrompt struct {
	Ruleset string   `json:"ruleset"`
	Digits  []int    `json:"digits"`
	Target  int64    `json:"target"`
	MustUse []string `json:"must_use,omitempty"`
}

type ncExpressionAnswer struct {
	Expression string `json:"expression"`
}

type ncExpressionSolution struct {
	Expression  string `json:"expression"`
	Explanation Text   `json:"explanation"`
}

func (numchessExpression) Name() string { return "numchess.expression" }
func (numchessExpression) Game() Game   { return NumChess }
func (numchessExpression) Steps() bool  { return false }

func (numchessExpression) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["ruleset", "digits", "target"],
  "additionalProperties": false,
  "properties": {
    "ruleset": {"enum": ["K1", "G23", "G46"], "description": "the band's ruleset; the class's ruleset overrides it"},
    "digits": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}, "minItems": 1, "maxItems": 15, "description": "the numbers of the spanned pieces, each to be used exactly once"},
    "target": {"type": "integer", "description": "the value to make (the moving piece's number)"},
    "must_use": {"type": "array", "items": {"enum": ["concat", "power", "fraction"]}, "uniqueItems": true, "maxItems": 3, "description": "combining rules the expression must use: concat (组大数, 12), power (组乘方, 2³), fraction (组分数, 2/5, not a whole number); each must be allowed by the ruleset"}
  }
}`)
}

func (numchessExpression) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["expression"],
  "additionalProperties": false,
  "properties": {
    "expression": {"type": "string", "minLength": 1, "maxLength": 1000, "description": "as a child writes it: 2×8−9, 2*8-9, （9－5）÷4, 2³+1, optionally followed by its result (=7)"}
  }
}`)
}

func (numchessExpression) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["expression"],
  "additionalProperties": false,
  "properties": {
    "expression": {"type": "string"},
    "explanation": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`)
}

// parsePrompt reads and checks a prompt.
func (numchessExpression) parsePrompt(prompt json.RawMessage) (ncExpressionPrompt, numchess.Ruleset, error) {
	var p ncExpressionPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return p, numchess.Ruleset{}, ncDecodeErr("bad_prompt", "", err)
	}
	rs, err := ncPromptRuleset(p.Ruleset)
	if err != nil {
		return p, rs, err
	}
	if len(p.Digits) == 0 || len(p.Digits) > arith.MaxOperands {
		return p, rs, ncPromptErr("bad_digits", "digits",
			fmt.Sprintf("要给出 1 到 %d 个数", arith.MaxOperands), fmt.Sprintf("give 1 to %d digits", arith.MaxOperands))
	}
	for i, d := range p.Digits {
		if d < 0 || d > 9 {
			return p, rs, ncPromptErr("bad_digits", fmt.Sprintf("digits[%d]", i),
				fmt.Sprintf("%d 不是棋子的号码（0 到 9）", d), fmt.Sprintf("%d is not a piece's number (0-9)", d))
		}
	}
	for i, name := range p.MustUse {
		field := fmt.Sprintf("must_use[%d]", i)
		rule, ok := ncCombiningRules[name]
		switch {
		case !ok:
			return p, rs, ncPromptErr("bad_must_use", field, "不认识的组数法则 "+strconv.Quote(name)+"（可以写 concat、power、fraction）",
				"unknown combining rule "+strconv.Quote(name)+" (concat, power or fraction)")
		case slices.Contains(p.MustUse[:i], name):
			return p, rs, ncPromptErr("bad_must_use", field, strconv.Quote(name)+" 写了两次", strconv.Quote(name)+" is listed twice")
		case !rule.allowed(rs.Rules):
			return p, rs, ncPromptErr("bad_must_use", field, rs.Name+" 规则不允许"+rule.zh, "the "+rs.Name+" ruleset does not allow "+rule.en)
		}
	}
	return p, rs, nil
}

// ncCombining is a combining rule an expression prompt may require.
type ncCombining struct {
	rule   arith.Combining
	zh, en string // its name
	// need says in a child's words what to do, when an expression that
	// is right otherwise does not use the rule.
	need Text
}

// allowed reports whether rules allow c.
func (c ncCombining) allowed(r arith.Rules) bool {
	switch c.rule {
	case arith.Concat:
		return r.Concat
	case arith.Power:
		return r.Power
	}
	return r.Fraction
}

// ncCombiningRules are the names of must_use.
var ncCombiningRules = map[string]ncCombining{
	"concat": {arith.Concat, "组大数", "joining digits", Text{
		ZH: "这题要用组大数：把两个数连起来当一个数，比如 1 和 2 组成 12。",
		EN: "This one needs joined digits: put two numbers side by side to make one, like 1 and 2 making 12.",
	}},
	"power": {arith.Power, "组乘方", "powers", Text{
		ZH: "这题要用组乘方：一个数做底数，2 或 3 写在右上角，比如 2 和 3 组成 2³，就是 2×2×2=8。",
		EN: "This one needs a power: one number with a small 2 or 3 at its top right, like 2 and 3 making 2³, which is 2×2×2 = 8.",
	}},
	"fraction": {arith.Fraction, "组分数", "fractions", Text{
		ZH: "这题要用分数：用 / 把两个数写成一个分数，比如 1/2（二分之一），再用它来算。用 ÷ 算是除法，不是分数。",
		EN: "This one needs a fraction: write two numbers as one fraction with /, like 1/2 (one half), and work with it. Using ÷ is a division, not a fraction.",
	}},
}

// ncUses reports whether e uses the combining rule named name; a fraction
// must not be a whole number (6/3 is the division 6 ÷ 3).
func ncUses(e *arith.Expr, name string) bool {
	for _, x := range e.Combined(ncCombiningRules[name].rule) {
		if name != "fraction" {
			return true
		}
		if v, err := x.Eval(); err == nil && !v.IsInt() {
			return true
		}
	}
	return false
}

// ncMissingRule returns the first of the prompt's must_use rules that e
// does not use, or "".
func ncMissingRule(e *arith.Expr, mustUse []string) string {
	for _, name := range mustUse {
		if !ncUses(e, name) {
			return name
		}
	}
	return ""
}

func (k numchessExpression) Validate(prompt, solution json.RawMessage) error {
	p, rs, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s ncExpressionSolution
	if err := ncDecode(solution, &s); err != nil {
		return ncDecodeErr("bad_solution", "solution", err)
	}
	e, err := arith.Parse(s.Expression)
	if err != nil {
		var se *arith.SyntaxError
		errors.As(err, &se)
		return ncPromptErr("bad_solution", "solution.expression", "答案算式写错了："+se.Message("zh-CN"), "the solution's expression does not parse: "+se.Message("en"))
	}
	if err := arith.Check(e, p.Digits, arith.Int(p.Target), rs.Rules); err != nil {
		var ce *arith.CheckError
		errors.As(err, &ce)
		return ncPromptErr("solution_fails", "solution.expression", "答案算式不对："+ce.Message("zh-CN"), "the solution's expression fails: "+ce.Message("en"))
	}
	if name := ncMissingRule(e, p.MustUse); name != "" {
		rule := ncCombiningRules[name]
		return ncPromptErr("solution_fails", "solution.expression", "答案算式没有用"+rule.zh+"，题目要求用它",
			"the solution's expression does not use "+rule.en+", which must_use requires")
	}
	return nil
}

func (k numchessExpression) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	p, rs, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var a ncExpressionAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	text, claimed, err := ncSplitEquals(a.Expression)
	if err != nil {
		return Result{}, err
	}
	e, err := arith.Parse(text)
	if err != nil {
		var se *arith.SyntaxError
		if !errors.As(err, &se) {
			return Result{}, err
		}
		return Result{}, &AnswerError{Code: "bad_expression", Field: "expression", Message: ncTextOf(se)}
	}
	if claimed != nil && *claimed != p.Target {
		return Result{Outcome: Wrong, Details: map[string]any{"code": "wrong_target", "ruleset": rs.Name}, Feedback: Text{
			ZH: fmt.Sprintf("要算出的是 %d，不是 %d", p.Target, *claimed),
			EN: fmt.Sprintf("the number to make is %d, not %d", p.Target, *claimed),
		}}, nil
	}
	target := arith.Int(p.Target)
	if err := arith.Check(e, p.Digits, target, rs.Rules); err != nil {
		var ce *arith.CheckError
		if !errors.As(err, &ce) {
			return Result{}, err
		}
		return Result{
			Outcome:  Wrong,
			Feedback: ncTextOf(ce),
			Details:  map[string]any{"code": ce.Code(), "ruleset": rs.Name},
		}, nil
	}
	if name := ncMissingRule(e, p.MustUse); name != "" {
		need := ncCombiningRules[name].need
		return Result{
			Outcome: Wrong,
			Feedback: Text{
				ZH: fmt.Sprintf("%s 确实等于 %d，可是%s", e, p.Target, need.ZH),
				EN: fmt.Sprintf("%s does make %d, but %s", e, p.Target, strings.ToLower(need.EN[:1])+need.EN[1:]),
			},
			Details: map[string]any{"code": "must_use", "must_use": name, "ruleset": rs.Name},
		}, nil
	}
	return Result{
		Outcome: Correct,
		Score:   1,
		Feedback: Text{
			ZH: fmt.Sprintf("对了！%s = %d", e, p.Target),
			EN: fmt.Sprintf("Right! %s = %d", e, p.Target),
		},
		Details: map[string]any{"expression": e.String(), "ruleset": rs.Name},
	}, nil
}

// ncSplitEquals accepts an expression written with its result, as children
// often do ("9-5-4=0", "9−5−4 ＝ 0"): it returns the expression and the
// number written after "=", or nil when there is none. Anything but a whole
// number after a single "=" is an AnswerError.
func ncSplitEquals(s string) (string, *int64, error) {
	s = strings.ReplaceAll(s, "＝", "=")
	left, right, found := strings.Cut(s, "=")
	if !found {
		return s, nil, nil
	}
	right = strings.TrimSpace(right)
	var n int64
	digits := 0
	for _, r := range right {
		if r >= '０' && r <= '９' {
			r = r - '０' + '0'
		}
		if r < '0' || r > '9' || digits >= 9 {
			return "", nil, &AnswerError{Code: "bad_expression", Field: "expression", Message: Text{
				ZH: "“=”后面只能写一个数，比如 9−5−4=0",
				EN: `after "=" write only the number the expression makes, as in 9−5−4=0`,
			}}
		}
		n = n*10 + int64(r-'0')
		digits++
	}
	if digits == 0 {
		return left, nil, nil
	}
	return left, &n, nil
}

// ---------------------------------------------------------------------------
// numchess.move

// numchessMove is the kind "numchess.move": from a position, play one move
// of the side to move that reaches a goal. Goals:
//
//	{"type": "enter_camp", "to": "b15"}            end on that point of the opponent's camp
//	{"type": "hop", "to": "a14"}                    make a hop (邻) over the piece next to it, optionally with a given piece or to a given point
//	{"type": "span", "piece": 7}                    make a span (single or chain), optionally with a given piece or to a given point
//	{"type": "chain", "to": "d5"}                   make a chain span (连跨), optionally with a given piece or to a given point
//
// Prompt:   {"ruleset": "G23", "position": "r:... r 1", "goal": {...}}
// Answer:   {"move": "8b2-f5[6-2]-d5[4]"} (machine form), or the parts:
// {"piece": 8, "path": ["f5", "d5"], "exprs": ["6-2", "4"]}, one
// expression per landing point ("" for a step, a hop or a one-piece segment).
// Solution: {"move": "8b2-f5[6-2]-d5[4]", "explanation": {...}}
//
// Any legal move under the ruleset that meets the goal is correct. A move
// that does not parse is an AnswerError; an illegal one is Wrong with the
// engine's reason; a legal one that misses the goal is Wrong saying how.
type numchessMove struct{}

type ncMoveGoal struct {
	Type  string `json:"type"`
	Piece *int   `json:"piece,omitempty"`
	To    string `json:"to,omitempty"`
}

type ncMovePrompt struct {
	Ruleset  string     `json:"ruleset"`
	Position string     `json:"position"`
	Goal     ncMoveGoal `json:"goal"`
}

type ncMoveAnswer struct {
	Move  string   `json:"move,omitempty"`
	Piece *int     `json:"piece,omitempty"`
	Path  []string `json:"path,omitempty"`
	Exprs []string `json:"exprs,omitempty"`
}

type ncMoveSolution struct {
	Move        string `json:"move"`
	Explanation Text   `json:"explanation"`
}

// ncMoveGoalTypes are the goals of numchess.move.
var ncMoveGoalTypes = map[string]bool{"enter_camp": true, "hop": true, "span": true, "chain": true}

func (numchessMove) Name() string { return "numchess.move" }
func (numchessMove) Game() Game   { return NumChess }
func (numchessMove) Steps() bool  { return false }

func (numchessMove) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["ruleset", "position", "goal"],
  "additionalProperties": false,
  "properties": {
    "ruleset": {"enum": ["K1", "G23", "G46"]},
    "position": {"type": "string", "description": "machine notation, e.g. r:0a1,...;b:0a17,... r 1"},
    "goal": {
      "type": "object",
      "required": ["type"],
      "additionalProperties": false,
      "properties": {
        "type": {"enum": ["enter_camp", "hop", "span", "chain"]},
        "piece": {"type": "integer", "minimum": 0, "maximum": 9, "description": "the piece that must move"},
        "to": {"type": "string", "description": "the point where the move must end (required for enter_camp)"}
      }
    }
  }
}`)
}

func (numchessMove) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "oneOf": [{"required": ["move"]}, {"required": ["piece", "path"]}],
  "properties": {
    "move": {"type": "string", "description": "machine form, e.g. 8b2-f5[6-2]-d5[4]"},
    "piece": {"type": "integer", "minimum": 0, "maximum": 9},
    "path": {"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "every landing point in order"},
    "exprs": {"type": "array", "items": {"type": "string"}, "description": "the expression of each landing point's segment; empty for a step or hop"}
  }
}`)
}

func (numchessMove) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["move"],
  "additionalProperties": false,
  "properties": {
    "move": {"type": "string"},
    "explanation": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`)
}

// ncMoveTask is a parsed numchess.move prompt.
type ncMoveTask struct {
	rs   numchess.Ruleset
	pos  numchess.Position
	goal ncMoveGoal
	to   numchess.Point // NoPoint when the goal names none
}

func (numchessMove) parsePrompt(prompt json.RawMessage) (ncMoveTask, error) {
	var p ncMovePrompt
	if err := ncDecode(prompt, &p); err != nil {
		return ncMoveTask{}, ncDecodeErr("bad_prompt", "", err)
	}
	rs, err := ncPromptRuleset(p.Ruleset)
	if err != nil {
		return ncMoveTask{}, err
	}
	pos, err := numchess.ParsePosition(p.Position)
	if err != nil {
		var pe *numchess.ParseError
		errors.As(err, &pe)
		return ncMoveTask{}, ncPromptErr("bad_position", "position", pe.Message("zh-CN"), pe.Message("en"))
	}
	t := ncMoveTask{rs: rs, pos: pos, goal: p.Goal}
	if !ncMoveGoalTypes[p.Goal.Type] {
		return t, ncPromptErr("bad_goal", "goal.type", "不认识的目标 "+strconv.Quote(p.Goal.Type), "unknown goal type "+strconv.Quote(p.Goal.Type))
	}
	if p.Goal.Piece != nil && (*p.Goal.Piece < 0 || *p.Goal.Piece > 9) {
		return t, ncPromptErr("bad_goal", "goal.piece", "棋子号码是 0 到 9", "a piece number is 0 to 9")
	}
	if p.Goal.To != "" {
		t.to, err = numchess.ParsePoint(p.Goal.To)
		if err != nil {
			return t, ncPromptErr("bad_goal", "goal.to", "目标点写错了："+p.Goal.To, "bad goal point: "+err.Error())
		}
	}
	if p.Goal.Type == "enter_camp" {
		owner, _, ok := t.to.CampOf()
		if !t.to.Valid() || !ok || owner == pos.Turn() {
			return t, ncPromptErr("bad_goal", "goal.to", "“进营”的目标要是对方阵营里的一个点", "an enter_camp goal needs a point of the opponent's camp")
		}
	}
	return t, nil
}

// parseAnswer reads a move answer in either form for the side to move.
func (numchessMove) parseAnswer(pos numchess.Position, raw json.RawMessage) (numchess.Move, error) {
	var a ncMoveAnswer
	if err := ncDecode(raw, &a); err != nil {
		return numchess.Move{}, ncBadAnswer(err)
	}
	if a.Move != "" {
		if a.Piece != nil || a.Path != nil || a.Exprs != nil {
			return numchess.Move{}, &AnswerError{Code: "bad_answer", Field: "move", Message: Text{
				ZH: "写 move，或者写 piece、path、exprs，不要两种都写",
				EN: "give either move or piece, path and exprs, not both",
			}}
		}
		m, err := numchess.ParseMove(a.Move)
		if err != nil {
			var pe *numchess.ParseError
			if !errors.As(err, &pe) {
				return numchess.Move{}, err
			}
			return numchess.Move{}, &AnswerError{Code: pe.Code(), Field: "move", Message: ncTextOf(pe)}
		}
		return m, nil
	}
	if a.Piece == nil || len(a.Path) == 0 {
		return numchess.Move{}, &AnswerError{Code: "bad_answer", Field: "path", Message: Text{
			ZH: "要写出走哪枚棋子（piece）和落点（path）",
			EN: "give the piece and the points it lands on (path)",
		}}
	}
	if len(a.Exprs) > len(a.Path) {
		return numchess.Move{}, &AnswerError{Code: "bad_answer", Field: "exprs", Message: Text{
			ZH: "算式比落点多：每个落点最多一个算式",
			EN: "more expressions than landing points: one expression per landing point at most",
		}}
	}
	m := numchess.Move{Piece: *a.Piece, From: pos.Where(pos.Turn(), *a.Piece)}
	for i, s := range a.Path {
		q, err := numchess.ParsePoint(s)
		if err != nil {
			return numchess.Move{}, &AnswerError{Code: "bad_point", Field: fmt.Sprintf("path[%d]", i), Message: Text{
				ZH: fmt.Sprintf("%q 不是棋盘上的点", s),
				EN: fmt.Sprintf("%q is not a point of the board: %v", s, err),
			}}
		}
		m.Path = append(m.Path, q)
	}
	for i, s := range a.Exprs {
		if s == "" {
			m.Exprs = append(m.Exprs, nil)
			continue
		}
		e, err := arith.Parse(s)
		if err != nil {
			var se *arith.SyntaxError
			if !errors.As(err, &se) {
				return numchess.Move{}, err
			}
			return numchess.Move{}, &AnswerError{Code: "bad_expression", Field: fmt.Sprintf("exprs[%d]", i), Message: ncTextOf(se)}
		}
		m.Exprs = append(m.Exprs, e)
	}
	return m, nil
}

// grade checks m in the task's position under rs and against the goal.
func (numchessMove) grade(t ncMoveTask, rs numchess.Ruleset, m numchess.Move) Result {
	mi, err := ncEngine(rs).Check(t.pos, m)
	if err != nil {
		var ie *numchess.IllegalMoveError
		if errors.As(err, &ie) {
			return Result{Outcome: Wrong, Feedback: ncTextOf(ie), Details: map[string]any{"code": ie.Code(), "ruleset": rs.Name}}
		}
		return Result{Outcome: Wrong, Feedback: Text{ZH: "这步棋不合规则", EN: "that move is not legal"}}
	}
	details := map[string]any{"move": mi.Machine(), "zh-CN": mi.Chinese(), "en": mi.English(), "ruleset": rs.Name}
	miss := func(code, zh, en string) Result {
		details["code"] = code
		return Result{Outcome: Wrong, Feedback: Text{ZH: "这步棋可以走，但是" + zh, EN: "That move is legal, but " + en}, Details: details}
	}
	if g := t.goal; g.Piece != nil && mi.Move.Piece != *g.Piece {
		return miss("wrong_piece", fmt.Sprintf("要走的是 %d 号棋子，不是 %d 号。", *g.Piece, mi.Move.Piece),
			fmt.Sprintf("the piece to move is %d, not %d.", *g.Piece, mi.Move.Piece))
	}
	switch t.goal.Type {
	case "hop":
		if mi.Kind != numchess.Hop {
			return miss("not_a_hop", fmt.Sprintf("它是%s，不是邻：邻要跳过紧挨着的一枚棋子。", mi.Kind.Chinese()),
				fmt.Sprintf("it is a %s, not a hop: a hop jumps over the one piece right next to it.", mi.Kind))
		}
	case "span":
		if mi.Kind != numchess.SingleSpan && mi.Kind != numchess.ChainSpan {
			return miss("not_a_span", fmt.Sprintf("它是%s，不是跨。", mi.Kind.Chinese()), fmt.Sprintf("it is a %s, not a span.", mi.Kind))
		}
	case "chain":
		if mi.Kind != numchess.ChainSpan {
			return miss("not_a_chain", fmt.Sprintf("它是%s，不是连跨。", mi.Kind.Chinese()), fmt.Sprintf("it is a %s, not a chain span.", mi.Kind))
		}
	}
	if t.to.Valid() && mi.To() != t.to {
		return miss("wrong_point", fmt.Sprintf("它停在 %s，没有到 %s。", mi.To(), t.to), fmt.Sprintf("it ends on %s, not on %s.", mi.To(), t.to))
	}
	return Result{Outcome: Correct, Score: 1, Details: details, Feedback: Text{
		ZH: "对了！" + mi.Chinese(),
		EN: "Right! " + mi.English(),
	}}
}

func (k numchessMove) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s ncMoveSolution
	if err := ncDecode(solution, &s); err != nil {
		return ncDecodeErr("bad_solution", "solution", err)
	}
	m, err := numchess.ParseMove(s.Move)
	if err != nil {
		return ncPromptErr("bad_solution", "solution.move", "答案棋步写错了："+s.Move, "the solution's move does not parse: "+err.Error())
	}
	if r := k.grade(t, t.rs, m); r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.move", "答案棋步不对："+r.Feedback.ZH, "the solution's move fails: "+r.Feedback.EN)
	}
	return nil
}

func (k numchessMove) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	rs := t.rs
	m, err := k.parseAnswer(t.pos, s.Answer)
	if err != nil {
		return Result{}, err
	}
	return k.grade(t, rs, m), nil
}
