package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/audit"
	"qixue/identity"
)

// IdentityStore implements identity.Store with GORM.
type IdentityStore struct {
	db *gorm.DB
}

var _ identity.Store = (*IdentityStore)(nil)

// NewIdentityStore returns the identity store on db.
func NewIdentityStore(db *gorm.DB) *IdentityStore { return &IdentityStore{db: db} }

// notFound translates a missing row into identity.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return identity.ErrNotFound
	}
	return err
}

// scoped filters q by the scope's school, if any.
func scoped(q *gorm.DB, sc identity.Scope) *gorm.DB {
	if sc.SchoolID != "" {
		return q.Where("school_id = ?", sc.SchoolID)
	}
	return q
}

// paged orders q by column and applies the page (one extra row).
func paged(q *gorm.DB, column string, p identity.Page) *gorm.DB {
	if p.After != "" {
		q = q.Where(column+" > ?", p.After)
	}
	return q.Order(column).Limit(p.Limit + 1)
}

// byName orders users by real name (sort_key compared bytewise, then id)
// and applies the page: After is an identity.UserCursor (one extra row).
func byName(q *gorm.DB, p identity.Page) *gorm.DB {
	key := "sort_key"
	if q.Dialector.Name() == "postgres" {
		key = `sort_key COLLATE "C"` // bytewise, whatever the database's collation
	}
	if p.After != "" {
		k, id, ok := identity.ParseUserCursor(p.After)
		if !ok {
			k, id = "", p.After
		}
		q = q.Where("("+key+" > ? OR ("+key+" = ? AND id > ?))", k, k, id)
	}
	return q.Order(key).Order("id").Limit(p.Limit + 1)
}

// byMemberName orders enrollments by their user's real name (the user's
// sort_key, then user_id) and applies the page: After is the user ID of
// the previous page's last member, whose current key the query looks up.
func byMemberName(q *gorm.DB, p identity.Page) *gorm.DB {
	key := "(SELECT u.sort_key FROM users u WHERE u.id = enrollments.user_id)"
	after := "(SELECT u.sort_key FROM users u WHERE u.id = ?)"
	if q.Dialector.Name() == "postgres" {
		key, after = key+` COLLATE "C"`, after+` COLLATE "C"`
	}
	if p.After != "" {
		q = q.Where("("+key+" > "+after+" OR ("+key+" = "+after+" AND enrollments.user_id > ?))", p.After, p.After, p.After)
	}
	return q.Order(key).Order("enrollments.user_id").Limit(p.Limit + 1)
}

// byStatus keeps the rows of q whose deactivated_at matches the status.
func byStatus(q *gorm.DB, st identity.Status) *gorm.DB {
	switch st {
	case identity.StatusInactive:
		return q.Where("deactivated_at IS NOT NULL")
	case identity.StatusAll:
		return q
	}
	return q.Where("deactivated_at IS NULL")
}

// isUUID guards ID lookups: PostgreSQL would accept any string in a text
// column, but malformed IDs can never match, so they are not found.
func isUUID(id string) bool { _, err := uuid.Parse(id); return err == nil }

// CreateSchool stores a new school.
func (s *IdentityStore) CreateSchool(ctx context.Context, sc identity.School) error {
	r := toSchoolRow(sc)
	if err := s.db.WithContext(ctx).Create(&r).Error; err != nil {
		if isDuplicate(err) {
			return identity.ErrConflict
		}
		return fmt.Errorf("create school: %w", err)
	}
	return nil
}

// School returns the school id within the scope.
func (s *IdentityStore) School(ctx context.Context, sc identity.Scope, id string) (identity.School, error) {
	if !isUUID(id) || (sc.SchoolID != "" && sc.SchoolID != id) {
		return identity.School{}, identity.ErrNotFound
	}
	var r schoolRow
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error; err != nil {
		return identity.School{}, notFound(err)
	}
	return r.toSchool(), nil
}

