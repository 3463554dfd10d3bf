package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

// TestPeriodicPassReadsOnlyNewAttempts checks the periodic rating pass's
// search bound: after a pass, an attempt whose ID is older than the bound
// (one created more than the margin before that pass) is left to the
// student's own pass, while new attempts are rated by the next periodic
// pass.
func TestPeriodicPassReadsOnlyNewAttempts(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, 3)
		es, ps := models.NewExerciseStore(db), models.NewProgressStore(db)
		user, now := id(), time.Now().UTC()
		record(t, es, user, exs[0], true)
		if n, err := ps.RatePending(ctx, "", now); err != nil || n != 1 {
			t.Fatalf("first pass rated %d (%v), want 1", n, err)
		}
		// An attempt with an ID from an hour ago, as if committed that
		// late: below the bound, so the periodic pass does not see it.
		old := attempt(user, exs[1], id())
		old.ID = v7At(time.Now().Add(-time.Hour))
		if _, _, err := es.RecordAttempt(ctx, old); err != nil {
			t.Fatal(err)
		}
		record(t, es, user, exs[2], false)
		if n, err := ps.RatePending(ctx, "", now); err != nil || n != 1 {
			t.Fatalf("second pass rated %d (%v), want only the new attempt", n, err)
		}
		if n, err := ps.RatePending(ctx, user, now); err != nil || n != 1 {
			t.Fatalf("the student's pass rated %d (%v), want the old attempt", n, err)
		}
		if n, err := ps.RatePending(ctx, "", now); err != nil || n != 0 {
			t.Fatalf("third pass rated %d (%v), want 0", n, err)
		}
	})
}

// v7At returns a UUIDv7 of the millisecond of t.
func v7At(t time.Time) string {
	u := uuid.Must(uuid.NewV7())
	ms := uint64(t.UnixMilli())
	for i := range 6 {
		u[i] = byte(ms >> (40 - 8*i))
	}
	return u.String()
}

// TestPeriodicPassEndsAtItsStart checks that the periodic pass rates what
// was pending when it started, across windows of creation time (attempts
// a minute apart), and leaves attempts created while it runs to the next
// pass instead of chasing them: under steady answers a pass that chased
// the newest attempts never ended.
func TestPeriodicPassEndsAtItsStart(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, models.PassBatchOf(db)+3)
		es := models.NewExerciseStore(db)
		user := id()
		// One attempt a minute old, the rest new: more than a batch.
		old := attempt(user, exs[0], id())
		old.ID = v7At(time.Now().Add(-time.Minute))
		if _, _, err := es.RecordAttempt(ctx, old); err != nil {
			t.Fatal(err)
		}
		for _, ex := range exs[1 : models.PassBatchOf(db)+2] {
			record(t, es, user, ex, true)
		}
		late := exs[models.PassBatchOf(db)+2]
		recorded := false
		ps := models.NewProgressStore(db).Paced(func(context.Context, time.Duration) error {
			if !recorded { // an answer arriving while the pass runs
				record(t, es, user, late, false)
				recorded = true
			}
			return nil
		})
		if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != models.PassBatchOf(db)+2 {
			t.Fatalf("pass rated %d (%v), want the %d attempts pending at its start", n, err, models.PassBatchOf(db)+2)
		}
		if !recorded {
			t.Fatal("the pass never rested")
		}
		if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != 1 {
			t.Fatalf("next pass rated %d (%v), want the one that came during the first", n, err)
		}
	})
}

// TestPeriodicPassSkipsQuietTime checks that the periodic pass steps over
// a long time without answers (a server stopped for the holidays) in one
// step instead of one query per window of creation time: an attempt a
// month old and one from now are both rated, in a handful of queries.
func TestPeriodicPassSkipsQuietTime(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, 2)
		es := models.NewExerciseStore(db)
		user := id()
		old := attempt(user, exs[0], id())
		old.ID = v7At(time.Now().Add(-30 * 24 * time.Hour))
		if _, _, err := es.RecordAttempt(ctx, old); err != nil {
			t.Fatal(err)
		}
		record(t, es, user, exs[1], true)
		queries := 0
		ps := models.NewProgressStore(db).Paced(func(context.Context, time.Duration) error {
			queries++
			return nil
		})
		if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != 2 {
			t.Fatalf("pass rated %d (%v), want both attempts", n, err)
		}
		if queries > 4 {
			t.Errorf("the pass took %d queries over a quiet month, want a handful", queries)
		}
	})
}
