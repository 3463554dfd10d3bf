package numchess

import (
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
