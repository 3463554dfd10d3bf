package game

import "qixue/rules/gomoku"

// GomokuPosition returns the Position of an engine game, for callers that
// build the game themselves: a live game under the competition rule on
// forbidden moves starts from gomoku.NewGame(gomoku.Renju).
// WithForbiddenClaims(), whose forbidden Black stones are put down for
// White to claim (gomoku.Game.Claimable).
func GomokuPosition(g *gomoku.Game) Position { return gomokuPos{g} }
