package exercises

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/game"
	"qixue/rules/numchess"
)

func TestCheckHints(t *testing.T) {
	mate := Exercise{Key: "chess/x", Kind: "chess.mate_in",
		Prompt:   json.RawMessage(`{"fen":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1","n":1}`),
		Solution: json.RawMessage(`{"moves":["Ra8#"],"explanation":{"zh-CN":"Ra8# 底线","en":"Ra8# back rank"}}`)}
	hint := func(zh, en string, sq ...string) Hint { return Hint{Text: domain.Text{ZH: zh, EN: en}, Squares: sq} }
	choice := Exercise{Kind: "choice", Prompt: json.RawMessage(`{"game":"chess","options":[{"zh-CN":"王车易位","en":"Castling"},{"zh-CN":"吃过路兵","en":"En passant"}]}`),
		Solution: json.RawMessage(`{"correct":[1]}`)}
	number := Exercise{Kind: "number", Prompt: json.RawMessage(`{"game":"chess"}`), Solution: json.RawMessage(`{"value":2}`)}
	for _, c := range []struct {
		name  string
		ex    Exercise
		hints []Hint
		code  string // "" when accepted
		field string
	}{
		{"three steps, the last gives it away", mate, []Hint{hint("先看将军", "Look at checks"), hint("用车", "Use the rook", "a1"), hint("Ra8#", "Ra8#", "a1", "a8")}, "", ""},
		{"four hints", mate, []Hint{hint("a", "a"), hint("b", "b"), hint("c", "c"), hint("d", "d")}, "too_many_hints", "hints"},
		{"one language only", mate, []Hint{hint("先看将军", "")}, "hint_text_required", "hints[0].text"},
		{"square off the board", mate, []Hint{hint("看", "Look", "i9")}, "hint_square_off_board", "hints[0].squares[0]"},
		{"answer before the last hint", mate, []Hint{hint("走 Ra8#", "Play Ra8#"), hint("底线", "Back rank")}, "hint_gives_answer", "hints[0].text"},
		{"correct option before the last", choice, []Hint{hint("是吃过路兵", "It is en passant"), hint("兵", "Pawns")}, "hint_gives_answer", "hints[0].text"},
		{"a wrong option may be named", choice, []Hint{hint("不是王车易位", "Not castling"), hint("兵", "Pawns")}, "", ""},
		{"the number only as a whole number", number, []Hint{hint("想想 12 格", "Think of 12 squares"), hint("是 2", "It is 2")}, "", ""},
		{"the number as a number", number, []Hint{hint("是 2 种", "2 ways"), hint("数一数", "Count")}, "hint_gives_answer", "hints[0].text"},
		{"draughts squares are numbers 1-50", Exercise{Kind: "draughts.capture", Prompt: json.RawMessage(`{"fen":"W:W24:B29"}`), Solution: json.RawMessage(`{"move":"24x33"}`)},
			[]Hint{hint("看", "Look", "24", "29"), hint("看", "Look", "51")}, "hint_square_off_board", "hints[1].squares[0]"},
		{"no game, no squares", Exercise{Kind: "choice", Prompt: json.RawMessage(`{"options":[]}`), Solution: json.RawMessage(`{"correct":[]}`)},
			[]Hint{hint("看", "Look", "e4")}, "hint_square_off_board", "hints[0].squares[0]"},
	} {
		c.ex.Hints = c.hints
		err := CheckHints(c.ex)
		var pe *PromptError
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.code != "" && (!errors.As(err, &pe) || pe.Code != c.code || pe.Field != c.field || pe.Message.ZH == "" || pe.Message.EN == ""):
			t.Errorf("%s: got %v, want %s at %s", c.name, err, c.code, c.field)
		}
	}
}

func TestMaxStars(t *testing.T) {
	for _, c := range []struct {
		outcome      Outcome
		first        bool
		hints, stars int
	}{
		{Correct, true, 0, 3}, {Correct, true, 1, 2}, {Correct, true, 2, 1}, {Correct, true, 3, 1},
		{Correct, false, 0, 2}, {Correct, false, 1, 2}, {Correct, false, 2, 1},
		{Partial, true, 0, 1}, {Partial, true, 3, 1}, {Wrong, true, 0, 0}, {Wrong, false, 2, 0},
	} {
		if got := MaxStars(c.outcome, c.first, c.hints); got != c.stars {
			t.Errorf("%s first=%v hints=%d: %d stars, want %d", c.outcome, c.first, c.hints, got, c.stars)
		}
	}
}

