package numchess

import (
	"context"
	"fmt"
	"testing"

	rules "qixue/rules/numchess"
)

// benchPosition is the position after plies moves of greedy against
// greedy under rs (a fixed seed): a mid-game with the pieces meeting.
func benchPosition(tb testing.TB, rs rules.Ruleset, plies int) rules.Position {
	ctx := context.Background()
	eng := rules.SharedEngine(rs)
	pos := rules.Start()
	g := NewGreedy(rs, 7)
	for i := 0; i < plies; i++ {
		d, err := g.Decide(ctx, pos)
		if err != nil || d.Stop {
			tb.Fatalf("ply %d: %v", i, err)
		}
		if pos, err = eng.Play(pos, d.Move); err != nil {
			tb.Fatal(err)
		}
	}
	return pos
}

// BenchmarkDecide is one move of each level in a mid-game position (20
// plies of greedy play) under G46, engine caches warm.
func BenchmarkDecide(b *testing.B) {
	rs := rules.G46()
	pos := benchPosition(b, rs, 20)
	for _, lv := range Levels() {
		b.Run(fmt.Sprintf("level%d", lv.Number), func(b *testing.B) {
			p, _ := New(rs, lv.Number, 1)
			p.opening = opening{}
			nodes := 0
			for i := 0; i < b.N; i++ {
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

func BenchmarkReaches(b *testing.B) {
	rs := rules.G46()
	pos := benchPosition(b, rs, 20)
	eng := rules.SharedEngine(rs)
	var buf []rules.Reach
	for i := 0; i < b.N; i++ {
		buf, _ = eng.Reaches(context.Background(), pos, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}
