package numchess

import (
	"context"

	rules "qixue/rules/numchess"
)

// openingMoves is how many moves the opening lane lasts.
const openingMoves = 10

// opening is one of the course's openings (开局套路) as the player uses
// it: a line of moves, each a piece and the point it goes to (written for
// Red; Blue plays them turned through 180°), followed while every move is
// still legal, and a lane the evaluation leans to for the first moves.
type opening struct {
	name string // zh-CN
	line []bookMove
	lane int // -1: the left side (as the mover faces the opponent), +1 right
}

type bookMove struct {
	piece int
	to    string
}

var openings = []opening{
	// 中锋进攻, the 1489 opening: 1 右斜进移, 4 左斜进移, then 8 and 9 chain
	// spans (8b2-f5[6-2]-d5[4], 9a2-h5[6/3]-c5[8/4]).
	{name: "中锋进攻（1489 开局）", line: []bookMove{{1, "i5"}, {4, "e5"}, {8, "d5"}, {9, "c5"}}},
	// 左侧直线进攻: along the left edge 0, 9, 5, 4: 0a1-e5[9-5-4].
	{name: "左侧直线进攻", line: []bookMove{{0, "e5"}}, lane: -1},
	// 右侧直线进攻: along the right edge 0, 8, 7, 1: 0a1-i5[8-7-1].
	{name: "右侧直线进攻", line: []bookMove{{0, "i5"}}, lane: 1},
	// 抢占左锋 and 抢占右峰: take the corner points of the opponent's camp
	// on one side first.
	{name: "抢占左锋", line: []bookMove{{4, "e5"}}, lane: -1},
	{name: "抢占右峰", line: []bookMove{{1, "i5"}}, lane: 1},
}

// turn rotates a point through 180° (Red's view to Blue's).
func turn(q rules.Point) rules.Point {
	r := 18 - q.Row()
	n := 0
	for _, c := range rules.AllPoints() {
		if c.Row() == r {
			n++
		}
	}
	t, _ := rules.PointAt(r, n-1-q.Col())
	return t
}

// bookMove plays the opening line's next move when the game is still in
// it: the side has made exactly the line's earlier moves (each piece
// stands where the line put it) and the next move is legal.
func (p *Player) bookMove(ctx context.Context, pos rules.Position) (Decision, bool, error) {
	line := p.opening.line
	k := pos.MoveNumber() - 1 // own moves made so far
	if len(line) == 0 || k >= len(line) {
		return Decision{}, false, nil
	}
	side := pos.Turn()
	view := func(name string) rules.Point {
		q, err := rules.ParsePoint(name)
		if err != nil {
			return rules.NoPoint
		}
		if side == rules.Blue {
			return turn(q)
		}
		return q
	}
	moved := map[int]bool{}
	for _, b := range line[:k] {
		if pos.Where(side, b.piece) != view(b.to) {
			return Decision{}, false, nil
		}
		moved[b.piece] = true
	}
	for n := 0; n < 10; n++ {
		if !moved[n] && pos.Where(side, n) != rules.CampPoint(side, n) {
			return Decision{}, false, nil
		}
	}
	next := line[k]
	r := rules.Reach{Piece: next.piece, From: pos.Where(side, next.piece), To: view(next.to)}
	m, ok, err := p.eng.Witness(ctx, pos, r)
	if err != nil || !ok {
		return Decision{}, false, err
	}
	return Decision{Move: m, Opening: p.opening.name}, true, nil
}

// laneBonus leans the root side's pieces that have left home toward the
// opening's lane during the first moves: x as the mover sees it.
func (p *Player) laneBonus(pos *rules.Position, side rules.Side) int32 {
	var b int32
	for n := 0; n < 10; n++ {
		q := pos.Where(side, n)
		if !q.Valid() {
			continue
		}
		if _, _, inCamp := q.CampOf(); inCamp {
			continue
		}
		x := q.X()
		if side == rules.Blue {
			x = -x
		}
		b += int32(x * p.lane * 8)
	}
	return b
}
