package game_test

import (
	"context"
	"fmt"

	"qixue/rules/game"
)

func Example() {
	reg := game.NewRegistry()
	for _, tc := range []struct {
		game    game.Name
		variant string
		moves   []string
	}{
		{game.Chess, "", []string{"f3", "e5", "g4", "Qh4"}},
		{game.Gomoku, "freestyle", []string{"h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"}},
	} {
		rules := reg.Must(tc.game)
		start, err := rules.Start(tc.variant)
		if err != nil {
			fmt.Println(err)
			return
		}
		g := game.NewGame(start)
		for _, s := range tc.moves {
			if _, _, err := g.Play(s); err != nil {
				fmt.Println(err)
				return
			}
		}
		o := g.Outcome()
		fmt.Println(tc.game, g.Notation(), rules.ResultText(o), o.Rule)
		fmt.Println(rules.Message(o, "zh-CN"), "/", rules.Message(o, "en"))
	}
	pos, _ := reg.Parse(game.NumChess, "K1", "")
	moves, _ := pos.Moves(context.Background())
	m, _ := pos.ParseMove("1d4-i5")
	fmt.Println(len(moves) > 0, pos.Notation(m), pos.Describe(m, "zh-CN"))
	// Output:
	// chess [f3 e5 g4 Qh4#] 0-1 checkmate
	// 黑方胜：将杀 / Black wins: checkmate
	// gomoku [h8 a1 i8 a2 j8 a3 k8 a4 l8] black wins five
	// 黑方胜：连成五子 / Black wins: five in a row
	// true 1d4-i5 1 右斜进移
}
