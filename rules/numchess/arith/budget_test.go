package arith

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// hardDigits are the first n of 9, 8, 7, ..., 1, 9, 8, ...: the measured
// slow cases (CanMake over 12 of them and 1000003 runs for more than 20 s
// without a deadline).
func hardDigits(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 9 - i%9
	}
	return out
}

// hangGuard is far above the time any bounded call below may take; it
// only keeps a broken budget from hanging the test run.
const hangGuard = 10 * time.Second

// TestContextGivesUp: each question that takes seconds without a bound
// comes back with the context's error soon after a short deadline.
func TestContextGivesUp(t *testing.T) {
	cases := []struct {
		name string
		call func(ctx context.Context, s *Solver) error
	}{
		{"CanMake 12 digits", func(ctx context.Context, s *Solver) error {
			_, err := s.CanMakeContext(ctx, hardDigits(12), Int(1000003))
			return err
		}},
		{"CanMake 15 digits", func(ctx context.Context, s *Solver) error {
			_, err := s.CanMakeContext(ctx, hardDigits(MaxOperands), Int(7))
			return err
		}},
		{"Solve 15 digits", func(ctx context.Context, s *Solver) error {
			_, _, err := s.SolveContext(ctx, hardDigits(MaxOperands), Int(1000003))
			return err
		}},
		{"Reachable 9 digits", func(ctx context.Context, s *Solver) error {
			_, err := s.ReachableContext(ctx, hardDigits(9))
			return err
		}},
		{"Meet 12 digits", func(ctx context.Context, s *Solver) error {
			_, err := s.MeetContext(ctx, hardDigits(12), []Rat{Int(1000003), Int(1000033), {1, 1000003}})
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			err := c.call(ctx, NewSolver(G46()))
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("error %v, want the deadline's", err)
			}
			if d := time.Since(start); d > hangGuard {
				t.Errorf("gave up after %v", d)
			}
		})
	}
}

// TestContextDone: a context that is already done stops every question
// before it starts, and one that is never done answers as the unbounded
// methods do.
func TestContextDone(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSolver(G46())
	if ok, err := s.CanMakeContext(done, []int{1, 2}, Int(3)); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("CanMakeContext on a cancelled context: %v %v", ok, err)
	}
	if x, ok, err := s.SolveContext(done, []int{1, 2}, Int(3)); x != nil || ok || !errors.Is(err, context.Canceled) {
		t.Errorf("SolveContext on a cancelled context: %v %v %v", x, ok, err)
	}
	if v, err := s.ReachableContext(done, []int{1, 2}); v != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("ReachableContext on a cancelled context: %v %v", v, err)
	}
	if v, err := s.MeetContext(done, []int{1, 2}, []Rat{Int(3)}); v != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("MeetContext on a cancelled context: %v %v", v, err)
	}

	live, stop := context.WithTimeout(context.Background(), time.Hour)
	defer stop()
	ds := []int{9, 7, 4, 4, 2, 1}
	vals := []Rat{Int(0), Int(7), Int(1000), {3, 7}, Int(-20)}
	made, err := s.MeetContext(live, ds, vals)
	if err != nil || !slices.Equal(made, s.Meet(ds, vals)) {
		t.Errorf("MeetContext %v %v, Meet %v", made, err, s.Meet(ds, vals))
	}
	for i, v := range vals {
		ok, err := s.CanMakeContext(live, ds, v)
		if err != nil || ok != made[i] {
			t.Errorf("CanMakeContext %v → %v: %v %v, want %v", ds, v, ok, err, made[i])
		}
		x, ok, err := s.SolveContext(live, ds, v)
		y, okY := s.Solve(ds, v)
		if err != nil || ok != okY || (ok && x.String() != y.String()) {
			t.Errorf("SolveContext %v → %v: %v %v %v, Solve %v %v", ds, v, x, ok, err, y, okY)
		}
	}
	r, err := s.ReachableContext(live, ds[:4])
	if err != nil || !slices.Equal(r, s.Reachable(ds[:4])) {
		t.Errorf("ReachableContext %v: %d values, %v", ds[:4], len(r), err)
	}
}

// abortAfter runs f with a budget that gives up after about n units of
// work (at its first look at the context, which is already done), and
// reports whether it gave up.
func abortAfter(n int, f func(b *budget)) (aborted bool) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := &budget{ctx: ctx, done: ctx.Done(), work: checkEvery - n}
	defer func() {
		if r := recover(); r != nil {
			if a, ok := r.(abort); ok && a.b == b {
				aborted = true
				return
			}
			panic(r)
		}
	}()
	f(b)
	return false
}

