package main

import (
	"testing"

	"qixue/rules/chess"
)

func TestOpeningsAreLegal(t *testing.T) {
	seen := map[string]bool{}
	for _, line := range openings {
		g := chess.NewGame(chess.StartPosition())
		for _, s := range splitMoves(line) {
			if err := g.PlayMove(s); err != nil {
				t.Errorf("%s: %s: %v", line, s, err)
				break
			}
		}
		if seen[line] {
			t.Errorf("%s twice", line)
		}
		seen[line] = true
	}
}

func TestReport(t *testing.T) {
	report([3]int{10, 0, 10}, nil) // 50 %: must not panic or divide by zero
	report([3]int{0, 0, 0}, nil)
	report([3]int{5, 0, 0}, map[string]int{"x": 1})
}
