package models

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/exercises"
	"qixue/progress"
)

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
// the ones arriving while it runs, so each range's work is bounded by
// what was pending when the range started; a range that rated at least a
// batch (a backlog, not a trickle) is followed at once by the next one,
// from its end to the new now (without the margin), until a range rates
// less or maxChain has passed, so that after a burst the ratings are
// current when the pass ends instead of a whole interval later. Each range walks its span in windows of
// passWindow, each query bounded on both sides, takes PassBatchOf
// attempts a batch and, while answers arrive, rests after each query as
// long as it took with its batch (see NewProgressStore), so a large
// backlog never holds the writer, a connection or a core for long.
//
// On PostgreSQL one periodic pass runs at a time across every replica:
// the pass holds a session advisory lock (RatingPassLock) on a connection
// of its own, and a replica whose try finds it taken returns at once,
// rating nothing (its next interval tries again; a replica that dies
// drops its connection and the lock with it).
func (s *ProgressStore) ratePass(ctx context.Context, now time.Time) (int, error) {
	if s.db.Dialector.Name() != "postgres" {
		return s.rateChain(ctx, now)
	}
	total := 0
	err := s.db.WithContext(ctx).Connection(func(conn *gorm.DB) error {
		var got bool
		if err := conn.Raw("SELECT pg_try_advisory_lock(?)", RatingPassLock).Scan(&got).Error; err != nil {
			return fmt.Errorf("rating pass lock: %w", err)
		}
		if !got {
			return nil // another replica's pass is running
		}
		defer conn.WithContext(context.WithoutCancel(ctx)).Exec("SELECT pg_advisory_unlock(?)", RatingPassLock)
		var err error
		total, err = s.rateChain(ctx, now)
		return err
	})
	return total, err
}

// RatingPassLock is the PostgreSQL advisory lock key of the periodic
// rating pass ("QX_RATE" in ASCII).
const RatingPassLock int64 = 0x51585f52415445

// maxChain bounds how long the periodic pass goes on from range to range
// while answers keep arriving; the next interval's pass starts again from
// the margin.
const maxChain = 5 * time.Minute

// rateChain runs the ranges of one periodic pass (see ratePass).
func (s *ProgressStore) rateChain(ctx context.Context, now time.Time) (int, error) {
	first := time.Now()
	from, err := s.scannedFrom(ctx)
	if err != nil {
		return 0, err
	}
	total := 0
	for {
		// Attempt IDs carry the wall clock (UUIDv7), so a range's bounds
		// do too, whatever clock now comes from.
		started := time.Now()
		n, end, err := s.rateRange(ctx, from, started, now)
		total += n
		if err != nil {
			return total, err
		}
		if err := s.markScanned(ctx, started); err != nil {
			return total, err
		}
		if n < PassBatchOf(s.db) || time.Since(first) > maxChain {
			return total, nil
		}
		from = end
	}
}

// rateRange rates the pending first attempts from from ("" for the
// oldest attempt) up to started and returns how many it rated and the
// range's end.
func (s *ProgressStore) rateRange(ctx context.Context, from string, started, now time.Time) (int, string, error) {
	ctx = context.WithValue(ctx, passStartKey{}, started)
	end := v7Floor(started.Add(time.Millisecond)) // its millisecond included
	if from == "" {
		// The first pass starts at the oldest attempt.
		var oldest []string
		if err := s.db.WithContext(ctx).Raw("SELECT id FROM attempts ORDER BY id LIMIT 1").Scan(&oldest).Error; err != nil {
			return 0, end, fmt.Errorf("oldest attempt: %w", err)
		}
		if len(oldest) == 0 {
			return 0, end, nil
		}
		from = oldest[0]
	}
	batch := PassBatchOf(s.db)
	limit := " ORDER BY a.id LIMIT " + strconv.Itoa(batch)
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
			return total, end, fmt.Errorf("pending attempts: %w", err)
		}
		if len(list) < batch {
			// The window is done: the next one starts at the next
			// attempt after it, so that hours without answers (or a
			// server stopped for the holidays) are one step, not one
			// query per window.
			next, err := s.nextAttempt(ctx, hi)
			if err != nil {
				return total, end, err
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
				return total, end, err
			}
			if batches++; batches%vacuumEvery == 0 {
				if err := s.vacuumRatings(ctx); err != nil {
					return total, end, err
				}
			}
		}
		if s.pause != nil {
			if err := s.pause(ctx, time.Since(began)); err != nil {
				return total, end, err
			}
		}
	}
	if batches%vacuumEvery != 0 {
		if err := s.vacuumRatings(ctx); err != nil {
			return total, end, err
		}
	}
	return total, end, nil
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
