package chess

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

type perftCase struct {
	name   string
	fen    string
	depths map[int]uint64
}

func loadPerft(t testing.TB) []perftCase { return loadPerftFile(t, "testdata/perft.txt") }

// loadPerftFile reads lines "[name ;] FEN ; D1 n ; D2 n ...".
func loadPerftFile(t testing.TB, name string) []perftCase {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		c := perftCase{name: strings.TrimSpace(parts[0]), depths: map[int]uint64{}}
		if strings.Contains(parts[0], "/") {
			c.fen, parts = c.name, parts[1:]
		} else {
			c.fen, parts = strings.TrimSpace(parts[1]), parts[2:]
		}
		for _, p := range parts {
			var d int
			var n uint64
			fs := strings.Fields(p)
			d, err1 := strconv.Atoi(strings.TrimPrefix(fs[0], "D"))
			n, err2 := strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("bad perft line %q", line)
			}
			c.depths[d] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// TestPerftSuite runs the 126-position perft suite (testdata/perftsuite.epd,
// the widely shared "perftsuite.epd" with castling, promotion and en-passant
// edge cases) up to 200,000 nodes per position; QIXUE_PERFT_DEEP=1 (without
// -short) runs every depth.
func TestPerftSuite(t *testing.T) {
	limit := uint64(200_000)
	if os.Getenv("QIXUE_PERFT_DEEP") != "" && !testing.Short() {
		limit = ^uint64(0)
	}
	for _, c := range loadPerftFile(t, "testdata/perftsuite.epd") {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		for d := 1; ; d++ {
			want, ok := c.depths[d]
			if !ok || want > limit {
				break
			}
			if got := p.Perft(d); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", c.fen, d, got, want)
			}
		}
	}
}

// TestPerft checks node counts up to about 5 million nodes per position;
// set QIXUE_PERFT_DEEP=1 (without -short) for all depths in the file.
func TestPerft(t *testing.T) {
	limit := uint64(5_000_000)
	if os.Getenv("QIXUE_PERFT_DEEP") != "" && !testing.Short() {
		limit = ^uint64(0)
	}
	for _, c := range loadPerft(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for d := 1; ; d++ {
			want, ok := c.depths[d]
			if !ok || want > limit {
				break
			}
			if got := p.Perft(d); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", c.name, d, got, want)
			}
		}
	}
}
