package numchess

import (
	"math/rand/v2"
	"testing"

	"qixue/rules/numchess/arith"
)

// inProbeRange reports whether v is a whole number from −9 to 30, the only
// values the engine used to try on a segment of more than ExplicitSpanMax
// pieces.
func inProbeRange(v arith.Rat) bool { return v.IsInt() && v.Num >= -9 && v.Num <= 30 }

// TestChainThroughLongSegment: Red 0 on a8 spans 9, 8 (a7, a6) to a5, then
// the six pieces 1, 1, 2, 3, 4, 6 along row 5 to h5; and the same chain
// the other way round, from h5 to a8, with the long segment first. In a
// custom ruleset with × ÷ and no + −, the common values of the two
// segments (72 = 9×8 = 6×4×3×1²×1, and so on) all lie outside −9..30, so
// only an exact decision on the six-piece segment finds the move.
func TestChainThroughLongSegment(t *testing.T) {
	rs := G46()
	rs.Name, rs.Add, rs.Sub = "MulDiv", false, false
	eng := NewEngine(rs)
	long := []int{1, 1, 2, 3, 4, 6}
	common := 0
	for _, v := range eng.Solver().Reachable([]int{9, 8}) {
		if eng.Solver().CanMake(long, v) {
			common++
			if inProbeRange(v) {
				t.Fatalf("common value %v is in −9..30: the position does not test long segments", v)
			}
		}
	}
	if common == 0 {
		t.Fatal("the two segments have no common value")
	}
	for _, tt := range []struct {
		pos, to string
		long    int // the index of the six-piece segment
	}{
		{"r:0a8,9a7,8a6,1b5,2d5,3e5,4f5,6g5;b:1c5 r 1", "h5", 1},
		{"r:0h5,9a7,8a6,1b5,2d5,3e5,4f5,6g5;b:1c5 r 1", "a8", 0},
	} {
		pos := mustPos(t, tt.pos)
		var found *Move
		for _, m := range eng.LegalMoves(pos) {
			if m.Piece == 0 && m.To().String() == tt.to {
				found = &m
			}
		}
		if found == nil {
			t.Fatalf("LegalMoves lacks 0 to %s in %s", tt.to, pos)
		}
		mi, err := eng.Check(pos, *found)
		if err != nil {
			t.Fatalf("generated %s refused: %v", found, err)
		}
		if mi.Kind != ChainSpan || inProbeRange(mi.Value) || len(mi.Segments[tt.long].Numbers) != 6 {
			t.Fatalf("witness %s: %s with value %v", found, mi.Kind, mi.Value)
		}
		if _, err := eng.Play(pos, *found); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", pos, found)
	}
}

// TestChainThroughTwoLongSegments: Red 0 on h5 spans the six pieces of
// row 5 (1, 1, 2, 3, 4, 6) to a5, then six pieces up the diagonal (2, 3,
// 4, 6, 8, 9) to d12, then 9, 8 along row 12 to g12. Under the custom
// ruleset without + −, the common value must be one 9, 8 makes (72 =
// 9×8), outside −9..30, and the first two segments are both long: the
// short third segment supplies the candidates.
func TestChainThroughTwoLongSegments(t *testing.T) {
	rs := G46()
	rs.Name, rs.Add, rs.Sub = "MulDiv", false, false
	eng := NewEngine(rs)
	pos := mustPos(t, "r:0h5,1b5,2d5,3e5,4f5,6g5,9e12,8f12;b:1c5,2a6,3a7,4a8,6a9,8b10,9c11 r 1")
	var found *Move
	for _, m := range eng.LegalMoves(pos) {
		if m.Piece == 0 && m.To().String() == "g12" {
			found = &m
		}
	}
	if found == nil {
		t.Fatalf("LegalMoves lacks 0h5 to g12 in %s", pos)
	}
	mi, err := eng.Play(pos, *found)
	if err != nil {
		t.Fatalf("generated %s refused: %v", found, err)
	}
	info, _ := eng.Check(pos, *found)
	if info.Kind != ChainSpan || inProbeRange(info.Value) || len(info.Segments) != 3 ||
		len(info.Segments[0].Numbers) != 6 || len(info.Segments[1].Numbers) != 6 {
		t.Fatalf("witness %s: %s with value %v", found, info.Kind, info.Value)
	}
	t.Logf("%s: %s → %s", pos, found, mi)
}

// packedRows returns positions with all twenty pieces packed at random on
// three random rows of the middle of the board (a fixed seed), so that
// spans over six or seven pieces are common.
func packedRows(tb testing.TB, n int) []Position {
	rng := rand.New(rand.NewPCG(3, 3))
	var out []Position
	for len(out) < n {
		rows := map[int]bool{5 + rng.IntN(9): true, 5 + rng.IntN(9): true, 5 + rng.IntN(9): true}
		var cand []Point
		for _, q := range AllPoints() {
			if rows[q.Row()] {
				cand = append(cand, q)
			}
		}
		if len(cand) < 20 {
			continue
		}
		rng.Shuffle(len(cand), func(a, b int) { cand[a], cand[b] = cand[b], cand[a] })
		var pieces [2][10]Point
		for k := 0; k < 20; k++ {
			pieces[k/10][k%10] = cand[k]
		}
		p, err := New(pieces, Red, 20)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestPlayedLongChainsAreGenerated: on positions with long lines, random
// chains through segments of six and seven pieces, with common values
// from their shortest segment (fractions, negatives and large numbers
// included), are generated whenever Play accepts them, and every
// generated move plays. The custom ruleset without + and − has few small
// common values, so it needs the exact decision most.
func TestPlayedLongChainsAreGenerated(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	positions := packedRows(t, 4)
	if sampled() {
		positions = positions[:1]
	}
	mulDiv := G46()
	mulDiv.Name, mulDiv.Add, mulDiv.Sub = "MulDiv", false, false
	long := 0
	for _, rs := range []Ruleset{G23(), G46(), mulDiv} {
		eng := NewEngine(rs)
		for _, pos := range positions {
			gen := map[[2]int]bool{}
			for _, m := range eng.LegalMoves(pos) {
				gen[[2]int{m.Piece, m.To().Index()}] = true
				if _, err := eng.Play(pos, m); err != nil {
					t.Fatalf("%s %s: generated %s refused: %v", rs.Name, pos, m, err)
				}
			}
			for try := 0; try < 300; try++ {
				m, ok := randomSpanMove(eng, pos, rng)
				if !ok {
					continue
				}
				mi, err := eng.Check(pos, m)
				if err != nil {
					continue
				}
				if !gen[[2]int{m.Piece, m.To().Index()}] {
					t.Fatalf("%s %s: Play accepts %s but the generator lacks %d→%s", rs.Name, pos, m, m.Piece, m.To())
				}
				for _, sg := range mi.Segments {
					if mi.Kind == ChainSpan && len(sg.Numbers) > ExplicitSpanMax {
						long++
						break
					}
				}
			}
		}
	}
	if long < 10 {
		t.Errorf("only %d accepted chains through a long segment: the test is too weak", long)
	}
	t.Logf("%d accepted chains through a long segment", long)
}
