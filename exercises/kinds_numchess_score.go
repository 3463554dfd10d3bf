package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/numchess"
)

// ---------------------------------------------------------------------------
// numchess.score

// numchessScore is the kind "numchess.score": work out the score of a
// position by 积和法 (product-sum: piece × camp-point number) or 差和法
// (difference-sum: |piece − camp-point number|), counting only pieces that
// stand in the opponent's camp.
//
// Prompt:   {"ruleset": "G23", "position": "...", "side": "both", "method": "product"}
// ("side" is "red", "blue" or "both"; "method" is optional and defaults to
// the ruleset's scoring method)
// Answer:   {"red": 30, "blue": 12} (only the side asked for when one is)
// Solution: {"red": 30, "blue": 12, "explanation": {...}}
//
// Both sides asked and one right is Partial (score 0.5).
type numchessScore struct{}

type ncScorePrompt struct {
	Ruleset  string `json:"ruleset"`
	Position string `json:"position"`
	Side     string `json:"side"`
	Method   string `json:"method,omitempty"`
}

type ncScoreAnswer struct {
	Red  *int `json:"red,omitempty"`
	Blue *int `json:"blue,omitempty"`
}

type ncScoreSolution struct {
	Red         *int        `json:"red,omitempty"`
	Blue        *int        `json:"blue,omitempty"`
	Explanation domain.Text `json:"explanation"`
}

func (numchessScore) Name() string    { return "numchess.score" }
func (numchessScore) Game() game.Name { return game.NumChess }
func (numchessScore) Steps() bool     { return false }

func (numchessScore) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["ruleset", "position", "side"],
  "additionalProperties": false,
  "properties": {
    "ruleset": {"enum": ["K1", "G23", "G46"]},
    "position": {"type": "string"},
    "side": {"enum": ["red", "blue", "both"]},
    "method": {"enum": ["product", "difference"], "description": "积和法 or 差和法; default: the ruleset's"}
  }
}`)
}

func (numchessScore) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "minProperties": 1,
  "properties": {"red": {"type": "integer"}, "blue": {"type": "integer"}}
}`)
}

