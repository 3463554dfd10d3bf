package games

import (
	"fmt"
	"testing"

	"qixue/rules/draughts"
	"qixue/rules/gomoku"
)

func TestRenjuOpening(t *testing.T) {
	for _, c := range []struct{ record, want string }{
		{"h8 h9 i9 i10 j10", "花月（直指4号）"},
		{"h8 h9 i9 swap j10", "花月（直指4号）"},
		{"h8 i9 j10", "长星（斜指1号）"},
		{"h8 g7 f6", "长星（斜指1号）"}, // a rotation of the same shape
		{"h8 h9", ""},
		{"a1 b2 c3", ""},
	} {
		moves, err := gomoku.ParseRecord(c.record)
		if err != nil {
			t.Fatal(err)
		}
		o, ok := RenjuOpening(moves)
		got := ""
		if ok {
			got = RenjuOpeningLabel(o, "zh-CN")
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.record, got, c.want)
		}
	}
}

func TestDraughtsOpening(t *testing.T) {
	p := draughts.Initial()
	var moves []draughts.Move
	for _, s := range []string{"32-28", "18-23", "37-32"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p, _ = p.Play(m)
	}
	for n, want := range []string{"", "32-28", "32-28 18-23 (Chefneux Opening)", "32-28 18-23 (Chefneux Opening)"} {
		o, ok := ClassifyDraughts(draughts.Initial(), moves[:n])
		if got := o.Label("en"); got != want || ok != (want != "") {
			t.Errorf("%d moves: got %q %v, want %q", n, got, ok, want)
		}
	}
	if _, ok := ClassifyDraughts(p, moves); ok {
		t.Error("a game from another position got an opening label")
	}
	m1, _ := draughts.Initial().ParseMove("31-27")
	after, _ := draughts.Initial().Play(m1)
	m2, _ := after.ParseMove("19-23")
	if o, _ := ClassifyDraughts(draughts.Initial(), []draughts.Move{m1, m2}); o.Label("zh-CN") != "31-27 19-23" {
		t.Errorf("unnamed opening: %q", o.Label("zh-CN"))
	}
}

func ExampleRenjuOpening() {
	moves, _ := gomoku.ParseRecord("h8 h9 i10 swap i9")
	o, _ := RenjuOpening(moves)
	fmt.Println(RenjuOpeningLabel(o, "zh-CN"), RenjuOpeningLabel(o, "en"))
	// Output: 溪月（直指2号） Keigetsu (direct 2)
}

func ExampleClassifyDraughts() {
	start := draughts.Initial()
	m1, _ := start.ParseMove("32-28")
	next, _ := start.Play(m1)
	m2, _ := next.ParseMove("19-23")
	o, _ := ClassifyDraughts(start, []draughts.Move{m1, m2})
	fmt.Println(o.Label("en"))
	fmt.Println(o.Label("zh-CN"))
	// Output:
	// 32-28 19-23 (Symmetrical Variation)
	// 32-28 19-23（对称变例）
}
