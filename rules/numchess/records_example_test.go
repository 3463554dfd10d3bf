package numchess_test

import (
	"fmt"

	"qixue/rules/numchess"
)

func ExampleParseRecords() {
	file := `[Red "小明"]
[Blue "小红"]
[Ruleset "G46"]
1. 1d4-i5 {the seed's 1489 opening starts with a step} 1a14-e13

1. 0a1-e5[9-5-3]
`
	games, errs := numchess.ParseRecords(file)
	for i, g := range games {
		if errs[i] != nil {
			fmt.Println(errs[i].(*numchess.RecordError).Message("en"))
			continue
		}
		fmt.Println(g.Tag("Red"), "vs", g.Tag("Blue"), g.Moves, g.Final.MoveNumber())
	}
	// Output:
	// 小明 vs 小红 [1d4-i5 1a14-e13] 2
	// game 2 (line 6): move 1 0a1-e5[9-5-3]: 3 was not spanned
}
