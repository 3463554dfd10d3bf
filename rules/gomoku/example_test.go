package gomoku_test

import (
	"fmt"

	"qixue/rules/gomoku"
)

func ExampleBoard_ForbiddenPoints() {
	b := &gomoku.Board{}
	for _, s := range []string{"g8", "i8", "h9", "h10"} {
		p, _ := gomoku.ParsePoint(s)
		b.Put(p, gomoku.Black)
	}
	for _, p := range b.ForbiddenPoints() {
		f, _ := b.ExplainForbidden(p)
		fmt.Println(p, f)
	}
	// Output:
	// h8 double three: lines g8-i8 and h8-h10
}

func ExampleIdentifyOpening() {
	moves, _ := gomoku.ParseRecord("H8 G8 F9") // 溪月, turned a quarter and mirrored
	o, _ := gomoku.IdentifyOpening(moves[0].Point, moves[1].Point, moves[2].Point)
	fmt.Println(o.Name, o.English, o.Direct)
	// Output:
	// 溪月 Keigetsu true
}

func ExampleFindVCF() {
	b := &gomoku.Board{}
	put := func(c gomoku.Colour, ss ...string) {
		for _, s := range ss {
			p, _ := gomoku.ParsePoint(s)
			b.Put(p, c)
		}
	}
	put(gomoku.Black, "e5", "f5", "g5", "h6", "h7", "h8")
	put(gomoku.White, "d5", "h9", "a1", "c1", "a15", "c15")
	line, ok := gomoku.FindVCF(b, gomoku.Freestyle, gomoku.Black, 10)
	fmt.Println(line, ok, gomoku.CheckVCF(b, gomoku.Freestyle, gomoku.Black, line))
	// In renju h5 is a double four, forbidden to Black.
	_, ok = gomoku.FindVCF(b, gomoku.Renju, gomoku.Black, 10)
	fmt.Println(ok)
	// Output:
	// [h5 h4 i5] true <nil>
	// false
}

func ExampleGame_Play() {
	moves, _ := gomoku.ParseRecord("h8 h9 g8 a1 i7 a2 i9 a3")
	g, _ := gomoku.NewGameFromRecord(gomoku.Renju, moves)
	o, _ := g.Opening()
	fmt.Println(o.Name)
	i8, _ := gomoku.ParsePoint("i8")
	_, err := g.Play(gomoku.Move{Kind: gomoku.Place, Point: i8})
	if e, ok := err.(*gomoku.Error); ok {
		fmt.Println(e.Code())
		fmt.Println(e.Message("en"))
		fmt.Println(e.Message("zh-CN"))
	}
	// Output:
	// 雨月
	// forbidden_double_three
	// move 9: i8 is forbidden to black (double three: lines g8-i8 and i7-i9)
	// 第9手：i8是黑棋的禁手（三三禁手：g8-i8和i7-i9），黑棋下在这里判负
}
