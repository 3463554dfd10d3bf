package draughts

import (
	"context"
	"errors"
	"fmt"

	"qixue/players"
	rules "qixue/rules/draughts"
	"qixue/rules/game"
)

// DefaultEvalNodes is the node budget of one Evaluate when the budget
// gives none: about 0.1 s.
const DefaultEvalNodes = 60_000

// GamePlayer is the draughts player behind the players.Player interface:
// each call builds a Player for its level and seed and gives it the
// game's positions (for the repetition rule), so a call depends only on
// its arguments. It is safe for concurrent use.
type GamePlayer struct{}

// NewGamePlayer returns the draughts player for players.Registry.
func NewGamePlayer() *GamePlayer { return &GamePlayer{} }

var _ players.Player = (*GamePlayer)(nil)

// Game returns game.Draughts.
func (*GamePlayer) Game() game.Name { return game.Draughts }

// Levels returns the ten levels.
func (*GamePlayer) Levels() []players.Level {
	out := make([]players.Level, len(levels))
	for i, l := range levels {
		out[i] = players.Level{Number: l.Number, NameZH: l.Name, NameEN: l.NameEn}
	}
	return out
}

func replay(start game.Position, moves []game.Move) ([]rules.Position, rules.Position, error) {
	pos, ok := game.DraughtsPosition(start)
	if !ok {
		return nil, pos, players.WrongGameError(game.Draughts, start.Game())
	}
	seen := make([]rules.Position, 0, len(moves))
	for i, m := range moves {
		dm, ok := m.(rules.Move)
		if !ok {
			return nil, pos, players.WrongGameError(game.Draughts, "")
		}
		next, err := pos.Play(dm)
		if err != nil {
			return nil, pos, fmt.Errorf("move %d: %w", i+1, err)
		}
		seen = append(seen, pos)
		pos = next
	}
	return seen, pos, nil
}

// Choose picks a move at req.Level for req.Seed.
func (g *GamePlayer) Choose(ctx context.Context, start game.Position, moves []game.Move, req players.Request) (players.Choice, error) {
	if req.Level < 1 || req.Level > len(levels) {
		return players.Choice{}, players.LevelError(req.Level, len(levels))
	}
	seen, pos, err := replay(start, moves)
	if err != nil {
		return players.Choice{}, err
	}
	p, _ := New(req.Level, req.Seed)
	p.Remember(seen...)
	nodes := p.level.nodes
	if req.Nodes > 0 && req.Nodes < int64(nodes) {
		nodes = int(req.Nodes)
	}
	d, err := p.DecideNodes(ctx, pos, nodes)
	if err != nil {
		return players.Choice{}, chooseError(err)
	}
	return players.Choice{Move: d.Move, Eval: evalOf(d), Depth: d.Depth, Nodes: int64(d.Nodes)}, nil
}

// Evaluate judges the position with the strongest level under the budget;
// a side without moves has lost.
func (g *GamePlayer) Evaluate(ctx context.Context, start game.Position, moves []game.Move, b players.Budget) (players.Eval, error) {
	seen, pos, err := replay(start, moves)
	if err != nil {
		return players.Eval{}, err
	}
	if !pos.HasLegalMoves() {
		return players.Eval{Score: -Win, Mate: -1, Win: 0}, nil
	}
	nodes := int64(DefaultEvalNodes)
	if b.Nodes > 0 {
		nodes = b.Nodes
	}
	p, _ := New(len(levels), 0)
	p.Remember(seen...)
	d, err := p.DecideNodes(ctx, pos, int(min(nodes, 1<<40)))
	if err != nil {
		return players.Eval{}, chooseError(err)
	}
	return evalOf(d), nil
}

// evalOf: the value is in hundredths of a man, like centipawns.
func evalOf(d Decision) players.Eval {
	ev := players.Eval{Score: d.Value, Best: d.Move}
	switch {
	case d.Value >= Win-maxPly:
		ev.Mate = max(1, (Win-d.Value+1)/2)
	case d.Value <= -Win+maxPly:
		ev.Mate = -max(1, (Win+d.Value+1)/2)
	}
	ev.Win = players.WinChance(ev.Score, ev.Mate)
	return ev
}

func chooseError(err error) error {
	if errors.Is(err, ErrNoMove) {
		return players.GameOverError()
	}
	return fmt.Errorf("draughts player: %w", err)
}