// TestBankHints: the bank's hints pass CheckHints (LoadBank checks it),
// every G23 puzzle of every game (all kinds but the generic questions)
// carries at least one hint, and so does every G46 puzzle of the themed
// tactics files (*tactics*.json).
func TestBankHints(t *testing.T) {
	hinted := map[game.Name]int{}
	err := fs.WalkDir(bankFS, "bank", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".json" {
			return err
		}
		tactics := strings.Contains(path.Base(p), "tactics")
		data, err := fs.ReadFile(bankFS, p)
		if err != nil {
			return err
		}
		var entries []bankEntry
		if err := json.Unmarshal(data, &entries); err != nil {
			return err
		}
		for _, e := range entries {
			if !(e.Band == G23 || tactics && e.Band == G46) || e.Kind == "choice" || e.Kind == "number" {
				continue
			}
			if len(e.Hints) == 0 {
				t.Errorf("%s (%s): a %s puzzle without hints", e.Key, p, e.Band)
				continue
			}
			hinted[GameOf(Exercise{Key: e.Key, Kind: e.Kind, Prompt: e.Prompt})]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []game.Name{game.Chess, game.Draughts, game.Gomoku, game.NumChess} {
		if hinted[g] == 0 {
			t.Errorf("no G23 puzzle of %s has hints", g)
		}
	}
}

// TestBankHintsFollowSolutions: a hint that lights up the piece to move
// or the points to land on agrees with the stored solution, so a
// solution changed later cannot leave a hint pointing elsewhere: in
// number chess the piece's point and its landing points, in chess the
// square of the first move's piece.
func TestBankHintsFollowSolutions(t *testing.T) {
	bank, err := Bank()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, ex := range bank {
		if len(ex.Hints) < 2 || slices.EqualFunc(ex.Hints, DeriveHints(ex), hintEqual) {
			continue // derived hints are read off the solution (hints_derive_test.go)
		}
		switch ex.Kind {
		case "numchess.move":
			var s struct {
				Move string `json:"move"`
			}
			json.Unmarshal(ex.Solution, &s)
			m, err := numchess.ParseMove(s.Move)
			if err != nil {
				t.Fatalf("%s: %v", ex.Key, err)
			}
			want := []string{m.From.String()}
			for _, q := range m.Path {
				want = append(want, q.String())
			}
			last := ex.Hints[len(ex.Hints)-1].Squares
			if !slices.Equal(ex.Hints[1].Squares, want[:1]) || (len(ex.Hints) == 3 && !slices.Equal(last, want)) {
				t.Errorf("%s: hints light %v and %v, the solution %s moves from %v", ex.Key, ex.Hints[1].Squares, last, s.Move, want)
			}
			checked++
		case "chess.mate_in", "chess.escape_check":
			var p struct {
				FEN string `json:"fen"`
			}
			var s struct {
				Move  string   `json:"move"`
				Moves []string `json:"moves"`
			}
			json.Unmarshal(ex.Prompt, &p)
			json.Unmarshal(ex.Solution, &s)
			first := s.Move
			if first == "" {
				first = s.Moves[0]
			}
			pos, err := chess.ParseFEN(p.FEN)
			if err != nil {
				t.Fatal(err)
			}
			m, err := pos.ParseMove(first)
			if err != nil {
				t.Fatalf("%s: %v", ex.Key, err)
			}
			if !slices.Equal(ex.Hints[1].Squares, []string{m.From().String()}) {
				t.Errorf("%s: the second hint lights %v, the solution's %s moves from %s", ex.Key, ex.Hints[1].Squares, first, m.From())
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("only %d hints checked against their solutions", checked)
	}
}

func hintEqual(a, b Hint) bool { return a.Text == b.Text && slices.Equal(a.Squares, b.Squares) }
