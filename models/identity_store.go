package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
)

// IdentityStore implements identity.Store with GORM.
type IdentityStore struct {
	db *gorm.DB
}

var _ identity.Store = (*IdentityStore)(nil)

// NewIdentityStore returns the identity store on db.
func NewIdentityStore(db *gorm.DB) *IdentityStore { return &IdentityStore{db: db} }

// notFound translates a missing row into domain.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.ErrNotFound
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
func paged(q *gorm.DB, column string, p domain.Page) *gorm.DB {
	if p.After != "" {
		q = q.Where(column+" > ?", p.After)
	}
	return q.Order(column).Limit(p.Limit + 1)
}

// byName orders users by real name (sort_key compared bytewise, then id)
// and applies the page: After is an identity.UserCursor (one extra row).
func byName(q *gorm.DB, p domain.Page) *gorm.DB {
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
func byMemberName(q *gorm.DB, p domain.Page) *gorm.DB {
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
		return identity.School{}, domain.ErrNotFound
	}
	var r schoolRow
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error; err != nil {
		return identity.School{}, notFound(err)
	}
	return r.toSchool(), nil
}

// Schools lists schools within the scope.
func (s *IdentityStore) Schools(ctx context.Context, sc identity.Scope, p domain.Page) ([]identity.School, error) {
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
		return domain.ErrNotFound
	}
	return nil
}

// DeleteSchool deletes a school that has no users.
func (s *IdentityStore) DeleteSchool(ctx context.Context, id string) error {
	if !isUUID(id) {
		return domain.ErrNotFound
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
			return domain.ErrNotFound
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
		return identity.User{}, domain.ErrNotFound
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
func (s *IdentityStore) Users(ctx context.Context, sc identity.Scope, q identity.UserQuery, p domain.Page) ([]identity.User, error) {
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
			Where("user_id = ? AND role = ? AND deactivated_at IS NULL AND class_id IN (?)", q.TaughtBy, string(domain.RoleTeacher), active)
		db = db.Where("id IN (?)", s.db.Model(&enrollmentRow{}).Select("user_id").
			Where("role = ? AND deactivated_at IS NULL AND class_id IN (?)", string(domain.RoleStudent), taught))
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

// ShownNames returns identity.ShownName of the users ids within the scope.
func (s *IdentityStore) ShownNames(ctx context.Context, sc identity.Scope, ids []string) (map[string]string, error) {
	return shownNames(ctx, s.db, sc.SchoolID, ids)
}

// shownNames returns identity.ShownName of the users ids of the school
// ("" any school), by ID, reading them in batches.
func shownNames(ctx context.Context, db *gorm.DB, schoolID string, ids []string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	for len(ids) > 0 {
		batch := ids[:min(len(ids), 500)]
		ids = ids[len(batch):]
		var rows []userRow
		q := inList(conn(ctx, db).Select("id", "real_name", "given_name", "nickname"), "id", batch)
		if schoolID != "" {
			q = q.Where("school_id = ?", schoolID)
		}
		if err := q.Find(&rows).Error; err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.ID] = identity.ShownName(r.Nickname, r.GivenName, r.RealName)
		}
	}
	return out, nil
}

// UpdateUser saves the admin-editable fields of u within the scope, ends
// its sessions as end says and writes the audit entries, in one
// transaction.
func (s *IdentityStore) UpdateUser(ctx context.Context, sc identity.Scope, u identity.User, end identity.SessionEnd, log ...audit.Entry) error {
	if !isUUID(u.ID) {
		return domain.ErrNotFound
	}
	r := toUserRow(u)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx.Model(&userRow{}), sc).Where("id = ?", r.ID).Updates(map[string]any{
			"role": r.Role, "real_name": r.RealName, "given_name": r.GivenName, "nickname": r.Nickname, "sort_key": r.SortKey, "email": r.Email,
			"deactivated_at": r.DeactivatedAt, "updated_at": r.UpdatedAt,
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
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
		return domain.ErrNotFound
	}
	res := q.Where("id = ?", id).Updates(map[string]any{"deactivated_at": timePtr(at), "updated_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// DeleteUser deletes a user within the scope with their enrollments and
// refresh tokens, records a revocation of its access tokens at now and
// writes the audit entries.
func (s *IdentityStore) DeleteUser(ctx context.Context, sc identity.Scope, id string, now time.Time, log ...audit.Entry) error {
	if !isUUID(id) {
		return domain.ErrNotFound
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx, sc).Where("id = ?", id).Delete(&userRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
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
			e := enrollmentRow{ClassID: classID, UserID: u.ID, SchoolID: u.SchoolID, Role: string(domain.RoleStudent), CreatedAt: u.CreatedAt}
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
				return domain.ErrNotFound
			}
			ids = append(ids, id)
		}
		if err := endSessions(tx, ids, identity.SessionEnd{At: revokeAt, RefreshTokens: true}, now); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}
