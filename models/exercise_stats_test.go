package models_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
)

// statLine is one rollup row (or its recount) in a comparable form.
type statLine struct {
	User, Exercise, School string
	First, Last, Solved    string
	Attempts               int
}

func statString(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case time.Time:
		return t.UTC().Format(time.RFC3339Nano)
	case string:
		for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999"} {
			if p, err := time.Parse(layout, t); err == nil {
				return p.UTC().Format(time.RFC3339Nano)
			}
		}
		return t
	}
	return fmt.Sprint(v)
}

// readStats runs q (user, exercise, school, first, last, attempts,
// solved) and returns its rows sorted.
func readStats(t *testing.T, db *gorm.DB, q string) []statLine {
	t.Helper()
	rows, err := db.Raw(q).Rows()
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []statLine
	for rows.Next() {
		var (
			l                   statLine
			first, last, solved any
			user, exercise, sch string
		)
		if err := rows.Scan(&user, &exercise, &sch, &first, &last, &l.Attempts, &solved); err != nil {
			t.Fatal(err)
		}
		l.User, l.Exercise, l.School = user, exercise, sch
		l.First, l.Last, l.Solved = statString(first), statString(last), statString(solved)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(out, func(a, b statLine) int {
		return strings.Compare(a.User+a.Exercise, b.User+b.Exercise)
	})
	return out
}

// checkStatsRecount fails unless student_exercise_stats equals a recount
// of the attempts.
func checkStatsRecount(t *testing.T, db *gorm.DB) int {
	t.Helper()
	got := readStats(t, db, "SELECT user_id, exercise_id, school_id, first_at, last_at, attempts, solved_at FROM student_exercise_stats")
	want := readStats(t, db, `SELECT user_id, exercise_id, MIN(school_id), MIN(created_at), MAX(created_at), COUNT(*),
 MIN(CASE WHEN outcome = 'correct' THEN created_at END) FROM attempts GROUP BY user_id, exercise_id`)
	if !reflect.DeepEqual(got, want) {
		n := min(len(got), len(want))
		for i := range n {
			if got[i] != want[i] {
				t.Fatalf("rollup differs from the recount at row %d: %+v, want %+v (%d rows, want %d)", i, got[i], want[i], len(got), len(want))
			}
		}
		t.Fatalf("rollup has %d rows, the recount %d", len(got), len(want))
	}
	return len(got)
}

// TestExerciseStatsParallelAnswers submits answers of a few students on a
// few exercises concurrently, through the plain, batched and limited
// inserts, and checks the rollup against a recount; then deletes some
// attempts and checks again.
func TestExerciseStatsParallelAnswers(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		class, _ := modelstest.SeedClass(t, db, modelstest.Class{Students: 4, Assignments: 2, Exercises: 6, Attempts: 40})
		var users, exs []string
		if err := db.Raw("SELECT user_id FROM enrollments WHERE class_id = ? AND role = ?", class, domain.RoleStudent).Scan(&users).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Raw("SELECT DISTINCT exercise_id FROM attempts WHERE user_id = ?", users[0]).Scan(&exs).Error; err != nil {
			t.Fatal(err)
		}
		var school string
		if err := db.Raw("SELECT school_id FROM enrollments WHERE class_id = ? LIMIT 1", class).Scan(&school).Error; err != nil {
			t.Fatal(err)
		}
		checkStatsRecount(t, db)
		s := models.NewExerciseStore(db)
		base := time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC) // before the seeded attempts: first_at moves back
		var wg sync.WaitGroup
		errs := make(chan error, 400)
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(w), 7))
				for i := range 40 {
					out := exercises.Wrong
					if rng.IntN(3) == 0 {
						out = exercises.Correct
					}
					a := exercises.Attempt{ID: uuid.Must(uuid.NewV7()).String(), SchoolID: school,
						UserID: users[rng.IntN(len(users))], ExerciseID: exs[rng.IntN(len(exs))],
						Answer: []byte(`{"choice":1}`), Outcome: out, GaveUp: rng.IntN(10) == 0,
						IdempotencyKey: fmt.Sprintf("k%d-%d", w, i), RequestHash: "h",
						CreatedAt: base.Add(time.Duration(rng.IntN(200*24)) * time.Hour)}
					var err error
					if i%4 == 0 {
						_, _, err = s.RecordAttemptIf(ctx, a, nil, func([]int) error { return nil })
					} else {
						_, _, err = s.RecordAttempt(ctx, a)
					}
					if err != nil {
						errs <- err
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if n := checkStatsRecount(t, db); n == 0 {
			t.Fatal("no rollup rows")
		}
		if err := db.Exec("DELETE FROM attempts WHERE user_id = ? AND outcome = ?", users[1], exercises.Correct).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("DELETE FROM attempts WHERE user_id = ? AND exercise_id = ?", users[2], exs[0]).Error; err != nil {
			t.Fatal(err)
		}
		checkStatsRecount(t, db)
	})
}

