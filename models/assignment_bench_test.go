package models_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/assignments"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// BenchmarkClassProgress reads the progress matrix of a class of 50
// students × 40 assignments (5 exercises each, from 100) with 20,000
// attempts, on SQLite and, when QIXUE_TEST_DATABASE_URL is set, on
// PostgreSQL (issue 9 target: under 100 ms there).
func BenchmarkClassProgress(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchClassProgress(b, modelstest.SQLite(b)) })
	b.Run("postgres", func(b *testing.B) { benchClassProgress(b, modelstest.Postgres(b)) })
}

func benchClassProgress(b *testing.B, db *gorm.DB) {
	class, now := seedClassProgress(b, db, 50, 40, 20000, false)
	s := models.NewAssignmentStore(db)
	b.ResetTimer()
	for b.Loop() {
		students, list, solves, err := s.ClassProgress(ctx, class)
		if err != nil {
			b.Fatal(err)
		}
		m := assignments.BuildMatrix(class, students, list, solves, now, assignments.SortCompletion)
		if len(m.Students) != 50 || len(m.Assignments) != 40 {
			b.Fatalf("matrix %d × %d", len(m.Students), len(m.Assignments))
		}
	}
}

// seedClassProgress stores a class with nStudents, nAssignments and
// nAttempts (a third of them correct) spread over the assignments'
// exercises, and returns the class ID and a time after every due date.
// withLessons adds to each assignment a lesson item of two more bank
// exercises.
func seedClassProgress(b testing.TB, db *gorm.DB, nStudents, nAssignments, nAttempts int, withLessons bool) (string, time.Time) {
	b.Helper()
	is := models.NewIdentityStore(db)
	t0 := time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)
	school, teacher, class := id(), id(), id()
	must := func(err error) {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
	}
	must(is.CreateSchool(ctx, identity.School{ID: school, Name: "S", CreatedAt: t0, UpdatedAt: t0}))
	must(is.CreateUser(ctx, identity.User{ID: teacher, SchoolID: school, Role: identity.RoleTeacher, Username: "t" + teacher[24:], RealName: "T", CreatedAt: t0, UpdatedAt: t0}))
	g, _ := identity.ParseGrade(3)
	must(is.CreateClass(ctx, identity.Class{ID: class, SchoolID: school, Name: "3A", Grade: g, LoginCode: class[24:], CreatedAt: t0, UpdatedAt: t0}, []string{teacher}))
	students := make([]string, nStudents)
	for i := range students {
		students[i] = id()
		must(is.CreateUser(ctx, identity.User{ID: students[i], SchoolID: school, Role: identity.RoleStudent,
			Username: "s" + students[i][24:], RealName: fmt.Sprintf("学生%02d", i), CreatedAt: t0, UpdatedAt: t0}))
		must(is.Enroll(ctx, identity.Enrollment{ClassID: class, UserID: students[i], SchoolID: school, Role: identity.RoleStudent, CreatedAt: t0}, ""))
	}
	var bank []exercises.Exercise
	for i := range 100 {
		bank = append(bank, choiceExercise(fmt.Sprintf("chess/bench-%03d", i), "a"))
	}
	_, _, err := models.NewExerciseStore(db).SyncBank(ctx, bank, t0)
	must(err)
	s := models.NewAssignmentStore(db)
	for j := range nAssignments {
		a := assignments.Assignment{ID: id(), SchoolID: school, ClassID: class, Title: fmt.Sprintf("A%02d", j),
			DueAt: t0.AddDate(0, 0, j+1), CreatedBy: teacher, CreatedAt: t0, UpdatedAt: t0}
		for k := range 5 {
			a.Items = append(a.Items, assignments.Item{Kind: assignments.ExerciseItem, ID: bank[(j*5+k)%len(bank)].ID})
		}
		if withLessons {
			lesson := schoolLesson(b, db, school, bank[(j*5+5)%len(bank)].Key, bank[(j*5+6)%len(bank)].Key)
			a.Items = append(a.Items, assignments.Item{Kind: assignments.LessonItem, ID: lesson})
		}
		must(s.Create(ctx, a))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rows := make([]map[string]any, 0, 1000)
	flush := func() {
		if len(rows) > 0 {
			must(db.Table("attempts").Create(rows).Error)
			rows = rows[:0]
		}
	}
	for i := range nAttempts {
		out := exercises.Wrong
		if rng.IntN(3) == 0 {
			out = exercises.Correct
		}
		rows = append(rows, map[string]any{"id": id(), "school_id": school, "user_id": students[i%nStudents],
			"exercise_id": bank[rng.IntN(len(bank))].ID, "answer": "", "outcome": string(out), "score": 0.0, "result": "{}",
			"time_ms": 1000, "gave_up": false, "first_attempt": false, "idempotency_key": id(), "request_hash": "h",
			"created_at": t0.Add(time.Duration(rng.IntN(60*24)) * time.Hour)})
		if len(rows) == cap(rows) {
			flush()
		}
	}
	flush()
	if db.Dialector.Name() == "postgres" {
		must(db.Exec("ANALYZE").Error)
	}
	return class, t0.AddDate(0, 0, 90)
}

// TestClassProgressQueries checks that the matrix takes the same number
// of queries for a small and a larger class with lesson items (no N+1).
func TestClassProgressQueries(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		small, _ := seedClassProgress(t, db, 2, 1, 20, true)
		large, _ := seedClassProgress(t, db, 12, 8, 300, true)
		n := 0
		count := func(*gorm.DB) { n++ }
		if err := db.Callback().Query().After("gorm:query").Register("test:count", count); err != nil {
			t.Fatal(err)
		}
		if err := db.Callback().Row().After("gorm:row").Register("test:count", count); err != nil {
			t.Fatal(err)
		}
		var queries []int
		for _, class := range []string{small, large} {
			n = 0
			if _, _, _, err := models.NewAssignmentStore(db).ClassProgress(ctx, class); err != nil {
				t.Fatal(err)
			}
			queries = append(queries, n)
		}
		if queries[0] != queries[1] || queries[1] > 6 {
			t.Errorf("ClassProgress ran %v queries for a class of 2 × 1 and one of 12 × 8, want the same few", queries)
		}
	})
}
