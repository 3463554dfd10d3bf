package tournaments

import "context"

// Roles of a Caller, as identity names them.
const (
	RolePlatformAdmin = "platform_admin"
	RoleSchoolAdmin   = "school_admin"
	RoleTeacher       = "teacher"
	RoleStudent       = "student"
)

// Caller is who calls the service: the API fills it from the access token.
type Caller struct {
	UserID   string
	SchoolID string // empty for platform admins
	Role     string
}

func (c Caller) staff() bool { return c.Role != RoleStudent }

// scope is the school the caller's queries are limited to ("" for all).
func (c Caller) scope() string {
	if c.Role == RolePlatformAdmin {
		return ""
	}
	return c.SchoolID
}

// Class is a class a tournament may be for.
type Class struct {
	ID, SchoolID, Name string
}

// Student is an active student of a class.
type Student struct {
	ID, ClassID, RealName string
}

// Page asks for up to Limit items after the position After ("" the first).
type Page struct {
	Limit int
	After string
}

// ListQuery filters a list of tournaments. SchoolID is always applied
// unless empty; TeacherID keeps tournaments of classes the teacher teaches
// or that the teacher created; ClassID keeps tournaments of that class.
type ListQuery struct {
	SchoolID, TeacherID, ClassID string
}

// Store keeps tournaments. Events of another school than a non-empty
// schoolID are ErrNotFound. Save writes a whole event in one transaction
// only over the version it was loaded at, so that of two changes made from
// the same version exactly one is saved and the other is ErrConflict.
type Store interface {
	// Classes returns the active classes among ids that schoolID ("" any
	// school) sees; the others are absent.
	Classes(ctx context.Context, schoolID string, ids []string) ([]Class, error)
	// Teaches reports whether the user teaches any of the classes.
	Teaches(ctx context.Context, userID string, classIDs []string) (bool, error)
	// Students returns the active students of the classes.
	Students(ctx context.Context, classIDs []string) ([]Student, error)
	// Create stores a new event (Version 1) with its classes, entrants,
	// boards and absences.
	Create(ctx context.Context, ev *Event) error
	// Event loads a whole event.
	Event(ctx context.Context, schoolID, id string) (*Event, error)
	// Save replaces the stored event with ev, whose Version is the one it
	// was loaded at, and bumps the version; ErrConflict when the stored
	// version is no longer ev.Version (nothing is written then).
	Save(ctx context.Context, ev *Event) error
	// List returns up to page.Limit+1 events matching q after page.After,
	// in ID order, without their entrants, boards and absences.
	List(ctx context.Context, q ListQuery, page Page) ([]*Event, error)
	// ForStudent returns the whole events the student is an entrant of,
	// newest first.
	ForStudent(ctx context.Context, studentID string) ([]*Event, error)
}
