package models

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
)

// ExerciseStore implements exercises.Store with GORM.
type ExerciseStore struct {
	db *gorm.DB
	// insertSQL is insertAttempt in the dialect's placeholders; the hot
	// attempt insert goes straight to database/sql.
	insertSQL string
	// batch groups concurrent attempt inserts (PostgreSQL only).
	batch *attemptBatcher
	// limits holds the snapshots of limited exercises (see
	// MayBeLimited).
	limits limitSnapshots
}

var _ exercises.Store = (*ExerciseStore)(nil)

// NewExerciseStore returns the exercise store on db. Its snapshot of
// limited exercises is trusted for DefaultLimitsTTL unless an option
// says otherwise.
func NewExerciseStore(db *gorm.DB, opts ...ExerciseStoreOption) *ExerciseStore {
	s := &ExerciseStore{db: db, limits: limitSnapshots{ttl: DefaultLimitsTTL}}
	for _, o := range opts {
		o(s)
	}
	q := insertAttempt
	if db.Dialector.Name() == "postgres" {
		if sqlDB, err := db.DB(); err == nil {
			s.batch = newAttemptBatcher(sqlDB)
		}
		var b strings.Builder
		n := 0
		for _, r := range insertAttempt {
			if r == '?' {
				n++
				fmt.Fprintf(&b, "$%d", n)
				continue
			}
			b.WriteRune(r)
		}
		q = b.String()
	}
	s.insertSQL = q
	return s
}

// Close stops the background work of the store (the PostgreSQL attempt
// batcher's flushers) after the attempts it holds are answered. Use the
// store only for reads after it; attempts are then stored one by one.
func (s *ExerciseStore) Close() {
	if s.batch != nil {
		s.batch.close()
	}
}

// exerciseColumns are the columns a bank load or an edit rewrites.
var exerciseColumns = []string{"kind", "game", "band", "difficulty", "title_zh", "title_en", "body_zh", "body_en",
	"prompt", "solution", "tags", "hints", "content_hash", "updated_at"}

// bankColumns are the columns a bank load rewrites: the content, and
// archived_at, cleared when a retired exercise comes back.
var bankColumns = append(append([]string{}, exerciseColumns...), "archived_at")

// SyncBank upserts the built-in exercises by key; unchanged ones (same
// content hash, not retired) are not written. Stored bank exercises whose
// key is not in bank are retired (archived at now), not deleted, so that
// their attempts stay; one that comes back is un-retired and counted as
// updated.
func (s *ExerciseStore) SyncBank(ctx context.Context, bank []exercises.Exercise, now time.Time) (inserted, updated int, err error) {
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inserted, updated = 0, 0
		var known []exerciseRow
		if err := tx.Select("id", "bank_key", "content_hash", "archived_at").Where("bank_key IS NOT NULL").Find(&known).Error; err != nil {
			return err
		}
		stored := make(map[string]exerciseRow, len(known))
		for _, r := range known {
			stored[*r.Key] = r
		}
		inBank := make(map[string]bool, len(bank))
		for _, ex := range bank {
			inBank[ex.Key] = true
			r := toExerciseRow(ex, now)
			r.SchoolID = nil
			old, exists := stored[ex.Key]
			if exists && old.ContentHash == r.ContentHash && old.ArchivedAt == nil {
				continue
			}
			err := tx.Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "bank_key"}},
				DoUpdates: clause.AssignmentColumns(bankColumns),
			}).Create(&r).Error
			if err != nil {
				return fmt.Errorf("store bank exercise %s: %w", ex.Key, err)
			}
			var id string
			if err := tx.Model(&exerciseRow{}).Select("id").Where("bank_key = ?", ex.Key).Scan(&id).Error; err != nil {
				return err
			}
			if err := replaceTags(tx, id, ex.Tags); err != nil {
				return err
			}
			if exists {
				updated++
			} else {
				inserted++
			}
		}
		var retire []string
		for _, r := range known {
			if !inBank[*r.Key] && r.ArchivedAt == nil {
				retire = append(retire, r.ID)
			}
		}
		if len(retire) > 0 {
			err := inList(tx.Model(&exerciseRow{}), "id", retire).
				Updates(map[string]any{"archived_at": now, "updated_at": now}).Error
			if err != nil {
				return fmt.Errorf("retire bank exercises: %w", err)
			}
		}
		return nil
	})
	return inserted, updated, err
}

