package identity_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"qixue/identity"
)

func TestHashSlots(t *testing.T) {
	ctx := context.Background()
	slots := identity.NewHashSlots(2)
	for range 2 {
		if err := slots.Acquire(ctx, time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	err := slots.Acquire(ctx, 30*time.Millisecond)
	if !errors.Is(err, identity.ErrBusy) {
		t.Fatalf("third slot: %v, want ErrBusy", err)
	}
	if waited := time.Since(start); waited < 30*time.Millisecond {
		t.Errorf("gave up after %v, want the 30ms wait", waited)
	}
	var w interface{ RetryAfter() time.Duration }
	if !errors.As(err, &w) || w.RetryAfter() <= 0 {
		t.Errorf("ErrBusy without Retry-After: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := slots.Acquire(cancelled, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled wait: %v", err)
	}
	done := make(chan error)
	go func() { done <- slots.Acquire(ctx, 0) }() // waits without bound
	time.Sleep(10 * time.Millisecond)
	slots.Release()
	if err := <-done; err != nil {
		t.Errorf("slot freed while waiting: %v", err)
	}
	if n := identity.NewHashSlots(0); n.Acquire(ctx, time.Millisecond) != nil {
		t.Error("NewHashSlots(0) has no slot")
	}
	if identity.DefaultHashSlots() < 1 {
		t.Error("DefaultHashSlots < 1")
	}
}
