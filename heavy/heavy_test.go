package heavy

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestGuardLimits: past PerSchool of one school, or Total of all, Enter
// refuses with *Busy naming the limit; release frees the slot once, and
// an admitted context carries the budget's deadline.
func TestGuardLimits(t *testing.T) {
	g := New(Config{PerSchool: 1, Total: 2, Budget: time.Hour, RetryAfter: time.Second})
	ctx, ra, err := g.Enter(context.Background(), "a")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ctx.Deadline(); !ok {
		t.Error("no deadline on an admitted context")
	}
	var busy *Busy
	if _, _, err := g.Enter(context.Background(), "a"); !errors.As(err, &busy) || busy.Limit != LimitPerSchool || busy.Max != 1 || busy.RetryAfter() != time.Second {
		t.Errorf("second of a: %v, want %s", err, LimitPerSchool)
	}
	_, rb, err := g.Enter(context.Background(), "b")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Enter(context.Background(), "c"); !errors.As(err, &busy) || busy.Limit != LimitTotal || busy.Max != 2 {
		t.Errorf("c with the total full: %v, want %s", err, LimitTotal)
	}
	ra()
	ra() // a second release frees nothing more
	if a, all := g.Running("a"); a != 0 || all != 1 {
		t.Errorf("after release: %d of a, %d in all, want 0, 1", a, all)
	}
	if ctx.Err() == nil {
		t.Error("released context not ended")
	}
	rb()
	if _, all := g.Running(""); all != 0 {
		t.Errorf("%d running at the end", all)
	}
}
