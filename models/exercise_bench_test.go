package models_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
)

// BenchmarkRecordAttempt records answers one after another (the hot
// answer path's only statement: the insert, which also counts the
// student's first attempt and the hints opened) on a table of 5,000
// attempts, on SQLite and, when QIXUE_TEST_DATABASE_URL is set,
// PostgreSQL.
func BenchmarkRecordAttempt(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchRecordAttempt(b, modelstest.SQLite(b)) })
	b.Run("postgres", func(b *testing.B) { benchRecordAttempt(b, modelstest.Postgres(b)) })
}

func benchRecordAttempt(b *testing.B, db *gorm.DB) {
	s := models.NewExerciseStore(db)
	users, exs := make([]string, 500), make([]string, 100)
	for i := range users {
		users[i] = id()
	}
	for i := range exs {
		exs[i] = id()
	}
	now := time.Now().UTC()
	for i := range 5000 {
		a := exercises.Attempt{ID: id(), SchoolID: "s", UserID: users[i%len(users)], ExerciseID: exs[(i/7)%len(exs)],
			Answer: json.RawMessage(`{"choice":1}`), Outcome: exercises.Wrong, TimeMS: 1000,
			IdempotencyKey: fmt.Sprint("seed-", i), RequestHash: "h", CreatedAt: now}
		if _, _, err := s.RecordAttempt(ctx, a); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		a := exercises.Attempt{ID: id(), SchoolID: "s", UserID: users[i%len(users)], ExerciseID: exs[i%len(exs)],
			Answer: json.RawMessage(`{"choice":0}`), Outcome: exercises.Correct, Score: 1, TimeMS: 1000,
			IdempotencyKey: fmt.Sprint("b-", i), RequestHash: "h", CreatedAt: now}
		if _, created, err := s.RecordAttempt(ctx, a); err != nil || !created {
			b.Fatal(created, err)
		}
		i++
	}
}
