package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"qixue/rules/chess"
	"qixue/rules/game"
)

// The "help the king" lesson: the black king on e8 is checked by the white
// bishop on b5; in the second position a black bishop can block, in the
// third a black knight can take the bishop.
const (
	lessonKingFEN    = "4k2r/7p/8/1B6/8/8/P7/4K3 b - - 0 1"
	lessonBlockFEN   = "2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1"
	lessonCaptureFEN = "4k3/7p/3n4/1B6/8/8/P7/4K3 b - - 0 1"
)

func TestChessEscapeCheck(t *testing.T) {
	k := chessEscapeKind{}
	prompt := `{"fen":"` + lessonBlockFEN + `"}`
	solution := `{"move":"Bd7"}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"Bd7", "c8d7", "Kf7", "Ke7", "Kd8", "Kf8", "Bc8-d7"} {
		if r := checkKind(t, k, prompt, solution, `{"move":"`+mv+`"}`); r.Outcome != Correct {
			t.Errorf("%s: %+v", mv, r)
		}
	}
	r := checkKind(t, k, prompt, solution, `{"move":"Kd7"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "check") || !strings.Contains(r.Feedback.ZH, "将") {
		t.Errorf("Kd7 walks along the check: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"move":"h6"}`)
	if r.Outcome != Wrong {
		t.Errorf("h6 ignores the check: %+v", r)
	}
	// A demanded method: a king move is then wrong, and the feedback names it.
	blockPrompt := `{"fen":"` + lessonBlockFEN + `","method":"block"}`
	r = checkKind(t, k, blockPrompt, solution, `{"move":"Kf7"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.ZH, "躲将") || !strings.Contains(r.Feedback.ZH, "垫将") || r.Details["method"] != "king" {
		t.Errorf("Kf7 when a block is asked: %+v", r)
	}
	r = checkKind(t, k, blockPrompt, solution, `{"move":"Bd7"}`)
	if r.Outcome != Correct || r.Details["method"] != "block" || !strings.Contains(r.Feedback.ZH, "垫将") {
		t.Errorf("Bd7 when a block is asked: %+v", r)
	}
	capPrompt := `{"fen":"` + lessonCaptureFEN + `","method":"capture"}`
	if r := checkKind(t, k, capPrompt, `{"move":"Nxb5"}`, `{"move":"Nb5"}`); r.Outcome != Correct || r.Details["method"] != "capture" {
		t.Errorf("Nb5 takes the bishop: %+v", r)
	}
	for answer, code := range map[string]string{
		`{"move":"Zz9"}`: "bad_notation",
		`{"move":""}`:    "missing_move",
		`{"mv":"Bd7"}`:   "bad_answer_json",
		`"Bd7"`:          "bad_answer_json",
	} {
		if got := answerErrorCode(t, k, prompt, solution, answer); got != code {
			t.Errorf("%s: code %s, want %s", answer, got, code)
		}
	}
	for _, tc := range []struct{ prompt, solution, code string }{
		{`{"fen":"` + lessonBlockFEN + `","method":"capture"}`, solution, "method_impossible"},
		{`{"fen":"` + lessonBlockFEN + `","method":"block"}`, `{"move":"Kf7"}`, "solution_wrong_method"},
		{`{"fen":"` + lessonBlockFEN + `","method":"jump"}`, solution, "unknown_method"},
		{`{"fen":"4k3/8/8/8/8/8/8/4K3 b - - 0 1"}`, `{"move":"Kd7"}`, "not_in_check"},
		{`{"fen":"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"}`, `{"move":"Kh8"}`, "checkmated"},
		{`{"fen":"` + lessonBlockFEN + `"}`, `{"move":"Kd7"}`, "solution_move_illegal"},
		{`{"fen":"not a fen"}`, solution, ""},
	} {
		err := k.Validate(json.RawMessage(tc.prompt), json.RawMessage(tc.solution))
		var pe *PromptError
		if !errors.As(err, &pe) || tc.code != "" && pe.Code != tc.code {
			t.Errorf("Validate(%s, %s) = %v, want code %q", tc.prompt, tc.solution, err, tc.code)
		}
	}
}

func TestChessAllEscapes(t *testing.T) {
	k := chessAllEscapesKind{}
	prompt := `{"fen":"` + lessonBlockFEN + `"}`
	solution := `{"moves":["Kd8","Ke7","Kf7","Kf8","Bd7"]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		answer  string
		outcome Outcome
		score   float64
	}{
		{`{"moves":["Bd7","Kf8","Kf7","Ke7","Kd8"]}`, Correct, 1},
		{`{"moves":["Bd7","Kf8","Kf7","Ke7","Kd8","e8d8"]}`, Correct, 1},
		{`{"moves":["Bd7","Kf8","Kf7","Ke7"]}`, Partial, 0.8},
		{`{"moves":["Bd7","Kf8","Kf7","Ke7","Kd8","Kd7"]}`, Partial, 0.8},
		{`{"moves":["Kd7"]}`, Wrong, 0},
		{`{"moves":[]}`, Wrong, 0},
	} {
		r := checkKind(t, k, prompt, solution, tc.answer)
		if r.Outcome != tc.outcome || abs(r.Score-tc.score) > 1e-9 {
			t.Errorf("%s: got %s %.2f, want %s %.2f (%s)", tc.answer, r.Outcome, r.Score, tc.outcome, tc.score, r.Feedback.EN)
		}
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["Bd7","??"]}`); got != "bad_notation" {
		t.Errorf("bad notation: %s", got)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"move":"Bd7"}`); got != "moves_required" {
		t.Errorf("single move: %s", got)
	}
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(`{"moves":["Kd8","Ke7"]}`)); err == nil {
		t.Error("Validate accepted an incomplete solution")
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestChessMateIn1(t *testing.T) {
	k := chessMateKind{}
	// Two rooks on the back rank: Rd8# and Rb8... (b8 is covered by the
	// queen) so only Rd8 mates; Qxb1 style blunders are refused.
	prompt := `{"fen":"6k1/5ppp/8/8/8/8/1q3PPP/1R1R2K1 w - - 0 1","n":1}`
	solution := `{"moves":["Rd8#"]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, prompt, solution, `{"move":"Rd8"}`); r.Outcome != Correct {
		t.Errorf("Rd8: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"moves":["d1d8"]}`); r.Outcome != Correct {
		t.Errorf("d1d8: %+v", r)
	}
	r := checkKind(t, k, prompt, solution, `{"move":"Rxb2"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "not check") {
		t.Errorf("Rxb2: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"move":"Rbc1"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "not check") {
		t.Errorf("Rbc1: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"move":"Rb8"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "no rook can reach b8") {
		t.Errorf("Rb8 through the queen: %+v", r)
	}
	r = checkKind(t, k, `{"fen":"6k1/5ppp/8/8/4N3/8/5PPP/R5K1 w - - 0 1","n":1}`, `{"moves":["Ra8#"]}`, `{"move":"Nf6"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "check but not mate") {
		t.Errorf("Nf6+ is check but not mate: %+v", r)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"move":"Rd9"}`); got != "bad_notation" {
		t.Errorf("Rd9: %s", got)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["Rd8","Kh8"]}`); got != "line_ends_with_reply" {
		t.Errorf("even line: %s", got)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["Rd8","Kh8","Rd7"]}`); got != "line_too_long" {
		t.Errorf("long line: %s", got)
	}
	// A position without mate in 1 is refused.
	if err := k.Validate(json.RawMessage(`{"fen":"k7/8/2K5/8/8/8/8/1R6 w - - 0 1","n":1}`), json.RawMessage(`{"moves":["Kc7"]}`)); err == nil {
		t.Error("Validate accepted a mate in 1 with no mate")
	}
	// Stalemate is explained.
	r = checkKind(t, k, `{"fen":"k7/2K5/8/8/8/8/8/1R6 w - - 0 1","n":1}`, `{"moves":["Ra1#"]}`, `{"move":"Rb7"}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "stalemate") {
		t.Errorf("Rb7 stalemates: %+v", r)
	}
}

func TestChessMateIn2(t *testing.T) {
	k := chessMateKind{}
	// Only Kc7 mates in 2: then Ka7 Ra1# or Ka8 Ra1#... the server chooses.
	prompt := `{"fen":"k7/8/2K5/8/8/8/8/1R6 w - - 0 1","n":2}`
	r := checkKind(t, k, prompt, `{"moves":["Kc7"]}`, `{"move":"Kc7"}`)
	if r.Outcome != Continue || r.Reply == "" {
		t.Fatalf("Kc7: %+v", r)
	}
	reply := r.Reply
	// Replies are deterministic.
	for range 3 {
		if r2 := checkKind(t, k, prompt, `{"moves":["Kc7"]}`, `{"move":"Kc7"}`); r2.Reply != reply {
			t.Fatalf("reply %s then %s", reply, r2.Reply)
		}
	}
	solution, _ := json.Marshal(map[string]any{"moves": []string{"Kc7", reply, "Ra1#"}})
	if err := k.Validate(json.RawMessage(prompt), solution); err != nil {
		t.Fatalf("solution Kc7 %s Ra1#: %v", reply, err)
	}
	line := func(ms ...string) string {
		b, _ := json.Marshal(map[string]any{"moves": ms})
		return string(b)
	}
	if r := checkKind(t, k, prompt, string(solution), line("Kc7", reply, "Ra1")); r.Outcome != Correct {
		t.Errorf("Ra1: %+v", r)
	}
	if r := checkKind(t, k, prompt, string(solution), line("Kc7", reply, "Rb2")); r.Outcome != Wrong {
		t.Errorf("Rb2: %+v", r)
	}
	if got := answerErrorCode(t, k, prompt, string(solution), line("Kc7", "Kb8", "Ra1")); reply != "Kb8" && got != "reply_mismatch" {
		t.Errorf("a reply the server did not give: %s", got)
	}
	r = checkKind(t, k, prompt, string(solution), line("Rb2"))
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "does not mate in 2") {
		t.Errorf("Rb2 first: %+v", r)
	}
	if got := answerErrorCode(t, k, prompt, string(solution), line("Rb2", "Ka7", "Ra2")); got != "line_ended" {
		t.Errorf("line after a wrong move: %s", got)
	}
}

