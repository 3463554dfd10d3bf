package gomoku

import (
	"context"
	"math/rand/v2"
)

// Scores are for the side to move; a win found n plies from the root is
// win-n.
const (
	win    = 1_000_000
	winMin = win - 1000
	maxPly = 96
)

// searcher is one move's search: the board, the level, the budget.
type searcher struct {
	b      *board
	lv     level
	ctx    context.Context
	nodes  int64
	limit  int64
	stop   bool
	tt     []ttEntry
	moves  [maxPly + 1][]int
	failed map[uint64]int // VCF: positions without a win in that many fours
	vnodes int64          // VCF nodes
	vlimit int64
}

type ttEntry struct {
	key   uint64
	score int32
	depth int8
	flag  uint8
	move  int16
}

const (
	ttExact = iota + 1
	ttLower
	ttUpper
)

func newSearcher(ctx context.Context, b *board, lv level, limit int64) *searcher {
	ttSize := 1 << 14
	if limit > 50_000 {
		ttSize = 1 << 17
	}
	s := &searcher{b: b, lv: lv, ctx: ctx, limit: limit, tt: make([]ttEntry, ttSize), failed: map[uint64]int{}}
	s.vlimit = max(2000, limit/4)
	return s
}

func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes&511 == 0 {
		if s.nodes >= s.limit || s.ctx.Err() != nil {
			s.stop = true
		}
	}
	return s.stop
}

// threats scans the board once for the side to move: how many fives
// each side has (and one of the opponent's), whether the opponent has a
// shape that wins unless answered (an open three, a four-three, ...).
func (s *searcher) threats(stm int8) (mine, theirs, at int, oppWinning bool) {
	b, opp := s.b, 3-stm
	at = -1
	for i := range numPoints {
		if b.cells[i] != 0 {
			continue
		}
		if b.val[stm][i] >= valFive {
			mine++
		}
		o := b.val[opp][i]
		if o >= valFive {
			theirs++
			at = i
		} else if o >= valWinning {
			oppWinning = true
		}
	}
	return
}

// eval judges a quiet position (no five to play for either side) for stm.
func (s *searcher) eval(stm int8) int {
	b, opp := s.b, 3-stm
	var sumS, sumO, maxS int32
	winS, winO, dblS := 0, 0, 0
	for i := range numPoints {
		if b.cells[i] != 0 || b.near[i] == 0 {
			continue
		}
		a, o := b.val[stm][i], b.val[opp][i]
		sumS += a & (valDouble3 - 1)
		sumO += o & (valDouble3 - 1)
		maxS = max(maxS, a&(valDouble3-1))
		switch {
		case a >= valWinning:
			winS++
		case a >= valDouble3:
			dblS++
		}
		if o >= valWinning {
			winO++
		}
	}
	score := int(sumS-sumO) + int(maxS)/2
	switch {
	case winS > 0:
		score += 3000
	case winO >= 3:
		score -= 1200
	case winO > 0:
		score -= 250
	case dblS > 0:
		score += 600
	}
	return score
}

