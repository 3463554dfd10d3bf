package exercises

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
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
	return &PromptError{Code: code, Field: field, Message: domain.Text{ZH: zh, EN: en}}
}

// ncLocalized is an engine error with messages in both languages.
type ncLocalized interface {
	error
	Code() string
	Message(lang string) string
}

// ncTextOf returns an engine error's message in both languages.
func ncTextOf(err ncLocalized) domain.Text {
	return domain.Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
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
	Expression  string      `json:"expression"`
	Explanation domain.Text `json:"explanation"`
}

func (numchessExpression) Name() string    { return "numchess.expression" }
func (numchessExpression) Game() game.Name { return game.NumChess }
func (numchessExpression) Steps() bool     { return false }

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
	need domain.Text
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
	"concat": {arith.Concat, "组大数", "joining digits", domain.Text{
		ZH: "这题要用组大数：把两个数连起来当一个数，比如 1 和 2 组成 12。",
		EN: "This one needs joined digits: put two numbers side by side to make one, like 1 and 2 making 12.",
	}},
	"power": {arith.Power, "组乘方", "powers", domain.Text{
		ZH: "这题要用组乘方：一个数做底数，2 或 3 写在右上角，比如 2 和 3 组成 2³，就是 2×2×2=8。",
		EN: "This one needs a power: one number with a small 2 or 3 at its top right, like 2 and 3 making 2³, which is 2×2×2 = 8.",
	}},
	"fraction": {arith.Fraction, "组分数", "fractions", domain.Text{
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

// ncWholeFraction returns the first fraction of e that is a whole number
// (6/2) when the missing rule is the fraction, so that the feedback says why
// a "/" the child did write does not count; nil otherwise.
func ncWholeFraction(e *arith.Expr, name string) *arith.Expr {
	if name != "fraction" {
		return nil
	}
	for _, x := range e.Combined(arith.Fraction) {
		if v, err := x.Eval(); err == nil && v.IsInt() {
			return x
		}
	}
	return nil
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
		return Result{Outcome: Wrong, Details: map[string]any{"code": "wrong_target", "ruleset": rs.Name}, Feedback: domain.Text{
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
		if w := ncWholeFraction(e, name); w != nil {
			v, _ := w.Eval()
			need = domain.Text{
				ZH: fmt.Sprintf("你写的 %s 算出来是整数 %s，这只是除法，不算分数。这题要一个不是整数的分数，比如 1/2（二分之一）。", w, v),
				EN: fmt.Sprintf("Your %s comes to the whole number %s, so it is only a division, not a fraction. This one needs a fraction that is not a whole number, like 1/2 (one half).", w, v),
			}
		}
		return Result{
			Outcome: Wrong,
			Feedback: domain.Text{
				ZH: fmt.Sprintf("%s 确实等于 %d，可是%s", e, p.Target, need.ZH),
				EN: fmt.Sprintf("%s does make %d, but %s", e, p.Target, strings.ToLower(need.EN[:1])+need.EN[1:]),
			},
			Details: map[string]any{"code": "must_use", "must_use": name, "ruleset": rs.Name},
		}, nil
	}
	return Result{
		Outcome: Correct,
		Score:   1,
		Feedback: domain.Text{
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
			return "", nil, &AnswerError{Code: "bad_expression", Field: "expression", Message: domain.Text{
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
