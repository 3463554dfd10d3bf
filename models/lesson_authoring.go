package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/lessons"
	"qixue/rules/game"
)

// editable returns a curriculum schoolID may edit (every school's for ""):
// ErrNotFound when invisible, ErrBuiltInReadOnly when built-in.
func editable(tx *gorm.DB, schoolID, id string) (curriculumRow, error) {
	var cr curriculumRow
	err := visibleCurricula(tx.Model(&curriculumRow{}), schoolID).Where("id = ?", id).Take(&cr).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return cr, fmt.Errorf("curriculum %s: %w", id, lessons.ErrNotFound)
	}
	if err != nil {
		return cr, err
	}
	if cr.SchoolID == nil {
		return cr, fmt.Errorf("curriculum %s: %w", id, lessons.ErrBuiltInReadOnly)
	}
	return cr, nil
}

// liveUnit returns a unit that is not retired, or ErrNotFound.
func liveUnit(tx *gorm.DB, id string) (unitRow, error) {
	var ur unitRow
	err := tx.Where("id = ? AND retired_at IS NULL", id).Take(&ur).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ur, fmt.Errorf("unit %s: %w", id, lessons.ErrNotFound)
	}
	return ur, err
}

// liveLesson returns a lesson that is not retired, or ErrNotFound.
func liveLesson(tx *gorm.DB, id string) (lessonRow, error) {
	var lr lessonRow
	err := tx.Where("id = ? AND retired_at IS NULL", id).Take(&lr).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return lr, fmt.Errorf("lesson %s: %w", id, lessons.ErrNotFound)
	}
	return lr, err
}

// bump records an edit of a school curriculum: version + 1.
func bump(tx *gorm.DB, id string, now time.Time) error {
	return tx.Model(&curriculumRow{}).Where("id = ?", id).
		Updates(map[string]any{"version": gorm.Expr("version + 1"), "updated_at": now}).Error
}

func (s *LessonStore) now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// CreateCurriculum implements lessons.Authoring.
func (s *LessonStore) CreateCurriculum(ctx context.Context, c lessons.Curriculum) (lessons.Curriculum, error) {
	c.ID = uuid.Must(uuid.NewV7()).String()
	r := toCurriculumRow(c, s.now())
	if err := s.db.WithContext(ctx).Create(&r).Error; err != nil {
		return lessons.Curriculum{}, err
	}
	return c, nil
}

// UpdateCurriculum implements lessons.Authoring.
func (s *LessonStore) UpdateCurriculum(ctx context.Context, c lessons.Curriculum) (lessons.Curriculum, error) {
	var out lessons.Curriculum
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := editable(tx, c.SchoolID, c.ID); err != nil {
			return err
		}
		err := tx.Model(&curriculumRow{}).Where("id = ?", c.ID).Updates(map[string]any{
			"game": string(c.Game), "band": string(c.Band), "title_zh": c.Title.ZH, "title_en": c.Title.EN,
			"description_zh": c.Description.ZH, "description_en": c.Description.EN,
		}).Error
		if err != nil {
			return err
		}
		if err := bump(tx, c.ID, s.now()); err != nil {
			return err
		}
		out, err = loadCurriculum(tx, c.SchoolID, c.ID)
		return err
	})
	return out, err
}

// DeleteCurriculum implements lessons.Authoring: the curriculum, its
// units and lessons are retired.
func (s *LessonStore) DeleteCurriculum(ctx context.Context, schoolID, id string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := editable(tx, schoolID, id); err != nil {
			return err
		}
		return retireCurriculum(tx, id, s.now())
	})
}

// CreateUnit implements lessons.Authoring: the unit goes last.
func (s *LessonStore) CreateUnit(ctx context.Context, schoolID, curriculumID string, u lessons.Unit) (lessons.Unit, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := editable(tx, schoolID, curriculumID); err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&unitRow{}).Where("curriculum_id = ?", curriculumID).Count(&n).Error; err != nil {
			return err
		}
		now := s.now()
		u.ID, u.Lessons = uuid.Must(uuid.NewV7()).String(), nil
		r := toUnitRow(curriculumID, int(n), u, now)
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		return bump(tx, curriculumID, now)
	})
	return u, err
}

