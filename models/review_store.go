package models

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/exercises"
	"qixue/progress"
)

// skillReviewRow is a skill on a student's review schedule (see
// progress.Review): its box and when it is due.
type skillReviewRow struct {
	UserID    string    `gorm:"primaryKey;size:36"`
	Tag       string    `gorm:"primaryKey;size:64"`
	SchoolID  string    `gorm:"size:36;not null"`
	Box       int       `gorm:"not null"`
	DueAt     time.Time `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (skillReviewRow) TableName() string { return "skill_reviews" }

// reviewScanRow is how far a student's attempts were applied to its
// review schedule: the last attempt applied (attempt IDs are UUIDv7, so
// ID order is time order).
type reviewScanRow struct {
	UserID        string `gorm:"primaryKey;size:36"`
	LastAttemptID string `gorm:"size:36;not null"`
}

func (reviewScanRow) TableName() string { return "review_scans" }

// reviewOff reports whether an active class in which the user is an
// active student has review turned off.
func reviewOff(db *gorm.DB, userID string) (bool, error) {
	var n int64
	err := db.Model(&enrollmentRow{}).Joins("JOIN classes ON classes.id = enrollments.class_id").
		Where("enrollments.user_id = ? AND enrollments.role = 'student' AND enrollments.deactivated_at IS NULL AND classes.deactivated_at IS NULL AND classes.review_off = ?", userID, true).
		Limit(1).Count(&n).Error
	return n > 0, err
}

// dueReviews brings the student's review schedule up to date with the
// attempts recorded since the last time (one read of them with their
// tags, then the changed rows) and returns the skills due at now. The
// schedule is kept up to date here, where it is read, rather than when an
// answer is recorded, so that answering costs nothing more. It is one
// transaction; two of them at once apply the same attempts to the same
// state and write the same rows.
func dueReviews(ctx context.Context, db *gorm.DB, userID, schoolID string, now time.Time) ([]progress.SkillReview, error) {
	var due []progress.SkillReview
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var scan reviewScanRow
		if err := tx.Where("user_id = ?", userID).Limit(1).Find(&scan).Error; err != nil {
			return err
		}
		var events []struct {
			ID        string
			Outcome   string
			CreatedAt time.Time
			Tag       string
		}
		err := tx.Raw(`SELECT a.id, a.outcome, a.created_at, t.tag FROM attempts a
 JOIN exercise_tags t ON t.exercise_id = a.exercise_id
 WHERE a.user_id = ? AND a.school_id = ? AND a.id > ? ORDER BY a.id, t.tag`, userID, schoolID, scan.LastAttemptID).Scan(&events).Error
		if err != nil {
			return fmt.Errorf("review attempts: %w", err)
		}
		var rows []skillReviewRow
		if err := tx.Where("user_id = ?", userID).Find(&rows).Error; err != nil {
			return err
		}
		if len(events) > 0 {
			state := map[string]progress.SkillReview{}
			for _, r := range rows {
				state[r.Tag] = progress.SkillReview{Tag: r.Tag, Box: r.Box, DueAt: r.DueAt.UTC()}
			}
			changed := map[string]bool{}
			for _, e := range events {
				old, on := state[e.Tag]
				if !on {
					old.Tag = e.Tag
				}
				r, still := progress.Review(old, on, e.Outcome == string(exercises.Correct), e.CreatedAt.UTC())
				switch {
				case still:
					state[e.Tag] = r
				case on:
					delete(state, e.Tag)
				}
				if still != on || r != old {
					changed[e.Tag] = true
				}
			}
			var upsert []skillReviewRow
			var gone []string
			for tag := range changed {
				if r, ok := state[tag]; ok {
					upsert = append(upsert, skillReviewRow{UserID: userID, Tag: tag, SchoolID: schoolID, Box: r.Box, DueAt: r.DueAt, UpdatedAt: now})
				} else {
					gone = append(gone, tag)
				}
			}
			if len(upsert) > 0 {
				if err := tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&upsert).Error; err != nil {
					return fmt.Errorf("review schedule: %w", err)
				}
			}
			if len(gone) > 0 {
				if err := tx.Where("user_id = ? AND tag IN ?", userID, gone).Delete(&skillReviewRow{}).Error; err != nil {
					return err
				}
			}
			last := reviewScanRow{UserID: userID, LastAttemptID: events[len(events)-1].ID}
			if err := tx.Clauses(clause.OnConflict{UpdateAll: true}).Create(&last).Error; err != nil {
				return err
			}
			rows = rows[:0]
			for _, r := range state {
				rows = append(rows, skillReviewRow{Tag: r.Tag, Box: r.Box, DueAt: r.DueAt})
			}
		}
		for _, r := range rows {
			if !r.DueAt.After(now) {
				due = append(due, progress.SkillReview{Tag: r.Tag, Box: r.Box, DueAt: r.DueAt.UTC()})
			}
		}
		// The schedule was rebuilt from a map: give the due skills one
		// order, the longest due first, as Practice.Suggest reads them.
		slices.SortFunc(due, func(a, b progress.SkillReview) int {
			return cmp.Or(a.DueAt.Compare(b.DueAt), cmp.Compare(a.Tag, b.Tag))
		})
		return nil
	})
	return due, err
}
