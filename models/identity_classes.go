package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
)

// CreateClass stores a class and enrolls its teachers in one transaction;
// a taken login code is ErrConflict.
func (s *IdentityStore) CreateClass(ctx context.Context, c identity.Class, teacherIDs []string) error {
	r := toClassRow(c)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&r).Error; err != nil {
			if isDuplicate(err) {
				return identity.ErrConflict
			}
			return fmt.Errorf("create class: %w", err)
		}
		for _, id := range teacherIDs {
			e := enrollmentRow{ClassID: r.ID, UserID: id, SchoolID: r.SchoolID, Role: string(domain.RoleTeacher), CreatedAt: r.CreatedAt}
			if err := tx.Create(&e).Error; err != nil {
				return fmt.Errorf("enroll teacher: %w", err)
			}
		}
		return nil
	})
}

// Class returns the class id within the scope.
func (s *IdentityStore) Class(ctx context.Context, sc identity.Scope, id string) (identity.Class, error) {
	if !isUUID(id) {
		return identity.Class{}, domain.ErrNotFound
	}
	var r classRow
	if err := scoped(s.db.WithContext(ctx), sc).Where("id = ?", id).Take(&r).Error; err != nil {
		return identity.Class{}, notFound(err)
	}
	return r.toClass(), nil
}

// ClassByLoginCode returns the class with the login code.
func (s *IdentityStore) ClassByLoginCode(ctx context.Context, code string) (identity.Class, error) {
	var r classRow
	if err := s.db.WithContext(ctx).Where("login_code = ? AND deactivated_at IS NULL", code).Take(&r).Error; err != nil {
		return identity.Class{}, notFound(err)
	}
	return r.toClass(), nil
}

// Classes lists classes within the scope that match q.
func (s *IdentityStore) Classes(ctx context.Context, sc identity.Scope, q identity.ClassQuery, p domain.Page) ([]identity.Class, error) {
	db := scoped(s.db.WithContext(ctx).Model(&classRow{}), sc)
	db = byStatus(db, q.Status)
	if q.MemberID != "" {
		db = db.Where("id IN (?)", s.db.Model(&enrollmentRow{}).Select("class_id").Where("user_id = ? AND deactivated_at IS NULL", q.MemberID))
	}
	var rows []classRow
	if err := paged(db, "id", p).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.Class, len(rows))
	for i, r := range rows {
		out[i] = r.toClass()
	}
	return out, nil
}

// UpdateClass saves a class's fields; a taken login code is ErrConflict.
// FreeAnalysis reports whether an active class in which userID is an active
// member has free analysis on, in one query.
func (s *IdentityStore) FreeAnalysis(ctx context.Context, userID string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&enrollmentRow{}).
		Joins("JOIN classes ON classes.id = enrollments.class_id").
		Where("enrollments.user_id = ? AND enrollments.deactivated_at IS NULL AND classes.deactivated_at IS NULL AND classes.free_analysis = ?", userID, true).
		Limit(1).Count(&n).Error
	return n > 0, err
}

func (s *IdentityStore) UpdateClass(ctx context.Context, c identity.Class, log ...audit.Entry) error {
	r := toClassRow(c)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&classRow{}).Where("id = ?", r.ID).Updates(map[string]any{
			"name": r.Name, "grade": r.Grade, "login_code": r.LoginCode, "free_analysis": r.FreeAnalysis, "hide_names": r.HideNames,
			"review_off": r.ReviewOff, "updated_at": r.UpdatedAt,
		})
		if res.Error != nil {
			if isDuplicate(res.Error) {
				return identity.ErrConflict
			}
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
		}
		return writeAudit(tx, log...)
	})
}

// SetClassDeactivatedAt deactivates the class within the scope at at, or
// reactivates it for a zero at.
func (s *IdentityStore) SetClassDeactivatedAt(ctx context.Context, sc identity.Scope, id string, at, now time.Time) error {
	return setDeactivatedAt(scoped(s.db.WithContext(ctx).Model(&classRow{}), sc), id, at, now)
}

// DeleteClass deletes a class within the scope with its enrollments.
func (s *IdentityStore) DeleteClass(ctx context.Context, sc identity.Scope, id string) error {
	if !isUUID(id) {
		return domain.ErrNotFound
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx, sc).Where("id = ?", id).Delete(&classRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
		}
		return tx.Where("class_id = ?", id).Delete(&enrollmentRow{}).Error
	})
}

