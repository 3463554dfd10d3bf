package gomoku

import (
	"bufio"
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated testdata files")

// benchPositions are busy 60-stone middle-game positions, written by
// TestBenchPositions -update from games between two simple heuristic
// players (both attack and block, nobody completes a five, Black avoids
// forbidden points).
const benchFile = "testdata/bench60.txt"

func playHeuristicGame(seed uint64, stones int) *Board {
	rng := rand.New(rand.NewPCG(seed, 99))
	b := &Board{}
	b.set(Tengen.Index(), Black)
	c := White
	for b.Stones() < stones {
		best, bestScore := -1, -1.0
		for i := range NumPoints {
			if b.cells[i] != Empty || !b.near(i, 1) {
				continue
			}
			p := PointAt(i)
			if b.makesFive(Renju, c, p) != (Segment{}) || (c == Black && b.IsForbidden(p)) {
				continue
			}
			score := rng.Float64() * 4
			for k, who := range []Colour{c, c.Opponent()} {
				t := tableFor(Renju, who)
				w := 1.0
				if k == 1 && c == White {
					w = 0.4 // a lazy defender leaves Black's shapes standing
				}
				for d := range Direction(4) {
					s := b.shapeAt(t, who, d, i)
					score += w * (8*float64(s.fours) + 3*float64(popcount(s.threePts)))
				}
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			break
		}
		b.set(best, c)
		c = c.Opponent()
	}
	return b
}

func popcount(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// near reports whether a stone lies within k points of i.
func (b *Board) near(i, k int) bool {
	c, r := i%Size, i/Size
	for dr := -k; dr <= k; dr++ {
		for dc := -k; dc <= k; dc++ {
			x, y := c+dc, r+dr
			if x >= 0 && x < Size && y >= 0 && y < Size && b.cells[y*Size+x] != Empty {
				return true
			}
		}
	}
	return false
}

func readBenchPositions(tb testing.TB) []*Board {
	f, err := os.Open(benchFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*Board
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, err := ParseBoard(line)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

func TestBenchPositions(t *testing.T) {
	if *update {
		var sb strings.Builder
		sb.WriteString("# 60-stone positions (TestBenchPositions -update), one diagram per line: six from\n# heuristic games where White defends lazily, two random 32+28 stones in the central 11x11\n")
		for seed := uint64(1); seed <= 6; seed++ {
			sb.WriteString(playHeuristicGame(seed, 60).String() + "\n")
		}
		rng := rand.New(rand.NewPCG(60, 60))
		for range 2 {
			sb.WriteString(randomBoard(rng, 32, 28, 11).String() + "\n")
		}
		if err := os.WriteFile(benchFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	total := 0
	for _, b := range readBenchPositions(t) {
		if b.Stones() != 60 {
			t.Errorf("position has %d stones", b.Stones())
		}
		ref := refFromBoard(b)
		fp := b.ForbiddenPoints()
		t.Logf("forbidden: %v", fp)
		total += len(fp)
		var want []Point
		for i := range NumPoints {
			if b.cells[i] == Empty && ref.refForbidden(i) {
				want = append(want, PointAt(i))
			}
		}
		if len(fp) != len(want) {
			t.Errorf("%s: forbidden %v, reference %v", b, fp, want)
		}
	}
	t.Logf("%d forbidden points in the bench positions", total)
}

// BenchmarkForbiddenPoints finds every forbidden point of each 60-stone
// position; ns/op is per position.
func BenchmarkForbiddenPoints(b *testing.B) {
	boards := readBenchPositions(b)
	tables()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		n += len(boards[0].ForbiddenPoints())
		boards = append(boards[1:], boards[0])
	}
	_ = n
}

// BenchmarkIsForbiddenAll checks every empty point of all eight positions
// one by one through the exported IsForbidden (a board copy per call).
func BenchmarkIsForbiddenAll(b *testing.B) {
	boards := readBenchPositions(b)
	tables()
	b.ResetTimer()
	for b.Loop() {
		for _, bd := range boards {
			for i := range NumPoints {
				if bd.cells[i] == Empty {
					bd.IsForbidden(PointAt(i))
				}
			}
		}
	}
}

// BenchmarkFindVCF searches the bench positions for a VCF of up to 10
// fours for each colour under renju rules.
func BenchmarkFindVCF(b *testing.B) {
	boards := readBenchPositions(b)
	tables()
	b.ResetTimer()
	for b.Loop() {
		for _, bd := range boards {
			FindVCF(bd, Renju, Black, 10)
			FindVCF(bd, Renju, White, 10)
		}
	}
}
