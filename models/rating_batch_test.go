package models_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/progress"
)

// TestPeriodicPassMatchesSequentialAfterCrash checks the batched periodic
// pass against a sequential application of the same games: two and a half
// batches of first attempts (each student and each puzzle in many games of
// every batch) are rated by a pass that fails after its second batch's
// rating writes and before the sequence number is written, in the same
// transaction (its first batch kept), and then by a second pass. Every attempt is rated once
// (one rating change each, each student's and puzzle's game count equal
// to its attempts) and the final ratings are those of applying
// progress.RatePuzzle attempt by attempt in attempt order from the
// defaults, within 1e-9.
func TestPeriodicPassMatchesSequentialAfterCrash(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, 20)
		es := models.NewExerciseStore(db)
		batch := models.PassBatchOf(db)
		var list []exercises.Attempt
		var users []string
		for s := range 2*batch/len(exs) + len(exs)/2 {
			user := id()
			users = append(users, user)
			for i, ex := range exs {
				list = append(list, record(t, es, user, ex, (i*7+s*3)%5 < 2))
			}
		}
		updates := 0
		crash := errors.New("injected crash")
		err := db.Callback().Update().After("gorm:update").Register("test:crash", func(d *gorm.DB) {
			if d.Statement.Table == "rating_state" {
				if updates++; updates == 2 {
					d.AddError(crash)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Callback().Update().Remove("test:crash") })
		ps := models.NewProgressStore(db).Paced(func(context.Context, time.Duration) error { return nil })
		n, err := ps.RatePending(ctx, "", time.Now().UTC())
		// The pass walks the attempts in windows of their creation time
		// as well as in batches, so how many its first batch holds
		// depends on how fast they were recorded (fewer on a loaded
		// machine): what is fixed is that the first batch was kept and the
		// crash came before the pass ended.
		if !errors.Is(err, crash) || n <= 0 || n > batch || n >= len(list) {
			t.Fatalf("crashed pass rated %d (%v), want one batch (1 to %d of %d) and the injected crash", n, err, batch, len(list))
		}
		m, err := ps.RatePending(ctx, "", time.Now().UTC())
		if err != nil || n+m != len(list) {
			t.Fatalf("second pass rated %d (%v), want %d", m, err, len(list)-n)
		}
		var changes int64
		if err := db.Table("rating_changes").Count(&changes).Error; err != nil || changes != int64(len(list)) {
			t.Fatalf("%d rating changes (%v), want one for each of the %d attempts", changes, err, len(list))
		}

		// The same games applied one at a time, in attempt order.
		slices.SortFunc(list, func(a, b exercises.Attempt) int {
			if a.ID < b.ID {
				return -1
			}
			return 1
		})
		students, puzzles := map[string]progress.Rating{}, map[string]progress.Rating{}
		for _, a := range list {
			st, ok := students[a.UserID]
			if !ok {
				st = progress.NewRating()
			}
			pz, ok := puzzles[a.ExerciseID]
			if !ok {
				pz = progress.NewRating()
			}
			students[a.UserID], puzzles[a.ExerciseID] = progress.RatePuzzle(st, pz, a.Outcome == exercises.Correct)
		}
		for _, u := range users {
			got, err := ps.StudentRatings(ctx, u)
			if err != nil || len(got) != 1 || got[0].Games != len(exs) {
				t.Fatalf("student %s: %+v (%v), want one game's rating of %d games", u, got, err, len(exs))
			}
			near(t, "student "+u, got[0].Rating, students[u])
		}
		for _, ex := range exs {
			got, games, err := ps.ExerciseRating(ctx, ex)
			if err != nil || games != len(users) {
				t.Fatalf("puzzle %s: %d games (%v), want %d", ex, games, err, len(users))
			}
			near(t, "puzzle "+ex, got, puzzles[ex])
		}
	})
}

// near fails t unless got and want agree within 1e-9 in each part.
func near(t *testing.T, what string, got, want progress.Rating) {
	t.Helper()
	if math.Abs(got.Rating-want.Rating) > 1e-9 || math.Abs(got.Deviation-want.Deviation) > 1e-9 ||
		math.Abs(got.Volatility-want.Volatility) > 1e-9 {
		t.Errorf("%s: rated %+v, sequentially %+v", what, got, want)
	}
}
