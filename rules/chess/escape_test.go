package chess

import (
	"errors"
	"sort"
	"strings"
	"testing"
)

func escapeSummary(e Escapes) string {
	var parts []string
	for _, m := range e.Moves {
		parts = append(parts, m.SAN+":"+m.Method.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

func TestEscapes(t *testing.T) {
	cases := []struct {
		fen      string
		checkers string
		want     string
	}{
		// Bishop check: the king can step aside, a knight can block, a pawn can capture.
		{"rn2k3/8/p7/1B6/8/8/8/4K3 b - - 0 1", "b5",
			"Kd8:king Ke7:king Kf7:king Kf8:king Nc6:block Nd7:block axb5:capture"},
		// Double check: only king moves; taking a checker with the king is a capture.
		{"4r2k/8/8/8/8/8/5b2/4K3 w - - 0 1", "f2 e8",
			"Kd1:king Kd2:king Kf1:king Kxf2:capture"},
		// Knight check cannot be blocked.
		{"4k3/8/8/8/8/8/2n5/R3K3 w - - 0 1", "c2",
			"Kd1:king Kd2:king Ke2:king Kf1:king Kf2:king"},
		// En passant removes the checking pawn.
		{"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "d4",
			"Kb4:king Kb5:king Kb6:king Kc4:king Kc6:king Kd5:king Kd6:king Kxd4:capture exd3:capture"},
		// Checkmate: no escapes.
		{"6Rk/5Kpp/8/8/8/8/8/8 b - - 0 1", "", ""},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		e, err := p.Escapes()
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		var cs []string
		for _, ch := range e.Checkers {
			cs = append(cs, ch.Square.String())
		}
		if c.checkers != "" && strings.Join(cs, " ") != c.checkers {
			t.Errorf("%s: checkers %v, want %s", c.fen, cs, c.checkers)
		}
		if got := escapeSummary(e); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.fen, got, c.want)
		}
	}
	if _, err := StartPosition().Escapes(); !errors.As(err, new(NotInCheckError)) {
		t.Errorf("start position: %v", err)
	}
}

// naiveMates is a slow reference for MateIn using only the public API.
func naiveMates(p Position, n int) bool {
	for _, m := range p.LegalMoves() {
		q, _ := p.Play(m)
		if naiveDefenderLost(q, n-1) {
			return true
		}
	}
	return false
}

func naiveDefenderLost(p Position, n int) bool {
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return p.InCheck()
	}
	if n == 0 {
		return false
	}
	for _, m := range moves {
		q, _ := p.Play(m)
		if !naiveMates(q, n) {
			return false
		}
	}
	return true
}

func TestMateIn(t *testing.T) {
	cases := []struct {
		fen string
		n   int
		san []string // every first move that mates within n
	}{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, []string{"Ra8#"}},
		{"k7/8/1K6/8/8/8/8/7R w - - 0 1", 1, []string{"Rh8#"}},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, []string{"Qxf7#"}},
		{"6k1/8/6K1/8/8/8/8/R7 w - - 0 1", 1, []string{"Ra8#"}},
		{StartFEN, 2, nil},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, []string{"Ra6+"}},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 2, nil},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		var got []string
		for _, m := range p.MateIn(c.n) {
			got = append(got, p.SAN(m))
		}
		if strings.Join(got, " ") != strings.Join(c.san, " ") {
			t.Errorf("%s mate in %d: got %v, want %v", c.fen, c.n, got, c.san)
		}
	}
	// Cross-check mate in 2 and 3 against the slow reference, move by move.
	for _, c := range []struct {
		fen string
		n   int
	}{
		{"k7/8/2K5/8/8/8/8/7R w - - 0 1", 2},
		{"k7/8/3K4/8/8/8/8/7R w - - 0 1", 3},
		{"7k/8/5K2/8/8/8/8/1R6 w - - 0 1", 2},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3},
	} {
		p := mustFEN(t, c.fen)
		mates := p.MateIn(c.n)
		if len(mates) == 0 {
			t.Errorf("%s: no mate in %d found", c.fen, c.n)
		}
		set := map[Move]bool{}
		for _, m := range mates {
			set[m] = true
		}
		for _, m := range p.LegalMoves() {
			q, _ := p.Play(m)
			if want := naiveDefenderLost(q, c.n-1); want != set[m] {
				t.Errorf("%s mate in %d: %s: engine %v, reference %v", c.fen, c.n, p.SAN(m), set[m], want)
			}
		}
	}
	puzzle := mustFEN(t, "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1")
	for _, c := range []struct {
		move string
		n    int
		want bool
	}{{"Ra6+", 3, true}, {"Ra6", 2, false}, {"Rxf7", 3, false}, {"Ra6", 4, false}, {"Ra7", 3, false}} {
		m, err := puzzle.ParseMove(c.move)
		if err != nil {
			m = NewMove(F1+40, A8-8, NoPieceType) // f6a7: a rook move that mates nothing
		}
		if got := puzzle.ForcesMate(m, c.n); got != c.want {
			t.Errorf("ForcesMate(%s, %d) = %v, want %v", c.move, c.n, got, c.want)
		}
	}
	if d := mustFEN(t, "k7/8/2K5/8/8/8/8/7R w - - 0 1").MateDistance(3); d != 2 {
		t.Errorf("MateDistance = %d, want 2", d)
	}
}
