package numchess

import (
	"context"
	"errors"
	"fmt"

	rules "qixue/rules/numchess"
)

// How a game played by PlayGame ended.
const (
	EndStop      = "stop"       // a side called stop (叫停)
	EndMoveLimit = "move_limit" // the move limit, standing in for the clock
	EndNoMove    = "no_move"    // the side to move could neither move nor stop
)

// Game is a game played by PlayGame.
type Game struct {
	Moves   []string // machine form, as played
	Outcome rules.Outcome
	End     string // EndStop, EndMoveLimit or EndNoMove
	Final   rules.Position
	Scores  [2]int // Red's and Blue's scores at the end
}

// PlayGame plays red against blue from start under rs until a side calls
// stop or maxPlies moves have been played (the competition's clock: the
// game is then scored as it stands). Every move is checked by the engine;
// an illegal one, or a stop called without all ten pieces in, is an error
// naming the side.
func PlayGame(ctx context.Context, rs rules.Ruleset, start rules.Position, red, blue Chooser, maxPlies int) (Game, error) {
	eng := rules.SharedEngine(rs)
	pos := start
	var g Game
	end := func(how string) (Game, error) {
		g.End, g.Final, g.Outcome = how, pos, pos.Result(rs)
		g.Scores = [2]int{pos.Score(rules.Red, rs.Scoring), pos.Score(rules.Blue, rs.Scoring)}
		return g, nil
	}
	for ply := 0; ply < maxPlies; ply++ {
		c := red
		if pos.Turn() == rules.Blue {
			c = blue
		}
		d, err := c.Decide(ctx, pos)
		if errors.Is(err, ErrNoMove) {
			return end(EndNoMove)
		}
		if err != nil {
			return g, err
		}
		if d.Stop {
			if !pos.CanCallStop(pos.Turn()) {
				return g, fmt.Errorf("%s called stop with %d pieces in the camp", pos.Turn(), pos.InCamp(pos.Turn()))
			}
			return end(EndStop)
		}
		next, err := eng.Play(pos, d.Move)
		if err != nil {
			return g, fmt.Errorf("%s played %s in %s: %w", pos.Turn(), d.Move, pos, err)
		}
		g.Moves = append(g.Moves, d.Move.String())
		pos = next
	}
	return end(EndMoveLimit)
}
