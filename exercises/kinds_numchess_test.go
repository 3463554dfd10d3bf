package exercises

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// ncCase is one graded submission of a number-chess or gomoku kind.
type ncCase struct {
	name     string
	prompt   string
	solution string
	answer   string
	ruleset  string
	want     Outcome // "" means an *AnswerError is expected
	feedback string  // a substring of the English feedback (or error message)
}

// runNCCases grades each case with kind and checks outcome and feedback.
func runNCCases(t *testing.T, kind string, cases []ncCase) {
	t.Helper()
	k, ok := KindByName(kind)
	if !ok {
		t.Fatalf("kind %s not registered", kind)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := k.Check(json.RawMessage(c.prompt), json.RawMessage(c.solution),
				Submission{Answer: json.RawMessage(c.answer), Ruleset: c.ruleset})
			if c.want == "" {
				var ae *AnswerError
				if !errors.As(err, &ae) {
					t.Fatalf("got %+v, %v; want an AnswerError", res, err)
				}
				if ae.Message.ZH == "" || ae.Message.EN == "" {
					t.Errorf("AnswerError %+v lacks a language", ae)
				}
				if !strings.Contains(ae.Message.EN, c.feedback) {
					t.Errorf("AnswerError %q does not mention %q", ae.Message.EN, c.feedback)
				}
				return
			}
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if res.Outcome != c.want {
				t.Fatalf("outcome %s (%+v), want %s", res.Outcome, res.Feedback, c.want)
			}
			if res.Feedback.ZH == "" || res.Feedback.EN == "" {
				t.Errorf("feedback %+v lacks a language", res.Feedback)
			}
			if !strings.Contains(res.Feedback.EN, c.feedback) {
				t.Errorf("feedback %q does not mention %q", res.Feedback.EN, c.feedback)
			}
			if (res.Outcome == Correct) != (res.Score == 1) {
				t.Errorf("outcome %s with score %v", res.Outcome, res.Score)
			}
		})
	}
}

func TestNumchessExpressionCheck(t *testing.T) {
	const k1 = `{"ruleset":"K1","digits":[9,5,4],"target":0}`
	const g23 = `{"ruleset":"G23","digits":[2,8,9],"target":7}`
	const sol = `{"expression":"9-5-4"}`
	runNCCases(t, "numchess.expression", []ncCase{
		{name: "k1 right", prompt: k1, solution: sol, answer: `{"expression":"9-5-4"}`, want: Correct, feedback: "Right"},
		{name: "k1 right other order", prompt: k1, solution: sol, answer: `{"expression":"9 − 4 − 5"}`, want: Correct},
		{name: "k1 full-width", prompt: k1, solution: sol, answer: `{"expression":"９－５－４"}`, want: Correct},
		{name: "k1 used twice", prompt: k1, solution: sol, answer: `{"expression":"9-9"}`, want: Wrong, feedback: "9 is used twice"},
		{name: "k1 missing", prompt: k1, solution: sol, answer: `{"expression":"9-5"}`, want: Wrong, feedback: "4 is missing"},
		{name: "k1 wrong value", prompt: k1, solution: sol, answer: `{"expression":"9+5-4"}`, want: Wrong, feedback: "not 0"},
		{name: "k1 negative", prompt: k1, solution: sol, answer: `{"expression":"4-9+5"}`, want: Wrong, feedback: "negative"},
		{name: "k1 times", prompt: k1, solution: sol, answer: `{"expression":"9×5×4"}`, want: Wrong, feedback: "× is not allowed"},
		{name: "g23 right", prompt: g23, solution: `{"expression":"2×8−9"}`, answer: `{"expression":"2*8-9"}`, want: Correct},
		{name: "g23 other witness", prompt: g23, solution: `{"expression":"2×8−9"}`, answer: `{"expression":"8×2−9"}`, want: Correct},
		{name: "class ruleset overrides", prompt: g23, solution: `{"expression":"2×8−9"}`, answer: `{"expression":"2*8-9"}`, ruleset: "K1", want: Wrong, feedback: "not allowed"},
		{name: "unparsable", prompt: k1, solution: sol, answer: `{"expression":"9-5-a"}`, feedback: "a"},
		{name: "empty", prompt: k1, solution: sol, answer: `{"expression":""}`},
		{name: "not json", prompt: k1, solution: sol, answer: `9-5-4`, feedback: "expected form"},
		{name: "unknown field", prompt: k1, solution: sol, answer: `{"expr":"9-5-4"}`, feedback: "expected form"},
	})
}

func TestNumchessExpressionValidate(t *testing.T) {
	k, _ := KindByName("numchess.expression")
	for _, c := range []struct {
		prompt, solution, code string
	}{
		{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`, ""},
		{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9-4-5","explanation":{"zh-CN":"九减五减四","en":"nine minus five minus four"}}`, ""},
		{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9+5-4"}`, "solution_fails"},
		{`{"ruleset":"K1","digits":[2,8,9],"target":7}`, `{"expression":"2×8−9"}`, "solution_fails"},
		{`{"ruleset":"X","digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`, "bad_ruleset"},
		{`{"digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`, "missing_ruleset"},
		{`{"ruleset":"K1","digits":[19],"target":19}`, `{"expression":"19"}`, "bad_digits"},
		{`{"ruleset":"K1","digits":[],"target":0}`, `{"expression":"0"}`, "bad_digits"},
		{`{"ruleset":"K1","digits":[1],"target":1,"x":1}`, `{"expression":"1"}`, "bad_prompt"},
		{`{"ruleset":"K1","digits":[1],"target":1}`, `{"expression":"1+"}`, "bad_solution"},
	} {
		err := k.Validate(json.RawMessage(c.prompt), json.RawMessage(c.solution))
		if c.code == "" {
			if err != nil {
				t.Errorf("%s %s: %v", c.prompt, c.solution, err)
			}
			continue
		}
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Code != c.code {
			t.Errorf("%s %s: got %v, want PromptError %s", c.prompt, c.solution, err, c.code)
		}
	}
}
