package tournaments

import (
	"strconv"
	"strings"

	"qixue/domain"
)

// The refusals of the tournament service, *domain.Error values. Compare
// with errors.Is: an error carrying fields or arguments matches the
// sentinel of its code. The arguments are the values its message shows
// (numbers, strings and domain.Text).
var (
	// ErrNotFound: no such tournament, or one the caller may not see.
	ErrNotFound = domain.ErrNotFound
	// ErrForbidden: the caller's role may not do this.
	ErrForbidden = domain.ErrForbidden
	// ErrValidation: bad input, with the fields at fault.
	ErrValidation = domain.ErrValidation
	// ErrConflict: the tournament changed while this request was being
	// handled (two teachers pairing at once); nothing was written.
	ErrConflict = domain.NewError("tournament_changed")
	// ErrRoundIncomplete: the next round pairs only when every result of
	// the current one is in; Args holds the round and the boards missing
	// ("3, 5").
	ErrRoundIncomplete = domain.NewError("round_incomplete")
	// ErrAllRoundsPaired: every planned round is already paired.
	ErrAllRoundsPaired = domain.NewError("rounds_complete")
	// ErrNoPairing: the pairing system finds no valid pairing (FIDE's
	// absolute criteria cannot all be met).
	ErrNoPairing = domain.NewError("no_valid_pairing")
	// ErrTooFewPlayers: fewer than two players can be paired.
	ErrTooFewPlayers = domain.NewError("too_few_players")
	// ErrNothingToUnpair: no round is paired.
	ErrNothingToUnpair = domain.NewError("nothing_to_unpair")
	// ErrResultsEntered: the current round has results, so it cannot be
	// unpaired.
	ErrResultsEntered = domain.NewError("results_entered")
	// ErrResultFinal: a student reports a result that is already entered.
	ErrResultFinal = domain.NewError("result_already_entered")
	// ErrResultsDisagree: the two players of a board reported different
	// results; the teacher enters it.
	ErrResultsDisagree = domain.NewError("results_disagree")
	// ErrStarted: a round robin takes no entries once it has started.
	ErrStarted = domain.NewError("round_robin_started")
	// ErrEliminationStarted: a knockout or arena takes no withdrawals once
	// it has started (enter a forfeit instead), and a knockout no entries.
	ErrEliminationStarted = domain.NewError("tournament_started")
	// ErrChoiceNeeded: a knockout game was drawn under the teacher's rule
	// (or both players forfeited) and nobody was named to go on; Args
	// holds its round and board.
	ErrChoiceNeeded = domain.NewError("decision_needed")
	// ErrBracketChanged: a corrected result or choice would change who
	// played in the rounds already paired of a knockout or arena; unpair
	// those rounds first.
	ErrBracketChanged = domain.NewError("bracket_changed")
	// ErrTRF: an imported TRF file is malformed or inconsistent; Args holds
	// where (a domain.Text such as "line 3, column 5") and the reader's
	// message (a domain.Text).
	ErrTRF = domain.NewError("trf_invalid")
)

// invalid returns ErrValidation naming one field.
func invalid(field, code string) error { return domain.Invalid(field, code) }

// boardList shows board numbers as the message of ErrRoundIncomplete
// does: "3, 5".
func boardList(boards []int) string {
	list := make([]string, len(boards))
	for i, b := range boards {
		list[i] = strconv.Itoa(b)
	}
	return strings.Join(list, ", ")
}

// trfWhere names a place in a TRF file: its line and, when known (col >
// 0), its column.
func trfWhere(line, col int) domain.Text {
	l := strconv.Itoa(line)
	where := domain.Text{ZH: "第 " + l + " 行", EN: "line " + l}
	if col > 0 {
		c := strconv.Itoa(col)
		where = domain.Text{ZH: where.ZH + "第 " + c + " 列", EN: where.EN + ", column " + c}
	}
	return where
}
