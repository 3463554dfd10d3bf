package heavy

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestGuardLimits: past PerUser of one caller, PerSchool of one school,
// or Total of all, Enter refuses with *Busy naming the limit; release
// frees the slot once, and an admitted context carries the budget's
// deadline.
func TestGuardLimits(t *testing.T) {
	g := New(Config{PerUser: 1, PerSchool: 2, Total: 3, Budget: time.Hour, RetryAfter: time.Second})
	ctx, ra, err := g.Enter(context.Background(), "a", "a1")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ctx.Deadline(); !ok {
		t.Error("no deadline on an admitted context")
	}
	var busy *Busy
	if _, _, err := g.Enter(context.Background(), "a", "a1"); !errors.As(err, &busy) || busy.Limit != LimitPerUser || busy.Max != 1 || busy.RetryAfter() != time.Second {
		t.Errorf("second of a1: %v, want %s", err, LimitPerUser)
	}
	_, ra2, err := g.Enter(context.Background(), "a", "a2")
	if err != nil {
		t.Fatalf("a2 beside a1: %v", err)
	}
	if _, _, err := g.Enter(context.Background(), "a", "a3"); !errors.As(err, &busy) || busy.Limit != LimitPerSchool || busy.Max != 2 {
		t.Errorf("third of a: %v, want %s", err, LimitPerSchool)
	}
	_, rb, err := g.Enter(context.Background(), "b", "b1")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Enter(context.Background(), "c", "c1"); !errors.As(err, &busy) || busy.Limit != LimitTotal || busy.Max != 3 {
		t.Errorf("c with the total full: %v, want %s", err, LimitTotal)
	}
	ra()
	ra() // a second release frees nothing more
	if a, all := g.Running("a"); a != 1 || all != 2 {
		t.Errorf("after release: %d of a, %d in all, want 1, 2", a, all)
	}
	if ctx.Err() == nil {
		t.Error("released context not ended")
	}
	if _, r, err := g.Enter(context.Background(), "a", "a1"); err != nil {
		t.Errorf("a1 again after its release: %v", err)
	} else {
		r()
	}
	ra2()
	rb()
	if _, all := g.Running(""); all != 0 {
		t.Errorf("%d running at the end", all)
	}
}
