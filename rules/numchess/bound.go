package numchess

import (
	"context"

	"qixue/rules/numchess/arith"
)

// Move generation under a context (LegalMovesContext, MoveCountContext)
// gives up by panicking with a giveUp deep in the search, recovered at the
// entry point. Every engine cache (value lists, long-segment answers,
// witnesses) is written only after the solver answered in full, and the
// solver's own memo keeps only complete tables (see arith's
// CanMakeContext), so giving up leaves no partial entry behind.

// giveUp is the panic value with which a bounded move generation stops.
type giveUp struct{ err error }

// bounded runs f and returns the context's error if f gave up.
func bounded(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			g, ok := r.(giveUp)
			if !ok {
				panic(r)
			}
			err = g.err
		}
	}()
	f()
	return nil
}

// stopOn gives up with err unless it is nil.
func stopOn(err error) {
	if err != nil {
		panic(giveUp{err})
	}
}

// The solver's questions, giving up when ctx is done.

func (e *Engine) solverReachable(ctx context.Context, nums []int) []arith.Rat {
	vals, err := e.solver.ReachableContext(ctx, nums)
	stopOn(err)
	return vals
}

func (e *Engine) solverCanMake(ctx context.Context, nums []int, v arith.Rat) bool {
	ok, err := e.solver.CanMakeContext(ctx, nums, v)
	stopOn(err)
	return ok
}

func (e *Engine) solverMeet(ctx context.Context, nums []int, vals []arith.Rat) []bool {
	made, err := e.solver.MeetContext(ctx, nums, vals)
	stopOn(err)
	return made
}

func (e *Engine) solverSolve(ctx context.Context, nums []int, v arith.Rat) *arith.Expr {
	x, _, err := e.solver.SolveContext(ctx, nums, v)
	stopOn(err)
	return x
}
