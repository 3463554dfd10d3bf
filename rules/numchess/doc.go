// Package numchess is the rules engine for International Number Chess
// (国际数棋): the 121-point star board and its two camps, positions in a
// machine notation, the four move rules (移 step, 邻 hop, 单跨 single span,
// 连跨 chain span) with the arithmetic of package arith, legal move
// generation with a witness for every move, the grade-band rulesets K1, G23
// and G46 (and custom ones built from their fields), move notation in
// Chinese, English and machine form, and scoring (积和法, 差和法).
//
// The rules follow /work/shared/spec/numchess.md. Coordinates: rows 1-17
// from Red's back tip, points lettered a, b, c... from Red's left, so Red's
// camp is a1 (0), a2 b2 (9 8), a3 b3 c3 (5 6 7), a4..d4 (4 2 3 1) and
// Blue's is a14..d14 (1 3 2 4), a15 b15 c15 (7 6 5), a16 b16 (8 9), a17 (0).
// The board is built from the list of row lengths and the camp layout
// (board.go), not from scattered constants.
//
// Machine notation: a position is "r:0a1,1d4,...;b:0a17,... r 1" (pieces,
// side to move, full-move number); a move is the piece and its point, then
// each landing point with its segment's expression in brackets:
// "8b2-f5[6-2]-d5[4]". Chinese notation: "8 左斜进跨 6,2、左平跨 4 (6−2=4)".
//
// Rulings, as implemented: 前跟 is a chain whose second segment spans
// straight back over exactly the first segment's pieces; it may not end
// the move there, and its third segment must span other pieces (so a chain
// never goes to and fro over one segment only: the spec's ruling of
// 2026-12-01). After two different segments, 后跟 may span back over the
// last segment again and again. 五子让位 binds the camp's owner: once the
// opponent has five or more pieces in a camp, its owner may not make a move
// that fills the camp's last empty point (moving within the camp is fine).
//
// Move generation is exact: LegalMoves finds every move Play accepts, with
// one bound. A segment over more than ExplicitSpanMax (5) pieces is not
// listed in full (too many values); the solver decides the values the
// other segments offer instead. When every segment of a chain spans more
// than ExplicitSpanMax pieces, only the whole numbers −9..30 (0..30
// without negatives) are tried as the common value.
//
// Bounded work: a fresh engine on a position packed with long lines can
// spend a second (its solver, longer on some segments). A server passes a
// deadline to LegalMovesContext and MoveCountContext, which give up with
// the context's error and leave only complete answers in the caches.
//
// Usage:
//
//	eng := numchess.NewEngine(numchess.G46()) // keep one per ruleset: its caches stay warm
//	m, _ := numchess.ParseMove("0a1-e5[9-5-4]")
//	next, err := eng.Play(numchess.Start(), m) // err: *IllegalMoveError saying why
//	moves := eng.LegalMoves(next)              // one witness per (piece, destination)
//
// Game files: ParseRecords reads many games with their tags (players,
// date, event, ruleset, start position, result), moves in machine notation
// and comments, replays every move through the engine and reports each bad
// game by number, line and move; WriteRecords writes them back.
package numchess