// Enroll implements identity.Store. The student of a teacher's enrollment
// is locked with SELECT ... FOR UPDATE on PostgreSQL (SQLite transactions
// are already exclusive: _txlock=immediate on one connection), so the
// rule "only students no other teacher teaches" holds under concurrency.
func (s *IdentityStore) Enroll(ctx context.Context, e identity.Enrollment, byTeacher string, log ...audit.Entry) error {
	r := toEnrollmentRow(e)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if byTeacher != "" {
			q := tx.Model(&userRow{}).Select("id").Where("id = ?", e.UserID)
			if tx.Dialector.Name() == "postgres" {
				q = q.Clauses(clause.Locking{Strength: "UPDATE"})
			}
			var locked userRow
			if err := q.Take(&locked).Error; err != nil {
				return fmt.Errorf("lock student: %w", notFound(err))
			}
			elsewhere, err := taughtByOthers(tx, e.UserID, byTeacher)
			if err != nil {
				return err
			}
			if elsewhere {
				return identity.ErrEnrollmentNeedsSchoolAdmin
			}
		}
		var old enrollmentRow
		err := tx.Where("class_id = ? AND user_id = ?", e.ClassID, e.UserID).Take(&old).Error
		switch {
		case err == nil && old.DeactivatedAt == nil:
			return identity.ErrConflict
		case err == nil: // an ended enrollment comes back with the user's role
			if err := tx.Model(&enrollmentRow{}).Where("class_id = ? AND user_id = ?", e.ClassID, e.UserID).
				Updates(map[string]any{"role": r.Role, "school_id": r.SchoolID, "deactivated_at": nil}).Error; err != nil {
				return fmt.Errorf("enroll again: %w", err)
			}
		case errors.Is(err, gorm.ErrRecordNotFound):
			if err := tx.Create(&r).Error; err != nil {
				if isDuplicate(err) {
					return identity.ErrConflict
				}
				return fmt.Errorf("enroll: %w", err)
			}
		default:
			return err
		}
		return writeAudit(tx, log...)
	})
}

// Unenroll deletes an enrollment within the scope and writes the audit
// entries.
func (s *IdentityStore) Unenroll(ctx context.Context, sc identity.Scope, classID, userID string, log ...audit.Entry) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx, sc).Where("class_id = ? AND user_id = ?", classID, userID).Delete(&enrollmentRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
		}
		return writeAudit(tx, log...)
	})
}

// Enrollment returns one enrollment within the scope.
func (s *IdentityStore) Enrollment(ctx context.Context, sc identity.Scope, classID, userID string) (identity.Enrollment, error) {
	var r enrollmentRow
	// An ended enrollment grants nothing.
	err := scoped(s.db.WithContext(ctx), sc).Where("class_id = ? AND user_id = ? AND deactivated_at IS NULL", classID, userID).Take(&r).Error
	if err != nil {
		return identity.Enrollment{}, notFound(err)
	}
	return r.toEnrollment(), nil
}

// Enrollments lists a class's enrollments whose state matches status, by
// the member's real name (users.sort_key, then user ID).
func (s *IdentityStore) Enrollments(ctx context.Context, sc identity.Scope, classID string, status identity.Status, p domain.Page) ([]identity.Enrollment, error) {
	var rows []enrollmentRow
	q := byStatus(scoped(s.db.WithContext(ctx), sc).Where("class_id = ?", classID), status)
	if err := byMemberName(q, p).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.Enrollment, len(rows))
	for i, r := range rows {
		out[i] = r.toEnrollment()
	}
	return out, nil
}

// Teaches reports whether the teacher teaches an active class in which
// the student is an active student.
func (s *IdentityStore) Teaches(ctx context.Context, teacherID, studentID string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Table("enrollments AS t").
		Joins("JOIN enrollments AS s ON s.class_id = t.class_id").
		Joins("JOIN classes AS c ON c.id = t.class_id").
		Where("t.user_id = ? AND t.role = ? AND s.user_id = ? AND s.role = ? AND t.deactivated_at IS NULL AND s.deactivated_at IS NULL AND c.deactivated_at IS NULL",
			teacherID, string(domain.RoleTeacher), studentID, string(domain.RoleStudent)).
		Count(&n).Error
	return n > 0, err
}

// taughtByOthers reports, within tx, whether the student is in an active
// class that another teacher teaches and the teacher does not.
func taughtByOthers(tx *gorm.DB, studentID, teacherID string) (bool, error) {
	var n int64
	mine := tx.Session(&gorm.Session{NewDB: true}).Table("enrollments AS m").Select("m.class_id").
		Where("m.user_id = ? AND m.role = ? AND m.deactivated_at IS NULL", teacherID, string(domain.RoleTeacher))
	err := tx.Session(&gorm.Session{NewDB: true}).Table("enrollments AS s").
		Joins("JOIN classes AS c ON c.id = s.class_id").
		Joins("JOIN enrollments AS t ON t.class_id = s.class_id").
		Where("s.user_id = ? AND s.role = ? AND s.deactivated_at IS NULL AND c.deactivated_at IS NULL", studentID, string(domain.RoleStudent)).
		Where("t.role = ? AND t.deactivated_at IS NULL AND t.user_id <> ?", string(domain.RoleTeacher), teacherID).
		Where("s.class_id NOT IN (?)", mine).
		Count(&n).Error
	return n > 0, err
}
