package numchess

import (
	"fmt"
	"strings"
	"testing"
)

// campPosition puts Red's pieces on Blue's camp points given by place
// (place[n] is the camp number piece n stands on, -1 for "at home").
func campPosition(t *testing.T, place [10]int) Position {
	t.Helper()
	var pieces [2][10]Point
	for n, c := range place {
		if c >= 0 {
			pieces[Red][n] = CampPoint(Blue, c)
		} else {
			pieces[Red][n] = CampPoint(Red, n)
		}
	}
	p, err := New(pieces, Blue, 30)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestScoring(t *testing.T) {
	full := campPosition(t, [10]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	if got := full.Score(Red, ProductSum); got != 285 {
		t.Errorf("full camp product = %d, want 285", got)
	}
	if got := full.Score(Red, DifferenceSum); got != 0 {
		t.Errorf("full camp difference = %d, want 0", got)
	}
	if !full.CanCallStop(Red) || !full.InPlace(Red) || full.CanCallStop(Blue) {
		t.Errorf("stop: red %v in place %v blue %v", full.CanCallStop(Red), full.InPlace(Red), full.CanCallStop(Blue))
	}
	// Reversed camp: the least product-sum, 120.
	rev := campPosition(t, [10]int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0})
	if got := rev.Score(Red, ProductSum); got != 120 {
		t.Errorf("reversed camp product = %d, want 120", got)
	}
	if got := rev.Score(Red, DifferenceSum); got != 50 {
		t.Errorf("reversed camp difference = %d, want 50", got)
	}
	// Partial: only pieces in the opponent's camp score; the start scores 0.
	part := campPosition(t, [10]int{-1, -1, -1, -1, -1, -1, -1, -1, 9, 8})
	if p, d := part.Score(Red, ProductSum), part.Score(Red, DifferenceSum); p != 144 || d != 2 {
		t.Errorf("8 on 9, 9 on 8: product %d difference %d, want 144 and 2", p, d)
	}
	if Start().Score(Red, ProductSum) != 0 || Start().Score(Blue, DifferenceSum) != 0 {
		t.Errorf("the start scores")
	}
}

// TestSwapCost checks the seed's (A−B)² rule on every pair of pieces.
func TestSwapCost(t *testing.T) {
	for a := 0; a < 10; a++ {
		for b := a + 1; b < 10; b++ {
			place := [10]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
			place[a], place[b] = b, a
			got := 285 - campPosition(t, place).Score(Red, ProductSum)
			if got != SwapCost(a, b) {
				t.Errorf("swap %d,%d loses %d, want (%d−%d)² = %d", a, b, got, a, b, SwapCost(a, b))
			}
		}
	}
	// The seed's example: 3 and 9 swapped lose 36.
	if SwapCost(9, 3) != 36 {
		t.Errorf("SwapCost(9,3) = %d", SwapCost(9, 3))
	}
}

func TestResult(t *testing.T) {
	p := func(s string) Position { return mustPos(t, s) }
	fullRed := "0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16"
	fullBlue := "0a1,1d4,2b4,3c4,4a4,5a3,6b3,7c3,8b2,9a2"
	noZeroBlue := strings.Replace(fullBlue, "0a1", "0e5", 1)
	cases := []struct {
		pos  string
		rs   Ruleset
		want Outcome
	}{
		{"r:" + fullRed + ";b:" + fullBlue + " r 30", G46(), Draw},
		{"r:" + fullRed + ";b:" + noZeroBlue + " r 30", G46(), RedWins}, // both 285, only Red complete
		{"r:" + fullRed + ";b:1d4 r 30", G46(), RedWins},
		{"r:1a14;b:1d4,2b4 r 30", G46(), BlueWins},
		{"r:9a17;b:1d4 r 30", K1(), RedWins}, // difference 9 vs 0
	}
	for _, c := range cases {
		if got := p(c.pos).Result(c.rs); got != c.want {
			t.Errorf("%s (%s): %v, want %v", c.pos, c.rs.Name, got, c.want)
		}
	}
	low := K1()
	low.DifferenceLowerWins = true
	if got := p("r:9a17;b:1d4 r 30").Result(low); got != BlueWins {
		t.Errorf("lower wins: %v", got)
	}
	if got := fmt.Sprint(RedWins, " ", BlueWins.Chinese(), " ", Draw); got != "red wins 蓝方胜 draw" {
		t.Errorf("outcome names: %q", got)
	}
	if RedWins.Points(Red) != 3 || RedWins.Points(Blue) != 0 || Draw.Points(Blue) != 1 || ForfeitPoints != 3 {
		t.Errorf("competition points")
	}
}

func TestFivePieceRule(t *testing.T) {
	// Red has five pieces in Blue's camp; its only empty point is a17 (0).
	// Blue's 0 could span 9, 5, 4 into it (9−5−4 = 0) but may not.
	pos := mustPos(t, "r:1a14,2c14,3b14,4d14,5c15;b:6b15,7a15,8a16,9b16,0i13 b 20")
	eng := NewEngine(G46())
	fill := mustMove(t, "0i13-a17[9-5-4]")
	_, err := eng.Play(pos, fill)
	if ie, ok := err.(*IllegalMoveError); !ok || ie.Code() != "five_piece_rule" || !strings.Contains(ie.Error(), "Blue must keep") {
		t.Fatalf("filling the last point: %v", err)
	}
	for _, m := range eng.LegalMoves(pos) {
		if m.Piece == 0 && m.To().String() == "a17" {
			t.Errorf("generated %s fills the last point", m)
		}
	}
	// Moving inside the camp leaves a point empty: allowed.
	if _, err := eng.Play(pos, mustMove(t, "9b16-a17")); err != nil {
		t.Errorf("move inside the camp: %v", err)
	}
	// Without the rule the span is legal.
	rs := G46()
	rs.FivePieceRule = false
	if _, err := NewEngine(rs).Play(pos, fill); err != nil {
		t.Errorf("rule off: %v", err)
	}
	// With four Red pieces inside, Blue may fill its camp.
	four := mustPos(t, "r:1a14,2c14,3b14,4d14,5e5;b:6b15,7a15,8a16,9b16,0i13,5c15 b 20")
	if _, err := eng.Play(four, fill); err != nil {
		t.Errorf("four pieces: %v", err)
	}
}
