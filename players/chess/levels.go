package chess

import (
	"errors"
	"fmt"
)

// levelSpec is how one level plays: how deep it may look, how many nodes
// it may spend, how much noise blurs its evaluation (a weaker player
// misjudges positions), how far its quiescence follows captures (a
// beginner stops looking after the first capture and misses the
// recapture), whether it uses the pruning that a strong search needs, and
// how many plies of the opening book it knows.
type levelSpec struct {
	nameZH, nameEN string
	depth          int   // 0: no limit
	nodes          int64 // 0: no limit
	noise          int   // centipawns, +/-
	qdepth         int   // quiescence plies; -1: no limit
	prune          bool
	bookPlies      int
}

// levels are the player's levels, weakest first. Their measured strength
// is in BENCHMARKS.md ("Chess computer player").
var levels = []levelSpec{
	{"小蜗牛", "Snail", 1, 0, 220, 0, false, 0},
	{"小兔子", "Bunny", 1, 0, 140, 1, false, 2},
	{"小猫咪", "Kitten", 2, 0, 100, 1, false, 4},
	{"小狗狗", "Puppy", 2, 0, 60, 3, true, 6},
	{"小狐狸", "Fox", 3, 0, 40, -1, true, 8},
	{"猫头鹰", "Owl", 4, 0, 25, -1, true, 10},
	{"大灰狼", "Wolf", 6, 40_000, 12, -1, true, 12},
	{"老虎", "Tiger", 0, 150_000, 6, -1, true, 14},
	{"狮子", "Lion", 0, 500_000, 0, -1, true, 16},
	{"巨龙", "Dragon", 0, 0, 0, -1, true, 16},
}

// Levels is the number of levels: 1 is the weakest, Levels the strongest.
const Levels = 10

// ErrLevel is returned for a level outside 1..Levels.
var ErrLevel = errors.New("chess player: level out of range")

// Level describes one level for people.
type Level struct {
	Number         int
	NameZH, NameEN string
}

// LevelInfo returns the names of level n (1..Levels) or ErrLevel.
func LevelInfo(n int) (Level, error) {
	if n < 1 || n > len(levels) {
		return Level{}, fmt.Errorf("%w: %d (1-%d)", ErrLevel, n, len(levels))
	}
	l := levels[n-1]
	return Level{Number: n, NameZH: l.nameZH, NameEN: l.nameEN}, nil
}
