// Package draughts is a computer player for international draughts on
// the rules engine qixue/rules/draughts (FMJD rules: flying kings,
// majority capture, the Turkish strike): iterative deepening alpha-beta
// with a transposition table, a capture quiescence (a forced capture is
// always played out), move ordering by the TT move, captures, promotions
// and a history table, and an evaluation of material, advancement, the
// centre, the back rank and, in the endgame, kings and trading down when
// ahead.
//
// Draw awareness (FMJD article 6): a position of the game already seen
// (Decide remembers the game's positions) or repeated on the search path
// is a draw, and endings the rules draw (three pieces or fewer against a
// lone king, kings only without a four-to-one majority) are valued near
// zero, so the player ahead avoids them and the player behind heads for
// them.
//
// Levels (Levels, ten, named for children in zh-CN and en): weaker levels
// search fewer plies, do not play out captures past their horizon, and
// overlook some of the opponent's replies (fixed by the seed and the
// position, not drawn anew) and judge positions more coarsely.
//
// Usage:
//
//	p, _ := draughts.New(5, seed)
//	d, err := p.Decide(ctx, pos) // d.Move is one of pos.LegalMoves()
package draughts
