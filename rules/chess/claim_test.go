package chess

import (
	"errors"
	"strings"
	"testing"
)

// gameAfter starts a game from fen ("" for the start position) and plays
// the moves, failing the test on a refused move.
func gameAfter(t *testing.T, fen string, moves ...string) *Game {
	t.Helper()
	start := StartPosition()
	if fen != "" {
		start = mustFEN(t, fen)
	}
	g := NewGame(start)
	for _, s := range moves {
		if err := g.PlayMove(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return g
}

func TestClaimDrawWith(t *testing.T) {
	cases := []struct {
		name        string
		fen         string // "" for the start position
		moves       []string
		claim       string // the intended move
		want        Method
		occurrences int
		halfmoves   int
		en, zh      string // expected in the messages
	}{
		{
			name:  "knight shuffle: the intended move repeats the start position a third time",
			moves: []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}, claim: "Ng8",
			want: ThreefoldRepetition, occurrences: 3, halfmoves: 8,
			en: "draw (threefold repetition): after Ng8 the same position will have appeared 3 times",
			zh: "和棋（同一局面出现三次）：走 Ng8 后同一局面将出现 3 次",
		},
		{
			name:  "knight shuffle: a second appearance is not enough",
			moves: []string{"Nf3", "Nf6", "Ng1"}, claim: "Ng8",
			want: Ongoing, occurrences: 2, halfmoves: 4,
			en: "the draw claim is not correct: after Ng8 the same position will have appeared 2 times (3 are needed) and 2 moves by each player",
			zh: "和棋申请不成立：走 Ng8 后同一局面只出现 2 次（需要 3 次），双方连续没有吃子也没有走兵的回合数是 2（需要 50）；这步 Ng8 必须走出",
		},
		{
			name:  "knight shuffle: another move does not repeat anything",
			moves: []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}, claim: "Nc6",
			want: Ongoing, occurrences: 1, halfmoves: 8,
		},
		{
			name: "fifty moves completed by the intended move",
			fen:  "k7/8/8/8/8/8/8/1R5K w - - 99 80", claim: "Rb2",
			want: FiftyMoves, occurrences: 1, halfmoves: 100,
			en: "draw (fifty-move rule): after Rb2 the last 50 moves by each player will have been made without a capture or a pawn move",
			zh: "和棋（五十回合规则）：走 Rb2 后双方已连续 50 回合没有吃子，也没有走兵",
		},
		{
			name: "one move short of fifty",
			fen:  "k7/8/8/8/8/8/8/1R5K w - - 98 80", claim: "Rb2",
			want: Ongoing, occurrences: 1, halfmoves: 99,
			en: "49 moves by each player will have been made without a capture or a pawn move (50 are needed); Rb2 must be played",
		},
		{
			name: "a capture as the intended move starts the count again",
			fen:  "k7/8/8/8/8/8/1p6/1R5K w - - 99 80", claim: "Rxb2",
			want: Ongoing, occurrences: 1, halfmoves: 0,
			en: "the draw claim is not correct: Rxb2 is a capture or a pawn move",
			zh: "和棋申请不成立：Rxb2 是吃子或走兵",
		},
		{
			name: "a pawn move as the intended move starts the count again",
			fen:  "k7/8/8/8/8/8/P7/1R5K w - - 99 80", claim: "a3",
			want: Ongoing, occurrences: 1, halfmoves: 0,
		},
		{
			name: "the intended move would mate, but it is not played: the claim stands",
			fen:  "k7/8/1K6/8/8/8/8/7R w - - 99 80", claim: "Rh8#",
			want: FiftyMoves, occurrences: 1, halfmoves: 100,
		},
		{
			name: "an impossible en passant does not make the first appearance different",
			fen:  "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
			// After e4 the FEN has e3 as en-passant square, but no black
			// pawn can capture there.
			moves: []string{"e4", "Kd7", "Kd2", "Ke8", "Ke1", "Kd7", "Kd2", "Ke8"}, claim: "Ke1",
			want: ThreefoldRepetition, occurrences: 3, halfmoves: 8,
		},
		{
			name: "a lost castling right makes the first appearance different",
			fen:  "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
			// The start position had white's queen-side castling right;
			// after Kd1 and back it is the same placement without it.
			moves: []string{"Kd1", "Kd8", "Ke1", "Ke8", "Kd1", "Kd8", "Ke1"}, claim: "Ke8",
			want: Ongoing, occurrences: 2, halfmoves: 8,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gameAfter(t, c.fen, c.moves...)
			before := g.Position().FEN()
			m, err := g.Position().ParseMove(c.claim)
			if err != nil {
				t.Fatal(err)
			}
			checked, err := g.CheckDrawClaim(m)
			if err != nil {
				t.Fatal(err)
			}
			if g.Position().FEN() != before || len(g.Moves()) != len(c.moves) {
				t.Fatal("CheckDrawClaim changed the game")
			}
			got, err := g.ClaimDrawWith(m)
			if err != nil {
				t.Fatal(err)
			}
			if got != checked {
				t.Errorf("ClaimDrawWith %+v, CheckDrawClaim %+v", got, checked)
			}
			if got.Method != c.want || got.Occurrences != c.occurrences || got.Halfmoves != c.halfmoves {
				t.Errorf("claim %s: %v, %d occurrences, halfmoves %d; want %v, %d, %d",
					c.claim, got.Method, got.Occurrences, got.Halfmoves, c.want, c.occurrences, c.halfmoves)
			}
			if got.Correct() != (c.want != Ongoing) {
				t.Errorf("Correct() = %v", got.Correct())
			}
			if got.SAN != c.claim || !got.Move.same(m) {
				t.Errorf("claimed move %s %s, want %s", got.SAN, got.Move, c.claim)
			}
			// A correct claim draws the game without the move; an incorrect
			// one leaves the game going on with the move played (FIDE 9.5.3).
			if c.want != Ongoing {
				if g.Position().FEN() != before || len(g.Moves()) != len(c.moves) {
					t.Error("a correct claim must not play the move")
				}
			} else if n := len(g.Moves()); n != len(c.moves)+1 || !g.Moves()[n-1].same(m) {
				t.Errorf("an incorrect claim must play %s: moves %v", c.claim, g.Moves())
			}
			if en := got.Message("en"); !strings.Contains(en, c.en) {
				t.Errorf("en message %q, want it to contain %q", en, c.en)
			}
			if zh := got.Message("zh-CN"); !strings.Contains(zh, c.zh) {
				t.Errorf("zh message %q, want it to contain %q", zh, c.zh)
			}
		})
	}
}

