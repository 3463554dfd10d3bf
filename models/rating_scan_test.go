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

// TestPeriodicPassEndsAtItsStart checks that a range of the periodic pass
// rates what was pending when it started, across windows of creation time
// (attempts a minute apart), and leaves attempts created while it runs to
// the next range: under steady answers a pass that chased the newest
// attempts never ended. A range that found a backlog (a batch or more) is
// followed at once by the next range, which rates the late answer, so the
// ratings are current when the pass ends; after a range of a few answers
// (a trickle) the pass ends and the late answer waits for the next pass.
func TestPeriodicPassEndsAtItsStart(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		batch := models.PassBatchOf(db)
		for _, c := range []struct {
			name          string
			pending       int // at the pass's start, one of them a minute old
			first, second int // rated by the first pass and the next
		}{
			{"backlog", batch + 2, batch + 3, 0},
			{"trickle", 3, 3, 1},
		} {
			t.Run(c.name, func(t *testing.T) {
				exs := ratedBank(t, db, c.pending+1)
				es := models.NewExerciseStore(db)
				user := id()
				old := attempt(user, exs[0], id())
				old.ID = v7At(time.Now().Add(-time.Minute))
				if _, _, err := es.RecordAttempt(ctx, old); err != nil {
					t.Fatal(err)
				}
				for _, ex := range exs[1:c.pending] {
					record(t, es, user, ex, true)
				}
				late := exs[c.pending]
				recorded := false
				ps := models.NewProgressStore(db).Paced(func(context.Context, time.Duration) error {
					if !recorded { // an answer arriving while the pass runs
						// after the range's last millisecond (its end
						// includes the millisecond it started in)
						time.Sleep(3 * time.Millisecond)
						record(t, es, user, late, false)
						recorded = true
					}
					return nil
				})
				if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != c.first {
					t.Fatalf("pass rated %d (%v), want %d", n, err, c.first)
				}
				if !recorded {
					t.Fatal("the pass never rested")
				}
				if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != c.second {
					t.Fatalf("next pass rated %d (%v), want %d", n, err, c.second)
				}
			})
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

// TestPeriodicPassOneAtATime: on PostgreSQL a periodic pass that finds
// another replica's pass running (its advisory lock held elsewhere) rates
// nothing and returns at once; once the lock is free the next pass rates
// everything pending, each attempt once.
func TestPeriodicPassOneAtATime(t *testing.T) {
	db := modelstest.Postgres(t)
	exs := ratedBank(t, db, 5)
	es := models.NewExerciseStore(db)
	user := id()
	for _, ex := range exs {
		record(t, es, user, ex, true)
	}
	other, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := other.Conn(ctx) // the other replica's pass, holding the lock
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", models.RatingPassLock); err != nil {
		t.Fatal(err)
	}
	ps := models.NewProgressStore(db)
	if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != 0 {
		t.Fatalf("pass beside another replica's rated %d (%v), want 0", n, err)
	}
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", models.RatingPassLock); err != nil {
		t.Fatal(err)
	}
	if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != len(exs) {
		t.Fatalf("pass after the other's ended rated %d (%v), want %d", n, err, len(exs))
	}
	var changes int64
	if err := db.Table("rating_changes").Count(&changes).Error; err != nil || changes != int64(len(exs)) {
		t.Fatalf("%d rating changes (%v), want %d", changes, err, len(exs))
	}
}