// TestClassProgressSinceJoined checks the matrix read from the rollup
// against the matrix counted from the attempts, on a randomized class
// where some students joined after some of their attempts (those cells
// are counted from the attempts) and some after all of them.
func TestClassProgressSinceJoined(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		for seed := range uint64(3) {
			class, now := modelstest.SeedClass(t, db, modelstest.Class{Students: 12, Assignments: 6, Exercises: 20, Attempts: 900, Lessons: true})
			var users []string
			if err := db.Raw("SELECT user_id FROM enrollments WHERE class_id = ? AND role = ? ORDER BY user_id", class, domain.RoleStudent).Scan(&users).Error; err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 11))
			t0 := time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)
			for i, u := range users {
				var joined time.Time
				switch i % 4 {
				case 0: // before every attempt
					continue
				case 1, 2: // between attempts
					joined = t0.Add(time.Duration(rng.IntN(60*24)) * time.Hour)
				case 3: // after every attempt
					joined = t0.AddDate(0, 0, 70)
				}
				if err := db.Exec("UPDATE enrollments SET created_at = ? WHERE class_id = ? AND user_id = ?", joined, class, u).Error; err != nil {
					t.Fatal(err)
				}
			}
			students, list, solves, err := models.NewAssignmentStore(db).ClassProgress(ctx, class)
			if err != nil {
				t.Fatal(err)
			}
			var want []assignments.Solve
			rows, err := db.Raw(`SELECT a.user_id, a.exercise_id, COUNT(*), MIN(CASE WHEN a.outcome = 'correct' THEN a.created_at END)
 FROM attempts a JOIN enrollments e ON e.user_id = a.user_id AND e.class_id = ? AND e.role = ? AND e.deactivated_at IS NULL AND a.created_at >= e.created_at
 GROUP BY a.user_id, a.exercise_id`, class, domain.RoleStudent).Rows()
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var (
					s  assignments.Solve
					at any
				)
				if err := rows.Scan(&s.UserID, &s.ExerciseID, &s.Attempts, &at); err != nil {
					t.Fatal(err)
				}
				if v := statString(at); v != "" {
					s.At, _ = time.Parse(time.RFC3339Nano, v)
				}
				want = append(want, s)
			}
			rows.Close()
			got := assignments.BuildMatrix(class, students, list, solves, now, assignments.SortCompletion)
			exp := assignments.BuildMatrix(class, students, list, want, now, assignments.SortCompletion)
			if !reflect.DeepEqual(got, exp) {
				t.Fatalf("seed %d: the matrix from the rollup differs from the one counted from the attempts", seed)
			}
			straddled, done := 0, 0
			for _, row := range got.StudentTotals {
				done += row.Done + row.Late + row.Partial + row.Struggling
			}
			for i, u := range users {
				if i%4 == 1 || i%4 == 2 {
					for _, s := range solves {
						if s.UserID == u {
							straddled++
						}
					}
				}
			}
			if straddled == 0 || done == 0 {
				t.Fatalf("seed %d: fixture too small: %d cells of late joiners, %d started", seed, straddled, done)
			}
		}
	})
}

// TestExerciseStatsBackfill migrates a database whose rollup is not
// filled from its attempts (its version setting missing, as when the
// way of counting changes): the migration fills it again from them.
func TestExerciseStatsBackfill(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		modelstest.SeedClass(t, db, modelstest.Class{Students: 5, Assignments: 2, Exercises: 8, Attempts: 300})
		for _, q := range []string{"DELETE FROM student_exercise_stats WHERE true", "DELETE FROM settings WHERE name = 'student_exercise_stats_version'"} {
			if err := db.Exec(q).Error; err != nil {
				t.Fatal(err)
			}
		}
		modelstest.SeedClass(t, db, modelstest.Class{Students: 3, Assignments: 1, Exercises: 5, Attempts: 100})
		if err := models.Migrate(ctx, db); err != nil {
			t.Fatal(err)
		}
		if n := checkStatsRecount(t, db); n < 40 {
			t.Fatalf("%d rollup rows after the backfill", n)
		}
		if err := models.Migrate(ctx, db); err != nil { // again: nothing to fill, triggers kept
			t.Fatal(err)
		}
		modelstest.SeedClass(t, db, modelstest.Class{Students: 2, Assignments: 1, Exercises: 3, Attempts: 30})
		checkStatsRecount(t, db)
	})
}
