package chess

import (
	"testing"
	"time"
)

func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	start, cpu := time.Now(), cpuTime()
	for b.Loop() {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	if used := cpuTime() - cpu; used > 0 {
		// Nodes per CPU-second: less disturbed by other work on the machine.
		b.ReportMetric(float64(nodes)/used.Seconds(), "nodes/cpu-s")
	}
}

// BenchmarkPerftStart6 is the performance target: start-position perft(6)
// with bulk counting at the leaves.
func BenchmarkPerftStart6(b *testing.B) { benchPerft(b, StartFEN, 6) }

// BenchmarkPerftStart5 is a shorter start-position run.
func BenchmarkPerftStart5(b *testing.B) { benchPerft(b, StartFEN, 5) }

// BenchmarkPerftKiwipete5 measures the tactically dense Kiwipete position.
func BenchmarkPerftKiwipete5(b *testing.B) {
	benchPerft(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5)
}
