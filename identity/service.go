package identity

import (
	"context"
	"errors"
	"qixue/domain"
	"strings"
	"sync/atomic"
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
	// address (IPv6: per /64) in a window of LimitWindow that starts with
	// the key's first attempt (defaults DefaultLimitWindow,
	// DefaultAccountLimit, DefaultAddressLimit). Every attempt is counted
	// before its secret is checked, so the limits are exact under any
	// concurrency, on one instance or many; a right secret takes its
	// attempt back and clears the account's failures.
	LimitWindow  time.Duration
	AccountLimit int
	AddressLimit int
	// HashSlots bounds the hashes running at once (default
	// NewHashSlots(DefaultHashSlots())); HashWait bounds how long a login
	// or a password change waits for one before it is refused with
	// ErrBusy (default DefaultHashWait). Staff operations that hash
	// (setting passwords, PINs, login cards) wait as long as their
	// request lasts.
	HashSlots *HashSlots
	HashWait  time.Duration
	// ImportSlots bounds how many of the HashSlots bulk jobs (roster
	// imports, through BulkHashPassword and BulkPasswordMatches) hold at
	// once (default DefaultImportSlots of the HashSlots' room), so that a
	// large import leaves logins the rest.
	ImportSlots int
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
	// pruned is when (Unix microseconds) this process last pruned the
	// login counters of ended windows.
	pruned atomic.Int64
	// bulk is the share of the hashing slots that bulk jobs may hold.
	bulk *HashSlots
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
		cfg.LimitWindow = DefaultLimitWindow
	}
	if cfg.AccountLimit == 0 {
		cfg.AccountLimit = DefaultAccountLimit
	}
	if cfg.AddressLimit == 0 {
		cfg.AddressLimit = DefaultAddressLimit
	}
	if cfg.HashSlots == nil {
		cfg.HashSlots = NewHashSlots(DefaultHashSlots())
	}
	if cfg.HashWait == 0 {
		cfg.HashWait = DefaultHashWait
	}
	if cfg.ImportSlots <= 0 {
		cfg.ImportSlots = DefaultImportSlots(cfg.HashSlots.Size())
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
	svc := &Service{store: store, cfg: cfg, dummyHash: dummy, bulk: NewHashSlots(min(cfg.ImportSlots, cfg.HashSlots.Size()))}
	svc.revoked.refresh = cfg.RevocationRefresh
	return svc, nil
}

func (s *Service) now() time.Time { return s.cfg.Now().UTC().Truncate(time.Microsecond) }

// hash returns the bcrypt hash of a password or PIN, made in a hashing
// slot (waiting as long as ctx lasts).
func (s *Service) hash(ctx context.Context, secret string) (string, error) {
	if err := s.cfg.HashSlots.Acquire(ctx, 0); err != nil {
		return "", err
	}
	defer s.cfg.HashSlots.Release()
	h, err := bcrypt.GenerateFromPassword([]byte(secret), s.cfg.BcryptCost)
	return string(h), err
}

// HashPassword returns the stored form of a password, for tools that
// create users directly in a Store (seeding).
func (s *Service) HashPassword(password string) (string, error) {
	return s.hash(context.Background(), password)
}

// BulkHashPassword is HashPassword for bulk jobs such as roster imports,
// which hash thousands of passwords on many goroutines: each hash takes
// one of the ImportSlots before its hashing slot, so an import holds at
// most ImportSlots of the HashSlots and logins keep the rest.
func (s *Service) BulkHashPassword(password string) (string, error) {
	ctx := context.Background()
	if err := s.bulk.Acquire(ctx, 0); err != nil {
		return "", err
	}
	defer s.bulk.Release()
	return s.hash(ctx, password)
}

// BulkPasswordMatches reports whether password matches a stored hash
// (false for an empty hash), for bulk jobs, in an import slot and a
// hashing slot as BulkHashPassword.
func (s *Service) BulkPasswordMatches(hash, password string) bool {
	if hash == "" {
		return false
	}
	ctx := context.Background()
	if err := s.bulk.Acquire(ctx, 0); err != nil {
		return false
	}
	defer s.bulk.Release()
	if err := s.cfg.HashSlots.Acquire(ctx, 0); err != nil {
		return false
	}
	defer s.cfg.HashSlots.Release()
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}

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

