// Package gomoku is a computer player for gomoku and renju (五子棋/连珠)
// on the rules engine qixue/rules/gomoku, under the three rulesets the
// engine has: freestyle (five or more wins), standard (exactly five) and
// renju (Black's forbidden points: double three, double four, overline).
//
// The search keeps, for every empty point and each colour, the shape a
// stone there would make on each of its four lines (from a table over
// the eleven-cell window: five, open four, four, open three, closed
// three, open two, ...), updated as stones come and go. From those:
//
//   - the candidates are the points near stones, ordered by what they
//     make and what they stop; when the opponent threatens to win (an open
//     three, a four-three) only the answering points and one's own fours;
//   - the evaluation sums the points' values for both sides, with the
//     side to move's winning shapes (an open four, a double four, a
//     four-three) and the opponent's open threes counted apart;
//   - alpha-beta with iterative deepening and a transposition table, a
//     five's only block played without counting a ply;
//   - a win by continuous fours (VCF, 连续冲四) is searched first, and the
//     opponent's is looked for and stopped; the lines are the form the
//     engine's CheckVCF accepts.
//
// In renju Black never chooses a forbidden point (the engine's
// IsForbidden decides every point whose shapes could make it one), and a
// four of White's whose only block is forbidden wins for White: the
// search and the VCF know it, so White aims for it.
//
// Ten levels (named for children in zh-CN and en) differ as people do: a
// weaker level looks fewer plies ahead, thinks of fewer moves, looks for
// shorter wins by fours (or none) and not for the opponent's, misjudges
// a little, and now and then overlooks a threat of the opponent's (an
// open three, at the lowest levels even a four): it then plays on with
// its own plan, never a random move. Which threats it overlooks is fixed
// by the seed and the move, so with the same level, seed and node budget
// the player chooses the same move. The package uses only the standard
// library and the rules engine; budgets are a node count and ctx's
// deadline.
package gomoku
