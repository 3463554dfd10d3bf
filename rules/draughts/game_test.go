package draughts

import (
	"strings"
	"testing"
)

// kingWalk plays n king moves without capture, never repeating a position,
// backtracking when stuck. It fails the test when no such walk exists.
func kingWalk(t *testing.T, g *Game, n int) {
	t.Helper()
	walkWithMan(t, g, n, -1)
}

// walkWithMan is kingWalk where ply manAt (0-based) is a man move instead.
func walkWithMan(t *testing.T, g *Game, n, manAt int) {
	t.Helper()
	seen := map[Position]bool{g.Position(): true}
	var walk func(k int) bool
	walk = func(k int) bool {
		if k == n {
			return true
		}
		p := g.Position()
		for _, m := range p.LegalMoves() {
			if m.IsCapture() || p.At(m.From()).IsKing() == (k == manAt) {
				continue
			}
			next, _ := p.Play(m)
			if seen[next] || next.LegalMoves()[0].IsCapture() {
				continue
			}
			if err := g.Play(m); err != nil {
				continue
			}
			seen[next] = true
			if walk(k + 1) {
				return true
			}
			delete(seen, next)
			g.moves = g.moves[:len(g.moves)-1]
			g.positions = g.positions[:len(g.positions)-1]
		}
		return false
	}
	if !walk(0) {
		t.Fatalf("no king walk of %d plies from %s", n, g.Position())
	}
}

func newGame(t *testing.T, fen string) *Game {
	t.Helper()
	return NewGame(mustFEN(t, fen))
}

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		if _, err := g.PlayNotation(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestThreefoldRepetition(t *testing.T) {
	g := newGame(t, "W:WK48,K50,36:BK1,K4,15")
	playAll(t, g, "50-44 4-10 44-50 10-4 50-44 4-10 44-50")
	if o := g.Outcome(); o.Result != Ongoing {
		t.Fatalf("after 7 plies: %+v", o)
	}
	playAll(t, g, "10-4")
	if o := g.Outcome(); o.Result != Draw || o.Reason != ReasonRepetition {
		t.Fatalf("third occurrence: %+v", o)
	}
	_, err := g.PlayNotation("50-44")
	if ie, ok := err.(*IllegalMoveError); !ok || ie.Code() != CodeGameOver {
		t.Errorf("move after the end: %v", err)
	}
}

func TestRepetitionNeedsSameSideToMove(t *testing.T) {
	// A man move in between makes earlier positions unreachable.
	g := newGame(t, "W:WK48,K50,36:BK1,K4,15")
	playAll(t, g, "50-44 4-10 44-50 10-4 50-44 15-20 44-50 4-10 50-44 10-4")
	if o := g.Outcome(); o.Result != Ongoing {
		t.Fatalf("%+v", o)
	}
	playAll(t, g, "44-50 4-10 50-44 10-4")
	if o := g.Outcome(); o.Result != Draw || o.Reason != ReasonRepetition {
		t.Fatalf("%+v", o)
	}
}

func TestTwentyFiveKingMoves(t *testing.T) {
	g := newGame(t, "W:WK48,K50,36:BK1,K4,15")
	kingWalk(t, g, 49)
	if o := g.Outcome(); o.Result != Ongoing {
		t.Fatalf("after 49 plies: %+v", o)
	}
	kingWalk(t, g, 1)
	if o := g.Outcome(); o.Result != Draw || o.Reason != ReasonKingMoves {
		t.Fatalf("after 50 plies: %+v", o)
	}

	// A man move restarts the count.
	g = newGame(t, "W:WK48,K50,36,41,45:BK1,K4,13,15")
	walkWithMan(t, g, 90, 40)
	if o := g.Outcome(); o.Result != Ongoing {
		t.Fatalf("count was not restarted: %+v", o)
	}
}

func TestEndgameLimits(t *testing.T) {
	tests := []struct {
		fen    string
		plies  int
		reason string
	}{
		{"W:WK48,K50:BK1", 10, ReasonEndgameFiveMoves},     // 2K v K
		{"W:WK48,36:BK1", 10, ReasonEndgameFiveMoves},      // K+M v K
		{"B:WK48:BK1", 10, ReasonEndgameFiveMoves},         // K v K
		{"W:WK47,K48,K50:BK1", 32, ReasonEndgameSixteen},   // 3K v K
		{"B:WK45:BK1,K2,13", 32, ReasonEndgameSixteen},     // Black 2K+M v K
		{"W:WK48,36,37:BK1", 32, ReasonEndgameSixteen},     // K+2M v K
		{"W:WK47,K48,K49,K50:BK1", 50, ReasonKingMoves},    // 4K v K: only the 25-move rule
		{"W:WK48,K50:BK1,K4", 50, ReasonKingMoves},         // 2K v 2K
		{"W:WK47,K48,K50:BK1,15", 50, ReasonKingMoves},     // lone king has a man too
		{"W:WK47,K48,K49,K50:BK1,K4", 50, ReasonKingMoves}, // not a lone king
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen)
		kingWalk(t, g, tt.plies-1)
		if o := g.Outcome(); o.Result != Ongoing {
			t.Errorf("%s after %d plies: %+v", tt.fen, tt.plies-1, o)
			continue
		}
		kingWalk(t, g, 1)
		if o := g.Outcome(); o.Result != Draw || o.Reason != tt.reason {
			t.Errorf("%s after %d plies: %+v, want draw by %s", tt.fen, tt.plies, o, tt.reason)
		}
	}
}

