package models

import (
	"context"
	"time"

	"gorm.io/gorm"

	"qixue/audit"
	"qixue/identity"
)

// loginLimitRow counts the login attempts of one key ("account:NAME" or
// "addr:IP") in its current window. Attempts is the failures plus the
// attempts being checked, and limit+1 once a refused attempt came (so a
// refusal is told apart from the last granted attempt). Times are Unix
// microseconds, compared the same way by every database.
type loginLimitRow struct {
	Key         string `gorm:"column:rate_key;primaryKey;size:200"`
	WindowEndUS int64  `gorm:"column:window_end_us;not null;index"`
	Attempts    int    `gorm:"not null"`
}

func (loginLimitRow) TableName() string { return "login_limits" }

// reserveLoginAttempt is one upsert: a new key, or a key whose window
// ended, starts a window with one attempt; otherwise the attempts grow by
// one up to limit+1. The row lock that INSERT ... ON CONFLICT DO UPDATE
// takes (PostgreSQL; SQLite has one writer) serializes concurrent
// attempts of a key, and each sees the count the one before left.
const reserveLoginAttempt = `INSERT INTO login_limits (rate_key, window_end_us, attempts) VALUES (?, ?, 1)
ON CONFLICT (rate_key) DO UPDATE SET
	attempts = CASE WHEN login_limits.window_end_us <= ? THEN 1
		WHEN login_limits.attempts <= ? THEN login_limits.attempts + 1
		ELSE login_limits.attempts END,
	window_end_us = CASE WHEN login_limits.window_end_us <= ? THEN excluded.window_end_us
		ELSE login_limits.window_end_us END
RETURNING attempts, window_end_us`

// ReserveLoginAttempt counts an attempt against key in one statement.
func (s *IdentityStore) ReserveLoginAttempt(ctx context.Context, key string, limit int, now time.Time, window time.Duration) (identity.LoginReservation, error) {
	nowUS := now.UnixMicro()
	var got struct {
		Attempts    int
		WindowEndUS int64 `gorm:"column:window_end_us"`
	}
	err := s.db.WithContext(ctx).Raw(reserveLoginAttempt, key, nowUS+window.Microseconds(), nowUS, limit, nowUS).Scan(&got).Error
	if err != nil {
		return identity.LoginReservation{}, err
	}
	return identity.LoginReservation{Key: key, Granted: got.Attempts <= limit,
		WindowEnd: time.UnixMicro(got.WindowEndUS).UTC()}, nil
}

// ReturnLoginAttempt takes one attempt back from the reservation's
// window, if that window still runs.
func (s *IdentityStore) ReturnLoginAttempt(ctx context.Context, r identity.LoginReservation) error {
	return s.db.WithContext(ctx).Model(&loginLimitRow{}).
		Where("rate_key = ? AND window_end_us = ? AND attempts > 0", r.Key, r.WindowEnd.UnixMicro()).
		Update("attempts", gorm.Expr("attempts - 1")).Error
}

// ClearLoginAttempts forgets the key's counter and writes the audit
// entries, in one transaction.
func (s *IdentityStore) ClearLoginAttempts(ctx context.Context, key string, log ...audit.Entry) error {
	if len(log) == 0 {
		return s.db.WithContext(ctx).Where("rate_key = ?", key).Delete(&loginLimitRow{}).Error
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("rate_key = ?", key).Delete(&loginLimitRow{}).Error; err != nil {
			return err
		}
		return writeAudit(tx, log...)
	})
}

// PruneLoginAttempts deletes the counters whose window ended before before.
func (s *IdentityStore) PruneLoginAttempts(ctx context.Context, before time.Time) error {
	return s.db.WithContext(ctx).Where("window_end_us < ?", before.UnixMicro()).Delete(&loginLimitRow{}).Error
}