// Schools lists schools within the scope.
func (s *IdentityStore) Schools(ctx context.Context, sc identity.Scope, p identity.Page) ([]identity.School, error) {
	q := s.db.WithContext(ctx).Model(&schoolRow{})
	if sc.SchoolID != "" {
		q = q.Where("id = ?", sc.SchoolID)
	}
	var rows []schoolRow
	if err := paged(q, "id", p).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.School, len(rows))
	for i, r := range rows {
		out[i] = r.toSchool()
	}
	return out, nil
}

// UpdateSchool saves a school's fields.
func (s *IdentityStore) UpdateSchool(ctx context.Context, sc identity.School) error {
	r := toSchoolRow(sc)
	res := s.db.WithContext(ctx).Model(&schoolRow{}).Where("id = ?", r.ID).
		Updates(map[string]any{"name": r.Name, "updated_at": r.UpdatedAt})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return identity.ErrNotFound
	}
	return nil
}

// DeleteSchool deletes a school that has no users.
func (s *IdentityStore) DeleteSchool(ctx context.Context, id string) error {
	if !isUUID(id) {
		return identity.ErrNotFound
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&userRow{}).Where("school_id = ?", id).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return identity.ErrSchoolNotEmpty
		}
		if err := tx.Where("school_id = ?", id).Delete(&enrollmentRow{}).Error; err != nil {
			return err
		}
		if err := tx.Where("school_id = ?", id).Delete(&classRow{}).Error; err != nil {
			return err
		}
		res := tx.Where("id = ?", id).Delete(&schoolRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return identity.ErrNotFound
		}
		return nil
	})
}

// CreateUser stores a new user and its audit entries; a taken username
// is ErrUsernameTaken.
func (s *IdentityStore) CreateUser(ctx context.Context, u identity.User, log ...audit.Entry) error {
	r := toUserRow(u)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&r).Error; err != nil {
			if isDuplicate(err) {
				return identity.ErrUsernameTaken
			}
			return fmt.Errorf("create user: %w", err)
		}
		return writeAudit(tx, log...)
	})
}

// User returns the user id within the scope.
func (s *IdentityStore) User(ctx context.Context, sc identity.Scope, id string) (identity.User, error) {
	if !isUUID(id) {
		return identity.User{}, identity.ErrNotFound
	}
	var r userRow
	if err := scoped(s.db.WithContext(ctx), sc).Where("id = ?", id).Take(&r).Error; err != nil {
		return identity.User{}, notFound(err)
	}
	return r.toUser(), nil
}

// UserByUsername returns the user with the username, of any school.
func (s *IdentityStore) UserByUsername(ctx context.Context, username string) (identity.User, error) {
	var r userRow
	if err := s.db.WithContext(ctx).Where("username = ?", username).Take(&r).Error; err != nil {
		return identity.User{}, notFound(err)
	}
	return r.toUser(), nil
}

// Users lists users within the scope that match q.
func (s *IdentityStore) Users(ctx context.Context, sc identity.Scope, q identity.UserQuery, p identity.Page) ([]identity.User, error) {
	db := scoped(s.db.WithContext(ctx).Model(&userRow{}), sc)
	if q.Role != "" {
		db = db.Where("role = ?", string(q.Role))
	}
	db = byStatus(db, q.Status)
	if q.ClassID != "" {
		// Class member lists leave out ended enrollments.
		db = db.Where("id IN (?)", s.db.Model(&enrollmentRow{}).Select("user_id").
			Where("class_id = ? AND deactivated_at IS NULL", q.ClassID))
	}
	if q.TaughtBy != "" {
		// Deactivated classes and ended enrollments grant nothing.
		active := s.db.Model(&classRow{}).Select("id").Where("deactivated_at IS NULL")
		taught := s.db.Model(&enrollmentRow{}).Select("class_id").
			Where("user_id = ? AND role = ? AND deactivated_at IS NULL AND class_id IN (?)", q.TaughtBy, string(identity.RoleTeacher), active)
		db = db.Where("id IN (?)", s.db.Model(&enrollmentRow{}).Select("user_id").
			Where("role = ? AND deactivated_at IS NULL AND class_id IN (?)", string(identity.RoleStudent), taught))
	}
	var rows []userRow
	if err := byName(db, p).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.User, len(rows))
	for i, r := range rows {
		out[i] = r.toUser()
	}
	return out, nil
}

