// Package draughts implements the rules of international draughts (10x10,
// FMJD rules): flying kings, mandatory majority capture, the Turkish strike
// (captured pieces leave the board only when the move ends), promotion only
// when a move ends on the crowning row, FEN and PDN notation, and the draw
// rules of FMJD article 6 in Game.
//
// The 50 dark squares are numbered 1-50 from the top left (Black's side).
// White starts on 31-50, Black on 1-20, and White moves first.
//
// Usage:
//
//	pos, err := draughts.ParseFEN("W:W31-50:B1-20")
//	if err != nil { ... }               // *draughts.FormatError
//	m, err := pos.ParseMove("32-28")     // *draughts.IllegalMoveError when refused
//	if err != nil { ... }
//	pos = pos.Apply(m)
//	fmt.Println(pos.FEN())               // B:W28,31,...:B1,...,20
//
// The package uses only the standard library. Positions are bitboards over a
// padded 54-bit layout, so move generation and Perft are fast.
package draughts
