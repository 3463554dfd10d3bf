package tournaments

import (
	"context"
	"qixue/audit"
	"qixue/domain"
)

// Class is a class a tournament may be for.
type Class struct {
	ID, SchoolID, Name string
}

// Student is an active student of a class.
type Student struct {
	ID, ClassID, RealName string
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
	// version is no longer ev.Version (nothing is written then). The
	// audit entries are written in the same transaction.
	Save(ctx context.Context, ev *Event, log ...audit.Entry) error
	// SaveResult writes one board's result, reported result and reporter
	// (after) over the board as it was loaded (before), whatever else
	// changed in the event meanwhile: ErrConflict only when that board
	// changed or the event's paired rounds are no longer ev.PairedRounds
	// (nothing is written then). It bumps the stored version, sets
	// ev.Version to it, and writes the audit entries in the same
	// transaction.
	SaveResult(ctx context.Context, ev *Event, before, after Board, log ...audit.Entry) error
	// List returns up to page.Limit+1 events matching q after page.After,
	// in ID order, without their entrants, boards and absences.
	List(ctx context.Context, q ListQuery, page domain.Page) ([]*Event, error)
	// ForStudent returns the whole events the student is an entrant of,
	// newest first.
	ForStudent(ctx context.Context, studentID string) ([]*Event, error)
}
