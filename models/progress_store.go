package models

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/progress"
)

// ProgressStore implements progress.Store with GORM.
//
// Ratings are derived from attempts by an idempotent recomputation rather
// than in the attempt's transaction: attempts are inserted by a batched
// multi-row INSERT on PostgreSQL (see attemptBatcher), which has no room
// for a per-row rating update, and a puzzle's rating is shared by every
// student, so rating inside the insert would serialize all submissions on
// popular puzzles. Instead a run locks the rating_state row, rates the
// first attempts that have no rating_changes row yet, in attempt ID (time)
// order, and records each with the next sequence number. The unique
// attempt_id of rating_changes and the lock make a run safe to repeat and
// to start concurrently: each first attempt is rated exactly once. Rebuild
// replays the attempts in sequence order, the order in which they were
// rated, so it gives the same numbers as the incremental runs.
type ProgressStore struct {
	db    *gorm.DB
	pause func(ctx context.Context, busy time.Duration) error
}

// NewProgressStore returns a ProgressStore on db. Its periodic pass
// (RatePending for every user) rests after each query and batch while
// answers are arriving (see arrivalRest): on PostgreSQL as long as they
// took, so it holds its own connection and a core at most half the time;
// on the embedded database three times as long, because there the pass
// shares the one writer with the answers and must leave them at least
// three quarters of it. With no answers arriving nothing waits for the
// writer, a connection or a core, and the pass does not rest.
func NewProgressStore(db *gorm.DB) *ProgressStore {
	if db.Dialector.Name() != "postgres" {
		return &ProgressStore{db: db, pause: arrivalRest(db, restArrivals, restTimes(3))}
	}
	return &ProgressStore{db: db, pause: arrivalRest(db, restArrivals, restTimes(1))}
}

// restArrivals is the answers recorded over the last second from which
// the periodic pass rests between batches: a class of 30 answering every
// few seconds is below it, a school day's load above.
const restArrivals = 50

// passStartKey is the context key of the start of the periodic pass
// running (a time.Time), which arrivalRest reads.
type passStartKey struct{}

// arrivalRest returns a pause that rests with rest only while answers
// arrive at threshold a second or more: it counts the attempts recorded
// over the last second, or since the pass started if that is later (one
// index range count on the attempt IDs, which carry their creation
// time); the backlog the pass found at its start competes with nothing.
// Otherwise it returns at once. Before, the pass rested after every
// batch whatever the load, which limited a backlog after a burst to a
// half (PostgreSQL) or a quarter (SQLite) of the rate of its statements.
func arrivalRest(db *gorm.DB, threshold int64, rest func(context.Context, time.Duration) error) func(context.Context, time.Duration) error {
	return func(ctx context.Context, busy time.Duration) error {
		now := time.Now()
		from := now.Add(-time.Second)
		if started, ok := ctx.Value(passStartKey{}).(time.Time); ok && started.After(from) {
			from = started
		}
		var n int64
		err := db.WithContext(ctx).Raw("SELECT count(*) FROM attempts WHERE id >= ?", v7Floor(from)).Scan(&n).Error
		if err != nil {
			return fmt.Errorf("recent answers: %w", err)
		}
		// n over the span counted against threshold a second, the span
		// at least 10 ms so that one answer just after the start is not a
		// rate of thousands.
		span := max(now.Sub(from), 10*time.Millisecond)
		if float64(n) < float64(threshold)*span.Seconds() {
			return nil
		}
		return rest(ctx, busy)
	}
}

// Paced returns a copy of s whose periodic pass calls pause after each
// query and batch with the time they took; an error from pause ends the
// pass with it.
func (s *ProgressStore) Paced(pause func(ctx context.Context, busy time.Duration) error) *ProgressStore {
	c := *s
	c.pause = pause
	return &c
}

// restTimes returns a pause that waits n times busy, or until ctx is done.
func restTimes(n int) func(ctx context.Context, busy time.Duration) error {
	return func(ctx context.Context, busy time.Duration) error {
		t := time.NewTimer(time.Duration(n) * busy)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			return nil
		}
	}
}

