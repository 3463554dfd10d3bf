package numchess

import (
	"context"
	"errors"
	"slices"

	rules "qixue/rules/numchess"
)

// errBudget ends a search whose node budget is spent.
var errBudget = errors.New("node budget spent")

type ttEntry struct {
	depth int8
	flag  int8 // exact, lower or upper bound
	value int32
	best  int16 // index+1 of the best reach in the node's list (0: none)
}

const (
	exact int8 = iota
	lower
	upper
)

// searcher is one Decide call's search state.
type searcher struct {
	p        *Player
	ctx      context.Context
	nodes    int
	maxNodes int
	tt       map[uint64]ttEntry
	buf      [][]rules.Reach // per ply
	rootSide rules.Side
}

// hash64 mixes x (splitmix64's finaliser).
func hash64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// class is how hard a move is to notice (see Level.see).
func class(r rules.Reach) int {
	switch {
	case r.Kind == rules.ChainSpan:
		return 4
	case r.Kind != rules.SingleSpan:
		return 0
	case r.Spanned == 1:
		return 1
	case r.Spanned <= 3:
		return 2
	}
	return 3
}

// sees reports whether the level notices r in the position with key k:
// fixed by the seed, the position and the move, so the same level in the
// same game overlooks the same moves.
func (p *Player) sees(k uint64, r rules.Reach) bool {
	c := class(r)
	if p.level.see[c] >= 1000 {
		return true
	}
	h := hash64(p.seed ^ k ^ uint64(r.Piece)<<8 ^ uint64(r.To.Index())<<16)
	return uint32(h%1000) < p.level.see[c]
}

// noise is the level's misjudgement of the position with key k.
func (p *Player) noise(k uint64) int32 {
	if p.level.noise == 0 {
		return 0
	}
	h := hash64(p.seed*31 ^ k)
	return int32(h%uint64(2*p.level.noise+1)) - p.level.noise
}

// leaf is the static value of pos for the side to move, with the stop
// that wins seen at once.
func (s *searcher) leaf(pos *rules.Position, ply int) int32 {
	if pos.CanCallStop(pos.Turn()) {
		if v := stopValue(s.p.rs, pos, ply); v > 0 {
			return v
		}
	}
	if opp := pos.Turn().Opponent(); pos.CanCallStop(opp) {
		// The opponent stops next move if the score wins for it then; one
		// move rarely changes that.
		if w, ok := pos.Result(s.p.rs).Winner(); ok && w == opp {
			return -Win/2 + int32(ply)
		}
	}
	v := s.p.ev.eval(pos)
	if s.p.lane != 0 && pos.MoveNumber() <= openingMoves {
		b := s.p.laneBonus(pos, s.rootSide)
		if pos.Turn() != s.rootSide {
			b = -b
		}
		v += b
	}
	return v + s.p.noise(pos.Key())
}

// moves generates the side to move's reaches at ply, the ones the level
// notices, best first by gain (the TT move first of all).
func (s *searcher) moves(pos *rules.Position, ply int, ttBest int16) ([]rules.Reach, error) {
	if s.nodes >= s.maxNodes {
		return nil, errBudget
	}
	if err := s.ctx.Err(); err != nil {
		return nil, err
	}
	s.nodes++
	for len(s.buf) <= ply {
		s.buf = append(s.buf, nil)
	}
	gen := s.p.eng.ReachesShort
	if ply == 0 {
		gen = s.p.eng.Reaches
	}
	all, err := gen(s.ctx, *pos, s.buf[ply][:0])
	if err != nil {
		return nil, err
	}
	s.buf[ply] = all
	k := pos.Key()
	seen := all[:0:0]
	if s.p.level.see != [5]uint32{1000, 1000, 1000, 1000, 1000} {
		for _, r := range all {
			if s.p.sees(k, r) {
				seen = append(seen, r)
			}
		}
	}
	if len(seen) == 0 {
		seen = slices.Clone(all)
	}
	side := pos.Turn()
	var best rules.Reach
	hasBest := ttBest > 0 && int(ttBest) <= len(all)
	if hasBest {
		best = all[ttBest-1]
	}
	slices.SortStableFunc(seen, func(a, b rules.Reach) int {
		if hasBest {
			if a == best {
				return -1
			}
			if b == best {
				return 1
			}
		}
		return int(s.p.ev.gain(side, b) - s.p.ev.gain(side, a))
	})
	return seen, nil
}

