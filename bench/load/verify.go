package main

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"qixue/exercises"
	"qixue/models"
)

// verify opens the database of the stopped server and checks that the
// attempts table holds exactly the recorded answers (verifyStored) and
// no other row.
func verify(ctx context.Context, dbURL string, stored []storedAnswer) error {
	db, err := models.Open(dbURL)
	if err != nil {
		return err
	}
	defer models.Close(db)
	var rows int64
	if err := db.WithContext(ctx).Table("attempts").Count(&rows).Error; err != nil {
		return err
	}
	if err := verifyStored(ctx, db, stored); err != nil {
		return err
	}
	if rows != int64(len(stored)) {
		return fmt.Errorf("attempts table has %d rows, but %d answers were recorded (201)", rows, len(stored))
	}
	fmt.Printf("stored: each of the %d answers answered 201 is one row of attempts by its ID, with its exercise and outcome; the table has no other row\n", len(stored))
	return nil
}

// verifyStored checks, by attempt ID, that each recorded answer is
// exactly one row of attempts holding its exercise and outcome, and that
// no two answers were given the same ID.
func verifyStored(ctx context.Context, db *gorm.DB, stored []storedAnswer) error {
	want := make(map[string]storedAnswer, len(stored))
	for _, a := range stored {
		if _, dup := want[a.attemptID]; dup {
			return fmt.Errorf("attempt %s was answered 201 twice", a.attemptID)
		}
		want[a.attemptID] = a
	}
	seen := 0
	for i := 0; i < len(stored); i += 1000 {
		ids := make([]string, 0, 1000)
		for _, a := range stored[i:min(i+1000, len(stored))] {
			ids = append(ids, a.attemptID)
		}
		var rows []struct {
			ID         string
			ExerciseID string
			Outcome    string
		}
		if err := db.WithContext(ctx).Table("attempts").Select("id, exercise_id, outcome").
			Where("id IN ?", ids).Scan(&rows).Error; err != nil {
			return err
		}
		if len(rows) != len(ids) {
			return fmt.Errorf("%d of %d recorded attempts found by ID", len(rows), len(ids))
		}
		for _, r := range rows {
			a := want[r.ID]
			if r.ExerciseID != a.exerciseID || (r.Outcome == string(exercises.Correct)) != a.correct {
				return fmt.Errorf("attempt %s stored as %s %s, answered as %s correct=%v", r.ID, r.ExerciseID, r.Outcome, a.exerciseID, a.correct)
			}
			seen++
		}
	}
	if seen != len(stored) {
		return fmt.Errorf("%d of %d recorded attempts found", seen, len(stored))
	}
	return nil
}