func (numchessScore) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "red": {"type": "integer"}, "blue": {"type": "integer"},
    "explanation": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`)
}

// ncScoreTask is a parsed numchess.score prompt.
type ncScoreTask struct {
	p      ncScorePrompt
	rs     numchess.Ruleset
	pos    numchess.Position
	sides  []numchess.Side
	method *numchess.ScoringMethod // nil: the ruleset's
}

func (numchessScore) parsePrompt(prompt json.RawMessage) (ncScoreTask, error) {
	var t ncScoreTask
	if err := ncDecode(prompt, &t.p); err != nil {
		return t, ncDecodeErr("bad_prompt", "", err)
	}
	var err error
	if t.rs, err = ncPromptRuleset(t.p.Ruleset); err != nil {
		return t, err
	}
	if t.pos, err = numchess.ParsePosition(t.p.Position); err != nil {
		var pe *numchess.ParseError
		errors.As(err, &pe)
		return t, ncPromptErr("bad_position", "position", pe.Message("zh-CN"), pe.Message("en"))
	}
	switch t.p.Side {
	case "red":
		t.sides = []numchess.Side{numchess.Red}
	case "blue":
		t.sides = []numchess.Side{numchess.Blue}
	case "both":
		t.sides = []numchess.Side{numchess.Red, numchess.Blue}
	default:
		return t, ncPromptErr("bad_side", "side", "side 要写 red、blue 或 both", `side must be "red", "blue" or "both"`)
	}
	if t.p.Method != "" {
		m, err := numchess.ParseScoringMethod(t.p.Method)
		if err != nil {
			return t, ncPromptErr("bad_method", "method", "计分方法要写 product 或 difference", `method must be "product" or "difference"`)
		}
		t.method = &m
	}
	return t, nil
}

// ncScoreField returns side's field of an answer or solution.
func ncScoreField(side numchess.Side, red, blue *int) *int {
	if side == numchess.Red {
		return red
	}
	return blue
}

// ncSideText names a side in both languages.
func ncSideText(s numchess.Side) domain.Text {
	if s == numchess.Red {
		return domain.Text{ZH: "红方", EN: "Red"}
	}
	return domain.Text{ZH: "蓝方", EN: "Blue"}
}

// grade compares red and blue with the true scores under method.
func (numchessScore) grade(t ncScoreTask, method numchess.ScoringMethod, red, blue *int) (Result, error) {
	var zh, en string
	right := 0
	details := map[string]any{"method": method.String()}
	for _, side := range t.sides {
		got := ncScoreField(side, red, blue)
		name := ncSideText(side)
		if got == nil {
			return Result{}, &AnswerError{Code: "missing_score", Field: side.String(), Message: domain.Text{
				ZH: "还要写" + name.ZH + "的得分", EN: "give " + name.EN + "'s score too",
			}}
		}
		want := t.pos.Score(side, method)
		details[side.String()] = *got == want
		if *got == want {
			right++
			continue
		}
		opp := ncSideText(side.Opponent())
		if method == numchess.ProductSum {
			zh += fmt.Sprintf("%s的得分不是 %d。只算站在%s阵营里的%s棋子：棋子号码 × 所在点的号码，再加起来。", name.ZH, *got, opp.ZH, name.ZH)
			en += fmt.Sprintf("%s's score is not %d. Only %s pieces in %s's camp count: piece number × point number, all added up. ", name.EN, *got, name.EN, opp.EN)
		} else {
			zh += fmt.Sprintf("%s的得分不是 %d。只算站在%s阵营里的%s棋子：棋子号码和所在点号码的差，再加起来。", name.ZH, *got, opp.ZH, name.ZH)
			en += fmt.Sprintf("%s's score is not %d. Only %s pieces in %s's camp count: the difference between piece number and point number, all added up. ", name.EN, *got, name.EN, opp.EN)
		}
	}
	for _, side := range []numchess.Side{numchess.Red, numchess.Blue} {
		asked := len(t.sides) == 2 || t.sides[0] == side
		if !asked && ncScoreField(side, red, blue) != nil {
			return Result{}, &AnswerError{Code: "unexpected_score", Field: side.String(), Message: domain.Text{
				ZH: "这道题只问" + ncSideText(t.sides[0]).ZH + "的得分", EN: "this question asks only for " + ncSideText(t.sides[0]).EN + "'s score",
			}}
		}
	}
	switch {
	case right == len(t.sides):
		return Result{Outcome: Correct, Score: 1, Details: details, Feedback: domain.Text{ZH: "算对了！", EN: "Right!"}}, nil
	case right > 0:
		return Result{Outcome: Partial, Score: float64(right) / float64(len(t.sides)), Details: details,
			Feedback: domain.Text{ZH: zh, EN: strings.TrimSpace(en)}}, nil
	}
	return Result{Outcome: Wrong, Details: details, Feedback: domain.Text{ZH: zh, EN: strings.TrimSpace(en)}}, nil
}

// methodFor returns the scoring method under rs: the prompt's when it
// names one, else the ruleset's.
func (t ncScoreTask) methodFor(rs numchess.Ruleset) numchess.ScoringMethod {
	if t.method != nil {
		return *t.method
	}
	return rs.Scoring
}

func (k numchessScore) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s ncScoreSolution
	if err := ncDecode(solution, &s); err != nil {
		return ncDecodeErr("bad_solution", "solution", err)
	}
	r, err := k.grade(t, t.methodFor(t.rs), s.Red, s.Blue)
	if err != nil {
		var ae *AnswerError
		errors.As(err, &ae)
		return ncPromptErr("bad_solution", "solution", "答案不全："+ae.Message.ZH, "incomplete solution: "+ae.Message.EN)
	}
	if r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution", "答案的得分不对："+r.Feedback.ZH, "the solution's score is wrong: "+r.Feedback.EN)
	}
	return nil
}

func (k numchessScore) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	rs := t.rs
	var a ncScoreAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return k.grade(t, t.methodFor(rs), a.Red, a.Blue)
}

// ---------------------------------------------------------------------------
// numchess.swap_cost

// numchessSwapCost is the kind "numchess.swap_cost": how many product-sum
// points a side loses when two of its pieces in the opponent's camp stand
// on each other's numbers ((A−B)²).
//
// Prompt:   {"pieces": [3, 7]}
// Answer:   {"cost": 16}
// Solution: {"cost": 16, "explanation": {...}}
type numchessSwapCost struct{}

type ncSwapPrompt struct {
	Pieces []int `json:"pieces"`
}

type ncSwapAnswer struct {
	Cost *int `json:"cost"`
}

type ncSwapSolution struct {
	Cost        int         `json:"cost"`
	Explanation domain.Text `json:"explanation"`
}

func (numchessSwapCost) Name() string    { return "numchess.swap_cost" }
func (numchessSwapCost) Game() game.Name { return game.NumChess }
func (numchessSwapCost) Steps() bool     { return false }

func (numchessSwapCost) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["pieces"],
  "additionalProperties": false,
  "properties": {
    "pieces": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 9}, "minItems": 2, "maxItems": 2, "uniqueItems": true}
  }
}`)
}

