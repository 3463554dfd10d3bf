package games

import "qixue/domain"

// The refusals of the games service, *domain.Error values. Compare with
// errors.Is: an error naming fields matches the sentinel of its code.
var (
	// ErrNotFound: no such record, or one the caller may not see.
	ErrNotFound = domain.ErrNotFound
	// ErrForbidden: the caller may see the record but not do this.
	ErrForbidden = domain.ErrForbidden
	// ErrValidation: bad input, with the fields at fault.
	ErrValidation = domain.ErrValidation
	// ErrNoGames: the upload holds no game at all.
	ErrNoGames = domain.NewError("no_games")
	// ErrAlreadyConfirmed: the record is confirmed already.
	ErrAlreadyConfirmed = domain.NewError("game_already_confirmed")
	// ErrOwnSubmission: a student cannot confirm the game they submitted.
	ErrOwnSubmission = domain.NewError("own_submission")
	// ErrDuplicate: the school already holds this game (same players,
	// date and moves).
	ErrDuplicate = domain.NewError("duplicate")
)

// invalid returns ErrValidation naming one field.
func invalid(field, code string) error { return domain.Invalid(field, code) }
