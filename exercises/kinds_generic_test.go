package exercises

import (
	"encoding/json"
	"errors"
	"testing"
)

// checkKind runs kind k on one answer and fails the test on an unexpected
// AnswerError.
func checkKind(t *testing.T, k Kind, prompt, solution, answer string) Result {
	t.Helper()
	res, err := k.Check(json.RawMessage(prompt), json.RawMessage(solution), Submission{Answer: json.RawMessage(answer)})
	if err != nil {
		t.Fatalf("%s: Check(%s): %v", k.Name(), answer, err)
	}
	return res
}

// answerErrorCode runs kind k on a malformed answer and returns the code of
// the AnswerError it must give.
func answerErrorCode(t *testing.T, k Kind, prompt, solution, answer string) string {
	t.Helper()
	_, err := k.Check(json.RawMessage(prompt), json.RawMessage(solution), Submission{Answer: json.RawMessage(answer)})
	var ae *AnswerError
	if !errors.As(err, &ae) {
		t.Fatalf("%s: Check(%s): got %v, want an *AnswerError", k.Name(), answer, err)
	}
	if ae.Message.ZH == "" || ae.Message.EN == "" {
		t.Errorf("%s: AnswerError %s lacks a message in one language", k.Name(), ae.Code)
	}
	return ae.Code
}

func TestChoiceSingle(t *testing.T) {
	k := choiceKind{}
	prompt := `{"game":"chess","options":[{"zh-CN":"车","en":"rook"},{"zh-CN":"马","en":"knight"},{"zh-CN":"象","en":"bishop"}]}`
	solution := `{"correct":[1],"explanation":{"zh-CN":"马走日","en":"the knight jumps"},
		"option_feedback":[{"zh-CN":"车不能跳","en":"a rook cannot jump"},{"zh-CN":"对","en":"yes"},{"zh-CN":"象不能跳","en":"a bishop cannot jump"}]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, prompt, solution, `{"choice":1}`); r.Outcome != Correct || r.Score != 1 {
		t.Errorf("right choice: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"choices":[1]}`); r.Outcome != Correct {
		t.Errorf("right choice as a list: %+v", r)
	}
	r := checkKind(t, k, prompt, solution, `{"choice":0}`)
	if r.Outcome != Wrong || r.Score != 0 || r.Feedback.EN != "Not quite. a rook cannot jump" {
		t.Errorf("wrong choice: %+v", r)
	}
	for answer, code := range map[string]string{
		`{"choice":3}`:               "no_such_option",
		`{"choice":-1}`:              "no_such_option",
		`{"choices":[0,1]}`:          "single_choice",
		`{}`:                         "no_choice",
		`{"choices":[]}`:             "no_choice",
		`{"choice":1,"choices":[1]}`: "choice_and_choices",
		`{"choice":"b"}`:             "bad_answer_json",
		`{"pick":1}`:                 "bad_answer_json",
		``:                           "bad_answer_json",
	} {
		if got := answerErrorCode(t, k, prompt, solution, answer); got != code {
			t.Errorf("%s: code %s, want %s", answer, got, code)
		}
	}
}

func TestChoiceMultiple(t *testing.T) {
	k := choiceKind{}
	prompt := `{"multiple":true,"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b","en":"b"},{"zh-CN":"c","en":"c"},{"zh-CN":"d","en":"d"}]}`
	solution := `{"correct":[0,2]}`
	for _, tc := range []struct {
		answer  string
		outcome Outcome
		score   float64
	}{
		{`{"choices":[2,0]}`, Correct, 1},
		{`{"choices":[0,0,2]}`, Correct, 1},
		{`{"choices":[0]}`, Partial, 0.5},
		{`{"choices":[0,1,2]}`, Partial, 0.5},
		{`{"choices":[0,1]}`, Wrong, 0},
		{`{"choices":[1,3]}`, Wrong, 0},
	} {
		r := checkKind(t, k, prompt, solution, tc.answer)
		if r.Outcome != tc.outcome || r.Score != tc.score {
			t.Errorf("%s: got %s %.2f, want %s %.2f", tc.answer, r.Outcome, r.Score, tc.outcome, tc.score)
		}
	}
}

func TestChoiceValidate(t *testing.T) {
	k := choiceKind{}
	two := `{"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b","en":"b"}]}`
	for _, tc := range []struct{ prompt, solution, code string }{
		{`{"options":[{"zh-CN":"a","en":"a"}]}`, `{"correct":[0]}`, "too_few_options"},
		{`{"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b"}]}`, `{"correct":[0]}`, "option_text_missing"},
		{two, `{"correct":[2]}`, "correct_out_of_range"},
		{two, `{"correct":[0,1]}`, "single_choice_needs_one"},
		{two, `{"correct":[]}`, "no_correct_option"},
		{two, `{"correct":[0],"option_feedback":[{"en":"x"}]}`, "option_feedback_count"},
		{`{"game":"go","options":[]}`, `{"correct":[0]}`, "unknown_game"},
		{`{"options":3}`, `{"correct":[0]}`, "bad_prompt_json"},
		{two, `{"right":[0]}`, "bad_solution_json"},
	} {
		err := k.Validate(json.RawMessage(tc.prompt), json.RawMessage(tc.solution))
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Code != tc.code {
			t.Errorf("Validate(%s, %s) = %v, want code %s", tc.prompt, tc.solution, err, tc.code)
		}
	}
}

func TestNumber(t *testing.T) {
	k := numberKind{}
	prompt := `{"game":"chess","unit":{"zh-CN":"步","en":"moves"}}`
	solution := `{"value":20,"explanation":{"zh-CN":"白方第一步有20种走法","en":"White has 20 first moves"}}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, prompt, solution, `{"value":20}`); r.Outcome != Correct {
		t.Errorf("20: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"value":20.0}`); r.Outcome != Correct {
		t.Errorf("20.0: %+v", r)
	}
	r := checkKind(t, k, prompt, solution, `{"value":16}`)
	if r.Outcome != Wrong || r.Feedback.EN != "16 moves is too small; think again." || r.Feedback.ZH != "16步 太小了，再想一想。" {
		t.Errorf("16: %+v", r)
	}
	r = checkKind(t, k, `{}`, solution, `{"value":21}`)
	if r.Outcome != Wrong || r.Feedback.EN != "21 is too big; think again." {
		t.Errorf("21: %+v", r)
	}
	tol := `{"value":3.5,"tolerance":0.5}`
	if r := checkKind(t, k, `{}`, tol, `{"value":3}`); r.Outcome != Correct {
		t.Errorf("3 within 0.5 of 3.5: %+v", r)
	}
	for answer, code := range map[string]string{
		`{"value":"twenty"}`: "bad_answer_json",
		`{}`:                 "no_value",
		`{"value":1e999}`:    "not_a_number",
		`[20]`:               "bad_answer_json",
	} {
		if got := answerErrorCode(t, k, prompt, solution, answer); got != code {
			t.Errorf("%s: code %s, want %s", answer, got, code)
		}
	}
	for _, sol := range []string{`{}`, `{"value":1,"tolerance":-1}`} {
		if err := k.Validate(json.RawMessage(`{}`), json.RawMessage(sol)); err == nil {
			t.Errorf("Validate(%s) accepted a bad solution", sol)
		}
	}
}
