package models_test

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestExerciseStoreClose records attempts concurrently (batched on
// PostgreSQL), closes the store and checks that its flushers have ended
// and that attempts recorded after Close are still stored, one by one.
func TestExerciseStoreClose(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		ex := choiceExercise("chess/close-001", "a")
		if _, _, err := s.SyncBank(ctx, []exercises.Exercise{ex}, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		user := id()
		// Stores of earlier tests that were never closed keep theirs.
		before := flushers()
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := s.RecordAttempt(ctx, attempt(user, ex.ID, fmt.Sprint("k", i)))
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if db.Dialector.Name() == "postgres" && flushers() <= before {
			t.Error("no flusher ran while attempts were batched on PostgreSQL")
		}
		s.Close()
		s.Close() // twice is harmless
		if n := flushers(); n > before {
			t.Errorf("%d flushers after Close, %d before the attempts", n, before)
		}
		if _, _, err := s.RecordAttempt(ctx, attempt(user, ex.ID, "after")); err != nil {
			t.Fatalf("attempt after Close: %v", err)
		}
		got, err := s.Attempts(ctx, exercises.AttemptQuery{UserID: user}, domain.Page{Limit: 20})
		if err != nil || len(got) != 9 {
			t.Fatalf("%d attempts (%v), want 9", len(got), err)
		}
	})
}

// flushers counts the goroutines running the attempt batcher's flush loop.
// It reads the stacks rather than runtime.NumGoroutine, which other
// goroutines (database/sql's connection openers, parallel tests) move.
func flushers() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return bytes.Count(buf[:n], []byte("qixue/models.(*attemptBatcher).flush("))
		}
		buf = make([]byte, 2*len(buf))
	}
}
