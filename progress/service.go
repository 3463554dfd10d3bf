package progress

import (
	"context"
	"strconv"
	"time"

	"qixue/identity"
)

// ExerciseStats is a student's work on one exercise.
type ExerciseStats struct {
	ExerciseID string
	Game       string
	Attempts   int
	// Solved is set when any attempt was correct; FirstTry when the
	// first one was.
	Solved, FirstTry bool
	// TimeMS is the time spent over all attempts, as reported by the app.
	TimeMS int64
}

// SkillStats counts a student's first attempts of the exercises carrying
// one skill tag.
type SkillStats struct {
	Tag               string
	Attempted, Solved int
}

// Mastery is the skill's smoothed mastery (see Mastery).
func (s SkillStats) Mastery() float64 { return Mastery(s.Solved, s.Attempted) }

// Weak reports whether the skill is weak (see Weak).
func (s SkillStats) Weak() bool { return Weak(s.Solved, s.Attempted) }

// Summary is a student's progress: per exercise, per skill tag and the
// puzzle ratings per game.
type Summary struct {
	Exercises []ExerciseStats
	Skills    []SkillStats
	Ratings   []GameRating
}

// StatsStore reads the rollups of a student's attempts.
type StatsStore interface {
	// ExerciseStats returns the user's work per attempted exercise, in
	// exercise ID order.
	ExerciseStats(ctx context.Context, userID string) ([]ExerciseStats, error)
	// SkillStats returns the user's first attempts per skill tag, in tag
	// order.
	SkillStats(ctx context.Context, userID string) ([]SkillStats, error)
}

// Service runs the progress use cases.
type Service struct {
	ratings Store
	stats   StatsStore
	now     func() time.Time
}

// NewService returns a Service on the given stores; now defaults to
// time.Now.
func NewService(ratings Store, stats StatsStore, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{ratings: ratings, stats: stats, now: now}
}

// rate brings the user's ratings up to date with its attempts.
func (s *Service) rate(ctx context.Context, userID string) error {
	_, err := s.ratings.RatePending(ctx, userID, s.now().UTC())
	return err
}

// MyProgress returns the caller's own progress, rating its pending first
// attempts first. Staff callers have attempts only if they were students.
func (s *Service) MyProgress(ctx context.Context, p identity.Principal) (Summary, error) {
	if err := s.rate(ctx, p.UserID); err != nil {
		return Summary{}, err
	}
	var sum Summary
	var err error
	if sum.Exercises, err = s.stats.ExerciseStats(ctx, p.UserID); err != nil {
		return Summary{}, err
	}
	if sum.Skills, err = s.stats.SkillStats(ctx, p.UserID); err != nil {
		return Summary{}, err
	}
	if sum.Ratings, err = s.ratings.StudentRatings(ctx, p.UserID); err != nil {
		return Summary{}, err
	}
	return sum, nil
}

// MyRatingHistory returns a page of the caller's rating changes, newest
// first, of one game ("" for all), and the cursor of the next page ("" at
// the end).
func (s *Service) MyRatingHistory(ctx context.Context, p identity.Principal, game string, page identity.Page) ([]Change, string, error) {
	if err := s.rate(ctx, p.UserID); err != nil {
		return nil, "", err
	}
	if page.Limit <= 0 {
		page.Limit = identity.DefaultPageLimit
	}
	list, err := s.ratings.History(ctx, p.UserID, game, page)
	if err != nil {
		return nil, "", err
	}
	if len(list) > page.Limit {
		list = list[:page.Limit]
		return list, strconv.FormatInt(list[len(list)-1].Seq, 10), nil
	}
	return list, "", nil
}
