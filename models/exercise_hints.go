package models

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"
)

// OpenHints implements exercises.Store: one insert of the steps 1 to
// step (a step already opened is left as it is) and one count.
func (s *ExerciseStore) OpenHints(ctx context.Context, schoolID, userID, exerciseID string, step int, now time.Time) (int, error) {
	rows := make([]hintUseRow, step)
	for i := range rows {
		rows[i] = hintUseRow{UserID: userID, ExerciseID: exerciseID, Step: i + 1, SchoolID: schoolID, CreatedAt: now}
	}
	db := s.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
		return 0, fmt.Errorf("open hints: %w", err)
	}
	return s.HintsOpened(ctx, userID, exerciseID)
}

// HintsOpened implements exercises.Store.
func (s *ExerciseStore) HintsOpened(ctx context.Context, userID, exerciseID string) (int, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&hintUseRow{}).Where("user_id = ? AND exercise_id = ?", userID, exerciseID).Count(&n).Error
	return int(n), err
}