// replaceTags sets the tag rows of an exercise.
func replaceTags(tx *gorm.DB, exerciseID string, tags []string) error {
	if err := tx.Where("exercise_id = ?", exerciseID).Delete(&exerciseTagRow{}).Error; err != nil {
		return err
	}
	if len(tags) == 0 {
		return nil
	}
	rows := make([]exerciseTagRow, 0, len(tags))
	seen := map[string]bool{}
	for _, t := range tags {
		if !seen[t] {
			seen[t] = true
			rows = append(rows, exerciseTagRow{ExerciseID: exerciseID, Tag: t})
		}
	}
	return tx.Create(&rows).Error
}

// visible keeps built-in exercises and those of the scope's school that
// are not archived (deleted by their school, or retired from the bank).
func visible(q *gorm.DB, sc identity.Scope) *gorm.DB {
	q = q.Where("archived_at IS NULL")
	if sc.SchoolID != "" {
		return q.Where("(school_id IS NULL OR school_id = ?)", sc.SchoolID)
	}
	return q
}

// Exercise returns a built-in exercise or one of the scope's school.
func (s *ExerciseStore) Exercise(ctx context.Context, sc identity.Scope, id string) (exercises.Exercise, error) {
	if !isUUID(id) {
		return exercises.Exercise{}, domain.ErrNotFound
	}
	var r exerciseRow
	if err := visible(s.db.WithContext(ctx), sc).Where("id = ?", id).Take(&r).Error; err != nil {
		return exercises.Exercise{}, notFound(err)
	}
	return r.toExercise(), nil
}

// Exercises lists the exercises matching q in ID order.
func (s *ExerciseStore) Exercises(ctx context.Context, q exercises.Query, p domain.Page) ([]exercises.Exercise, error) {
	db := visible(s.db.WithContext(ctx).Model(&exerciseRow{}), q.Scope)
	switch {
	case q.OnlyBuiltin:
		db = db.Where("school_id IS NULL")
	case q.OnlySchool:
		db = db.Where("school_id IS NOT NULL")
	}
	if q.Game != "" {
		db = db.Where("game = ?", string(q.Game))
	}
	if q.Kind != "" {
		db = db.Where("kind = ?", q.Kind)
	}
	if q.Band != "" {
		db = db.Where("band = ?", string(q.Band))
	}
	if q.BandOrGeneric != "" {
		db = db.Where("(band = ? OR game = '')", string(q.BandOrGeneric))
	}
	if q.Tag != "" {
		db = db.Where("id IN (?)", s.db.Model(&exerciseTagRow{}).Select("exercise_id").Where("tag = ?", q.Tag))
	}
	if len(q.IDs) > 0 {
		db = inList(db, "id", q.IDs)
	}
	if q.AssignedOnly {
		if len(q.Assigned) == 0 {
			db = db.Where("school_id IS NULL")
		} else {
			db = db.Where("(school_id IS NULL OR id IN ?)", q.Assigned)
		}
	}
	var rows []exerciseRow
	if err := paged(db, "id", p).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]exercises.Exercise, len(rows))
	for i, r := range rows {
		out[i] = r.toExercise()
	}
	return out, nil
}

// CreateExercises stores school-authored exercises; an unknown school is
// a validation error on school_id.
// StoredSources returns those of sources that exercises of the school
// already have.
func (s *ExerciseStore) StoredSources(ctx context.Context, schoolID string, sources []string) ([]string, error) {
	var found []string
	if len(sources) == 0 || !isUUID(schoolID) {
		return nil, nil
	}
	for b := range slices.Chunk(sources, 1000) {
		var part []string
		q := inList(s.db.WithContext(ctx).Model(&exerciseRow{}), "source", b).Where("school_id = ?", schoolID)
		if err := q.Pluck("source", &part).Error; err != nil {
			return nil, fmt.Errorf("stored sources: %w", err)
		}
		found = append(found, part...)
	}
	return found, nil
}

