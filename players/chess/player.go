package chess

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"qixue/players"
	rc "qixue/rules/chess"
	"qixue/rules/game"
)

// DefaultEvalNodes is the node budget of one Evaluate when the budget
// gives none: about 0.1 s on one core.
const DefaultEvalNodes = 150_000

// Player is the chess player behind the players.Player interface. It
// keeps a pool of engines (each with a 4 MiB transposition table, cleared
// for every call, so that a call depends only on its arguments); it is
// safe for concurrent use.
type Player struct {
	pool sync.Pool
}

// NewPlayer returns the chess player.
func NewPlayer() *Player {
	p := &Player{}
	p.pool.New = func() any {
		e, _ := New(Levels, 0, 18)
		return e
	}
	return p
}

var _ players.Player = (*Player)(nil)

// Game returns game.Chess.
func (*Player) Game() game.Name { return game.Chess }

// Levels returns the ten levels.
func (*Player) Levels() []players.Level {
	out := make([]players.Level, len(levels))
	for i, l := range levels {
		out[i] = players.Level{Number: i + 1, NameZH: l.nameZH, NameEN: l.nameEN}
	}
	return out
}

// position turns the game's start and moves into the engine's.
func position(start game.Position, moves []game.Move) (rc.Position, []rc.Move, error) {
	if start.Game() != game.Chess {
		return rc.Position{}, nil, players.WrongGameError(game.Chess, start.Game())
	}
	parse := rc.ParseFEN
	if start.Variant() == "chess960" {
		parse = rc.ParseFEN960
	}
	p, err := parse(start.String())
	if err != nil {
		return rc.Position{}, nil, err
	}
	out := make([]rc.Move, len(moves))
	for i, m := range moves {
		cm, ok := m.(rc.Move)
		if !ok {
			return rc.Position{}, nil, players.WrongGameError(game.Chess, "")
		}
		out[i] = cm
	}
	return p, out, nil
}

func (p *Player) engine(level int, seed uint64) *Engine {
	e := p.pool.Get().(*Engine)
	e.NewGame()
	e.level, e.seed = level, seed
	return e
}

// Choose picks a move at req.Level for req.Seed (see players.Player).
func (p *Player) Choose(ctx context.Context, start game.Position, moves []game.Move, req players.Request) (players.Choice, error) {
	if req.Level < 1 || req.Level > Levels {
		return players.Choice{}, players.LevelError(req.Level, Levels)
	}
	pos, ms, err := position(start, moves)
	if err != nil {
		return players.Choice{}, err
	}
	e := p.engine(req.Level, req.Seed)
	defer p.pool.Put(e)
	r, err := e.Search(ctx, pos, ms, Limits{Nodes: req.Nodes}, nil)
	if err != nil {
		return players.Choice{}, searchError(err)
	}
	c := players.Choice{Move: r.Move, Depth: r.Depth, Nodes: r.Nodes,
		Eval: players.Eval{Score: r.Score, Mate: r.Mate, Win: players.WinChance(r.Score, r.Mate), Best: r.Move}}
	for _, m := range r.PV {
		c.Line = append(c.Line, m)
	}
	return c, nil
}

// Evaluate judges the position with the strongest level (see
// players.Player); a finished game is judged by its result.
func (p *Player) Evaluate(ctx context.Context, start game.Position, moves []game.Move, b players.Budget) (players.Eval, error) {
	pos, ms, err := position(start, moves)
	if err != nil {
		return players.Eval{}, err
	}
	nodes := b.Nodes
	if nodes <= 0 {
		nodes = DefaultEvalNodes
	}
	e := p.engine(Levels, 0)
	defer p.pool.Put(e)
	r, err := e.Search(ctx, pos, ms, Limits{Nodes: nodes, NoBook: true}, nil)
	if errors.Is(err, ErrNoMoves) {
		last := pos
		for _, m := range ms {
			last, _ = last.Play(m)
		}
		if last.InCheck() {
			return players.Eval{Score: -mateScore, Mate: -1, Win: 0}, nil // mated (Mate -1: it happened)
		}
		return players.Eval{Win: 0.5}, nil // stalemate
	}
	if err != nil {
		return players.Eval{}, searchError(err)
	}
	return players.Eval{Score: r.Score, Mate: r.Mate, Win: players.WinChance(r.Score, r.Mate), Best: r.Move}, nil
}

func searchError(err error) error {
	if errors.Is(err, ErrNoMoves) {
		return players.GameOverError()
	}
	return fmt.Errorf("chess player: %w", err)
}
