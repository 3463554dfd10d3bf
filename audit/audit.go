// Package audit is the log of who changed what about people and access:
// PIN resets, password changes, enrollments, role changes,
// deactivations, deletions, roster imports. Each Entry names its actor,
// its target, the school it belongs to, when it happened and where the
// request came from. School admins read their school's entries, platform
// admins all of them; nobody edits or deletes one.
//
// The package owns its types, its Store interface and its sentinel
// errors, and imports neither echo nor gorm, nor identity (which writes
// its own entries in the transactions of its changes, through its store).
// Other packages record through Service.Record:
//
//	svc := audit.NewService(store, nil)
//	ctx = audit.WithOrigin(ctx, audit.Origin{Addr: clientIP, RequestID: id})
//	err := svc.Record(ctx, audit.Entry{SchoolID: school, Actor: actor,
//		Action: audit.ActionPINReset, Target: audit.Target{Type: audit.TargetUser, ID: student}})
//	entries, next, err := svc.List(ctx, viewer, audit.Query{Action: audit.ActionPINReset}, audit.Page{Limit: 50})
package audit

import (
	"context"
	"time"
)

// Action is a stable code of what an entry records.
type Action string

// The actions recorded. Their codes are stable: clients filter on them.
const (
	ActionUserCreated        Action = "user_created"
	ActionRoleChanged        Action = "role_changed"
	ActionUserDeactivated    Action = "user_deactivated"
	ActionUserReactivated    Action = "user_reactivated"
	ActionUserDeleted        Action = "user_deleted"
	ActionPasswordSet        Action = "password_set"
	ActionPasswordChanged    Action = "password_changed"
	ActionPINReset           Action = "pin_reset"
	ActionLoginCardsReissued Action = "login_cards_reissued"
	ActionStudentsCreated    Action = "students_created"
	ActionEnrollmentAdded    Action = "enrollment_added"
	ActionEnrollmentRemoved  Action = "enrollment_removed"
	ActionRosterImport       Action = "roster_import"
	ActionLoginLockCleared   Action = "login_lock_cleared"
	ActionAddressLockCleared Action = "address_lock_cleared"
	ActionBadgeIssued        Action = "badge_issued"
	ActionBadgeRevoked       Action = "badge_revoked"
	// ActionClassReviewChanged: a teacher or admin turned a class's spaced
	// review of missed skills on or off (details: review).
	ActionClassReviewChanged Action = "class_review_changed"
	// ActionTournamentTakeover: a teacher changed a tournament another
	// user created (their rights come from teaching one of its classes;
	// details: created_by). ActionGameTakeover: the same for a game
	// record another user uploaded (details: submitted_by).
	ActionTournamentTakeover Action = "tournament_takeover"
	ActionGameTakeover       Action = "game_takeover"
)

// Actions lists every action, in the order openapi.yaml documents them.
var Actions = []Action{
	ActionUserCreated, ActionRoleChanged, ActionUserDeactivated, ActionUserReactivated, ActionUserDeleted,
	ActionPasswordSet, ActionPasswordChanged, ActionPINReset, ActionLoginCardsReissued, ActionStudentsCreated,
	ActionEnrollmentAdded, ActionEnrollmentRemoved, ActionRosterImport,
	ActionLoginLockCleared, ActionAddressLockCleared, ActionBadgeIssued, ActionBadgeRevoked, ActionClassReviewChanged,
	ActionTournamentTakeover, ActionGameTakeover,
}

// ParseAction returns the action named s, or a validation error naming
// the field action.
func ParseAction(s string) (Action, error) {
	for _, a := range Actions {
		if string(a) == s {
			return a, nil
		}
	}
	return "", &ValidationError{Field: "action"}
}

// Target types.
const (
	TargetUser         = "user"
	TargetClass        = "class"
	TargetRosterImport = "roster_import"
	TargetAddress      = "address"
	TargetTournament   = "tournament"
	TargetGame         = "game"
)

// Roles of actors and viewers, spelled as identity spells them (identity
// imports audit, so audit cannot import identity; a test in identity
// checks that the names agree).
const (
	RolePlatformAdmin = "platform_admin"
	RoleSchoolAdmin   = "school_admin"
)

// Actor is who did something, or who reads the log.
type Actor struct {
	UserID   string
	Role     string
	SchoolID string
}

// Target is what an entry is about: a user, a class, a roster import.
type Target struct {
	Type string
	ID   string
}

// Origin is where a request came from: the client address and the
// request ID of the HTTP request that made the change.
type Origin struct {
	Addr      string
	RequestID string
}

// Entry is one line of the log. SchoolID is the school the target
// belongs to ("" for changes to platform admins, which only platform
// admins see). Details is a small JSON-able map of facts (the old and new
// role, a class ID, counts); it never holds passwords, PINs or tokens.
type Entry struct {
	ID       string
	SchoolID string
	Actor    Actor
	Action   Action
	Target   Target
	Details  map[string]any
	At       time.Time
	From     Origin
}

type originKey struct{}

// WithOrigin returns ctx carrying the request's origin, which entries
// made during the request record (see New).
func WithOrigin(ctx context.Context, o Origin) context.Context {
	return context.WithValue(ctx, originKey{}, o)
}

// OriginFrom returns the origin carried by ctx (zero when none, as for
// background jobs).
func OriginFrom(ctx context.Context) Origin {
	o, _ := ctx.Value(originKey{}).(Origin)
	return o
}

// New returns an entry at at with the origin carried by ctx, for writers
// that store it themselves in the transaction of their change.
func New(ctx context.Context, at time.Time, schoolID string, actor Actor, action Action, target Target, details map[string]any) Entry {
	return Entry{SchoolID: schoolID, Actor: actor, Action: action, Target: target, Details: details,
		At: at.UTC(), From: OriginFrom(ctx)}
}