func (s *ExerciseStore) CreateExercises(ctx context.Context, exs []exercises.Exercise, now time.Time) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		checked := map[string]bool{}
		for _, ex := range exs {
			if ex.SchoolID == "" {
				return errors.New("create exercise: school-authored exercise without school")
			}
			if !checked[ex.SchoolID] {
				var n int64
				if !isUUID(ex.SchoolID) {
					return domain.Invalid("school_id", "not_found")
				}
				if err := tx.Model(&schoolRow{}).Where("id = ?", ex.SchoolID).Count(&n).Error; err != nil {
					return err
				}
				if n == 0 {
					return domain.Invalid("school_id", "not_found")
				}
				checked[ex.SchoolID] = true
			}
			r := toExerciseRow(ex, now)
			r.Key = nil
			if err := tx.Create(&r).Error; err != nil {
				if isDuplicate(err) {
					return identity.ErrConflict
				}
				return fmt.Errorf("create exercise: %w", err)
			}
			if err := replaceTags(tx, r.ID, ex.Tags); err != nil {
				return err
			}
		}
		return nil
	})
}

// UpdateExercise rewrites a school-authored exercise of its school.
func (s *ExerciseStore) UpdateExercise(ctx context.Context, ex exercises.Exercise, now time.Time) error {
	r := toExerciseRow(ex, now)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&exerciseRow{}).Where("id = ? AND school_id = ? AND archived_at IS NULL", r.ID, ex.SchoolID).Select(exerciseColumns).Updates(&r)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
		}
		return replaceTags(tx, r.ID, ex.Tags)
	})
}

// DeleteExercise archives a school-authored exercise of the scope at now
// (a soft delete): its row, tags and attempts stay. An exercise already
// archived is not found.
func (s *ExerciseStore) DeleteExercise(ctx context.Context, sc identity.Scope, id string, now time.Time) error {
	if !isUUID(id) {
		return domain.ErrNotFound
	}
	q := s.db.WithContext(ctx).Model(&exerciseRow{}).Where("id = ? AND school_id IS NOT NULL AND archived_at IS NULL", id)
	if sc.SchoolID != "" {
		q = q.Where("school_id = ?", sc.SchoolID)
	}
	res := q.Updates(map[string]any{"archived_at": now, "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// insertAttempt inserts an attempt unless its idempotency key is used or,
// with first_attempt set, the student already has a first attempt (both
// unique indexes; ON CONFLICT DO NOTHING without a target covers every
// unique index on PostgreSQL and SQLite). first_attempt is computed in the
// same statement, and so is hints_used (the hints the student opened on
// the exercise, see hintUseRow), so that recording hints costs the
// answer no round trip; "WHERE true" disambiguates INSERT ... SELECT ...
// ON CONFLICT for SQLite.
const insertAttempt = `INSERT INTO attempts
 (id, school_id, user_id, exercise_id, answer, outcome, score, result, time_ms, gave_up, first_attempt, hints_used, idempotency_key, request_hash, created_at)
 SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
  ? AND NOT EXISTS (SELECT 1 FROM attempts WHERE user_id = ? AND exercise_id = ? AND first_attempt),
  (SELECT COUNT(*) FROM hint_uses WHERE user_id = ? AND exercise_id = ?),
  ?, ?, ? WHERE true
 ON CONFLICT DO NOTHING
 RETURNING first_attempt, hints_used`

// RecordAttempt stores a once per (user, idempotency key), in one
// statement on the common path (on PostgreSQL, one multi-row statement
// shared with concurrent submissions, see attemptBatcher). When the insert does nothing it is
// because the key was used (the first attempt with it is returned) or
// because a concurrent first attempt of the same exercise won the race
// (the insert is retried, now as a later attempt). Inside a unit of work
// (inTx) it is stored in that transaction.
func (s *ExerciseStore) RecordAttempt(ctx context.Context, a exercises.Attempt) (exercises.Attempt, bool, error) {
	r := toAttemptRow(a)
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		// Inside a unit of work (a live lesson's answer): the attempt is
		// stored in its transaction, not by the batcher's connections.
		tx = tx.WithContext(ctx)
		return insertOrReplay(tx, r, func(canBeFirst bool) (bool, int, error) {
			var first bool
			var hints int
			err := tx.Raw(insertAttempt, r.insertArgs(canBeFirst)...).Row().Scan(&first, &hints)
			return first, hints, err
		})
	}
	if s.batch != nil {
		inserted, first, hints, err := s.batch.insert(ctx, r)
		if err != nil {
			return exercises.Attempt{}, false, err
		}
		if inserted {
			r.FirstAttempt, r.HintsUsed = first, hints
			return r.toAttempt(), true, nil
		}
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return exercises.Attempt{}, false, err
	}
	return insertOrReplay(s.db.WithContext(ctx), r, func(canBeFirst bool) (bool, int, error) {
		var first bool
		var hints int
		err := sqlDB.QueryRowContext(ctx, s.insertSQL, r.insertArgs(canBeFirst)...).Scan(&first, &hints)
		return first, hints, err
	})
}

// insertArgs are the arguments of insertAttempt for r.
func (r attemptRow) insertArgs(canBeFirst bool) []any {
	return []any{r.ID, r.SchoolID, r.UserID, r.ExerciseID, r.Answer, r.Outcome, r.Score, r.Result,
		r.TimeMS, r.GaveUp, canBeFirst, r.UserID, r.ExerciseID, r.UserID, r.ExerciseID, r.IdempotencyKey, r.RequestHash, r.CreatedAt}
}

// insertOrReplay runs insert (insertAttempt, returning first_attempt and
// hints_used, or sql.ErrNoRows when it inserted nothing) and resolves a conflict: the
// idempotency key was used (the attempt recorded with it is returned,
// created=false), or a concurrent first attempt of the same exercise won
// the race (the insert is retried as a later attempt). db reads the
// attempt of a used key.
func insertOrReplay(db *gorm.DB, r attemptRow, insert func(canBeFirst bool) (first bool, hints int, err error)) (exercises.Attempt, bool, error) {
	canBeFirst := true
	for range 3 {
		first, hints, err := insert(canBeFirst)
		if err == nil {
			r.FirstAttempt, r.HintsUsed = first, hints
			return r.toAttempt(), true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return exercises.Attempt{}, false, fmt.Errorf("record attempt: %w", err)
		}
		var prev attemptRow
		err = db.Where("user_id = ? AND idempotency_key = ?", r.UserID, r.IdempotencyKey).Take(&prev).Error
		if err == nil {
			return prev.toAttempt(), false, nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return exercises.Attempt{}, false, err
		}
		canBeFirst = false
	}
	return exercises.Attempt{}, false, errors.New("record attempt: insert kept conflicting")
}

// Attempts lists a user's attempts, newest first.
func (s *ExerciseStore) Attempts(ctx context.Context, q exercises.AttemptQuery, p domain.Page) ([]exercises.Attempt, error) {
	db := s.db.WithContext(ctx).Where("user_id = ?", q.UserID)
	if q.ExerciseID != "" {
		db = db.Where("exercise_id = ?", q.ExerciseID)
	}
	if p.After != "" {
		db = db.Where("id < ?", p.After)
	}
	var rows []attemptRow
	if err := db.Order("id DESC").Limit(p.Limit + 1).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]exercises.Attempt, len(rows))
	for i, r := range rows {
		out[i] = r.toAttempt()
	}
	return out, nil
}

