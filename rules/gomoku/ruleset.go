package gomoku

import (
	"fmt"
	"strings"
)

// Ruleset says which lines win and whether Black has forbidden moves.
type Ruleset int

// The rulesets.
const (
	// Freestyle: five or more in a row wins, for both colours.
	Freestyle Ruleset = iota
	// Standard: exactly five wins for both colours; an overline does not
	// win but is allowed.
	Standard
	// Renju: Black wins only with exactly five, and double-three,
	// double-four and overline are forbidden to Black (a move that makes a
	// five as well wins). White wins with five or an overline.
	Renju
)

// ParseRuleset reads "freestyle", "standard" (also "gomoku") or "renju".
// It returns an *Error with code "bad_ruleset" otherwise.
func ParseRuleset(s string) (Ruleset, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "freestyle":
		return Freestyle, nil
	case "standard", "gomoku":
		return Standard, nil
	case "renju":
		return Renju, nil
	}
	return 0, errf("bad_ruleset", fmt.Sprintf("unknown ruleset %q: use freestyle, standard or renju", s),
		fmt.Sprintf("没有“%s”这种规则：请用freestyle、standard或renju", s))
}

// String returns "freestyle", "standard" or "renju".
func (r Ruleset) String() string {
	switch r {
	case Standard:
		return "standard"
	case Renju:
		return "renju"
	}
	return "freestyle"
}

// exactFive reports whether colour c needs exactly five to win.
func (r Ruleset) exactFive(c Colour) bool {
	return r == Standard || (r == Renju && c == Black)
}

// hasForbidden reports whether colour c has forbidden moves.
func (r Ruleset) hasForbidden(c Colour) bool { return r == Renju && c == Black }
