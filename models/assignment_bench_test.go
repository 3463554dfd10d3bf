package models_test

import (
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/assignments"
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
// nAttempts over 100 bank exercises (see modelstest.SeedClass) and returns
// the class ID and a time after every due date.
func seedClassProgress(b testing.TB, db *gorm.DB, nStudents, nAssignments, nAttempts int, withLessons bool) (string, time.Time) {
	b.Helper()
	return modelstest.SeedClass(b, db, modelstest.Class{Students: nStudents, Assignments: nAssignments,
		Exercises: 100, Attempts: nAttempts, Lessons: withLessons})
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