func TestClaimDrawWithMatesWithoutPlaying(t *testing.T) {
	// The fifty-move case above claims with Rh8, which would mate: make sure
	// it really does, so that the case tests what it says.
	p := mustFEN(t, "k7/8/1K6/8/8/8/8/7R w - - 99 80")
	m, err := p.ParseMove("Rh8")
	if err != nil {
		t.Fatal(err)
	}
	next, err := p.Play(m)
	if err != nil || next.Outcome().Method != Checkmate {
		t.Fatalf("Rh8 should mate: %v %v", next.Outcome(), err)
	}
}

func TestClaimDrawWithRefused(t *testing.T) {
	cases := []struct {
		name   string
		fen    string
		moves  []string
		claim  string // UCI
		reason string
	}{
		{"illegal intended move", "", nil, "e2e5", ReasonCannotMove},
		{"no piece", "", nil, "e3e4", ReasonNoPiece},
		{"king left in check", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", nil, "e1f1", ReasonKingInCheck},
		{"game over by checkmate", "", []string{"f3", "e5", "g4", "Qh4#"}, "e1f2", ReasonGameOver},
		{"game over by fivefold repetition", "",
			[]string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"},
			"b1a3", ReasonGameOver},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gameAfter(t, c.fen, c.moves...)
			before := g.Position().FEN()
			m, err := ParseUCI(c.claim)
			if err != nil {
				t.Fatal(err)
			}
			for _, claim := range []func(Move) (DrawClaim, error){g.CheckDrawClaim, g.ClaimDrawWith} {
				got, err := claim(m)
				var ie *IllegalMoveError
				if !errors.As(err, &ie) || ie.Reason != c.reason {
					t.Fatalf("claim %s: %+v %v, want reason %s", c.claim, got, err, c.reason)
				}
				if got != (DrawClaim{}) || g.Position().FEN() != before || len(g.Moves()) != len(c.moves) {
					t.Errorf("a refused claim must leave the game unchanged: %+v %s", got, g.Position().FEN())
				}
			}
		})
	}
}

func TestRepetitionKey(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		same bool
	}{
		{"en-passant square no pawn can reach",
			"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", true},
		{"en passant by a pawn pinned along the rank (illegal)",
			"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", true},
		{"en passant that does not answer a check (illegal)",
			"k7/8/8/8/3pP3/8/8/R3K3 b - e3 0 1", "k7/8/8/8/3pP3/8/8/R3K3 b - - 0 1", true},
		{"en passant along the line of a diagonal pin (legal)",
			"8/k7/8/8/3pP3/8/8/4K1B1 b - e3 0 1", "8/k7/8/8/3pP3/8/8/4K1B1 b - - 0 1", false},
		{"en passant possible",
			"8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1", "8/8/8/8/3pP3/8/8/k3K3 b - - 0 1", false},
		{"castling right",
			"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "r3k3/8/8/8/8/8/8/4K3 b - - 0 1", false},
		{"castling right temporarily unusable (path attacked) is still a right",
			"r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "r3k3/8/8/8/8/8/8/3RK3 b - - 0 1", false},
		{"side to move",
			"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", false},
		{"move counters do not count",
			"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 w - - 37 90", true},
	}
	for _, c := range cases {
		a, b := mustFEN(t, c.a), mustFEN(t, c.b)
		if got := a.repetitionKey() == b.repetitionKey(); got != c.same {
			t.Errorf("%s: same key = %v, want %v", c.name, got, c.same)
		}
	}
}