func TestChessBestMove(t *testing.T) {
	k := chessBestKind{}
	prompt := `{"fen":"k7/8/2K5/8/8/8/8/1R6 w - - 0 1"}`
	solution := `{"moves":["Kc7","Ka7","Ra1#"]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	r := checkKind(t, k, prompt, solution, `{"moves":["Kc7"]}`)
	if r.Outcome != Continue || r.Reply != "Ka7" {
		t.Fatalf("Kc7: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"moves":["Kc7","Ka7","Ra1"]}`); r.Outcome != Correct {
		t.Errorf("Ra1: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"moves":["Kb6"]}`); r.Outcome != Wrong {
		t.Errorf("Kb6: %+v", r)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["Kc7","Ka8","Ra1"]}`); got != "reply_mismatch" {
		t.Errorf("reply mismatch: %s", got)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"moves":["Kc7","Ka7","Ra1","Kb8","Rb1"]}`); got != "line_ended" {
		t.Errorf("too long: %s", got)
	}
	// A mate that is not the solution's move is always right.
	prompt = `{"fen":"6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1"}`
	solution = `{"moves":["Ra8#"]}`
	if r := checkKind(t, k, prompt, solution, `{"move":"Rb8"}`); r.Outcome != Correct {
		t.Errorf("Rb8 mates too: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"move":"Ra7"}`)
	if r.Outcome != Wrong || r.Feedback.ZH == "" {
		t.Errorf("Ra7: %+v", r)
	}
}

func TestChessPieceMoves(t *testing.T) {
	k := chessPieceMovesKind{}
	prompt := `{"fen":"` + "4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1" + `","square":"b1"}`
	solution := `{"squares":["a3","c3"]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, prompt, solution, `{"squares":["C3","a3"]}`); r.Outcome != Correct {
		t.Errorf("a3 c3: %+v", r)
	}
	r := checkKind(t, k, prompt, solution, `{"squares":["a3","d2"]}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "d2") {
		t.Errorf("d2 holds its own pawn: %+v", r)
	}
	r = checkKind(t, k, prompt, solution, `{"squares":["a3"]}`)
	if r.Outcome != Partial || r.Score != 0.5 {
		t.Errorf("a3 only: %+v", r)
	}
	if got := answerErrorCode(t, k, prompt, solution, `{"squares":["z9"]}`); got != "bad_square" {
		t.Errorf("z9: %s", got)
	}
	// A pinned knight cannot move: the empty set is right.
	pinned := `{"fen":"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1","square":"e2"}`
	if err := k.Validate(json.RawMessage(pinned), json.RawMessage(`{"squares":[]}`)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, pinned, `{"squares":[]}`, `{"squares":[]}`); r.Outcome != Correct {
		t.Errorf("pinned, none: %+v", r)
	}
	r = checkKind(t, k, pinned, `{"squares":[]}`, `{"squares":["c3"]}`)
	if r.Outcome != Wrong || !strings.Contains(r.Feedback.EN, "check") {
		t.Errorf("pinned, c3: %+v", r)
	}
	if err := k.Validate(json.RawMessage(`{"fen":"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1","square":"e8"}`), json.RawMessage(`{"squares":[]}`)); err == nil {
		t.Error("Validate accepted the opponent's piece")
	}
}

