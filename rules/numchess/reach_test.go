package numchess

import (
	"context"
	"testing"
)

// TestReachesMatchLegalMoves: Reaches lists exactly the (piece,
// destination) pairs of LegalMoves, Witness rebuilds each move of
// LegalMoves, and After is the position Play returns.
func TestReachesMatchLegalMoves(t *testing.T) {
	ctx := context.Background()
	for _, rs := range []Ruleset{K1(), G23(), G46()} {
		eng := NewEngine(rs)
		for _, pos := range []Position{Start(), midGame(t, 20), midGame(t, 40), crowded(t)} {
			moves := eng.LegalMoves(pos)
			reaches, err := eng.Reaches(ctx, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != len(reaches) {
				t.Fatalf("%s %s: %d moves, %d reaches", rs.Name, pos, len(moves), len(reaches))
			}
			for i, r := range reaches {
				m := moves[i]
				if m.Piece != r.Piece || m.To() != r.To || m.From != r.From {
					t.Fatalf("%s %s: reach %d is %d %s-%s, move %s", rs.Name, pos, i, r.Piece, r.From, r.To, m)
				}
				w, ok, err := eng.Witness(ctx, pos, r)
				if err != nil || !ok || w.String() != m.String() {
					t.Fatalf("%s: witness of %s is %s %v %v", rs.Name, m, w, ok, err)
				}
				next, err := eng.Play(pos, m)
				if err != nil {
					t.Fatal(err)
				}
				if r.After(pos) != next || r.After(pos).Key() != next.Key() {
					t.Fatalf("%s: After(%s) differs from Play", rs.Name, m)
				}
				if (r.Kind == ChainSpan) != (r.Segments > 1) || (r.Kind == SingleSpan) != (r.Spanned > 0) {
					t.Fatalf("%s: %s has kind %v, %d segments, %d spanned", rs.Name, m, r.Kind, r.Segments, r.Spanned)
				}
				if r.Kind == ChainSpan && len(m.Path) != r.Segments {
					t.Fatalf("%s: %s has %d segments, reach says %d", rs.Name, m, len(m.Path), r.Segments)
				}
			}
		}
	}
}

func TestReachesGiveUpOnContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewEngine(G46()).Reaches(ctx, crowded(t), nil); err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if _, ok, _ := SharedEngine(G46()).Witness(context.Background(), Start(), Reach{Piece: 0, To: CampPoint(Blue, 0)}); ok {
		t.Fatal("a witness for an unreachable point")
	}
}

func TestKey(t *testing.T) {
	a, b := Start(), Start()
	if a.Key() != b.Key() {
		t.Fatal("equal positions, different keys")
	}
	eng := NewEngine(G46())
	m, _ := ParseMove("1d4-i5")
	n, err := eng.Play(a, m)
	if err != nil {
		t.Fatal(err)
	}
	if n.Key() == a.Key() {
		t.Fatal("a move does not change the key")
	}
	c := a
	c.turn = Blue
	if c.Key() == a.Key() {
		t.Fatal("the side to move is not in the key")
	}
}

// TestReachesShortSubset: ReachesShort lists only reaches of Reaches, and
// all of those that need no segment over ExplicitSpanMax pieces.
func TestReachesShortSubset(t *testing.T) {
	ctx := context.Background()
	long, err := ParsePosition(longLinesFEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, rs := range []Ruleset{K1(), G23(), G46()} {
		eng := NewEngine(rs)
		for _, pos := range []Position{Start(), midGame(t, 40), crowded(t), long} {
			all, err := eng.Reaches(ctx, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			short, err := eng.ReachesShort(ctx, pos, nil)
			if err != nil {
				t.Fatal(err)
			}
			in := map[Reach]bool{}
			for _, r := range all {
				in[Reach{Piece: r.Piece, From: r.From, To: r.To}] = true
			}
			for _, r := range short {
				if !in[Reach{Piece: r.Piece, From: r.From, To: r.To}] {
					t.Fatalf("%s %s: short reach %d %s-%s is not legal", rs.Name, pos, r.Piece, r.From, r.To)
				}
			}
			if len(short) > len(all) {
				t.Fatalf("%s: %d short reaches, %d in all", rs.Name, len(short), len(all))
			}
			if pos == Start() && len(short) != len(all) {
				t.Fatalf("%s: from the start %d short reaches, %d in all", rs.Name, len(short), len(all))
			}
		}
	}
}
