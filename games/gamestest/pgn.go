// Package gamestest makes game files for tests and benchmarks of the
// game archive.
package gamestest

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"qixue/rules/chess"
)

// RandomPGN returns n chess games of random legal moves (plies moves
// each, fewer when the game ends) in PGN with a TWIC-like tag roster and
// an occasional comment, as one file. The same seed gives the same file.
func RandomPGN(n, plies int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 7))
	var sb strings.Builder
	for i := range n {
		g := chess.NewGame(chess.StartPosition())
		for range plies {
			ms := g.Position().LegalMoves()
			if len(ms) == 0 || g.Outcome().Over() {
				break
			}
			if err := g.Play(ms[r.IntN(len(ms))]); err != nil {
				panic(err)
			}
		}
		pg := g.PGNGame(chess.Tag{Name: "Event", Value: "Club championship"}, chess.Tag{Name: "Site", Value: "Hangzhou CHN"},
			chess.Tag{Name: "Date", Value: fmt.Sprintf("2026.%02d.%02d", 1+i%12, 1+i%28)}, chess.Tag{Name: "Round", Value: fmt.Sprint(1 + i%9)},
			chess.Tag{Name: "White", Value: fmt.Sprintf("Player %d", r.IntN(500))}, chess.Tag{Name: "Black", Value: fmt.Sprintf("Player %d", r.IntN(500))},
			chess.Tag{Name: "WhiteElo", Value: fmt.Sprint(1200 + r.IntN(1200))}, chess.Tag{Name: "ECO", Value: "C50"})
		if len(pg.Moves) > 10 && i%5 == 0 {
			pg.Moves[9].Comments = []string{"a better try was to keep the bishop"}
		}
		sb.WriteString(pg.PGN())
		sb.WriteByte('\n')
	}
	return sb.String()
}
