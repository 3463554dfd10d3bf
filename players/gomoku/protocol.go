package gomoku

import (
	"context"
	"slices"

	rules "qixue/rules/gomoku"
)

// The national renju opening protocol as the computer plays it (the
// engine checks every step: rules/gomoku protocol.go, opening.go):
//
//   - Black 3, the designated opening: White may swap after it, so Black
//     chooses among the openings its search judges closest to even (the
//     seed picks one of the four closest);
//   - the swap after move 3 (三手可交换): White swaps when its search says
//     Black stands better by more than swapMargin;
//   - the fifth-move offer (五手两打): Black offers its two best fifth
//     moves that are not the same shape by symmetry, since White keeps the
//     weaker for Black; White keeps the offer that is best for White.

// swapMargin is how much better Black must stand, in the evaluation's
// units, before White swaps.
const swapMargin = 60

// probe scores each of moves for stm: the opponent's value after it,
// negated, from a search of depth plies within nodes positions each.
func probe(ctx context.Context, g *rules.Game, li int, moves []int, depth int, nodes int64) []int {
	lv := levels[li-1]
	lv.depth = max(1, min(lv.depth, depth))
	lv.noise = 0
	b := newBoard(g.Rules(), g.Board())
	stm := int8(black)
	if g.ToMove() == rules.White {
		stm = white
	}
	out := make([]int, len(moves))
	for k, m := range moves {
		s := newSearcher(ctx, b, lv, nodes)
		b.place(m, stm)
		v, last := 0, 0
		for d := 0; d < lv.depth; d++ {
			r := -s.negamax(d, 1, -win-1, win+1, 3-stm)
			if s.stop {
				break
			}
			v, last = (r+last)/2, r
			if d == 0 {
				v = r
			}
		}
		b.remove(m)
		out[k] = v
	}
	return out
}

// openingStone chooses Black 3 among the designated openings' points.
func openingStone(ctx context.Context, g *rules.Game, li int, seed uint64) int {
	points := g.LegalPoints()
	moves := make([]int, 0, len(points))
	eng := g.Board()
	for _, p := range points {
		// one point per opening: the first of each symmetric class
		dup := false
		for _, q := range moves {
			if eng.Equivalent(p, rules.PointAt(q)) {
				dup = true
				break
			}
		}
		if !dup {
			moves = append(moves, p.Index())
		}
	}
	scores := probe(ctx, g, li, moves, 3, levels[li-1].nodes/int64(2*len(moves))+200)
	idx := make([]int, len(moves))
	for k := range idx {
		idx[k] = k
	}
	abs := func(v int) int { return max(v, -v) }
	slices.SortStableFunc(idx, func(x, y int) int { return abs(scores[x]) - abs(scores[y]) })
	pick := idx[moveRNG(seed, 2).IntN(min(4, len(idx)))]
	return moves[pick]
}

// wantSwap reports whether White (to move after Black 3) should swap.
func wantSwap(ctx context.Context, g *rules.Game, li int) bool {
	d := decide(ctx, g, li, 0, levels[li-1].nodes/2+500)
	return d.settled() < -swapMargin
}

// offerPair chooses Black's two fifth-move offers: the two best points by
// a search, not the same shape by symmetry.
func offerPair(ctx context.Context, g *rules.Game, li int) (rules.Point, rules.Point) {
	b := newBoard(g.Rules(), g.Board())
	s := newSearcher(ctx, b, levels[li-1], 1)
	var cands []int
	for _, p := range g.LegalPoints() {
		if b.near[p.Index()] > 0 {
			cands = append(cands, p.Index())
		}
	}
	s.order(cands, black)
	cands = cands[:min(len(cands), 10)]
	scores := probe(ctx, g, li, cands, 3, levels[li-1].nodes/20+200)
	idx := make([]int, len(cands))
	for k := range idx {
		idx[k] = k
	}
	slices.SortStableFunc(idx, func(x, y int) int { return scores[y] - scores[x] })
	first := rules.PointAt(cands[idx[0]])
	eng := g.Board()
	for _, k := range idx[1:] {
		if q := rules.PointAt(cands[k]); !eng.Equivalent(first, q) {
			return first, q
		}
	}
	for _, p := range g.LegalPoints() {
		if p != first && !eng.Equivalent(first, p) {
			return first, p
		}
	}
	return first, first
}

// keepOffer chooses, as White, the offered point best for White: the one
// after which Black's position is worst.
func keepOffer(ctx context.Context, g *rules.Game, li int, offered []rules.Point) rules.Point {
	moves := make([]int, len(offered))
	for k, p := range offered {
		moves[k] = p.Index()
	}
	// scores are Black's (Black plays the kept stone)
	scores := probe(ctx, g, li, moves, 3, levels[li-1].nodes/int64(2*len(moves))+200)
	best := 0
	for k := range scores {
		if scores[k] < scores[best] {
			best = k
		}
	}
	return offered[best]
}
