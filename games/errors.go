package games

import "fmt"

// Error is a refusal of the games service. Code is a stable snake_case
// identifier the API maps to an HTTP status and a zh-CN/en message;
// Fields names the input at fault.
type Error struct {
	code   string
	fields []FieldError
}

// FieldError names one input field at fault and why ("required",
// "invalid", "not_found", ...).
type FieldError struct {
	Field string
	Code  string
}

// Sentinel errors. Compare with errors.Is: an error naming fields matches
// the sentinel of its code.
var (
	// ErrNotFound: no such record, or one the caller may not see.
	ErrNotFound = &Error{code: "not_found"}
	// ErrForbidden: the caller may see the record but not do this.
	ErrForbidden = &Error{code: "forbidden"}
	// ErrValidation: bad input, with the fields at fault.
	ErrValidation = &Error{code: "validation_failed"}
	// ErrNoGames: the upload holds no game at all.
	ErrNoGames = &Error{code: "no_games"}
	// ErrAlreadyConfirmed: the record is confirmed already.
	ErrAlreadyConfirmed = &Error{code: "game_already_confirmed"}
	// ErrOwnSubmission: a student cannot confirm the game they submitted.
	ErrOwnSubmission = &Error{code: "own_submission"}
	// ErrDuplicate: the school already holds this game (same players,
	// date and moves).
	ErrDuplicate = &Error{code: "duplicate"}
)

// Error returns the code and the fields.
func (e *Error) Error() string {
	s := "games: " + e.code
	for _, f := range e.fields {
		s += fmt.Sprintf(" %s %s;", f.Field, f.Code)
	}
	return s
}

// Code returns the stable code.
func (e *Error) Code() string { return e.code }

// Fields returns the fields at fault (nil when none is named).
func (e *Error) Fields() []FieldError { return e.fields }

// Is reports whether target is an *Error of the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.code == e.code
}

// invalid returns ErrValidation naming one field.
func invalid(field, code string) error {
	return &Error{code: ErrValidation.code, fields: []FieldError{{field, code}}}
}

// ValidationError returns ErrValidation naming one field, for adapters
// (such as the tournament link) that refuse an input.
func ValidationError(field, code string) error { return invalid(field, code) }