// UpdateUser saves the admin-editable fields of u within the scope, ends
// its sessions as end says and writes the audit entries, in one
// transaction.
func (s *IdentityStore) UpdateUser(ctx context.Context, sc identity.Scope, u identity.User, end identity.SessionEnd, log ...audit.Entry) error {
	if !isUUID(u.ID) {
		return identity.ErrNotFound
	}
	r := toUserRow(u)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx.Model(&userRow{}), sc).Where("id = ?", r.ID).Updates(map[string]any{
			"role": r.Role, "real_name": r.RealName, "sort_key": r.SortKey, "email": r.Email,
			"deactivated_at": r.DeactivatedAt, "updated_at": r.UpdatedAt,
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return identity.ErrNotFound
		}
		// A role change ends the enrollments of the old role: no class
		// access comes back with a later change of role.
		if err := tx.Model(&enrollmentRow{}).Where("user_id = ? AND role <> ? AND deactivated_at IS NULL", r.ID, r.Role).
			Update("deactivated_at", r.UpdatedAt).Error; err != nil {
			return fmt.Errorf("end enrollments: %w", err)
		}
		if r.DeactivatedAt != nil {
			if err := deleteBadges(tx, []string{u.ID}); err != nil {
				return fmt.Errorf("end badge: %w", err)
			}
		}
		if err := endSessions(tx, []string{u.ID}, end, u.UpdatedAt); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

// endSessions ends the users' sessions as end says: a revocation of
// their access tokens at end.At (none for a zero At) and, with
// end.RefreshTokens, their refresh tokens revoked at now.
func endSessions(tx *gorm.DB, userIDs []string, end identity.SessionEnd, now time.Time) error {
	if end.RefreshTokens {
		if err := revokeRefreshTokens(tx, userIDs, now); err != nil {
			return err
		}
	}
	if end.At.IsZero() {
		return nil
	}
	return recordRevocations(tx, userIDs, end.At)
}

// recordRevocations records that the users' access tokens issued up to at
// no longer work.
func recordRevocations(tx *gorm.DB, userIDs []string, at time.Time) error {
	if len(userIDs) == 0 {
		return nil
	}
	if err := tx.CreateInBatches(revocationRows(userIDs, at), batchRows).Error; err != nil {
		return fmt.Errorf("record revocations: %w", err)
	}
	return nil
}

// Revocations lists the revocations at or after since, of all schools.
func (s *IdentityStore) Revocations(ctx context.Context, since time.Time) ([]identity.Revocation, error) {
	var rows []revocationRow
	if err := s.db.WithContext(ctx).Select("user_id", "at").Where("at >= ?", since).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]identity.Revocation, len(rows))
	for i, r := range rows {
		out[i] = identity.Revocation{UserID: r.UserID, At: r.At.UTC()}
	}
	return out, nil
}

// PruneRevocations deletes the revocations before before.
func (s *IdentityStore) PruneRevocations(ctx context.Context, before time.Time) error {
	return s.db.WithContext(ctx).Where("at < ?", before).Delete(&revocationRow{}).Error
}

