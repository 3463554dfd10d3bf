package identity

import (
	"errors"

	"qixue/domain"
)

// The refusals of the identity domain, *domain.Error values. Compare with
// errors.Is; errors naming fields still match their sentinel.
var (
	ErrNotFound           = domain.ErrNotFound
	ErrForbidden          = domain.ErrForbidden
	ErrUnauthenticated    = domain.ErrUnauthenticated
	ErrInvalidCredentials = domain.NewError("invalid_credentials")
	ErrTokenInvalid       = domain.NewError("token_invalid")
	ErrTokenExpired       = domain.NewError("token_expired")
	ErrRefreshReused      = domain.NewError("refresh_token_reused")
	// ErrRateLimited refuses a caller over a limit; RetryAfter says how long
	// to wait.
	ErrRateLimited    = domain.NewError("rate_limited")
	ErrValidation     = domain.ErrValidation
	ErrUsernameTaken  = domain.NewError("username_taken")
	ErrConflict       = domain.ErrConflict
	ErrSchoolNotEmpty = domain.NewError("school_not_empty")
	// ErrEnrollmentNeedsSchoolAdmin refuses a teacher's enrollment of a
	// student who is in another teacher's class: a school admin does it.
	ErrEnrollmentNeedsSchoolAdmin = domain.NewError("enrollment_needs_school_admin")
	// ErrBusy refuses a login or password change that found no free
	// hashing slot in time (see HashSlots); it is not a failed login.
	ErrBusy = domain.ErrUnavailable
)

// errEnrollmentNeedsSchoolAdmin is ErrEnrollmentNeedsSchoolAdmin naming
// the field at fault.
var errEnrollmentNeedsSchoolAdmin = ErrEnrollmentNeedsSchoolAdmin.WithFields(
	domain.FieldError{Field: "user_id", Code: "taught_elsewhere"})

// isNotFound reports whether err is (or wraps) ErrNotFound.
func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
