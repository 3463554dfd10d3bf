package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"qixue/models"
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

// TestRaterHasItsOwnPool checks that on PostgreSQL the periodic rating
// pass gets a pool of its own, so it never takes a connection requests
// wait for, and that on the embedded database it shares the server's.
func TestRaterHasItsOwnPool(t *testing.T) {
	sqlite := config{DatabaseURL: filepath.Join(t.TempDir(), "r.db")}
	db, err := models.Open(sqlite.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer models.Close(db)
	r, err := openRaterDB(sqlite, db)
	if err != nil || r.db != db {
		t.Fatalf("embedded: got %p (%v), want the server's database %p", r.db, err, db)
	}
	r.close()
	url := os.Getenv("QIXUE_TEST_DATABASE_URL")
	if url == "" {
		t.Skip("QIXUE_TEST_DATABASE_URL not set")
	}
	pg := config{DatabaseURL: url}
	r, err = openRaterDB(pg, db)
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	sqlDB, err := r.db.DB()
	if err != nil {
		t.Fatal(err)
	}
	if got := sqlDB.Stats().MaxOpenConnections; got != raterConns {
		t.Fatalf("rater pool of %d connections, want %d", got, raterConns)
	}
	// pg_stat_activity tells its connection from the requests' ones.
	var app string
	if err := r.db.Raw("SELECT current_setting('application_name')").Scan(&app).Error; err != nil || app != "qixue-rater" {
		t.Errorf("rater connection's application_name %q (%v), want qixue-rater", app, err)
	}
}
