package models

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/exercises"
	"qixue/identity"
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
// (RatePending for every user) rests after each query and batch: on
// PostgreSQL as long as they took, so it holds its own connection and a
// core at most half the time; on the embedded database three times as
// long, because there the pass shares the one writer with the answers
// and must leave them at least three quarters of it.
func NewProgressStore(db *gorm.DB) *ProgressStore {
	if db.Dialector.Name() != "postgres" {
		return &ProgressStore{db: db, pause: restTimes(3)}
	}
	return &ProgressStore{db: db, pause: restTimes(1)}
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
// transaction: a short write that answers (which insert attempts on the
// same connection on SQLite) wait for at most a few milliseconds.
const PassBatch = 100

// pendingAttempt is a first attempt to rate.
type pendingAttempt struct {
	ID         string
	UserID     string
	ExerciseID string
	Outcome    string
	CreatedAt  time.Time
	Game       string
}

// pendingSQL selects first attempts of game exercises with no rating
// change yet. Exercises of no game (generic questions) are not rated.
// The %s is a further condition on the rating changes looked at
// (pendingFrom), "" for none.
const pendingSQL = `SELECT a.id, a.user_id, a.exercise_id, a.outcome, a.created_at, e.game
 FROM attempts a JOIN exercises e ON e.id = a.exercise_id
 WHERE a.first_attempt AND e.game <> '' AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.attempt_id = a.id%s)`

// pendingIn returns pendingSQL for the attempts with IDs in [lo, hi)
// (above lo when strict), with the same bounds on the rating changes it
// looks at, and its arguments. Both bounds matter on PostgreSQL: without
// one on rating_changes each batch was a merge anti join reading
// rating_changes from its first row (every rating change ever made, once
// per batch of 100: 39 ms a batch at 17k changes, growing with the
// table), and without an upper bound on attempts a batch walked every
// rated first attempt of the pass's range (heap visits, with no vacuum to
// set the visibility map) until it found 100 pending ones.
func pendingIn(lo, hi string, strict bool) (string, []any) {
	op := ">="
	if strict {
		op = ">"
	}
	return fmt.Sprintf(pendingSQL, " AND c.attempt_id "+op+" ? AND c.attempt_id < ?") + " AND a.id " + op + " ? AND a.id < ?",
		[]any{lo, hi, lo, hi}
}

// passWindow is the span of attempt creation times one query of the
// periodic pass walks: at 2,000 answers/s about 4,000 attempts.
const passWindow = 2 * time.Second

// RatePending implements progress.Store. It works in batches: each reads
// the next pending attempts outside any transaction (on SQLite through
// the read pool), then rates those still pending in one short write
// transaction. The periodic pass (userID "") is ratePass.
func (s *ProgressStore) RatePending(ctx context.Context, userID string, now time.Time) (int, error) {
	if userID == "" {
		return s.ratePass(ctx, now)
	}
	// The student's rating changes only (the change of an attempt has
	// its user), for the same reason as pendingIn's bounds.
	q := fmt.Sprintf(pendingSQL, " AND c.user_id = ?") + " AND a.user_id = ?"
	limit := " ORDER BY a.id LIMIT " + strconv.Itoa(rateBatch)
	total, after := 0, ""
	for {
		q, args := q, []any{userID, userID}
		if after != "" {
			q, args = q+" AND a.id > ?", append(args, after)
		}
		var list []pendingAttempt
		if err := s.db.WithContext(ctx).Raw(q+limit, args...).Scan(&list).Error; err != nil {
			return total, fmt.Errorf("pending attempts: %w", err)
		}
		if len(list) == 0 {
			return total, nil
		}
		after = list[len(list)-1].ID
		n, err := s.rateStill(ctx, list, now)
		total += n
		if err != nil || len(list) < rateBatch {
			return total, err
		}
	}
}

// ratePass is the periodic pass. It rates the pending first attempts
// created from the search bound (see scanMargin) up to its own start, not
// the ones arriving while it runs (the next pass's), so its work is
// bounded by what was pending when it started. It walks that range in
// windows of passWindow, each query bounded on both sides, takes
// PassBatch attempts a batch and rests after each query as long as it
// took with its batch (see NewProgressStore), so a large backlog never holds the
// writer, a connection or a core for long.
func (s *ProgressStore) ratePass(ctx context.Context, now time.Time) (int, error) {
	// Attempt IDs carry the wall clock (UUIDv7), so the pass's bounds
	// do too, whatever clock now comes from.
	started := time.Now()
	end := v7Floor(started.Add(time.Millisecond)) // its millisecond included
	from, err := s.scannedFrom(ctx)
	if err != nil {
		return 0, err
	}
	if from == "" {
		// The first pass starts at the oldest attempt.
		var oldest []string
		if err := s.db.WithContext(ctx).Raw("SELECT id FROM attempts ORDER BY id LIMIT 1").Scan(&oldest).Error; err != nil {
			return 0, fmt.Errorf("oldest attempt: %w", err)
		}
		if len(oldest) == 0 {
			return 0, s.markScanned(ctx, started)
		}
		from = oldest[0]
	}
	limit := " ORDER BY a.id LIMIT " + strconv.Itoa(PassBatch)
	total, batches := 0, 0
	for lo, after := from, ""; lo < end; {
		hi := min(end, v7Floor(v7Time(lo).Add(passWindow)))
		if hi <= lo {
			hi = end
		}
		began := time.Now()
		q, args := pendingIn(lo, hi, false)
		if after != "" {
			q, args = pendingIn(after, hi, true)
		}
		var list []pendingAttempt
		if err := s.db.WithContext(ctx).Raw(q+limit, args...).Scan(&list).Error; err != nil {
			return total, fmt.Errorf("pending attempts: %w", err)
		}
		if len(list) < PassBatch {
			// The window is done: the next one starts at the next
			// attempt after it, so that hours without answers (or a
			// server stopped for the holidays) are one step, not one
			// query per window.
			next, err := s.nextAttempt(ctx, hi)
			if err != nil {
				return total, err
			}
			if next == "" {
				next = end
			}
			lo, after = min(next, end), ""
		} else {
			after = list[len(list)-1].ID
		}
		if len(list) > 0 {
			n, err := s.rateStill(ctx, list, now)
			total += n
			if err != nil {
				return total, err
			}
			if batches++; batches%vacuumEvery == 0 {
				if err := s.vacuumRatings(ctx); err != nil {
					return total, err
				}
			}
		}
		if s.pause != nil {
			if err := s.pause(ctx, time.Since(began)); err != nil {
				return total, err
			}
		}
	}
	if batches%vacuumEvery != 0 {
		if err := s.vacuumRatings(ctx); err != nil {
			return total, err
		}
	}
	return total, s.markScanned(ctx, started)
}

// nextAttempt returns the lowest attempt ID not below from ("" when
// there is none).
func (s *ProgressStore) nextAttempt(ctx context.Context, from string) (string, error) {
	var next []string
	if err := s.db.WithContext(ctx).Raw("SELECT id FROM attempts WHERE id >= ? ORDER BY id LIMIT 1", from).Scan(&next).Error; err != nil {
		return "", fmt.Errorf("next attempt: %w", err)
	}
	if len(next) == 0 {
		return "", nil
	}
	return next[0], nil
}

// vacuumEvery is how many rating batches the periodic pass writes between
// two vacuumRatings.
const vacuumEvery = 20

// vacuumRatings vacuums, on PostgreSQL, the small tables every batch
// updates: each batch rewrites the ratings of its students and puzzles
// and the rating state, so without vacuum they fill with dead row
// versions that every later upsert walks. Autovacuum would do it, but
// this machine's cluster (and any school's that turns it off) runs
// without: after one 65 s benchmark at 2,000 answers/s student_ratings
// held 400 live rows, 31,355 dead ones and 4 MB, and its 100-row upsert
// took 22.6 ms, the largest part of a batch. VACUUM takes no lock that
// answers or reads wait for.
func (s *ProgressStore) vacuumRatings(ctx context.Context) error {
	if s.db.Dialector.Name() != "postgres" {
		return nil
	}
	if err := s.db.WithContext(ctx).Exec("VACUUM student_ratings, exercise_ratings, rating_state").Error; err != nil {
		return fmt.Errorf("vacuum ratings: %w", err)
	}
	return nil
}

// v7Time returns the creation time a UUIDv7 in its text form carries
// (its first 48 bits, Unix milliseconds); the zero Unix time for text
// that does not start with 12 hex digits.
func v7Time(id string) time.Time {
	hex := strings.ReplaceAll(id, "-", "")
	if len(hex) < 12 {
		return time.UnixMilli(0)
	}
	ms, err := strconv.ParseUint(hex[:12], 16, 64)
	if err != nil {
		return time.UnixMilli(0)
	}
	return time.UnixMilli(int64(ms))
}

// rateStill rates, in one transaction holding the rating lock, the
// attempts of list that no other pass has rated since list was read, and
// returns how many it rated.
func (s *ProgressStore) rateStill(ctx context.Context, list []pendingAttempt, now time.Time) (int, error) {
	n := 0
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		next, err := lockRatingState(tx)
		if err != nil {
			return err
		}
		ids := make([]string, len(list))
		for i, a := range list {
			ids[i] = a.ID
		}
		var done []string
		if err := inList(tx.Model(&ratingChangeRow{}), "attempt_id", ids).Pluck("attempt_id", &done).Error; err != nil {
			return fmt.Errorf("rated attempts: %w", err)
		}
		if len(done) > 0 {
			rated := make(map[string]bool, len(done))
			for _, id := range done {
				rated[id] = true
			}
			list = slices.DeleteFunc(list, func(a pendingAttempt) bool { return rated[a.ID] })
		}
		n = len(list)
		if n == 0 {
			return nil
		}
		return rate(tx, list, next, now)
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// scanMargin is how long after its creation time an attempt may still be
// committed: the batched insert gives up after 30 s and a request after
// the server's write timeout (60 s). A periodic pass that starts at t has
// rated every attempt created before t - scanMargin, and the next pass
// starts its search there; an attempt committed later still is rated by
// its student's own pass (any progress read). Every pass walks the
// margin's attempts again, already rated: at 2,000 answers/s ten minutes
// were 1.2 M attempts a pass.
const scanMargin = 2 * time.Minute

// scannedFrom returns the lowest attempt ID the periodic pass must look
// at ("" before the first pass).
func (s *ProgressStore) scannedFrom(ctx context.Context) (string, error) {
	var rows []ratingStateRow
	if err := s.db.WithContext(ctx).Where("id = 1").Limit(1).Find(&rows).Error; err != nil {
		return "", fmt.Errorf("rating state: %w", err)
	}
	if len(rows) == 0 {
		return "", nil
	}
	return rows[0].ScannedFrom, nil
}

// markScanned records, after a periodic pass that started at start, that
// every attempt created before start - scanMargin is rated; the bound
// never moves back.
func (s *ProgressStore) markScanned(ctx context.Context, start time.Time) error {
	from := v7Floor(start.Add(-scanMargin))
	err := s.db.WithContext(ctx).Model(&ratingStateRow{}).Where("id = 1 AND scanned_from < ?", from).
		Update("scanned_from", from).Error
	if err != nil {
		return fmt.Errorf("rating state: %w", err)
	}
	return nil
}

// v7Floor returns the lowest UUIDv7, in its text form, of the millisecond
// of t: attempt IDs are UUIDv7 (48-bit Unix milliseconds first), whose
// lowercase text sorts in time order, so every attempt created at or
// after t has an ID not below it.
func v7Floor(t time.Time) string {
	ms := uint64(max(t.UnixMilli(), 0))
	return fmt.Sprintf("%08x-%04x-0000-0000-000000000000", ms>>16, ms&0xffff)
}

// Rebuild implements progress.Store.
func (s *ProgressStore) Rebuild(ctx context.Context, now time.Time) (int, error) {
	n := 0
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := lockRatingState(tx); err != nil {
			return err
		}
		// The attempts in the order they were rated, then the pending
		// ones in attempt order.
		var list []pendingAttempt
		err := tx.Raw(`SELECT a.id, a.user_id, a.exercise_id, a.outcome, a.created_at, e.game
 FROM rating_changes c JOIN attempts a ON a.id = c.attempt_id JOIN exercises e ON e.id = a.exercise_id
 WHERE a.first_attempt AND e.game <> '' ORDER BY c.seq`).Scan(&list).Error
		if err != nil {
			return fmt.Errorf("rated attempts: %w", err)
		}
		var pending []pendingAttempt
		if err := tx.Raw(fmt.Sprintf(pendingSQL, "") + " ORDER BY a.id").Scan(&pending).Error; err != nil {
			return fmt.Errorf("pending attempts: %w", err)
		}
		list = append(list, pending...)
		for _, m := range []any{&ratingChangeRow{}, &studentRatingRow{}, &exerciseRatingRow{}} {
			if err := tx.Session(&gorm.Session{AllowGlobalUpdate: true}).Delete(m).Error; err != nil {
				return err
			}
		}
		n = len(list)
		return rate(tx, list, 1, now)
	})
	return n, err
}

