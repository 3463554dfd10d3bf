package exercises

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestOnlyMoveSolutions checks how only-move exercises refuse a bad
// solution line: a line that does not end with the student's move, an
// illegal move, and (draughts) a reply that is not forced.
func TestOnlyMoveSolutions(t *testing.T) {
	const chessStart = `{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}`
	const draughtsStart = `{"fen":"W:W31-50:B1-20"}`
	for _, c := range []struct {
		name          string
		kind          Kind
		prompt, moves string
		code, field   string
	}{
		{"chess line ends with a reply", chessBestKind{}, chessStart, `["e4","e5"]`, "bad_solution_line", "moves"},
		{"chess empty line", chessBestKind{}, chessStart, `[]`, "bad_solution_line", "moves"},
		{"chess illegal move", chessBestKind{}, chessStart, `["e4","e4","Nf3"]`, "", "moves[1]"},
		{"chess unforced replies are fine", chessBestKind{}, chessStart, `["e4","e5","Nf3"]`, "", ""},
		{"draughts reply not forced", draughtsShotKind{}, draughtsStart, `["32-28","19-23","28x19"]`, "reply_not_forced", "moves[1]"},
		{"draughts line ends with a reply", draughtsShotKind{}, draughtsStart, `["32-28","19-23"]`, "bad_solution_line", "moves"},
	} {
		err := c.kind.Validate(json.RawMessage(c.prompt), json.RawMessage(`{"moves":`+c.moves+`}`))
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Field != c.field || (c.code != "" && pe.Code != c.code) {
			t.Errorf("%s: %v, want %s at %s", c.name, err, c.code, c.field)
		}
	}
}
