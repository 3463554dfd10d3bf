package numchess

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// midGame returns a crowded mid-game position: random generated moves from
// the start (a fixed seed), preferring moves toward the opponent's camp so
// the pieces meet in the middle of the board.
func midGame(tb testing.TB, plies int) Position {
	eng := NewEngine(G46())
	rng := rand.New(rand.NewPCG(2026, 11))
	pos := Start()
	for i := 0; i < plies; i++ {
		moves := eng.LegalMoves(pos)
		best, bestGain := moves[0], -100
		for _, m := range moves {
			gain := m.To().Row() - m.From.Row()
			if pos.Turn() == Blue {
				gain = -gain
			}
			gain = gain*4 + rng.IntN(12)
			if gain > bestGain {
				best, bestGain = m, gain
			}
		}
		next, err := eng.Play(pos, best)
		if err != nil {
			tb.Fatal(err)
		}
		pos = next
	}
	return pos
}

// crowded returns all twenty pieces packed at random into the central
// rows 7-11 (a fixed seed): the worst case for chain spans, since every
// line holds several pieces.
func crowded(tb testing.TB) Position {
	rng := rand.New(rand.NewPCG(5, 5))
	var centre []Point
	for _, q := range AllPoints() {
		if q.Row() >= 7 && q.Row() <= 11 {
			centre = append(centre, q)
		}
	}
	rng.Shuffle(len(centre), func(i, j int) { centre[i], centre[j] = centre[j], centre[i] })
	var pieces [2][10]Point
	for i := 0; i < 20; i++ {
		pieces[i/10][i%10] = centre[i]
	}
	p, err := New(pieces, Red, 20)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

var (
	benchOnce sync.Once
	benchPos  map[string]Position
)

func benchPositions(b *testing.B) map[string]Position {
	benchOnce.Do(func() {
		benchPos = map[string]Position{"start": Start(), "mid20": midGame(b, 20), "mid40": midGame(b, 40), "crowded": crowded(b)}
	})
	return benchPos
}

// BenchmarkLegalMoves generates every legal move with its witness, chain
// spans included, with the engine's value cache warm (as in a server that
// keeps one engine per ruleset).
func BenchmarkLegalMoves(b *testing.B) {
	for _, name := range []string{"start", "mid20", "mid40", "crowded"} {
		for _, rs := range []Ruleset{K1(), G23(), G46()} {
			pos := benchPositions(b)[name]
			eng := NewEngine(rs)
			n := len(eng.LegalMoves(pos)) // warm the value cache
			b.Run(name+"/"+rs.Name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					eng.LegalMoves(pos)
				}
				b.ReportMetric(float64(n), "moves")
			})
		}
	}
}

// BenchmarkLegalMovesCold includes building the value tables with a fresh
// engine.
func BenchmarkLegalMovesCold(b *testing.B) {
	for _, name := range []string{"mid40", "crowded"} {
		pos := benchPositions(b)[name]
		b.Run(name+"/G46", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				NewEngine(G46()).LegalMoves(pos)
			}
		})
	}
}

// BenchmarkMoveCount counts destinations without building witnesses.
func BenchmarkMoveCount(b *testing.B) {
	pos := benchPositions(b)["mid40"]
	eng := NewEngine(G46())
	eng.MoveCount(pos)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		eng.MoveCount(pos)
	}
}

// BenchmarkLongLines: a row of twelve pieces and a row of eight, the
// worst case for span values (a segment may span eleven pieces).
func BenchmarkLongLines(b *testing.B) {
	pos, err := ParsePosition(longLinesFEN)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		NewEngine(G46()).LegalMoves(pos)
	}
}

const longLinesFEN = "r:0a5,1c5,2e5,3g5,4i5,5k5,6a9,7c9,8e9,9g9;b:0b5,1d5,2f5,3h5,4j5,5l5,6b9,7d9,8f9,9h9 r 10"
