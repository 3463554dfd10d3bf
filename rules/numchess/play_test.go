package numchess

import (
	"strings"
	"testing"
)

// playLine plays machine-form moves from pos, failing the test on the
// first refusal.
func playLine(t *testing.T, eng *Engine, pos Position, moves ...string) Position {
	t.Helper()
	for i, s := range moves {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, s, err)
		}
		next, err := eng.Play(pos, m)
		if err != nil {
			t.Fatalf("move %d %s in %s: %v", i+1, s, pos, err)
		}
		pos = next
	}
	return pos
}

func mustPos(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSeedExamplesFromStart(t *testing.T) {
	eng := NewEngine(G46())
	for _, s := range []string{"0a1-e5[9-5-4]", "1d4-i5", "0a1-e5[9−5−4]"} {
		playLine(t, eng, Start(), s)
	}
	// K1 has + and − too, so the classic 0 opening is legal there.
	playLine(t, NewEngine(K1()), Start(), "0a1-e5[9-5-4]")
}

func TestOpening1489(t *testing.T) {
	eng := NewEngine(G46())
	pos := playLine(t, eng, Start(),
		"1d4-i5", "1a14-e13",
		"4a4-e5", "4d14-i13",
		"8b2-f5[6-2]-d5[4]", "8a16-h13[6-2]-j13[4]",
		"9a2-h5[6/3]-c5[8/4]",
	)
	want := "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8d5,9c5;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8j13,9b16 b 4"
	if pos.String() != want {
		t.Errorf("after the 1489 opening:\n got %s\nwant %s", pos, want)
	}
}

func TestRefusals(t *testing.T) {
	g46, k1 := NewEngine(G46()), NewEngine(K1())
	after1489 := "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8a16,9b16 r 3"
	cases := []struct {
		eng       *Engine
		pos, move string
		code      string
		seg       int
		says      string
	}{
		{g46, "start", "0a1-e5[9+5-4]", "wrong_result", 1, "10"},
		{g46, "start", "0a1-e5[9-5]", "digit_missing", 1, "4"},
		{g46, "start", "0a1-e5[9-5-4-4]", "", 1, "4"},
		{g46, "start", "7c3-d4", "occupied", 1, "d4 is occupied"},
		{g46, "start", "7c3-d5", "not_a_line", 1, "not on a line"},
		{g46, "start", "1d4-i6", "nothing_to_span", 1, "no piece to span"},
		{g46, "start", "3b14-c13", "not_your_turn", 0, "Red's turn"},
		{g46, "start", "3d4-i5", "wrong_start", 0, "on c4"},
		{g46, after1489, "8b2-f5[6+2]-d5", "values_differ", 2, "the result is 4, but the first jump made 8"},
		{g46, after1489, "8b2-f5[6-2]-e5[4]", "occupied", 2, "e5 is occupied"},
		{g46, after1489, "8b2-f5[6-2]-c6[4]", "not_a_line", 2, ""},
		{g46, after1489, "8b2-f5[6+2]-d5[4]", "values_differ", 2, "the first jump made 8"},
		{g46, after1489, "8b2-f5[6-2]-d5[5]", "", 2, ""},
		{g46, "r:7e5,3g5;b: r 1", "7e5-h5[3]-f5[3]", "front_follow", 2, "前跟"},
		// 前跟 and then straight back again: there and back over one piece
		// would let any piece span any single piece (ruling of 2026-12-01).
		{g46, "r:7e5,3g5;b: r 1", "7e5-h5[3]-f5[3]-h5[3]", "front_follow_same", 3, "前跟"},
		{g46, "r:1i5,4e5;b: r 1", "1i5-d5[4]-f5[4]-d5[4]", "front_follow_same", 3, "other pieces"},
		{g46, "r:7e5,3f5;b:3d5 r 1", "7e5-g5[3]-e5[3]-c5[3]-e5[3]", "returns_to_start", 0, "starting point"},
		{g46, "r:7e5,3f5;b:3d5 r 1", "7e5-g5[3]-e5[3]-c5[3]-e5", "returns_to_start", 0, "starting point"},
		{g46, "r:7e5,3g5;b: r 1", "7e5-f5-h5[3]", "not_a_step", 1, "step"},
		{g46, "r:7e5,3g5;b: r 1", "7e5-i5[3]", "not_adjacent_to_last", 1, "g5"},
		{g46, "r:7e5,3g5,4i5;b: r 1", "7e5-h5[2+1]", "", 1, ""},
		{g46, "r:7e5,3g5,4i5;b: r 1", "7e5-j5", "expression_missing", 1, "3, 4"},
		{g46, "r:7e5,3g5;b: r 1", "7e5-h5", "wrong_result", 1, "makes 3, not 7"},
		{k1, after1489, "8b2-f5[6-2]-d5[4]", "chains_not_allowed", 0, "K1"},
		{k1, "start", "0a1-e5[(9-5)-4]", "parens_not_allowed", 1, ""},
		{g46, "start", "1d4", "bad_move", 0, ""},
		{g46, "start", "1d4-i5[1]", "expression_not_allowed", 1, "no expression"},
		{g46, "start", "3c4-e6", "not_a_line", 1, ""},
		{g46, "r:7e5;b:3f5 r 1", "7e5-h5[3]", "not_adjacent_to_last", 1, "f5"},
	}
	for _, c := range cases {
		pos := mustPos(t, c.pos)
		m, err := ParseMove(c.move)
		if err != nil {
			if pe, ok := err.(*ParseError); ok && pe.Code() == c.code {
				continue
			}
			t.Errorf("%s: parse error %v", c.move, err)
			continue
		}
		_, err = c.eng.Play(pos, m)
		ie, ok := err.(*IllegalMoveError)
		if !ok {
			if c.code != "" || err == nil {
				t.Errorf("%s in %s: got %v, want refusal %s", c.move, c.pos, err, c.code)
			}
			continue
		}
		if (c.code != "" && ie.Code() != c.code) || ie.Segment != c.seg || !strings.Contains(ie.Error(), c.says) {
			t.Errorf("%s: got %s (segment %d) %q, want %s segment %d saying %q", c.move, ie.Code(), ie.Segment, ie.Error(), c.code, c.seg, c.says)
		}
		if ie.Message("zh-CN") == ie.Message("en") {
			t.Errorf("%s: no Chinese message: %q", c.move, ie.Message("zh-CN"))
		}
	}
}

func TestChainFollows(t *testing.T) {
	eng := NewEngine(G46())
	// 前跟 that goes on over other pieces, and 后跟 after two different
	// segments, are both allowed.
	playLine(t, eng, mustPos(t, "r:7e5,3g5;b:3c5 r 1"), "7e5-h5[3]-f5[3]-b5[3]")
	playLine(t, eng, mustPos(t, "r:7e5,3g5;b:3c5 r 1"), "7e5-h5[3]-f5[3]-b5[3]-d5[3]-b5[3]")
	after1489 := "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8a16,9b16 r 3"
	playLine(t, eng, mustPos(t, after1489), "8b2-f5[6-2]-d5[4]-f5[4]")
	// A chain may cross its own vacated start point: 7 spans 1, then comes
	// back over 1, its own start and Blue's 2 (2−1 = 1).
	playLine(t, eng, mustPos(t, "r:7e5,1f5;b:2c5 r 1"), "7e5-g5[1]-b5[2-1]")
	// ... and land on it in the middle of the chain (声东击西).
	playLine(t, eng, mustPos(t, "r:7e5,3f5;b:3c5 r 1"), "7e5-g5[3]-e5[3]-b5[3]")
}

// TestOpening012 plays an 012 opening (the seed names it; its diagram is
// lost, so the line is built from the spec's notation example): 0 spans
// 9, 5, 4; 1 steps out; 2 steps forward-left and then makes the chain
// "2 左平跨 0、右平跨 0,1 (0=0×1)". Blue mirrors every move.
func TestOpening012(t *testing.T) {
	eng := NewEngine(G23())
	pos := playLine(t, eng, Start(),
		"0a1-e5[9-5-4]", "0a17-i13[9-5-4]",
		"1d4-i5", "1a14-e13",
		"2b4-f5", "2c14-h13",
	)
	chain := mustMove(t, "2f5-d5[0]-j5[0*1]")
	mi, err := eng.Check(pos, chain)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mi.Chinese(), "2 左平跨 0、右平跨 0,1 (0=0×1)"; got != want {
		t.Errorf("Chinese form %q, want the spec's %q", got, want)
	}
	pos = playLine(t, eng, pos, "2f5-d5[0]-j5[0*1]")
	// Blue's mirror move reads the same, as directions are Blue's own.
	mi, err = eng.Check(pos, mustMove(t, "2h13-j13[0]-d13[0×1]"))
	if err != nil || mi.Chinese() != "2 左平跨 0、右平跨 0,1 (0=0×1)" {
		t.Errorf("Blue's chain: %v %v", mi, err)
	}
	pos = playLine(t, eng, pos, "2h13-j13[0]-d13[0×1]")
	want := "r:0e5,1i5,2j5,3c4,4a4,5a3,6b3,7c3,8b2,9a2;b:0i13,1e13,2d13,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 5"
	if pos.String() != want {
		t.Errorf("after the 012 opening:\n got %s\nwant %s", pos, want)
	}
}
