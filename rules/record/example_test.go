package record_test

import (
	"fmt"
	"strings"

	"qixue/rules/record"
)

func ExampleSplit() {
	file := "[Event \"Club night\"]\n[Black \"Li\"]\nh8 h9 {first comment} i10\n\nh8 i9 ; no tags\n"
	for _, g := range record.Split(file) {
		var words []string
		for _, t := range g.Tokens {
			if t.Comment {
				words = append(words, record.Comment(t.Text))
			} else {
				words = append(words, t.Text)
			}
		}
		fmt.Printf("game %d from line %d, event %q: %s\n", g.Number, g.Line, g.Get("Event"), strings.Join(words, " "))
	}
	// Output:
	// game 1 from line 1, event "Club night": h8 h9 {first comment} i10
	// game 2 from line 5, event "": h8 i9 {no tags}
}
