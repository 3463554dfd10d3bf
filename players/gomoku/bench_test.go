package gomoku

import (
	"context"
	"fmt"
	"testing"

	rules "qixue/rules/gomoku"
)

// benchStart is a middle game: 16 stones of level 4 against itself
// (seeds 5 and 6) from the opening 花月 (h8 h9 i9).
func benchStart(b *testing.B, rs rules.Ruleset) *rules.Game {
	moves, _ := rules.ParseRecord("h8 h9 i9")
	g, err := rules.NewFreeGame(rs).PlayAll(moves)
	if err != nil {
		b.Fatal(err)
	}
	g, err = PlayGame(context.Background(), g, Side{Level: 4, Seed: 5}, Side{Level: 4, Seed: 6}, 13)
	if r, _ := g.Result(); err != nil || r != rules.Ongoing {
		b.Fatalf("%v %v", err, r)
	}
	return g
}

// BenchmarkDecide is one move of each level from benchStart under renju
// and freestyle, with the level's own node budget and no deadline.
func BenchmarkDecide(b *testing.B) {
	for _, rs := range []rules.Ruleset{rules.Renju, rules.Freestyle} {
		g := benchStart(b, rs)
		for lv := 1; lv <= NumLevels; lv++ {
			b.Run(fmt.Sprintf("%s/level%d", rs, lv), func(b *testing.B) {
				var nodes int64
				c0 := cpuTime()
				for i := 0; i < b.N; i++ {
					d := decide(context.Background(), g, lv, uint64(i), 0)
					nodes += d.nodes
				}
				b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
				// CPU time: what a move costs on one core when other
				// processes share the machine (wall time then grows).
				b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}
