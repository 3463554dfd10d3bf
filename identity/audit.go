package identity

import (
	"context"
	"time"

	"qixue/audit"
	"qixue/domain"
)

// SessionEnd is how a change to a user ends the user's sessions: access
// tokens issued up to At stop working (a Revocation; zero At: none do),
// and with RefreshTokens every refresh token of the user is revoked.
type SessionEnd struct {
	At            time.Time
	RefreshTokens bool
}

// auditActor is p as the actor of an audit entry.
func auditActor(p domain.Principal) audit.Actor {
	return audit.Actor{UserID: p.UserID, Role: string(p.Role), SchoolID: p.SchoolID}
}

// userEntry is the audit entry of p's action at at on user u, with the
// origin of the request carried by ctx.
func userEntry(ctx context.Context, p domain.Principal, at time.Time, action audit.Action, u User, details map[string]any) audit.Entry {
	return audit.New(ctx, at, u.SchoolID, auditActor(p), action, audit.Target{Type: audit.TargetUser, ID: u.ID}, details)
}

// classEntry is the audit entry of p's action at at on class c.
func classEntry(ctx context.Context, p domain.Principal, at time.Time, action audit.Action, c Class, details map[string]any) audit.Entry {
	return audit.New(ctx, at, c.SchoolID, auditActor(p), action, audit.Target{Type: audit.TargetClass, ID: c.ID}, details)
}