// Login checks credentials and opens a session. The class code, username
// and PIN are normalised first (see normalizeLogin). Every attempt is
// counted against the username and the client address before the secret
// is checked; past either limit it returns ErrRateLimited without
// checking. A login that finds no hashing slot in time returns ErrBusy
// and does not count. Wrong credentials return ErrInvalidCredentials
// whatever was wrong.
func (s *Service) Login(ctx context.Context, cr Credentials, addr string) (Session, error) {
	cr.Username = normalizeUsername(cr.Username)
	cr.ClassCode = strings.ToUpper(normalizeLogin(cr.ClassCode))
	cr.PIN = normalizeLogin(cr.PIN)
	var v domain.FieldErrors
	if cr.Username == "" {
		v.Add("username", "required")
	}
	if cr.ClassCode != "" {
		if cr.PIN == "" {
			v.Add("pin", "required")
		}
	} else if cr.Password == "" {
		v.Add("password", "required")
	}
	if err := v.Err(); err != nil {
		return Session{}, err
	}

	now := s.now()
	account := s.accountLimit(cr.Username)
	reserved, err := s.reserve(ctx, now, account, s.addressLimit(addr))
	if err != nil {
		return Session{}, err
	}
	u, ok, err := s.checkCredentials(ctx, cr)
	if err != nil {
		// Not a failed login: the secret was not checked.
		return Session{}, errors.Join(err, s.giveBack(ctx, reserved))
	}
	if !ok {
		return Session{}, ErrInvalidCredentials // the reservation stays, as the failure
	}
	if err := s.succeeded(ctx, account, reserved, now); err != nil {
		return Session{}, err
	}
	return s.openSession(ctx, u, now, "")
}

// checkCredentials returns the user the credentials prove, or ok=false.
// Every refusal costs one hash, as a right secret does.
func (s *Service) checkCredentials(ctx context.Context, cr Credentials) (User, bool, error) {
	u, hash, secret, err := s.loginCandidate(ctx, cr)
	if err != nil {
		return User{}, false, err
	}
	ok, err := s.compare(ctx, hash, secret, s.cfg.HashWait)
	if err != nil || !ok || u.ID == "" {
		return User{}, false, err
	}
	return u, true, nil
}

// loginCandidate finds the user the credentials name and the hash their
// secret must match; an empty hash (no such user, a deactivated one, a
// PIN login outside the class) never matches.
func (s *Service) loginCandidate(ctx context.Context, cr Credentials) (User, string, string, error) {
	u, err := s.store.UserByUsername(ctx, cr.Username)
	if err != nil && !isNotFound(err) {
		return User{}, "", "", err
	}
	if u.ID == "" || !u.Active() { // unknown, or deactivated by a roster import
		return User{}, "", cr.Password + cr.PIN, nil
	}
	if cr.ClassCode == "" {
		return u, u.PasswordHash, cr.Password, nil
	}
	if u.Role != domain.RoleStudent {
		return User{}, "", cr.PIN, nil
	}
	c, err := s.store.ClassByLoginCode(ctx, cr.ClassCode)
	if isNotFound(err) {
		return User{}, "", cr.PIN, nil
	}
	if err != nil {
		return User{}, "", "", err
	}
	_, err = s.store.Enrollment(ctx, Scope{SchoolID: c.SchoolID}, c.ID, u.ID)
	if isNotFound(err) {
		return User{}, "", cr.PIN, nil
	}
	if err != nil {
		return User{}, "", "", err
	}
	return u, u.PINHash, cr.PIN, nil
}

// openSession issues an access token and a refresh token for u. With an
// empty family it stores a new refresh token family.
func (s *Service) openSession(ctx context.Context, u User, now time.Time, refresh string) (Session, error) {
	p := domain.Principal{UserID: u.ID, SchoolID: u.SchoolID, Role: u.Role}
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
		return Session{}, domain.Invalid("refresh_token", "required")
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
		return domain.Invalid("refresh_token", "required")
	}
	return s.store.RevokeRefreshFamily(ctx, hashToken(refresh), s.now())
}

// Authenticate verifies an access token and returns its principal, or
// ErrTokenInvalid / ErrTokenExpired. A token issued before its user was
// deactivated or deleted is ErrTokenInvalid, even once the user is active
// again (the user logs in or refreshes anew). Revocations are checked
// against an in-memory snapshot: no database statement unless the
// snapshot is older than Config.RevocationRefresh, then one.
func (s *Service) Authenticate(ctx context.Context, token string) (domain.Principal, error) {
	now := s.cfg.Now()
	p, issued, err := parseAccess(s.cfg.Secret, token, now)
	if err != nil {
		return domain.Principal{}, err
	}
	revoked, err := s.currentRevocations(ctx, now)
	if err != nil {
		return domain.Principal{}, err
	}
	if revoked.revokes(p.UserID, issued) {
		return domain.Principal{}, ErrTokenInvalid
	}
	return p, nil
}

// Me returns the caller's own user.
func (s *Service) Me(ctx context.Context, p domain.Principal) (User, error) {
	u, err := s.store.User(ctx, scopeOf(p), p.UserID)
	if isNotFound(err) {
		return User{}, ErrUnauthenticated
	}
	return u, err
}

// normalizeUsername is the form usernames are stored, looked up and
// counted in: normalised (see normalizeLogin) and lower case.
func normalizeUsername(s string) string { return strings.ToLower(normalizeLogin(s)) }
