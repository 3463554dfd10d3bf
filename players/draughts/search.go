package draughts

import (
	"context"
	"errors"
	"slices"

	rules "qixue/rules/draughts"
)

var errBudget = errors.New("node budget spent")

type ttEntry struct {
	depth int8
	flag  int8
	value int32
	best  rules.Move
	has   bool
}

const (
	exact int8 = iota
	lower
	upper
)

type searcher struct {
	p        *Player
	ctx      context.Context
	nodes    int
	maxNodes int
	err      error
	buf      [][]rules.Move
	path     []uint64 // keys of the positions on the search path
	rootSide rules.Color
	hist     [64][64]int32 // history heuristic, by from and to square
}

func hash64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// tick counts a node and reports whether the search must stop.
func (s *searcher) tick() bool {
	if s.err != nil {
		return true
	}
	s.nodes++
	if s.nodes >= s.maxNodes {
		s.err = errBudget
		return true
	}
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return true
		}
	}
	return false
}

func (s *searcher) noise(k uint64) int32 {
	if s.p.level.noise == 0 {
		return 0
	}
	return int32(hash64(s.p.seed^k)%uint64(2*s.p.level.noise+1)) - s.p.level.noise
}

// repeated reports whether key is a position of the game or of the
// search path (with the same side to move): a draw by repetition ahead.
func (s *searcher) repeated(key uint64) bool {
	if s.p.history[key] > 0 {
		return true
	}
	for i := len(s.path) - 2; i >= 0; i -= 2 {
		if s.path[i] == key {
			return true
		}
	}
	return false
}

// order sorts moves: the TT move, then captures by size, promotions, and
// the history heuristic.
func (s *searcher) order(pos *rules.Position, moves []rules.Move, tt rules.Move, hasTT bool) {
	_, _, kings := pos.Bitboards()
	crown := uint64(0x1f) // White crowns on 1-5
	if pos.Turn() == rules.Black {
		crown = 0x1f << 45
	}
	score := func(m rules.Move) int32 {
		if hasTT && m == tt {
			return 1 << 30
		}
		v := int32(m.CaptureCount()) << 20
		from, to := uint64(1)<<(m.From()-1), uint64(1)<<(m.To()-1)
		if kings&from == 0 && crown&to != 0 {
			v += 1 << 19
		}
		return v + s.hist[m.From()][m.To()]
	}
	slices.SortStableFunc(moves, func(a, b rules.Move) int {
		sa, sb := score(a), score(b)
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
}

// overlooked reports whether the level fails to see the quiet reply m of
// the opponent in the position with key k (the move that sets up a shot).
func (s *searcher) overlooked(k uint64, m rules.Move, ply int) bool {
	if s.p.level.miss == 0 || ply%2 == 0 || m.IsCapture() {
		return false // captures are forced and plain to see
	}
	h := hash64(s.p.seed ^ k ^ uint64(m.From())<<8 ^ uint64(m.To())<<16 ^ uint64(m.CaptureCount())<<24)
	return int(h%1000) < s.p.level.miss
}

func (s *searcher) search(pos rules.Position, depth, ply int, alpha, beta int32) int32 {
	if s.tick() {
		return 0
	}
	key := pos.Key()
	if ply > 0 && s.repeated(key) {
		return 0
	}
	for len(s.buf) <= ply {
		s.buf = append(s.buf, make([]rules.Move, 0, 32))
	}
	moves := pos.AppendLegalMoves(s.buf[ply][:0])
	s.buf[ply] = moves
	if len(moves) == 0 {
		return -Win + int32(ply)
	}
	capture := moves[0].IsCapture()
	if depth <= 0 || ply >= maxPly {
		if !capture || !s.p.level.quiet || ply >= maxPly {
			return evaluate(&pos) + s.noise(key)
		}
		depth = 0 // play the captures out
	}
	e, hit := s.p.tt[key]
	if hit && int(e.depth) >= depth {
		switch {
		case e.flag == exact:
			return e.value
		case e.flag == lower && e.value >= beta:
			return e.value
		case e.flag == upper && e.value <= alpha:
			return e.value
		}
	}
	s.order(&pos, moves, e.best, hit && e.has)
	alpha0 := alpha
	best := int32(-Win - 1)
	var bestM rules.Move
	s.path = append(s.path, key)
	seen := 0
	for _, m := range moves {
		if len(moves) > 1 && s.overlooked(key, m, ply) && seen < len(moves)-1 {
			continue
		}
		seen++
		nd := depth - 1
		if len(moves) == 1 && depth > 0 {
			nd = depth // a forced move costs no depth
		}
		v := -s.search(pos.After(m), nd, ply+1, -beta, -alpha)
		if s.err != nil {
			s.path = s.path[:len(s.path)-1]
			return 0
		}
		if v > best {
			best, bestM = v, m
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if !m.IsCapture() {
				s.hist[m.From()][m.To()] += int32(depth * depth)
			}
			break
		}
	}
	s.path = s.path[:len(s.path)-1]
	ne := ttEntry{depth: int8(depth), value: best, best: bestM, has: true}
	switch {
	case best <= alpha0:
		ne.flag = upper
	case best >= beta:
		ne.flag = lower
	}
	if len(s.p.tt) > 1<<20 {
		clear(s.p.tt)
	}
	s.p.tt[key] = ne
	return best
}

type rootResult struct {
	move  rules.Move
	value int32
	depth int
	found bool
}

func (s *searcher) root(pos rules.Position) rootResult {
	var res rootResult
	s.rootSide = pos.Turn()
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return res
	}
	if len(moves) == 1 {
		return rootResult{move: moves[0], value: evaluate(&pos), found: true}
	}
	key := pos.Key()
	s.path = append(s.path[:0], key)
	for depth := 1; depth <= s.p.level.depth; depth++ {
		alpha, beta := int32(-Win-1), int32(Win+1)
		best, bestI := int32(-Win-1), -1
		for i, m := range moves {
			v := -s.search(pos.After(m), depth-1, 1, -beta, -alpha)
			if s.err != nil {
				break
			}
			if v > best {
				best, bestI = v, i
			}
			if v > alpha {
				alpha = v
			}
		}
		if bestI >= 0 {
			res = rootResult{move: moves[bestI], value: best, depth: depth, found: true}
			if s.err != nil {
				res.depth = depth - 1
			}
			// best first next time
			m := moves[bestI]
			copy(moves[1:bestI+1], moves[:bestI])
			moves[0] = m
		}
		if s.err != nil || best >= Win-maxPly || best <= -Win+maxPly {
			break
		}
	}
	return res
}
