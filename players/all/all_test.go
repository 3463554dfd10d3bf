package all

import (
	"slices"
	"testing"

	"qixue/rules/game"
)

func TestRegistryHasEveryPlayer(t *testing.T) {
	got := Registry().Games()
	for _, g := range []game.Name{game.Chess, game.Draughts, game.Gomoku, game.NumChess} {
		if !slices.Contains(got, g) {
			t.Errorf("no %s player in %v", g, got)
		}
	}
}
