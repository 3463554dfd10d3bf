package identity

import (
	"context"
	"errors"
	"time"

	"qixue/audit"
	"qixue/domain"
)

// Badge is a student's QR login badge: a high-entropy secret printed as a
// QR code on the student's login card, which logs the student in without
// a class code or PIN. Only the SHA-256 hash of the secret is kept. A
// badge belongs to the school the student was in when it was issued: it
// stops working when the student moves to another school, and stores
// delete it when the student is deactivated or deleted.
type Badge struct {
	UserID   string
	SchoolID string
	Hash     string
	IssuedBy string
	IssuedAt time.Time
}

// ErrBadgeInvalid refuses a badge login whose secret names no working
// badge (never issued, reissued, revoked, or its student deactivated or
// moved to another school). It counts as a failed login of the address.
var ErrBadgeInvalid = domain.NewError("badge_invalid")

// BadgeSecretLen is the length of a badge secret: 32 random bytes in
// unpadded base64url.
const BadgeSecretLen = 43

// IssueBadge gives a student a new login badge and returns its secret,
// which is not stored and cannot be read again. The callers are those who
// may reset the student's PIN (teachers of the student's classes, school
// admins of the student's school, platform admins). Issuing ends the
// student's old badge and sessions as a PIN reset does, and is written to
// the audit log (never the secret).
//
// prepare, when not nil, is called with the student and the new secret
// before anything is written (to build the badge's QR code): when it fails,
// IssueBadge returns its error and the old badge and sessions stay.
func (s *Service) IssueBadge(ctx context.Context, p domain.Principal, userID string, prepare func(User, string) error) (User, string, error) {
	u, err := s.badgeHolder(ctx, p, userID)
	if err != nil {
		return User{}, "", err
	}
	secret, hash := newOpaqueToken()
	if prepare != nil {
		if err := prepare(u, secret); err != nil {
			return User{}, "", err
		}
	}
	now := s.now()
	revokeAt := credentialsRevocation(now)
	b := Badge{UserID: u.ID, SchoolID: u.SchoolID, Hash: hash, IssuedBy: p.UserID, IssuedAt: now}
	if err := s.store.SetBadges(ctx, scopeOf(p), []Badge{b}, revokeAt, now, userEntry(ctx, p, now, audit.ActionBadgeIssued, u, nil)); err != nil {
		return User{}, "", err
	}
	s.revokeNow(u.ID, revokeAt)
	return u, secret, nil
}

// StudentBadge is a student with a newly issued badge secret.
type StudentBadge struct {
	User   User
	Secret string
}

// IssueClassBadges gives every active student of the class a new login
// badge (for a printed badges sheet), in one transaction, ending their old
// badges and sessions as IssueBadge does. The callers are those who may
// reissue the class's login cards; the audit log gets one entry per
// student. prepare, when not nil, is called for each student before
// anything is written, as in IssueBadge: one failure writes nothing.
func (s *Service) IssueClassBadges(ctx context.Context, p domain.Principal, classID string, prepare func(User, string) error) (Class, []StudentBadge, error) {
	c, err := s.writableClass(ctx, p, classID)
	if err != nil {
		return Class{}, nil, err
	}
	students, err := s.classStudents(ctx, c)
	if err != nil {
		return Class{}, nil, err
	}
	out := make([]StudentBadge, len(students))
	for i, u := range students {
		out[i].User = u
	}
	if len(out) == 0 {
		return c, out, nil
	}
	now := s.now()
	revokeAt := credentialsRevocation(now)
	badges := make([]Badge, len(out))
	log := make([]audit.Entry, len(out))
	for i := range out {
		u := out[i].User
		secret, hash := newOpaqueToken()
		out[i].Secret = secret
		if prepare != nil {
			if err := prepare(u, secret); err != nil {
				return Class{}, nil, err
			}
		}
		badges[i] = Badge{UserID: u.ID, SchoolID: u.SchoolID, Hash: hash, IssuedBy: p.UserID, IssuedAt: now}
		log[i] = userEntry(ctx, p, now, audit.ActionBadgeIssued, u, map[string]any{"class_id": c.ID})
	}
	if err := s.store.SetBadges(ctx, Scope{SchoolID: c.SchoolID}, badges, revokeAt, now, log...); err != nil {
		return Class{}, nil, err
	}
	for _, b := range badges {
		s.revokeNow(b.UserID, revokeAt)
	}
	return c, out, nil
}

// RevokeBadge ends a student's login badge (a lost card) and the sessions
// opened with it or otherwise, as a PIN reset does; the same callers as
// IssueBadge. A student without a badge is ErrNotFound.
func (s *Service) RevokeBadge(ctx context.Context, p domain.Principal, userID string) error {
	u, err := s.badgeHolder(ctx, p, userID)
	if err != nil {
		return err
	}
	now := s.now()
	revokeAt := credentialsRevocation(now)
	if err := s.store.DeleteBadge(ctx, scopeOf(p), u.ID, revokeAt, now, userEntry(ctx, p, now, audit.ActionBadgeRevoked, u, nil)); err != nil {
		return err
	}
	s.revokeNow(u.ID, revokeAt)
	return nil
}

// badgeHolder loads an active student whose badge p may issue or revoke.
func (s *Service) badgeHolder(ctx context.Context, p domain.Principal, userID string) (User, error) {
	u, err := s.writableCredentials(ctx, p, userID)
	if err != nil {
		return User{}, err
	}
	if u.Role != domain.RoleStudent {
		return User{}, domain.Invalid("id", "not_a_student")
	}
	if !u.Active() {
		return User{}, domain.Invalid("id", "deactivated")
	}
	return u, nil
}

// BadgeLogin opens a session for the student whose badge secret this is.
// Every attempt is counted against the client address before the secret
// is looked up, as logins are (ErrRateLimited past the address limit); a
// right secret takes its attempt back. An unknown secret, a badge of a
// deactivated student, or of a student who moved to another school, is
// ErrBadgeInvalid; a secret of the wrong length a validation error on
// badge, counted as nothing.
func (s *Service) BadgeLogin(ctx context.Context, secret, addr string) (Session, error) {
	secret = normalizeLogin(secret)
	switch {
	case secret == "":
		return Session{}, domain.Invalid("badge", "required")
	case len(secret) != BadgeSecretLen:
		return Session{}, domain.Invalid("badge", "invalid")
	}
	now := s.now()
	reserved, err := s.reserve(ctx, now, s.addressLimit(addr))
	if err != nil {
		return Session{}, err
	}
	b, err := s.store.BadgeByHash(ctx, hashToken(secret))
	if isNotFound(err) {
		return Session{}, ErrBadgeInvalid // the reservation stays, as the failure
	}
	if err != nil {
		return Session{}, errors.Join(err, s.giveBack(ctx, reserved))
	}
	u, err := s.store.User(ctx, Scope{}, b.UserID)
	if isNotFound(err) || (err == nil && (!u.Active() || u.Role != domain.RoleStudent || u.SchoolID != b.SchoolID)) {
		return Session{}, ErrBadgeInvalid
	}
	if err != nil {
		return Session{}, errors.Join(err, s.giveBack(ctx, reserved))
	}
	if err := s.giveBack(ctx, reserved); err != nil {
		return Session{}, err
	}
	return s.openSession(ctx, u, now, "")
}
