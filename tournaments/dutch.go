package tournaments

import "sort"

// PairDutch pairs the next round of t by the FIDE Dutch system (C.04.3, the
// 2025 rules, with the basic rules of C.04.1). It returns the boards in the
// usual published order (by the higher score on the board, then pairing
// number; the bye last), or ErrNoValidPairing when no pairing satisfies the
// absolute criteria, or ErrRoundsComplete when all planned rounds are
// paired.
//
// The quality criteria C.04.3 C5-C21 are encoded in the bits of edge weights
// of a maximum weight matching over all players still to pair, most
// important criterion in the highest bits; the brackets are then settled one
// after the other, from the top scoregroup down, each time fixing the
// choices (moved-down players, exchanges, opponents) that the rules' order
// of transpositions and exchanges prefers while keeping the rest of the
// round completable.
func PairDutch(t *Tournament) ([]Pair, error) {
	s, err := newDutchState(t)
	if err != nil {
		return nil, err
	}
	return s.pair()
}

// weightLayout places the criteria in the bits of an edge weight.
type weightLayout struct {
	sgb, sgs  int // bits for a count in one scoregroup; bits for all scoregroups
	shift     map[Points]int
	top       int // completion and bye eligibility
	f2, f3    int // pairs in the current bracket; their scores
	f4, f5    int // pairs in the next bracket; their scores
	f6        int // unplayed games of the bye assignee
	col       [4]int
	flt       [4]int // repeated floats (counts): down 1, up 1, down 2, up 2
	fltScore  [4]int // repeated floats (scores)
	width     int
	bits      int
	hasRound1 bool
	hasRound2 bool
}

func (s *dutchState) layout() *weightLayout {
	l := &weightLayout{shift: map[Points]int{}, hasRound1: s.played > 0, hasRound2: s.played > 1}
	maxGroup := 0
	for i := len(s.players) - 1; i >= 0; {
		j := i
		sc := s.scoreBack(s.players[i], 0)
		for j >= 0 && s.scoreBack(s.players[j], 0) == sc {
			j--
		}
		size := i - j
		l.shift[sc] = l.sgs
		l.sgs += bitsFor(size)
		maxGroup = max(maxGroup, size)
		i = j
	}
	l.sgb = bitsFor(maxGroup)
	pos := 1 + 3*l.sgb // room for the ordering of transpositions and exchanges
	next := func(w int) int { o := pos; pos += w; return o }
	if l.hasRound2 {
		l.fltScore[3] = next(l.sgs)
		l.fltScore[2] = next(l.sgs)
	}
	if l.hasRound1 {
		l.fltScore[1] = next(l.sgs)
		l.fltScore[0] = next(l.sgs)
	}
	if l.hasRound2 {
		l.flt[3] = next(l.sgb)
		l.flt[2] = next(l.sgb)
	}
	if l.hasRound1 {
		l.flt[1] = next(l.sgb)
		l.flt[0] = next(l.sgb)
	}
	for i := 3; i >= 0; i-- {
		l.col[i] = next(l.sgb)
	}
	l.f6 = next(2 * l.sgb)
	l.f5 = next(l.sgs)
	l.f4 = next(l.sgb)
	l.f3 = next(l.sgs)
	l.f2 = next(l.sgb)
	l.top = next(2)
	l.bits = pos + bitsFor(len(s.players)) + 4
	l.width = (l.bits+63)/64 + 1
	return l
}

// byeInfo says where the pairing-allocated bye goes, found by a first
// matching: the score of its receiver, whether that receiver is the single
// downfloater of the top bracket, and the rank of each number of played
// games among the candidates (C.04.3 C9).
type byeInfo struct {
	score      Points
	single     bool
	playedRank map[int]uint64
}

