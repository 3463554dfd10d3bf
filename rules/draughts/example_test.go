package draughts_test

import (
	"fmt"

	"qixue/rules/draughts"
)

func Example() {
	pos, err := draughts.ParseFEN("W:W31-50:B1-20")
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"32-28", "19-23", "28x19"} {
		m, err := pos.ParseMove(text)
		if err != nil {
			panic(err)
		}
		pos, _ = pos.Play(m)
	}
	fmt.Println(pos.FEN())
	// Output:
	// B:W19,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20
}

func ExamplePosition_ParseMove() {
	pos, _ := draughts.ParseFEN("W:W32,34,36:B27,17,29")
	_, err := pos.ParseMove("34x23")
	if e, ok := err.(*draughts.IllegalMoveError); ok {
		fmt.Println(e.Code())
		fmt.Println(e.Message("en"))
		fmt.Println(e.Message("zh-CN"))
	}
	// Output:
	// majority_capture
	// you must take 2 pieces, this takes 1
	// 必须吃最多的棋子：应吃 2 个，这步只吃 1 个
}

func ExamplePosition_LegalMoves() {
	// A white king on 3 can take three black men in two ways to each of 26
	// and 31, so those captures need a landing square to tell them apart.
	pos, _ := draughts.ParseFEN("W:WK3,10:B11,14,19,23,32,35,36,37,38,43")
	for _, m := range pos.LegalMoves() {
		fmt.Println(pos.Notation(m), m.CaptureCount())
	}
	// Unordered output:
	// 3x20x26 3
	// 3x20x31 3
	// 3x25x26 3
	// 3x25x31 3
}

func ExamplePerft() {
	fmt.Println(draughts.Perft(draughts.Initial(), 4))
	// Output: 4265
}

func ExampleGame_Outcome() {
	g := draughts.NewGame(draughts.Initial())
	fmt.Println(g.Outcome().Result)
	blocked, _ := draughts.ParseFEN("W:W46:B41,37")
	o := draughts.NewGame(blocked).Outcome()
	fmt.Println(o.Result, o.Reason, "-", o.Message("en"))
	// Output:
	// *
	// 0-2 no_moves - White cannot move and loses
}

func ExampleParsePDN() {
	g, err := draughts.ParsePDN(`[Event "Class match"]
1. 32-28 19-23 {exchange} 2. 28x19 14x23 *`)
	if err != nil {
		panic(err)
	}
	fmt.Print(g.PDN())
	// Output:
	// [Event "Class match"]
	// [GameType "20"]
	// [Result "*"]
	//
	// 1. 32-28 19-23 {exchange} 2. 28x19 14x23 *
}
