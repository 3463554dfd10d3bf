package exercises

// This file and service.go hold the practice use cases on top of the
// kinds: exercises and attempts kept in a Store, permissions, idempotent
// answer submission. They were added for issue 7 (storage and API) and
// only add names; the kind contracts in exercise.go are unchanged.

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"qixue/domain"
	"qixue/identity"
	"qixue/rules/game"
)

// Attempt is one recorded, finished try of an exercise by a student: a
// graded answer (correct, wrong, partial) or a give-up. Continuing steps
// of a multi-step exercise are not attempts; the step that ends the line
// is.
type Attempt struct {
	ID         string
	SchoolID   string
	UserID     string
	ExerciseID string
	// Answer is the submitted answer document (null for a give-up).
	Answer   json.RawMessage
	Outcome  Outcome
	Score    float64
	Feedback domain.Text
	Details  map[string]any
	// TimeMS is the time the student spent, as reported by the app.
	TimeMS int
	GaveUp bool
	// HintsUsed is the number of the exercise's hints the student had
	// opened when the attempt was recorded (see Service.Hint); it lowers
	// the attempt's stars (see MaxStars).
	HintsUsed int
	// First is set on the student's first attempt of the exercise (the one
	// puzzle ratings count).
	First bool
	// IdempotencyKey is unique per user; RequestHash fingerprints the
	// request that used it, so a reuse with another request is refused.
	IdempotencyKey string
	RequestHash    string
	CreatedAt      time.Time
}

// Correct reports whether the attempt solved the exercise.
func (a Attempt) Correct() bool { return a.Outcome == Correct }

// Query filters an exercise list. Zero fields do not filter.
type Query struct {
	// Scope limits school-authored exercises to one school; built-in
	// exercises are always included. The zero Scope includes every
	// school's.
	Scope identity.Scope
	// OnlySchool keeps only school-authored exercises; OnlyBuiltin only
	// built-in ones.
	OnlySchool, OnlyBuiltin bool
	Game                    game.Name
	Kind                    string
	Band                    Band
	// BandOrGeneric keeps the exercises of this band and generic ones
	// (those of no game, such as a rules question that names no game):
	// a student's default list.
	BandOrGeneric Band
	Tag           string
	// IDs, when not empty, keeps only these exercises.
	IDs []string
	// AssignedOnly keeps, of the school-authored exercises, only those
	// whose ID is in Assigned (a student's view: see
	// Store.AssignedExercises); built-in exercises are not affected.
	AssignedOnly bool
	Assigned     []string
}

// AttemptQuery filters an attempt list of one user.
type AttemptQuery struct {
	UserID     string
	ExerciseID string
}

