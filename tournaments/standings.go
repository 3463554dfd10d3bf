package tournaments

import (
	"fmt"
	"sort"
)

// Standings ranks the players of a Swiss tournament (Dutch or SchoolSwiss)
// after round after: by points, then by the tie-breaks in order (C.07, with
// article 16 for unplayed rounds); players still tied after the last
// tie-break share the rank. Rows of a shared rank are listed by start rank.
// It returns a *SystemError when after is negative or beyond the rounds in
// t, and a *TieBreakError for a tie-break it does not know.
func Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	return standings(t, after, tiebreaks, true)
}

// RoundRobinStandings is Standings for a round robin, whose pairings were
// fixed in advance: C.07 article 15.2 instead of 16, and the Buchholz
// family refused with a *TieBreakError (C.07 8: not for round robins,
// where every player has the same opponents).
func RoundRobinStandings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	for _, tb := range tiebreaks {
		if b, _, _ := tb.base(); b == "BH" {
			return nil, &TieBreakError{Name: string(tb), NotForRoundRobin: true, Reason: "Buchholz is not used in a round robin, where every player meets the same opponents"}
		}
	}
	return standings(t, after, tiebreaks, false)
}

// roundsWritten is the number of rounds some player has an entry for.
func roundsWritten(t *Tournament) int {
	n := 0
	for _, p := range t.Players {
		if p != nil {
			n = max(n, countEntries(p))
		}
	}
	return n
}

func checkTieBreaks(tbs []TieBreak) error {
	for _, tb := range tbs {
		if parsed, err := ParseTieBreak(string(tb)); err != nil || parsed != tb {
			return &TieBreakError{Name: string(tb)}
		}
	}
	return nil
}

func standings(t *Tournament, after int, tbs []TieBreak, swiss bool) ([]Standing, error) {
	if after < 0 || after > max(roundsWritten(t), t.Rounds) {
		return nil, &SystemError{Code: CodeNoSuchRound, Reason: fmt.Sprintf("no standings after round %d: the tournament has %d rounds", after, max(roundsWritten(t), t.Rounds))}
	}
	if err := checkTieBreaks(tbs); err != nil {
		return nil, err
	}
	c := newTBContext(t, after, swiss)
	var players []*Player
	rows := map[int]*Standing{}
	for _, p := range t.Players {
		if p == nil {
			continue
		}
		players = append(players, p)
		row := &Standing{Player: p.ID, Points: c.score[p.ID], TieBreaks: make([]Value, len(tbs))}
		for i, tb := range tbs {
			if tb != DirectEncounter {
				row.TieBreaks[i] = c.value(p, tb)
			}
		}
		rows[p.ID] = row
	}
	sort.SliceStable(players, func(i, j int) bool { return c.score[players[i].ID] > c.score[players[j].ID] })
	r := &ranker{c: c, tbs: tbs, rows: rows, deSet: map[int]bool{}}
	for _, g := range splitBy(players, func(a, b *Player) bool { return c.score[a.ID] == c.score[b.ID] }) {
		r.rank(g, 0)
	}
	// A DE value never computed (the player was alone before DE came) is
	// the points against the players with the same score.
	for i, tb := range tbs {
		if tb != DirectEncounter {
			continue
		}
		for _, g := range splitBy(players, func(a, b *Player) bool { return c.score[a.ID] == c.score[b.ID] }) {
			_, vals := c.directEncounter(g)
			for _, p := range g {
				if !r.deSet[p.ID] {
					rows[p.ID].TieBreaks[i] = vals[p.ID]
				}
			}
		}
	}
	return r.out, nil
}

// ranker orders tied groups by the tie-breaks, recursively.
type ranker struct {
	c     *tbContext
	tbs   []TieBreak
	rows  map[int]*Standing
	deSet map[int]bool
	out   []Standing
}

func (r *ranker) rank(group []*Player, i int) {
	if len(group) == 1 || i == len(r.tbs) {
		sorted := append([]*Player(nil), group...)
		sort.Slice(sorted, func(a, b int) bool { return sorted[a].ID < sorted[b].ID })
		rank := len(r.out) + 1
		for _, p := range sorted {
			row := *r.rows[p.ID]
			row.Rank = rank
			r.out = append(r.out, row)
		}
		return
	}
	if r.tbs[i] == DirectEncounter {
		classes, vals := r.c.directEncounter(group)
		for _, p := range group {
			if !r.deSet[p.ID] {
				r.rows[p.ID].TieBreaks[i] = vals[p.ID]
				r.deSet[p.ID] = true
			}
		}
		for _, cl := range classes {
			if len(cl) == len(group) {
				r.rank(cl, i+1)
			} else {
				r.rank(cl, i) // C.07 6: apply DE again to those still tied
			}
		}
		return
	}
	sorted := append([]*Player(nil), group...)
	val := func(p *Player) Value { return r.rows[p.ID].TieBreaks[i] }
	sort.SliceStable(sorted, func(a, b int) bool { return val(sorted[a]).Cmp(val(sorted[b])) > 0 })
	for _, cl := range splitBy(sorted, func(a, b *Player) bool { return val(a).Cmp(val(b)) == 0 }) {
		r.rank(cl, i+1)
	}
}
