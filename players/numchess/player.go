package numchess

import (
	"context"
	"errors"

	rules "qixue/rules/numchess"
)

// Player is a computer player of one level under one ruleset. It is not
// safe for concurrent use; a game keeps its own Player.
type Player struct {
	rs    rules.Ruleset
	eng   *rules.Engine
	ev    *evaluator
	level Level
	seed  uint64
	// the opening: a book line (Red's coordinates) and a lane (-1 left,
	// +1 right, 0 none) for the first openingMoves moves.
	opening opening
	lane    int
	// history counts the positions of the game the player has seen (each
	// position it was asked about and each it moved to): going back to
	// one only shuffles, and a game that shuffles ends on the clock with
	// the scores as they stand (repetitionValue).
	history map[uint64]int
}

// repeatScale is what a repeated position is worth to the side ahead on
// the score as it stands: about twenty steps, less than a real win.
const repeatScale = 2000

// repetitionValue is the value, for the side to move, of returning to a
// position already seen: the game would end on the clock as it stands.
func (p *Player) repetitionValue(pos *rules.Position) int32 {
	w, ok := pos.Result(p.rs).Winner()
	switch {
	case !ok:
		return 0
	case w == pos.Turn():
		return repeatScale
	}
	return -repeatScale
}

// Remember adds positions of the game played before the player joined
// it (a game resumed from a record), so it does not steer back to them.
func (p *Player) Remember(positions ...rules.Position) {
	for _, q := range positions {
		p.history[q.Key()]++
	}
}

// Decision is what the player does in a position: call stop, or play
// Move (in the engine's machine form with its expressions, as
// Engine.LegalMoves gives it).
type Decision struct {
	Stop bool
	Move rules.Move
	// Value is the search's value for the side to move, in hundredths of
	// a step (±Win for a won or lost game); Depth the plies of the last
	// finished iteration (0 for a book move); Nodes the move generations
	// spent.
	Value   int
	Depth   int
	Nodes   int
	Opening string // the book line the move came from, if any (zh-CN)
}

// New returns a player of level (1..len(Levels())) for rs, whose choices
// are fixed by seed. The error is a *LevelError.
func New(rs rules.Ruleset, level int, seed uint64) (*Player, error) {
	lv, err := LevelByNumber(level)
	if err != nil {
		return nil, err
	}
	w := fullWeights
	if !lv.laws {
		w.align, w.hubFirst, w.zeroLast = 0, 0, 0
	}
	p := &Player{rs: rs, eng: rules.SharedEngine(rs), ev: newEvaluator(rs, w), level: lv, seed: seed, history: map[uint64]int{}}
	if lv.book {
		p.opening = openings[hash64(seed^0x5eed)%uint64(len(openings))]
		p.lane = p.opening.lane
	}
	return p, nil
}

// Level returns the player's level.
func (p *Player) Level() Level { return p.level }

// ErrNoMove is returned by Decide when the side to move has no legal move
// and may not call stop.
var ErrNoMove = errors.New("numchess: the side to move has no legal move")

// Decide chooses the action for the side to move in pos within the
// level's node budget. It returns early when ctx is done: with the best
// move found so far, or ctx's error when there is none yet.
func (p *Player) Decide(ctx context.Context, pos rules.Position) (Decision, error) {
	return p.DecideNodes(ctx, pos, p.level.nodes)
}

// DecideNodes is Decide with a node budget (move generations) of nodes
// instead of the level's.
func (p *Player) DecideNodes(ctx context.Context, pos rules.Position, nodes int) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	if nodes < 1 {
		nodes = 1
	}
	p.history[pos.Key()]++
	d, err := p.decide(ctx, pos, nodes)
	if err == nil && !d.Stop {
		if next, err := p.eng.Play(pos, d.Move); err == nil {
			p.history[next.Key()]++
		}
	}
	return d, err
}

func (p *Player) decide(ctx context.Context, pos rules.Position, nodes int) (Decision, error) {
	if d, ok, err := p.bookMove(ctx, pos); err != nil || ok {
		return d, err
	}
	s := &searcher{p: p, ctx: ctx, maxNodes: nodes, tt: map[uint64]ttEntry{}}
	res, err := s.root(pos)
	if err != nil && !errors.Is(err, errBudget) {
		return Decision{}, err
	}
	if !res.scored {
		return Decision{}, ErrNoMove
	}
	d := Decision{Stop: res.stop, Value: int(res.value), Depth: res.depth, Nodes: s.nodes}
	if res.stop {
		return d, nil
	}
	m, ok, err := p.eng.Witness(ctx, pos, res.reach)
	if err != nil {
		return Decision{}, err
	}
	if !ok {
		return Decision{}, ErrNoMove // cannot happen: the reach came from the engine
	}
	d.Move = m
	return d, nil
}