// TestChessBank proves the chess bank: every solution passes its checker,
// mates are exact, only-move lines have one winning move at each step
// (lines that win material are proved by TestChessTacticsWinMaterial), and
// the seed's lesson and annotated game are what the exercises say.
func TestChessBank(t *testing.T) {
	exs := loadBankDir(t, "chess")
	checkBankGame(t, game.Chess, exs)
	byKey := map[string]Exercise{}
	for _, ex := range exs {
		byKey[ex.Key] = ex
		var p struct {
			FEN string `json:"fen"`
			N   int    `json:"n"`
		}
		var s struct {
			Moves []string `json:"moves"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		_ = json.Unmarshal(ex.Solution, &s)
		switch ex.Kind {
		case "chess.mate_in":
			pos, _ := chess.ParseFEN(p.FEN)
			if d := pos.MateDistance(p.N); d != p.N {
				t.Errorf("%s: a mate in %d has its shortest mate in %d", ex.Key, p.N, d)
			}
			if !strings.Contains(strings.Join(ex.Tags, " "), fmt.Sprintf("chess.mate.%d", p.N)) {
				t.Errorf("%s: tags %v lack chess.mate.%d", ex.Key, ex.Tags, p.N)
			}
		case "chess.best_move":
			if chessWinsMaterial(ex) {
				continue // proved by material: TestChessTacticsWinMaterial
			}
			pos, _ := chess.ParseFEN(p.FEN)
			for i, in := range s.Moves {
				m, err := pos.ParseMove(in)
				if err != nil {
					t.Fatalf("%s: %s: %v", ex.Key, in, err)
				}
				if i%2 == 0 {
					left := (len(s.Moves) - i + 1) / 2
					wins := pos.MateIn(left)
					if len(wins) != 1 || wins[0] != m {
						t.Errorf("%s: step %d: %d winning moves (mate in %d), want only %s", ex.Key, i/2, len(wins), left, in)
					}
				}
				pos, _ = pos.Play(m)
			}
			if pos.Outcome().Method != chess.Checkmate {
				t.Errorf("%s: the line does not end in mate", ex.Key)
			}
		}
	}
	// The three positions of the "help the king" lesson: a white bishop
	// checks the black king; escape by the king, a black bishop's block and
	// a black knight's capture.
	for i, want := range []struct {
		method string
		piece  chess.PieceType
	}{{"king", chess.King}, {"block", chess.Bishop}, {"capture", chess.Knight}} {
		ex, ok := byKey[fmt.Sprintf("chess/escape-lesson-%d", i+1)]
		if !ok {
			t.Fatalf("lesson position %d missing", i+1)
		}
		var p chessEscapePrompt
		var s chessMoveSolution
		_ = json.Unmarshal(ex.Prompt, &p)
		_ = json.Unmarshal(ex.Solution, &s)
		pos, _ := chess.ParseFEN(p.FEN)
		esc, err := pos.Escapes()
		if err != nil || pos.Turn() != chess.Black || len(esc.Checkers) != 1 || esc.Checkers[0].Piece != chess.NewPiece(chess.White, chess.Bishop) {
			t.Errorf("lesson %d: not a white bishop's check on the black king", i+1)
		}
		m, _ := pos.ParseMove(s.Move)
		if p.Method != want.method || pos.PieceAt(m.From()).Type() != want.piece {
			t.Errorf("lesson %d: method %s by %s, want %s by %s", i+1, p.Method, pos.PieceAt(m.From()).Type(), want.method, want.piece)
		}
	}
	// The annotated game: the engine stops at Black's 26th move, Ne4, and
	// the knight exercise starts from the position before it.
	mistake := byKey["chess/mistake-002"]
	parts := strings.Split(mistake.Body.EN, "`")
	if len(parts) < 3 {
		t.Fatal("chess/mistake-002: no game in the body")
	}
	g := chess.ParsePGN(parts[1])[0]
	if g.Err == nil || g.Err.Number != 26 || g.Err.Side != chess.Black || g.Err.Text != "Ne4" || g.Err.Code() != chess.ReasonNoPieceCanReach {
		t.Fatalf("chess/mistake-002: engine reports %v", g.Err)
	}
	var cp choicePrompt
	var cs choiceSolution
	_ = json.Unmarshal(mistake.Prompt, &cp)
	_ = json.Unmarshal(mistake.Solution, &cs)
	if got := cp.Options[cs.Correct[0]].EN; got != "26...Ne4" {
		t.Errorf("chess/mistake-002: correct option %q", got)
	}
	var kp chessPiecePrompt
	_ = json.Unmarshal(byKey["chess/mistake-001"].Prompt, &kp)
	if kp.FEN != g.Final().FEN() {
		t.Errorf("chess/mistake-001: FEN %s, the game before 26...Ne4 is %s", kp.FEN, g.Final().FEN())
	}
	// The first-move count.
	var ns numberSolution
	_ = json.Unmarshal(byKey["chess/rules-g46-001"].Solution, &ns)
	if n := len(chess.StartPosition().LegalMoves()); *ns.Value != float64(n) {
		t.Errorf("chess/rules-g46-001: %v first moves, the engine counts %d", *ns.Value, n)
	}
}

// "Help the king": any legal escape is right; when the prompt demands a
// method, the feedback names the one the student used.
func Example_chessEscapeCheck() {
	k, _ := KindByName("chess.escape_check")
	prompt := json.RawMessage(`{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1","method":"block"}`)
	solution := json.RawMessage(`{"move":"Bd7"}`)
	for _, move := range []string{"Bd7", "Kf7", "Kd7"} {
		res, _ := k.Check(prompt, solution, Submission{Answer: json.RawMessage(`{"move":"` + move + `"}`)})
		fmt.Printf("%s: %s\n", res.Outcome, res.Feedback.EN)
	}
	// Output:
	// correct: Right! The bishop goes to d7: that helps the king by blocking the check.
	// wrong: The king goes to f7: that does get out of check, by moving the king away; but this puzzle asks for blocking the check.
	// wrong: That move (Kd7) is not allowed: your king is in check and this move does not get it out of check
}

// chessCPUTime returns the CPU time this process has used: the machine's
// two cores are shared, so the benchmark also reports CPU time per check.
func chessCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkChessDraughtsChecks grades one answer per op (right ones, and a
// wrong mate): the caches are warm after the first op, as they are when
// many students answer the same exercise.
func BenchmarkChessDraughtsChecks(b *testing.B) {
	cases := []struct{ name, kind, prompt, solution, answer string }{
		{"escape", "chess.escape_check", `{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1"}`, `{"move":"Bd7"}`, `{"move":"Bd7"}`},
		{"all_escapes", "chess.all_escapes", `{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1"}`, `{"moves":["Kd8","Ke7","Kf7","Kf8","Bd7"]}`, `{"moves":["Kd8","Ke7","Kf7","Bd7"]}`},
		{"mate1", "chess.mate_in", `{"fen":"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4","n":1}`, `{"moves":["Qxf7#"]}`, `{"move":"Qxf7"}`},
		{"mate1_wrong", "chess.mate_in", `{"fen":"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4","n":1}`, `{"moves":["Qxf7#"]}`, `{"move":"Qxe5+"}`},
		{"mate2_step2", "chess.mate_in", `{"fen":"5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1","n":2}`, `{"moves":["Qg8+","Rxg8","Nf7#"]}`, `{"moves":["Qg8+","Rxg8","Nf7#"]}`},
		{"best_move", "chess.best_move", `{"fen":"5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1"}`, `{"moves":["Qg8+","Rxg8","Nf7#"]}`, `{"moves":["Qg8+"]}`},
		{"piece_moves", "chess.piece_moves", `{"fen":"4k3/8/8/8/3N4/8/8/4K3 w - - 0 1","square":"d4"}`, `{"squares":["b3","b5","c2","c6","e2","e6","f3","f5"]}`, `{"squares":["b3","b5","c2"]}`},
		{"draughts_capture", "draughts.capture", `{"fen":"W:W32,33,38:B9,18,19,27,28"}`, `{"move":"32x3"}`, `{"move":"33x22"}`},
		{"draughts_shot", "draughts.shot", `{"fen":"W:W28,29,33,39:B9,12,17,18,27,30"}`, `{"moves":["28-22","17x28","33x4"]}`, `{"moves":["28-22","17x28","33x4"]}`},
	}
	for _, c := range cases {
		k, _ := KindByName(c.kind)
		b.Run(c.name, func(b *testing.B) {
			cpu := chessCPUTime()
			for b.Loop() {
				if _, err := k.Check(json.RawMessage(c.prompt), json.RawMessage(c.solution), Submission{Answer: json.RawMessage(c.answer)}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((chessCPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestChessChecksConcurrent runs the chess checkers (and their shared
// caches) from several goroutines at once; run it with -race.
func TestChessChecksConcurrent(t *testing.T) {
	type job struct {
		kind             string
		prompt, solution json.RawMessage
		step             solutionStep
	}
	var jobs []job
	for _, c := range fuzzCasesA[2:7] { // the chess cases
		ex := Exercise{Key: c.kind, Kind: c.kind, Prompt: json.RawMessage(c.prompt), Solution: json.RawMessage(c.solution)}
		for _, st := range solutionAnswers(t, ex) {
			jobs = append(jobs, job{c.kind, ex.Prompt, ex.Solution, st})
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				j := jobs[(g+i)%len(jobs)]
				k, _ := KindByName(j.kind)
				res, err := k.Check(j.prompt, j.solution, Submission{Answer: j.step.answer})
				if err != nil || res.Outcome != j.step.outcome || res.Reply != j.step.reply {
					errs <- fmt.Errorf("%s %s: %+v %v", j.kind, j.step.answer, res, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestChessMateInEveryDefence checks a Lichess-style mate in 2 whose
// solution line takes a defence other than the server's (the server
// answers Nxf6+ with Qxf6, ties going to the smallest UCI move): the line
// is accepted when authored and when a student sends it, with every
// defence.
func TestChessMateInEveryDefence(t *testing.T) {
	k := chessMateKind{}
	prompt := `{"fen":"3q1rk1/5ppp/5n2/7Q/4N3/3B4/5PPP/6K1 w - - 0 1","n":2}`
	if r := checkKind(t, k, prompt, `{"moves":["Nxf6+","Qxf6","Qxh7#"]}`, `{"moves":["Nxf6+"]}`); r.Outcome != Continue || r.Reply != "Qxf6" {
		t.Fatalf("Nxf6+: %+v", r)
	}
	for _, reply := range []string{"gxf6", "Qxf6", "Kh8"} {
		solution := `{"moves":["Nxf6+","` + reply + `","Qxh7#"]}`
		if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
			t.Errorf("solution with %s: %v", reply, err)
		}
		if r := checkKind(t, k, prompt, `{"moves":["Nxf6+","Qxf6","Qxh7#"]}`, solution); r.Outcome != Correct {
			t.Errorf("student line with %s: %+v", reply, r)
		}
	}
	if got := answerErrorCode(t, k, prompt, `{"moves":["Nxf6+","Qxf6","Qxh7#"]}`, `{"moves":["Nxf6+","Kh7","Qxh7#"]}`); got != "reply_mismatch" {
		t.Errorf("an illegal reply: %s", got)
	}
	err := k.Validate(json.RawMessage(prompt), json.RawMessage(`{"moves":["Nxf6+","Kh7","Qxh7#"]}`))
	if pe, ok := err.(*PromptError); !ok || pe.Code != "solution_reply_mismatch" {
		t.Errorf("solution with an illegal reply: %v", err)
	}
}