// search is negamax alpha-beta: the value of pos for the side to move,
// depth plies ahead.
func (s *searcher) search(pos rules.Position, depth, ply int, alpha, beta int32) (int32, error) {
	stopV := int32(-Win - 1) // no stop available
	if pos.CanCallStop(pos.Turn()) {
		stopV = stopValue(s.p.rs, &pos, ply)
		if stopV > 0 {
			return stopV, nil
		}
	}
	key := pos.Key()
	if s.p.history[key] > 0 {
		return s.p.repetitionValue(&pos), nil
	}
	if depth <= 0 || ply >= maxPly {
		return s.leaf(&pos, ply), nil
	}
	var ttBest int16
	if e, ok := s.tt[key]; ok {
		ttBest = e.best
		if int(e.depth) >= depth {
			switch {
			case e.flag == exact:
				return e.value, nil
			case e.flag == lower && e.value >= beta:
				return e.value, nil
			case e.flag == upper && e.value <= alpha:
				return e.value, nil
			}
		}
	}
	list, err := s.moves(&pos, ply, ttBest)
	if err != nil {
		return 0, err
	}
	if len(list) == 0 {
		return s.leaf(&pos, ply), nil
	}
	if b := s.p.level.beam; b > 0 && depth >= 2 && len(list) > b {
		list = list[:b]
	}
	alpha0 := alpha
	best := stopV
	if best > alpha {
		alpha = best
	}
	var bestR rules.Reach
	for i, r := range list {
		child := r.After(pos)
		var v int32
		if depth == 1 && s.p.history[child.Key()] == 0 {
			v = -s.leaf(&child, ply+1)
		} else {
			v, err = s.search(child, depth-1, ply+1, -beta, -alpha)
			if err != nil {
				return 0, err
			}
			v = -v
		}
		if v > best || i == 0 && best < -Win {
			best, bestR = v, r
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	e := ttEntry{depth: int8(depth), value: best}
	switch {
	case best <= alpha0:
		e.flag = upper
	case best >= beta:
		e.flag = lower
	}
	if idx := slices.Index(s.buf[ply], bestR); idx >= 0 {
		e.best = int16(idx + 1)
	}
	if len(s.tt) > 1<<18 {
		clear(s.tt)
	}
	s.tt[key] = e
	return best, nil
}

// rootResult is the outcome of a root search.
type rootResult struct {
	stop   bool
	reach  rules.Reach
	value  int32
	depth  int
	nodes  int
	scored bool // a move was found (false: no moves, no stop)
}

// root runs iterative deepening from pos and returns the best action of
// the deepest iteration that finished (or the best move of an iteration
// cut short, which was searched after the previous best).
func (s *searcher) root(pos rules.Position) (rootResult, error) {
	var res rootResult
	s.rootSide = pos.Turn()
	stopV := int32(-Win - 1)
	if pos.CanCallStop(pos.Turn()) {
		stopV = stopValue(s.p.rs, &pos, 0)
		if stopV > 0 {
			return rootResult{stop: true, value: stopV, scored: true}, nil
		}
	}
	list, err := s.moves(&pos, 0, 0)
	if err != nil {
		return res, err
	}
	if len(list) == 0 {
		if stopV >= -Win {
			return rootResult{stop: true, value: stopV, scored: true}, nil
		}
		return res, nil
	}
	list = slices.Clone(list)
	values := make([]int32, len(list))
	for depth := 1; depth <= s.p.level.depth; depth++ {
		alpha, beta := int32(-Win-1), int32(Win+1)
		if stopV > alpha {
			alpha = stopV
		}
		bestI, best := -1, int32(-Win-1)
		for i, r := range list {
			child := r.After(pos)
			var v int32
			if s.p.history[child.Key()] > 0 {
				v = -s.p.repetitionValue(&child)
			} else if depth == 1 {
				v = -s.leaf(&child, 1)
			} else {
				v, err = s.search(child, depth-1, 1, -beta, -alpha)
				if err != nil {
					break
				}
				v = -v
			}
			values[i] = v
			// Between equal values the move that gains most now: else a
			// search that sees it can make its progress a move later
			// postpones it for ever.
			if v > best || v == best && bestI >= 0 && s.p.ev.gain(pos.Turn(), r) > s.p.ev.gain(pos.Turn(), list[bestI]) {
				best, bestI = v, i
			}
			if v > alpha {
				alpha = v
			}
		}
		if bestI >= 0 {
			res = rootResult{reach: list[bestI], value: best, depth: depth, scored: true}
			if err != nil {
				res.depth = depth - 1
			}
		}
		if err != nil {
			break
		}
		// The best move first for the next iteration, then by value.
		order := make([]int, len(list))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return int(values[b] - values[a]) })
		nl := make([]rules.Reach, len(list))
		nv := make([]int32, len(list))
		for i, j := range order {
			nl[i], nv[i] = list[j], values[j]
		}
		list, values = nl, nv
		if best >= Win-maxPly {
			break
		}
	}
	if stopV >= -Win && (!res.scored || stopV >= res.value) {
		res = rootResult{stop: true, value: stopV, depth: res.depth, scored: true}
	}
	if !res.scored && err != nil {
		return res, err
	}
	return res, nil
}