var _ progress.Store = (*ProgressStore)(nil)

// rateBatch bounds the attempts a student's own pass rates in one
// transaction.
const rateBatch = 500

// PassBatch bounds the attempts the periodic pass rates in one
// transaction on PostgreSQL; on SQLite it rates sqlitePassBatch, a write
// that answers (which insert attempts on the same connection) wait for at
// most a few milliseconds. The statements of a batch are a fixed handful
// whatever its size, so the larger batch is what lifts the pass's rate
// (100 a batch: 3,300 answers/s unpaced on PostgreSQL here).
const PassBatch = 1000

// sqlitePassBatch is the batch of the periodic pass on SQLite.
const sqlitePassBatch = 250

// PassBatchOf returns the batch of the periodic pass on db.
func PassBatchOf(db *gorm.DB) int {
	if db.Dialector.Name() == "postgres" {
		return PassBatch
	}
	return sqlitePassBatch
}

// StudentRatings implements progress.Store.
func (s *ProgressStore) StudentRatings(ctx context.Context, userID string) ([]progress.GameRating, error) {
	var rows []studentRatingRow
	if err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("game").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]progress.GameRating, len(rows))
	for i, r := range rows {
		out[i] = r.toGameRating()
	}
	return out, nil
}

// ExerciseRating implements progress.Store.
func (s *ProgressStore) ExerciseRating(ctx context.Context, exerciseID string) (progress.Rating, int, error) {
	var r exerciseRatingRow
	err := s.db.WithContext(ctx).Where("exercise_id = ?", exerciseID).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return progress.NewRating(), 0, nil
	}
	if err != nil {
		return progress.Rating{}, 0, err
	}
	return progress.Rating{Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}, r.Games, nil
}

// History implements progress.Store.
func (s *ProgressStore) History(ctx context.Context, userID, game string, page domain.Page) ([]progress.Change, error) {
	q := s.db.WithContext(ctx).Where("user_id = ?", userID)
	if game != "" {
		q = q.Where("game = ?", game)
	}
	if page.After != "" {
		after, err := strconv.ParseInt(page.After, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: bad cursor", domain.ErrValidation)
		}
		q = q.Where("seq < ?", after)
	}
	var rows []ratingChangeRow
	if err := q.Order("seq DESC").Limit(page.Limit + 1).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]progress.Change, len(rows))
	for i, r := range rows {
		out[i] = r.toChange()
	}
	return out, nil
}

var _ progress.StatsStore = (*ProgressStore)(nil)

// ExerciseStats implements progress.StatsStore.
func (s *ProgressStore) ExerciseStats(ctx context.Context, userID string, since time.Time) ([]progress.ExerciseStats, error) {
	var rows []struct {
		ExerciseID string
		Game       string
		Attempts   int
		Solved     int
		FirstTry   int
		TimeMS     int64 `gorm:"column:time_ms"`
		HintsUsed  int
	}
	err := s.db.WithContext(ctx).Raw(`SELECT a.exercise_id, e.game, COUNT(*) AS attempts,
  MAX(CASE WHEN a.outcome = ? THEN 1 ELSE 0 END) AS solved,
  MAX(CASE WHEN a.first_attempt AND a.outcome = ? THEN 1 ELSE 0 END) AS first_try,
  MAX(CASE WHEN a.first_attempt THEN a.hints_used ELSE 0 END) AS hints_used,
  COALESCE(SUM(a.time_ms), 0) AS time_ms
 FROM attempts a JOIN exercises e ON e.id = a.exercise_id
 WHERE a.user_id = ? AND a.created_at >= ? GROUP BY a.exercise_id, e.game ORDER BY a.exercise_id`,
		string(exercises.Correct), string(exercises.Correct), userID, since).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("exercise stats: %w", err)
	}
	out := make([]progress.ExerciseStats, len(rows))
	for i, r := range rows {
		out[i] = progress.ExerciseStats{ExerciseID: r.ExerciseID, Game: r.Game, Attempts: r.Attempts,
			Solved: r.Solved > 0, FirstTry: r.FirstTry > 0, TimeMS: r.TimeMS, HintsUsed: r.HintsUsed}
	}
	return out, nil
}