// negamax searches depth plies (forced blocks of a five are not
// counted) for stm.
func (s *searcher) negamax(depth, ply int, alpha, beta int, stm int8) int {
	if s.tick() {
		return 0
	}
	b := s.b
	mine, theirs, at, oppWinning := s.threats(stm)
	switch {
	case mine > 0:
		return win - ply - 1
	case theirs >= 2:
		return -(win - ply - 2)
	case b.stones == numPoints:
		return 0
	case ply >= maxPly:
		return s.eval(stm)
	}
	if theirs == 1 {
		if !b.allowed(stm, at) {
			return -(win - ply - 2) // Black's only block is forbidden
		}
		b.place(at, stm)
		v := -s.negamax(depth, ply+1, -beta, -alpha, 3-stm)
		b.remove(at)
		return v
	}
	if depth <= 0 {
		return s.eval(stm)
	}
	e := &s.tt[b.hash&uint64(len(s.tt)-1)]
	ttMove := -1
	if e.key == b.hash {
		ttMove = int(e.move)
		if int(e.depth) >= depth {
			v := fromTT(int(e.score), ply)
			switch {
			case e.flag == ttExact,
				e.flag == ttLower && v >= beta,
				e.flag == ttUpper && v <= alpha:
				return v
			}
		}
	}
	moves := s.generate(ply, stm, oppWinning, ttMove, s.lv.width)
	if len(moves) == 0 {
		return s.eval(stm)
	}
	best, bestMove, a0 := -win, moves[0], alpha
	for k, m := range moves {
		b.place(m, stm)
		var v int
		if k == 0 {
			v = -s.negamax(depth-1, ply+1, -beta, -alpha, 3-stm)
		} else {
			v = -s.negamax(depth-1, ply+1, -alpha-1, -alpha, 3-stm)
			if v > alpha && v < beta && !s.stop {
				v = -s.negamax(depth-1, ply+1, -beta, -alpha, 3-stm)
			}
		}
		b.remove(m)
		if s.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	flag := uint8(ttExact)
	switch {
	case best <= a0:
		flag = ttUpper
	case best >= beta:
		flag = ttLower
	}
	*e = ttEntry{key: b.hash, score: int32(toTT(best, ply)), depth: int8(depth), flag: flag, move: int16(bestMove)}
	return best
}

func toTT(v, ply int) int {
	switch {
	case v >= winMin:
		return v + ply
	case v <= -winMin:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v >= winMin:
		return v - ply
	case v <= -winMin:
		return v + ply
	}
	return v
}

// generate lists stm's candidate moves at ply, best first, at most width
// of them: the points near stones (when the opponent threatens to win,
// only the points that answer: its own strong points and stm's fours).
func (s *searcher) generate(ply int, stm int8, defend bool, ttMove, width int) []int {
	b, opp := s.b, 3-stm
	buf := s.moves[ply][:0]
	type scored struct {
		m int
		v int64
	}
	var tmp [numPoints]scored
	n := 0
	for i := range numPoints {
		if b.cells[i] != 0 || b.near[i] == 0 || !b.allowed(stm, i) {
			continue
		}
		if defend && !s.answers(stm, i) {
			continue
		}
		v := int64(b.val[stm][i]) + int64(b.val[opp][i])*7/8
		if i == ttMove {
			v = 1 << 40
		}
		// insertion, best first
		j := n
		for j > 0 && tmp[j-1].v < v {
			tmp[j] = tmp[j-1]
			j--
		}
		tmp[j] = scored{i, v}
		n++
	}
	for k := 0; k < n && k < width; k++ {
		buf = append(buf, tmp[k].m)
	}
	s.moves[ply] = buf
	return buf
}

// answers reports whether stm's stone on i may answer the opponent's
// threat to win: a four of stm's own, or a point on the opponent's
// shapes of a closed three or more.
func (s *searcher) answers(stm int8, i int) bool {
	b, opp := s.b, 3-stm
	if b.val[opp][i] >= valWinning {
		return true
	}
	for d := range 4 {
		if b.cat[opp][d][i] >= catThreeClosed && b.cat[opp][d][i] <= catFive {
			return true
		}
		if k := b.cat[stm][d][i]; k == catFour || k == catOpenFour {
			return true
		}
	}
	return false
}

// vcf looks for a win by continuous fours of att within fours fours and
// appends it to line (att's moves and the forced blocks, ending with the
// five or with a four whose only block is forbidden to Black).
func (s *searcher) vcf(att int8, fours int, line []int) ([]int, bool) {
	b, def := s.b, 3-att
	s.vnodes++
	if s.vnodes&255 == 0 && s.ctx.Err() != nil {
		s.vnodes = s.vlimit
	}
	nA, atA := b.fivePoints(att)
	if nA > 0 {
		return append(line, atA), true
	}
	if fours <= 0 || s.vnodes >= s.vlimit {
		return line, false
	}
	if d, ok := s.failed[b.hash^uint64(att)]; ok && d >= fours {
		return line, false
	}
	nD, atD := b.fivePoints(def)
	if nD >= 2 {
		return line, false
	}
	for i := range numPoints {
		if b.cells[i] != 0 || (nD == 1 && i != atD) || !b.allowed(att, i) || !b.makesFour(att, i) {
			continue
		}
		b.place(i, att)
		n, blk := b.fivePoints(att)
		var ok bool
		var out []int
		switch {
		case n >= 2:
			other := -1
			for j := range numPoints {
				if j != blk && b.val[att][j] >= valFive {
					other = j
					break
				}
			}
			out, ok = append(line, i, other, blk), true
		case n == 1 && def == black && b.forb[blk]:
			out, ok = append(line, i), true
		case n == 1:
			b.place(blk, def)
			out, ok = s.vcf(att, fours-1, append(line, i, blk))
			b.remove(blk)
		}
		b.remove(i)
		if ok {
			return out, true
		}
	}
	s.failed[b.hash^uint64(att)] = fours
	return line, false
}

// rng is the level's deterministic chance for one move.
func moveRNG(seed uint64, stones int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(stones)*0x9e3779b97f4a7c15+1))
}
