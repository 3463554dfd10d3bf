package tournaments

import (
	"errors"
	"math/rand/v2"
	"sort"
)

// SchoolSwiss is the simple Swiss of the seeds' school events (积分编排,
// seed 002): the first round drawn by lot, then score groups paired from the
// top down, same score first and otherwise the nearest score, no rematches,
// team-mates kept apart as far as possible, colours balanced. The seed
// scores 2 / 1 / 0 (TwoOneZero); the system uses whatever t.Points says.
//
// The algorithm, deterministic for a given Seed:
//
//  1. Who is paired: every player without an entry already written for the
//     round (a requested bye or an absence written ahead is kept).
//  2. Order: round 1 by lot (the players shuffled by a PCG generator seeded
//     with Seed); later rounds by score, highest first, then start rank.
//  3. Bye (odd number): the lowest player in the order who has not had a
//     pairing-allocated bye and without whom everybody else can still be
//     paired without a rematch. Nobody gets a second bye.
//  4. Boards, from the top of the order down: the highest unpaired player
//     meets, among the unpaired players he has not met, the first by (a)
//     the smallest score difference, (b) not a team-mate (same
//     Player.Club; unless AllowTeamMates), (c) not wanting the same colour
//     (both have had more Whites, or both more Blacks, or, level, the same
//     colour last), (d) order; always keeping a rematch-free pairing of the
//     players left possible (checked with a maximum matching). Two players
//     who both have two more Whites than Blacks (or two more Blacks) do not
//     meet, so no colour difference passes 2, unless the round cannot be
//     paired otherwise: then steps 3 and 4 run again without that rule. If
//     no rematch-free pairing of all exists: ErrNoValidPairing.
//  5. Colours: round 1 by lot (one coin per board from the same generator).
//     Later: the player with fewer Whites than Blacks (counting games played)
//     gets White; when level, the one who had Black in his last game; when
//     that is level too, the player higher in the order ("号码在前的为先手").
//
// Boards are listed in order of their higher player; the bye last.
type SchoolSwiss struct {
	Seed           uint64
	AllowTeamMates bool
}

type ssPlayer struct {
	p      *Player
	score  Points
	diff   int   // Whites minus Blacks in played games
	last   Color // colour of the last played game
	hadBye bool
	met    map[int]bool
	club   string
	index  int // position in the order
}

// Pair pairs round round, which must be the next round of t. Errors:
// ErrRoundsComplete, ErrNoValidPairing, ErrResultsMissing (a game of an
// earlier round without result), *SystemError for a round that is not the
// next one or fewer than 2 players to pair.
func (ss SchoolSwiss) Pair(t *Tournament, round int) ([]Pairing, error) {
	if err := checkNextRound(t, round); err != nil {
		return nil, err
	}
	var ps []*ssPlayer
	for _, p := range t.Players {
		if p == nil {
			continue
		}
		if e := entryAt(p, round-1); !noResult(e) {
			continue // a bye or an absence written ahead
		}
		sp := &ssPlayer{p: p, score: t.Score(p, round-1), met: map[int]bool{}, club: p.Club}
		for r := 0; r < round-1; r++ {
			e := entryAt(p, r)
			if e.Opponent != 0 {
				sp.met[e.Opponent] = true
			}
			if e.Result == PairingBye {
				sp.hadBye = true
			}
			if e.Played() {
				sp.last = e.Color
				if e.Color == White {
					sp.diff++
				} else if e.Color == Black {
					sp.diff--
				}
			}
		}
		ps = append(ps, sp)
	}
	if len(ps) < 2 {
		return nil, &SystemError{Code: CodeTooFewPlayers, Reason: "fewer than 2 players to pair"}
	}
	if round == 1 {
		lot := rand.New(rand.NewPCG(ss.Seed, 0x7a7e5eed))
		lot.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	} else {
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].score != ps[j].score {
				return ps[i].score > ps[j].score
			}
			return ps[i].p.ID < ps[j].p.ID
		})
	}
	for i, p := range ps {
		p.index = i
	}
	out, err := ss.pairWith(ps, round, true)
	if errors.Is(err, ErrNoValidPairing) {
		out, err = ss.pairWith(ps, round, false)
	}
	return out, err
}