// edgeWeight computes the weight of the pairing of higher with lower (higher
// ranks above lower). inCur: lower is in the bracket being paired; inNext:
// lower is in the next one. A zero weight means the pair is not allowed.
func (s *dutchState) edgeWeight(dst []uint64, l *weightLayout, h, lo *dplayer, inCur, inNext bool, bye *byeInfo) {
	numZero(dst)
	if !s.compatible(h, lo) {
		return
	}
	sh, sl := s.scoreBack(h, 0), s.scoreBack(lo, 0)
	top := uint64(1)
	if !s.byeCandidate(h, bye.score) {
		top++
	}
	if !s.byeCandidate(lo, bye.score) {
		top++
	}
	numAddSmall(dst, top, l.top)
	if inCur {
		numAddSmall(dst, 1, l.f2)
		numAddSmall(dst, 1, l.f3+l.shift[sh])
	}
	if inNext {
		numAddSmall(dst, 1, l.f4)
		numAddSmall(dst, 1, l.f5+l.shift[sh])
	}
	if bye.single {
		if sh == bye.score {
			numAddSmall(dst, bye.playedRank[h.played], l.f6)
		}
		if sl == bye.score {
			numAddSmall(dst, bye.playedRank[lo.played], l.f6)
		}
	}
	if !inCur {
		return
	}
	// Colour criteria (player = lower, opponent = higher).
	p, o := lo, h
	if !p.absImbalance() || !o.absImbalance() || p.pref != o.pref {
		numAddSmall(dst, 1, l.col[0])
	}
	c2 := !p.absolute() || !o.absolute() || p.pref != o.pref
	if !c2 {
		if p.imbalance == o.imbalance {
			c2 = p.repeated == NoColor || p.repeated != o.repeated
		} else {
			x := p
			if p.imbalance > o.imbalance {
				x = o
			}
			c2 = x.repeated != p.pref.Opposite()
		}
	}
	if c2 {
		numAddSmall(dst, 1, l.col[1])
	}
	if prefsCompatible(p.pref, o.pref) {
		numAddSmall(dst, 1, l.col[2])
	}
	if (!p.strong && !p.absolute()) || (!o.strong && !o.absolute()) || (p.absolute() && o.absolute()) || p.pref != o.pref {
		numAddSmall(dst, 1, l.col[3])
	}
	for back := 1; back <= 2; back++ {
		if back > s.played {
			break
		}
		fh, fl := s.floatAt(h, back), s.floatAt(lo, back)
		i := 2 * (back - 1)
		var v uint64
		if fl == floatDown {
			v++
		}
		if sh <= sl && fh == floatDown {
			v++
		}
		numAddSmall(dst, v, l.flt[i])
		upOK := !(sh > sl && fl == floatUp)
		if upOK {
			numAddSmall(dst, 1, l.flt[i+1])
		}
		if fl == floatDown {
			numAddSmall(dst, 1, l.fltScore[i]+l.shift[sl])
		}
		if fh == floatDown {
			numAddSmall(dst, 1, l.fltScore[i]+l.shift[sh])
		}
		if upOK {
			numAddSmall(dst, 1, l.fltScore[i+1]+l.shift[sh])
		}
	}
}

func (s *dutchState) byeCandidate(d *dplayer, byeScore Points) bool {
	return d.eligible && s.scoreBack(d, 0) <= byeScore
}

// roundMatcher keeps the matching over all players to pair (by index in
// s.players); players paired for good are removed from the matcher.
type roundMatcher struct {
	m    *matcher
	n    int
	mate []int // current matching; mate[v] == v when unmatched
}

func (r *roundMatcher) set(i, j int, w []uint64) { r.m.setWeight(i, j, w) }

func (r *roundMatcher) solve() {
	r.m.solve()
	for v := 0; v < r.n; v++ {
		if !r.m.alive[v] {
			continue
		}
		if o := r.m.mateOf(v); o < 0 {
			r.mate[v] = v
		} else {
			r.mate[v] = o
		}
	}
}

func (r *roundMatcher) finalize(a, b int) {
	r.mate[a], r.mate[b] = b, a
	r.m.remove(a)
	r.m.remove(b)
}

