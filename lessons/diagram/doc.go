// Package diagram renders positions of the four games (chess, draughts,
// gomoku, number chess) as small, deterministic SVG images for lessons and
// exercises: coordinates on the edge, highlighted squares or points,
// arrows, the last move, and a view from either side.
//
// Positions are read in each game's own notation by the rules engines;
// highlights, arrows and the last move are names of squares or points of
// that game. The output is a pure function of the game and the Options:
// the same input always gives the same bytes, so it can be cached forever.
//
//	svg, err := diagram.Render(diagram.Chess, diagram.Options{
//		Position:   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
//		LastMove:   "e2e4",
//		Highlights: []string{"d5"},
//		Arrows:     []string{"d7d5"},
//		Lang:       "en",
//	})
//	if err != nil {
//		var de *diagram.Error
//		errors.As(err, &de) // de.Param names the faulty option
//	}
//
// Errors are *Error values with a stable Code, the Param at fault
// ("position", "highlight", "arrows", "last", "game") and a message in
// zh-CN or en.
package diagram
