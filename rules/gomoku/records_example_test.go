package gomoku_test

import (
	"fmt"

	"qixue/rules/gomoku"
)

func ExampleParseRecords() {
	file := `[Black "Xiaoming"]
[White "Xiaohong"]
h8 h9 i10 swap i9 {White swapped} j10,k11:k11

h8 h9 h8
`
	games, errs := gomoku.ParseRecords(file, gomoku.Renju)
	for i, g := range games {
		if errs[i] != nil {
			fmt.Println(errs[i].(*gomoku.RecordError).Message("en"))
			continue
		}
		o, _ := g.Game.Opening()
		fmt.Println(g.Tag("Black"), "vs", g.Tag("White"), len(g.Moves), "moves,", o.English)
	}
	fmt.Print(gomoku.WriteRecords(games[:1]))
	// Output:
	// Xiaoming vs Xiaohong 6 moves, Keigetsu
	// game 2 (line 5): move 3: h8 already has a stone on it
	// [Black "Xiaoming"]
	// [White "Xiaohong"]
	// [Rule "renju"]
	// h8 h9 i10 swap i9 {White swapped} j10,k11:k11
}

func ExampleParsePSQ() {
	g, err := gomoku.ParsePSQ("Piskvorky 15x15, 11:11, 0\n8,8,1000\n9,7,1500\n-1\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Moves, g.Times)
	_, err = gomoku.ParsePSQ("Piskvorky 20x20, 11:11, 0\n10,10,0\n")
	fmt.Println(err)
	// Output:
	// [h8 i9] [1000 1500]
	// line 1: the game is on a 20x20 board; only 15x15 games can be read
}