func (s *dutchState) pair() ([]Pair, error) {
	n := len(s.players)
	if n == 0 {
		return nil, nil
	}
	l := s.layout()
	W := l.width
	rm := &roundMatcher{m: newMatcher(n, W), n: n, mate: make([]int, n)}
	w := make([]uint64, W)
	bye := &byeInfo{}
	odd := n%2 == 1
	topScore := s.scoreBack(s.players[0], 0)
	// Completion: can everybody but one eligible player be paired? For an
	// odd number, also find the lowest score that can take the bye.
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			p, o := s.players[i], s.players[j]
			if odd {
				numZero(w)
				if s.compatible(p, o) {
					a := uint64(1)
					if !p.eligible {
						a++
					}
					if !o.eligible {
						a++
					}
					numAddSmall(w, a, l.sgs+l.sgb)
					numAddSmall(w, uint64(l.shift[s.scoreBack(p, 0)]+l.shift[s.scoreBack(o, 0)]), l.sgb)
					if s.scoreBack(p, 0) >= topScore {
						numAddSmall(w, 1, 0)
					}
				}
			} else {
				s.edgeWeight(w, l, o, p, false, false, bye)
			}
			rm.set(i, j, w)
		}
	}
	rm.solve()
	unmatched := 0
	for v := 0; v < n; v++ {
		if rm.mate[v] == v {
			unmatched++
			if unmatched > 1 || !s.players[v].eligible {
				return nil, ErrNoValidPairing
			}
		}
	}
	if odd {
		for v := 0; v < n; v++ {
			if rm.mate[v] == v {
				bye.score = s.scoreBack(s.players[v], 0)
				break
			}
		}
		if bye.score >= topScore {
			bye.single = true
			for v := 0; v < n && s.scoreBack(s.players[v], 0) >= topScore; v++ {
				if s.scoreBack(s.players[rm.mate[v]], 0) < topScore {
					bye.single = false
					break
				}
			}
		}
		var counts []int
		for _, d := range s.players {
			if s.scoreBack(d, 0) == bye.score {
				counts = append(counts, d.played)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(counts)))
		bye.playedRank = map[int]uint64{}
		for i, c := range counts {
			bye.playedRank[c] = uint64(i)
		}
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				s.edgeWeight(w, l, s.players[j], s.players[i], false, false, bye)
				rm.set(i, j, w)
			}
		}
	}
	b := &bracketRun{s: s, l: l, rm: rm, bye: bye, w: w}
	b.run()
	byes := 0
	for v := 0; v < n; v++ {
		if rm.mate[v] == v {
			byes++
		}
	}
	if byes > 1 {
		return nil, ErrNoValidPairing
	}
	return s.result(rm), nil
}

// result turns the final matching into boards with colours, in the usual
// published order.
func (s *dutchState) result(rm *roundMatcher) []Pair {
	var pairs []Pair
	for v, d := range s.players {
		m := rm.mate[v]
		if m == v {
			pairs = append(pairs, Pair{White: d.id})
			continue
		}
		o := s.players[m]
		if d.id < o.id {
			if s.colorOf(d, o) == White {
				pairs = append(pairs, Pair{White: d.id, Black: o.id})
			} else {
				pairs = append(pairs, Pair{White: o.id, Black: d.id})
			}
		}
	}
	s.sortBoards(pairs)
	return pairs
}

// sortBoards orders boards by the higher score on the board, then the lower
// score, then the higher player's pairing number; the bye comes last.
func (s *dutchState) sortBoards(pairs []Pair) {
	key := func(p Pair) (bool, Points, Points, int) {
		if p.Black == 0 {
			return true, 0, 0, s.byID[p.White].rank
		}
		a, b := s.byID[p.White], s.byID[p.Black]
		if a.score < b.score || a.score == b.score && a.rank > b.rank {
			a, b = b, a
		}
		return false, a.score, b.score, a.rank
	}
	sort.SliceStable(pairs, func(i, j int) bool {
		bi, hi, li, ri := key(pairs[i])
		bj, hj, lj, rj := key(pairs[j])
		if bi != bj {
			return !bi
		}
		if hi != hj {
			return hi > hj
		}
		if li != lj {
			return li > lj
		}
		return ri < rj
	})
}