func (numchessSwapCost) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["cost"],
  "additionalProperties": false,
  "properties": {"cost": {"type": "integer", "minimum": 0}}
}`)
}

func (numchessSwapCost) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["cost"],
  "additionalProperties": false,
  "properties": {
    "cost": {"type": "integer"},
    "explanation": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`)
}

func (numchessSwapCost) parsePrompt(prompt json.RawMessage) (a, b int, err error) {
	var p ncSwapPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return 0, 0, ncDecodeErr("bad_prompt", "", err)
	}
	if len(p.Pieces) != 2 || p.Pieces[0] == p.Pieces[1] ||
		p.Pieces[0] < 0 || p.Pieces[0] > 9 || p.Pieces[1] < 0 || p.Pieces[1] > 9 {
		return 0, 0, ncPromptErr("bad_pieces", "pieces", "要给出两枚不同的棋子（0 到 9）", "give two different pieces (0-9)")
	}
	return p.Pieces[0], p.Pieces[1], nil
}

func (k numchessSwapCost) Validate(prompt, solution json.RawMessage) error {
	a, b, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s ncSwapSolution
	if err := ncDecode(solution, &s); err != nil {
		return ncDecodeErr("bad_solution", "solution", err)
	}
	if s.Cost != numchess.SwapCost(a, b) {
		return ncPromptErr("solution_fails", "solution.cost",
			fmt.Sprintf("答案 %d 不对", s.Cost), fmt.Sprintf("the solution's cost %d is wrong", s.Cost))
	}
	return nil
}

func (k numchessSwapCost) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	a, b, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var ans ncSwapAnswer
	if err := ncDecode(s.Answer, &ans); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	if ans.Cost == nil {
		return Result{}, &AnswerError{Code: "bad_answer", Field: "cost", Message: domain.Text{ZH: "要写出丢了几分（cost）", EN: "give the points lost (cost)"}}
	}
	if *ans.Cost == numchess.SwapCost(a, b) {
		return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
			ZH: fmt.Sprintf("对了！%d 和 %d 换位要丢 (%d−%d)² = %d 分。", a, b, a, b, *ans.Cost),
			EN: fmt.Sprintf("Right! Swapping %d and %d loses (%d−%d)² = %d points.", a, b, a, b, *ans.Cost),
		}}, nil
	}
	return Result{Outcome: Wrong, Feedback: domain.Text{
		ZH: fmt.Sprintf("不是 %d。%d 站在 %d 号点上、%d 站在 %d 号点上，各得多少分？和站在自己号码上比一比。换位丢的分等于两个号码之差的平方。", *ans.Cost, a, b, b, a),
		EN: fmt.Sprintf("Not %d. What do %d on point %d and %d on point %d score? Compare with each on its own number. A swap loses the square of the difference of the two numbers.", *ans.Cost, a, b, b, a),
	}}, nil
}
