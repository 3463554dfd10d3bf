package models_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

// TestPeriodicPassWritesInSmallBatches checks that the periodic rating
// pass rates a backlog in short write transactions of at most
// models.PassBatchOf attempts and rests between them, so that answers
// (whose inserts share the one writer on SQLite) never wait long behind
// it. Before, the pass wrote 500 attempts per transaction, back to back.
func TestPeriodicPassWritesInSmallBatches(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, 10)
		es := models.NewExerciseStore(db)
		batch := models.PassBatchOf(db)
		students := 2*batch/len(exs) + 5 // two and a half batches
		for range students {
			user := id()
			for i, ex := range exs {
				record(t, es, user, ex, i%3 == 0)
			}
		}
		var mu sync.Mutex
		var writes []int64 // rating changes per INSERT
		err := db.Callback().Create().After("gorm:create").Register("test:count_changes", func(d *gorm.DB) {
			if d.Statement.Table == "rating_changes" {
				mu.Lock()
				writes = append(writes, d.Statement.RowsAffected)
				mu.Unlock()
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Callback().Create().Remove("test:count_changes") })
		var rests []time.Duration
		ps := models.NewProgressStore(db).Paced(func(_ context.Context, busy time.Duration) error {
			rests = append(rests, busy)
			return nil
		})
		n, err := ps.RatePending(ctx, "", time.Now().UTC())
		if err != nil || n != students*len(exs) {
			t.Fatalf("rated %d (%v), want %d", n, err, students*len(exs))
		}
		var sum int64
		for _, w := range writes {
			if w > int64(batch) {
				t.Errorf("one write rated %d attempts, want at most %d", w, batch)
			}
			sum += w
		}
		if sum != int64(n) {
			t.Errorf("writes %v add up to %d, want %d", writes, sum, n)
		}
		if len(rests) < n/batch {
			t.Errorf("rested %d times between batches, want %d", len(rests), n/batch)
		}
		// A student's own pass is not paced, and finds nothing left.
		if m, err := ps.RatePending(ctx, id(), time.Now().UTC()); err != nil || m != 0 {
			t.Fatalf("student pass rated %d (%v)", m, err)
		}
	})
}
