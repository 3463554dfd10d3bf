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
	for n, want := range []string{"", "32-28", "32-28 18-23", "32-28 18-23"} {
		got, ok := DraughtsOpening(draughts.Initial(), moves[:n])
		if got != want || ok != (want != "") {
			t.Errorf("%d moves: got %q %v, want %q", n, got, ok, want)
		}
	}
	if _, ok := DraughtsOpening(p, moves); ok {
		t.Error("a game from another position got an opening label")
	}
}

func ExampleRenjuOpening() {
	moves, _ := gomoku.ParseRecord("h8 h9 i10 swap i9")
	o, _ := RenjuOpening(moves)
	fmt.Println(RenjuOpeningLabel(o, "zh-CN"), RenjuOpeningLabel(o, "en"))
	// Output: 溪月（直指2号） Keigetsu (direct 2)
}
