package identity

import (
	"context"
	"time"

	"qixue/audit"
	"qixue/domain"
)

// Store keeps the identity domain's data. Lookups of missing rows, and of
// rows outside the given Scope, return ErrNotFound; unique violations return
// ErrUsernameTaken (usernames) or ErrConflict. List methods return up to
// page.Limit+1 items in ID order after page.After, so callers can tell
// whether another page exists. Methods taking audit entries (log) write
// them in the transaction of their change, so that a change is never
// without its entry nor an entry without its change.
type Store interface {
	CreateSchool(ctx context.Context, s School) error
	School(ctx context.Context, sc Scope, id string) (School, error)
	Schools(ctx context.Context, sc Scope, page domain.Page) ([]School, error)
	UpdateSchool(ctx context.Context, s School) error
	// DeleteSchool removes an empty school; ErrSchoolNotEmpty when users remain.
	DeleteSchool(ctx context.Context, id string) error

	CreateUser(ctx context.Context, u User, log ...audit.Entry) error
	User(ctx context.Context, sc Scope, id string) (User, error)
	// UserByUsername finds a user of any school (usernames are unique).
	UserByUsername(ctx context.Context, username string) (User, error)
	// Users lists the users of the scope matching q, by real name
	// (NameSortKey, then ID), up to page.Limit+1 after the position
	// page.After (UserCursor of the previous page's last user).
	Users(ctx context.Context, sc Scope, q UserQuery, page domain.Page) ([]User, error)
	// UpdateUser saves the fields of u (within sc) that an admin may
	// change: real name, given name, nickname, e-mail, role and
	// DeactivatedAt; it ends u's
	// sessions as end says (a Revocation at end.At, refresh tokens
	// revoked), in one transaction.
	UpdateUser(ctx context.Context, sc Scope, u User, end SessionEnd, log ...audit.Entry) error
	// ShownNames returns the ShownName of each user of ids within sc
	// (users not found are left out).
	ShownNames(ctx context.Context, sc Scope, ids []string) (map[string]string, error)
	// DeleteUser removes the user with its enrollments and refresh tokens
	// and records a Revocation at now, in one transaction.
	DeleteUser(ctx context.Context, sc Scope, id string, now time.Time, log ...audit.Entry) error
	// Revocations lists the revocations at or after since, of every
	// school (Authenticate checks every token against them).
	Revocations(ctx context.Context, since time.Time) ([]Revocation, error)
	// PruneRevocations deletes the revocations before before.
	PruneRevocations(ctx context.Context, before time.Time) error

	// CreateClass stores the class and enrolls the given teachers, in one
	// transaction.
	CreateClass(ctx context.Context, c Class, teacherIDs []string) error
	Class(ctx context.Context, sc Scope, id string) (Class, error)
	// ClassByLoginCode finds a class of any school by its login code.
	ClassByLoginCode(ctx context.Context, code string) (Class, error)
	Classes(ctx context.Context, sc Scope, q ClassQuery, page domain.Page) ([]Class, error)
	// UpdateClass saves the class's fields except DeactivatedAt.
	UpdateClass(ctx context.Context, c Class, log ...audit.Entry) error
	// SetClassDeactivatedAt sets the class's DeactivatedAt (zero: active)
	// and UpdatedAt to now.
	SetClassDeactivatedAt(ctx context.Context, sc Scope, id string, at, now time.Time) error
	// FreeAnalysis reports whether an active class in which userID is an
	// active member has FreeAnalysis on.
	FreeAnalysis(ctx context.Context, userID string) (bool, error)
	// DeleteClass removes the class with its enrollments.
	DeleteClass(ctx context.Context, sc Scope, id string) error

	// Enroll stores an enrollment and its audit entries in one
	// transaction: a new one, or an ended one of the same class and user
	// made active again with e's role; an active one is ErrConflict.
	// With byTeacher set (a teacher enrolling a student), the student is
	// locked first and must be in no active class that another teacher
	// teaches and byTeacher does not (ErrEnrollmentNeedsSchoolAdmin),
	// checked in the same transaction, so that two teachers enrolling
	// one student at once cannot both succeed.
	Enroll(ctx context.Context, e Enrollment, byTeacher string, log ...audit.Entry) error
	Unenroll(ctx context.Context, sc Scope, classID, userID string, log ...audit.Entry) error
	Enrollment(ctx context.Context, sc Scope, classID, userID string) (Enrollment, error)
	// Enrollments lists the class's enrollments whose own state matches
	// status.
	Enrollments(ctx context.Context, sc Scope, classID string, status Status, page domain.Page) ([]Enrollment, error)
	// Teaches reports whether teacherID teaches an active class in which
	// studentID is an active student (ended enrollments and deactivated
	// classes grant nothing).
	Teaches(ctx context.Context, teacherID, studentID string) (bool, error)
	// CreateStudents stores the students and enrolls them in classID, in
	// one transaction.
	CreateStudents(ctx context.Context, classID string, students []User, log ...audit.Entry) error
	// SetPINHashes replaces the PIN hashes of the given users (user ID to
	// hash) of one school, revokes their refresh tokens and records that
	// their access tokens issued up to revokeAt no longer work (see
	// Revocations), in one transaction; ErrNotFound if any is missing.
	SetPINHashes(ctx context.Context, sc Scope, hashes map[string]string, now, revokeAt time.Time, log ...audit.Entry) error
	// UpdateCredentials saves u's password and PIN hashes, revokes all of
	// u's refresh tokens and records that u's access tokens issued up to
	// revokeAt no longer work, in one transaction, so that a changed
	// password or PIN ends the sessions opened with the old one.
	UpdateCredentials(ctx context.Context, u User, revokeAt time.Time, log ...audit.Entry) error

	// SetBadges stores each badge as its user's only badge (all within
	// sc; ErrNotFound when a user is outside it), revokes the users'
	// refresh tokens and records that their access tokens issued up to
	// revokeAt no longer work, in one transaction.
	SetBadges(ctx context.Context, sc Scope, badges []Badge, revokeAt, now time.Time, log ...audit.Entry) error
	// DeleteBadge deletes the user's badge (ErrNotFound when none within
	// sc) and ends the user's sessions as SetBadge does, in one
	// transaction.
	DeleteBadge(ctx context.Context, sc Scope, userID string, revokeAt, now time.Time, log ...audit.Entry) error
	// BadgeByHash finds a badge of any school by its secret's hash.
	// Deactivating or deleting a user (by an admin or a roster import)
	// deletes the user's badge in the same transaction, and so does a
	// roster import that moves the user to another school.
	BadgeByHash(ctx context.Context, hash string) (Badge, error)

	CreateRefreshToken(ctx context.Context, t RefreshToken) error
	// RotateRefreshToken marks the unrotated, unrevoked token with hash
	// oldHash as used and stores next in its family, atomically. It returns
	// the old token. A token that was already rotated revokes its whole
	// family and returns ErrRefreshReused; a revoked or unknown one returns
	// ErrTokenInvalid, and so does a token of a deactivated or deleted
	// user, which stays unused (it works again once the user is
	// reactivated).
	RotateRefreshToken(ctx context.Context, oldHash string, next RefreshToken, now time.Time) (RefreshToken, error)
	// RevokeRefreshFamily revokes every token of the family of the token
	// with the given hash; unknown hashes are ignored.
	RevokeRefreshFamily(ctx context.Context, hash string, now time.Time) error
	// DeleteExpiredRefreshTokens forgets the user's tokens that expired
	// before now.
	DeleteExpiredRefreshTokens(ctx context.Context, userID string, now time.Time) error

	// ReserveLoginAttempt counts one attempt against key before its
	// secret is checked, atomically, in one statement: within the key's
	// window (which starts at its first attempt and lasts window) at most
	// limit attempts are granted, however many run at once on however
	// many instances; a later one is refused. A key whose window ended
	// starts a new one at now. The reservation stays counted as a failure
	// unless given back.
	ReserveLoginAttempt(ctx context.Context, key string, limit int, now time.Time, window time.Duration) (LoginReservation, error)
	// ReturnLoginAttempt takes back a granted reservation that was no
	// failure; after the key's window has ended it does nothing.
	ReturnLoginAttempt(ctx context.Context, r LoginReservation) error
	// ClearLoginAttempts forgets every attempt counted against key and
	// writes the audit entries, in one transaction.
	ClearLoginAttempts(ctx context.Context, key string, log ...audit.Entry) error
	// PruneLoginAttempts forgets the counters whose window ended before
	// before.
	PruneLoginAttempts(ctx context.Context, before time.Time) error
}

// UserQuery filters a user list. Zero fields do not filter.
type UserQuery struct {
	Role domain.Role
	// TaughtBy keeps only students enrolled in a class of this teacher.
	TaughtBy string
	// ClassID keeps only members of this class (active enrollments).
	ClassID string
	// Status keeps active users (the default), deactivated ones or all.
	Status Status
}

// ClassQuery filters a class list. Zero fields do not filter.
type ClassQuery struct {
	// MemberID keeps only classes in which this user is enrolled.
	MemberID string
	// Status keeps active classes (the default), deactivated ones or all.
	Status Status
}

// RefreshToken is a stored refresh token. Only the SHA-256 hash of the
// opaque token string is kept. Tokens rotated from one login share a
// FamilyID.
type RefreshToken struct {
	ID        string
	FamilyID  string
	UserID    string
	Hash      string
	ExpiresAt time.Time
	CreatedAt time.Time
	RotatedAt time.Time // zero while unused
	RevokedAt time.Time // zero while valid
}
