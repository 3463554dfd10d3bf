package gomoku

import (
	"context"
	"fmt"

	"qixue/players"
	"qixue/rules/game"
	rules "qixue/rules/gomoku"
)

// DefaultEvalNodes is the node budget of one Evaluate when the budget
// gives none.
const DefaultEvalNodes = 60_000

// Player is the gomoku and renju player behind players.Player. Each call
// depends only on its arguments; it is safe for concurrent use.
type Player struct{}

// NewPlayer returns the gomoku player for players.Registry.
func NewPlayer() *Player { return &Player{} }

var _ players.Player = (*Player)(nil)

// Game returns game.Gomoku.
func (*Player) Game() game.Name { return game.Gomoku }

// Levels returns the ten levels, weakest first.
func (*Player) Levels() []players.Level {
	out := make([]players.Level, len(levels))
	for i, l := range levels {
		out[i] = players.Level{Number: i + 1, NameZH: l.nameZH, NameEN: l.nameEN}
	}
	return out
}

// replay plays moves from start and returns the engine's game.
func replay(start game.Position, moves []game.Move) (*rules.Game, error) {
	if start.Game() != game.Gomoku {
		return nil, players.WrongGameError(game.Gomoku, start.Game())
	}
	pos := start
	for i, m := range moves {
		next, err := pos.Play(m)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		pos = next
	}
	g, ok := game.GomokuGame(pos)
	if !ok {
		return nil, players.WrongGameError(game.Gomoku, pos.Game())
	}
	if r, _ := g.Result(); r != rules.Ongoing {
		return nil, players.GameOverError()
	}
	return g, nil
}

// Choose picks the move of req.Level for req.Seed.
func (p *Player) Choose(ctx context.Context, start game.Position, moves []game.Move, req players.Request) (players.Choice, error) {
	if req.Level < 1 || req.Level > len(levels) {
		return players.Choice{}, players.LevelError(req.Level, len(levels))
	}
	g, err := replay(start, moves)
	if err != nil {
		return players.Choice{}, err
	}
	d := decide(ctx, g, req.Level, req.Seed, req.Nodes)
	return choiceOf(g, d)
}

// Evaluate judges the position with the strongest level under the budget.
func (p *Player) Evaluate(ctx context.Context, start game.Position, moves []game.Move, b players.Budget) (players.Eval, error) {
	g, err := replay(start, moves)
	if err != nil {
		return players.Eval{}, err
	}
	nodes := int64(DefaultEvalNodes)
	if b.Nodes > 0 {
		nodes = b.Nodes
	}
	d := decide(ctx, g, len(levels), 0, nodes)
	c, err := choiceOf(g, d)
	return c.Eval, err
}

func choiceOf(g *rules.Game, d decision) (players.Choice, error) {
	var m rules.Move
	switch {
	case d.move >= 0:
		m = rules.Move{Kind: rules.Place, Point: rules.PointAt(d.move)}
	case g.CanPass():
		m = rules.Move{Kind: rules.Pass}
	default:
		return players.Choice{}, players.GameOverError()
	}
	ev := evalOf(d.score)
	ev.Best = m
	c := players.Choice{Move: m, Eval: ev, Depth: d.depth, Nodes: d.nodes}
	for _, i := range d.line {
		c.Line = append(c.Line, rules.Move{Kind: rules.Place, Point: rules.PointAt(i)})
	}
	return c, nil
}

// evalOf turns a score into the players' units: a win seen n plies ahead
// is a mate in (n+1)/2 moves; other scores are clamped to ±3000.
func evalOf(v int) players.Eval {
	ev := players.Eval{Score: max(-3000, min(3000, v))}
	switch {
	case v >= winMin:
		ev.Mate = max(1, (win-v+1)/2)
	case v <= -winMin:
		ev.Mate = -max(1, (win+v+1)/2)
	}
	ev.Win = players.WinChance(ev.Score, ev.Mate)
	return ev
}