// setDeactivatedAt sets deactivated_at (NULL for a zero at) and updated_at
// of the row id of q's model.
func setDeactivatedAt(q *gorm.DB, id string, at, now time.Time) error {
	if !isUUID(id) {
		return identity.ErrNotFound
	}
	res := q.Where("id = ?", id).Updates(map[string]any{"deactivated_at": timePtr(at), "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return identity.ErrNotFound
	}
	return nil
}

// DeleteUser deletes a user within the scope with their enrollments and
// refresh tokens, records a revocation of its access tokens at now and
// writes the audit entries.
func (s *IdentityStore) DeleteUser(ctx context.Context, sc identity.Scope, id string, now time.Time, log ...audit.Entry) error {
	if !isUUID(id) {
		return identity.ErrNotFound
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx, sc).Where("id = ?", id).Delete(&userRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return identity.ErrNotFound
		}
		if err := tx.Where("user_id = ?", id).Delete(&enrollmentRow{}).Error; err != nil {
			return err
		}
		if err := tx.Where("user_id = ?", id).Delete(&refreshTokenRow{}).Error; err != nil {
			return err
		}
		if err := deleteBadges(tx, []string{id}); err != nil {
			return err
		}
		if err := recordRevocations(tx, []string{id}, now); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

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
			e := enrollmentRow{ClassID: r.ID, UserID: id, SchoolID: r.SchoolID, Role: string(identity.RoleTeacher), CreatedAt: r.CreatedAt}
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
		return identity.Class{}, identity.ErrNotFound
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
func (s *IdentityStore) Classes(ctx context.Context, sc identity.Scope, q identity.ClassQuery, p identity.Page) ([]identity.Class, error) {
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
			return identity.ErrNotFound
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
		return identity.ErrNotFound
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx, sc).Where("id = ?", id).Delete(&classRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return identity.ErrNotFound
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
			return identity.ErrNotFound
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
func (s *IdentityStore) Enrollments(ctx context.Context, sc identity.Scope, classID string, status identity.Status, p identity.Page) ([]identity.Enrollment, error) {
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
			teacherID, string(identity.RoleTeacher), studentID, string(identity.RoleStudent)).
		Count(&n).Error
	return n > 0, err
}

// taughtByOthers reports, within tx, whether the student is in an active
// class that another teacher teaches and the teacher does not.
func taughtByOthers(tx *gorm.DB, studentID, teacherID string) (bool, error) {
	var n int64
	mine := tx.Session(&gorm.Session{NewDB: true}).Table("enrollments AS m").Select("m.class_id").
		Where("m.user_id = ? AND m.role = ? AND m.deactivated_at IS NULL", teacherID, string(identity.RoleTeacher))
	err := tx.Session(&gorm.Session{NewDB: true}).Table("enrollments AS s").
		Joins("JOIN classes AS c ON c.id = s.class_id").
		Joins("JOIN enrollments AS t ON t.class_id = s.class_id").
		Where("s.user_id = ? AND s.role = ? AND s.deactivated_at IS NULL AND c.deactivated_at IS NULL", studentID, string(identity.RoleStudent)).
		Where("t.role = ? AND t.deactivated_at IS NULL AND t.user_id <> ?", string(identity.RoleTeacher), teacherID).
		Where("s.class_id NOT IN (?)", mine).
		Count(&n).Error
	return n > 0, err
}

// CreateStudents stores students, their enrollments and the audit
// entries in one transaction.
func (s *IdentityStore) CreateStudents(ctx context.Context, classID string, students []identity.User, log ...audit.Entry) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, u := range students {
			r := toUserRow(u)
			if err := tx.Create(&r).Error; err != nil {
				if isDuplicate(err) {
					return identity.ErrUsernameTaken
				}
				return fmt.Errorf("create student: %w", err)
			}
			e := enrollmentRow{ClassID: classID, UserID: u.ID, SchoolID: u.SchoolID, Role: string(identity.RoleStudent), CreatedAt: u.CreatedAt}
			if err := tx.Create(&e).Error; err != nil {
				return fmt.Errorf("enroll student: %w", err)
			}
		}
		return writeAudit(tx, log...)
	})
}

// SetPINHashes replaces PIN hashes of users of the scope in one transaction.
func (s *IdentityStore) SetPINHashes(ctx context.Context, sc identity.Scope, hashes map[string]string, now, revokeAt time.Time, log ...audit.Entry) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ids := make([]string, 0, len(hashes))
		for id, h := range hashes {
			res := scoped(tx.Model(&userRow{}), sc).Where("id = ?", id).Updates(map[string]any{"pin_hash": h, "updated_at": now})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return identity.ErrNotFound
			}
			ids = append(ids, id)
		}
		if err := endSessions(tx, ids, identity.SessionEnd{At: revokeAt, RefreshTokens: true}, now); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