func TestEndgameCaptureKeepsSixteenMoveLimit(t *testing.T) {
	// 3K v K for 20 plies: the 16-move count is running.
	g := newGame(t, "W:WK47,K48,K50:BK1")
	kingWalk(t, g, 20)
	if endgameLimit(g.Position()) != 16 || g.categoryPlies(16) != 20 {
		t.Fatalf("categoryPlies(16) = %d", g.categoryPlies(16))
	}

	// A capture by the lone king leaves 2K v K: the 5-move count starts.
	g2 := newGame(t, "B:WK46,K28,K50:BK5")
	playAll(t, g2, "5x37")
	if endgameLimit(g2.Position()) != 5 || g2.categoryPlies(5) != 0 || g2.categoryPlies(16) != 1 {
		t.Fatalf("after capture: limit %d, plies %d / %d", endgameLimit(g2.Position()), g2.categoryPlies(5), g2.categoryPlies(16))
	}

	// 30 plies of 3K v K, then a capture and 2 more plies of 2K v K: the
	// 16 moves (32 plies) run out before the new 5 moves do.
	three, two := mustFEN(t, "W:WK47,K48,K50:BK2"), mustFEN(t, "W:WK47,K48:BK2")
	h := NewGame(three)
	for i := 1; i <= 32; i++ {
		p := three
		if i > 30 {
			p = two
		}
		p.turn = Color(i % 2)
		h.positions = append(h.positions, p)
		h.moves = append(h.moves, Move{}) // square 1 is empty: not a king move
	}
	if o := h.Outcome(); o.Result != Draw || o.Reason != ReasonEndgameSixteen {
		t.Fatalf("%+v, want draw by the 16-move limit", o)
	}
	h.positions, h.moves = h.positions[:32], h.moves[:31]
	if o := h.Outcome(); o.Result != Ongoing {
		t.Fatalf("after 31 plies: %+v", o)
	}
}

func TestLosses(t *testing.T) {
	tests := []struct {
		fen    string
		result Result
		reason string
	}{
		{"W:W:B1", BlackWins, ReasonNoPieces},
		{"B:W31:B", WhiteWins, ReasonNoPieces},
		{"W:W46:B41,37", BlackWins, ReasonNoMoves},
		{"B:W14,15,19,20:B5,10", WhiteWins, ReasonNoMoves},
		{InitialFEN, Ongoing, ReasonNone},
	}
	for _, tt := range tests {
		o := newGame(t, tt.fen).Outcome()
		if o.Result != tt.result || o.Reason != tt.reason {
			t.Errorf("%s: %+v, want %v %q", tt.fen, o, tt.result, tt.reason)
		}
		if tt.result != Ongoing && (o.Message("en") == "" || o.Message("zh-CN") == "") {
			t.Errorf("%s: no message", tt.fen)
		}
	}
}
