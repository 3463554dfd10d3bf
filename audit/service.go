package audit

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Store keeps the log. Record stores one entry as given (ID and At
// set). Entries returns the entries of the school ("" = every school)
// that match q, newest first (At, then ID, descending), strictly after
// page.After when it is set, up to page.Limit+1 of them so callers can
// tell whether another page exists.
type Store interface {
	Record(ctx context.Context, e Entry) error
	Entries(ctx context.Context, schoolID string, q Query, page Page) ([]Entry, error)
}

// Query filters a list. Zero fields do not filter.
type Query struct {
	// SchoolID keeps one school's entries; only platform admins choose
	// it (school admins always read their own school).
	SchoolID string
	// UserID keeps the entries whose actor or target is this user.
	UserID string
	Action Action
	// Since and Until keep entries at or after Since and before Until.
	Since, Until time.Time
}

// Cursor is the position of the last entry of a page: the next page
// starts after it.
type Cursor struct {
	At time.Time
	ID string
}

// Page asks for the entries after a cursor (zero: the newest), at most
// Limit of them.
type Page struct {
	After Cursor
	Limit int
}

// Page limits (those of every list of the API).
const (
	DefaultPageLimit = 50
	MaxPageLimit     = 200
)

// ErrForbidden refuses the log to callers who are not admins.
var ErrForbidden = errors.New("audit: forbidden")

// ValidationError names the query parameter that is not valid.
type ValidationError struct{ Field string }

func (e *ValidationError) Error() string { return "audit: invalid " + e.Field }

// Service records entries and lists them for admins.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service on store; now defaults to time.Now.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Record stores e, giving it an ID, its time (now, unless set) and the
// origin carried by ctx (unless set). It is for changes whose store
// cannot write the entry in their own transaction; the caller records
// right after the change succeeded.
func (s *Service) Record(ctx context.Context, e Entry) error {
	return s.store.Record(ctx, Stamp(ctx, e, s.now()))
}

// Stamp returns e with an ID, At (now, unless set, in UTC to the
// microsecond, as databases keep it) and the origin of ctx (unless set).
func Stamp(ctx context.Context, e Entry, now time.Time) Entry {
	if e.ID == "" {
		e.ID = uuid.Must(uuid.NewV7()).String()
	}
	if e.At.IsZero() {
		e.At = now
	}
	e.At = e.At.UTC().Truncate(time.Microsecond)
	if e.From == (Origin{}) {
		e.From = OriginFrom(ctx)
	}
	return e
}

// List returns a page of the entries viewer may read, newest first, and
// the cursor of the next page ("" on the last one). Platform admins read
// every school (or q.SchoolID), school admins their own; others get
// ErrForbidden. after is a cursor from an earlier List ("" for the
// first page); a malformed one, or a malformed filter, is a
// *ValidationError naming the parameter.
func (s *Service) List(ctx context.Context, viewer Actor, q Query, after string, limit int) ([]Entry, string, error) {
	switch viewer.Role {
	case RolePlatformAdmin:
	case RoleSchoolAdmin:
		if viewer.SchoolID == "" {
			return nil, "", ErrForbidden
		}
		q.SchoolID = viewer.SchoolID
	default:
		return nil, "", ErrForbidden
	}
	if q.UserID != "" {
		if _, err := uuid.Parse(q.UserID); err != nil {
			return nil, "", &ValidationError{Field: "user_id"}
		}
	}
	if q.SchoolID != "" {
		if _, err := uuid.Parse(q.SchoolID); err != nil {
			return nil, "", &ValidationError{Field: "school_id"}
		}
	}
	if q.Action != "" {
		if _, err := ParseAction(string(q.Action)); err != nil {
			return nil, "", err
		}
	}
	if !q.Since.IsZero() && !q.Until.IsZero() && !q.Until.After(q.Since) {
		return nil, "", &ValidationError{Field: "until"}
	}
	page := Page{Limit: limit}
	if page.Limit <= 0 {
		page.Limit = DefaultPageLimit
	}
	if page.Limit > MaxPageLimit {
		page.Limit = MaxPageLimit
	}
	if after != "" {
		c, err := ParseCursor(after)
		if err != nil {
			return nil, "", err
		}
		page.After = c
	}
	list, err := s.store.Entries(ctx, q.SchoolID, q, page)
	if err != nil {
		return nil, "", err
	}
	if len(list) <= page.Limit {
		return list, "", nil
	}
	list = list[:page.Limit]
	last := list[len(list)-1]
	return list, Cursor{At: last.At, ID: last.ID}.String(), nil
}

// String returns the cursor in the form ParseCursor reads.
func (c Cursor) String() string { return c.At.UTC().Format(time.RFC3339Nano) + " " + c.ID }

// ParseCursor reads a cursor made by Cursor.String, or returns a
// *ValidationError naming cursor.
func ParseCursor(s string) (Cursor, error) {
	at, id, ok := strings.Cut(s, " ")
	t, err := time.Parse(time.RFC3339Nano, at)
	if !ok || err != nil {
		return Cursor{}, &ValidationError{Field: "cursor"}
	}
	if _, err := uuid.Parse(id); err != nil {
		return Cursor{}, &ValidationError{Field: "cursor"}
	}
	return Cursor{At: t.UTC(), ID: id}, nil
}
