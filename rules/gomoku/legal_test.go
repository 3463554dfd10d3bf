package gomoku

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLegalMovesAgree checks "listed ⇔ accepted" along random games of
// every ruleset, with and without the opening protocol: a point is in
// LegalPoints exactly when Play accepts a stone there, and CanPass and
// CanSwap say exactly whether Play accepts a pass and a swap.
func TestLegalMovesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 24))
	starts := []func() *Game{
		func() *Game { return NewGame(Renju) },
		func() *Game { return NewFreeGame(Renju) },
		func() *Game { return NewGame(Standard) },
		func() *Game { return NewGame(Freestyle) },
	}
	for n := range 16 {
		g := starts[n%len(starts)]()
		for ply := 0; ply < 120; ply++ {
			legal := g.LegalPoints()
			for i := range NumPoints {
				p := PointAt(i)
				_, err := g.Play(Move{Kind: Place, Point: p})
				if listed := slices.Contains(legal, p); listed != (err == nil) {
					t.Fatalf("game %d ply %d %s: listed %v, Play error %v", n, ply, p, listed, err)
				}
			}
			if _, err := g.Play(Move{Kind: Pass}); g.CanPass() != (err == nil) {
				t.Fatalf("game %d ply %d: CanPass %v, Play(pass) error %v", n, ply, g.CanPass(), err)
			}
			if _, err := g.Play(Move{Kind: Swap}); g.CanSwap() != (err == nil) {
				t.Fatalf("game %d ply %d: CanSwap %v, Play(swap) error %v", n, ply, g.CanSwap(), err)
			}
			moves := g.LegalMoves()
			if len(moves) == 0 {
				if r, _ := g.Result(); r == Ongoing {
					t.Fatalf("game %d ply %d: no legal moves in a game that goes on", n, ply)
				}
				if g.Rule() == "" {
					t.Fatalf("game %d ply %d: over without a rule", n, ply)
				}
				break
			}
			// prefer stones; pass now and then
			m := moves[rng.IntN(len(moves))]
			if len(legal) > 0 && m.Kind != Place && rng.IntN(4) > 0 {
				m = Move{Kind: Place, Point: legal[rng.IntN(len(legal))]}
			}
			next, err := g.Play(m)
			if err != nil {
				t.Fatalf("game %d ply %d: listed move %s refused: %v", n, ply, m, err)
			}
			g = next
		}
	}
}

func TestLegalPointsOpening(t *testing.T) {
	g := NewGame(Renju)
	if got := g.LegalPoints(); len(got) != 1 || got[0] != Tengen {
		t.Fatalf("first stone: %v, want only h8", got)
	}
	if g.CanPass() || g.CanSwap() || g.CanOffer() {
		t.Fatal("no pass, swap or offer before the opening")
	}
	g, err := g.Play(Move{Kind: Place, Point: Tengen})
	if err != nil {
		t.Fatal(err)
	}
	// White 2 goes next to tengen: directly (h9 and its turns) or diagonally
	if got := len(g.LegalPoints()); got != 8 {
		t.Fatalf("white 2 has %d points, want 8", got)
	}
	moves, _ := ParseRecord("h9 i9")
	if g, err = g.PlayAll(moves); err != nil {
		t.Fatal(err)
	}
	if !g.CanSwap() || !g.CanPass() || g.CanOffer() {
		t.Fatal("after black 3 white may swap or pass")
	}
}
