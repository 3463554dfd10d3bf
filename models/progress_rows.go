package models

import (
	"time"

	"qixue/progress"
)

// ratingStateRow is the single row (ID 1) that serializes rating runs: a
// run locks it (SELECT ... FOR UPDATE on PostgreSQL; SQLite has one
// writer) and takes the next change sequence numbers from it.
//
// ScannedFrom bounds the periodic pass's search for pending attempts: every
// attempt with an ID (a time-ordered UUIDv7) below it has been rated, so a
// pass reads only the newest attempts instead of all of them.
type ratingStateRow struct {
	ID          int    `gorm:"primaryKey;autoIncrement:false"`
	NextSeq     int64  `gorm:"not null"`
	ScannedFrom string `gorm:"size:36;not null;default:''"`
}

func (ratingStateRow) TableName() string { return "rating_state" }

// studentRatingRow is a student's Glicko-2 rating in one game.
type studentRatingRow struct {
	UserID     string  `gorm:"primaryKey;size:36"`
	Game       string  `gorm:"primaryKey;size:16"`
	Rating     float64 `gorm:"not null"`
	Deviation  float64 `gorm:"not null"`
	Volatility float64 `gorm:"not null"`
	Games      int     `gorm:"not null"`
	UpdatedAt  time.Time
}

func (studentRatingRow) TableName() string { return "student_ratings" }

// exerciseRatingRow is a puzzle's Glicko-2 rating.
type exerciseRatingRow struct {
	ExerciseID string  `gorm:"primaryKey;size:36"`
	Rating     float64 `gorm:"not null"`
	Deviation  float64 `gorm:"not null"`
	Volatility float64 `gorm:"not null"`
	Games      int     `gorm:"not null"`
	UpdatedAt  time.Time
}

func (exerciseRatingRow) TableName() string { return "exercise_ratings" }

// ratingChangeRow is one rated first attempt: the history of a student's
// rating and the marker that the attempt is rated (attempt_id is unique,
// so an attempt cannot be rated twice). A user's history pages by
// (user_id, seq).
type ratingChangeRow struct {
	Seq              int64     `gorm:"primaryKey;autoIncrement:false;index:idx_rating_changes_user_seq,priority:2"`
	AttemptID        string    `gorm:"size:36;not null;uniqueIndex"`
	UserID           string    `gorm:"size:36;not null;index:idx_rating_changes_user_seq,priority:1"`
	ExerciseID       string    `gorm:"size:36;not null"`
	Game             string    `gorm:"size:16;not null"`
	Solved           bool      `gorm:"not null"`
	RatingBefore     float64   `gorm:"not null"`
	DeviationBefore  float64   `gorm:"not null"`
	VolatilityBefore float64   `gorm:"not null"`
	RatingAfter      float64   `gorm:"not null"`
	DeviationAfter   float64   `gorm:"not null"`
	VolatilityAfter  float64   `gorm:"not null"`
	AttemptedAt      time.Time `gorm:"not null"`
	RatedAt          time.Time `gorm:"not null"`
}

func (ratingChangeRow) TableName() string { return "rating_changes" }

func (r ratingChangeRow) toChange() progress.Change {
	return progress.Change{
		Seq: r.Seq, AttemptID: r.AttemptID, ExerciseID: r.ExerciseID, Game: r.Game, Solved: r.Solved,
		Before: progress.Rating{Rating: r.RatingBefore, Deviation: r.DeviationBefore, Volatility: r.VolatilityBefore},
		After:  progress.Rating{Rating: r.RatingAfter, Deviation: r.DeviationAfter, Volatility: r.VolatilityAfter},
		At:     r.AttemptedAt.UTC(),
	}
}

func (r studentRatingRow) toGameRating() progress.GameRating {
	return progress.GameRating{
		Game:      r.Game,
		Rating:    progress.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility},
		Games:     r.Games,
		UpdatedAt: r.UpdatedAt.UTC(),
	}
}
