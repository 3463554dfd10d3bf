package play

import (
	"context"
	"time"
)

// Store keeps live games, their moves and penalties, and challenges. Games
// of another school than a non-empty schoolID are ErrNotFound.
type Store interface {
	// Create stores new games (no moves yet) in one transaction.
	Create(ctx context.Context, games ...*Game) error
	// Game loads a game with its moves and penalties.
	Game(ctx context.Context, schoolID, id string) (*Game, error)
	// Change runs u.Apply on the game inside one transaction that holds
	// the game's row (no other change of the game runs meanwhile, on any
	// replica), then stores what Apply did: the game's fields, the moves
	// added (each with its ply, unique per game) or taken back, the
	// penalties added, and Version+1. When Apply returns an error nothing
	// is stored, unless it is an *Error that is Kept (a penalty, a flag that
	// fell first: the change is stored and the error returned). Notice, when the store sends
	// notices to other replicas (Broadcasts), is sent in the same
	// transaction.
	Change(ctx context.Context, id string, u Update) (*Game, error)
	// Broadcasts reports whether Change sends its notices to every
	// replica, this one included (PostgreSQL NOTIFY); otherwise the
	// service hands them to its own subscribers after the commit.
	Broadcasts() bool
	// Notify sends a notice to every replica's sockets outside any change
	// (a friendly phrase); stores that do not broadcast do nothing.
	Notify(ctx context.Context, notice []byte) error
	// Due returns up to limit games still playing whose Deadline is at or
	// before now, earliest first.
	Due(ctx context.Context, now time.Time, limit int) ([]string, error)
	// ComputerDue returns up to limit playing games where the computer is
	// to move and its turn began (TurnStart) at or before before, oldest
	// first.
	ComputerDue(ctx context.Context, before time.Time, limit int) ([]string, error)
	// List returns the games matching q, newest first, at most q.Limit.
	List(ctx context.Context, q Query) ([]*Game, error)
	// Unarchived returns up to limit finished games not yet in the archive
	// (ArchiveID empty) that ended before before, oldest first.
	Unarchived(ctx context.Context, before time.Time, limit int) ([]string, error)
	// SetArchived records the archive record of a finished game.
	SetArchived(ctx context.Context, id, recordID string) error
	// Heartbeat records that a server runs the clocks at now. When the last
	// heartbeat of any server is older than now by more than gap (every
	// server was down), it moves the turn starts, deadlines and game limits
	// of the playing games on by the time nobody ran the clocks and returns
	// that time; exactly one of replicas starting together does.
	Heartbeat(ctx context.Context, now time.Time, gap time.Duration) (time.Duration, error)

	// CreateChallenge stores a new challenge.
	CreateChallenge(ctx context.Context, c *Challenge) error
	// Challenge loads one.
	Challenge(ctx context.Context, schoolID, id string) (*Challenge, error)
	// AnswerChallenge changes an open challenge's status (and GameID)
	// only if it is still open; ErrChallengeClosed otherwise. When g is
	// not nil it is created in the same transaction.
	AnswerChallenge(ctx context.Context, c *Challenge, g *Game) error
	// Challenges lists the open challenges from or to the user.
	Challenges(ctx context.Context, schoolID, userID string) ([]*Challenge, error)
}

// Update is one change of a game (Store.Change).
type Update struct {
	// Apply changes the game in memory; the store saves the result.
	Apply func(g *Game) error
	// Notice returns the notice of the changed game for the other
	// replicas (nil: none).
	Notice func(g *Game) []byte
}

// Query filters a list of live games.
type Query struct {
	SchoolID string
	// ClassID keeps games with a player of the class; UserID games the
	// user plays; Tournament games of the tournament's boards.
	ClassID, UserID, TournamentID string
	// Status keeps games of that status ("" both).
	Status Status
	Limit  int
}

// Directory says who users are and which classes they belong to.
type Directory interface {
	// Member returns the user's school, role and name and the active
	// classes the user attends (student) or teaches (teacher); an
	// unknown or inactive user is ErrNotFound.
	Member(ctx context.Context, schoolID, userID string) (Member, error)
}

// Member is a user as the play service sees it.
type Member struct {
	// Name is the real name; Shown the name other classes see
	// (identity.ShownName).
	UserID, SchoolID, Name, Shown string
	Student                       bool
	Classes                       []string
}

// ArchivedElsewhere is the archive ID of a game whose record the archive
// already held (archived before a restart cut the bookkeeping short).
const ArchivedElsewhere = "-"

// Archive stores a finished game in the game archive, confirmed, as a
// record (players, date, event, round, moves, result), and when the game
// was a tournament board enters its result in the tournament. It returns
// the record's ID. It is called outside the game's transaction; a game
// already archived is found by its content and not stored twice.
type Archive interface {
	// moves are the engine's record tokens, in order (the renju swap
	// among them).
	Archive(ctx context.Context, g *Game, moves []string) (string, error)
}
