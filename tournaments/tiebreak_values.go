package tournaments

import (
	"fmt"
	"sort"
)

// TieBreakRules names the text of FIDE C.07 (Tie-Break Regulations) whose
// article 16, on unplayed rounds in a Swiss, the tie-breaks follow. The
// two texts agree on everything else.
//
//   - FIDE2023, the default (the regulations applied from 2023, which the
//     issue asks for): in the adjusted score of a player, as his opponents'
//     tie-breaks see it, every voluntarily unplayed round (a requested bye,
//     a forfeit loss, an absence) after the last round the player was
//     available for counts as a draw, and the dummy opponent of an
//     unplayed round of the player's own tie-break scores what the player
//     scored, without a cap.
//   - FIDE2026: only requested byes followed by voluntarily unplayed
//     rounds (or in the last round) count as draws in the adjusted score,
//     and the dummy's score is capped: at most the scheduled opponent's
//     adjusted score after a forfeit, at most a draw a round otherwise.
type TieBreakRules string

// The texts of C.07.
const (
	FIDE2023 TieBreakRules = "fide2023"
	FIDE2026 TieBreakRules = "fide2026"
)

// ParseTieBreakRules returns the rules named s ("" is FIDE2023).
func ParseTieBreakRules(s string) (TieBreakRules, error) {
	switch TieBreakRules(s) {
	case "", FIDE2023:
		return FIDE2023, nil
	case FIDE2026:
		return FIDE2026, nil
	}
	return "", fmt.Errorf("tournaments: unknown tie-break rules %q (use fide2023 or fide2026)", s)
}

// tbContext computes the tie-breaks of C.07 after a number of rounds.
//
// In a Swiss (swiss true) unplayed rounds follow C.07 article 16 (the 2026
// text here; rules2023 switches to the 2023 one, see TieBreakRules): for an opponent's tie-break a player's score is adjusted (16.3,
// requested byes followed only by voluntarily unplayed rounds, or in the
// last round, count as draws); for the player's own tie-break each unplayed
// round is a game against a dummy whose score is the player's own score,
// at most the scheduled opponent's adjusted score for a forfeit and at most
// a draw's points times the number of rounds otherwise (16.4); a cut
// removes a voluntarily unplayed round first (16.5). In the other systems
// the pairings are fixed in advance (article 15.2): forfeits count as
// games, byes of an odd round robin count for nothing, and ratings come
// only from games played over the board.
type tbContext struct {
	t      *Tournament
	after  int
	swiss  bool
	score  map[int]Points // after `after` rounds
	adjust map[int]Points // 16.3 adjusted score, for the opponents' tie-breaks
	// rules2023 reads article 16 as the 2023 text (TieBreakRules FIDE2023,
	// as the public program the tests compare with reads it).
	rules2023 bool
}

func newTBContext(t *Tournament, after int, swiss bool) *tbContext {
	c := &tbContext{t: t, after: after, swiss: swiss, score: map[int]Points{}, adjust: map[int]Points{},
		rules2023: t.TieBreakRules != FIDE2026}
	c.adjustScores()
	return c
}

func (c *tbContext) adjustScores() {
	t, after := c.t, c.after
	for _, p := range t.Players {
		if p == nil {
			continue
		}
		c.score[p.ID] = t.Score(p, after)
		adj := Points(0)
		for r := 0; r < after; r++ {
			if c.category(p, r) == 5 || c.rules2023 && vur(entryAt(p, r)) && c.onlyVURsAfter(p, r) {
				adj += t.Points.Draw
			} else {
				adj += t.Points.Points(entryAt(p, r))
			}
		}
		c.adjust[p.ID] = adj
	}
}

// onlyVURsAfter reports whether every round after round index r is a
// voluntarily unplayed round of p.
func (c *tbContext) onlyVURsAfter(p *Player, r int) bool {
	for k := r + 1; k < c.after; k++ {
		if !vur(entryAt(p, k)) {
			return false
		}
	}
	return true
}

// entryAt returns the player's entry of round index r (NotPaired beyond).
func entryAt(p *Player, r int) Entry {
	if r >= 0 && r < len(p.Rounds) {
		return p.Rounds[r]
	}
	return Entry{Result: NotPaired}
}

// requestedBye reports a round without a game and without an opponent that
// did not bring the points of a win: a half- or zero-point bye, an absence,
// a round before a late entry or after a withdrawal (C.07 16.1.1).
func requestedBye(e Entry) bool {
	return e.Opponent == 0 && !e.Played() && e.Result.outcome() < 1
}

