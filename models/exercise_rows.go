package models

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"qixue/domain"
	"qixue/exercises"
)

// exerciseRow is a row of exercises: built-in (SchoolID NULL, Key set,
// loaded from the bank) or authored by a school (Key NULL). Game is
// derived from the kind (or a generic prompt) when saved, for filtering.
//
// ArchivedAt is set when a school deletes its exercise, or when a bank
// exercise leaves the bank files (retired): the row and its attempts stay,
// but the exercise is no longer listed, read or attempted. A bank
// exercise that comes back is un-archived.
//
// Index plan: lists filter by game and band or by kind within the
// caller's school plus the built-ins and page in ID order; the tag filter
// goes through exercise_tags(tag).
type exerciseRow struct {
	ID       string  `gorm:"primaryKey;size:36"`
	SchoolID *string `gorm:"size:36;index;uniqueIndex:idx_exercises_school_source,priority:1"`
	// Source is where an imported exercise comes from ("lichess:ID"),
	// unique within its school; NULL for others.
	Source      *string `gorm:"size:80;uniqueIndex:idx_exercises_school_source,priority:2"`
	Key         *string `gorm:"column:bank_key;size:120;uniqueIndex"`
	Kind        string  `gorm:"size:64;not null;index"`
	Game        string  `gorm:"size:16;not null;default:'';index:idx_exercises_game_band,priority:1"`
	Band        string  `gorm:"size:8;not null;index:idx_exercises_game_band,priority:2"`
	Difficulty  int     `gorm:"not null"`
	TitleZH     string  `gorm:"column:title_zh;not null;default:''"`
	TitleEN     string  `gorm:"column:title_en;not null;default:''"`
	BodyZH      string  `gorm:"column:body_zh;not null;default:''"`
	BodyEN      string  `gorm:"column:body_en;not null;default:''"`
	Prompt      string  `gorm:"not null"`
	Solution    string  `gorm:"not null"`
	Tags        string  `gorm:"not null;default:'[]'"` // JSON array, also rows of exercise_tags
	Hints       string  `gorm:"not null;default:'[]'"` // JSON array of exercises.Hint
	ContentHash string  `gorm:"size:64;not null;default:''"`
	ArchivedAt  *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (exerciseRow) TableName() string { return "exercises" }

// exerciseTagRow is one skill tag of an exercise, for the tag filter.
type exerciseTagRow struct {
	ExerciseID string `gorm:"primaryKey;size:36"`
	Tag        string `gorm:"primaryKey;size:64;index"`
}

func (exerciseTagRow) TableName() string { return "exercise_tags" }

func toExerciseRow(ex exercises.Exercise, now time.Time) exerciseRow {
	tags, _ := json.Marshal(nonNil(ex.Tags))
	hints, _ := json.Marshal(ex.Hints)
	if len(ex.Hints) == 0 {
		hints = []byte("[]")
	}
	r := exerciseRow{
		ID: ex.ID, Kind: ex.Kind, Game: string(exercises.GameOf(ex)), Band: string(ex.Band), Difficulty: ex.Difficulty,
		TitleZH: ex.Title.ZH, TitleEN: ex.Title.EN, BodyZH: ex.Body.ZH, BodyEN: ex.Body.EN,
		Prompt: string(ex.Prompt), Solution: string(ex.Solution), Tags: string(tags), Hints: string(hints),
		CreatedAt: now, UpdatedAt: now,
	}
	if ex.SchoolID != "" {
		r.SchoolID = &ex.SchoolID
	}
	if ex.Key != "" {
		r.Key = &ex.Key
	}
	if ex.Source != "" {
		r.Source = &ex.Source
	}
	r.ContentHash = r.hash()
	return r
}

// hash fingerprints the content of a row, so that loading an unchanged
// bank writes nothing.
func (r exerciseRow) hash() string {
	h := sha256.New()
	for _, s := range []string{r.Kind, r.Game, r.Band, r.TitleZH, r.TitleEN, r.BodyZH, r.BodyEN, r.Prompt, r.Solution, r.Tags} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	h.Write([]byte{byte(r.Difficulty)})
	if r.Hints != "[]" && r.Hints != "" { // hashes of exercises without hints stay as they were
		h.Write([]byte{0})
		h.Write([]byte(r.Hints))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (r exerciseRow) toExercise() exercises.Exercise {
	ex := exercises.Exercise{
		ID: r.ID, Kind: r.Kind, Band: exercises.Band(r.Band), Difficulty: r.Difficulty,
		Title: domain.Text{ZH: r.TitleZH, EN: r.TitleEN}, Body: domain.Text{ZH: r.BodyZH, EN: r.BodyEN},
		Prompt: json.RawMessage(r.Prompt), Solution: json.RawMessage(r.Solution),
	}
	if r.SchoolID != nil {
		ex.SchoolID = *r.SchoolID
	}
	if r.Key != nil {
		ex.Key = *r.Key
	}
	if r.Source != nil {
		ex.Source = *r.Source
	}
	json.Unmarshal([]byte(r.Tags), &ex.Tags) // written by toExerciseRow
	if r.Hints != "[]" && r.Hints != "" {
		json.Unmarshal([]byte(r.Hints), &ex.Hints) // written by toExerciseRow
	}
	return ex
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// attemptRow is a row of attempts. IDs are UUIDv7, so ID order is time
// order.
//
// Index plan: a student's own list pages by (user_id, id); the solved /
// first-attempt checks and per-student progress use (user_id,
// exercise_id); a partial unique index allows one first attempt per
// student and exercise; (user_id, idempotency_key) is unique; per-class
// views join enrollments on user_id and use the same indexes; per-exercise
// statistics of a school use (school_id, exercise_id).
type attemptRow struct {
	ID             string    `gorm:"primaryKey;size:36;index:idx_attempts_user_id,priority:2"`
	SchoolID       string    `gorm:"size:36;not null;index:idx_attempts_school_exercise,priority:1"`
	UserID         string    `gorm:"size:36;not null;index:idx_attempts_user_id,priority:1;index:idx_attempts_user_exercise,priority:1;uniqueIndex:idx_attempts_user_key,priority:1;uniqueIndex:idx_attempts_first,priority:1,where:first_attempt"`
	ExerciseID     string    `gorm:"size:36;not null;index:idx_attempts_user_exercise,priority:2;uniqueIndex:idx_attempts_first,priority:2,where:first_attempt;index:idx_attempts_school_exercise,priority:2"`
	Answer         string    `gorm:"not null;default:''"`
	Outcome        string    `gorm:"size:16;not null"`
	Score          float64   `gorm:"not null"`
	Result         string    `gorm:"not null;default:'{}'"` // feedback and details, JSON
	TimeMS         int       `gorm:"column:time_ms;not null"`
	GaveUp         bool      `gorm:"not null"`
	HintsUsed      int       `gorm:"not null;default:0"`
	FirstAttempt   bool      `gorm:"not null"`
	IdempotencyKey string    `gorm:"size:255;not null;uniqueIndex:idx_attempts_user_key,priority:2"`
	RequestHash    string    `gorm:"size:64;not null"`
	CreatedAt      time.Time `gorm:"not null"`
}

func (attemptRow) TableName() string { return "attempts" }

// attemptResult is the stored feedback and details of an attempt.
type attemptResult struct {
	Feedback domain.Text    `json:"feedback"`
	Details  map[string]any `json:"details,omitempty"`
}

func toAttemptRow(a exercises.Attempt) attemptRow {
	res, _ := json.Marshal(attemptResult{Feedback: a.Feedback, Details: a.Details})
	return attemptRow{
		ID: a.ID, SchoolID: a.SchoolID, UserID: a.UserID, ExerciseID: a.ExerciseID, Answer: string(a.Answer),
		Outcome: string(a.Outcome), Score: a.Score, Result: string(res), TimeMS: a.TimeMS, GaveUp: a.GaveUp, HintsUsed: a.HintsUsed,
		FirstAttempt: a.First, IdempotencyKey: a.IdempotencyKey, RequestHash: a.RequestHash, CreatedAt: a.CreatedAt,
	}
}

func (r attemptRow) toAttempt() exercises.Attempt {
	var res attemptResult
	json.Unmarshal([]byte(r.Result), &res) // written by toAttemptRow
	a := exercises.Attempt{
		ID: r.ID, SchoolID: r.SchoolID, UserID: r.UserID, ExerciseID: r.ExerciseID,
		Outcome: exercises.Outcome(r.Outcome), Score: r.Score, Feedback: res.Feedback, Details: res.Details,
		TimeMS: r.TimeMS, GaveUp: r.GaveUp, HintsUsed: r.HintsUsed, First: r.FirstAttempt, IdempotencyKey: r.IdempotencyKey,
		RequestHash: r.RequestHash, CreatedAt: r.CreatedAt.UTC(),
	}
	if r.Answer != "" {
		a.Answer = json.RawMessage(r.Answer)
	}
	return a
}

// hintUseRow records that a student opened one hint of an exercise: one
// row per (user, exercise, step), so opening a hint again changes
// nothing. An attempt's hints_used counts them when it is inserted.
type hintUseRow struct {
	UserID     string    `gorm:"primaryKey;size:36"`
	ExerciseID string    `gorm:"primaryKey;size:36"`
	Step       int       `gorm:"primaryKey"`
	SchoolID   string    `gorm:"size:36;not null"`
	CreatedAt  time.Time `gorm:"not null"`
}

func (hintUseRow) TableName() string { return "hint_uses" }
