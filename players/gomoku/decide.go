package gomoku

import (
	"context"
	"slices"

	rules "qixue/rules/gomoku"
)

// decision is a level's choice for one position.
type decision struct {
	move  int // point index; -1: pass
	score int // for the side to move
	depth int
	nodes int64
	line  []int // the win by fours, when the choice is one
	// prev is the score of the iteration before the last (the score of
	// an even and an odd depth differ: the side to move at the horizon
	// is favoured); score when there was none.
	prev int
}

// settled is a decision's score averaged over its last two depths.
func (d decision) settled() int {
	if d.score >= winMin || d.score <= -winMin {
		return d.score
	}
	return (d.score + d.prev) / 2
}

// decide chooses the move of level number li (1..NumLevels) with seed in
// g, within nodes positions (0: the level's own budget) or until ctx is
// done. g must be going on.
func decide(ctx context.Context, g *rules.Game, li int, seed uint64, nodes int64) decision {
	return decideOn(ctx, g.Rules(), g.Board(), g.ToMove(), g.LegalPoints(), li, seed, nodes)
}

// decideOn is decide on a board with colour toMove to play one of points.
func decideOn(ctx context.Context, rs rules.Ruleset, eng *rules.Board, toMove rules.Colour, points []rules.Point, li int, seed uint64, nodes int64) decision {
	lv := levels[li-1]
	if len(points) == 0 {
		return decision{move: -1}
	}
	var legal [numPoints]bool
	for _, p := range points {
		legal[p.Index()] = true
	}
	b := newBoard(rs, eng)
	stm := int8(black)
	if toMove == rules.White {
		stm = white
	}
	opp := 3 - stm
	limit := lv.nodes
	if nodes > 0 && nodes < limit {
		limit = nodes
	}
	s := newSearcher(ctx, b, lv, limit)
	rng := moveRNG(seed, b.stones)
	missFour := rng.IntN(1000) < lv.missFour
	missThree := rng.IntN(1000) < lv.missThree
	noise := make([]int, numPoints)
	if lv.noise > 0 {
		for i := range noise {
			noise[i] = rng.IntN(2*lv.noise+1) - lv.noise
		}
	}
	if b.stones == 0 {
		return decision{move: nearestCentre(points)}
	}
	// A five now.
	for _, p := range points {
		if b.val[stm][p.Index()] >= valFive {
			return decision{move: p.Index(), score: win - 1, depth: 1, line: []int{p.Index()}}
		}
	}
	// The opponent's five must be stopped (unless overlooked).
	_, nO, at, oppWinning := s.threats(stm)
	if nO > 0 && !missFour && legal[at] {
		return s.scored(at, stm, 2)
	}
	// A win by fours of our own.
	if lv.vcf > 0 && nO == 0 {
		if line, ok := s.vcf(stm, lv.vcf, nil); ok && legal[line[0]] {
			return decision{move: line[0], score: win - len(line), depth: len(line), nodes: s.nodes + s.vnodes, line: line}
		}
	}
	// The moves to think about.
	var cands []int
	for _, p := range points {
		if i := p.Index(); b.near[i] > 0 {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		cands = append(cands, nearestCentre(points))
	}
	if nO > 0 && missFour {
		cands = without(cands, func(i int) bool { return i == at })
	}
	if oppWinning && nO == 0 {
		if missThree {
			cands = without(cands, func(i int) bool { return s.answers(stm, i) && !b.makesFour(stm, i) })
		} else {
			cands = keep(cands, func(i int) bool { return s.answers(stm, i) })
		}
	}
	s.order(cands, stm)
	if lv.defend && nO == 0 {
		if line, ok := s.vcf(opp, lv.vcf, nil); ok {
			try := cands[:min(len(cands), 16)]
			for k := 0; k < len(line); k += 2 {
				if i := line[k]; legal[i] && !slices.Contains(try, i) {
					try = append(slices.Clip(try), i)
				}
			}
			var stops []int
			for _, i := range try {
				b.place(i, stm)
				_, still := s.vcf(opp, lv.vcf, nil)
				b.remove(i)
				if !still {
					stops = append(stops, i)
				}
			}
			if len(stops) > 0 {
				cands = stops
				s.order(cands, stm)
			}
		}
	}
	if w := lv.width + 4; len(cands) > w {
		cands = cands[:w]
	}
	return s.root(cands, stm, noise)
}

// scored is a forced move with a short look at what follows.
func (s *searcher) scored(m int, stm int8, depth int) decision {
	s.b.place(m, stm)
	v := -s.negamax(min(depth, s.lv.depth)-1, 1, -win-1, win+1, 3-stm)
	s.b.remove(m)
	return decision{move: m, score: v, depth: depth, nodes: s.nodes}
}

// root is the iterative deepening over the candidates. A move's noise is
// added to its score: with it, a bound 2*noise under the best is searched.
func (s *searcher) root(cands []int, stm int8, noise []int) decision {
	b, opp := s.b, 3-stm
	best := decision{move: cands[0], score: -win}
	scores := make([]int, len(cands))
	for d := 1; d <= s.lv.depth; d++ {
		iterBest, iterScore, bestNoisy := -1, -win-1, -win-1
		done := 0
		for k, m := range cands {
			bound := -win - 1
			if k > 0 {
				bound = max(bestNoisy-2*s.lv.noise-1, -win-1)
			}
			b.place(m, stm)
			v := -s.negamax(d-1, 1, -win-1, -bound, opp)
			b.remove(m)
			if s.stop {
				break
			}
			done++
			scores[k] = v
			if v+noise[m] > bestNoisy {
				bestNoisy, iterBest, iterScore = v+noise[m], m, v
			}
		}
		if done == 0 {
			break
		}
		prev := iterScore
		if d > 1 {
			prev = best.score
		}
		best = decision{move: iterBest, score: iterScore, depth: d, prev: prev}
		// the best first, then by this iteration's scores
		idx := make([]int, done)
		for k := range idx {
			idx[k] = k
		}
		slices.SortStableFunc(idx, func(x, y int) int { return scores[y] + noise[cands[y]] - scores[x] - noise[cands[x]] })
		sorted := make([]int, 0, len(cands))
		for _, k := range idx {
			sorted = append(sorted, cands[k])
		}
		cands = append(sorted, cands[done:]...)
		if s.stop || iterScore >= winMin || iterScore <= -winMin {
			break
		}
	}
	best.nodes = s.nodes + s.vnodes
	return best
}

// order sorts moves best first by what they make and what they stop.
func (s *searcher) order(moves []int, stm int8) {
	b, opp := s.b, 3-stm
	key := func(i int) int64 { return int64(b.val[stm][i]) + int64(b.val[opp][i])*7/8 }
	slices.SortStableFunc(moves, func(x, y int) int {
		kx, ky := key(x), key(y)
		switch {
		case kx > ky:
			return -1
		case kx < ky:
			return 1
		}
		return x - y
	})
}

func nearestCentre(points []rules.Point) int {
	best, bd := points[0].Index(), 1<<30
	for _, p := range points {
		dc, dr := p.Col()-7, p.Row()-7
		if d := dc*dc + dr*dr; d < bd {
			best, bd = p.Index(), d
		}
	}
	return best
}

func without(xs []int, drop func(int) bool) []int {
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		if !drop(x) {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return xs
	}
	return out
}

func keep(xs []int, ok func(int) bool) []int {
	return without(xs, func(x int) bool { return !ok(x) })
}
