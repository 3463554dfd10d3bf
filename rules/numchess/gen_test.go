package numchess

import (
	"slices"
	"testing"
)

func TestStartMoves(t *testing.T) {
	eng := NewEngine(G46())
	moves := eng.LegalMoves(Start())
	have := map[string]bool{}
	for _, m := range moves {
		have[m.String()] = true
		if _, err := eng.Play(Start(), m); err != nil {
			t.Errorf("generated %s is refused: %v", m, err)
		}
	}
	for _, want := range []string{"1d4-i5", "4a4-e5"} {
		if !have[want] {
			t.Errorf("missing %s in %v", want, moves)
		}
	}
	dest := map[string]bool{}
	for _, m := range moves {
		dest[m.String()[:3]+"-"+m.To().String()] = true
	}
	if !dest["0a1-e5"] {
		t.Errorf("0 cannot reach e5 from the start")
	}
}

func TestGradeBandDifference(t *testing.T) {
	// Red 6 spans Blue's 2 and 3 to b5... the same span needs × (2×3 = 6):
	// legal in G23, refused in K1.
	pos := mustPos(t, "r:6e5;b:2f5,3g5 r 1")
	m, err := ParseMove("6e5-h5[2×3]")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewEngine(G23()).Play(pos, m); err != nil {
		t.Fatalf("G23 refuses %s: %v", m, err)
	}
	_, err = NewEngine(K1()).Play(pos, m)
	if ie, ok := err.(*IllegalMoveError); !ok || ie.Code() != "operator_not_allowed" {
		t.Fatalf("K1 gives %v, want operator_not_allowed", err)
	}
	// And the generator agrees: h5 is reachable in G23 only.
	has := func(rs Ruleset) bool {
		for _, m := range NewEngine(rs).LegalMoves(pos) {
			if m.To().String() == "h5" {
				return true
			}
		}
		return false
	}
	if !has(G23()) || has(K1()) {
		t.Errorf("h5 generated: G23 %v, K1 %v", has(G23()), has(K1()))
	}
	// Negative values: G46 only. Red 5 spans Blue's 2 and 3 (2−3 = −1),
	// then Blue's 1 and Red's 2 (1−2 = −1).
	neg := mustPos(t, "r:5e5,2j5;b:2f5,3g5,1i5 r 1")
	chain := mustMove(t, "5e5-h5[2-3]-k5[1-2]")
	if _, err := NewEngine(G46()).Play(neg, chain); err != nil {
		t.Errorf("G46 refuses %s: %v", chain, err)
	}
	_, err = NewEngine(G23()).Play(neg, chain)
	if ie, ok := err.(*IllegalMoveError); !ok || ie.Code() != "negative_not_allowed" || ie.Segment != 1 {
		t.Errorf("G23 gives %v, want negative_not_allowed in segment 1", err)
	}
}

func mustMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPerftStart pins the perft counts from the start (see BENCHMARKS.md).
// Depth 3 with chains was 12710 before the 连跨 ruling of 2026-12-01 (a
// 前跟 must go on over other pieces); 12530 after it, the count the
// brute-force reference (referenceDestinations) gives at every depth-2
// node.
func TestPerftStart(t *testing.T) {
	cases := []struct {
		rs    Ruleset
		depth int
		want  int64
	}{
		{K1(), 1, 20}, {K1(), 2, 400}, {K1(), 3, 10840},
		{G23(), 3, 12530}, {G46(), 2, 400}, {G46(), 3, 12530},
	}
	for _, c := range cases {
		if got := NewEngine(c.rs).Perft(Start(), c.depth); got != c.want {
			t.Errorf("%s perft(%d) = %d, want %d", c.rs.Name, c.depth, got, c.want)
		}
	}
}

// TestTacticReverseToAdvance: 以退为进. Red 8 on g5 cannot span right
// (2 and 2 make no 8), so it spans back over Blue's 4 to e5 and then
// forward over 4, its own vacated point and 2, 2 (4×2÷2 = 4) to j5.
func TestTacticReverseToAdvance(t *testing.T) {
	pos := mustPos(t, "r:8g5,2i5;b:4f5,2h5 r 1")
	eng := NewEngine(G23())
	playLine(t, eng, pos, "8g5-e5[4]-j5[4*2/2]")
	if _, err := eng.Play(pos, mustMove(t, "8g5-j5[2*2]")); err == nil {
		t.Fatalf("8 spans 2, 2 as 2×2 = 8")
	}
	var found *Move
	for _, m := range eng.LegalMoves(pos) {
		if m.Piece == 8 && m.To().String() == "j5" {
			found = &m
		}
	}
	if found == nil || len(found.Path) != 2 {
		t.Fatalf("the generator's way to j5: %v", found)
	}
	if _, err := eng.Play(pos, *found); err != nil {
		t.Errorf("witness %s: %v", found, err)
	}
	// In K1 there are no chains, so j5 is out of reach.
	for _, m := range NewEngine(K1()).LegalMoves(pos) {
		if m.Piece == 8 && m.To().String() == "j5" {
			t.Errorf("K1 reaches j5 with %s", m)
		}
	}
}

// TestConcurrentEngine runs move generation and Play from several
// goroutines on one engine (run with -race).
func TestConcurrentEngine(t *testing.T) {
	eng := NewEngine(G46())
	positions := []Position{Start(), crowded(t), mustPos(t, "r:8g5,2i5;b:4f5,2h5 r 1")}
	done := make(chan []string)
	for w := 0; w < 4; w++ {
		go func() {
			var out []string
			for _, p := range positions {
				for _, m := range eng.LegalMoves(p) {
					if _, err := eng.Play(p, m); err != nil {
						out = append(out, err.Error())
					}
					out = append(out, m.String())
				}
			}
			done <- out
		}()
	}
	first := <-done
	for w := 1; w < 4; w++ {
		if got := <-done; !slices.Equal(got, first) {
			t.Errorf("goroutines disagree")
		}
	}
}

// TestMaxChainSegments: the limit is obeyed by Play and the generator.
func TestMaxChainSegments(t *testing.T) {
	pos := mustPos(t, "r:8g5,2i5;b:4f5,2h5 r 1") // j5 needs two segments
	reaches := func(max int) bool {
		rs := G23()
		rs.MaxChainSegments = max
		for _, m := range NewEngine(rs).LegalMoves(pos) {
			if m.Piece == 8 && m.To().String() == "j5" {
				return true
			}
		}
		return false
	}
	if reaches(1) || !reaches(2) {
		t.Errorf("j5 with at most 1 segment: %v, 2: %v", reaches(1), reaches(2))
	}
	rs := G23()
	rs.MaxChainSegments = 1
	_, err := NewEngine(rs).Play(pos, mustMove(t, "8g5-e5[4]-j5[4*2/2]"))
	if ie, ok := err.(*IllegalMoveError); !ok || ie.Code() != "chain_too_long" {
		t.Errorf("Play with a limit of 1: %v", err)
	}
}
