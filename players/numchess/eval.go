package numchess

import (
	rules "qixue/rules/numchess"
)

// Win is the value of a won game; a search result within maxPly of ±Win
// is a forced result (a stop that wins).
const Win = 1_000_000

const maxPly = 64

// weights of the evaluation, in hundredths of a step toward the target.
type weights struct {
	step      int32 // one step nearer the piece's target point
	straggler int32 // times the squared distance: the last pieces cost more
	inCamp    int32 // a piece standing anywhere in the opponent's camp
	point     int32 // one point of score (product or difference)
	align     int32 // 对位: on one of the lines through the target point
	hubFirst  int32 // 先到位: the piece for the camp's hub point (6) on it
	zeroLast  int32 // 0 后到位: 0 on its tip while others still need the hub
	tempo     int32 // the side to move
	// urgency: the clock. From move urgentFrom on, each piece outside the
	// opponent's camp costs this much more every move (twice that while it
	// is still at home), so neither side can sit on its camp and shuffle
	// until time runs out.
	urgency int32
}

const urgentFrom = 30

var fullWeights = weights{step: 100, straggler: 6, inCamp: 150, point: 3, align: 30, hubFirst: 60, zeroLast: 120, tempo: 60, urgency: 8}

// evaluator holds, for one ruleset, the value of every (side, piece,
// point): the race term plus what the piece scores there.
type evaluator struct {
	rs      rules.Ruleset
	w       weights
	target  [2][10]rules.Point
	tab     [2][10][rules.NumPoints]int32
	dist    [2][10][rules.NumPoints]int8
	product bool
}

// goalNumber is the camp number piece n aims for: its own number under
// 积和法 (and under 差和法 when the lower score wins), 9−n under 差和法
// (|n − (9−n)| sums to 50, the most).
func goalNumber(rs rules.Ruleset, n int) int {
	if rs.Scoring == rules.DifferenceSum && !rs.DifferenceLowerWins {
		return 9 - n
	}
	return n
}

// hexDist is the number of steps between two points (doubled coordinates:
// a step changes the row by one and x by one, or x by two).
func hexDist(a, b rules.Point) int {
	dr := a.Row() - b.Row()
	if dr < 0 {
		dr = -dr
	}
	dx := a.X() - b.X()
	if dx < 0 {
		dx = -dx
	}
	if dx > dr {
		return dr + (dx-dr)/2
	}
	return dr
}

// onLine reports whether a and b are on one of the board's three line
// families.
func onLine(a, b rules.Point) bool {
	dr := a.Row() - b.Row()
	dx := a.X() - b.X()
	return dr == 0 || dx == dr || dx == -dr
}

func newEvaluator(rs rules.Ruleset, w weights) *evaluator {
	e := &evaluator{rs: rs, w: w, product: rs.Scoring == rules.ProductSum}
	for s := rules.Red; s <= rules.Blue; s++ {
		opp := s.Opponent()
		for n := 0; n < 10; n++ {
			t := rules.CampPoint(opp, goalNumber(rs, n))
			e.target[s][n] = t
			for _, q := range rules.AllPoints() {
				d := hexDist(q, t)
				e.dist[s][n][q.Index()] = int8(d)
				v := -w.step*int32(d) - w.straggler*int32(d*d)
				if owner, c, ok := q.CampOf(); ok && owner == opp {
					v += w.inCamp + w.point*int32(points(rs, n, c))
				}
				if d >= 2 && onLine(q, t) {
					v += w.align
				}
				e.tab[s][n][q.Index()] = v
			}
		}
	}
	return e
}

// points is what piece n scores on camp point c under rs.
func points(rs rules.Ruleset, n, c int) int {
	if rs.Scoring == rules.DifferenceSum {
		if n > c {
			return n - c
		}
		return c - n
	}
	return n * c
}

// side returns the evaluation of s's pieces alone.
func (e *evaluator) side(pos *rules.Position, s rules.Side) int32 {
	var v, away, out, home int32
	for n := 0; n < 10; n++ {
		q := pos.Where(s, n)
		if !q.Valid() {
			continue
		}
		v += e.tab[s][n][q.Index()]
		if e.dist[s][n][q.Index()] > 0 {
			away++
		}
		if owner, _, ok := q.CampOf(); !ok {
			out++
		} else if owner == s {
			out++
			home++
		}
	}
	if late := int32(pos.MoveNumber() - urgentFrom); late > 0 {
		v -= late * e.w.urgency * (out + home)
	}
	if e.product {
		if pos.Where(s, 6) == e.target[s][6] {
			v += e.w.hubFirst
		}
		if pos.Where(s, 0) == e.target[s][0] && away >= 3 {
			v -= e.w.zeroLast
		}
	}
	return v
}

// eval returns the static value of pos for the side to move.
func (e *evaluator) eval(pos *rules.Position) int32 {
	us := pos.Turn()
	return e.side(pos, us) - e.side(pos, us.Opponent()) + e.w.tempo
}

// gain is what moving r's piece changes in the mover's race and score
// terms: the key for move ordering.
func (e *evaluator) gain(s rules.Side, r rules.Reach) int32 {
	return e.tab[s][r.Piece][r.To.Index()] - e.tab[s][r.Piece][r.From.Index()]
}

// stopValue returns the value for the side to move of calling stop in pos
// (which it may), at ply plies from the root: a win, a draw or a loss.
func stopValue(rs rules.Ruleset, pos *rules.Position, ply int) int32 {
	w, ok := pos.Result(rs).Winner()
	switch {
	case !ok:
		return 0
	case w == pos.Turn():
		return Win - int32(ply)
	}
	return -Win + int32(ply)
}
