package models

import (
	"context"
	"errors"
	"hash/fnv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/classroom"
	"qixue/domain"
	"qixue/identity"
)

// ClassroomStore keeps live lessons (classroom.Store) on SQLite or
// PostgreSQL. Their events go out on LiveChannel, as live games' do.
type ClassroomStore struct {
	db       *gorm.DB
	postgres bool
}

// NewClassroomStore returns the live-lesson store on db.
func NewClassroomStore(db *gorm.DB) *ClassroomStore {
	return &ClassroomStore{db: db, postgres: db.Dialector.Name() == "postgres"}
}

var _ classroom.Store = (*ClassroomStore)(nil)

// Broadcasts reports whether Notify reaches other replicas (PostgreSQL).
func (s *ClassroomStore) Broadcasts() bool { return s.postgres }

// Notify sends a notice on LiveChannel (PostgreSQL only).
func (s *ClassroomStore) Notify(ctx context.Context, notice []byte) error {
	if !s.postgres {
		return nil
	}
	return s.db.WithContext(ctx).Exec("SELECT pg_notify(?, ?)", LiveChannel, string(notice)).Error
}

// Create stores a new lesson.
func (s *ClassroomStore) Create(ctx context.Context, l classroom.Lesson) error {
	r := toLiveLessonRow(l)
	return s.db.WithContext(ctx).Create(&r).Error
}

// Lesson loads a lesson of the school ("" any school).
func (s *ClassroomStore) Lesson(ctx context.Context, schoolID, id string) (classroom.Lesson, error) {
	return loadLesson(s.db.WithContext(ctx), schoolID, id, "")
}

func loadLesson(db *gorm.DB, schoolID, id, lock string) (classroom.Lesson, error) {
	var r liveLessonRow
	q := db
	if lock != "" {
		q = q.Clauses(clause.Locking{Strength: lock})
	}
	q = q.Where("id = ?", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Take(&r).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return classroom.Lesson{}, domain.ErrNotFound
		}
		return classroom.Lesson{}, err
	}
	return r.lesson(), nil
}

// Lessons lists lessons, newest first.
func (s *ClassroomStore) Lessons(ctx context.Context, q classroom.Query) ([]classroom.Lesson, error) {
	db := s.db.WithContext(ctx).Model(&liveLessonRow{})
	if q.SchoolID != "" {
		db = db.Where("school_id = ?", q.SchoolID)
	}
	if len(q.ClassIDs) > 0 {
		db = db.Where("class_id IN ?", q.ClassIDs)
	}
	if q.TeacherID != "" {
		db = db.Where("teacher_id = ?", q.TeacherID)
	}
	if q.Status != "" {
		db = db.Where("status = ?", string(q.Status))
	}
	if q.NotEnded {
		db = db.Where("status <> ?", string(classroom.Ended))
	}
	limit := q.Limit
	if limit <= 0 {
		limit = 50
	}
	var rows []liveLessonRow
	if err := db.Order("created_at DESC, id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]classroom.Lesson, len(rows))
	for i, r := range rows {
		out[i] = r.lesson()
	}
	return out, nil
}

// Change runs fn on the lesson with its row locked (FOR UPDATE on
// PostgreSQL; SQLite has one writer) and saves it over the version it
// was read at.
func (s *ClassroomStore) Change(ctx context.Context, schoolID, id string, fn func(l *classroom.Lesson) error) (classroom.Lesson, error) {
	var out classroom.Lesson
	err := s.retry(ctx, func() error {
		return inTx(ctx, s.db, func(ctx context.Context) error {
			tx := conn(ctx, s.db)
			if err := s.hold(tx, id, false); err != nil {
				return err
			}
			l, err := loadLesson(tx, schoolID, id, s.lock("UPDATE"))
			if err != nil {
				return err
			}
			version := l.Version
			if err := fn(&l); err != nil {
				return err
			}
			l.Version = version + 1
			r := toLiveLessonRow(l)
			res := tx.Model(&liveLessonRow{}).Where("id = ? AND version = ?", id, version).Select("*").Omit("id", "created_at").Updates(&r)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected != 1 {
				return domain.ErrConflict
			}
			out = l
			return nil
		})
	})
	return out, err
}

// lock is the row lock of PostgreSQL ("" on SQLite, whose one writer
// serializes the transactions).
func (s *ClassroomStore) lock(strength string) string {
	if s.postgres {
		return strength
	}
	return ""
}

// hold takes the lesson's transaction-scoped advisory lock on PostgreSQL:
// shared by the answers under way (no row is written for it, unlike FOR
// SHARE, whose many holders of one row cost a MultiXact each), exclusive
// for a change, which so waits for the answers under way and holds the
// next ones off until it commits. SQLite's one writer serializes anyway.
func (s *ClassroomStore) hold(tx *gorm.DB, lessonID string, shared bool) error {
	if !s.postgres {
		return nil
	}
	q := "SELECT pg_advisory_xact_lock(?)"
	if shared {
		q = "SELECT pg_advisory_xact_lock_shared(?)"
	}
	return tx.Exec(q, lessonLockKey(lessonID)).Error
}

// lessonLockKey is the advisory lock key of a lesson.
func lessonLockKey(id string) int64 {
	h := fnv.New64a()
	h.Write([]byte("live-lesson\x00"))
	h.Write([]byte(id))
	return int64(h.Sum64())
}

// Answered reports whether the user has answered item index of the
// lesson.
func (s *ClassroomStore) Answered(ctx context.Context, lessonID string, index int, userID string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&liveLessonAnswerRow{}).Where("lesson_id = ? AND idx = ? AND user_id = ?", lessonID, index, userID).Count(&n).Error
	return n > 0, err
}

