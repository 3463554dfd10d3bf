package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/lessons"
)

// LessonStore implements lessons.Store with GORM.
type LessonStore struct {
	db *gorm.DB
}

var _ lessons.Store = (*LessonStore)(nil)

// NewLessonStore returns the curricula store on db.
func NewLessonStore(db *gorm.DB) *LessonStore { return &LessonStore{db: db} }

// SyncBuiltIn implements lessons.Store in one transaction.
func (s *LessonStore) SyncBuiltIn(ctx context.Context, builtIn []lessons.Curriculum, now time.Time) (lessons.SyncResult, error) {
	var res lessons.SyncResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res = lessons.SyncResult{}
		var known []curriculumRow
		if err := tx.Select("id", "version", "content_hash", "retired_at").Where("school_id IS NULL").Find(&known).Error; err != nil {
			return err
		}
		stored := make(map[string]curriculumRow, len(known))
		for _, r := range known {
			stored[r.ID] = r
		}
		present := make(map[string]bool, len(builtIn))
		for _, c := range builtIn {
			present[c.ID] = true
			old, exists := stored[c.ID]
			if exists && old.Version == c.Version && old.ContentHash == curriculumHash(c) && old.RetiredAt == nil {
				res.Unchanged++
				continue
			}
			retired, err := syncCurriculum(tx, c, now)
			if err != nil {
				return fmt.Errorf("store curriculum %s: %w", c.ID, err)
			}
			res.Retired += retired
			if exists {
				res.Updated++
			} else {
				res.Inserted++
			}
		}
		for _, r := range known {
			if present[r.ID] || r.RetiredAt != nil {
				continue
			}
			if err := retireCurriculum(tx, r.ID, now); err != nil {
				return err
			}
			res.Retired++
		}
		return nil
	})
	return res, err
}

// upsertColumns are rewritten when a built-in row is stored again; the
// retired_at column is cleared so that a returning row comes back.
var (
	curriculumColumns = []string{"game", "band", "version", "title_zh", "title_en", "description_zh", "description_en", "content_hash", "retired_at", "updated_at"}
	unitColumns       = []string{"curriculum_id", "position", "title_zh", "title_en", "retired_at", "updated_at"}
	lessonColumns     = []string{"curriculum_id", "unit_id", "position", "title_zh", "title_en", "objectives", "tags", "minutes", "blocks", "retired_at", "updated_at"}
)

// syncCurriculum upserts one built-in curriculum, its units and lessons,
// and retires its units and lessons that are gone. It returns how many it
// retired.
func syncCurriculum(tx *gorm.DB, c lessons.Curriculum, now time.Time) (int, error) {
	cr := toCurriculumRow(c, now)
	cr.SchoolID, cr.CopiedFrom, cr.ContentHash = nil, nil, curriculumHash(c)
	if err := upsert(tx, &cr, curriculumColumns); err != nil {
		return 0, err
	}
	var unitIDs, lessonIDs []string
	for i, u := range c.Units {
		ur := toUnitRow(c.ID, i, u, now)
		if err := upsert(tx, &ur, unitColumns); err != nil {
			return 0, err
		}
		unitIDs = append(unitIDs, u.ID)
		for j, l := range u.Lessons {
			lr := toLessonRow(c.ID, u.ID, j, l, now)
			if err := upsert(tx, &lr, lessonColumns); err != nil {
				return 0, err
			}
			lessonIDs = append(lessonIDs, l.ID)
		}
	}
	retired := 0
	for _, t := range []struct {
		model any
		keep  []string
	}{{&unitRow{}, unitIDs}, {&lessonRow{}, lessonIDs}} {
		q := tx.Model(t.model).Where("curriculum_id = ? AND retired_at IS NULL", c.ID)
		if len(t.keep) > 0 {
			q = q.Where("id NOT IN ?", t.keep)
		}
		r := q.Updates(map[string]any{"retired_at": now, "updated_at": now})
		if r.Error != nil {
			return 0, r.Error
		}
		retired += int(r.RowsAffected)
	}
	return retired, nil
}

// upsert inserts row or, on a conflicting ID, rewrites columns.
func upsert(tx *gorm.DB, row any, columns []string) error {
	return tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.AssignmentColumns(columns),
	}).Create(row).Error
}

// retireCurriculum retires a built-in curriculum that left the content.
func retireCurriculum(tx *gorm.DB, id string, now time.Time) error {
	set := map[string]any{"retired_at": now, "updated_at": now}
	if err := tx.Model(&curriculumRow{}).Where("id = ?", id).Updates(set).Error; err != nil {
		return fmt.Errorf("retire curriculum %s: %w", id, err)
	}
	for _, m := range []any{&unitRow{}, &lessonRow{}} {
		if err := tx.Model(m).Where("curriculum_id = ? AND retired_at IS NULL", id).Updates(set).Error; err != nil {
			return fmt.Errorf("retire curriculum %s: %w", id, err)
		}
	}
	return nil
}

// Curriculum implements lessons.Store: a curriculum that is built-in or
// the school's own and not retired, with its current units and lessons in
// order.
func (s *LessonStore) Curriculum(ctx context.Context, schoolID, id string) (lessons.Curriculum, error) {
	return loadCurriculum(s.db.WithContext(ctx), schoolID, id)
}

