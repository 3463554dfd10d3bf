package tournaments

import (
	"fmt"
	"strconv"
	"strings"
)

// TieBreak is one tie-break of FIDE C.07, named by its FIDE acronym: a base
// (BH, SB, PS, ARO, DE, WIN, WON, BPG, BWG) and, for the sums BH, SB, PS
// and ARO, an optional modifier: -C1 or -C2 (cut the one or two least
// significant values) or -M1 or -M2 (cut as many least and most
// significant values). Build one with ParseTieBreak or use the constants.
type TieBreak string

// The tie-breaks most used; any base with a modifier parses as well.
const (
	Buchholz          TieBreak = "BH"     // sum of the opponents' scores (C.07 8.1)
	BuchholzCut1      TieBreak = "BH-C1"  // Buchholz without the lowest value (14.1)
	BuchholzMedian1   TieBreak = "BH-M1"  // Buchholz without the lowest and the highest (14.3)
	SonnebornBerger   TieBreak = "SB"     // opponents' scores times the points against them (9.1)
	DirectEncounter   TieBreak = "DE"     // points among the tied players (6)
	Wins              TieBreak = "WIN"    // rounds with the points of a win, played or not (7.1)
	GamesWon          TieBreak = "WON"    // games won over the board (7.2)
	BlackGames        TieBreak = "BPG"    // games played over the board with Black (7.3)
	BlackWins         TieBreak = "BWG"    // games won over the board with Black (7.4)
	Progressive       TieBreak = "PS"     // sum of the scores after each round (7.5)
	AverageRating     TieBreak = "ARO"    // average rating of the opponents met over the board, rounded; unrated (0) ones left out (10.1)
	AverageRatingCut1 TieBreak = "ARO-C1" // the same without the lowest rating
)

// tbBases lists the bases and whether they take a modifier.
var tbBases = map[string]bool{
	"BH": true, "SB": true, "PS": true, "ARO": true,
	"DE": false, "WIN": false, "WON": false, "BPG": false, "BWG": false,
}

// TieBreakError is a tie-break name that is not one of C.07's, or one the
// system may not use (Reason says why, NotForRoundRobin is set).
type TieBreakError struct {
	Name             string
	Reason           string // empty for an unknown name
	NotForRoundRobin bool
}

func (e *TieBreakError) Error() string {
	if e.Reason != "" {
		return fmt.Sprintf("tournaments: tie-break %s: %s", e.Name, e.Reason)
	}
	return fmt.Sprintf("tournaments: unknown tie-break %q (BH, BH-C1, BH-M1, SB, DE, WIN, WON, BPG, BWG, PS, ARO, ARO-C1)", e.Name)
}

// ParseTieBreak reads a tie-break name such as "BH-C1" (case-insensitive,
// "BH_C1" and "BHC1" accepted) or returns a *TieBreakError.
func ParseTieBreak(s string) (TieBreak, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	u = strings.ReplaceAll(u, "_", "-")
	base, mod, hasMod := strings.Cut(u, "-")
	if !hasMod {
		for _, m := range []string{"C1", "C2", "M1", "M2"} {
			if b, ok := strings.CutSuffix(u, m); ok && tbBases[b] {
				base, mod, hasMod = b, m, true
			}
		}
	}
	takesMod, ok := tbBases[base]
	if !ok || (hasMod && !takesMod) {
		return "", &TieBreakError{Name: s}
	}
	if !hasMod {
		return TieBreak(base), nil
	}
	if len(mod) != 2 || (mod[0] != 'C' && mod[0] != 'M') || (mod[1] != '1' && mod[1] != '2') {
		return "", &TieBreakError{Name: s}
	}
	return TieBreak(base + "-" + mod), nil
}

// ParseTieBreaks reads a comma-separated list ("BH-C1,BH,SB"); an empty
// string is an empty list.
func ParseTieBreaks(s string) ([]TieBreak, error) {
	var out []TieBreak
	for _, f := range strings.Split(s, ",") {
		if strings.TrimSpace(f) == "" {
			continue
		}
		tb, err := ParseTieBreak(f)
		if err != nil {
			return nil, err
		}
		out = append(out, tb)
	}
	return out, nil
}

// base returns the tie-break without its modifier, and the numbers of low
// and high values the modifier cuts.
func (tb TieBreak) base() (string, int, int) {
	b, mod, _ := strings.Cut(string(tb), "-")
	if mod == "" {
		return b, 0, 0
	}
	n := int(mod[1] - '0')
	if mod[0] == 'M' {
		return b, n, n
	}
	return b, n, 0
}

// Value is a tie-break value, exact: a count, points, or (Sonneborn-Berger)
// a sum of products of points.
type Value struct {
	n     int64
	scale int64 // n / scale is the value; 1, 10 or 100
}

// Cmp compares v with w: -1, 0 or +1.
func (v Value) Cmp(w Value) int {
	a, b := v.n*w.scale, w.n*v.scale
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Float64 returns the value as a float, for display and JSON.
func (v Value) Float64() float64 {
	if v.scale == 0 {
		return float64(v.n)
	}
	return float64(v.n) / float64(v.scale)
}

// String writes the value with as many decimals as its kind has: "12"
// (counts, ratings), "7.5" (points), "21.25" (Sonneborn-Berger).
func (v Value) String() string {
	switch v.scale {
	case 0, 1:
		return strconv.FormatInt(v.n, 10)
	case 10:
		return Points(v.n).String()
	}
	sign := ""
	n := v.n
	if n < 0 {
		sign, n = "-", -n
	}
	return fmt.Sprintf("%s%d.%02d", sign, n/100, n%100)
}
