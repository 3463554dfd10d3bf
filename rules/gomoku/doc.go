// Package gomoku is the rules engine for gomoku (五子棋) and renju (连珠)
// on the 15x15 board of the club's rule notes (seed 001): columns a-o from
// left to right, rows 1-15 from Black's side, tengen h8, stars d4, d12,
// l12 and l4. It uses only the standard library.
//
// Three rulesets: Freestyle (five or more wins), Standard (exactly five
// wins) and Renju (Black needs exactly five and may not play double-three
// 三三, double-four 四四 or overline 长连; a five made together with a
// forbidden shape still wins; White wins with five or more). Forbidden
// moves follow the RIF definition exactly: a three counts only if some
// move that is itself not forbidden turns it into a straight four, checked
// recursively, and two fours may lie on one line (x.xxx.x). The check is
// table-driven (every 11-point window of a line is classified once) and
// finds all forbidden points of a 60-stone position in a few microseconds.
//
// Renju games follow the seed's national opening protocol: Black 1 on
// tengen, one of the 26 designated openings (13 direct 直指, 13 indirect
// 斜指, recognised in any rotation or reflection), an optional swap after
// move 3 (三手可交换) and the fifth-move offer (五手两打), with passes and
// draws. Where the seed's text is cut off (where Black 3 may go) the RIF
// rules are used: within the central 5x5 square.
//
// Usage:
//
//	b, err := gomoku.ParseBoard(diagram) // 15 rows, row 15 first, '.', 'x', 'o', joined by '/'
//	if err != nil { ... }                // *gomoku.Error with Code() and Message(lang)
//	for _, p := range b.ForbiddenPoints() {
//		f, _ := b.ExplainForbidden(p)
//		fmt.Println(p, f) // h8 double three: lines g8-i8 and h8-h10
//	}
//
//	moves, _ := gomoku.ParseRecord("h8 h9 i9 swap j10")
//	g, err := gomoku.NewGameFromRecord(gomoku.Renju, moves)
//
// Puzzles: WinIn1 lists the points that win at once, CheckVCF verifies a
// victory by continuous fours and FindVCF searches for one; Shapes lists
// the fives, overlines, fours and threes on a board.
//
// Files: ParseRecords reads a file of games (tags such as [Rule "renju"],
// moves in record notation with swaps and fifth-move offers, {comments},
// results), replays each and reports every bad game by number, line and
// move; WriteRecords writes them back. ParsePSQ and WritePSQ read and write
// the Piskvork / Gomocup PSQ files of one game on a 15x15 board. Renju
// games may follow the Soosorv-N or Taraguchi-N opening rules instead of
// the national one (NewGameWithRule, the [Opening] tag): their extra swaps
// and offers of more fifth moves. A record that ends on Black's forbidden
// move is Black's loss (PlayRecorded), as the rules score it.
package gomoku
