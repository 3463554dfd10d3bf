package numchess_test

import (
	"fmt"

	"qixue/rules/numchess"
)

// Play the 1489 opening's chain and print it in the three notations.
func Example() {
	eng := numchess.NewEngine(numchess.G46())
	pos := numchess.Start()
	for _, s := range []string{"1d4-i5", "1a14-e13", "4a4-e5", "4d14-i13"} {
		m, _ := numchess.ParseMove(s)
		pos, _ = eng.Play(pos, m)
	}
	m, _ := numchess.ParseMove("8b2-f5[6-2]-d5[4]")
	mi, err := eng.Check(pos, m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(mi.Machine())
	fmt.Println(mi.Chinese())
	fmt.Println(mi.English())
	// Output:
	// 8b2-f5[6-2]-d5[4]
	// 8 左斜进跨 6,2、左平跨 4 (6−2=4)
	// 8 spans forward-left over 6, 2, then left over 4 (6−2 = 4)
}

// A refusal says which rule and which segment.
func ExampleEngine_Play() {
	eng := numchess.NewEngine(numchess.G46())
	m, _ := numchess.ParseMove("0a1-e5[9+5-4]")
	_, err := eng.Play(numchess.Start(), m)
	ie := err.(*numchess.IllegalMoveError)
	fmt.Println(ie.Code(), ie.Segment)
	fmt.Println(ie.Message("en"))
	// Output:
	// wrong_result 1
	// the result is 10, not 0
}

// Every distinct (piece, destination) with a witness.
func ExampleEngine_LegalMoves() {
	eng := numchess.NewEngine(numchess.K1())
	for _, m := range eng.LegalMoves(numchess.Start())[:4] {
		fmt.Println(m)
	}
	// Output:
	// 0a1-e5[9-5-4]
	// 0a1-i5[8-7-1]
	// 1d4-h5
	// 1d4-i5
}

func ExamplePosition_Score() {
	pos, _ := numchess.ParsePosition("r:8a16,9b16;b: r 40")
	fmt.Println(pos.Score(numchess.Red, numchess.ProductSum), pos.Score(numchess.Red, numchess.DifferenceSum))
	// Output: 145 0
}
