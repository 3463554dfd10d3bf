package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"qixue/exercises"
)

// submission is one prepared answer and the verdict the server must give:
// the bodies of its steps, all but the last of which the server answers
// 200 "continue" (a line of a step-by-step kind), the last 201 recorded.
type submission struct {
	exerciseID string
	kind       string
	steps      [][]byte
	correct    bool
}

// answerPool prepares right and wrong answers to every bank exercise,
// derived from their solutions, and keeps those whose verdict the checker
// confirms (under the exercise's own ruleset, as the server checks them).
// Step-by-step kinds are played as the server plays them: each step is
// the line so far, the server's reply appended before the next move.
func answerPool(bank []exercises.Exercise) ([]submission, error) {
	var pool []submission
	for _, ex := range bank {
		k, ok := exercises.KindByName(ex.Kind)
		if !ok {
			continue
		}
		if k.Steps() {
			pool = append(pool, lines(k, ex, len(pool))...)
			continue
		}
		for _, ans := range candidates(ex) {
			res, err := k.Check(ex.Prompt, ex.Solution, exercises.Submission{Answer: ans})
			if err != nil || !res.Done() {
				continue
			}
			pool = append(pool, submission{exerciseID: exercises.BankID(ex.Key), kind: ex.Kind,
				steps: [][]byte{answerBody(ans, len(pool))}, correct: res.Outcome == exercises.Correct})
		}
	}
	if len(pool) == 0 {
		return nil, errors.New("no bank exercise to submit answers to")
	}
	return pool, nil
}

func answerBody(ans json.RawMessage, n int) []byte {
	body, _ := json.Marshal(map[string]any{"answer": ans, "time_ms": 1000 + n%9000})
	return body
}

// lines plays the solution of a step-by-step exercise against the
// checker's replies (the right line) and, for wrong ones, the same line
// with its last move replaced by a move the checker grades wrong.
func lines(k exercises.Kind, ex exercises.Exercise, n int) []submission {
	var sol struct {
		Moves []string `json:"moves"`
		Line  []string `json:"line"`
	}
	if json.Unmarshal(ex.Solution, &sol) != nil {
		return nil
	}
	moves := append(sol.Moves, sol.Line...)
	check := func(line []string) (exercises.Result, json.RawMessage, bool) {
		ans, _ := json.Marshal(map[string]any{"moves": line})
		res, err := k.Check(ex.Prompt, ex.Solution, exercises.Submission{Answer: ans})
		return res, ans, err == nil
	}
	var steps [][]byte
	var line []string
	for i := 0; i < len(moves); i += 2 {
		before := slices.Clone(line)
		line = append(line, moves[i])
		res, ans, ok := check(line)
		if !ok {
			return nil
		}
		if !res.Done() {
			steps = append(steps, answerBody(ans, n))
			line = append(line, res.Reply)
			continue
		}
		if res.Outcome != exercises.Correct {
			return nil
		}
		id := exercises.BankID(ex.Key)
		out := []submission{{exerciseID: id, kind: ex.Kind, steps: append(slices.Clone(steps), answerBody(ans, n)), correct: true}}
		for _, m := range wrongMoves(ex.Kind) {
			res, ans, ok := check(append(slices.Clone(before), m))
			if ok && res.Done() && res.Outcome == exercises.Wrong {
				out = append(out, submission{exerciseID: id, kind: ex.Kind, steps: append(slices.Clone(steps), answerBody(ans, n)), correct: false})
				if len(out) == 3 {
					break
				}
			}
		}
		return out
	}
	return nil
}

// wrongMoves lists moves to try in place of a line's last move, in the
// kind's notation: every square pair (chess, UCI), every field pair
// (draughts), every point (gomoku); the checker keeps the legal ones
// it grades wrong.
func wrongMoves(kind string) []string {
	var out []string
	switch {
	case strings.HasPrefix(kind, "chess."):
		for from := range 64 {
			for to := range 64 {
				if from != to {
					out = append(out, square(from)+square(to))
				}
			}
		}
	case strings.HasPrefix(kind, "draughts."):
		for from := 1; from <= 50; from++ {
			for to := 1; to <= 50; to++ {
				if from != to {
					out = append(out, fmt.Sprintf("%d-%d", from, to), fmt.Sprintf("%dx%d", from, to))
				}
			}
		}
	case strings.HasPrefix(kind, "gomoku."):
		for col := range 15 {
			for row := 1; row <= 15; row++ {
				out = append(out, fmt.Sprintf("%c%d", 'a'+col, row))
			}
		}
	}
	return out
}

func square(i int) string { return fmt.Sprintf("%c%d", 'a'+i%8, 1+i/8) }

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