// SkillStats implements progress.StatsStore.
func (s *ProgressStore) SkillStats(ctx context.Context, userID string, since time.Time) ([]progress.SkillStats, error) {
	var rows []progress.SkillStats
	var raw []struct {
		Tag           string
		Attempted     int
		Solved        int
		FirstAttempts int
		FirstTry      int
	}
	// One row per exercise tried (as ExerciseStats), then per tag.
	err := s.db.WithContext(ctx).Raw(`SELECT t.tag, COUNT(*) AS attempted, COALESCE(SUM(x.solved), 0) AS solved,
  COALESCE(SUM(x.first_attempt), 0) AS first_attempts, COALESCE(SUM(x.first_try), 0) AS first_try
 FROM (SELECT a.exercise_id,
    MAX(CASE WHEN a.outcome = ? THEN 1 ELSE 0 END) AS solved,
    MAX(CASE WHEN a.first_attempt THEN 1 ELSE 0 END) AS first_attempt,
    MAX(CASE WHEN a.first_attempt AND a.outcome = ? THEN 1 ELSE 0 END) AS first_try
  FROM attempts a WHERE a.user_id = ? AND a.created_at >= ? GROUP BY a.exercise_id) x
 JOIN exercise_tags t ON t.exercise_id = x.exercise_id GROUP BY t.tag ORDER BY t.tag`,
		string(exercises.Correct), string(exercises.Correct), userID, since).Scan(&raw).Error
	if err != nil {
		return nil, fmt.Errorf("skill stats: %w", err)
	}
	for _, r := range raw {
		rows = append(rows, progress.SkillStats{Tag: r.Tag, Attempted: r.Attempted, Solved: r.Solved,
			FirstAttempts: r.FirstAttempts, FirstTry: r.FirstTry})
	}
	return rows, nil
}

// RecentActivity implements progress.StatsStore.
func (s *ProgressStore) RecentActivity(ctx context.Context, userID string, since time.Time, limit int) ([]progress.Activity, error) {
	var rows []attemptRow
	err := s.db.WithContext(ctx).Select("id", "exercise_id", "outcome", "time_ms", "hints_used", "created_at").
		Where("user_id = ? AND created_at >= ?", userID, since).Order("id DESC").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("recent activity: %w", err)
	}
	out := make([]progress.Activity, len(rows))
	for i, r := range rows {
		out[i] = progress.Activity{AttemptID: r.ID, ExerciseID: r.ExerciseID, Outcome: r.Outcome, TimeMS: r.TimeMS, HintsUsed: r.HintsUsed, At: r.CreatedAt.UTC()}
	}
	return out, nil
}

// JoinedTaught implements progress.StatsStore, with the enrollments
// that identity's Teaches reads: the teacher's and the student's active
// enrollments in the same class.
func (s *ProgressStore) JoinedTaught(ctx context.Context, teacherID, studentID string) (time.Time, bool, error) {
	var row struct{ Joined *aggTime } // NULL when they share no class
	err := s.db.WithContext(ctx).Table("enrollments AS t").Select("MIN(s.created_at) AS joined").
		Joins("JOIN enrollments AS s ON s.class_id = t.class_id").
		Where("t.user_id = ? AND t.role = ? AND s.user_id = ? AND s.role = ? AND t.deactivated_at IS NULL AND s.deactivated_at IS NULL",
			teacherID, string(domain.RoleTeacher), studentID, string(domain.RoleStudent)).
		Scan(&row).Error
	if err != nil || row.Joined == nil {
		return time.Time{}, false, err
	}
	return row.Joined.t, true, nil
}

// classAttemptsSQL joins a class's active student enrollments to their
// attempts of one exercise made since they joined.
const classAttemptsSQL = ` FROM attempts a JOIN enrollments en ON en.user_id = a.user_id
 WHERE en.class_id = ? AND en.role = 'student' AND en.deactivated_at IS NULL AND a.created_at >= en.created_at AND a.exercise_id = ?`

