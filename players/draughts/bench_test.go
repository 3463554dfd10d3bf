package draughts

import (
	"context"
	"fmt"
	"testing"

	rules "qixue/rules/draughts"
)

// benchFEN is an opening position with many choices (20 pieces a side).
const benchFEN = "W:W28,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,23"

// BenchmarkDecide is one move of each level from a middle game position,
// a fresh player each time (an empty transposition table).
func BenchmarkDecide(b *testing.B) {
	pos, err := rules.ParseFEN(benchFEN)
	if err != nil {
		b.Fatal(err)
	}
	for _, lv := range Levels() {
		b.Run(fmt.Sprintf("level%d", lv.Number), func(b *testing.B) {
			nodes := 0
			for i := 0; i < b.N; i++ {
				p, _ := New(lv.Number, 1)
				d, err := p.Decide(context.Background(), pos)
				if err != nil {
					b.Fatal(err)
				}
				nodes += d.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
