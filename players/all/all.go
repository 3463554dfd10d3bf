// Package all holds the registry of every game's computer player, for
// the program's wiring (the live games' computer opponent) and its tests.
package all

import (
	"qixue/players"
	chessplayer "qixue/players/chess"
	draughtsplayer "qixue/players/draughts"
	gomokuplayer "qixue/players/gomoku"
	numchessplayer "qixue/players/numchess"
)

// Registry returns a registry of the computer players of the four games:
// chess, draughts, gomoku (freestyle, standard and renju) and number chess.
func Registry() *players.Registry {
	reg, err := players.NewRegistry(chessplayer.NewPlayer(), draughtsplayer.NewGamePlayer(), gomokuplayer.NewPlayer(), numchessplayer.NewGamePlayer())
	if err != nil {
		panic(err) // one player per game: a programming error
	}
	return reg
}
