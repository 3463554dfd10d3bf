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

// DraughtsOpening returns the opening label of an international draughts
// game: its first two half-moves in the standard notation, e.g.
// "32-28 18-23" (or one half-move when the game has only one). It reports
// false for a game that does not start from the initial position or has
// no moves, or when the first moves are not legal there.
func DraughtsOpening(start draughts.Position, moves []draughts.Move) (string, bool) {
	if start.FEN() != draughts.Initial().FEN() || len(moves) == 0 {
		return "", false
	}
	var parts []string
	p := start
	for _, m := range moves[:min(2, len(moves))] {
		next, err := p.Play(m)
		if err != nil {
			return "", false
		}
		parts = append(parts, p.Notation(m))
		p = next
	}
	return strings.Join(parts, " "), true
}
