package main

import (
	"encoding/json"
	"errors"
	"qixue/exercises"
)

// submission is one prepared answer and the verdict the server must give.
type submission struct {
	exerciseID string
	kind       string
	body       []byte
	correct    bool
}

// answerPool prepares right and wrong answers to the bank's single-step
// exercises, derived from their solutions, and keeps those whose verdict
// the checker confirms (under the exercise's own ruleset, as the server
// checks them).
func answerPool(bank []exercises.Exercise) ([]submission, error) {
	var pool []submission
	for _, ex := range bank {
		k, ok := exercises.KindByName(ex.Kind)
		if !ok || k.Steps() {
			continue
		}
		for _, ans := range candidates(ex) {
			res, err := k.Check(ex.Prompt, ex.Solution, exercises.Submission{Answer: ans})
			if err != nil || !res.Done() {
				continue
			}
			body, _ := json.Marshal(map[string]any{"answer": ans, "time_ms": 1000 + len(pool)%9000})
			pool = append(pool, submission{exerciseID: exercises.BankID(ex.Key), kind: ex.Kind, body: body, correct: res.Outcome == exercises.Correct})
		}
	}
	if len(pool) == 0 {
		return nil, errors.New("no single-step bank exercise to submit answers to")
	}
	return pool, nil
}

// candidates derives answers from a solution: the solution without its
// explanation (right for most kinds), and versions with numbers changed
// or the first choice picked (usually wrong).
func candidates(ex exercises.Exercise) []json.RawMessage {
	var sol map[string]any
	if json.Unmarshal(ex.Solution, &sol) != nil {
		return nil
	}
	for _, drop := range []string{"explanation", "option_feedback", "tolerance"} {
		delete(sol, drop)
	}
	var out []json.RawMessage
	add := func(v any) {
		b, err := json.Marshal(v)
		if err == nil {
			out = append(out, b)
		}
	}
	if correct, ok := sol["correct"].([]any); ok { // choice
		if len(correct) == 1 {
			add(map[string]any{"choice": correct[0]})
		} else {
			add(map[string]any{"choices": correct})
		}
		add(map[string]any{"choice": 0})
		add(map[string]any{"choice": 1})
		return out
	}
	add(sol)
	wrong := map[string]any{}
	changed := false
	for k, v := range sol {
		switch x := v.(type) {
		case float64:
			wrong[k], changed = x+1, true
		case bool:
			wrong[k], changed = !x, true
		default:
			wrong[k] = v
		}
	}
	if changed {
		add(wrong)
	}
	return out
}

func countRight(pool []submission) int {
	n := 0
	for _, s := range pool {
		if s.correct {
			n++
		}
	}
	return n
}

func countKinds(pool []submission) int {
	kinds := map[string]bool{}
	for _, s := range pool {
		kinds[s.kind] = true
	}
	return len(kinds)
}
