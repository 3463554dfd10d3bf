package identity

import (
	"context"
	"net/netip"
	"runtime"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"

	"qixue/audit"
	"qixue/domain"
)

// Default login limits (see Config).
//
// An account takes DefaultAccountLimit failed logins per window: enough
// for a child's typos, far too few to guess a six-digit PIN (10 guesses
// in a million per 15 minutes). An address takes DefaultAddressLimit: a
// class of 40 behind the school's one address, each child making 5
// typos, is 200 failures; 500 leaves room for two or three such classes
// logging in together, and still stops one address from spraying a PIN
// or a common password over many accounts after 500 guesses.
const (
	DefaultLimitWindow  = 15 * time.Minute
	DefaultAccountLimit = 10
	DefaultAddressLimit = 500
	// DefaultHashWait bounds how long a login waits for a hashing slot:
	// long enough for a class of 40 logging in at once on one slot
	// (bcrypt cost 10 takes about 70 ms a hash: 2.8 s), short enough that
	// a child is told to try again rather than left waiting.
	DefaultHashWait = 3 * time.Second
)

// busyRetryAfter is the Retry-After of ErrBusy: slots free up within
// tens of milliseconds.
const busyRetryAfter = time.Second

// LoginReservation is one login attempt counted against a key (an account
// or a client address) before its secret is checked.
type LoginReservation struct {
	Key string
	// Granted is false when the key had used up its limit in the current
	// window: the secret must not be checked.
	Granted bool
	// WindowEnd is when the key's current window ends: a refused key may
	// try again then.
	WindowEnd time.Time
}

// limitKey is a rate-limit key with its limit per window.
type limitKey struct {
	key   string
	limit int
}

func (s *Service) accountLimit(username string) limitKey {
	return limitKey{key: "account:" + username, limit: s.cfg.AccountLimit}
}

func (s *Service) addressLimit(addr string) limitKey {
	return limitKey{key: addressKey(addr), limit: s.cfg.AddressLimit}
}

// addressKey returns the rate-limit key of a client address. IPv4
// addresses count one by one; IPv6 addresses by their /64 network, which
// one home or school gets whole, so that changing the last 64 bits does
// not buy new attempts.
func addressKey(addr string) string {
	a, err := netip.ParseAddr(strings.TrimSpace(addr))
	if err != nil {
		return "addr:" + addr
	}
	a = a.Unmap().WithZone("")
	if a.Is6() {
		p, _ := a.Prefix(64)
		return "addr:" + p.String()
	}
	return "addr:" + a.String()
}

// reserve counts one attempt against each key, before any secret is
// checked, so that parallel attempts cannot pass a limit. When a key has
// used up its limit it takes back the reservations already made and
// returns ErrRateLimited saying when that key's window ends.
func (s *Service) reserve(ctx context.Context, now time.Time, keys ...limitKey) ([]LoginReservation, error) {
	got := make([]LoginReservation, 0, len(keys))
	for _, k := range keys {
		r, err := s.store.ReserveLoginAttempt(ctx, k.key, k.limit, now, s.cfg.LimitWindow)
		if err == nil && r.Granted {
			got = append(got, r)
			continue
		}
		if gerr := s.giveBack(ctx, got); err == nil {
			err = gerr
		}
		if err != nil {
			return nil, err
		}
		return nil, ErrRateLimited.WithRetryAfter(max(r.WindowEnd.Sub(now), time.Second))
	}
	return got, nil
}

