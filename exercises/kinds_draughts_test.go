package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"qixue/rules/draughts"
	"qixue/rules/game"
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

// draughtsMaterial counts c's material: a man 1, a king 3.
func draughtsMaterial(p draughts.Position, c draughts.Color) int {
	men, kings := p.Count(c)
	return men + 3*kings
}

// draughtsValue is us's material balance after best play for plies more
// plies, captures at the horizon played out (they are compulsory); a side
// that cannot move has lost.
func draughtsValue(p draughts.Position, us draughts.Color, plies int) int {
	moves := p.LegalMoves()
	if len(moves) == 0 {
		if p.Turn() == us {
			return -100
		}
		return 100
	}
	if plies <= 0 && !moves[0].IsCapture() {
		return draughtsMaterial(p, us) - draughtsMaterial(p, us.Other())
	}
	best := 1000
	if p.Turn() == us {
		best = -1000
	}
	for _, m := range moves {
		next, _ := p.Play(m)
		v := draughtsValue(next, us, plies-1)
		if p.Turn() == us && v > best || p.Turn() != us && v < best {
			best = v
		}
	}
	return best
}

// TestDraughtsBank proves the draughts bank: every solution passes its
// checker; each shot's moves are the only best moves within its horizon
// (a move that leaves the opponent without a move is accepted by the kind
// whatever the solution says) and win at least two men's worth of material
// or the game; majority captures really
// leave a smaller capture to refuse; backward and king captures are what
// their keys say.
func TestDraughtsBank(t *testing.T) {
	exs := loadBankDir(t, "draughts")
	checkBankGame(t, game.Draughts, exs)
	for _, ex := range exs {
		var p draughtsFENPrompt
		_ = json.Unmarshal(ex.Prompt, &p)
		switch ex.Kind {
		case "draughts.shot":
			var s chessMovesSolution
			_ = json.Unmarshal(ex.Solution, &s)
			pos, _ := draughts.ParseFEN(p.FEN)
			us := pos.Turn()
			start := draughtsMaterial(pos, us) - draughtsMaterial(pos, us.Other())
			const horizon = 5 // plies from the start searched for each student move
			for i, in := range s.Moves {
				m, err := pos.ParseMove(in)
				if err != nil {
					t.Fatalf("%s: %s: %v", ex.Key, in, err)
				}
				if after, _ := pos.Play(m); i%2 == 0 && !after.HasLegalMoves() {
					// A move that leaves the opponent without a move wins
					// the game; the kind accepts any such move.
					pos = after
					continue
				}
				if i%2 == 0 {
					best, second := -1000, -1000
					var bestMove draughts.Move
					for _, c := range pos.LegalMoves() {
						next, _ := pos.Play(c)
						v := draughtsValue(next, us, horizon-1-i)
						if v > best {
							best, second, bestMove = v, best, c
						} else if v > second {
							second = v
						}
					}
					if bestMove != m || second >= best {
						t.Errorf("%s: step %d: %s is not the only best move (best %d, next %d)", ex.Key, i/2, in, best, second)
					}
				}
				pos, _ = pos.Play(m)
			}
			gain := draughtsMaterial(pos, us) - draughtsMaterial(pos, us.Other()) - start
			if gain < 2 && pos.HasLegalMoves() {
				t.Errorf("%s: the shot wins %d, want at least 2", ex.Key, gain)
			}
			if ms := pos.LegalMoves(); len(ms) > 0 && ms[0].IsCapture() {
				t.Errorf("%s: the opponent still has a capture after the shot", ex.Key)
			}
		case "draughts.capture":
			var s chessMoveSolution
			_ = json.Unmarshal(ex.Solution, &s)
			pos, _ := draughts.ParseFEN(p.FEN)
			m, _ := pos.ParseMove(s.Move)
			tags := strings.Join(ex.Tags, " ")
			if strings.Contains(tags, "draughts.capture.majority") && !draughtsHasMinorityCapture(pos) {
				t.Errorf("%s: tagged majority but no smaller capture is refused", ex.Key)
			}
			if strings.Contains(tags, "draughts.capture.king") != pos.At(m.From()).IsKing() {
				t.Errorf("%s: king tag and capturing piece disagree", ex.Key)
			}
			if strings.Contains(ex.Key, "capture-back") {
				if back := (m.To().Row() > m.From().Row()) == (pos.Turn() == draughts.White); !back {
					t.Errorf("%s: %s is not a backward capture", ex.Key, s.Move)
				}
			}
		}
	}
}

// draughtsHasMinorityCapture reports whether some capture the majority
// rule refuses exists in pos.
func draughtsHasMinorityCapture(pos draughts.Position) bool {
	men, kings := pos.Squares(pos.Turn())
	for _, from := range append(men, kings...) {
		for to := 1; to <= 50; to++ {
			_, err := pos.ParseMove(fmt.Sprintf("%dx%d", from.Number(), to))
			var ie *draughts.IllegalMoveError
			if errors.As(err, &ie) && ie.Code() == draughts.CodeMajorityCapture {
				return true
			}
		}
	}
	return false
}