// UpdateUnit implements lessons.Authoring.
func (s *LessonStore) UpdateUnit(ctx context.Context, schoolID string, u lessons.Unit) (lessons.Unit, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ur, err := liveUnit(tx, u.ID)
		if err != nil {
			return err
		}
		if _, err := editable(tx, schoolID, ur.CurriculumID); err != nil {
			return err
		}
		now := s.now()
		err = tx.Model(&unitRow{}).Where("id = ?", u.ID).
			Updates(map[string]any{"title_zh": u.Title.ZH, "title_en": u.Title.EN, "updated_at": now}).Error
		if err != nil {
			return err
		}
		return bump(tx, ur.CurriculumID, now)
	})
	u.Lessons = nil
	return u, err
}

// DeleteUnit implements lessons.Authoring: the unit and its lessons are
// retired.
func (s *LessonStore) DeleteUnit(ctx context.Context, schoolID, id string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ur, err := liveUnit(tx, id)
		if err != nil {
			return err
		}
		if _, err := editable(tx, schoolID, ur.CurriculumID); err != nil {
			return err
		}
		now := s.now()
		set := map[string]any{"retired_at": now, "updated_at": now}
		if err := tx.Model(&unitRow{}).Where("id = ?", id).Updates(set).Error; err != nil {
			return err
		}
		if err := tx.Model(&lessonRow{}).Where("unit_id = ? AND retired_at IS NULL", id).Updates(set).Error; err != nil {
			return err
		}
		return bump(tx, ur.CurriculumID, now)
	})
}

// UnitCurriculum implements lessons.Store.
func (s *LessonStore) UnitCurriculum(ctx context.Context, schoolID, unitID string) (lessons.Curriculum, error) {
	db := s.db.WithContext(ctx)
	ur, err := liveUnit(db, unitID)
	if err != nil {
		return lessons.Curriculum{}, err
	}
	var cr curriculumRow
	err = visibleCurricula(db.Model(&curriculumRow{}), schoolID).Where("id = ?", ur.CurriculumID).Take(&cr).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return lessons.Curriculum{}, fmt.Errorf("unit %s: %w", unitID, lessons.ErrNotFound)
	}
	return cr.toCurriculum(), err
}

// CreateLesson implements lessons.Authoring: the lesson goes last in its
// unit.
func (s *LessonStore) CreateLesson(ctx context.Context, schoolID, unitID string, l lessons.Lesson) (lessons.Lesson, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ur, err := liveUnit(tx, unitID)
		if err != nil {
			return err
		}
		if _, err := editable(tx, schoolID, ur.CurriculumID); err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&lessonRow{}).Where("unit_id = ?", unitID).Count(&n).Error; err != nil {
			return err
		}
		now := s.now()
		l.ID = uuid.Must(uuid.NewV7()).String()
		r := toLessonRow(ur.CurriculumID, unitID, int(n), l, now)
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		return bump(tx, ur.CurriculumID, now)
	})
	return l, err
}

// UpdateLesson implements lessons.Authoring: title, objectives, tags,
// minutes and blocks are rewritten in place.
func (s *LessonStore) UpdateLesson(ctx context.Context, schoolID string, l lessons.Lesson) (lessons.Lesson, error) {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		lr, err := liveLesson(tx, l.ID)
		if err != nil {
			return err
		}
		if _, err := editable(tx, schoolID, lr.CurriculumID); err != nil {
			return err
		}
		now := s.now()
		r := toLessonRow(lr.CurriculumID, lr.UnitID, lr.Position, l, now)
		err = tx.Model(&lessonRow{}).Where("id = ?", l.ID).Updates(map[string]any{
			"title_zh": r.TitleZH, "title_en": r.TitleEN, "objectives": r.Objectives, "tags": r.Tags,
			"minutes": r.Minutes, "blocks": r.Blocks, "updated_at": now,
		}).Error
		if err != nil {
			return err
		}
		return bump(tx, lr.CurriculumID, now)
	})
	return l, err
}