// lockRatingState creates the rating_state row if missing, locks it and
// returns the next sequence number.
func lockRatingState(tx *gorm.DB) (int64, error) {
	if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&ratingStateRow{ID: 1, NextSeq: 1}).Error; err != nil {
		return 0, fmt.Errorf("rating state: %w", err)
	}
	q := tx
	if tx.Dialector.Name() == "postgres" {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	var st ratingStateRow
	if err := q.Take(&st, 1).Error; err != nil {
		return 0, fmt.Errorf("lock rating state: %w", err)
	}
	return st.NextSeq, nil
}

// rate applies list in order, numbering the changes from seq, and saves
// the ratings touched and the next sequence number. It reads and writes
// the ratings of the whole list at once: a fixed handful of statements per
// call, whatever the number of students and puzzles in it.
func rate(tx *gorm.DB, list []pendingAttempt, seq int64, now time.Time) error {
	if len(list) == 0 {
		return tx.Model(&ratingStateRow{}).Where("id = 1").Update("next_seq", seq).Error
	}
	students, puzzles, err := loadRatings(tx, list)
	if err != nil {
		return err
	}
	changes := make([]ratingChangeRow, 0, len(list))
	for _, a := range list {
		st, pz := students[[2]string{a.UserID, a.Game}], puzzles[a.ExerciseID]
		before := progress.Rating{Rating: st.Rating, Deviation: st.Deviation, Volatility: st.Volatility}
		solved := a.Outcome == string(exercises.Correct)
		after, pAfter := progress.RatePuzzle(before,
			progress.Rating{Rating: pz.Rating, Deviation: pz.Deviation, Volatility: pz.Volatility}, solved)
		st.Rating, st.Deviation, st.Volatility, st.Games, st.UpdatedAt = after.Rating, after.Deviation, after.Volatility, st.Games+1, now
		pz.Rating, pz.Deviation, pz.Volatility, pz.Games, pz.UpdatedAt = pAfter.Rating, pAfter.Deviation, pAfter.Volatility, pz.Games+1, now
		changes = append(changes, ratingChangeRow{
			Seq: seq, AttemptID: a.ID, UserID: a.UserID, ExerciseID: a.ExerciseID, Game: a.Game, Solved: solved,
			RatingBefore: before.Rating, DeviationBefore: before.Deviation, VolatilityBefore: before.Volatility,
			RatingAfter: after.Rating, DeviationAfter: after.Deviation, VolatilityAfter: after.Volatility,
			AttemptedAt: a.CreatedAt, RatedAt: now,
		})
		seq++
	}
	if err := tx.CreateInBatches(changes, rateBatch).Error; err != nil {
		return fmt.Errorf("rating changes: %w", err)
	}
	if err := upsertAll(tx, students); err != nil {
		return fmt.Errorf("student ratings: %w", err)
	}
	if err := upsertAll(tx, puzzles); err != nil {
		return fmt.Errorf("puzzle ratings: %w", err)
	}
	return tx.Model(&ratingStateRow{}).Where("id = 1").Update("next_seq", seq).Error
}

