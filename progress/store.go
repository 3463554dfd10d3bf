package progress

import (
	"context"
	"qixue/domain"
	"time"
)

// GameRating is a student's puzzle rating in one game.
type GameRating struct {
	Game   string
	Rating Rating
	// Games counts the rated first attempts.
	Games     int
	UpdatedAt time.Time
}

// Level returns the child-friendly level of the rating.
func (g GameRating) Level() Level { return LevelOf(g.Rating.Rating) }

// Change is one entry of a student's rating history: the rating of a game
// before and after one rated first attempt.
type Change struct {
	// Seq orders all rating changes: the order in which they were applied.
	Seq        int64
	AttemptID  string
	ExerciseID string
	Game       string
	Solved     bool
	Before     Rating
	After      Rating
	// At is the time of the attempt.
	At time.Time
}

// Store keeps puzzle ratings. Ratings are derived from attempts: only a
// student's first attempt of an exercise of a game counts, once, and in
// the order recorded by Change.Seq.
type Store interface {
	// RatePending rates the first attempts not rated yet, of one user
	// (userID "" rates those of every user), in attempt order, and returns
	// how many it rated. It is idempotent and safe to run concurrently:
	// runs are serialized, so an attempt is rated exactly once.
	RatePending(ctx context.Context, userID string, now time.Time) (int, error)
	// Rebuild recomputes every rating and the whole history from the
	// attempts, replaying them in the order they were first rated and
	// then rating the pending ones; it returns how many it rated. With no
	// new attempts it changes nothing.
	Rebuild(ctx context.Context, now time.Time) (int, error)
	// StudentRatings returns a user's ratings, by game.
	StudentRatings(ctx context.Context, userID string) ([]GameRating, error)
	// ExerciseRating returns a puzzle's rating and its rated attempts; a
	// puzzle never attempted has NewRating and 0.
	ExerciseRating(ctx context.Context, exerciseID string) (Rating, int, error)
	// History returns up to page.Limit+1 of a user's rating changes,
	// newest first, of one game ("" for all), after the cursor page.After
	// (a Seq).
	History(ctx context.Context, userID, game string, page domain.Page) ([]Change, error)
}
