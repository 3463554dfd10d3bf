// Command chessbench measures qixue/rules/chess against
// github.com/corentings/chess/v2 on the same perft runs in one process and
// prints nodes per second and the speed ratio. Both count the last ply in
// bulk (the number of legal moves), so they do the same work.
//
//	cd bench/chess && go run . [-runs 3]
package main

import (
	"flag"
	"fmt"
	"os"
	"syscall"
	"time"

	corentings "github.com/corentings/chess/v2"

	"qixue/rules/chess"
)

type job struct {
	name  string
	fen   string
	depth int
	want  uint64
}

var jobs = []job{
	{"start", chess.StartFEN, 4, 197281},
	{"start", chess.StartFEN, 5, 4865609},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
}

// theirPerft counts leaves with corentings/chess, bulk-counting the last ply.
func theirPerft(pos *corentings.Position, depth int) uint64 {
	moves := pos.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += theirPerft(pos.Update(&moves[i]), depth-1)
	}
	return n
}

// cpuTime returns the CPU time used by this process so far (all threads,
// so the garbage collector's work counts too).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// best runs f runs times and returns its node count and the fastest wall
// and CPU times.
func best(runs int, f func() uint64) (uint64, time.Duration, time.Duration) {
	var nodes uint64
	fastest, leastCPU := time.Duration(1<<63-1), time.Duration(1<<63-1)
	for i := 0; i < runs; i++ {
		start, cpu := time.Now(), cpuTime()
		nodes = f()
		if d := time.Since(start); d < fastest {
			fastest = d
		}
		if d := cpuTime() - cpu; d < leastCPU {
			leastCPU = d
		}
	}
	return nodes, fastest, leastCPU
}

func main() {
	runs := flag.Int("runs", 3, "runs per measurement (the fastest counts)")
	flag.Parse()
	fmt.Printf("%-9s %5s %10s %12s %12s %7s %12s %12s %7s\n", "position", "depth", "nodes",
		"qixue n/s", "theirs n/s", "ratio", "qixue n/cpu", "theirs n/cpu", "ratio")
	failed := false
	for _, j := range jobs {
		ours, err := chess.ParseFEN(j.fen)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		opt, err := corentings.FEN(j.fen)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		theirs := corentings.NewGame(opt).Position()
		n1, d1, c1 := best(*runs, func() uint64 { return ours.Perft(j.depth) })
		n2, d2, c2 := best(*runs, func() uint64 { return theirPerft(theirs, j.depth) })
		if n1 != j.want || n2 != j.want {
			fmt.Fprintf(os.Stderr, "%s perft(%d): qixue %d, corentings %d, want %d\n", j.name, j.depth, n1, n2, j.want)
			failed = true
		}
		nps1, nps2 := float64(n1)/d1.Seconds(), float64(n2)/d2.Seconds()
		cps1, cps2 := float64(n1)/c1.Seconds(), float64(n2)/c2.Seconds()
		fmt.Printf("%-9s %5d %10d %12.0f %12.0f %6.1fx %12.0f %12.0f %6.1fx\n", j.name, j.depth, n1,
			nps1, nps2, nps1/nps2, cps1, cps2, cps1/cps2)
	}
	if failed {
		os.Exit(1)
	}
}