// vur reports a voluntarily unplayed round (C.07 16.1.2): a requested bye
// or a forfeit loss.
func vur(e Entry) bool {
	return requestedBye(e) || (e.Opponent != 0 && e.Result == ForfeitLoss)
}

// category returns the C.07 16.2 category (1-5) of round index r of p, or
// 0 for a game played over the board.
func (c *tbContext) category(p *Player, r int) int {
	e := entryAt(p, r)
	switch {
	case e.Played():
		return 0
	case e.Opponent != 0 && e.Result.outcome() == 1:
		return 2
	case e.Opponent != 0:
		return 4
	case e.Result.outcome() == 1:
		return 1
	}
	if c.onlyVURsAfter(p, r) {
		return 5
	}
	return 3
}

// element is one round's contribution to a sum tie-break.
type element struct {
	key   int64 // what "least significant" is measured by (opponent's score)
	value int64 // the contribution
	vur   bool
}

// opponentElements returns, per round, the opponent's score (for BH, key
// and value) or the opponent's score times the points scored (for SB) of p.
func (c *tbContext) opponentElements(p *Player, sb bool) []element {
	var out []element
	for r := 0; r < c.after; r++ {
		e := entryAt(p, r)
		pts := int64(c.t.Points.Points(e))
		var opp int64
		switch {
		case e.Played():
			opp = int64(c.oppScore(e.Opponent))
		case !c.swiss:
			if e.Opponent == 0 {
				continue // a bye of a round robin is no game (15.2)
			}
			opp = int64(c.score[e.Opponent])
		default:
			opp = int64(c.score[p.ID])
			var limit int64
			if cat := c.category(p, r); cat == 2 || cat == 4 {
				limit = int64(c.adjust[e.Opponent])
			} else {
				limit = int64(c.t.Points.Draw) * int64(c.after)
			}
			if !c.rules2023 {
				opp = min(opp, limit)
			}
		}
		el := element{key: opp, value: opp, vur: c.swiss && vur(e)}
		if sb {
			el.value = opp * pts
		}
		out = append(out, el)
	}
	return out
}

func (c *tbContext) oppScore(id int) Points {
	if c.swiss {
		return c.adjust[id]
	}
	return c.score[id]
}

// cutSum sums the elements after cutting low least significant and high
// most significant values (C.07 14), a voluntarily unplayed round first
// when it is not below the least significant value (16.5).
func cutSum(els []element, low, high int) int64 {
	els = append([]element(nil), els...)
	remove := func(i int) { els = append(els[:i], els[i+1:]...) }
	for ; low > 0 && len(els) > 0; low-- {
		lsv := 0
		for i, e := range els {
			if e.key < els[lsv].key || (e.key == els[lsv].key && e.value < els[lsv].value) {
				lsv = i
			}
		}
		cut := lsv
		v := -1
		for i, e := range els {
			if e.vur && (v < 0 || e.value < els[v].value) {
				v = i
			}
		}
		if v >= 0 && els[v].value >= els[lsv].value {
			cut = v
		}
		remove(cut)
	}
	for ; high > 0 && len(els) > 0; high-- {
		msv := 0
		for i, e := range els {
			if e.key > els[msv].key || (e.key == els[msv].key && e.value > els[msv].value) {
				msv = i
			}
		}
		remove(msv)
	}
	var s int64
	for _, e := range els {
		s += e.value
	}
	return s
}

