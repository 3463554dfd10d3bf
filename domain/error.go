package domain

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Error is a refusal of a domain: a stable snake_case code that the API
// maps to an HTTP status and a zh-CN/en message, the input fields at fault
// (a validation error, or a refusal about one field), and the values the
// message of the code takes (a round number, the boards missing, a TRF
// line). Errors of one code are the same refusal whichever domain returns
// them: errors.Is compares codes.
//
// An Error is immutable: the With methods return copies, so a package-level
// sentinel is never changed.
type Error struct {
	code       string
	fields     []FieldError
	args       []any
	reason     Text
	retryAfter time.Duration
}

// FieldError names one input field at fault and why, as a stable code
// ("required", "invalid", "too_long", "not_found", ...).
type FieldError struct {
	Field string
	Code  string
}

// NewError returns a refusal with the given code, for a sentinel.
func NewError(code string) *Error { return &Error{code: code} }

// The refusals every domain shares. A domain may declare its own under
// other codes; these cover the common cases.
var (
	// ErrNotFound: no such thing, or one the caller may not see.
	ErrNotFound = NewError("not_found")
	// ErrForbidden: the caller's role may not do this.
	ErrForbidden = NewError("forbidden")
	// ErrUnauthenticated: the call needs a caller.
	ErrUnauthenticated = NewError("unauthenticated")
	// ErrValidation: bad input, with the fields at fault.
	ErrValidation = NewError("validation_failed")
	// ErrConflict: the change conflicts with what is stored.
	ErrConflict = NewError("conflict")
	// ErrUnavailable: the service is busy; try again later.
	ErrUnavailable = NewError("service_unavailable")
)

// Error returns the code, the fields and the arguments, for logs.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.code)
	if len(e.fields) > 0 {
		b.WriteString(":")
		for _, f := range e.fields {
			fmt.Fprintf(&b, " %s %s;", f.Field, f.Code)
		}
	}
	if len(e.args) > 0 {
		fmt.Fprint(&b, " ", e.args)
	}
	if e.reason.EN != "" {
		b.WriteString(" " + e.reason.EN)
	}
	return b.String()
}

// Code returns the stable snake_case code.
func (e *Error) Code() string { return e.code }

// Fields returns the fields at fault (nil when none is named).
func (e *Error) Fields() []FieldError { return e.fields }

// Args returns the values the message of the code takes (nil when none).
func (e *Error) Args() []any { return e.args }

// Reason returns the rule broken, in both languages, when the refusal
// explains itself (an engine's refusal of a move, a penalty); zero
// otherwise.
func (e *Error) Reason() Text { return e.reason }

// RetryAfter returns how long the caller should wait before trying again
// (rate limits, a busy server), or zero when the error does not say.
func (e *Error) RetryAfter() time.Duration { return e.retryAfter }

// Is reports whether target is an *Error of the same code, so an error
// naming fields or carrying arguments matches the sentinel of its code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.code == e.code
}

// WithFields returns a copy of e naming the fields at fault.
func (e *Error) WithFields(fields ...FieldError) *Error {
	c := *e
	c.fields = fields
	return &c
}

// WithArgs returns a copy of e with the arguments of its message.
func (e *Error) WithArgs(args ...any) *Error {
	c := *e
	c.args = args
	return &c
}

// WithReason returns a copy of e explaining itself by t (shown to the
// caller as it is).
func (e *Error) WithReason(t Text) *Error {
	c := *e
	c.reason = t
	return &c
}

// WithRetryAfter returns a copy of e asking the caller to wait d.
func (e *Error) WithRetryAfter(d time.Duration) *Error {
	c := *e
	c.retryAfter = d
	return &c
}

// Invalid returns ErrValidation naming one field and why.
func Invalid(field, code string) error {
	return ErrValidation.WithFields(FieldError{Field: field, Code: code})
}

// Validation returns ErrValidation naming the given fields.
func Validation(fields ...FieldError) error { return ErrValidation.WithFields(fields...) }

// FieldErrors collects the fields at fault of one input; Err returns nil
// when there are none.
type FieldErrors []FieldError

// Add names one more field at fault.
func (v *FieldErrors) Add(field, code string) {
	*v = append(*v, FieldError{Field: field, Code: code})
}

// Err returns ErrValidation naming the fields collected, or nil.
func (v FieldErrors) Err() error {
	if len(v) == 0 {
		return nil
	}
	return ErrValidation.WithFields(v...)
}

// As returns the *Error that err is or wraps, and whether there is one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// CodeOf returns the code of the *Error that err is or wraps, or "".
func CodeOf(err error) string {
	if e, ok := As(err); ok {
		return e.code
	}
	return ""
}
