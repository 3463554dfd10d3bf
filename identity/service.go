package identity

import (
	"context"
	"errors"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Config tunes a Service. Zero durations and limits take the defaults.
type Config struct {
	// Secret signs access tokens (HS256); at least MinSecretLen bytes.
	Secret []byte
	// AccessTTL is the lifetime of access tokens (default 15 minutes).
	AccessTTL time.Duration
	// RefreshTTL is the lifetime of a refresh token (default 30 days).
	RefreshTTL time.Duration
	// BcryptCost hashes passwords and PINs (default bcrypt.DefaultCost);
	// tests lower it to bcrypt.MinCost.
	BcryptCost int
	// LimitWindow, AccountLimit and AddressLimit bound failed logins: at
	// most AccountLimit failures per username and AddressLimit per client
	// address within LimitWindow (defaults 15 minutes, 10, 50).
	LimitWindow  time.Duration
	AccountLimit int
	AddressLimit int
	// RevocationRefresh bounds how long a deactivation or deletion made by
	// another instance, or by a roster import, takes to end the user's
	// access tokens here (default DefaultRevocationRefresh): Authenticate
	// reads the revoked users again once its snapshot is this old.
	RevocationRefresh time.Duration
	// Now returns the current time (default time.Now).
	Now func() time.Time
}

// Service implements the identity use cases on a Store.
type Service struct {
	store Store
	cfg   Config
	// dummyHash is compared against when a login names no known account,
	// so that unknown and known usernames take the same time.
	dummyHash []byte
	// revoked is the snapshot of users whose access tokens no longer work.
	revoked revocations
}

// NewService returns a Service on store. It returns an error when the
// secret is shorter than MinSecretLen.
func NewService(store Store, cfg Config) (*Service, error) {
	if len(cfg.Secret) < MinSecretLen {
		return nil, errors.New("identity: signing secret shorter than 32 bytes")
	}
	if cfg.AccessTTL == 0 {
		cfg.AccessTTL = 15 * time.Minute
	}
	if cfg.RefreshTTL == 0 {
		cfg.RefreshTTL = 30 * 24 * time.Hour
	}
	if cfg.BcryptCost == 0 {
		cfg.BcryptCost = bcrypt.DefaultCost
	}
	if cfg.LimitWindow == 0 {
		cfg.LimitWindow = 15 * time.Minute
	}
	if cfg.AccountLimit == 0 {
		cfg.AccountLimit = 10
	}
	if cfg.AddressLimit == 0 {
		cfg.AddressLimit = 50
	}
	if cfg.RevocationRefresh == 0 {
		cfg.RevocationRefresh = DefaultRevocationRefresh
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	dummy, err := bcrypt.GenerateFromPassword([]byte("qixue-no-such-account"), cfg.BcryptCost)
	if err != nil {
		return nil, err
	}
	return &Service{store: store, cfg: cfg, dummyHash: dummy, revoked: revocations{refresh: cfg.RevocationRefresh}}, nil
}

func (s *Service) now() time.Time { return s.cfg.Now().UTC().Truncate(time.Microsecond) }

// hash returns the bcrypt hash of a password or PIN.
func (s *Service) hash(secret string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(secret), s.cfg.BcryptCost)
	return string(h), err
}

// HashPassword returns the stored form of a password, for tools that
// create users directly in a Store (seeding).
func (s *Service) HashPassword(password string) (string, error) { return s.hash(password) }

// matches reports whether secret matches hash; an empty hash never matches
// but costs the same time.
func (s *Service) matches(hash, secret string) bool {
	if hash == "" {
		bcrypt.CompareHashAndPassword(s.dummyHash, []byte(secret))
		return false
	}
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(secret)) == nil
}

// Credentials are what a login presents: a username and password, or a
// class login code, a username and a PIN.
type Credentials struct {
	Username  string
	Password  string
	ClassCode string
	PIN       string
}

// Session is the result of a login or refresh.
type Session struct {
	AccessToken  string
	ExpiresIn    time.Duration
	RefreshToken string
	User         User
}

// Login checks credentials and opens a session. Failed attempts are
// counted per username and per client address; past the limits it returns
// ErrRateLimited without checking. Wrong credentials return
// ErrInvalidCredentials whatever was wrong.
func (s *Service) Login(ctx context.Context, cr Credentials, addr string) (Session, error) {
	cr.Username = normalizeUsername(cr.Username)
	cr.ClassCode = strings.ToUpper(strings.TrimSpace(cr.ClassCode))
	var v invalid
	if cr.Username == "" {
		v.add("username", "required")
	}
	if cr.ClassCode != "" {
		if cr.PIN == "" {
			v.add("pin", "required")
		}
	} else if cr.Password == "" {
		v.add("password", "required")
	}
	if err := v.err(); err != nil {
		return Session{}, err
	}

	now := s.now()
	since := now.Add(-s.cfg.LimitWindow)
	accountKey, addrKey := "account:"+cr.Username, "addr:"+addr
	n, err := s.store.CountLoginFailures(ctx, accountKey, since)
	if err != nil {
		return Session{}, err
	}
	m, err := s.store.CountLoginFailures(ctx, addrKey, since)
	if err != nil {
		return Session{}, err
	}
	if n >= s.cfg.AccountLimit || m >= s.cfg.AddressLimit {
		return Session{}, ErrRateLimited
	}

	u, ok, err := s.checkCredentials(ctx, cr)
	if err != nil {
		return Session{}, err
	}
	if !ok {
		if err := s.store.RecordLoginFailure(ctx, []string{accountKey, addrKey}, now); err != nil {
			return Session{}, err
		}
		return Session{}, ErrInvalidCredentials
	}
	if err := s.store.ClearLoginFailures(ctx, accountKey, since); err != nil {
		return Session{}, err
	}
	return s.openSession(ctx, u, now, "")
}

