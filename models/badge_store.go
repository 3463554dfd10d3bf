package models

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
)

// badgeRow is a student's QR login badge (identity.Badge): one per user,
// found by the SHA-256 hash of its secret.
type badgeRow struct {
	UserID   string `gorm:"primaryKey;size:36"`
	SchoolID string `gorm:"size:36;not null;index"`
	Hash     string `gorm:"size:64;not null;uniqueIndex"`
	IssuedBy string `gorm:"size:36;not null;default:''"`
	IssuedAt time.Time
}

func (badgeRow) TableName() string { return "badges" }

// SetBadges replaces the users' badges, all within the scope, and ends
// the users' sessions, in one transaction.
func (s *IdentityStore) SetBadges(ctx context.Context, sc identity.Scope, badges []identity.Badge, revokeAt, now time.Time, log ...audit.Entry) error {
	ids := make([]string, len(badges))
	rows := make([]badgeRow, len(badges))
	for i, b := range badges {
		if !isUUID(b.UserID) {
			return domain.ErrNotFound
		}
		ids[i] = b.UserID
		rows[i] = badgeRow{UserID: b.UserID, SchoolID: b.SchoolID, Hash: b.Hash, IssuedBy: b.IssuedBy, IssuedAt: b.IssuedAt}
	}
	if len(rows) == 0 {
		return nil
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := inList(scoped(tx.Model(&userRow{}), sc), "id", ids).Count(&n).Error; err != nil {
			return err
		}
		if int(n) != len(ids) {
			return domain.ErrNotFound
		}
		if err := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "user_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"school_id", "hash", "issued_by", "issued_at"}),
		}).CreateInBatches(rows, batchRows).Error; err != nil {
			return err
		}
		if err := endSessions(tx, ids, identity.SessionEnd{At: revokeAt, RefreshTokens: true}, now); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

// DeleteBadge deletes the user's badge within the scope and ends the
// user's sessions, in one transaction; ErrNotFound when there is none.
func (s *IdentityStore) DeleteBadge(ctx context.Context, sc identity.Scope, userID string, revokeAt, now time.Time, log ...audit.Entry) error {
	if !isUUID(userID) {
		return domain.ErrNotFound
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := scoped(tx, sc).Where("user_id = ?", userID).Delete(&badgeRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrNotFound
		}
		if err := endSessions(tx, []string{userID}, identity.SessionEnd{At: revokeAt, RefreshTokens: true}, now); err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

// BadgeByHash finds a badge by its secret's hash, in any school.
func (s *IdentityStore) BadgeByHash(ctx context.Context, hash string) (identity.Badge, error) {
	var r badgeRow
	if err := s.db.WithContext(ctx).Where("hash = ?", hash).Take(&r).Error; err != nil {
		return identity.Badge{}, notFound(err)
	}
	return identity.Badge{UserID: r.UserID, SchoolID: r.SchoolID, Hash: r.Hash, IssuedBy: r.IssuedBy, IssuedAt: r.IssuedAt.UTC()}, nil
}

// deleteBadges deletes the badges of the users.
func deleteBadges(tx *gorm.DB, userIDs []string) error {
	return inBatches(userIDs, batchRows, func(b []string) error {
		return inList(tx, "user_id", b).Delete(&badgeRow{}).Error
	})
}

// sweepBadges deletes the badges whose student is deactivated, gone, or
// now in another school than the badge's (after a roster import).
func sweepBadges(tx *gorm.DB) error {
	live := tx.Model(&userRow{}).Select("id").Where("deactivated_at IS NULL AND users.school_id = badges.school_id AND users.id = badges.user_id")
	return tx.Where("NOT EXISTS (?)", live).Delete(&badgeRow{}).Error
}