// Revealed reports whether the user solved or gave up the exercise.
func (s *ExerciseStore) Revealed(ctx context.Context, userID, exerciseID string) (bool, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&attemptRow{}).Select("id").
		Where("user_id = ? AND exercise_id = ? AND (outcome = ? OR gave_up)", userID, exerciseID, string(exercises.Correct)).
		Limit(1).Scan(&ids).Error
	return len(ids) > 0, err
}

// StudentGrade returns the lowest grade of the user's classes as a
// student.
func (s *ExerciseStore) StudentGrade(ctx context.Context, userID string) (int, bool, error) {
	g, err := studentGrade(s.db.WithContext(ctx), userID)
	return int(g.Int64), g.Valid, err
}

// studentGrade returns the lowest grade of the active classes in which
// the user is an active student (NULL when there is none).
func studentGrade(db *gorm.DB, userID string) (sql.NullInt64, error) {
	var g sql.NullInt64
	err := db.Model(&classRow{}).Select("MIN(classes.grade)").
		Joins("JOIN enrollments ON enrollments.class_id = classes.id").
		Where("enrollments.user_id = ? AND enrollments.role = ? AND enrollments.deactivated_at IS NULL AND classes.deactivated_at IS NULL",
			userID, string(domain.RoleStudent)).
		Scan(&g).Error
	if err != nil {
		return g, fmt.Errorf("student grade: %w", err)
	}
	return g, nil
}