// giveBack takes back reservations that were no failure (the secret was
// right, or never checked). It runs even when the request was cancelled
// meanwhile, so that a right secret never counts as a failure.
func (s *Service) giveBack(ctx context.Context, rs []LoginReservation) error {
	ctx = context.WithoutCancel(ctx)
	for _, r := range rs {
		if err := s.store.ReturnLoginAttempt(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// succeeded ends the reservations of a right secret: the account's
// failures are forgotten, the address's reservation is given back (its
// other failures stay). Counters of ended windows are pruned at most once
// per window per process.
func (s *Service) succeeded(ctx context.Context, account limitKey, rs []LoginReservation, now time.Time) error {
	ctx = context.WithoutCancel(ctx)
	var rest []LoginReservation
	for _, r := range rs {
		if r.Key != account.key {
			rest = append(rest, r)
		}
	}
	if err := s.store.ClearLoginAttempts(ctx, account.key); err != nil {
		return err
	}
	if err := s.giveBack(ctx, rest); err != nil {
		return err
	}
	if last := s.pruned.Load(); now.UnixMicro()-last >= s.cfg.LimitWindow.Microseconds() &&
		s.pruned.CompareAndSwap(last, now.UnixMicro()) {
		return s.store.PruneLoginAttempts(ctx, now)
	}
	return nil
}

// compare reports whether secret matches hash, in a hashing slot; an
// empty hash never matches but costs the same time. It waits at most wait
// for the slot (ErrBusy).
func (s *Service) compare(ctx context.Context, hash, secret string, wait time.Duration) (bool, error) {
	if err := s.cfg.HashSlots.Acquire(ctx, wait); err != nil {
		return false, err
	}
	defer s.cfg.HashSlots.Release()
	return s.matches(hash, secret), nil
}

// HashSlots bounds the password and PIN hashes (bcrypt) that run at once
// in a process. bcrypt keeps a core busy for tens of milliseconds per
// hash, on purpose; without a bound a burst of logins takes every core
// and every other request waits. Share one HashSlots per process.
type HashSlots struct{ ch chan struct{} }

// NewHashSlots returns room for n hashes at once (at least one).
func NewHashSlots(n int) *HashSlots { return &HashSlots{ch: make(chan struct{}, max(1, n))} }

// Size returns how many hashes may run at once.
func (h *HashSlots) Size() int { return cap(h.ch) }

// InUse returns how many slots are taken now.
func (h *HashSlots) InUse() int { return len(h.ch) }

// DefaultImportSlots is the share of n hashing slots that bulk jobs may
// hold (Config.ImportSlots): half, at least one. With one slot, an import
// and the logins take turns (a waiting login is served before the
// import's next hash).
func DefaultImportSlots(n int) int { return max(1, n/2) }

// DefaultHashSlots is half the cores Go may use (GOMAXPROCS), at least
// one: a burst of logins then keeps the other half of the CPU for every
// other request, while a class logging in at once still hashes on
// several cores of a larger machine.
func DefaultHashSlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// Acquire takes a slot, waiting while ctx lasts and, if wait > 0, at most
// wait. It returns ErrBusy (with a Retry-After) when no slot freed up in
// time, or ctx's error. Release gives the slot back.
func (h *HashSlots) Acquire(ctx context.Context, wait time.Duration) error {
	select {
	case h.ch <- struct{}{}:
		return nil
	default:
	}
	var timeout <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case h.ch <- struct{}{}:
		return nil
	case <-timeout:
		return ErrBusy.WithRetryAfter(busyRetryAfter)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Release gives back a slot taken by Acquire.
func (h *HashSlots) Release() { <-h.ch }

// Login input is normalised before it is checked or counted: surrounding
// spaces go, and Unicode compatibility forms (NFKC) become their plain
// characters, so a PIN typed with a Chinese input method's full-width
// digits (１２３４５６) is the PIN 123456. Passwords are checked exactly as
// typed: spaces and any character may be part of one, and the stored
// hashes were made from the password as it was set.
func normalizeLogin(s string) string { return strings.TrimSpace(norm.NFKC.String(s)) }

// ClearLoginLock forgets the failed logins counted against a user's
// account, so a child locked out by typos can log in again at once. The
// caller must be allowed to set the user's password or PIN: platform
// admins any user, school admins their school's, teachers the students of
// their classes (others ErrNotFound, staff of a teacher's school
// ErrForbidden). The lock of the address stays (see ClearAddressLock).
func (s *Service) ClearLoginLock(ctx context.Context, p domain.Principal, userID string) error {
	u, err := s.writableCredentials(ctx, p, userID)
	if err != nil {
		return err
	}
	entry := userEntry(ctx, p, s.now(), audit.ActionLoginLockCleared, u, nil)
	return s.store.ClearLoginAttempts(ctx, s.accountLimit(u.Username).key, entry)
}

// ClearAddressLock forgets the failed logins counted against a client
// address (IPv6: its /64 network), so that logins from it are checked
// again. Platform admins clear any address; school admins only the one
// they call from (callerAddr), which is their school's as the server sees
// it: an address is shared by whoever uses it, so a school admin may not
// lift the limit for an address of strangers. Others get ErrForbidden; an
// address that does not parse is a validation error on "address".
func (s *Service) ClearAddressLock(ctx context.Context, p domain.Principal, addr, callerAddr string) error {
	a, err := netip.ParseAddr(strings.TrimSpace(addr))
	if err != nil {
		return domain.Invalid("address", "invalid")
	}
	key := addressKey(a.String())
	switch p.Role {
	case domain.RolePlatformAdmin:
	case domain.RoleSchoolAdmin:
		if key != addressKey(callerAddr) {
			return ErrForbidden
		}
	default:
		return ErrForbidden
	}
	entry := audit.New(ctx, s.now(), p.SchoolID, auditActor(p), audit.ActionAddressLockCleared,
		audit.Target{Type: audit.TargetAddress, ID: a.String()}, nil)
	return s.store.ClearLoginAttempts(ctx, key, entry)
}
