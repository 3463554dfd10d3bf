package tournaments

import (
	"fmt"
	"math/bits"
	"sort"
)

// float is the direction a player floated in a past round.
type float int8

const (
	floatNone float = iota
	floatDown
	floatUp
)

// dplayer is a player as the Dutch system sees them before a round: the
// history up to the round to pair and what follows from it (C.04.3 1.2-1.7).
type dplayer struct {
	p      *Player
	id     int // start rank
	rank   int // effective pairing number (from 0) among the players still in
	score  Points
	played int // games played over the board
	// Colour data (C.04.3 1.6-1.7): imbalance is |whites - blacks|.
	pref      Color
	imbalance int
	repeated  Color // colour of the last two games when they were the same
	strong    bool
	eligible  bool // may receive the pairing-allocated bye (C.04.1.c)
	entries   []Entry
}

func (d *dplayer) absImbalance() bool { return d.imbalance > 1 }
func (d *dplayer) absolute() bool     { return d.absImbalance() || d.repeated != NoColor }

// dutchState is one tournament prepared for pairing its next round.
type dutchState struct {
	t        *Tournament
	played   int
	expected int
	byID     map[int]*dplayer
	players  []*dplayer // those to pair, by score then pairing number
	forbid   map[[2]int]bool
}

func newDutchState(t *Tournament) (*dutchState, error) {
	played := t.PlayedRounds()
	if t.Rounds == 0 {
		return nil, fmt.Errorf("tournaments: the number of rounds is not known (XXR or 142 line)")
	}
	if played >= t.Rounds {
		return nil, ErrRoundsComplete
	}
	s := &dutchState{t: t, played: played, expected: t.Rounds, byID: map[int]*dplayer{}, forbid: map[[2]int]bool{}}
	rank := 0
	for _, p := range t.Players {
		if p == nil || !t.active(p, played) {
			continue
		}
		d := &dplayer{p: p, id: p.ID, rank: rank}
		rank++
		d.entries = make([]Entry, played)
		copy(d.entries, p.Rounds)
		for i := len(p.Rounds); i < played; i++ {
			d.entries[i] = Entry{Result: NotPaired}
		}
		d.score = t.Score(p, played)
		d.eligible = true
		for _, e := range p.Rounds[:countEntries(p)] {
			if !e.Played() && (t.Points.Points(e) >= t.Points.Win || e.paired() && e.Opponent == 0) {
				d.eligible = false
			}
		}
		var whites, blacks, streak int
		for _, e := range d.entries {
			if !e.Played() {
				continue
			}
			d.played++
			if e.Color == White {
				whites++
			} else {
				blacks++
			}
			if streak == 0 || e.Color != d.repeated {
				streak = 1
			} else {
				streak++
			}
			d.repeated = e.Color
		}
		lower := White
		d.imbalance = blacks - whites
		if whites > blacks {
			lower = Black
			d.imbalance = whites - blacks
		}
		switch {
		case d.imbalance > 1:
			d.pref = lower
		case streak > 1:
			d.pref = d.repeated.Opposite()
		case d.imbalance > 0:
			d.pref = lower
		case streak > 0:
			d.pref = d.repeated.Opposite()
		}
		if streak <= 1 {
			d.repeated = NoColor
		}
		d.strong = !d.absolute() && d.imbalance > 0
		s.byID[p.ID] = d
		if countEntries(p) <= played {
			s.players = append(s.players, d)
		}
		for _, e := range d.entries {
			if e.Played() {
				s.forbid[pairKey(p.ID, e.Opponent)] = true
			}
		}
	}
	for _, g := range t.Forbidden {
		for _, a := range g {
			for _, b := range g {
				if a != b {
					s.forbid[pairKey(a, b)] = true
				}
			}
		}
	}
	sort.SliceStable(s.players, func(i, j int) bool { return s.ranksAbove(s.players[i], s.players[j]) })
	return s, nil
}

func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// ranksAbove orders players by score, then pairing number (C.04.3 1.2).
func (s *dutchState) ranksAbove(a, b *dplayer) bool {
	sa, sb := s.scoreBack(a, 0), s.scoreBack(b, 0)
	if sa != sb {
		return sa > sb
	}
	return a.rank < b.rank
}

// scoreBack returns the player's score (with acceleration) as it was
// roundsBack rounds before the round to pair.
func (s *dutchState) scoreBack(d *dplayer, roundsBack int) Points {
	score := d.score
	r := s.played
	for ; roundsBack > 0; roundsBack-- {
		r--
		score -= s.t.Points.Points(d.entries[r])
	}
	return score + accelerationAt(d.p, r)
}