// pairWith runs steps 3 to 5 on the ordered players. With strict, two
// players who both have had two more Whites than Blacks (or two more
// Blacks) do not meet, so no colour difference passes 2.
func (ss SchoolSwiss) pairWith(ps []*ssPlayer, round int, strict bool) ([]Pairing, error) {
	rng := rand.New(rand.NewPCG(ss.Seed, uint64(round)))
	free := make([]bool, len(ps))
	for i := range free {
		free[i] = true
	}
	var byeTo *ssPlayer
	if len(ps)%2 == 1 {
		for i := len(ps) - 1; i >= 0 && byeTo == nil; i-- {
			if ps[i].hadBye {
				continue
			}
			free[i] = false
			if completable(ps, free, strict) {
				byeTo = ps[i]
			} else {
				free[i] = true
			}
		}
		if byeTo == nil {
			return nil, ErrNoValidPairing
		}
	} else if !completable(ps, free, strict) {
		return nil, ErrNoValidPairing
	}
	var out []Pairing
	for i, p := range ps {
		if !free[i] {
			continue
		}
		free[i] = false
		var cands []*ssPlayer
		for j := i + 1; j < len(ps); j++ {
			if free[j] && canMeet(p, ps[j], strict) {
				cands = append(cands, ps[j])
			}
		}
		sort.SliceStable(cands, func(a, b int) bool { return ss.better(p, cands[a], cands[b]) })
		var q *ssPlayer
		for _, c := range cands {
			free[c.index] = false
			if completable(ps, free, strict) {
				q = c
				break
			}
			free[c.index] = true
		}
		if q == nil {
			return nil, ErrNoValidPairing // cannot happen: the rest was completable
		}
		w, b := p, q
		switch {
		case round == 1:
			if rng.IntN(2) == 1 {
				w, b = q, p
			}
		case q.diff < p.diff, q.diff == p.diff && colourValue(q.last) < colourValue(p.last):
			w, b = q, p
		}
		out = append(out, Pairing{White: w.p.ID, Black: b.p.ID})
	}
	if byeTo != nil {
		out = append(out, Pairing{White: byeTo.p.ID})
	}
	return out, nil
}

func colourValue(c Color) int {
	switch c {
	case White:
		return 1
	case Black:
		return -1
	}
	return 0
}

// better reports whether opponent a is preferred to b for p (step 4).
func (ss SchoolSwiss) better(p, a, b *ssPlayer) bool {
	da, db := absPoints(p.score-a.score), absPoints(p.score-b.score)
	if da != db {
		return da < db
	}
	if !ss.AllowTeamMates {
		ma, mb := teamMates(p, a), teamMates(p, b)
		if ma != mb {
			return !ma
		}
	}
	ca, cb := colourClash(p, a), colourClash(p, b)
	if ca != cb {
		return !ca
	}
	return a.index < b.index
}

func absPoints(p Points) Points {
	if p < 0 {
		return -p
	}
	return p
}

func teamMates(a, b *ssPlayer) bool { return a.club != "" && a.club == b.club }

// colourClash reports two players who want the same colour.
func colourClash(a, b *ssPlayer) bool {
	sa, sb := sign(a.diff), sign(b.diff)
	if sa != 0 || sb != 0 {
		return sa == sb
	}
	return a.last != NoColor && a.last == b.last
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// canMeet reports whether a and b may be paired: not a rematch and, when
// strict, not two players who both need the same colour badly.
func canMeet(a, b *ssPlayer, strict bool) bool {
	if a.met[b.p.ID] {
		return false
	}
	return !strict || !(a.diff >= 2 && b.diff >= 2 || a.diff <= -2 && b.diff <= -2)
}

// completable reports whether the free players can all be paired without
// a rematch (or, when strict, a bad colour clash).
func completable(ps []*ssPlayer, free []bool, strict bool) bool {
	var idx []int
	for i, f := range free {
		if f {
			idx = append(idx, i)
		}
	}
	if len(idx)%2 == 1 {
		return false
	}
	adj := make([][]int, len(idx))
	for a := range idx {
		for b := a + 1; b < len(idx); b++ {
			if canMeet(ps[idx[a]], ps[idx[b]], strict) {
				adj[a] = append(adj[a], b)
				adj[b] = append(adj[b], a)
			}
		}
	}
	return maxCardinalityMatching(len(idx), adj)*2 == len(idx)
}

// Standings ranks by points and tie-breaks with C.07 article 16.
func (SchoolSwiss) Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	return Standings(t, after, tiebreaks)
}