// retry runs a transaction again when it failed on a deadlock, a
// serialization failure or a busy SQLite (see isRetryable).
func (s *ClassroomStore) retry(ctx context.Context, run func() error) error {
	var err error
	for attempt := 1; ; attempt++ {
		err = run()
		if err == nil || attempt == maxChangeAttempts || !isRetryable(err) || ctx.Err() != nil {
			return err
		}
	}
}

// Answer reads the lesson holding its shared lock (see hold: a reveal
// waits for the answers under way), runs fn in the transaction and
// stores the answer it returns; a second answer of the user to the item
// is classroom.ErrAnswered.
func (s *ClassroomStore) Answer(ctx context.Context, schoolID, id string, fn func(ctx context.Context, l classroom.Lesson) (classroom.Answer, error)) (classroom.Lesson, classroom.Answer, error) {
	var (
		lesson classroom.Lesson
		answer classroom.Answer
	)
	err := s.retry(ctx, func() error {
		return inTx(ctx, s.db, func(ctx context.Context) error {
			tx := conn(ctx, s.db)
			if err := s.hold(tx, id, true); err != nil {
				return err
			}
			l, err := loadLesson(tx, schoolID, id, "")
			if err != nil {
				return err
			}
			a, err := fn(ctx, l)
			if err != nil {
				return err
			}
			r := toLiveLessonAnswerRow(l.SchoolID, a)
			if err := conn(ctx, s.db).Create(&r).Error; err != nil {
				if isDuplicate(err) {
					return classroom.ErrAnswered
				}
				return err
			}
			lesson, answer = l, a
			return nil
		})
	})
	return lesson, answer, err
}

// Answers returns a lesson's answers in the order they came.
func (s *ClassroomStore) Answers(ctx context.Context, lessonID string) ([]classroom.Answer, error) {
	var rows []liveLessonAnswerRow
	if err := s.db.WithContext(ctx).Where("lesson_id = ?", lessonID).Order("created_at, user_id, idx").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]classroom.Answer, len(rows))
	for i, r := range rows {
		out[i] = r.answer()
	}
	return out, nil
}

// Member returns the user's role in an active class of the school.
func (s *ClassroomStore) Member(ctx context.Context, schoolID, classID, userID string) (domain.Role, bool, error) {
	var rows []enrollmentRow
	db := s.db.WithContext(ctx)
	q := db.Where("class_id = ? AND user_id = ? AND deactivated_at IS NULL", classID, userID).
		Where("class_id IN (?)", activeClasses(db))
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Limit(1).Find(&rows).Error; err != nil || len(rows) == 0 {
		return "", false, err
	}
	return domain.Role(rows[0].Role), true, nil
}

// Students returns the active students of a class by shown name, in name
// order.
func (s *ClassroomStore) Students(ctx context.Context, schoolID, classID string) ([]classroom.Student, error) {
	var rows []userRow
	err := s.db.WithContext(ctx).Table("users u").Select("u.id, u.real_name, u.given_name, u.nickname, u.sort_key").
		Joins("JOIN enrollments e ON e.user_id = u.id").
		Where("e.class_id = ? AND e.school_id = ? AND e.role = ? AND e.deactivated_at IS NULL AND u.deactivated_at IS NULL",
			classID, schoolID, string(domain.RoleStudent)).
		Order("u.sort_key, u.id").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]classroom.Student, len(rows))
	for i, u := range rows {
		out[i] = classroom.Student{UserID: u.ID, Name: identity.ShownName(u.Nickname, u.GivenName, u.RealName)}
	}
	return out, nil
}

// Classes returns the active classes of the school the user is an active
// student of.
func (s *ClassroomStore) Classes(ctx context.Context, schoolID, userID string) ([]string, error) {
	var ids []string
	db := s.db.WithContext(ctx)
	err := db.Model(&enrollmentRow{}).Where("user_id = ? AND school_id = ? AND role = ? AND deactivated_at IS NULL",
		userID, schoolID, string(domain.RoleStudent)).
		Where("class_id IN (?)", activeClasses(db)).Order("class_id").Pluck("class_id", &ids).Error
	return ids, err
}

// Due returns the open items of running lessons whose deadline is at or
// before now.
func (s *ClassroomStore) Due(ctx context.Context, now time.Time, limit int) ([]classroom.Due, error) {
	var rows []liveLessonRow
	err := s.db.WithContext(ctx).Select("id", "school_id", "current_index").
		Where("status = ? AND deadline <= ?", string(classroom.Running), now.UTC()).
		Order("deadline").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]classroom.Due, len(rows))
	for i, r := range rows {
		out[i] = classroom.Due{SchoolID: r.SchoolID, LessonID: r.ID, Index: r.Current}
	}
	return out, nil
}
