package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"qixue/progress"
)

// countingRatings is a progress.Store that counts RatePending calls for
// every user.
type countingRatings struct {
	progress.Store
	calls atomic.Int32
}

func (c *countingRatings) RatePending(_ context.Context, userID string, _ time.Time) (int, error) {
	if userID == "" {
		c.calls.Add(1)
	}
	return 1, nil
}

func TestStartRaterRunsUntilStopped(t *testing.T) {
	store := &countingRatings{}
	svc := progress.NewService(store, nil, nil, nil)
	stop := startRater(context.Background(), svc, 5*time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
	deadline := time.Now().Add(5 * time.Second)
	for store.calls.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	n := store.calls.Load()
	if n < 2 {
		t.Fatalf("%d passes, want at least 2", n)
	}
	time.Sleep(20 * time.Millisecond)
	if store.calls.Load() != n {
		t.Fatal("passes after stop")
	}
}

func TestRatingsRebuildCommand(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", filepath.Join(t.TempDir(), "ratings.db"))
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"ratings", "rebuild"}, nil, &out, &errOut); err != nil {
		t.Fatalf("rebuild: %v %s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "rated 0 first attempts") {
		t.Fatalf("output %q", out.String())
	}
	if err := run(context.Background(), []string{"ratings"}, nil, &out, &errOut); err == nil {
		t.Fatal("ratings without rebuild succeeded")
	}
}
