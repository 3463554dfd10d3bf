package identity

import (
	"errors"
	"fmt"
	"time"
)

// Error is a refusal of the identity domain. Code is a stable snake_case
// identifier that the API maps to an HTTP status and a localized message;
// Fields lists per-field problems of a validation error.
type Error struct {
	code   string
	fields []FieldError
	// retryAfter, when set, is how long the caller should wait before
	// trying again (rate limits, a busy server).
	retryAfter time.Duration
}

// FieldError names one invalid input field and why (a stable code such as
// "required", "too_long", "invalid").
type FieldError struct {
	Field string
	Code  string
}

// Sentinel errors. Compare with errors.Is; errors carrying fields still
// match their sentinel.
var (
	ErrNotFound           = &Error{code: "not_found"}
	ErrForbidden          = &Error{code: "forbidden"}
	ErrUnauthenticated    = &Error{code: "unauthenticated"}
	ErrInvalidCredentials = &Error{code: "invalid_credentials"}
	ErrTokenInvalid       = &Error{code: "token_invalid"}
	ErrTokenExpired       = &Error{code: "token_expired"}
	ErrRefreshReused      = &Error{code: "refresh_token_reused"}
	ErrRateLimited        = &Error{code: "rate_limited"}
	ErrValidation         = &Error{code: "validation_failed"}
	ErrUsernameTaken      = &Error{code: "username_taken"}
	ErrConflict           = &Error{code: "conflict"}
	ErrSchoolNotEmpty     = &Error{code: "school_not_empty"}
	// ErrEnrollmentNeedsSchoolAdmin refuses a teacher's enrollment of a
	// student who is in another teacher's class: a school admin does it.
	ErrEnrollmentNeedsSchoolAdmin = &Error{code: "enrollment_needs_school_admin"}
	// ErrBusy refuses a login or password change that found no free
	// hashing slot in time (see HashSlots); it is not a failed login.
	ErrBusy = &Error{code: "service_unavailable"}
)

// errEnrollmentNeedsSchoolAdmin is ErrEnrollmentNeedsSchoolAdmin naming
// the field at fault.
var errEnrollmentNeedsSchoolAdmin = &Error{code: ErrEnrollmentNeedsSchoolAdmin.code,
	fields: []FieldError{{Field: "user_id", Code: "taught_elsewhere"}}}

// Error returns the code and, for validation errors, the fields.
func (e *Error) Error() string {
	if len(e.fields) == 0 {
		return "identity: " + e.code
	}
	s := "identity: " + e.code + ":"
	for _, f := range e.fields {
		s += fmt.Sprintf(" %s %s;", f.Field, f.Code)
	}
	return s
}

// Code returns the stable snake_case code of the error.
func (e *Error) Code() string { return e.code }

// Fields returns the per-field problems of a validation error (nil otherwise).
func (e *Error) Fields() []FieldError { return e.fields }

// RetryAfter returns how long the caller should wait before trying
// again, or zero when the error does not say.
func (e *Error) RetryAfter() time.Duration { return e.retryAfter }

// Is reports whether target is an *Error with the same code, so a
// validation error with fields matches ErrValidation.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.code == e.code
}

// invalid collects field errors; err returns nil when there are none.
type invalid []FieldError

func (v *invalid) add(field, code string) { *v = append(*v, FieldError{Field: field, Code: code}) }

func (v invalid) err() error {
	if len(v) == 0 {
		return nil
	}
	return &Error{code: ErrValidation.code, fields: v}
}

// ValidationError returns an ErrValidation carrying the given field errors,
// for adapters that validate input before calling the service.
func ValidationError(fields ...FieldError) error {
	return &Error{code: ErrValidation.code, fields: fields}
}

// isNotFound reports whether err is (or wraps) ErrNotFound.
func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