// checkCredentials returns the user the credentials prove, or ok=false.
func (s *Service) checkCredentials(ctx context.Context, cr Credentials) (User, bool, error) {
	u, err := s.store.UserByUsername(ctx, cr.Username)
	if err != nil && !isNotFound(err) {
		return User{}, false, err
	}
	if u.ID != "" && !u.Active() { // deactivated by a roster import
		s.matches("", cr.Password+cr.PIN)
		return User{}, false, nil
	}
	if cr.ClassCode == "" {
		return u, s.matches(u.PasswordHash, cr.Password) && u.ID != "", nil
	}
	if u.ID == "" || u.Role != RoleStudent {
		s.matches("", cr.PIN)
		return User{}, false, nil
	}
	c, err := s.store.ClassByLoginCode(ctx, cr.ClassCode)
	if isNotFound(err) {
		s.matches("", cr.PIN)
		return User{}, false, nil
	}
	if err != nil {
		return User{}, false, err
	}
	_, err = s.store.Enrollment(ctx, Scope{SchoolID: c.SchoolID}, c.ID, u.ID)
	if isNotFound(err) {
		s.matches("", cr.PIN)
		return User{}, false, nil
	}
	if err != nil {
		return User{}, false, err
	}
	return u, s.matches(u.PINHash, cr.PIN), nil
}

// openSession issues an access token and a refresh token for u. With an
// empty family it stores a new refresh token family.
func (s *Service) openSession(ctx context.Context, u User, now time.Time, refresh string) (Session, error) {
	p := Principal{UserID: u.ID, SchoolID: u.SchoolID, Role: u.Role}
	access, err := signAccess(s.cfg.Secret, p, now, s.cfg.AccessTTL)
	if err != nil {
		return Session{}, err
	}
	if refresh == "" {
		// A new login is a good moment to forget the user's dead tokens.
		if err := s.store.DeleteExpiredRefreshTokens(ctx, u.ID, now); err != nil {
			return Session{}, err
		}
		token, hash := newOpaqueToken()
		rt := RefreshToken{ID: newID(), FamilyID: newID(), UserID: u.ID, Hash: hash, CreatedAt: now, ExpiresAt: now.Add(s.cfg.RefreshTTL)}
		if err := s.store.CreateRefreshToken(ctx, rt); err != nil {
			return Session{}, err
		}
		refresh = token
	}
	return Session{AccessToken: access, ExpiresIn: s.cfg.AccessTTL, RefreshToken: refresh, User: u}, nil
}

// Refresh exchanges a refresh token for a new session and a new refresh
// token. Each refresh token works once: presenting a used one revokes its
// family (ErrRefreshReused); unknown or revoked tokens return
// ErrTokenInvalid, expired ones ErrTokenExpired.
func (s *Service) Refresh(ctx context.Context, refresh string) (Session, error) {
	if refresh == "" {
		return Session{}, ValidationError(FieldError{Field: "refresh_token", Code: "required"})
	}
	now := s.now()
	token, hash := newOpaqueToken()
	next := RefreshToken{ID: newID(), Hash: hash, CreatedAt: now, ExpiresAt: now.Add(s.cfg.RefreshTTL)}
	old, err := s.store.RotateRefreshToken(ctx, hashToken(refresh), next, now)
	if err != nil {
		return Session{}, err
	}
	u, err := s.store.User(ctx, Scope{}, old.UserID)
	if isNotFound(err) || (err == nil && !u.Active()) {
		return Session{}, ErrTokenInvalid
	}
	if err != nil {
		return Session{}, err
	}
	return s.openSession(ctx, u, now, token)
}

// Logout revokes the refresh token's whole family. Unknown tokens are
// ignored, so logout is idempotent.
func (s *Service) Logout(ctx context.Context, refresh string) error {
	if refresh == "" {
		return ValidationError(FieldError{Field: "refresh_token", Code: "required"})
	}
	return s.store.RevokeRefreshFamily(ctx, hashToken(refresh), s.now())
}

// Authenticate verifies an access token and returns its principal, or
// ErrTokenInvalid / ErrTokenExpired. A token issued before its user was
// deactivated or deleted is ErrTokenInvalid, even once the user is active
// again (the user logs in or refreshes anew). Revocations are checked
// against an in-memory snapshot: no database statement unless the
// snapshot is older than Config.RevocationRefresh, then one.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, error) {
	now := s.cfg.Now()
	p, issued, err := parseAccess(s.cfg.Secret, token, now)
	if err != nil {
		return Principal{}, err
	}
	revoked, err := s.currentRevocations(ctx, now)
	if err != nil {
		return Principal{}, err
	}
	if revoked.revokes(p.UserID, issued) {
		return Principal{}, ErrTokenInvalid
	}
	return p, nil
}

// Me returns the caller's own user.
func (s *Service) Me(ctx context.Context, p Principal) (User, error) {
	u, err := s.store.User(ctx, p.scope(), p.UserID)
	if isNotFound(err) {
		return User{}, ErrUnauthenticated
	}
	return u, err
}

func normalizeUsername(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
