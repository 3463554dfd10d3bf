package draughts

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
)

var longPerft = flag.Bool("draughts.longperft", false, "also run perft vectors above 10M nodes")

type perftCase struct {
	fen   string
	depth int
	nodes uint64
}

func readPerft(t testing.TB) []perftCase {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		d, err1 := strconv.Atoi(parts[1])
		n, err2 := strconv.ParseUint(parts[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", line)
		}
		out = append(out, perftCase{parts[0], d, n})
	}
	return out
}

func TestPerft(t *testing.T) {
	for _, c := range readPerft(t) {
		if c.nodes > 10_000_000 && !*longPerft {
			continue
		}
		if testing.Short() && c.nodes > 1_000_000 {
			continue
		}
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Perft(p, c.depth); got != c.nodes {
			t.Errorf("perft(%s, %d) = %d, want %d", c.fen, c.depth, got, c.nodes)
		}
	}
}

// TestPerftReference checks the vectors of small depth with the independent
// array-based generator.
func TestPerftReference(t *testing.T) {
	for _, c := range readPerft(t) {
		if c.depth > 4 || c.nodes > 500_000 {
			continue
		}
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := refPerft(toRef(p), c.depth); got != c.nodes {
			t.Errorf("reference perft(%s, %d) = %d, want %d", c.fen, c.depth, got, c.nodes)
		}
	}
}

// BenchmarkPerft measures perft from the initial position; nodes/s is
// reported as a custom metric.
func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{6, 7, 8} {
		b.Run("depth"+strconv.Itoa(depth), func(b *testing.B) {
			p := Initial()
			var nodes uint64
			for b.Loop() {
				nodes += Perft(p, depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPerft9 is perft(9) from the initial position (41,022,423 nodes),
// the figure recorded in BENCHMARKS.md.
func BenchmarkPerft9(b *testing.B) {
	p := Initial()
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, 9)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