// DeleteLesson implements lessons.Authoring: the lesson is retired.
func (s *LessonStore) DeleteLesson(ctx context.Context, schoolID, id string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		lr, err := liveLesson(tx, id)
		if err != nil {
			return err
		}
		if _, err := editable(tx, schoolID, lr.CurriculumID); err != nil {
			return err
		}
		now := s.now()
		if err := tx.Model(&lessonRow{}).Where("id = ?", id).Updates(map[string]any{"retired_at": now, "updated_at": now}).Error; err != nil {
			return err
		}
		return bump(tx, lr.CurriculumID, now)
	})
}

// SearchLessons implements lessons.Authoring. Text matches titles,
// objectives and blocks (both languages are stored in them) with a
// case-insensitive substring; tags match exactly.
func (s *LessonStore) SearchLessons(ctx context.Context, q lessons.SearchQuery, p domain.Page) ([]lessons.FoundLesson, string, error) {
	limit := p.Limit
	if limit <= 0 {
		limit = domain.DefaultPageLimit
	}
	db := s.db.WithContext(ctx).Model(&lessonRow{}).
		Joins("JOIN curricula ON curricula.id = lessons.curriculum_id").
		Where("lessons.retired_at IS NULL")
	db = visibleCurricula(db, q.SchoolID)
	if q.AssignedOnly {
		db = onlyAssigned(db, "lessons.id IN ?", q.Assigned)
	}
	if q.Game != "" {
		db = db.Where("curricula.game = ?", string(q.Game))
	}
	if q.Band != "" {
		db = db.Where("curricula.band = ?", string(q.Band))
	}
	if q.Tag != "" {
		db = db.Where("lessons.tags LIKE ? ESCAPE '\\'", "%"+likeEscape(`"`+q.Tag+`"`)+"%")
	}
	if t := strings.TrimSpace(q.Text); t != "" {
		pat := "%" + likeEscape(strings.ToLower(t)) + "%"
		db = db.Where("(LOWER(lessons.title_zh) LIKE ? ESCAPE '\\' OR LOWER(lessons.title_en) LIKE ? ESCAPE '\\' OR LOWER(lessons.objectives) LIKE ? ESCAPE '\\' OR LOWER(lessons.blocks) LIKE ? ESCAPE '\\')", pat, pat, pat, pat)
	}
	if p.After != "" {
		db = db.Where("lessons.id > ?", p.After)
	}
	var rows []lessonRow
	if err := db.Select("lessons.*").Order("lessons.id").Limit(limit + 1).Find(&rows).Error; err != nil {
		return nil, "", err
	}
	next := ""
	if len(rows) > limit {
		rows = rows[:limit]
		next = rows[limit-1].ID
	}
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.CurriculumID)
	}
	var cus []curriculumRow
	if len(ids) > 0 {
		if err := s.db.WithContext(ctx).Select("id, game, band").Where("id IN ?", ids).Find(&cus).Error; err != nil {
			return nil, "", err
		}
	}
	byID := make(map[string]curriculumRow, len(cus))
	for _, c := range cus {
		byID[c.ID] = c
	}
	out := make([]lessons.FoundLesson, len(rows))
	for i, r := range rows {
		c := byID[r.CurriculumID]
		out[i] = lessons.FoundLesson{Lesson: r.toLesson(), CurriculumID: r.CurriculumID,
			Game: game.Name(c.Game), Band: exercises.Band(c.Band)}
	}
	return out, next, nil
}

// likeEscape escapes the LIKE wildcards of s with a backslash.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
