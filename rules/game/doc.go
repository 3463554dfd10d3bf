// Package game is one interface over the four rules engines (rules/chess
// incl. Chess960, rules/draughts, rules/gomoku with renju, standard and
// freestyle, rules/numchess with the rulesets G46, G23 and K1), so that
// everything above the engines — the rules API and CLI, exercises,
// tournaments, game records, live play and the computer players — talks
// to any game the same way. It uses only the standard library and the
// engines; it knows no HTTP, database or clock.
//
// A Registry holds one adapter (Rules) per game; it is the only place that
// knows all four, so no code above it switches on the game:
//
//	reg := game.NewRegistry()            // one per process: it owns the engines' caches
//	rules, err := reg.Lookup("chess")    // *game.Error unknown_game
//	pos, err := rules.Parse("", fen)     // the game's notation; "" is the start
//	moves, err := pos.Moves(ctx)         // every legal move (number chess honours ctx)
//	m, err := pos.ParseMove("Nf3")       // lenient in: SAN, UCI, 马f3, ...
//	next, err := pos.Play(m)             // immutable: pos is unchanged
//	fmt.Println(pos.Notation(m), pos.Describe(m, "zh-CN"), next.Turn(), next.Key())
//
// A Position is immutable and cheap to play, with a comparable Key for
// repetitions and transposition tables: what a search needs. Its Outcome
// is what the position alone tells (mate, five in a row, no moves).
//
// A Game adds the history: repetitions and the fifty/seventy-five-move
// rules (chess), FMJD's draws (draughts), claims (a chess draw claimed in
// the position or with an intended move; a number-chess call to stop,
// scored with the referee's penalty points, Penalize), and the ends
// outside the rules of play (End: resignation, agreement, a flag, a
// forfeit, an abort). Game.Play reads a move leniently and returns it in
// canonical notation.
//
// Moves are the engines' own move values (chess.Move, draughts.Move,
// gomoku.Move, numchess.Move) behind the Move interface; String is the
// machine notation. Number-chess moves hold slices, so compare moves by
// String, not ==. Gomoku's protocol moves (pass, swap, the fifth-move
// offer) are played like any move but listed by Specials, not Moves.
//
// Sides are by the order of play (First: White in chess and draughts,
// Black in gomoku, Red in number chess); Rules.SideName gives each game's
// words. Outcome carries a Result and the Rule that ended the game (the
// engines' snake_case codes), which Rules.Message explains in zh-CN or en.
// Refusals are the engines' errors, which carry Code() and Message(lang),
// or this package's *Error.
package game
