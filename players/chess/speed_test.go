package chess

import (
	"context"
	"fmt"
	"testing"
	"time"

	rc "qixue/rules/chess"
)

// speedPositions are middlegame and endgame positions out of the book.
var speedPositions = []string{
	middlegame,
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
	"r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
	"2r2rk1/pp1q1ppp/3bpn2/3p4/3P4/2PB1N2/PQ3PPP/R4RK1 b - - 3 17",
	"8/5pk1/4p1p1/3pP3/p2P1P2/P5P1/1r3K2/2R5 w - - 0 40",
	"6k1/5ppp/8/8/1P6/P3K3/5PPP/8 w - - 0 35",
}

// BenchmarkLevel measures the time a level takes for a move on one core
// (sub-benchmarks level1..level10): a level searches to its own depth or
// node limit (the engine is made outside the timing, as the server's pool
// keeps engines); level 10, which has none, gets a 1 s deadline as the UCI
// command and the server give it. ms/move is the mean over the positions.
func BenchmarkLevel(b *testing.B) {
	for level := 1; level <= Levels; level++ {
		b.Run(fmt.Sprintf("level%d", level), func(b *testing.B) {
			var positions []rc.Position
			for _, f := range speedPositions {
				positions = append(positions, mustFEN(b, f))
			}
			var wall, worst, cpu time.Duration
			moves := 0
			for b.Loop() {
				for _, pos := range positions {
					b.StopTimer()
					e, _ := New(level, 1, 20)
					b.StartTimer()
					ctx, cancel := context.WithTimeout(context.Background(), time.Second)
					start, c0 := time.Now(), cpuTime()
					if _, err := e.Search(ctx, pos, nil, Limits{}, nil); err != nil {
						b.Fatal(err)
					}
					d := time.Since(start)
					cpu += cpuTime() - c0
					cancel()
					wall += d
					worst = max(worst, d)
					moves++
				}
			}
			b.ReportMetric(float64(wall.Milliseconds())/float64(moves), "ms/move")
			b.ReportMetric(float64(worst.Milliseconds()), "max-ms")
			// CPU time per move: what a search costs when other processes
			// share the machine (then wall time grows, CPU time does not).
			b.ReportMetric(float64(cpu.Milliseconds())/float64(moves), "cpu-ms/move")
		})
	}
}
