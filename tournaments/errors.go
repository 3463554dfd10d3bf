package tournaments

import "fmt"

// Error is a refusal of the tournament service. Code is a stable
// snake_case identifier the API maps to an HTTP status and a zh-CN/en
// message; Fields names the input at fault (a validation error, or a
// refusal about one field such as the board of a result).
type Error struct {
	code   string
	fields []FieldError
	args   []any
}

// FieldError names one input field at fault and why ("required",
// "invalid", "not_found", ...).
type FieldError struct {
	Field string
	Code  string
}

// Sentinel errors. Compare with errors.Is: an error carrying fields or
// arguments matches the sentinel of its code.
var (
	// ErrNotFound: no such tournament, or one the caller may not see.
	ErrNotFound = &Error{code: "not_found"}
	// ErrForbidden: the caller's role may not do this.
	ErrForbidden = &Error{code: "forbidden"}
	// ErrValidation: bad input, with the fields at fault.
	ErrValidation = &Error{code: "validation_failed"}
	// ErrConflict: the tournament changed while this request was being
	// handled (two teachers pairing at once); nothing was written.
	ErrConflict = &Error{code: "tournament_changed"}
	// ErrRoundIncomplete: the next round pairs only when every result of
	// the current one is in; Args holds the round and the boards missing.
	ErrRoundIncomplete = &Error{code: "round_incomplete"}
	// ErrAllRoundsPaired: every planned round is already paired.
	ErrAllRoundsPaired = &Error{code: "rounds_complete"}
	// ErrNoPairing: the pairing system finds no valid pairing (FIDE's
	// absolute criteria cannot all be met).
	ErrNoPairing = &Error{code: "no_valid_pairing"}
	// ErrTooFewPlayers: fewer than two players can be paired.
	ErrTooFewPlayers = &Error{code: "too_few_players"}
	// ErrNothingToUnpair: no round is paired.
	ErrNothingToUnpair = &Error{code: "nothing_to_unpair"}
	// ErrResultsEntered: the current round has results, so it cannot be
	// unpaired.
	ErrResultsEntered = &Error{code: "results_entered"}
	// ErrResultFinal: a student reports a result that is already entered.
	ErrResultFinal = &Error{code: "result_already_entered"}
	// ErrResultsDisagree: the two players of a board reported different
	// results; the teacher enters it.
	ErrResultsDisagree = &Error{code: "results_disagree"}
	// ErrStarted: a round robin takes no entries once it has started.
	ErrStarted = &Error{code: "round_robin_started"}
	// ErrEliminationStarted: a knockout or arena takes no withdrawals once
	// it has started (enter a forfeit instead), and a knockout no entries.
	ErrEliminationStarted = &Error{code: "tournament_started"}
	// ErrChoiceNeeded: a knockout game was drawn under the teacher's rule
	// (or both players forfeited) and nobody was named to go on; Args
	// holds its round and board.
	ErrChoiceNeeded = &Error{code: "decision_needed"}
	// ErrBracketChanged: a corrected result or choice would change who
	// played in the rounds already paired of a knockout or arena; unpair
	// those rounds first.
	ErrBracketChanged = &Error{code: "bracket_changed"}
	// ErrTRF: an imported TRF file is malformed or inconsistent; Args holds
	// the line, the column and the reader's message.
	ErrTRF = &Error{code: "trf_invalid"}
)

// Error returns the code and the fields.
func (e *Error) Error() string {
	s := "tournaments: " + e.code
	for _, f := range e.fields {
		s += fmt.Sprintf(" %s %s;", f.Field, f.Code)
	}
	if len(e.args) > 0 {
		s += fmt.Sprint(" ", e.args)
	}
	return s
}

// Code returns the stable code.
func (e *Error) Code() string { return e.code }

// Fields returns the fields at fault (nil when none is named).
func (e *Error) Fields() []FieldError { return e.fields }

// Args returns the values the message of the code takes (a round number,
// boards, a TRF line and column).
func (e *Error) Args() []any { return e.args }

// Is reports whether target is an *Error of the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.code == e.code
}

// with returns a copy of the sentinel naming fields.
func (e *Error) with(fields ...FieldError) *Error {
	return &Error{code: e.code, fields: fields, args: e.args}
}

// withArgs returns a copy of the sentinel with message arguments.
func (e *Error) withArgs(args ...any) *Error {
	return &Error{code: e.code, fields: e.fields, args: args}
}

// invalid returns ErrValidation naming one field.
func invalid(field, code string) error { return ErrValidation.with(FieldError{field, code}) }

// fieldErrors collects field errors; err returns nil when there are none.
type fieldErrors []FieldError

func (v *fieldErrors) add(field, code string) { *v = append(*v, FieldError{field, code}) }

func (v fieldErrors) err() error {
	if len(v) == 0 {
		return nil
	}
	return ErrValidation.with(v...)
}
