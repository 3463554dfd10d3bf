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

func loadPerft(t testing.TB) []perftCase {
	f, err := os.Open("testdata/perft.txt")
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
		c := perftCase{name: strings.TrimSpace(parts[0]), fen: strings.TrimSpace(parts[1]), depths: map[int]uint64{}}
		for _, p := range parts[2:] {
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
