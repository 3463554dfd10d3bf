// Package numchess is the rules engine for International Number Chess
// (国际数棋): the 121-point star board and its two camps, positions in a
// machine notation, the four move rules (移 step, 邻 hop, 单跨 single span,
// 连跨 chain span) with the arithmetic of package arith, legal move
// generation with a witness for every move, the grade-band rulesets K1, G23
// and G46, move notation in Chinese, English and machine form, and scoring
// (积和法, 差和法).
//
// The rules follow /work/shared/spec/numchess.md. Coordinates: rows 1-17
// from Red's back tip, points lettered a, b, c... from Red's left, so Red's
// camp is a1 (0), a2 b2 (9 8), a3 b3 c3 (5 6 7), a4..d4 (4 2 3 1) and
// Blue's is a14..d14 (1 3 2 4), a15 b15 c15 (7 6 5), a16 b16 (8 9), a17 (0).
//
// Usage:
//
//	pos := numchess.Start()
//	eng := numchess.NewEngine(numchess.G46())
//	m, _ := numchess.ParseMove("0a1-e5[9-5-4]")
//	next, err := eng.Play(pos, m) // err is an *IllegalMoveError saying why
//	moves := eng.LegalMoves(next) // one witness per (piece, destination)
package numchess