func loadCurriculum(db *gorm.DB, schoolID, id string) (lessons.Curriculum, error) {
	var cr curriculumRow
	if err := visibleCurricula(db.Model(&curriculumRow{}), schoolID).Where("id = ?", id).Take(&cr).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return lessons.Curriculum{}, fmt.Errorf("curriculum %s: %w", id, lessons.ErrNotFound)
		}
		return lessons.Curriculum{}, err
	}
	c := cr.toCurriculum()
	var units []unitRow
	if err := db.Where("curriculum_id = ? AND retired_at IS NULL", id).Order("position, id").Find(&units).Error; err != nil {
		return lessons.Curriculum{}, err
	}
	var rows []lessonRow
	if err := db.Where("curriculum_id = ? AND retired_at IS NULL", id).Order("position, id").Find(&rows).Error; err != nil {
		return lessons.Curriculum{}, err
	}
	byUnit := map[string][]lessons.Lesson{}
	for _, r := range rows {
		byUnit[r.UnitID] = append(byUnit[r.UnitID], r.toLesson())
	}
	for _, ur := range units {
		u := ur.toUnit()
		u.Lessons = byUnit[u.ID]
		c.Units = append(c.Units, u)
	}
	return c, nil
}

// CopyCurriculum implements lessons.Store in one transaction: the copy and
// every unit and lesson get new UUIDs; the copy starts at version 1.
func (s *LessonStore) CopyCurriculum(ctx context.Context, schoolID, id string, now time.Time) (lessons.Curriculum, error) {
	if schoolID == "" {
		return lessons.Curriculum{}, fmt.Errorf("copy curriculum %s: no school given", id)
	}
	var out lessons.Curriculum
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		src, err := loadCurriculum(tx, schoolID, id)
		if err != nil {
			return err
		}
		cp := src
		cp.ID, cp.SchoolID, cp.CopiedFrom, cp.Version = uuid.Must(uuid.NewV7()).String(), schoolID, src.ID, 1
		cp.Units = make([]lessons.Unit, len(src.Units))
		cr := toCurriculumRow(cp, now)
		if err := tx.Create(&cr).Error; err != nil {
			return err
		}
		for i, u := range src.Units {
			nu := lessons.Unit{ID: uuid.Must(uuid.NewV7()).String(), Title: u.Title}
			ur := toUnitRow(cp.ID, i, nu, now)
			if err := tx.Create(&ur).Error; err != nil {
				return err
			}
			for j, l := range u.Lessons {
				nl := l
				nl.ID = uuid.Must(uuid.NewV7()).String()
				lr := toLessonRow(cp.ID, nu.ID, j, nl, now)
				if err := tx.Create(&lr).Error; err != nil {
					return err
				}
				nu.Lessons = append(nu.Lessons, nl)
			}
			cp.Units[i] = nu
		}
		out = cp
		return nil
	})
	return out, err
}

// visibleCurricula restricts q to built-in curricula and schoolID's own
// (every school's for ""), not retired.
func visibleCurricula(q *gorm.DB, schoolID string) *gorm.DB {
	q = q.Where("curricula.retired_at IS NULL")
	if schoolID == "" {
		return q
	}
	return q.Where("(curricula.school_id IS NULL OR curricula.school_id = ?)", schoolID)
}

// ListCurricula implements lessons.Store.
func (s *LessonStore) ListCurricula(ctx context.Context, lq lessons.ListQuery) ([]lessons.Curriculum, error) {
	q := visibleCurricula(s.db.WithContext(ctx).Model(&curriculumRow{}), lq.SchoolID)
	if lq.Game != "" {
		q = q.Where("game = ?", string(lq.Game))
	}
	if lq.Band != "" {
		q = q.Where("band = ?", string(lq.Band))
	}
	if lq.AssignedOnly {
		q = onlyAssigned(q, "curricula.id IN (SELECT l.curriculum_id FROM lessons l WHERE l.id IN ? AND l.retired_at IS NULL)", lq.Assigned)
	}
	var rows []curriculumRow
	if err := q.Order("game, band, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]lessons.Curriculum, len(rows))
	for i, r := range rows {
		out[i] = r.toCurriculum()
	}
	return out, nil
}

// Lesson implements lessons.Store.
func (s *LessonStore) Lesson(ctx context.Context, schoolID, id string) (lessons.Curriculum, lessons.Lesson, error) {
	db := s.db.WithContext(ctx)
	var lr lessonRow
	err := db.Where("id = ? AND retired_at IS NULL", id).Take(&lr).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return lessons.Curriculum{}, lessons.Lesson{}, fmt.Errorf("lesson %s: %w", id, lessons.ErrNotFound)
	}
	if err != nil {
		return lessons.Curriculum{}, lessons.Lesson{}, err
	}
	var cr curriculumRow
	err = visibleCurricula(db, schoolID).Where("id = ?", lr.CurriculumID).Take(&cr).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return lessons.Curriculum{}, lessons.Lesson{}, fmt.Errorf("lesson %s: %w", id, lessons.ErrNotFound)
	}
	if err != nil {
		return lessons.Curriculum{}, lessons.Lesson{}, err
	}
	return cr.toCurriculum(), lr.toLesson(), nil
}

// onlyAssigned keeps the built-in curricula of q and, of the schools',
// the rows matching cond on the assigned lesson IDs (none when empty).
func onlyAssigned(q *gorm.DB, cond string, assigned []string) *gorm.DB {
	if len(assigned) == 0 {
		return q.Where("curricula.school_id IS NULL")
	}
	return q.Where("(curricula.school_id IS NULL OR "+cond+")", assigned)
}

// AssignedLessons implements lessons.Store in one query.
func (s *LessonStore) AssignedLessons(ctx context.Context, schoolID, userID string, now time.Time) ([]string, error) {
	return assignedLessons(s.db.WithContext(ctx), schoolID, userID, now)
}

// StudentGrade implements lessons.Store.
func (s *LessonStore) StudentGrade(ctx context.Context, userID string) (int, bool, error) {
	return NewExerciseStore(s.db).StudentGrade(ctx, userID)
}
