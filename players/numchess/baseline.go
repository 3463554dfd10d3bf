package numchess

import (
	"context"
	"math/rand/v2"

	rules "qixue/rules/numchess"
)

// Chooser decides an action for the side to move: a Player, or one of the
// baselines Greedy and Random that the match runners measure it against.
type Chooser interface {
	Decide(ctx context.Context, pos rules.Position) (Decision, error)
}

// Greedy is the one-move greedy player: it calls stop when that wins, and
// otherwise plays the move that goes furthest toward the opponent's camp
// (rows gained), then the one that scores most, ties broken by its seed.
type Greedy struct {
	rs   rules.Ruleset
	eng  *rules.Engine
	seed uint64
}

// NewGreedy returns the greedy player for rs.
func NewGreedy(rs rules.Ruleset, seed uint64) *Greedy {
	return &Greedy{rs: rs, eng: rules.SharedEngine(rs), seed: seed}
}

// Decide implements Chooser.
func (g *Greedy) Decide(ctx context.Context, pos rules.Position) (Decision, error) {
	side := pos.Turn()
	if pos.CanCallStop(side) && stopValue(g.rs, &pos, 0) > 0 {
		return Decision{Stop: true}, nil
	}
	reaches, err := g.eng.Reaches(ctx, pos, nil)
	if err != nil {
		return Decision{}, err
	}
	if len(reaches) == 0 {
		if pos.CanCallStop(side) {
			return Decision{Stop: true}, nil
		}
		return Decision{}, ErrNoMove
	}
	key := pos.Key()
	best, bestGain, bestScore, bestTie := -1, 0, 0, uint64(0)
	for i, r := range reaches {
		gain := r.To.Row() - r.From.Row()
		if side == rules.Blue {
			gain = -gain
		}
		after := r.After(pos)
		score := after.Score(side, g.rs.Scoring)
		tie := hash64(g.seed ^ key ^ uint64(i)*0x100000001B3)
		if best < 0 || gain > bestGain || gain == bestGain && (score > bestScore || score == bestScore && tie > bestTie) {
			best, bestGain, bestScore, bestTie = i, gain, score, tie
		}
	}
	m, _, err := g.eng.Witness(ctx, pos, reaches[best])
	if err != nil {
		return Decision{}, err
	}
	return Decision{Move: m, Nodes: 1, Depth: 1}, nil
}

// Random plays a uniformly random legal move, and calls stop when that
// wins (else it would never end a game).
type Random struct {
	rs  rules.Ruleset
	eng *rules.Engine
	rng *rand.Rand
}

// NewRandom returns the random player for rs.
func NewRandom(rs rules.Ruleset, seed uint64) *Random {
	return &Random{rs: rs, eng: rules.SharedEngine(rs), rng: rand.New(rand.NewPCG(seed, 0x7a4d))}
}

// Decide implements Chooser.
func (r *Random) Decide(ctx context.Context, pos rules.Position) (Decision, error) {
	if pos.CanCallStop(pos.Turn()) && stopValue(r.rs, &pos, 0) > 0 {
		return Decision{Stop: true}, nil
	}
	reaches, err := r.eng.Reaches(ctx, pos, nil)
	if err != nil {
		return Decision{}, err
	}
	if len(reaches) == 0 {
		return Decision{}, ErrNoMove
	}
	m, _, err := r.eng.Witness(ctx, pos, reaches[r.rng.IntN(len(reaches))])
	if err != nil {
		return Decision{}, err
	}
	return Decision{Move: m}, nil
}