// TestAbortKeepsMemoExact aborts many questions at random points on
// shared solvers (one per band, and one with whole tables only for single
// digits so that searches do the work), then checks that every table and
// flat value set left in their memos equals a fresh solver's, and that
// every question, asked again to completion, gets a fresh solver's answer.
func TestAbortKeepsMemoExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 46))
	rounds := 60
	if sampled() {
		rounds = 20
	}
	type question struct {
		ds   []int
		v    Rat
		kind int // 0 CanMake, 1 Solve, 2 Reachable, 3 Meet
	}
	for _, r := range bands() {
		for _, tables := range []int{tableMax, 1} {
			t.Run(fmt.Sprintf("%s/tables=%d", r.Name, tables), func(t *testing.T) {
				s := NewSolver(r)
				for _, tr := range s.tiers {
					tr.tableMax = tables
				}
				var asked []question
				aborts := 0
				// Ask until at least half the questions asked were aborted.
				for round := 0; round < rounds || aborts < len(asked)/2; round++ {
					if round >= 10*rounds {
						t.Fatalf("only %d of %d questions were aborted", aborts, len(asked))
					}
					n := 3 + rng.IntN(5)
					if tables == 1 {
						n = 3 + rng.IntN(4) // top-down Solve over seven digits is slow
					}
					q := question{ds: make([]int, n), v: Int(int64(rng.IntN(60) - 10)), kind: rng.IntN(4)}
					for i := range q.ds {
						q.ds[i] = rng.IntN(10)
					}
					if q.kind == 2 {
						q.ds = q.ds[:min(n, 5)]
					}
					if rng.IntN(4) == 0 {
						q.v = Rat{int64(rng.IntN(40) - 10), int64(2 + rng.IntN(5))}
						q.v, _ = NewRat(q.v.Num, q.v.Den)
					}
					asked = append(asked, q)
					work := 1 + rng.IntN(1<<rng.IntN(17))
					if abortAfter(work, func(b *budget) {
						switch q.kind {
						case 0:
							s.canMake(q.ds, q.v, b)
						case 1:
							s.solve(q.ds, q.v, b)
						case 2:
							s.reachable(q.ds, b)
						case 3:
							s.meet(q.ds, []Rat{q.v, Int(q.v.Num + 1), Int(-q.v.Num)}, b)
						}
					}) {
						aborts++
					}
				}
				fresh := NewSolver(r)
				for i, tr := range s.tiers {
					ft := fresh.tiers[i]
					ft.tableMax = tables
					for key, tb := range tr.memo {
						want := ft.get(key, nil)
						if !slices.Equal(tb.vals, want.vals) || !slices.Equal(tb.cost, want.cost) || !slices.Equal(tb.ctx, want.ctx) {
							t.Errorf("tier %d: the table of %x (%d values) differs from a fresh one (%d values)", i, key, len(tb.vals), len(want.vals))
						}
					}
					for key, vs := range tr.flatMemo {
						want := ft.flatValues(key, nil)
						if len(vs) != len(want) {
							t.Errorf("tier %d: the flat values of %x: %d, fresh %d", i, key, len(vs), len(want))
						}
						for v := range vs {
							if !want[v] {
								t.Errorf("tier %d: the flat values of %x hold %d", i, key, v)
							}
						}
					}
				}
				fresh = NewSolver(r)
				for _, tr := range fresh.tiers {
					tr.tableMax = tables
				}
				for _, q := range asked {
					vals := []Rat{q.v, Int(q.v.Num + 1), Int(-q.v.Num)}
					if got, want := s.CanMake(q.ds, q.v), fresh.CanMake(q.ds, q.v); got != want {
						t.Errorf("CanMake %v → %v: %v, fresh %v", q.ds, q.v, got, want)
					}
					if got, want := s.Meet(q.ds, vals), fresh.Meet(q.ds, vals); !slices.Equal(got, want) {
						t.Errorf("Meet %v %v: %v, fresh %v", q.ds, vals, got, want)
					}
					x, okX := s.Solve(q.ds, q.v)
					y, okY := fresh.Solve(q.ds, q.v)
					if okX != okY || (okX && x.String() != y.String()) {
						t.Errorf("Solve %v → %v: %v %v, fresh %v %v", q.ds, q.v, x, okX, y, okY)
					}
					if q.kind == 2 && !slices.Equal(s.Reachable(q.ds), fresh.Reachable(q.ds)) {
						t.Errorf("Reachable %v differs from a fresh solver's", q.ds)
					}
				}
			})
		}
	}
}
