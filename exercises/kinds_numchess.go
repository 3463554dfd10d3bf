package exercises

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// Number-chess kinds. Every prompt names its band's ruleset ("ruleset":
// "K1", "G23" or "G46"); Submission.Ruleset, set from the student's class,
// overrides it.
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
//	numchess.move.camp        entering a given camp point
//	numchess.span.single      单跨
//	numchess.span.chain       连跨
//	numchess.score.product    积和法
//	numchess.score.difference 差和法
//	numchess.score.swap       the cost of a swap, (A−B)²

// ncDecode decodes a JSON document strictly (no unknown fields, no trailing
// data) into v.
func ncDecode(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return errors.New("empty document")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the document")
	}
	return nil
}

// ncBadAnswer is the AnswerError for an answer that is not the kind's JSON
// document.
func ncBadAnswer(err error) *AnswerError {
	return &AnswerError{Code: "bad_answer", Field: "", Message: Text{
		ZH: "答案的格式不对：" + err.Error(),
		EN: "the answer is not in the expected form: " + err.Error(),
	}}
}

// ncPromptErr makes a PromptError whose message is the same in both
// languages' technical detail.
func ncPromptErr(code, field, zh, en string) *PromptError {
	return &PromptError{Code: code, Field: field, Message: Text{ZH: zh, EN: en}}
}

// localized is an engine error with messages in both languages.
type localized interface {
	error
	Code() string
	Message(lang string) string
}

// ncTextOf returns an engine error's message in both languages.
func ncTextOf(err localized) Text {
	return Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
}

// ncRuleset returns the ruleset an answer is checked under: the
// submission's when set, else the prompt's.
func ncRuleset(prompt, submission string) (numchess.Ruleset, error) {
	name := prompt
	if submission != "" {
		name = submission
	}
	return numchess.RulesetByName(name)
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

// engines caches one engine per preset ruleset name (engines keep solver
// memos and are safe for concurrent use).
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
// Prompt:   {"ruleset": "K1", "digits": [9, 5, 4], "target": 0}
// Answer:   {"expression": "9-5-4"}
// Solution: {"expression": "9−5−4", "explanation": {"zh-CN": "...", "en": "..."}}
//
// Any expression that the ruleset allows and that makes the target is
// correct. An expression that does not parse is an AnswerError; one that
// parses but breaks a rule ("9 is used twice", "× is not allowed in K1") or
// makes another value is Wrong, with the arithmetic engine's reason.
type numchessExpression struct{}

type ncExpressionPrompt struct {
	Ruleset string `json:"ruleset"`
	Digits  []int  `json:"digits"`
	Target  int64  `json:"target"`
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
    "target": {"type": "integer", "description": "the value to make (the moving piece's number)"}
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
    "expression": {"type": "string", "minLength": 1, "maxLength": 1000, "description": "as a child writes it: 2×8−9, 2*8-9, （9－5）÷4, 2³+1"}
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
		return p, numchess.Ruleset{}, ncPromptErr("bad_prompt", "", "题目格式不对："+err.Error(), "malformed prompt: "+err.Error())
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
	return p, rs, nil
}

func (k numchessExpression) Validate(prompt, solution json.RawMessage) error {
	p, rs, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s ncExpressionSolution
	if err := ncDecode(solution, &s); err != nil {
		return ncPromptErr("bad_solution", "solution", "答案格式不对："+err.Error(), "malformed solution: "+err.Error())
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
	return nil
}

func (k numchessExpression) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	p, _, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	rs, err := ncRuleset(p.Ruleset, s.Ruleset)
	if err != nil {
		return Result{}, fmt.Errorf("numchess.expression: submission ruleset: %w", err)
	}
	var a ncExpressionAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	e, err := arith.Parse(a.Expression)
	if err != nil {
		var se *arith.SyntaxError
		if !errors.As(err, &se) {
			return Result{}, err
		}
		return Result{}, &AnswerError{Code: "bad_expression", Field: "expression", Message: ncTextOf(se)}
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
