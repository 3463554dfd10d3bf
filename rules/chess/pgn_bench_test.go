package chess

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// randomPGN returns n games of random legal moves (40 to 160 plies, or
// until mate or stalemate) in PGN with a TWIC-like tag roster, an
// occasional comment and NAG, as one file. The same seed gives the same
// file.
func randomPGN(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	var sb strings.Builder
	for i := range n {
		g := NewGame(StartPosition())
		plies := 40 + r.IntN(121)
		for range plies {
			ms := g.Position().LegalMoves()
			if len(ms) == 0 {
				break
			}
			if err := g.Play(ms[r.IntN(len(ms))]); err != nil {
				panic(err)
			}
		}
		pg := g.PGNGame(Tag{"Event", "Club championship"}, Tag{"Site", "Hangzhou CHN"},
			Tag{"Date", fmt.Sprintf("2026.%02d.%02d", 1+i%12, 1+i%28)}, Tag{"Round", fmt.Sprint(1 + i%9)},
			Tag{"White", fmt.Sprintf("Player %d", r.IntN(500))}, Tag{"Black", fmt.Sprintf("Player %d", r.IntN(500))},
			Tag{"WhiteElo", fmt.Sprint(1200 + r.IntN(1200))}, Tag{"BlackElo", fmt.Sprint(1200 + r.IntN(1200))}, Tag{"ECO", "C50"})
		if len(pg.Moves) > 10 && i%5 == 0 {
			pg.Moves[9].Comments = []string{"a better try was to keep the bishop"}
			pg.Moves[9].NAGs = []int{2}
		}
		sb.WriteString(pg.PGN())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestRandomPGNReadsBack checks the benchmark file: every game reads back
// with all its moves validated and no error.
func TestRandomPGNReadsBack(t *testing.T) {
	text := randomPGN(50, 3)
	games := ParsePGN(text)
	if len(games) != 50 {
		t.Fatalf("%d games", len(games))
	}
	for i, g := range games {
		if g.Err != nil || len(g.Moves) == 0 {
			t.Fatalf("game %d: %v", i+1, g.Err)
		}
	}
}

// BenchmarkParsePGN10k reads a 10,000-game PGN file (TWIC size) with every
// move validated; the target is under 10 s.
func BenchmarkParsePGN10k(b *testing.B) {
	text := randomPGN(10000, 1)
	moves := 0
	for _, g := range ParsePGN(text) {
		if g.Err != nil {
			b.Fatal(g.Err)
		}
		moves += len(g.Moves)
	}
	b.SetBytes(int64(len(text)))
	start, cpu := time.Now(), cpuTime()
	n := 0
	for b.Loop() {
		ParsePGN(text)
		n++
	}
	b.ReportMetric(time.Since(start).Seconds()/float64(n), "s/file")
	if used := cpuTime() - cpu; used > 0 {
		b.ReportMetric(used.Seconds()/float64(n), "cpu-s/file")
	}
	b.ReportMetric(float64(moves), "plies/file")
}