// Store keeps exercises and attempts. Missing rows, and school-authored
// rows outside the given scope, are domain.ErrNotFound. List methods
// return up to page.Limit+1 items after page.After so that callers can tell
// whether another page exists: exercises in ID order, attempts newest first.
type Store interface {
	// SyncBank stores the built-in exercises by key: new keys are
	// inserted with their given ID, known keys updated in place, stored
	// keys missing from bank retired (archived, kept with their attempts)
	// and retired keys that are back un-retired. It returns how many rows
	// it inserted and updated (un-retired ones count as updated).
	SyncBank(ctx context.Context, bank []Exercise, now time.Time) (inserted, updated int, err error)
	Exercise(ctx context.Context, sc identity.Scope, id string) (Exercise, error)
	Exercises(ctx context.Context, q Query, page domain.Page) ([]Exercise, error)
	// CreateExercises stores school-authored exercises in one transaction;
	// an exercise whose Source the school already holds is
	// identity.ErrConflict (nothing is stored then).
	CreateExercises(ctx context.Context, exs []Exercise, now time.Time) error
	// StoredSources returns those of sources that exercises of the school
	// already have (archived ones included).
	StoredSources(ctx context.Context, schoolID string, sources []string) ([]string, error)
	// UpdateExercise saves a school-authored exercise of its school.
	UpdateExercise(ctx context.Context, ex Exercise, now time.Time) error
	// DeleteExercise archives a school-authored exercise of the scope at
	// now: Exercise and Exercises no longer return it (so it cannot be
	// attempted), UpdateExercise does not find it, and its attempts stay.
	DeleteExercise(ctx context.Context, sc identity.Scope, id string, now time.Time) error

	// RecordAttempt stores a, setting a.First when the user has no earlier
	// attempt of the exercise, unless the user already used
	// a.IdempotencyKey: then it stores nothing and returns the attempt
	// recorded with that key and created=false. Concurrent calls with the
	// same key record exactly one attempt.
	RecordAttempt(ctx context.Context, a Attempt) (stored Attempt, created bool, err error)
	Attempts(ctx context.Context, q AttemptQuery, page domain.Page) ([]Attempt, error)
	// OpenHints records that the user opened the exercise's hints 1 to
	// step (each step once: opening a step again changes nothing) and
	// returns how many of its hints the user has opened in all.
	OpenHints(ctx context.Context, schoolID, userID, exerciseID string, step int, now time.Time) (int, error)
	// HintsOpened returns how many of the exercise's hints the user has
	// opened.
	HintsOpened(ctx context.Context, userID, exerciseID string) (int, error)
	// Revealed reports whether the user solved or gave up the exercise.
	Revealed(ctx context.Context, userID, exerciseID string) (bool, error)
	// StudentGrade returns the lowest grade of the classes in which the
	// user is enrolled as a student; ok is false when there is none.
	StudentGrade(ctx context.Context, userID string) (grade int, ok bool, err error)

	// Grants returns one Grant per assignment of schoolID that applies
	// at now to the student's work on the exercise (see Grant).
	Grants(ctx context.Context, schoolID, userID, exerciseID string, now time.Time) ([]Grant, error)
	// AssignedExercises returns the IDs of the exercises that the
	// assignments of schoolID applying to the student at now contain,
	// directly or through a lesson item.
	AssignedExercises(ctx context.Context, schoolID, userID string, now time.Time) ([]string, error)
	// MayBeLimited reports whether the exercise is in a live (not
	// withdrawn) assignment of schoolID that allows a limited number of
	// attempts or has a mastery gate, directly or through a lesson item. It may answer from a
	// snapshot a little out of date (see models.ExerciseStore), so that
	// the common answer has no extra database round trip; false means
	// the exercise takes the unlimited path.
	MayBeLimited(ctx context.Context, schoolID, exerciseID string) (bool, error)
	// AttemptsSince counts the user's recorded attempts of the exercise
	// created at or after each of since, in order.
	AttemptsSince(ctx context.Context, userID, exerciseID string, since []time.Time) ([]int, error)
	// RecordAttemptIf is RecordAttempt for a limited exercise, exact
	// under concurrency: serialized per (user, exercise), it returns the
	// attempt already recorded with a.IdempotencyKey if there is one;
	// otherwise it counts the user's attempts of the exercise since each
	// of since, calls allow with the counts and stores a only when allow
	// returns nil (its error is returned as is).
	RecordAttemptIf(ctx context.Context, a Attempt, since []time.Time, allow func(counts []int) error) (stored Attempt, created bool, err error)
}

// Grant is an assignment that applies to a student's work on an
// exercise: not withdrawn, open (its open time passed), meant for the
// student (the whole class, or the student among the chosen ones) in a
// class where the student is an active student, and containing the
// exercise as an exercise item or through a lesson item.
type Grant struct {
	AssignmentID string
	Title        string
	// AttemptsAllowed bounds the attempts of each exercise; 0 is
	// unlimited.
	AttemptsAllowed int
	// Since is when the assignment's count of attempts starts: the
	// latest of its creation, its open time and the student joining its
	// class.
	Since time.Time
	// Locked is set when the assignment's mastery gate keeps every item
	// giving the exercise closed to the student; UnlockedBy is the lesson
	// to master first.
	Locked     bool
	UnlockedBy string
	// UnlockedByTitle is the title of lesson UnlockedBy.
	UnlockedByTitle domain.Text
}

// LockedError refuses work on an exercise that every applicable
// assignment keeps behind a mastery gate (see Grant.Locked): the student
// must master the lesson UnlockedBy first. The API answers 409.
type LockedError struct {
	AssignmentID string
	Title        string
	UnlockedBy   string
	// Lesson is the title of lesson UnlockedBy.
	Lesson domain.Text
}

// Error says which lesson unlocks the exercise, in English.
func (e *LockedError) Error() string {
	return fmt.Sprintf("exercises: lesson_locked: master lesson %q of assignment %q first", e.UnlockedBy, e.Title)
}

// ExhaustedError refuses a student's submission when every applicable
// assignment with a limit has no attempts left (see Service.Submit).
// It names the assignment with the largest limit.
type ExhaustedError struct {
	AssignmentID string
	Title        string
	Allowed      int
}

// Error says which limit was reached, in English.
func (e *ExhaustedError) Error() string {
	return fmt.Sprintf("exercises: attempts_exhausted: %d attempts allowed in assignment %q, all used", e.Allowed, e.Title)
}
