package numchess

import (
	"context"
	"errors"
	"fmt"

	"qixue/players"
	"qixue/rules/game"
	rules "qixue/rules/numchess"
)

// DefaultEvalNodes is the node budget (move generations) of one Evaluate
// when the budget gives none: about 0.2 s.
const DefaultEvalNodes = 500

// GamePlayer is the number-chess player behind the players.Player
// interface: each call builds a Player for its level and seed from the
// start and the moves given (the moves played are its history), so a call
// depends only on its arguments. It is safe for concurrent use.
type GamePlayer struct{}

// NewGamePlayer returns the number-chess player for players.Registry.
func NewGamePlayer() *GamePlayer { return &GamePlayer{} }

var _ players.Player = (*GamePlayer)(nil)

// Game returns game.NumChess.
func (*GamePlayer) Game() game.Name { return game.NumChess }

// Levels returns the ten levels.
func (*GamePlayer) Levels() []players.Level {
	out := make([]players.Level, len(levels))
	for i, l := range levels {
		out[i] = players.Level{Number: l.Number, NameZH: l.Name, NameEN: l.NameEn}
	}
	return out
}

// replay plays moves from start and returns the ruleset, every position
// before the last and the position now.
func replay(start game.Position, moves []game.Move) (rules.Ruleset, []rules.Position, rules.Position, error) {
	pos, eng, ok := game.NumChessPosition(start)
	if !ok {
		return rules.Ruleset{}, nil, pos, players.WrongGameError(game.NumChess, start.Game())
	}
	seen := make([]rules.Position, 0, len(moves))
	for i, m := range moves {
		nm, ok := m.(rules.Move)
		if !ok {
			return rules.Ruleset{}, nil, pos, players.WrongGameError(game.NumChess, "")
		}
		next, err := eng.Play(pos, nm)
		if err != nil {
			return rules.Ruleset{}, nil, pos, fmt.Errorf("move %d: %w", i+1, err)
		}
		seen = append(seen, pos)
		pos = next
	}
	return eng.Ruleset(), seen, pos, nil
}

// Choose picks the move (or the stop) at req.Level for req.Seed.
func (g *GamePlayer) Choose(ctx context.Context, start game.Position, moves []game.Move, req players.Request) (players.Choice, error) {
	if req.Level < 1 || req.Level > len(levels) {
		return players.Choice{}, players.LevelError(req.Level, len(levels))
	}
	rs, seen, pos, err := replay(start, moves)
	if err != nil {
		return players.Choice{}, err
	}
	p, _ := New(rs, req.Level, req.Seed)
	p.Remember(seen...)
	nodes := p.level.nodes
	if req.Nodes > 0 && req.Nodes < int64(nodes) {
		nodes = int(req.Nodes)
	}
	d, err := p.DecideNodes(ctx, pos, nodes)
	if err != nil {
		return players.Choice{}, chooseError(err)
	}
	ev := evalOf(d)
	c := players.Choice{Eval: ev, Depth: d.Depth, Nodes: int64(d.Nodes)}
	if d.Stop {
		c.Claim = game.Stop
	} else {
		c.Move = d.Move
	}
	return c, nil
}

// Evaluate judges the position with the strongest level under the budget.
// A position where the side to move's stop wins is a win; the best move
// is nil then.
func (g *GamePlayer) Evaluate(ctx context.Context, start game.Position, moves []game.Move, b players.Budget) (players.Eval, error) {
	rs, seen, pos, err := replay(start, moves)
	if err != nil {
		return players.Eval{}, err
	}
	nodes := int64(DefaultEvalNodes)
	if b.Nodes > 0 {
		nodes = b.Nodes
	}
	p, _ := New(rs, len(levels), 0)
	p.opening = opening{}
	p.Remember(seen...)
	d, err := p.DecideNodes(ctx, pos, int(min(nodes, 1<<30)))
	if err != nil {
		return players.Eval{}, chooseError(err)
	}
	return evalOf(d), nil
}

// evalOf translates a decision's value (hundredths of a step; ±Win for a
// stop that wins or loses) into players' terms: a step is worth about a
// pawn.
func evalOf(d Decision) players.Eval {
	ev := players.Eval{Score: d.Value}
	switch {
	case d.Value >= Win-maxPly:
		ev.Mate = max(1, (Win-d.Value+1)/2)
	case d.Value <= -Win+maxPly:
		ev.Mate = -max(1, (Win+d.Value+1)/2)
	}
	ev.Win = players.WinChance(ev.Score, ev.Mate)
	if !d.Stop && d.Move.Path != nil {
		ev.Best = d.Move
	}
	return ev
}

func chooseError(err error) error {
	if errors.Is(err, ErrNoMove) {
		return players.GameOverError()
	}
	return fmt.Errorf("number-chess player: %w", err)
}
