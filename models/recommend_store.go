package models

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"qixue/exercises"
	"qixue/progress"
)

// Practice implements assignments.Store in four queries whatever the
// number of exercises, tags or skills: the student's grade, the
// candidates with their tags and puzzle ratings (one row per tag), its
// skills and its ratings; then the review setting of its classes and its
// review schedule (see dueReviews: three reads and the changed rows). Candidates are built-in exercises only: a
// school's own exercises reach students through assignments.
func (s *AssignmentStore) Practice(ctx context.Context, studentID, schoolID string, since, now time.Time) (progress.Practice, error) {
	db := s.db.WithContext(ctx)
	grade, err := studentGrade(db, studentID)
	if err != nil {
		return progress.Practice{}, err
	}
	if !grade.Valid {
		return progress.Practice{}, nil
	}
	var rows []struct {
		ID         string
		Game       string
		Difficulty int
		Tag        sql.NullString
		Rating     sql.NullFloat64
		Deviation  sql.NullFloat64
		Volatility sql.NullFloat64
	}
	// Solved ever, or tried since since: not a candidate. Rows come in
	// exercise order, so an exercise's tags are adjacent.
	err = db.Raw(`SELECT e.id, e.game, e.difficulty, t.tag, r.rating, r.deviation, r.volatility
 FROM exercises e
 LEFT JOIN exercise_tags t ON t.exercise_id = e.id
 LEFT JOIN exercise_ratings r ON r.exercise_id = e.id
 WHERE e.school_id IS NULL AND e.archived_at IS NULL AND e.band = ?
  AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.user_id = ? AND a.school_id = ? AND a.exercise_id = e.id
   AND (a.outcome = ? OR a.created_at >= ?))
 ORDER BY e.id, t.tag`,
		string(exercises.BandOfGrade(int(grade.Int64))), studentID, schoolID, string(exercises.Correct), since).Scan(&rows).Error
	if err != nil {
		return progress.Practice{}, fmt.Errorf("practice candidates: %w", err)
	}
	var in progress.Practice
	for _, r := range rows {
		n := len(in.Candidates)
		if n == 0 || in.Candidates[n-1].ExerciseID != r.ID {
			c := progress.Candidate{ExerciseID: r.ID, Game: r.Game, Difficulty: r.Difficulty, Rated: r.Rating.Valid}
			if c.Rated {
				c.Puzzle = progress.Rating{Rating: r.Rating.Float64, Deviation: r.Deviation.Float64, Volatility: r.Volatility.Float64}
			}
			in.Candidates = append(in.Candidates, c)
			n++
		}
		if r.Tag.Valid {
			in.Candidates[n-1].Tags = append(in.Candidates[n-1].Tags, r.Tag.String)
		}
	}
	ps := NewProgressStore(s.db)
	if in.Skills, err = ps.SkillStats(ctx, studentID, time.Time{}); err != nil {
		return progress.Practice{}, err
	}
	if in.Ratings, err = ps.StudentRatings(ctx, studentID); err != nil {
		return progress.Practice{}, err
	}
	off, err := reviewOff(db, studentID)
	if err != nil || off {
		return in, err
	}
	if in.Due, err = dueReviews(ctx, s.db, studentID, schoolID, now); err != nil {
		return progress.Practice{}, err
	}
	return in, nil
}