// loadRatings reads the current ratings of the students (per game) and
// puzzles of list, in two queries, starting those never rated at the
// Glicko-2 defaults.
func loadRatings(tx *gorm.DB, list []pendingAttempt) (map[[2]string]*studentRatingRow, map[string]*exerciseRatingRow, error) {
	students := map[[2]string]*studentRatingRow{}
	puzzles := map[string]*exerciseRatingRow{}
	var userIDs, exerciseIDs []string
	for _, a := range list {
		userIDs, exerciseIDs = append(userIDs, a.UserID), append(exerciseIDs, a.ExerciseID)
	}
	var srows []studentRatingRow
	if err := inList(tx, "user_id", uniq(userIDs)).Find(&srows).Error; err != nil {
		return nil, nil, fmt.Errorf("student ratings: %w", err)
	}
	for i := range srows {
		students[[2]string{srows[i].UserID, srows[i].Game}] = &srows[i]
	}
	var prows []exerciseRatingRow
	if err := inList(tx, "exercise_id", uniq(exerciseIDs)).Find(&prows).Error; err != nil {
		return nil, nil, fmt.Errorf("puzzle ratings: %w", err)
	}
	for i := range prows {
		puzzles[prows[i].ExerciseID] = &prows[i]
	}
	r := progress.NewRating()
	for _, a := range list {
		if key := [2]string{a.UserID, a.Game}; students[key] == nil {
			students[key] = &studentRatingRow{UserID: a.UserID, Game: a.Game, Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
		}
		if puzzles[a.ExerciseID] == nil {
			puzzles[a.ExerciseID] = &exerciseRatingRow{ExerciseID: a.ExerciseID, Rating: r.Rating, Deviation: r.Deviation, Volatility: r.Volatility}
		}
	}
	return students, puzzles, nil
}

// upsertAll writes the rows of m, inserting new ones and replacing the
// columns of existing ones, in batches of one statement each.
func upsertAll[K comparable, R any](tx *gorm.DB, m map[K]*R) error {
	if len(m) == 0 {
		return nil
	}
	rows := make([]*R, 0, len(m))
	for _, r := range m {
		rows = append(rows, r)
	}
	return tx.Clauses(clause.OnConflict{UpdateAll: true}).CreateInBatches(rows, rateBatch).Error
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
func (s *ProgressStore) History(ctx context.Context, userID, game string, page identity.Page) ([]progress.Change, error) {
	q := s.db.WithContext(ctx).Where("user_id = ?", userID)
	if game != "" {
		q = q.Where("game = ?", game)
	}
	if page.After != "" {
		after, err := strconv.ParseInt(page.After, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: bad cursor", identity.ErrValidation)
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
			teacherID, string(identity.RoleTeacher), studentID, string(identity.RoleStudent)).
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
		return progress.ClassExerciseStats{}, identity.ErrNotFound
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
