package draughts

import (
	"context"
	"errors"

	rules "qixue/rules/draughts"
)

// Player is a computer player of one level. It is not safe for concurrent
// use; a game keeps its own Player.
type Player struct {
	level   Level
	seed    uint64
	tt      map[uint64]ttEntry
	history map[uint64]int // positions of the game seen, for repetition
}

// Decision is the move chosen, with the search's value for the side to
// move (hundredths of a man; ±Win for a forced result), the plies of the
// last finished iteration and the positions visited.
type Decision struct {
	Move  rules.Move
	Value int
	Depth int
	Nodes int
}

// ErrNoMove is returned when the side to move has no legal move (it has
// lost).
var ErrNoMove = errors.New("draughts: the side to move has no legal move")

// New returns a player of level (1..len(Levels())) whose choices are fixed
// by seed. The error is a *LevelError.
func New(level int, seed uint64) (*Player, error) {
	lv, err := LevelByNumber(level)
	if err != nil {
		return nil, err
	}
	return &Player{level: lv, seed: seed, tt: map[uint64]ttEntry{}, history: map[uint64]int{}}, nil
}

// Level returns the player's level.
func (p *Player) Level() Level { return p.level }

// Remember adds positions of the game played before the player joined it
// (a game resumed from a record), for the repetition rule.
func (p *Player) Remember(positions ...rules.Position) {
	for _, q := range positions {
		p.history[q.Key()]++
	}
}

// Decide chooses a move for the side to move in pos within the level's
// node budget. It returns early when ctx is done: with the best move of
// the last finished iteration, or ctx's error when there is none yet.
func (p *Player) Decide(ctx context.Context, pos rules.Position) (Decision, error) {
	return p.DecideNodes(ctx, pos, p.level.nodes)
}

// DecideNodes is Decide with a budget of nodes positions instead of the
// level's.
func (p *Player) DecideNodes(ctx context.Context, pos rules.Position, nodes int) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	// Positions of the game the player was asked about count once each;
	// the one now is not a repetition of itself.
	s := &searcher{p: p, ctx: ctx, maxNodes: max(nodes, 1)}
	res := s.root(pos)
	p.history[pos.Key()]++
	if !res.found {
		if s.err != nil && !errors.Is(s.err, errBudget) {
			return Decision{}, s.err
		}
		return Decision{}, ErrNoMove
	}
	p.history[pos.After(res.move).Key()]++
	return Decision{Move: res.move, Value: int(res.value), Depth: res.depth, Nodes: s.nodes}, nil
}
