// Package draughts implements the rules of international draughts (10x10,
// FMJD rules): flying kings, mandatory majority capture (a king counts as
// one piece), the Turkish strike (captured pieces stay on the board as
// blockers until the move ends and cannot be jumped twice), promotion only
// when a move ends on the crowning row, FEN and PDN notation, and the draw
// rules of FMJD article 6 in Game.
//
// The 50 dark squares are numbered 1-50 from the top left (Black's side).
// White starts on 31-50, Black on 1-20, and White moves first.
//
// Usage:
//
//	pos, err := draughts.ParseFEN("W:W31-50:B1-20") // *FormatError if malformed
//	if err != nil {
//		return err
//	}
//	m, err := pos.ParseMove("32-28") // *IllegalMoveError saying why, e.g.
//	if err != nil {                  // "capture is mandatory: 27x18 is available"
//		return err
//	}
//	pos, _ = pos.Play(m)
//	fmt.Println(pos.FEN()) // B:W28,31,33,...,50:B1,...,20
//
// For a whole game with draw detection use Game (NewGame, PlayNotation,
// Outcome) and ParsePDN / Game.PDN. Perft counts move paths.
//
// The package uses only the standard library. Positions are bitboards over a
// padded 54-bit layout, so move generation and Perft are fast.
package draughts