// UpdateCredentials saves u's password and PIN hashes, revokes u's
// refresh tokens and records the end of its access tokens issued up to
// revokeAt, in one transaction.
func (s *IdentityStore) UpdateCredentials(ctx context.Context, u identity.User, revokeAt time.Time, log ...audit.Entry) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&userRow{}).Where("id = ?", u.ID).Updates(map[string]any{
			"password_hash": u.PasswordHash, "pin_hash": u.PINHash, "updated_at": u.UpdatedAt,
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return identity.ErrNotFound
		}
		if err := endSessions(tx, []string{u.ID}, identity.SessionEnd{At: revokeAt, RefreshTokens: true}, u.UpdatedAt); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

// revokeRefreshTokens revokes every live refresh token of the users.
func revokeRefreshTokens(tx *gorm.DB, userIDs []string, now time.Time) error {
	return inBatches(userIDs, batchRows, func(b []string) error {
		return inList(tx.Model(&refreshTokenRow{}), "user_id", b).Where("revoked_at IS NULL").Update("revoked_at", now).Error
	})
}

// CreateRefreshToken stores a new refresh token.
func (s *IdentityStore) CreateRefreshToken(ctx context.Context, t identity.RefreshToken) error {
	r := refreshTokenRow{ID: t.ID, FamilyID: t.FamilyID, UserID: t.UserID, Hash: t.Hash, ExpiresAt: t.ExpiresAt, CreatedAt: t.CreatedAt}
	return s.db.WithContext(ctx).Create(&r).Error
}

// errReused ends the rotation transaction after the family was revoked;
// the revocation is committed separately.
var errReused = errors.New("refresh token reused")

// RotateRefreshToken implements identity.Store.RotateRefreshToken. The
// conditional update makes concurrent rotations of one token succeed at
// most once.
func (s *IdentityStore) RotateRefreshToken(ctx context.Context, oldHash string, next identity.RefreshToken, now time.Time) (identity.RefreshToken, error) {
	var old refreshTokenRow
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("hash = ?", oldHash).Take(&old).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return identity.ErrTokenInvalid
			}
			return err
		}
		switch {
		case old.RevokedAt != nil:
			return identity.ErrTokenInvalid
		case old.RotatedAt != nil:
			return errReused
		case !now.Before(old.ExpiresAt):
			return identity.ErrTokenExpired
		}
		// A deactivated (or deleted) user's token is refused unused, so
		// that it works again once the user is reactivated.
		var active int64
		if err := tx.Model(&userRow{}).Where("id = ? AND deactivated_at IS NULL", old.UserID).Count(&active).Error; err != nil {
			return err
		}
		if active == 0 {
			return identity.ErrTokenInvalid
		}
		res := tx.Model(&refreshTokenRow{}).Where("id = ? AND rotated_at IS NULL AND revoked_at IS NULL", old.ID).
			Update("rotated_at", now)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errReused
		}
		r := refreshTokenRow{ID: next.ID, FamilyID: old.FamilyID, UserID: old.UserID, Hash: next.Hash,
			ExpiresAt: next.ExpiresAt, CreatedAt: next.CreatedAt}
		return tx.Create(&r).Error
	})
	if errors.Is(err, errReused) {
		if err := s.revokeFamily(ctx, old.FamilyID, now); err != nil {
			return identity.RefreshToken{}, err
		}
		return identity.RefreshToken{}, identity.ErrRefreshReused
	}
	if err != nil {
		return identity.RefreshToken{}, err
	}
	return old.toRefreshToken(), nil
}

func (s *IdentityStore) revokeFamily(ctx context.Context, family string, now time.Time) error {
	return s.db.WithContext(ctx).Model(&refreshTokenRow{}).
		Where("family_id = ? AND revoked_at IS NULL", family).Update("revoked_at", now).Error
}

// RevokeRefreshFamily revokes the family of the token with the hash.
func (s *IdentityStore) RevokeRefreshFamily(ctx context.Context, hash string, now time.Time) error {
	var r refreshTokenRow
	err := s.db.WithContext(ctx).Where("hash = ?", hash).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.revokeFamily(ctx, r.FamilyID, now)
}

// DeleteExpiredRefreshTokens deletes the user's tokens expired before now.
func (s *IdentityStore) DeleteExpiredRefreshTokens(ctx context.Context, userID string, now time.Time) error {
	return s.db.WithContext(ctx).Where("user_id = ? AND expires_at < ?", userID, now).Delete(&refreshTokenRow{}).Error
}
