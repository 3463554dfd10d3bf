package chess

import (
	"context"
	"math"

	rc "qixue/rules/chess"
)

const (
	maxPly    = 100
	infinity  = 32000
	mateScore = 31000
	mateBound = mateScore - 2*maxPly
)

// lmrTable[depth][moveIndex] is the late-move reduction.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

// searcher is one search: its limits, its tables and its counters.
type searcher struct {
	tt      *table
	params  *Params
	lvl     *levelSpec
	seed    uint64
	ctx     context.Context
	soft    context.Context // ends iterative deepening between iterations
	nodes   int64
	maxNode int64
	stopped bool

	keys    []uint64 // the game's positions and the search path, for repetitions
	killers [maxPly + 1][2]rc.Move
	history [2][64][64]int32
	pv      [maxPly + 1][maxPly + 1]rc.Move
	pvLen   [maxPly + 1]int
	moves   [maxPly + 1][256]rc.Move
	scores  [maxPly + 1][256]int32
	evals   [maxPly + 1]int
	stack   [maxPly + 2]rc.Position // the positions of the path: no allocation per node
	rootLen int                     // len(keys) at the root
}

// timeUp checks the budget: every node counts towards the node limit,
// and the context is looked at every 1,024 nodes.
func (s *searcher) timeUp() bool {
	if s.stopped {
		return true
	}
	s.nodes++
	if s.maxNode > 0 && s.nodes >= s.maxNode {
		s.stopped = true
	} else if s.nodes&1023 == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// eval is the static evaluation at a node: the tuned evaluation plus the
// level's noise, a fixed function of the position and the seed, so that
// the search stays consistent and repeatable.
func (s *searcher) eval(pos *rc.Position) int {
	v := evaluate(pos, s.params, nil)
	if a := s.lvl.noise; a > 0 {
		h := pos.Key() ^ s.seed
		h ^= h >> 33
		h *= 0xff51afd7ed558ccd
		h ^= h >> 33
		h *= 0xc4ceb9fe1a85ec53
		h ^= h >> 33
		v += int(h%uint64(2*a+1)) - a
	}
	return v
}

// repeated reports whether the position at the end of s.keys occurred
// before within the reversible moves (halfmove clock): a draw by
// repetition for the search.
func (s *searcher) repeated(halfmove int) bool {
	n := len(s.keys) - 1
	k := s.keys[n]
	for i := n - 2; i >= 0 && i >= n-halfmove; i -= 2 {
		if s.keys[i] == k {
			return true
		}
	}
	return false
}

// negamax searches pos to depth and returns its score for the side to
// move, within (alpha, beta).
func (s *searcher) negamax(pos *rc.Position, depth, ply, alpha, beta int, nullOK bool) int {
	pvNode := beta-alpha > 1
	s.pvLen[ply] = 0
	inCheck := pos.InCheck()
	if inCheck && ply < maxPly {
		depth++ // check extension
	}
	if depth <= 0 || ply >= maxPly {
		return s.quiesce(pos, ply, alpha, beta, 0)
	}
	if s.timeUp() {
		return 0
	}
	if ply > 0 {
		if pos.HalfmoveClock() >= 100 || s.repeated(pos.HalfmoveClock()) || insufficient(pos) {
			return 0
		}
		// Mate distance pruning.
		alpha = max(alpha, -mateScore+ply)
		beta = min(beta, mateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	key := pos.Key()
	hashMove := rc.Move{}
	if e, ok := s.tt.probe(key); ok {
		hashMove = e.move
		if !pvNode && int(e.depth) >= depth {
			v := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	full := s.lvl.prune
	static := -infinity
	if !inCheck {
		static = s.eval(pos)
	}
	s.evals[ply] = static
	if full && !pvNode && !inCheck {
		// Reverse futility: far above beta near the leaves.
		if depth <= 6 && static-80*depth >= beta && beta > -mateBound {
			return static
		}
		// Null move: if passing still fails high, the position is good enough.
		if nullOK && depth >= 3 && static >= beta && nonPawnMaterial(pos, pos.Turn()) {
			r := 3 + depth/5
			child := &s.stack[ply+1]
			*child = pos.MakeNull()
			s.keys = append(s.keys, child.Key())
			v := -s.negamax(child, depth-1-r, ply+1, -beta, -beta+1, false)
			s.keys = s.keys[:len(s.keys)-1]
			if s.stopped {
				return 0
			}
			if v >= beta {
				if v > mateBound {
					v = beta
				}
				return v
			}
		}
	}
	if full && pvNode && hashMove == (rc.Move{}) && depth >= 6 {
		depth-- // internal iterative reduction: no hash move on a PV node
	}
	moves := pos.AppendMoves(s.moves[ply][:0])
	if len(moves) == 0 {
		if inCheck {
			return -mateScore + ply
		}
		return 0
	}
	scores := s.scores[ply][:len(moves)]
	s.orderMoves(pos, moves, scores, hashMove, ply)
	improving := ply >= 2 && !inCheck && static > s.evals[ply-2]
	best, bestMove := -infinity, rc.Move{}
	bound := boundUpper
	quiets := 0
	for i := range moves {
		m := pick(moves, scores, i)
		capture := pos.IsCapture(m) || m.Promotion() != rc.NoPieceType
		child := &s.stack[ply+1]
		*child = pos.Make(m)
		givesCheck := child.InCheck()
		if full && !pvNode && !capture && !inCheck && !givesCheck && best > -mateBound && i > 0 {
			// Late-move and futility pruning of quiet moves near the leaves.
			lmp := 3 + depth*depth
			if !improving {
				lmp /= 2
			}
			if depth <= 4 && quiets >= lmp {
				continue
			}
			if depth <= 3 && static+100+90*depth <= alpha {
				continue
			}
		}
		if !capture {
			quiets++
		}
		s.keys = append(s.keys, child.Key())
		var v int
		if i == 0 {
			v = -s.negamax(child, depth-1, ply+1, -beta, -alpha, true)
		} else {
			r := 0
			if full && depth >= 3 && i >= 2 && !capture && !inCheck && !givesCheck {
				r = int(lmrTable[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				if !improving {
					r++
				}
				if m == s.killers[ply][0] || m == s.killers[ply][1] {
					r--
				}
				r = max(0, min(r, depth-2))
			}
			v = -s.negamax(child, depth-1-r, ply+1, -alpha-1, -alpha, true)
			if v > alpha && r > 0 {
				v = -s.negamax(child, depth-1, ply+1, -alpha-1, -alpha, true)
			}
			if v > alpha && v < beta {
				v = -s.negamax(child, depth-1, ply+1, -beta, -alpha, true)
			}
		}
		s.keys = s.keys[:len(s.keys)-1]
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				bound = boundExact
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if v >= beta {
					bound = boundLower
					if !capture {
						s.rewardQuiet(pos, m, moves[:i], ply, depth)
					}
					break
				}
			}
		}
	}
	if best == -infinity {
		// Every move was pruned (cannot happen with i > 0 pruning only,
		// kept as a guard): fall back to the static evaluation.
		best = static
	}
	s.tt.store(key, bestMove, toTT(best, ply), depth, bound)
	return best
}

// rewardQuiet updates the killers and the history after the quiet move m
// caused a cutoff; the quiet moves tried before it lose history.
func (s *searcher) rewardQuiet(pos *rc.Position, m rc.Move, tried []rc.Move, ply, depth int) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	us := pos.Turn()
	bonus := int32(min(depth*depth, 400))
	h := &s.history[us][m.From()][m.To()]
	*h += bonus - *h*bonus/16384
	for _, q := range tried {
		if pos.IsCapture(q) || q.Promotion() != rc.NoPieceType {
			continue
		}
		h := &s.history[us][q.From()][q.To()]
		*h -= bonus + *h*bonus/16384
	}
}

// quiesce searches captures (and, in check, every move) until the
// position is quiet, so that the evaluation is not taken in the middle of
// an exchange. qply counts its plies against the level's limit.
func (s *searcher) quiesce(pos *rc.Position, ply, alpha, beta, qply int) int {
	s.pvLen[ply] = 0
	if s.timeUp() {
		return 0
	}
	if ply >= maxPly {
		return s.eval(pos)
	}
	inCheck := pos.InCheck()
	limit := s.lvl.qdepth
	best := -infinity
	var moves []rc.Move
	if inCheck && (limit < 0 || qply < limit) {
		moves = pos.AppendMoves(s.moves[ply][:0])
		if len(moves) == 0 {
			return -mateScore + ply
		}
	} else {
		best = s.eval(pos)
		if best >= beta || limit >= 0 && qply >= limit {
			return best
		}
		alpha = max(alpha, best)
		moves = pos.AppendCaptures(s.moves[ply][:0])
	}
	scores := s.scores[ply][:len(moves)]
	s.orderMoves(pos, moves, scores, rc.Move{}, ply)
	for i := range moves {
		m := pick(moves, scores, i)
		if !inCheck {
			if scores[i] < orderGood && s.lvl.prune {
				break // losing captures and under-promotions
			}
			// Delta pruning: even winning this piece cannot reach alpha.
			if s.lvl.prune && best+seeValue[pos.Captured(m)]+200 <= alpha && m.Promotion() == rc.NoPieceType {
				continue
			}
		}
		child := &s.stack[ply+1]
		*child = pos.Make(m)
		v := -s.quiesce(child, ply+1, -beta, -alpha, qply+1)
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}
