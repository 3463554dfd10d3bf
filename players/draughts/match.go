package draughts

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	rules "qixue/rules/draughts"
)

// Chooser decides a move for the side to move: a Player or Random.
type Chooser interface {
	Decide(ctx context.Context, pos rules.Position) (Decision, error)
}

// Random plays a uniformly random legal move.
type Random struct{ rng *rand.Rand }

// NewRandom returns the random player.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 0xd4a7))} }

// Decide implements Chooser.
func (r *Random) Decide(ctx context.Context, pos rules.Position) (Decision, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return Decision{}, ErrNoMove
	}
	return Decision{Move: moves[r.rng.IntN(len(moves))]}, nil
}

// End is how a game played by PlayGame ended: the result, the rule
// (rules.Reason*, or "move_limit" for a game stopped at the limit and
// scored a draw), and the time each move took.
type End struct {
	Result rules.Result
	Reason string
	Times  []time.Duration
}

// PlayGame plays white against black from start until the game's rules
// end it (FMJD: no pieces or moves, and the draw rules of article 6) or
// maxPlies moves have been played (then a draw, "move_limit"). Every move
// is checked by the engine. onMove, if not nil, is told each move's time.
func PlayGame(ctx context.Context, start rules.Position, white, black Chooser, maxPlies int, onMove func(rules.Color, time.Duration)) (*rules.Game, End, error) {
	g := rules.NewGame(start)
	var end End
	for ply := 0; ply < maxPlies; ply++ {
		if o := g.Outcome(); o.Result != rules.Ongoing {
			end.Result, end.Reason = o.Result, o.Reason
			return g, end, nil
		}
		pos := g.Position()
		c := white
		if pos.Turn() == rules.Black {
			c = black
		}
		t0 := time.Now()
		d, err := c.Decide(ctx, pos)
		if err != nil {
			return g, end, fmt.Errorf("%s at ply %d: %w", pos.Turn(), ply, err)
		}
		dt := time.Since(t0)
		end.Times = append(end.Times, dt)
		if onMove != nil {
			onMove(pos.Turn(), dt)
		}
		if err := g.Play(d.Move); err != nil {
			return g, end, fmt.Errorf("%s played %s in %s: %w", pos.Turn(), d.Move, pos.FEN(), err)
		}
	}
	if o := g.Outcome(); o.Result != rules.Ongoing {
		end.Result, end.Reason = o.Result, o.Reason
		return g, end, nil
	}
	end.Result, end.Reason = rules.Draw, "move_limit"
	return g, end, nil
}
