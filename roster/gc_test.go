package roster_test

import (
	"context"
	"runtime/debug"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

// gcStore records the garbage collector's percent while the import reads
// the state.
type gcStore struct {
	roster.Store
	during *int
}

func (s gcStore) InTx(ctx context.Context, f func(tx roster.Store) error) error {
	return s.Store.InTx(ctx, func(tx roster.Store) error { return f(gcStore{tx, s.during}) })
}

func (s gcStore) State(ctx context.Context, schoolIDs []string) (roster.State, error) {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	*s.during = p
	return s.Store.State(ctx, schoolIDs)
}

// TestWorkerGCPercent: a job runs with the worker's GCPercent, and the
// previous setting comes back after it.
func TestWorkerGCPercent(t *testing.T) {
	db := modelstest.SQLite(t)
	during := 0
	im := roster.NewImporter(gcStore{models.NewRosterStore(db), &during}, roster.Config{
		HashPassword: func(s string) (string, error) {
			h, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.MinCost)
			return string(h), err
		},
	})
	ctx := context.Background()
	if _, err := im.Submit(ctx, root, "x.zip", zipped(t, bundle("bulk", messy())), false); err != nil {
		t.Fatal(err)
	}
	w := im.NewWorker(nil)
	w.GCPercent = 37
	before := debug.SetGCPercent(120)
	defer debug.SetGCPercent(before)
	if ran, err := w.RunOne(ctx); !ran || err != nil {
		t.Fatalf("RunOne: ran %v, %v", ran, err)
	}
	if during != 37 {
		t.Errorf("GC percent during the import %d, want 37", during)
	}
	if after := debug.SetGCPercent(before); after != 120 {
		t.Errorf("GC percent after the import %d, want 120 restored", after)
	}
}
