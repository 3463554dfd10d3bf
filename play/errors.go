package play

import (
	"fmt"

	"qixue/domain"
)

// Error is a refusal of the play service. Code is a stable snake_case
// identifier the API maps to an HTTP status and a zh-CN/en message;
// Fields names the input at fault; Reason, when set, is the rule broken in
// both languages (an engine's refusal, a penalty), shown to the child as
// it is.
type Error struct {
	code   string
	fields []FieldError
	reason domain.Text
	// Penalty is set when the refusal cost the mover points (number chess
	// competition rules): the penalty recorded with it.
	Penalty *Penalty
	// Game is the game as it stands after the refusal when the refusal
	// changed it (a penalty was recorded, an overdue flag fell), nil
	// otherwise.
	Game *Game
	// keep: the change that refused is stored all the same.
	keep bool
}

// FieldError names one input field at fault and why ("required",
// "invalid", "not_found", ...).
type FieldError struct {
	Field string
	Code  string
}

// Sentinel errors. Compare with errors.Is: an error carrying fields or a
// reason matches the sentinel of its code.
var (
	// ErrNotFound: no such live game or challenge, or one the caller may
	// not see.
	ErrNotFound = &Error{code: "not_found"}
	// ErrForbidden: the caller may not do this (not a player, not the
	// teacher of the players, a student starting a game for others).
	ErrForbidden = &Error{code: "forbidden"}
	// ErrValidation: bad input, with the fields at fault.
	ErrValidation = &Error{code: "validation_failed"}
	// ErrNotYourTurn: a move or turn action from the player not to move.
	ErrNotYourTurn = &Error{code: "not_your_turn"}
	// ErrFinished: the game is over; nothing more may be played.
	ErrFinished = &Error{code: "game_finished"}
	// ErrStalePly: the move names a ply that is not the next one (another
	// move was accepted in between); Fields names "ply".
	ErrStalePly = &Error{code: "stale_ply"}
	// ErrPlyTaken: a retried ply whose stored move is another one.
	ErrPlyTaken = &Error{code: "ply_taken"}
	// ErrIllegal: the engine refused the move; Reason says which rule.
	ErrIllegal = &Error{code: "illegal_move"}
	// ErrMalformed: the move cannot be read in the game's notation.
	ErrMalformed = &Error{code: "malformed_move"}
	// ErrPenalised: a number-chess move broke a rule or had a wrong sum
	// under competition rules: the penalty is recorded, the piece goes
	// back and may not move again this turn.
	ErrPenalised = &Error{code: "move_penalised"}
	// ErrNotNow: the action is not possible at this point of the game
	// (a draw offer out of turn, a swap after move 4, a claim with nothing
	// to claim, an abort after the second move); Reason says why.
	ErrNotNow = &Error{code: "action_not_allowed"}
	// ErrConflict: the game changed while the request was being handled
	// and it was not applied; try again.
	ErrConflict = &Error{code: "live_game_changed"}
	// ErrChallengeClosed: the challenge was already answered or cancelled.
	ErrChallengeClosed = &Error{code: "challenge_closed"}
)

// Code returns the stable code.
func (e *Error) Code() string { return e.code }

// Kept reports whether the change that was refused is stored all the same
// (a penalty, a flag that fell before the action): Store.Change saves it
// and returns the refusal.
func (e *Error) Kept() bool { return e.keep }

// Fields returns the fields at fault.
func (e *Error) Fields() []FieldError { return e.fields }

// Reason returns the rule broken, in both languages (zero when none).
func (e *Error) Reason() domain.Text { return e.reason }

// Error returns the code, the fields and the English reason.
func (e *Error) Error() string {
	s := "play: " + e.code
	for _, f := range e.fields {
		s += fmt.Sprintf(" %s %s;", f.Field, f.Code)
	}
	if e.reason.EN != "" {
		s += " " + e.reason.EN
	}
	return s
}

// Is matches errors of the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.code == e.code
}

// with returns a copy of e naming field.
func (e *Error) with(field, code string) *Error {
	c := *e
	c.fields = append(append([]FieldError(nil), e.fields...), FieldError{Field: field, Code: code})
	return &c
}

// because returns a copy of e with the reason.
func (e *Error) because(t domain.Text) *Error {
	c := *e
	c.reason = t
	return &c
}

// invalid is ErrValidation naming one field.
func invalid(field, code string) *Error { return ErrValidation.with(field, code) }

// notNow is ErrNotNow with its reason.
func notNow(en, zh string) *Error { return ErrNotNow.because(domain.Text{ZH: zh, EN: en}) }
