package games

import (
	"fmt"
	"strings"

	"qixue/rules/draughts"
	"qixue/rules/gomoku"
)

// RenjuOpening names the designated opening (one of the 26) made by the
// first three stones of a renju record: Black 1, White 2, Black 3, swaps
// and passes skipped. It reports false when the record has fewer than
// three stones or they are not a designated opening (a freestyle game).
func RenjuOpening(moves []gomoku.Move) (gomoku.Opening, bool) {
	var st []gomoku.Point
	for _, m := range moves {
		if m.Kind == gomoku.Place || m.Kind == gomoku.Offer {
			st = append(st, m.Point)
			if len(st) == 3 {
				break
			}
		}
	}
	if len(st) < 3 {
		return gomoku.Opening{}, false
	}
	o, err := gomoku.IdentifyOpening(st[0], st[1], st[2])
	return o, err == nil
}

// RenjuOpeningLabel returns the opening's name in lang: "花月（直指4号）"
// in Chinese, "Kagetsu (direct 4)" in English ("en").
func RenjuOpeningLabel(o gomoku.Opening, lang string) string {
	if lang == "en" {
		fam := "indirect"
		if o.Direct {
			fam = "direct"
		}
		return fmt.Sprintf("%s (%s %d)", o.English, fam, o.Number)
	}
	fam := "斜指"
	if o.Direct {
		fam = "直指"
	}
	return fmt.Sprintf("%s（%s%d号）", o.Name, fam, o.Number)
}

// DraughtsOpening is the opening of an international draughts game: its
// first two half-moves, with a name for the few whose names we have from a
// published course (T. Goedemoed's, which files both replies to 32-28).
type DraughtsOpening struct {
	Moves  string // "32-28 18-23"
	Name   string // "Chefneux Opening", or "" when unnamed
	NameZh string
}

// Label returns the moves, followed by the name in lang ("en", anything
// else Chinese) when there is one: "32-28 18-23 (Chefneux Opening)".
func (o DraughtsOpening) Label(lang string) string {
	name := o.NameZh
	if lang == "en" {
		name = o.Name
	}
	if name == "" {
		return o.Moves
	}
	if lang == "en" {
		return o.Moves + " (" + name + ")"
	}
	return o.Moves + "（" + name + "）"
}

// draughtsNames are the named first moves: both are answers to 32-28.
var draughtsNames = map[string][2]string{
	"32-28 19-23": {"Symmetrical Variation", "对称变例"},
	"32-28 18-23": {"Chefneux Opening", "Chefneux开局"},
}

// ClassifyDraughts returns the opening of an international draughts game:
// its first two half-moves in the standard notation, e.g. "32-28 18-23"
// (or one half-move when the game has only one), named when it is one of
// the named openings. It reports false for a game that does not start from
// the initial position, has no moves, or whose first moves are not legal.
func ClassifyDraughts(start draughts.Position, moves []draughts.Move) (DraughtsOpening, bool) {
	if start.FEN() != draughts.Initial().FEN() || len(moves) == 0 {
		return DraughtsOpening{}, false
	}
	var parts []string
	p := start
	for _, m := range moves[:min(2, len(moves))] {
		next, err := p.Play(m)
		if err != nil {
			return DraughtsOpening{}, false
		}
		parts = append(parts, p.Notation(m))
		p = next
	}
	o := DraughtsOpening{Moves: strings.Join(parts, " ")}
	if n, ok := draughtsNames[o.Moves]; ok {
		o.Name, o.NameZh = n[0], n[1]
	}
	return o, true
}
