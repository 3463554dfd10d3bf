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
	if m, ok := protocolMove(ctx, g, req); ok {
		return players.Choice{Move: m, Eval: players.Eval{Win: 0.5, Best: m}}, nil
	}
	if g.ToMove() == rules.White && len(g.Claimable()) > 0 {
		// Black's forbidden stone stands unclaimed (the competition
		// rule): White points it out and wins.
		return players.Choice{Claim: game.ForbiddenMove, Eval: players.Eval{Score: 3000, Mate: 1, Win: 1}}, nil
	}
	d := decide(ctx, g, req.Level, req.Seed, req.Nodes)
	c, err := choiceOf(g, d)
	if err != nil {
		return c, err
	}
	if req.DrawOffered && acceptDraw(g.Board().Stones(), d.score) {
		return players.Choice{Claim: game.Agreement, Eval: c.Eval, Depth: c.Depth, Nodes: c.Nodes}, nil
	}
	if passDraws(g, d.score) {
		c.Move = rules.Move{Kind: rules.Pass}
	}
	return c, nil
}

// protocolMove is the computer's step of the renju opening protocol when
// one is due: keeping one of Black's fifth-move offers, the swap after
// move 3, Black's offer, Black 3 (see protocol.go).
func protocolMove(ctx context.Context, g *rules.Game, req players.Request) (rules.Move, bool) {
	if len(req.Offered) > 0 {
		var pts []rules.Point
		for _, m := range req.Offered {
			if gm, ok := m.(rules.Move); ok && gm.Kind == rules.Place {
				pts = append(pts, gm.Point)
			}
		}
		if len(pts) > 0 {
			return rules.Move{Kind: rules.Place, Point: keepOffer(ctx, g, req.Level, pts)}, true
		}
	}
	switch {
	case g.CanSwap():
		if wantSwap(ctx, g, req.Level) {
			return rules.Move{Kind: rules.Swap}, true
		}
	case g.CanOffer():
		p, q := offerPair(ctx, g, req.Level)
		if p != q {
			return rules.Move{Kind: rules.Offer, Point: p, Alt: q, Offered: []rules.Point{p, q}}, true
		}
	case !g.CanPass() && g.Board().Stones() == 2:
		// Black 3 under the national protocol: the designated opening
		return rules.Move{Kind: rules.Place, Point: rules.PointAt(openingStone(ctx, g, req.Level, req.Seed))}, true
	}
	return rules.Move{}, false
}

// fullish is the number of stones past which a game that is even is
// likely to end drawn.
const fullish = 150

// acceptDraw: the player accepts a draw offer when its search says it is
// lost, or even on a board that is filling up.
func acceptDraw(stones, score int) bool {
	return score <= -winMin || (score <= 50 && stones >= fullish)
}

// passDraws: after Black's pass White passes too, which draws the game
// (both passed in one round), when White is lost or even on a full-ish
// board.
func passDraws(g *rules.Game, score int) bool {
	rec := g.Record()
	return g.ToMove() == rules.White && len(rec) > 0 && rec[len(rec)-1].Kind == rules.Pass && g.CanPass() &&
		(score <= -winMin || (score <= 0 && g.Board().Stones() >= fullish))
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
