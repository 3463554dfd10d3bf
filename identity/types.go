package identity

import (
	"qixue/domain"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Grade is a primary-school grade from 0 (preschool) to 6.
type Grade struct{ n int }

// ParseGrade returns the Grade n, or ErrValidation when n is outside 0..6.
func ParseGrade(n int) (Grade, error) {
	if n < 0 || n > 6 {
		return Grade{}, domain.Invalid("grade", "out_of_range")
	}
	return Grade{n}, nil
}

// Int returns the grade as a number, 0 for preschool.
func (g Grade) Int() int { return g.n }

// School is a tenant: every school-owned row carries its ID.
type School struct {
	ID   string
	Name string
	// SourcedID is the school's OneRoster org sourcedId ("" unless
	// imported); roster re-imports update the school in place.
	SourcedID string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// User is a person with a role. Platform admins have an empty SchoolID;
// everyone else belongs to exactly one school. Students have no e-mail and
// a generated username; they may have a PIN instead of a password.
type User struct {
	ID       string
	SchoolID string
	Role     domain.Role
	Username string
	RealName string
	// GivenName is the given name alone, as the roster (OneRoster
	// givenName) or an admin gave it ("" when unknown; never derived
	// from RealName). Nickname is what the student's teacher chose to
	// show instead ("" when none). See ShownName.
	GivenName    string
	Nickname     string
	Email        string
	PasswordHash string
	PINHash      string
	// SourcedID is the user's OneRoster sourcedId ("" unless imported).
	SourcedID string
	// DeactivatedAt is when a roster import or an admin (UpdateUser)
	// deactivated the user (zero while active). Deactivated users cannot
	// log in and are left out of lists unless asked for (Status); their
	// attempts and progress are kept.
	DeactivatedAt time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
	// SortKey is NameSortKey(RealName) as the store keeps it: set on
	// users read from a Store, ignored when writing (the store derives it
	// from RealName).
	SortKey string
}

// Active reports whether the user has not been deactivated.
func (u User) Active() bool { return u.DeactivatedAt.IsZero() }

// Class is a group of students with teachers, in one school. LoginCode is
// the short code students type with their username and PIN.
type Class struct {
	ID        string
	SchoolID  string
	Name      string
	Grade     Grade
	LoginCode string
	// FreeAnalysis lets the class's students use the rules endpoints that
	// list moves, analyse positions and check expressions (off by default:
	// they would give puzzle answers away). Its teachers switch it.
	FreeAnalysis bool
	// HideNames turns off the class's login list (ClassNameList): its
	// students then type their usernames. Its teachers switch it.
	HideNames bool
	// ReviewOff turns off the spaced review of missed skills in the
	// suggestions of the class's students (on by default; see
	// progress.Review). Its teachers switch it; a change is audited.
	ReviewOff bool
	// SourcedID is the class's OneRoster sourcedId ("" unless imported).
	SourcedID string
	// DeactivatedAt is when a roster import or an admin (UpdateClass)
	// deactivated the class (zero while active); its login code no longer
	// logs anyone in.
	DeactivatedAt time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Active reports whether the class has not been deactivated.
func (c Class) Active() bool { return c.DeactivatedAt.IsZero() }

// Enrollment makes a user a member of a class, as teacher or student.
type Enrollment struct {
	ClassID  string
	UserID   string
	SchoolID string
	Role     domain.Role
	// SourcedID is the enrollment's OneRoster sourcedId ("" unless imported).
	SourcedID string
	// DeactivatedAt is when a roster import ended the enrollment (zero
	// while active); an ended enrollment grants nothing.
	DeactivatedAt time.Time
	CreatedAt     time.Time
}

// Active reports whether the enrollment has not been ended.
func (e Enrollment) Active() bool { return e.DeactivatedAt.IsZero() }

// Status chooses rows of a list by their roster state. The zero Status
// (StatusActive) hides deactivated rows.
type Status int

// The statuses a list may ask for.
const (
	StatusActive Status = iota
	StatusInactive
	StatusAll
)

// ParseStatus returns the Status named s ("active", "inactive" or "all";
// "" is active), or ErrValidation naming the field status.
func ParseStatus(s string) (Status, error) {
	switch s {
	case "", "active":
		return StatusActive, nil
	case "inactive":
		return StatusInactive, nil
	case "all":
		return StatusAll, nil
	}
	return StatusActive, domain.Invalid("status", "invalid")
}

// Scope restricts store queries to one school; the zero Scope (platform
// admins) sees all schools.
type Scope struct{ SchoolID string }

// scopeOf returns the store scope of the principal.
func scopeOf(p domain.Principal) Scope { return Scope{SchoolID: p.SchoolScope()} }

// nextAfter returns the cursor for the page after items, or "" at the end.
// Stores fetch Limit+1 rows; the extra one only signals that more exist.
func nextAfter[T any](items []T, limit int, id func(T) string) ([]T, string) {
	if len(items) <= limit {
		return items, ""
	}
	items = items[:limit]
	return items, id(items[len(items)-1])
}

// name validation shared by schools, classes and real names.
func checkName(v *domain.FieldErrors, field, s string, max int) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		v.Add(field, "required")
	case utf8.RuneCountInString(s) > max:
		v.Add(field, "too_long")
	case !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0:
		v.Add(field, "invalid")
	}
	return s
}
