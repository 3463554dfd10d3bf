package models_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
)

// BenchmarkRecordAttemptClass stores answers through ExerciseStore.RecordAttempt
// (the answer path's write) into a class of 50 students that already has
// 20,000 attempts over 100 exercises, one at a time ("serial") and from
// concurrent goroutines ("parallel", which the PostgreSQL batcher groups),
// on SQLite and, when QIXUE_TEST_DATABASE_URL is set, PostgreSQL. It
// reports the process's CPU per answer beside the wall time (PostgreSQL's
// own CPU, the rollup trigger included, is in the wall time only).
func BenchmarkRecordAttemptClass(b *testing.B) {
	for _, name := range []string{"sqlite", "postgres"} {
		for _, mode := range []string{"serial", "parallel"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				db := modelstest.SQLite(b)
				if name == "postgres" {
					db = modelstest.Postgres(b)
				}
				benchRecordAttemptClass(b, db, mode == "parallel")
			})
		}
	}
}

func benchRecordAttemptClass(b *testing.B, db *gorm.DB, parallel bool) {
	class, _ := modelstest.SeedClass(b, db, modelstest.Class{Students: 50, Assignments: 20, Exercises: 100, Attempts: 20000})
	var users, exs []string
	var school string
	if err := db.Raw("SELECT user_id FROM enrollments WHERE class_id = ? AND role = ?", class, domain.RoleStudent).Scan(&users).Error; err != nil {
		b.Fatal(err)
	}
	if err := db.Raw("SELECT DISTINCT exercise_id FROM attempts WHERE school_id = (SELECT school_id FROM classes WHERE id = ?)", class).Scan(&exs).Error; err != nil {
		b.Fatal(err)
	}
	if err := db.Raw("SELECT school_id FROM classes WHERE id = ?", class).Scan(&school).Error; err != nil {
		b.Fatal(err)
	}
	s := models.NewExerciseStore(db)
	var n atomic.Int64
	record := func() {
		i := int(n.Add(1))
		out := exercises.Wrong
		if i%3 == 0 {
			out = exercises.Correct
		}
		a := exercises.Attempt{ID: uuid.Must(uuid.NewV7()).String(), SchoolID: school,
			UserID: users[i%len(users)], ExerciseID: exs[(i/len(users))%len(exs)],
			Answer: []byte(`{"choice":1}`), Outcome: out, IdempotencyKey: fmt.Sprint("b", i), RequestHash: "h",
			CreatedAt: time.Now().UTC()}
		if _, created, err := s.RecordAttempt(ctx, a); err != nil || !created {
			b.Error(created, err)
		}
	}
	cpu := cpuTime()
	b.ResetTimer()
	if parallel {
		b.SetParallelism(8)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				record()
			}
		})
	} else {
		for b.Loop() {
			record()
		}
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
}
