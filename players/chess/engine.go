package chess

import (
	"context"
	"errors"
	"fmt"

	rc "qixue/rules/chess"
)

// Limits bound one search besides the level's own limits (the smaller
// wins). The search also stops when its context is done; Soft, when set,
// stops it between two iterations (the caller's "enough time used").
type Limits struct {
	Depth int   // 0: no limit
	Nodes int64 // 0: no limit
	Soft  context.Context
	// NoBook searches even where the opening book has a move (an
	// evaluation, not a choice).
	NoBook bool
}

// Result is what a search found.
type Result struct {
	Move  rc.Move
	Score int // centipawns for the side to move (mates: see Mate)
	Mate  int // moves to mate: > 0 the side to move mates, < 0 it is mated, 0 none
	Depth int // the deepest completed iteration (0 for a book move)
	Nodes int64
	PV    []rc.Move // the expected line, starting with Move
	Book  bool      // the move came from the opening book
}

// Info is reported after each completed iteration.
type Info struct {
	Depth, Score, Mate int
	Nodes              int64
	PV                 []rc.Move
}

// ErrNoMoves is returned when the side to move has no legal move.
var ErrNoMoves = errors.New("chess player: no legal move (the game is over)")

// Engine is a chess player at one level with its seed. It keeps its
// transposition table and move-ordering history between the moves of a
// game (NewGame clears them). An Engine is not safe for concurrent use;
// the same calls on a new Engine give the same moves (deterministic for a
// level, a seed and a node budget).
type Engine struct {
	level int
	seed  uint64
	tt    *table
	s     *searcher
}

// New returns an engine at level 1..Levels with the seed, or ErrLevel.
// The transposition table has 2^ttLog2 entries of 16 bytes (16 to 24; 0
// picks 2^20, 16 MiB).
func New(level int, seed uint64, ttLog2 int) (*Engine, error) {
	if _, err := LevelInfo(level); err != nil {
		return nil, err
	}
	if ttLog2 == 0 {
		ttLog2 = 20
	}
	ttLog2 = max(16, min(ttLog2, 24))
	return &Engine{level: level, seed: seed, tt: newTable(ttLog2), s: &searcher{}}, nil
}

// SetLevel changes the level (ErrLevel outside 1..Levels).
func (e *Engine) SetLevel(level int) error {
	if _, err := LevelInfo(level); err != nil {
		return err
	}
	e.level = level
	return nil
}

// Level returns the engine's level.
func (e *Engine) Level() int { return e.level }

// NewGame forgets what earlier searches learnt.
func (e *Engine) NewGame() {
	e.tt.clear()
	e.s.history = [2][64][64]int32{}
	e.s.killers = [maxPly + 1][2]rc.Move{}
}

// Search chooses a move for the position after moves from start (the
// moves make the repetition history). It stops at the level's and lim's
// depth or node limit, when ctx is done, or between iterations when
// lim.Soft is done, and returns the best move of the deepest search it
// finished (a depth-1 search is always finished). Errors: an illegal move
// in moves, ErrNoMoves.
func (e *Engine) Search(ctx context.Context, start rc.Position, moves []rc.Move, lim Limits, info func(Info)) (Result, error) {
	pos := start
	keys := make([]uint64, 0, len(moves)+maxPly+2)
	keys = append(keys, pos.Key())
	for i, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			return Result{}, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
		pos = next
		keys = append(keys, pos.Key())
	}
	legal := pos.AppendMoves(nil)
	if len(legal) == 0 {
		return Result{}, ErrNoMoves
	}
	spec := &levels[e.level-1]
	if !lim.NoBook && len(moves)+start.FullmoveNumber()*2-2 < spec.bookPlies {
		if m, ok := bookMove(&pos, e.seed); ok {
			return Result{Move: m, PV: []rc.Move{m}, Book: true}, nil
		}
	}
	s := e.s
	history := s.history
	*s = searcher{tt: e.tt, params: &tuned, lvl: spec, seed: e.seed, ctx: ctx, soft: lim.Soft, keys: keys, history: history}
	s.maxNode = minPositive(spec.nodes, lim.Nodes)
	depthLimit := maxPly - 1
	if d := minPositive(int64(spec.depth), int64(lim.Depth)); d > 0 {
		depthLimit = int(min(d, maxPly-1))
	}
	// History fades between moves so that it keeps following the game.
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}
	var res Result
	score := 0
	for depth := 1; depth <= depthLimit; depth++ {
		if depth == 1 {
			s.maxNode, s.ctx = 0, context.Background() // depth 1 always finishes
		}
		v := s.aspiration(&pos, depth, score)
		if depth == 1 {
			s.maxNode, s.ctx = minPositive(spec.nodes, lim.Nodes), ctx
		}
		if s.stopped {
			if s.pvLen[0] > 0 && s.pv[0][0] != res.Move {
				res.Move = s.pv[0][0]
				res.PV = []rc.Move{res.Move}
			}
			break
		}
		score = v
		res = Result{Move: s.pv[0][0], Score: v, Mate: mateIn(v), Depth: depth, PV: append([]rc.Move(nil), s.pv[0][:s.pvLen[0]]...)}
		if info != nil {
			info(Info{Depth: depth, Score: v, Mate: res.Mate, Nodes: s.nodes, PV: res.PV})
		}
		if res.Mate != 0 && depth > 2*abs(res.Mate)+2 {
			break
		}
		if lim.Soft != nil && lim.Soft.Err() != nil || ctx.Err() != nil {
			break
		}
	}
	res.Nodes = s.nodes
	if res.Move == (rc.Move{}) {
		res.Move = legal[0]
	}
	return res, nil
}

// aspiration searches the root with a window around the last score,
// widening it when the score falls outside.
func (s *searcher) aspiration(pos *rc.Position, depth, prev int) int {
	if depth < 5 {
		return s.negamax(pos, depth, 0, -infinity, infinity, false)
	}
	delta := 25
	alpha, beta := max(prev-delta, -infinity), min(prev+delta, infinity)
	for {
		v := s.negamax(pos, depth, 0, alpha, beta, false)
		if s.stopped {
			return v
		}
		switch {
		case v <= alpha:
			alpha = max(v-delta, -infinity)
		case v >= beta:
			beta = min(v+delta, infinity)
		default:
			return v
		}
		delta *= 2
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// mateIn turns a mate score into moves to mate (0: not a mate).
func mateIn(v int) int {
	switch {
	case v > mateBound:
		return (mateScore - v + 1) / 2
	case v < -mateBound:
		return -(mateScore + v) / 2
	}
	return 0
}

func minPositive(a, b int64) int64 {
	switch {
	case a <= 0:
		return b
	case b <= 0:
		return a
	}
	return min(a, b)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
