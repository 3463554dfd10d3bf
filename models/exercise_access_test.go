package models_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"qixue/assignments"
	"qixue/exercises"
	"qixue/lessons"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"

	"gorm.io/gorm"
)

// TestGrantsAndLimits checks which assignments apply to a student's work
// on an exercise, from when they count attempts, the snapshot of limited
// exercises, and the serialized limited insert.
func TestGrantsAndLimits(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		f := newAssignmentFixture(t, db)
		as := models.NewAssignmentStore(db)
		fresh := models.NewExerciseStore(db, models.WithLimitsTTL(0))
		cached := models.NewExerciseStore(db, models.WithLimitsTTL(time.Hour))
		t0 := f.t0
		create := func(a assignments.Assignment) assignments.Assignment {
			t.Helper()
			a.ID, a.SchoolID, a.ClassID, a.CreatedBy, a.DueAt, a.UpdatedAt = id(), f.school, f.class, f.teacher, t0.AddDate(0, 0, 7), a.CreatedAt
			if err := as.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
			return a
		}
		item := func(id string) []assignments.Item {
			return []assignments.Item{{Kind: assignments.ExerciseItem, ID: id}}
		}
		a1 := create(assignments.Assignment{Title: "limited", Items: item(f.e1), AttemptsAllowed: 2, CreatedAt: t0.AddDate(0, 0, -5)})
		a2 := create(assignments.Assignment{Title: "chosen", Items: item(f.e2), StudentIDs: []string{f.s2},
			OpensAt: t0.Add(time.Hour), CreatedAt: t0.AddDate(0, 0, -1)})
		create(assignments.Assignment{Title: "withdrawn", Items: item(f.e2), AttemptsAllowed: 1, CreatedAt: t0, WithdrawnAt: t0})
		later := t0.Add(2 * time.Hour)

		for _, tc := range []struct {
			name, user, exercise string
			now                  time.Time
			want                 []exercises.Grant
		}{
			{"since creation", f.s1, f.e1, later, []exercises.Grant{{AssignmentID: a1.ID, Title: "limited", AttemptsAllowed: 2, Since: t0.AddDate(0, 0, -5)}}},
			{"since joining", f.s2, f.e1, later, []exercises.Grant{{AssignmentID: a1.ID, Title: "limited", AttemptsAllowed: 2, Since: t0}}},
			{"not chosen", f.s1, f.e2, later, nil},
			{"chosen, since opening", f.s2, f.e2, later, []exercises.Grant{{AssignmentID: a2.ID, Title: "chosen", Since: t0.Add(time.Hour)}}},
			{"not open yet", f.s2, f.e2, t0.Add(30 * time.Minute), nil},
		} {
			got, err := fresh.Grants(ctx, f.school, tc.user, tc.exercise, tc.now)
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				got[i].Since = got[i].Since.UTC()
			}
			if !slices.EqualFunc(got, tc.want, func(a, b exercises.Grant) bool {
				return a.AssignmentID == b.AssignmentID && a.Title == b.Title && a.AttemptsAllowed == b.AttemptsAllowed && a.Since.Equal(b.Since)
			}) {
				t.Errorf("%s: grants %+v, want %+v", tc.name, got, tc.want)
			}
		}
		if got, err := fresh.Grants(ctx, id(), f.s1, f.e1, later); err != nil || len(got) != 0 {
			t.Errorf("another school's grants: %v %v", got, err)
		}
		got, err := fresh.AssignedExercises(ctx, f.school, f.s2, later)
		if want := slices.Sorted(slices.Values([]string{f.e1, f.e2})); err != nil || !slices.Equal(got, want) {
			t.Errorf("assigned to s2: %v %v, want %v", got, err, want)
		}

		// The snapshot: e1 is limited, e2 only in an unlimited or a
		// withdrawn assignment. A lesson item that holds e2 makes it
		// limited; a cached snapshot sees it only after its TTL.
		for _, s := range []*models.ExerciseStore{fresh, cached} {
			if lim, err := s.MayBeLimited(ctx, f.school, f.e1); err != nil || !lim {
				t.Errorf("e1 limited: %v %v", lim, err)
			}
			if lim, err := s.MayBeLimited(ctx, f.school, f.e2); err != nil || lim {
				t.Errorf("e2 limited: %v %v", lim, err)
			}
		}
		les := lessons.Curriculum{ID: "test-limits", Version: 1, Game: game.Chess, Band: exercises.K1,
			Units: []lessons.Unit{{ID: "test-limits-u", Lessons: []lessons.Lesson{{ID: "test-limits-l", Minutes: 5,
				Blocks: []lessons.Block{{Type: lessons.BlockExercise, Exercise: "chess/as-2"}}}}}}}
		if _, err := models.NewLessonStore(db).SyncBuiltIn(ctx, []lessons.Curriculum{les}, t0); err != nil {
			t.Fatal(err)
		}
		a4 := create(assignments.Assignment{Title: "lesson", AttemptsAllowed: 1, CreatedAt: t0,
			Items: []assignments.Item{{Kind: assignments.LessonItem, ID: "test-limits-l"}}})
		if lim, _ := fresh.MayBeLimited(ctx, f.school, f.e2); !lim {
			t.Error("e2 not limited through a lesson item")
		}
		if lim, _ := cached.MayBeLimited(ctx, f.school, f.e2); lim {
			t.Error("the cached snapshot was read again before its TTL")
		}
		if lim, _ := fresh.MayBeLimited(ctx, id(), f.e1); lim {
			t.Error("e1 limited in another school")
		}
		if got, _ := fresh.Grants(ctx, f.school, f.s1, f.e2, later); len(got) != 1 || got[0].AssignmentID != a4.ID {
			t.Errorf("grants through a lesson item: %+v", got)
		}

		// Counting since each time, and the limited insert.
		for _, at := range []time.Time{t0.AddDate(0, 0, -6), t0.AddDate(0, 0, -1), t0.Add(time.Hour)} {
			f.attempt(t, db, f.s1, f.e1, false, at)
		}
		counts, err := fresh.AttemptsSince(ctx, f.s1, f.e1, []time.Time{t0.AddDate(0, 0, -5), t0})
		if err != nil || !slices.Equal(counts, []int{2, 1}) {
			t.Errorf("counts %v %v, want [2 1]", counts, err)
		}
		refused := errors.New("refused")
		atMost := func(n int) func([]int) error {
			return func(c []int) error {
				if c[0] >= n {
					return refused
				}
				return nil
			}
		}
		try := exercises.Attempt{ID: id(), SchoolID: f.school, UserID: f.s1, ExerciseID: f.e1, Outcome: exercises.Wrong,
			IdempotencyKey: "k1", RequestHash: "h", CreatedAt: later}
		if _, created, err := fresh.RecordAttemptIf(ctx, try, []time.Time{t0}, atMost(2)); err != nil || !created {
			t.Fatalf("second since t0: created %v, %v", created, err)
		}
		again := try
		again.ID, again.IdempotencyKey = id(), "k2"
		if _, _, err := fresh.RecordAttemptIf(ctx, again, []time.Time{t0}, atMost(2)); !errors.Is(err, refused) {
			t.Errorf("third since t0: %v, want refused", err)
		}
		replay := try
		replay.ID = id()
		if stored, created, err := fresh.RecordAttemptIf(ctx, replay, []time.Time{t0}, atMost(2)); err != nil || created || stored.ID != try.ID {
			t.Errorf("replay: %+v %v %v", stored, created, err)
		}
		if counts, _ := fresh.AttemptsSince(ctx, f.s1, f.e1, []time.Time{t0}); !slices.Equal(counts, []int{2}) {
			t.Errorf("counts after the limited inserts %v, want [2]", counts)
		}
	})
}
