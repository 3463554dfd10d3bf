package diagram

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"qixue/rules/game"
)

// Games lists every game Render accepts.
var Games = game.Names()

// ParseGame returns the game named s, or an *Error (code unknown_game,
// param "game").
func ParseGame(s string) (game.Name, error) {
	for _, g := range Games {
		if string(g) == s {
			return g, nil
		}
	}
	shown := s
	if utf8.RuneCountInString(shown) > 20 || !utf8.ValidString(shown) {
		shown = "?"
	}
	return "", newError(ParamGame, "unknown_game",
		fmt.Sprintf("unknown game %q: use chess, draughts, gomoku or numchess", shown),
		fmt.Sprintf("没有这种棋 %q：请用 chess、draughts、gomoku 或 numchess", shown))
}

// Limits on the options, so that a query cannot ask for unbounded work.
const (
	// MaxPositionLen is the longest position string accepted (a full
	// gomoku record of 225 moves fits).
	MaxPositionLen = 1200
	// MaxMarks is the most highlights, and separately the most arrows,
	// of one diagram.
	MaxMarks = 121
	// MaxMarkLen is the longest single highlight, arrow or last move.
	MaxMarkLen = 200
)

// Options say what to draw. Only Position is needed; every other field
// may be left empty.
type Options struct {
	// Position is the game's own notation; empty is the start position
	// (the empty board for gomoku).
	//  - chess: a FEN; the placement field alone is accepted too.
	//  - draughts: a PDN FEN such as "W:W31-50:B1-20".
	//  - gomoku: a board diagram of 15 rows of '.', 'x', 'o' joined by
	//    '/' (row 15 first), or a record such as "h8 h9 i9".
	//  - number chess: the machine position or "start".
	Position string
	// Highlights are squares or points to mark: "e4", "28", "h8", "e5".
	Highlights []string
	// Arrows are from-to pairs: "e2e4" or "e2-e4" (chess), "32-28"
	// (draughts), "h8-l12" (gomoku), "a1-e5" (number chess).
	Arrows []string
	// LastMove is the move that led to the position, marked on the
	// board: "e2e4" (chess), "32-28" or "19x30x39" (draughts), "h8"
	// (gomoku; a record marks its last stone by default), a machine
	// move "8b2-f5[6-2]-d5[4]" or the points "a1-e5" (number chess).
	LastMove string
	// Flip shows the board from the other side: Black at the bottom
	// (chess, draughts, gomoku), Blue at the bottom (number chess).
	Flip bool
	// Coords adds the row numbers and point letters to a number-chess
	// diagram. The other games always show their coordinates.
	Coords bool
	// Numbers writes move numbers on the stones of a gomoku record.
	Numbers bool
	// Lang is the language of the title: "en", otherwise zh-CN.
	Lang string
}

// Render draws the position of g as an SVG document. It returns an
// *Error naming the option at fault when the game is unknown, the
// position cannot be read, a highlight, arrow or last move names no
// square of the game, or a value is over the limits.
func Render(g game.Name, o Options) ([]byte, error) {
	if err := o.checkLimits(); err != nil {
		return nil, err
	}
	switch g {
	case game.Chess:
		return renderChess(o)
	case game.Draughts:
		return renderDraughts(o)
	case game.Gomoku:
		return renderGomoku(o)
	case game.NumChess:
		return renderNumChess(o)
	}
	_, err := ParseGame(string(g))
	return nil, err
}

func (o Options) checkLimits() error {
	if len(o.Position) > MaxPositionLen {
		return tooLong(ParamPosition, MaxPositionLen)
	}
	if len(o.LastMove) > MaxMarkLen {
		return tooLong(ParamLastMove, MaxMarkLen)
	}
	for _, l := range []struct {
		param string
		marks []string
	}{{ParamHighlight, o.Highlights}, {ParamArrows, o.Arrows}} {
		if len(l.marks) > MaxMarks {
			return newError(l.param, "too_many",
				fmt.Sprintf("%s lists %d entries; at most %d are allowed", l.param, len(l.marks), MaxMarks),
				fmt.Sprintf("%s 有 %d 项，最多允许 %d 项", l.param, len(l.marks), MaxMarks))
		}
		for _, m := range l.marks {
			if len(m) > MaxMarkLen {
				return tooLong(l.param, MaxMarkLen)
			}
		}
	}
	return nil
}

func tooLong(param string, max int) *Error {
	return newError(param, "too_long",
		fmt.Sprintf("%s is longer than %d bytes", param, max),
		fmt.Sprintf("%s 超过 %d 个字节", param, max))
}

// SplitList splits a query value such as "e4,d5 f6" at commas and spaces
// and drops empty entries.
func SplitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
}

// title returns the localized text of the diagram's <title>.
func title(lang string, zh, en string) string {
	if lang == "en" {
		return en
	}
	return zh
}

// splitPair splits an arrow "a-b" (or "a–b"/"axb" where the game allows)
// into its two ends.
func splitPair(s string) (string, string, bool) {
	a, b, ok := strings.Cut(s, "-")
	if !ok || strings.Contains(b, "-") {
		return "", "", false
	}
	return a, b, true
}
