package identity

import (
	"context"
	"maps"
	"sync"
	"sync/atomic"
	"time"
)

// Revocation ends a user's access tokens issued up to At: the user was
// deactivated or deleted at At. Stores record one with every deactivation
// and deletion, in the same transaction.
type Revocation struct {
	UserID string
	At     time.Time
}

// DefaultRevocationRefresh is how old the service's snapshot of revoked
// users may grow before Authenticate reads it again (Config.RevocationRefresh).
const DefaultRevocationRefresh = 5 * time.Second

// revocationPrune is how often a reload also deletes revocations that no
// live access token can predate.
const revocationPrune = time.Hour

// revocations is the service's snapshot of the users revoked within the
// last access-token lifetime, so that Authenticate refuses their tokens
// without a database round trip per request. It is read again (one query)
// once it is refresh old, by the first request that finds it so; requests
// finding it fresh only read an atomic pointer. A revocation made by this
// process is added at once; one made by another instance (or by a roster
// import) is seen within refresh.
type revocations struct {
	refresh time.Duration
	// mu serializes reloads and additions, so that an addition made
	// while a reload runs lands in the reloaded set.
	mu        sync.Mutex
	cur       atomic.Pointer[revocationSet]
	lastPrune time.Time
}

// revocationSet is a snapshot read at a time: user ID to the latest
// revocation.
type revocationSet struct {
	read time.Time
	at   map[string]time.Time
}

// revokes reports whether a token of user issued at issued (whole seconds,
// as the JWT iat claim carries it) predates the user's revocation. A
// token issued within the second of the revocation is refused too: its
// iat cannot tell before from after.
func (rs *revocationSet) revokes(user string, issued time.Time) bool {
	at, ok := rs.at[user]
	return ok && !issued.After(at.Truncate(time.Second))
}

// fresh reports whether the set may still be used at now.
func (rs *revocationSet) fresh(now time.Time, refresh time.Duration) bool {
	return rs != nil && !now.Before(rs.read) && now.Sub(rs.read) < refresh
}

// currentRevocations returns the snapshot, reading it again from the store
// when it is missing or stale at now. Revocations older than the access
// token lifetime cannot concern a live token: they are not read, and once
// an hour they are deleted.
func (s *Service) currentRevocations(ctx context.Context, now time.Time) (*revocationSet, error) {
	r := &s.revoked
	if rs := r.cur.Load(); rs.fresh(now, r.refresh) {
		return rs, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if rs := r.cur.Load(); rs.fresh(now, r.refresh) {
		return rs, nil // another request reloaded it meanwhile
	}
	since := now.Add(-s.cfg.AccessTTL - time.Second)
	if now.Sub(r.lastPrune) >= revocationPrune {
		if err := s.store.PruneRevocations(ctx, since); err != nil {
			return nil, err
		}
		r.lastPrune = now
	}
	list, err := s.store.Revocations(ctx, since)
	if err != nil {
		return nil, err
	}
	rs := &revocationSet{read: now, at: make(map[string]time.Time, len(list))}
	for _, v := range list {
		if v.At.After(rs.at[v.UserID]) {
			rs.at[v.UserID] = v.At
		}
	}
	r.cur.Store(rs)
	return rs, nil
}

// revokeNow adds a revocation this process just stored to the snapshot,
// so that the user's tokens stop working here at once.
func (s *Service) revokeNow(userID string, at time.Time) {
	r := &s.revoked
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.cur.Load()
	if old == nil {
		return // the first reload reads it from the store
	}
	next := &revocationSet{read: old.read, at: maps.Clone(old.at)}
	if at.After(next.at[userID]) {
		next.at[userID] = at
	}
	r.cur.Store(next)
}
