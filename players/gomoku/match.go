package gomoku

import (
	"context"

	rules "qixue/rules/gomoku"
)

// Side is one side of a match: a level and its seed, and a node budget
// (0: the level's own).
type Side struct {
	Level int
	Seed  uint64
	Nodes int64
}

// PlayGame plays g to its end (or maxMoves more stones) between black
// and white and returns the final game. Every move goes through the
// engine, so a move the rules refuse is an error. Under renju the
// protocol's choices are the player's own (Protocol).
func PlayGame(ctx context.Context, g *rules.Game, blackSide, whiteSide Side, maxMoves int) (*rules.Game, error) {
	for n := 0; n < maxMoves; n++ {
		if r, _ := g.Result(); r != rules.Ongoing {
			break
		}
		side := blackSide
		if g.ToMove() == rules.White {
			side = whiteSide
		}
		if ctx.Err() != nil {
			return g, ctx.Err()
		}
		m := Decide(ctx, g, side)
		next, err := g.Play(m)
		if err != nil {
			return g, err
		}
		g = next
	}
	return g, nil
}

// Decide returns the move of side in g (a Place, or a Pass when no point
// is left to play). g must be going on.
func Decide(ctx context.Context, g *rules.Game, side Side) rules.Move {
	d := decide(ctx, g, side.Level, side.Seed, side.Nodes)
	if d.move < 0 {
		return rules.Move{Kind: rules.Pass}
	}
	return rules.Move{Kind: rules.Place, Point: rules.PointAt(d.move)}
}

// ChooseOnBoard returns the point colour c plays on board under rs at
// level (1..NumLevels) with seed, within nodes positions (0: the level's
// own budget) or until ctx is done, and false when no point is left (or
// the level is out of range). It is for callers that know the stones but
// not the order they were played in (the Gomocup protocol's BOARD): every
// empty point that rs allows c is a candidate.
func ChooseOnBoard(ctx context.Context, board *rules.Board, rs rules.Ruleset, c rules.Colour, level int, seed uint64, nodes int64) (rules.Point, bool) {
	if level < 1 || level > NumLevels || (c != rules.Black && c != rules.White) {
		return rules.Point{}, false
	}
	var points []rules.Point
	for i := range numPoints {
		if p := rules.PointAt(i); board.Allowed(rs, c, p) {
			points = append(points, p)
		}
	}
	d := decideOn(ctx, rs, board, c, points, level, seed, nodes)
	if d.move < 0 {
		return rules.Point{}, false
	}
	return rules.PointAt(d.move), true
}
