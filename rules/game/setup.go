package game

import (
	"strings"

	"qixue/rules/draughts"
	"qixue/rules/gomoku"
	"qixue/rules/numchess"
)

// Set-up positions: a position put together by hand, as a teacher does in
// the board editor, is read by Rules.Setup, which refuses, besides what
// Parse refuses, what no game of the rules can reach. The rules are the
// engines' own:
//
//   - chess (chess.ParseFEN, strict): a king missing or two of one
//     colour, a pawn on the first or last rank, more pawns and promoted
//     pieces than eight pawns give, the side not to move in check, more
//     than two checkers, a castling right without its king and rook at
//     home, an en-passant square no double step just made;
//   - draughts (draughts.ParseFEN, draughts.CheckSetup): a square twice,
//     a man on its crowning row, more than twenty pieces a side, an empty
//     board;
//   - gomoku (gomoku.ParseSetup, gomoku.CheckSetup): stone counts the
//     colour to move cannot have, the colour to move already with five,
//     both colours with five, a black overline under renju;
//   - number chess (numchess.ParsePosition, numchess.CheckSetup): a piece
//     twice, a point off the 121, two pieces on a point, the side to move
//     (or both sides) with all ten pieces already in place.
//
// The refusals are the engines' errors, with Code() and Message(lang).

// Setup reads a set-up position in the game's notation under a variant
// ("" is the default), refusing what cannot stand: see the list above.
// Gomoku reads a board diagram and the colour to move ("...../... black",
// see gomoku.ParseSetup) or, as Parse, a record from the empty board.
func (r chessRules) Setup(variant, text string) (Position, error) {
	return r.Parse(variant, fenTag(text))
}

func (r draughtsRules) Setup(variant, text string) (Position, error) {
	p, err := r.Parse(variant, fenTag(text))
	if err != nil {
		return nil, err
	}
	if err := draughts.CheckSetup(p.(draughtsPos).p); err != nil {
		return nil, err
	}
	return p, nil
}

func (r gomokuRules) Setup(variant, text string) (Position, error) {
	return r.Parse(variant, text)
}

// gomokuSetup reads a board diagram and the colour to move as a game
// started from that board.
func gomokuSetup(rs gomoku.Ruleset, text string) (Position, error) {
	b, c, err := gomoku.ParseSetup(text)
	if err != nil {
		return nil, err
	}
	g, err := gomoku.NewGameFromBoard(rs, b, c)
	if err != nil {
		return nil, err
	}
	return gomokuPos{g}, nil
}

// isGomokuSetup tells a set-up text (a diagram, whose rows are joined by
// '/') from a record.
func isGomokuSetup(text string) bool { return strings.Contains(text, "/") }

func (r *numChessRules) Setup(variant, text string) (Position, error) {
	p, err := r.Parse(variant, text)
	if err != nil {
		return nil, err
	}
	if err := numchess.CheckSetup(p.(numPos).p); err != nil {
		return nil, err
	}
	return p, nil
}

// fenTag returns the value of a game file's [FEN "..."] tag when text is
// the tag (or a PGN/PDN header holding it), so that a position copied
// from a game file reads as its FEN; any other text is returned as it is.
func fenTag(text string) string {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "[") {
		return text
	}
	for _, line := range strings.Split(t, "\n") {
		line = strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(line, "[FEN ")
		if !ok {
			continue
		}
		rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "]"))
		return strings.Trim(rest, "\"")
	}
	return text
}
