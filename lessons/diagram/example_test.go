package diagram_test

import (
	"errors"
	"fmt"
	"strings"

	"qixue/lessons/diagram"
	"qixue/rules/game"
)

// A chess diagram after 1. e4 with the reply d5 drawn as an arrow.
func ExampleRender() {
	svg, err := diagram.Render(game.Chess, diagram.Options{
		Position: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		LastMove: "e2e4",
		Arrows:   []string{"d7d5"},
		Lang:     "en",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Contains(string(svg), "<title id=\"title\">Chess diagram, Black to move</title>"))
	// Output: true
}

// A highlight that names no point of the board is refused, naming the
// option.
func ExampleRender_error() {
	_, err := diagram.Render(game.NumChess, diagram.Options{Highlights: []string{"z9"}})
	var de *diagram.Error
	if errors.As(err, &de) {
		fmt.Println(de.Param, de.Code())
		fmt.Println(de.Message("en"))
	}
	// Output:
	// highlight invalid_square
	// highlight: "z9" is not a point of the number-chess board such as e5
}

// Lesson content links to the diagram endpoint.
func ExamplePath() {
	fmt.Println(diagram.Path(game.Draughts, diagram.Options{Position: "W:W31-50:B1-20", Arrows: []string{"32-28"}, Flip: true}))
	// Output: /v1/diagrams/draughts.svg?arrows=32-28&flip=1&position=W%3AW31-50%3AB1-20
}
