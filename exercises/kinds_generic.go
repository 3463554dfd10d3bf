package exercises

// The generic kinds: choice (single or multiple choice, for rules
// questions of any game) and number (a numeric answer).
//
// choice
//
//	prompt:   {"game": "chess", "options": [{"zh-CN": "...", "en": "..."}, ...], "multiple": false}
//	solution: {"correct": [1], "explanation": {...}, "option_feedback": [{...}, ...]}
//	answer:   {"choice": 1} or {"choices": [0, 2]}
//
// A single-choice question is right when the one chosen option is the
// correct one. A multiple-choice question is right when exactly the correct
// options are chosen; otherwise it earns partial credit: (right picks -
// wrong picks) / number of correct options, at least 0. option_feedback,
// when given, says why each option is right or wrong and is shown for the
// wrong options a student picked.
//
// number
//
//	prompt:   {"game": "chess", "unit": {"zh-CN": "步", "en": "moves"}}
//	solution: {"value": 20, "tolerance": 0, "explanation": {...}}
//	answer:   {"value": 20}
//
// An answer is right when it is within tolerance of the value.
//
// The optional "game" of both prompts names the game the question is about
// (the kinds themselves are not tied to an engine). Skill tags used by the
// bank for these kinds: "<game>.rules.<topic>", e.g. "chess.rules.castling",
// "draughts.rules.capture".

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
)

// unmarshalStrict decodes data into v, refusing unknown fields and
// trailing data.
func unmarshalStrict(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errEmptyDocument
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errTrailingData
	}
	return nil
}

// badAnswer returns an *AnswerError.
func badAnswer(code, field, zh, en string) *AnswerError {
	return &AnswerError{Code: code, Field: field, Message: domain.Text{ZH: zh, EN: en}}
}

// badPrompt returns a *PromptError.
func badPrompt(code, field, zh, en string) *PromptError {
	return &PromptError{Code: code, Field: field, Message: domain.Text{ZH: zh, EN: en}}
}

// answerJSONError is the AnswerError for an answer that is not the JSON
// document the kind expects.
func answerJSONError(err error) *AnswerError {
	field, msg := jsonProblem(err, "答案的格式不对：", "the answer is not in the expected form: ")
	return &AnswerError{Code: "bad_answer_json", Field: field, Message: msg}
}

// promptJSONError is the PromptError for a prompt or solution document
// that does not decode.
func promptJSONError(field string, err error) *PromptError {
	at, msg := jsonProblem(err, "题目数据格式不对：", "the "+field+" is not in the expected form: ")
	if at != "" {
		field += "." + at
	}
	return &PromptError{Code: "bad_" + strings.SplitN(field, ".", 2)[0] + "_json", Field: field, Message: msg}
}

// optionalGame checks the optional "game" of a generic prompt.
func optionalGame(g string) *PromptError {
	if g == "" {
		return nil
	}
	if _, err := ParseGame(g); err != nil {
		return badPrompt("unknown_game", "game", "不认识的棋种 "+g, "unknown game "+g)
	}
	return nil
}

const choicePromptSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["options"],
  "additionalProperties": false,
  "properties": {
    "game": {"enum": ["chess", "draughts", "gomoku", "numchess"]},
    "options": {"type": "array", "minItems": 2, "items": {"$ref": "#/$defs/text"}},
    "multiple": {"type": "boolean", "description": "true when several options may be right"}
  },
  "$defs": {"text": {"type": "object", "required": ["zh-CN", "en"], "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}}
}`

const choiceAnswerSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "choice": {"type": "integer", "minimum": 0, "description": "the chosen option (0-based)"},
    "choices": {"type": "array", "items": {"type": "integer", "minimum": 0}, "description": "the chosen options (0-based), for multiple choice"}
  },
  "oneOf": [{"required": ["choice"]}, {"required": ["choices"]}]
}`

const choiceSolutionSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["correct"],
  "additionalProperties": false,
  "properties": {
    "correct": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0}},
    "explanation": {"$ref": "#/$defs/text"},
    "option_feedback": {"type": "array", "items": {"$ref": "#/$defs/text"}}
  },
  "$defs": {"text": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}}
}`

// choicePrompt is the prompt of a choice exercise.
type choicePrompt struct {
	Game     string        `json:"game,omitempty"`
	Options  []domain.Text `json:"options"`
	Multiple bool          `json:"multiple,omitempty"`
}

// choiceSolution is the solution of a choice exercise.
type choiceSolution struct {
	Correct        []int         `json:"correct"`
	Explanation    domain.Text   `json:"explanation"`
	OptionFeedback []domain.Text `json:"option_feedback,omitempty"`
}

// choiceAnswer is an answer to a choice exercise.
type choiceAnswer struct {
	Choice  *int  `json:"choice"`
	Choices []int `json:"choices"`
}

// choiceKind is the single or multiple choice kind.
type choiceKind struct{}

func (choiceKind) Name() string                    { return "choice" }
func (choiceKind) Game() game.Name                 { return "" }
func (choiceKind) Steps() bool                     { return false }
func (choiceKind) PromptSchema() json.RawMessage   { return json.RawMessage(choicePromptSchema) }
func (choiceKind) AnswerSchema() json.RawMessage   { return json.RawMessage(choiceAnswerSchema) }
func (choiceKind) SolutionSchema() json.RawMessage { return json.RawMessage(choiceSolutionSchema) }

// parse decodes and checks a prompt and its solution.
func (choiceKind) parse(prompt, solution json.RawMessage) (choicePrompt, choiceSolution, error) {
	var p choicePrompt
	var s choiceSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return p, s, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return p, s, promptJSONError("solution", err)
	}
	if err := optionalGame(p.Game); err != nil {
		return p, s, err
	}
	if len(p.Options) < 2 {
		return p, s, badPrompt("too_few_options", "options", "至少要有两个选项", "a choice needs at least two options")
	}
	for i, o := range p.Options {
		if o.ZH == "" || o.EN == "" {
			return p, s, badPrompt("option_text_missing", fmt.Sprintf("options[%d]", i),
				"每个选项都要有中文和英文", "every option needs zh-CN and en text")
		}
	}
	if len(s.Correct) == 0 {
		return p, s, badPrompt("no_correct_option", "correct", "没有写出正确选项", "no correct option given")
	}
	if !p.Multiple && len(s.Correct) != 1 {
		return p, s, badPrompt("single_choice_needs_one", "correct",
			"单选题只能有一个正确选项", "a single choice has exactly one correct option")
	}
	seen := map[int]bool{}
	for _, c := range s.Correct {
		if c < 0 || c >= len(p.Options) {
			return p, s, badPrompt("correct_out_of_range", "correct",
				fmt.Sprintf("正确选项 %d 不存在", c), fmt.Sprintf("correct option %d does not exist", c))
		}
		if seen[c] {
			return p, s, badPrompt("correct_repeated", "correct",
				fmt.Sprintf("正确选项 %d 写了两次", c), fmt.Sprintf("correct option %d is listed twice", c))
		}
		seen[c] = true
	}
	if len(s.OptionFeedback) != 0 && len(s.OptionFeedback) != len(p.Options) {
		return p, s, badPrompt("option_feedback_count", "option_feedback",
			"选项说明的个数要和选项一样多", "option_feedback needs one entry per option")
	}
	return p, s, nil
}

// Validate checks the options and the correct answers.
func (k choiceKind) Validate(prompt, solution json.RawMessage) error {
	_, _, err := k.parse(prompt, solution)
	return err
}

// Check grades the chosen options.
func (k choiceKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	p, s, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	var a choiceAnswer
	if err := unmarshalStrict(sub.Answer, &a); err != nil {
		return Result{}, answerJSONError(err)
	}
	var picked []int
	switch {
	case a.Choice != nil && a.Choices != nil:
		return Result{}, badAnswer("choice_and_choices", "choice",
			"只能写 choice 或 choices 其中一个", "give either choice or choices, not both")
	case a.Choice != nil:
		picked = []int{*a.Choice}
	case a.Choices != nil:
		picked = a.Choices
	default:
		return Result{}, badAnswer("no_choice", "choice", "还没有选择答案", "no option was chosen")
	}
	if len(picked) == 0 {
		return Result{}, badAnswer("no_choice", "choices", "还没有选择答案", "no option was chosen")
	}
	if !p.Multiple && len(picked) > 1 {
		return Result{}, badAnswer("single_choice", "choices", "这是单选题，只能选一个", "this question takes one option only")
	}
	chosen := map[int]bool{}
	for i, c := range picked {
		if c < 0 || c >= len(p.Options) {
			return Result{}, badAnswer("no_such_option", fmt.Sprintf("choices[%d]", i),
				fmt.Sprintf("没有第 %d 个选项", c+1), fmt.Sprintf("there is no option %d", c))
		}
		chosen[c] = true
	}
	correct := map[int]bool{}
	for _, c := range s.Correct {
		correct[c] = true
	}
	right, wrong := 0, []int{}
	for c := range chosen {
		if correct[c] {
			right++
		} else {
			wrong = append(wrong, c)
		}
	}
	sort.Ints(wrong)
	missing := len(correct) - right
	if len(wrong) == 0 && missing == 0 {
		return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{ZH: "答对了！", EN: "Right!"}}, nil
	}
	fb := domain.Text{ZH: "不对哦。", EN: "Not quite."}
	if p.Multiple {
		fb = domain.Text{
			ZH: fmt.Sprintf("选对了 %d 个，选错了 %d 个，漏选了 %d 个。", right, len(wrong), missing),
			EN: fmt.Sprintf("%d right, %d wrong, %d missed.", right, len(wrong), missing),
		}
	}
	for _, w := range wrong {
		if len(s.OptionFeedback) > w && s.OptionFeedback[w].ZH != "" {
			fb.ZH += " " + s.OptionFeedback[w].ZH
			fb.EN += " " + s.OptionFeedback[w].EN
		}
	}
	res := Result{Outcome: Wrong, Feedback: fb, Details: map[string]any{"wrong_choices": wrong, "missed": missing}}
	if p.Multiple {
		score := float64(right-len(wrong)) / float64(len(correct))
		if score > 0 {
			res.Outcome, res.Score = Partial, score
		}
	}
	return res, nil
}

const numberPromptSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "game": {"enum": ["chess", "draughts", "gomoku", "numchess"]},
    "unit": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`

const numberAnswerSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["value"],
  "additionalProperties": false,
  "properties": {"value": {"type": "number"}}
}`

const numberSolutionSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["value"],
  "additionalProperties": false,
  "properties": {
    "value": {"type": "number"},
    "tolerance": {"type": "number", "minimum": 0},
    "explanation": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`

// numberPrompt is the prompt of a number exercise.
type numberPrompt struct {
	Game string       `json:"game,omitempty"`
	Unit *domain.Text `json:"unit,omitempty"`
}

// numberSolution is the solution of a number exercise.
type numberSolution struct {
	Value       *float64    `json:"value"`
	Tolerance   float64     `json:"tolerance,omitempty"`
	Explanation domain.Text `json:"explanation"`
}

// numberAnswer is an answer to a number exercise.
type numberAnswer struct {
	Value *json.Number `json:"value"`
}

// numberKind is the numeric-answer kind.
type numberKind struct{}

func (numberKind) Name() string                    { return "number" }
func (numberKind) Game() game.Name                 { return "" }
func (numberKind) Steps() bool                     { return false }
func (numberKind) PromptSchema() json.RawMessage   { return json.RawMessage(numberPromptSchema) }
func (numberKind) AnswerSchema() json.RawMessage   { return json.RawMessage(numberAnswerSchema) }
func (numberKind) SolutionSchema() json.RawMessage { return json.RawMessage(numberSolutionSchema) }

// parse decodes and checks a prompt and its solution.
func (numberKind) parse(prompt, solution json.RawMessage) (numberPrompt, numberSolution, error) {
	var p numberPrompt
	var s numberSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return p, s, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return p, s, promptJSONError("solution", err)
	}
	if err := optionalGame(p.Game); err != nil {
		return p, s, err
	}
	if s.Value == nil {
		return p, s, badPrompt("no_value", "value", "没有写出答案数值", "the solution has no value")
	}
	if s.Tolerance < 0 || math.IsNaN(s.Tolerance) {
		return p, s, badPrompt("bad_tolerance", "tolerance", "误差不能是负数", "the tolerance cannot be negative")
	}
	return p, s, nil
}

// Validate checks the prompt and that the solution has a value.
func (k numberKind) Validate(prompt, solution json.RawMessage) error {
	_, _, err := k.parse(prompt, solution)
	return err
}

// Check grades a numeric answer.
func (k numberKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	p, s, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(sub.Answer))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	var a numberAnswer
	if err := dec.Decode(&a); err != nil {
		return Result{}, answerJSONError(err)
	}
	if a.Value == nil {
		return Result{}, badAnswer("no_value", "value", "还没有写答案", "no number was given")
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(a.Value.String()), 64)
	if err != nil || math.IsInf(v, 0) {
		return Result{}, badAnswer("not_a_number", "value", "答案要是一个数", "the answer must be a number")
	}
	if math.Abs(v-*s.Value) <= s.Tolerance+1e-9 {
		return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{ZH: "答对了！", EN: "Right!"}}, nil
	}
	unit := domain.Text{}
	if p.Unit != nil {
		unit = *p.Unit
	}
	shown := a.Value.String()
	enShown := shown
	if unit.EN != "" {
		enShown += " " + unit.EN
	}
	fb := domain.Text{ZH: shown + unit.ZH + " 太大了，", EN: enShown + " is too big; "}
	if v < *s.Value {
		fb = domain.Text{ZH: shown + unit.ZH + " 太小了，", EN: enShown + " is too small; "}
	}
	fb.ZH += "再想一想。"
	fb.EN += "think again."
	return Result{Outcome: Wrong, Feedback: fb}, nil
}