// floatAt returns how the player floated roundsBack rounds ago (C.04.3 1.4):
// a player who scored more than a loss without playing counts as
// downfloater.
func (s *dutchState) floatAt(d *dplayer, roundsBack int) float {
	e := d.entries[s.played-roundsBack]
	if !e.Played() {
		if s.t.Points.Points(e) > s.t.Points.Loss {
			return floatDown
		}
		return floatNone
	}
	o := s.byID[e.Opponent]
	if o == nil {
		return floatNone
	}
	mine, theirs := s.scoreBack(d, roundsBack), s.scoreBack(o, roundsBack)
	switch {
	case mine > theirs:
		return floatDown
	case mine < theirs:
		return floatUp
	}
	return floatNone
}

// compatible reports whether the two may meet under the absolute criteria
// (C.04.3 C1-C3): no rematch, and not both with the same absolute colour
// preference, except topscorers in the last round.
func (s *dutchState) compatible(a, b *dplayer) bool {
	if s.forbid[pairKey(a.id, b.id)] {
		return false
	}
	if !a.absolute() || !b.absolute() || a.pref != b.pref {
		return true
	}
	if s.played >= s.expected-1 {
		win := max(s.t.Points.Win, s.t.Points.Draw)
		top := Points(s.played) * win / 2
		return s.scoreBack(a, 0) > top || s.scoreBack(b, 0) > top
	}
	return false
}

func prefsCompatible(a, b Color) bool { return a != b || a == NoColor || b == NoColor }

// bitsFor returns how many bits represent v.
func bitsFor(v int) int { return bits.Len(uint(v)) }

// neutralColor chooses the colour of p against o by the colour rules
// (C.04.3 E.1-E.4), or NoColor when the rules leave it to the pairing
// numbers (E.5).
func neutralColor(p, o *dplayer) Color {
	switch {
	case prefsCompatible(p.pref, o.pref):
		if p.pref != NoColor {
			return p.pref
		}
		return o.pref.Opposite()
	case p.absolute() && (p.imbalance > o.imbalance || !o.absolute()):
		return p.pref
	case o.absolute() && (o.imbalance > p.imbalance || !p.absolute()):
		return o.pref.Opposite()
	case p.strong && !o.strong:
		return p.pref
	case o.strong && !p.strong:
		return o.pref.Opposite()
	}
	// E.4: alternate to the most recent round where their colours differed.
	i, j := len(p.entries)-1, len(o.entries)-1
	for {
		for i >= 0 && !p.entries[i].Played() {
			i--
		}
		for j >= 0 && !o.entries[j].Played() {
			j--
		}
		if i < 0 || j < 0 {
			return NoColor
		}
		if p.entries[i].Color != o.entries[j].Color {
			return o.entries[j].Color
		}
		i--
		j--
	}
}

// colorOf returns the colour p gets against o.
func (s *dutchState) colorOf(p, o *dplayer) Color {
	if c := neutralColor(p, o); c != NoColor {
		return c
	}
	initial := s.t.InitialColor
	if initial == NoColor {
		initial = s.inferInitialColor()
	}
	pBelow := s.ranksAbove(o, p)
	if p.pref == NoColor {
		if pBelow {
			if o.rank&1 != 0 {
				return initial
			}
			return initial.Opposite()
		}
		if p.rank&1 != 0 {
			return initial.Opposite()
		}
		return initial
	}
	if pBelow {
		return o.pref.Opposite()
	}
	return p.pref
}

// inferInitialColor finds the colour the first player had in the first
// round with colours, as FIDE programs do when the file does not say it.
func (s *dutchState) inferInitialColor() Color {
	first := -1
	for _, p := range s.t.Players {
		if p == nil || s.byID[p.ID] == nil {
			continue
		}
		for i, e := range p.Rounds {
			if e.Color != NoColor && (first < 0 || i < first) {
				first = i
			}
		}
	}
	if first < 0 {
		return White
	}
	n := 0
	for _, p := range s.t.Players {
		if p == nil || s.byID[p.ID] == nil {
			continue
		}
		took := false
		for i := 0; i <= first && i < len(p.Rounds); i++ {
			if p.Rounds[i].paired() {
				took = true
			}
		}
		if took {
			c := NoColor
			if first < len(p.Rounds) {
				c = p.Rounds[first].Color
			}
			if n&1 != 0 {
				c = c.Opposite()
			}
			if c != NoColor {
				return c
			}
			n++
		}
	}
	return White
}
