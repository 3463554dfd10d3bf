package api_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"qixue/api"
	"qixue/exercises"
	"qixue/models/modelstest"
)

// TestEveryKindThroughAPI submits answers derived from the built-in bank's
// solutions, right and wrong, to exercises of every kind, through the HTTP
// API as a student of a grade-2 class (band G23), and checks that the
// server's verdict is the kind's own verdict under that band: correct and
// wrong answers are recorded (201), malformed ones are a 422 that records
// nothing, and step-by-step kinds continue with the opponent's reply
// before the whole line is recorded.
func TestEveryKindThroughAPI(t *testing.T) {
	bank, err := exercises.Bank()
	if err != nil {
		t.Fatal(err)
	}
	p := newPractice(t, modelstest.SQLite(t))
	if _, _, err := p.Svc.SyncBank(t.Context(), bank); err != nil {
		t.Fatal(err)
	}
	a := p.F.A
	perKind := map[string]int{}
	correct := map[string]bool{}
	n := 0
	for _, ex := range bank {
		if perKind[ex.Kind] >= 3 {
			continue
		}
		perKind[ex.Kind]++
		k, _ := exercises.KindByName(ex.Kind)
		path := "/v1/exercises/" + exercises.BankID(ex.Key) + "/attempts"
		for i, ans := range answersFor(ex, k.Steps()) {
			want, werr := k.Check(ex.Prompt, ex.Solution, exercises.Submission{Answer: ans})
			n++
			rec := p.Do(t, "POST", path, a.StudentToken, map[string]any{"answer": ans, "time_ms": 1000}, key(fmt.Sprintf("%s-%d", ex.Key, i)))
			var ae *exercises.AnswerError
			switch {
			case errors.As(werr, &ae):
				if rec.Code != 422 {
					t.Errorf("%s %s: malformed answer answered %d, want 422\n%s", ex.Key, ans, rec.Code, rec.Body.String())
				}
				continue
			case werr != nil:
				t.Fatalf("%s: checker error %v", ex.Key, werr)
			}
			wantStatus := 201
			if !want.Done() {
				wantStatus = 200
			}
			var got struct {
				Outcome  string `json:"outcome"`
				Reply    string `json:"reply"`
				Recorded bool   `json:"recorded"`
			}
			json.Unmarshal(rec.Body.Bytes(), &got)
			if rec.Code != wantStatus || got.Outcome != string(want.Outcome) || got.Reply != want.Reply || got.Recorded != want.Done() {
				t.Errorf("%s %s: %d %+v, want %d %s reply %q\n%s", ex.Key, ans, rec.Code, got, wantStatus, want.Outcome, want.Reply, rec.Body.String())
			}
			if want.Outcome == exercises.Correct {
				correct[ex.Kind] = true
			}
		}
	}
	for _, k := range exercises.Kinds() {
		if perKind[k.Name()] == 0 {
			t.Logf("kind %s has no bank exercise", k.Name())
			continue
		}
		if !correct[k.Name()] {
			t.Errorf("kind %s: no right answer was accepted through the API", k.Name())
		}
	}
	t.Logf("%d submissions to %d kinds", n, len(perKind))
	_ = api.HeaderIdempotencyKey
}

// answersFor derives answers from an exercise's solution: the solution
// itself (without explanation), a changed one, and for step-by-step kinds
// the first move of the line and the whole line.
func answersFor(ex exercises.Exercise, steps bool) []json.RawMessage {
	var sol map[string]any
	if json.Unmarshal(ex.Solution, &sol) != nil {
		return nil
	}
	for _, drop := range []string{"explanation", "option_feedback", "tolerance"} {
		delete(sol, drop)
	}
	var out []json.RawMessage
	add := func(v any) {
		if b, err := json.Marshal(v); err == nil {
			out = append(out, b)
		}
	}
	if steps {
		line, _ := sol["moves"].([]any)
		if l, ok := sol["line"].([]any); ok {
			line = l
		}
		if len(line) > 0 {
			add(map[string]any{"moves": line[:1]})
			add(map[string]any{"moves": line})
		}
		add(map[string]any{"moves": []any{"zz99"}})
		return out
	}
	if c, ok := sol["correct"].([]any); ok {
		if len(c) == 1 {
			add(map[string]any{"choice": c[0]})
		} else {
			add(map[string]any{"choices": c})
		}
		add(map[string]any{"choice": 0})
		add(map[string]any{"choice": 99})
		return out
	}
	add(sol)
	wrong := map[string]any{}
	for k, v := range sol {
		switch x := v.(type) {
		case float64:
			wrong[k] = x + 1
		case bool:
			wrong[k] = !x
		case string:
			wrong[k] = x + "?"
		default:
			wrong[k] = v
		}
	}
	add(wrong)
	return out
}
