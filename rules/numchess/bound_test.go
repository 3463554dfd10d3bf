package numchess

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// slowFEN packs twelve pieces into row 5 and eight into row 13: a fresh
// G46 engine spends most of a second on its long segments.
const slowFEN = "r:0l5,1l13,2h13,3e5,4c5,5g5,6i13,7c13,8f5,9b5;b:0d5,1h5,2d13,3m5,4f13,5a5,6k5,7e13,8j5,9b13 r 10"

// hangGuard is far above the time a bounded call below may take; it only
// keeps a broken bound from hanging the test run.
const hangGuard = 10 * time.Second

// TestLegalMovesContextGivesUp: on a position that takes a fresh engine
// most of a second, a short deadline comes back as the deadline's error,
// and a context that is already done stops generation before it starts.
func TestLegalMovesContextGivesUp(t *testing.T) {
	pos, err := ParsePosition(slowFEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, count := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
		start := time.Now()
		if count {
			_, err = NewEngine(G46()).MoveCountContext(ctx, pos)
		} else {
			_, err = NewEngine(G46()).LegalMovesContext(ctx, pos)
		}
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("count %v: error %v, want the deadline's", count, err)
		}
		if d := time.Since(start); d > hangGuard {
			t.Errorf("count %v: gave up after %v", count, d)
		}
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	eng := NewEngine(G46())
	eng.LegalMoves(Start())
	if moves, err := eng.LegalMovesContext(done, Start()); moves != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context, warm engine: %d moves, %v", len(moves), err)
	}
	if n, err := eng.MoveCountContext(done, Start()); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context, warm engine: %d moves, %v", n, err)
	}
}

// countdown is a context that becomes done at its n-th look (a call of
// Done or Err): the engine looks at it before each piece and for each
// question it asks the solver, so it stops generation at a chosen point.
type countdown struct {
	context.Context
	left int
	done chan struct{}
}

func newCountdown(n int) *countdown {
	return &countdown{Context: context.Background(), left: n, done: make(chan struct{})}
}

func (c *countdown) tick() {
	if c.left--; c.left == 0 {
		close(c.done)
	}
}

func (c *countdown) Done() <-chan struct{} { c.tick(); return c.done }

func (c *countdown) Err() error {
	c.tick()
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

// TestAbortKeepsEngineExact stops move generation at random points on one
// shared engine per ruleset, then checks that the engine's moves and
// counts on every position equal a fresh engine's.
func TestAbortKeepsEngineExact(t *testing.T) {
	slow, err := ParsePosition(slowFEN)
	if err != nil {
		t.Fatal(err)
	}
	long, err := ParsePosition(longLinesFEN)
	if err != nil {
		t.Fatal(err)
	}
	positions := []Position{Start(), midGame(t, 30), crowded(t), long, slow}
	rulesets := []Ruleset{G23(), G46()}
	if sampled() {
		// A fresh engine needs about a second for the slow position.
		positions, rulesets = positions[:4], rulesets[1:]
	}
	rng := rand.New(rand.NewPCG(80, 2))
	for _, rs := range rulesets {
		t.Run(rs.Name, func(t *testing.T) {
			eng := NewEngine(rs)
			// Generate until at least 40 rounds, a third of them stopped.
			aborts, round := 0, 0
			for ; round < 40 || aborts < round/3; round++ {
				if round >= 400 {
					t.Fatalf("only %d of %d generations were stopped", aborts, round)
				}
				pos := positions[rng.IntN(len(positions))]
				ctx := newCountdown(1 + rng.IntN(1<<rng.IntN(10)))
				var err error
				if rng.IntN(2) == 0 {
					_, err = eng.LegalMovesContext(ctx, pos)
				} else {
					_, err = eng.MoveCountContext(ctx, pos)
				}
				switch {
				case errors.Is(err, context.Canceled):
					aborts++
				case err != nil:
					t.Fatalf("round %d: %v", round, err)
				}
			}
			fresh := NewEngine(rs)
			for _, pos := range positions {
				got, want := movesText(eng.LegalMoves(pos)), movesText(fresh.LegalMoves(pos))
				if !slices.Equal(got, want) {
					t.Errorf("%s: %d moves after aborts, a fresh engine %d", pos, len(got), len(want))
				}
				if n, err := eng.MoveCountContext(context.Background(), pos); err != nil || n != len(want) {
					t.Errorf("%s: MoveCountContext %d %v, want %d", pos, n, err, len(want))
				}
			}
		})
	}
}

func movesText(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