// value returns tie-break tb of p (not DE, which depends on the tied group).
func (c *tbContext) value(p *Player, tb TieBreak) Value {
	base, low, high := tb.base()
	ps := c.t.Points
	count := func(f func(Entry) bool) Value {
		n := int64(0)
		for r := 0; r < c.after; r++ {
			if f(entryAt(p, r)) {
				n++
			}
		}
		return Value{n: n, scale: 1}
	}
	switch base {
	case "BH":
		return Value{n: cutSum(c.opponentElements(p, false), low, high), scale: 10}
	case "SB":
		return Value{n: cutSum(c.opponentElements(p, true), low, high), scale: 100}
	case "PS":
		var els []element
		var cum Points
		for r := 0; r < c.after; r++ {
			cum += ps.Points(entryAt(p, r))
			// Earlier rounds are less significant (14.1: PS-C1 drops
			// the score after the first round).
			els = append(els, element{key: int64(r), value: int64(cum)})
		}
		return Value{n: cutSum(els, low, high), scale: 10}
	case "ARO":
		var els []element
		for r := 0; r < c.after; r++ {
			e := entryAt(p, r)
			if !e.Played() {
				continue
			}
			if o := c.t.Player(e.Opponent); o != nil && o.Rating > 0 {
				els = append(els, element{key: int64(o.Rating), value: int64(o.Rating)})
			}
		}
		n := len(els) - low - high
		if n <= 0 {
			return Value{scale: 1}
		}
		sum := cutSum(els, low, high)
		return Value{n: (2*sum + int64(n)) / (2 * int64(n)), scale: 1} // rounded, .5 up
	case "WIN":
		return count(func(e Entry) bool { return e.Result.outcome() == 1 && ps.Points(e) >= ps.Win })
	case "WON":
		return count(func(e Entry) bool { return e.Played() && e.Result.outcome() == 1 })
	case "BPG":
		return count(func(e Entry) bool { return e.Played() && e.Color == Black })
	case "BWG":
		return count(func(e Entry) bool { return e.Played() && e.Color == Black && e.Result.outcome() == 1 })
	}
	return Value{scale: 1}
}

// directEncounter splits a tied group into ordered classes by the points
// its members scored against each other (C.07 6): against an opponent met
// more than once the average counts (6.1.2); in a Swiss forfeits do not
// count (6.1.1), in a round robin they do (15.2). When all met (6.2) the
// classes follow these scores. When some did not (6.3), the member alone
// at the top whatever the missing games' results (each at most a win) is
// ranked first, then the same for second place, and so on; the rest stay
// together. The ranker applies DE again to every class smaller than the
// group. It also returns each member's score in the group.
func (c *tbContext) directEncounter(group []*Player) ([][]*Player, map[int]Value) {
	in := map[int]bool{}
	for _, p := range group {
		in[p.ID] = true
	}
	type tally struct {
		sum   Points
		games int
	}
	meet := map[[2]int]*tally{}
	for _, p := range group {
		for r := 0; r < c.after; r++ {
			e := entryAt(p, r)
			if !in[e.Opponent] || !(e.Played() || !c.swiss) {
				continue
			}
			k := [2]int{p.ID, e.Opponent}
			if meet[k] == nil {
				meet[k] = &tally{}
			}
			meet[k].sum += c.t.Points.Points(e)
			meet[k].games++
		}
	}
	de := map[int]int64{} // hundredths of a point
	missing := map[int]int{}
	for _, p := range group {
		for _, q := range group {
			if q == p {
				continue
			}
			if m := meet[[2]int{p.ID, q.ID}]; m != nil {
				de[p.ID] += int64(m.sum) * 10 / int64(m.games)
			} else {
				missing[p.ID]++
			}
		}
	}
	scale := int64(10)
	for _, p := range group {
		if de[p.ID]%10 != 0 {
			scale = 100
		}
	}
	vals := map[int]Value{}
	for _, p := range group {
		vals[p.ID] = Value{n: de[p.ID] * scale / 100, scale: scale}
	}
	if len(missing) == 0 {
		sorted := append([]*Player(nil), group...)
		sort.SliceStable(sorted, func(i, j int) bool { return de[sorted[i].ID] > de[sorted[j].ID] })
		return splitBy(sorted, func(a, b *Player) bool { return de[a.ID] == de[b.ID] }), vals
	}
	var classes [][]*Player
	rest := append([]*Player(nil), group...)
	for len(rest) > 1 {
		top := -1
		for i, p := range rest {
			alone := true
			for _, q := range rest {
				if q != p && de[q.ID]+int64(missing[q.ID])*int64(c.t.Points.Win)*10 >= de[p.ID] {
					alone = false
				}
			}
			if alone {
				top = i
				break
			}
		}
		if top < 0 {
			break
		}
		classes = append(classes, []*Player{rest[top]})
		rest = append(rest[:top:top], rest[top+1:]...)
	}
	return append(classes, rest), vals
}

// splitBy cuts a sorted slice into runs of equal elements.
func splitBy(sorted []*Player, eq func(a, b *Player) bool) [][]*Player {
	var out [][]*Player
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && eq(sorted[i], sorted[j]) {
			j++
		}
		out = append(out, sorted[i:j])
		i = j
	}
	return out
}
