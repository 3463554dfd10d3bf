package models_test

import (
	"encoding/json"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestHintsRecordedWithAttempts opens hints (again and out of order),
// then records attempts on both insert paths: each carries the hints
// opened when it was inserted, and only that student's of that exercise.
func TestHintsRecordedWithAttempts(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		user, other, ex, ex2 := id(), id(), id(), id()
		now := time.Now().UTC()
		first, _, err := s.RecordAttempt(ctx, attempt(user, ex, "k0"))
		if err != nil || first.HintsUsed != 0 {
			t.Fatalf("attempt before hints: %d %v", first.HintsUsed, err)
		}
		for _, step := range []int{1, 1, 2} {
			if _, err := s.OpenHints(ctx, id(), user, ex, step, now); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := s.OpenHints(ctx, id(), other, ex, 3, now); err != nil || n != 3 {
			t.Fatalf("opening step 3 at once: %d %v, want 3", n, err)
		}
		if n, err := s.HintsOpened(ctx, user, ex); err != nil || n != 2 {
			t.Fatalf("opened %d %v, want 2", n, err)
		}
		if n, err := s.HintsOpened(ctx, user, ex2); err != nil || n != 0 {
			t.Fatalf("opened of another exercise %d %v, want 0", n, err)
		}
		a, created, err := s.RecordAttempt(ctx, attempt(user, ex, "k1"))
		if err != nil || !created || a.HintsUsed != 2 || a.Stars() != 0 {
			t.Fatalf("attempt after 2 hints: %+v %v", a, err)
		}
		solved := attempt(user, ex, "k2")
		solved.Outcome = exercises.Correct
		b, created, err := s.RecordAttemptIf(ctx, solved, []time.Time{now.Add(-time.Hour)}, func([]int) error { return nil })
		if err != nil || !created || b.HintsUsed != 2 || b.Stars() != 1 {
			t.Fatalf("limited attempt after 2 hints: %+v %v", b, err)
		}
		list, err := s.Attempts(ctx, exercises.AttemptQuery{UserID: user}, domain.Page{Limit: 10})
		if err != nil || len(list) != 3 {
			t.Fatalf("attempts %d %v", len(list), err)
		}
		for _, got := range list {
			want := 2
			if got.ID == first.ID {
				want = 0
			}
			if got.HintsUsed != want {
				t.Errorf("stored attempt %s: hints %d, want %d", got.IdempotencyKey, got.HintsUsed, want)
			}
		}
		replay, created, err := s.RecordAttempt(ctx, attempt(user, ex, "k1"))
		if err != nil || created || replay.HintsUsed != 2 {
			t.Fatalf("replay: %+v %v", replay, err)
		}
	})
}

// TestBankHintsStored stores an exercise's hints and reads them back; a
// bank without hints keeps its content hash (nothing rewritten).
func TestBankHintsStored(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		ex := choiceExercise("chess/hint-001", "a")
		if _, _, err := s.SyncBank(ctx, []exercises.Exercise{ex}, time.Now()); err != nil {
			t.Fatal(err)
		}
		ex.Hints = []exercises.Hint{{Text: domain.Text{ZH: "看 e4", EN: "Look at e4"}, Squares: []string{"e4"}}}
		if ins, upd, err := s.SyncBank(ctx, []exercises.Exercise{ex}, time.Now()); err != nil || ins != 0 || upd != 1 {
			t.Fatalf("adding a hint: inserted %d updated %d %v", ins, upd, err)
		}
		got, err := s.Exercise(ctx, identity.Scope{}, ex.ID)
		if err != nil || len(got.Hints) != 1 || got.Hints[0].Squares[0] != "e4" || got.Hints[0].Text.EN != "Look at e4" {
			b, _ := json.Marshal(got.Hints)
			t.Fatalf("stored hints %s %v", b, err)
		}
	})
}

// TestProgressCountsHints: the progress rollups carry the hints of the
// first attempt (exercise stats) and of each attempt (recent activity).
func TestProgressCountsHints(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s, ps := models.NewExerciseStore(db), models.NewProgressStore(db)
		ex := choiceExercise("chess/hint-002", "a")
		if _, _, err := s.SyncBank(ctx, []exercises.Exercise{ex}, time.Now()); err != nil {
			t.Fatal(err)
		}
		user := id()
		if _, err := s.OpenHints(ctx, id(), user, ex.ID, 1, time.Now()); err != nil {
			t.Fatal(err)
		}
		solved := attempt(user, ex.ID, "p1")
		solved.Outcome = exercises.Correct
		if _, _, err := s.RecordAttempt(ctx, solved); err != nil {
			t.Fatal(err)
		}
		if _, err := s.OpenHints(ctx, id(), user, ex.ID, 2, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.RecordAttempt(ctx, attempt(user, ex.ID, "p2")); err != nil {
			t.Fatal(err)
		}
		st, err := ps.ExerciseStats(ctx, user, time.Time{})
		if err != nil || len(st) != 1 || st[0].HintsUsed != 1 || !st[0].FirstTry {
			t.Fatalf("exercise stats %+v %v, want the first attempt's 1 hint", st, err)
		}
		recent, err := ps.RecentActivity(ctx, user, time.Time{}, 5)
		if err != nil || len(recent) != 2 || recent[0].HintsUsed != 2 || recent[1].HintsUsed != 1 {
			t.Fatalf("recent activity %+v %v", recent, err)
		}
	})
}
