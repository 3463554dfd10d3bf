package models

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
)

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
			return domain.ErrNotFound
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
