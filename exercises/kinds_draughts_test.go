package exercises

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDraughtsCapture(t *testing.T) {
	k := draughtsCaptureKind{}
	// Three different captures take three pieces each; smaller ones are
	// refused by the majority rule.
	prompt := `{"fen":"W:W32,33,38:B9,18,19,27,28"}`
	solution := `{"move":"32x3"}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"32x3", "33x4", "33x24", " 33x4 "} {
		r := checkKind(t, k, prompt, solution, `{"move":"`+mv+`"}`)
		if r.Outcome != Correct || len(r.Details["captured"].([]int)) != 3 {
			t.Errorf("%s: %+v", mv, r)
		}
	}
	r := checkKind(t, k, prompt, solution, `{"move":"33x22"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "you must take 3 pieces, this takes 1") {
		t.Errorf("33x22 takes one: %+v", r)
	}
	// A quiet move: the feedback says capturing is compulsory without
	// giving the captures away.
	r = checkKind(t, k, prompt, solution, `{"move":"38-42"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "compulsory") || strings.Contains(r.Feedback.EN, "32x3") || !strings.Contains(r.Feedback.ZH, "有吃必吃") {
		t.Errorf("38-42: %+v", r)
	}
	for answer, code := range map[string]string{
		`{"move":"x"}`:       "bad_move_syntax",
		`{"move":"51-46"}`:   "no_such_square",
		`{"move":""}`:        "missing_move",
		`{"moves":["32x3"]}`: "bad_answer_json",
	} {
		if got := answerErrorCode(t, k, prompt, solution, answer); got != code {
			t.Errorf("%s: code %s, want %s", answer, got, code)
		}
	}
	if err := k.Validate(json.RawMessage(`{"fen":"W:W31-50:B1-20"}`), json.RawMessage(`{"move":"32-28"}`)); err == nil {
		t.Error("Validate accepted a position without a capture")
	}
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(`{"move":"33x22"}`)); err == nil {
		t.Error("Validate accepted a minority capture as solution")
	}
	if err := k.Validate(json.RawMessage(`{"fen":"W:W99"}`), json.RawMessage(solution)); err == nil {
		t.Error("Validate accepted a bad FEN")
	}
}

func TestDraughtsShot(t *testing.T) {
	k := draughtsShotKind{}
	prompt := `{"fen":"W:W28,29,33,39:B9,12,17,18,27,30"}`
	solution := `{"moves":["28-22","17x28","33x4"]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	r := checkKind(t, k, prompt, solution, `{"moves":["28-22"]}`)
	if r.Outcome != Continue || r.Reply != "17x28" {
		t.Fatalf("28-22: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"moves":["28-22","17x28","33x4"]}`)
	if r.Outcome != Correct {
		t.Errorf("33x4: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"moves":["28-22","17x28","33x22x13x4"]}`)
	if r.Outcome != Correct {
		t.Errorf("33x22x13x4: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"move":"39-34"}`)
	if r.Outcome != Wrong || r.Feedback.EN == "" {
		t.Errorf("39-34: %+v", r)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["28-22","18x27","33x4"]}`); got != "reply_mismatch" {
		t.Errorf("reply mismatch: %s", got)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["39-34","30x39","33x4"]}`); got != "line_ended" {
		t.Errorf("after a wrong move: %s", got)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["28-22","17x28"]}`); got != "line_ends_with_reply" {
		t.Errorf("even line: %s", got)
	}
	// A reply that is not forced is refused by Validate.
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(`{"moves":["39-34","30x39","33x24"]}`)); err == nil {
		t.Error("Validate accepted a line whose reply is illegal")
	}
	if err := k.Validate(json.RawMessage(`{"fen":"W:W31-50:B1-20"}`), json.RawMessage(`{"moves":["32-28","18-23","28x19"]}`)); err == nil {
		t.Error("Validate accepted an unforced reply")
	}
}
