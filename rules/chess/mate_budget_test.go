package chess

import (
	"slices"
	"testing"
)

// TestMateInWithin: a budget too small to decide gives no moves and
// complete false; one large enough gives exactly MateIn's moves, so the
// budget never changes an answer it lets finish.
func TestMateInWithin(t *testing.T) {
	for _, c := range []struct {
		fen string
		n   int
	}{
		{"qq1k2qq/8/8/8/8/8/8/QQ1K2QQ w - - 0 1", 3},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2},
		{"3k4/8/3K4/8/8/8/8/QQQQ4 w - - 0 1", 3},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		want := p.MateIn(c.n)
		got, complete := p.MateInWithin(c.n, MateSearchBudget)
		if !complete || !slices.Equal(got, want) {
			t.Errorf("%s mate in %d: %v complete %v, MateIn %v", c.fen, c.n, got, complete, want)
		}
		if got, complete := p.MateInWithin(c.n, 5); complete || got != nil {
			t.Errorf("%s mate in %d with 5 positions: %v complete %v, want an unfinished search", c.fen, c.n, got, complete)
		}
		if d, complete := p.MateDistanceWithin(c.n, 5); complete || d != 0 {
			t.Errorf("%s distance with 5 positions: %d complete %v", c.fen, d, complete)
		}
	}
}
