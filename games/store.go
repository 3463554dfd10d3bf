package games

import (
	"context"
	"qixue/audit"
	"qixue/domain"
	"qixue/rules/game"
)

// staff reports whether the caller is a teacher or an admin.
func staff(c domain.Principal) bool { return c.Role != domain.RoleStudent }

// scope is the school the caller's queries are limited to ("" for all).
func scope(c domain.Principal) string {
	if c.Role == domain.RolePlatformAdmin {
		return ""
	}
	return c.SchoolID
}

// Student is an active student a game may name as a player.
type Student struct {
	ID, Name, Username string
}

// Class is a class of the school, for its monthly table.
type Class struct {
	ID, SchoolID, Name string
}

// Played is a confirmed game as the monthly table and the levels read
// it: its players, the day it counts on (the date played, else the day
// it was confirmed) and its result.
type Played struct {
	White, Black Player
	Day          string // "2026-11-03"
	Result       string
}

// Query filters a list of records. SchoolID is always applied unless
// empty. When ViewerID is set, only records the viewer plays in or
// submitted are listed, and those with a student player in one of
// ViewerClasses (only confirmed ones when ConfirmedOnly is set); with
// UploadsWithoutStudents (teachers), records the viewer submitted count
// only when no student plays in them. The other
// fields filter when set: PlayerID plays in the record, ClassID has a
// student player in the class, Event holds the text, From and To bound
// the date (inclusive, "2026-11-03"), Opening is in the opening's
// code or name.
type Query struct {
	SchoolID      string
	ViewerID      string
	ViewerClasses []string
	ConfirmedOnly bool
	// UploadsWithoutStudents: see above (a teacher's rights over a game
	// of students follow the teacher's classes, not the upload: F7).
	UploadsWithoutStudents bool

	PlayerID, ClassID string
	Game              game.Name
	Event             string
	From, To          string
	Opening           string
	Status            Status
}

// Store keeps the archive. Records of another school than a non-empty
// schoolID are ErrNotFound.
type Store interface {
	// ClassesOf returns the active classes the user is an active member
	// of (taught, for a teacher; attended, for a student).
	ClassesOf(ctx context.Context, userID string) ([]string, error)
	// Students returns the active students of the school enrolled in any
	// of classIDs (nil: every active student of the school).
	Students(ctx context.Context, schoolID string, classIDs []string) ([]Student, error)
	// ShownNames returns identity.ShownName of each user of ids of the
	// school, by ID (users not found left out).
	ShownNames(ctx context.Context, schoolID string, ids []string) (map[string]string, error)
	// Create stores new records in one transaction: all of them, except
	// those whose Hash the school already holds, whose indexes in recs
	// it returns. Nothing is stored when it fails.
	Create(ctx context.Context, recs []*Record) (duplicates []int, err error)
	// Record loads one record, with the classes of its student players.
	Record(ctx context.Context, schoolID, id string) (*Record, error)
	// List returns up to page.Limit+1 records matching q after
	// page.After, in ID order (the order they were stored).
	List(ctx context.Context, q Query, page domain.Page) ([]*Record, error)
	// Update saves the record's fields; ErrDuplicate when the school holds
	// another record with its Hash.
	Update(ctx context.Context, rec *Record, log ...audit.Entry) error
	// Delete removes the record.
	Delete(ctx context.Context, schoolID, id string, log ...audit.Entry) error
	// Class returns an active class of the school ("" any school);
	// ErrNotFound otherwise.
	Class(ctx context.Context, schoolID, id string) (Class, error)
	// Played returns the confirmed games of game of the school that count
	// on or before the day until, in day order (then the order stored).
	Played(ctx context.Context, schoolID string, name game.Name, until string) ([]Played, error)
	// InTx runs fn in one transaction: what fn does through this store,
	// and through any other store of the same database given fn's ctx
	// (the tournament results of linked records), is written together
	// or, when fn fails, not at all.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Results enters a game's result on its tournament board, through the
// tournament's own result entry (so that its standings follow). Given the
// ctx of a Store.InTx, SetResult writes in that transaction.
type Results interface {
	// Board returns the student IDs of the players of a board of a
	// paired round of the tournament, as the caller may see it.
	Board(ctx context.Context, c domain.Principal, tournamentID string, round, board int) (white, black string, err error)
	// SetResult enters result (FirstWins, SecondWins or Draw) on the
	// board as the caller.
	SetResult(ctx context.Context, c domain.Principal, tournamentID string, round, board int, result string) error
}