// ClassExerciseStats implements progress.StatsStore.
func (s *ProgressStore) ClassExerciseStats(ctx context.Context, schoolID, classID, exerciseID string, topWrong int) (progress.ClassExerciseStats, error) {
	db := s.db.WithContext(ctx)
	q := db.Model(&exerciseRow{}).Where("id = ? AND archived_at IS NULL", exerciseID)
	if schoolID != "" {
		q = q.Where("school_id IS NULL OR school_id = ?", schoolID)
	}
	var n int64
	if err := q.Count(&n).Error; err != nil {
		return progress.ClassExerciseStats{}, err
	}
	if n == 0 {
		return progress.ClassExerciseStats{}, domain.ErrNotFound
	}
	var per []struct {
		UserID    string
		Attempts  int
		Solved    int
		FirstTry  int
		FirstTime int
		Hints     int
	}
	correct := string(exercises.Correct)
	// A student's first attempt in the class is its earliest one since
	// joining (its first attempt ever, when it joined before trying).
	err := db.Raw(`SELECT a.user_id, COUNT(*) AS attempts,
  MAX(CASE WHEN a.outcome = ? THEN 1 ELSE 0 END) AS solved,
  MAX(CASE WHEN a.first_attempt AND a.outcome = ? THEN 1 ELSE 0 END) AS first_try,
  MAX(CASE WHEN a.first_attempt THEN a.time_ms ELSE -1 END) AS first_time,
  MAX(CASE WHEN a.first_attempt THEN a.hints_used ELSE 0 END) AS hints`+classAttemptsSQL+` GROUP BY a.user_id`,
		correct, correct, classID, exerciseID).Scan(&per).Error
	if err != nil {
		return progress.ClassExerciseStats{}, fmt.Errorf("class exercise stats: %w", err)
	}
	var st progress.ClassExerciseStats
	for _, r := range per {
		st.Students++
		st.Attempts += r.Attempts
		if r.Solved > 0 {
			st.Solved++
		}
		if r.FirstTry > 0 {
			st.FirstTry++
		}
		if r.Hints > 0 {
			st.Hinted++
			st.HintsUsed += r.Hints
		}
		if r.FirstTime >= 0 {
			st.FirstTimesMS = append(st.FirstTimesMS, r.FirstTime)
		}
	}
	var wrong []struct {
		Answer string
		N      int
	}
	err = db.Raw(`SELECT a.answer, COUNT(*) AS n`+classAttemptsSQL+` AND a.outcome = ? AND a.answer <> ''
 GROUP BY a.answer ORDER BY n DESC, a.answer LIMIT `+strconv.Itoa(topWrong), classID, exerciseID, string(exercises.Wrong)).Scan(&wrong).Error
	if err != nil {
		return progress.ClassExerciseStats{}, fmt.Errorf("wrong answers: %w", err)
	}
	for _, w := range wrong {
		st.Wrong = append(st.Wrong, progress.WrongAnswer{Answer: w.Answer, Count: w.N})
	}
	return st, nil
}

// LessonExercises implements progress.StatsStore. A lesson's exercise
// block names a bank key (stored under exercises.BankID(key)) or, in a
// school's lesson, a school exercise's ID.
func (s *ProgressStore) LessonExercises(ctx context.Context, schoolID string) ([]progress.LessonExercises, error) {
	var rows []lessonRow
	q := s.db.WithContext(ctx).Select("lessons.id", "lessons.blocks").
		Joins("JOIN curricula ON curricula.id = lessons.curriculum_id").Where("lessons.retired_at IS NULL")
	if schoolID != "" {
		q = q.Where("curricula.school_id IS NULL OR curricula.school_id = ?", schoolID)
	}
	if err := q.Order("lessons.id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("lesson exercises: %w", err)
	}
	var out []progress.LessonExercises
	for _, r := range rows {
		ids, err := blockExerciseIDs(r.ID, r.Blocks)
		if err != nil {
			return nil, err
		}
		if len(ids) > 0 {
			out = append(out, progress.LessonExercises{LessonID: r.ID, ExerciseIDs: ids})
		}
	}
	return out, nil
}
