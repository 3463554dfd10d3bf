package numchess

// FullMarks is the best product-sum score: every piece on its own number
// (0×0 + 1×1 + ... + 9×9 = 285).
const FullMarks = 285

// Score returns side's score under method: the sum over side's pieces that
// stand on points of the opponent's camp of piece × point number (积和法) or
// |piece − point number| (差和法). Pieces elsewhere score nothing.
func (p Position) Score(side Side, method ScoringMethod) int {
	total := 0
	for n, q := range p.pieces[side&1] {
		owner, c, ok := q.CampOf()
		if !ok || owner == side {
			continue
		}
		if method == DifferenceSum {
			if n > c {
				total += n - c
			} else {
				total += c - n
			}
		} else {
			total += n * c
		}
	}
	return total
}

// InCamp returns how many of side's pieces stand in the opponent's camp.
func (p Position) InCamp(side Side) int {
	count := 0
	for _, q := range p.pieces[side&1] {
		if owner, _, ok := q.CampOf(); ok && owner != side {
			count++
		}
	}
	return count
}

// InPlace reports whether all ten of side's pieces stand on their own
// numbers in the opponent's camp.
func (p Position) InPlace(side Side) bool {
	for n, q := range p.pieces[side&1] {
		owner, c, ok := q.CampOf()
		if !ok || owner == side || c != n {
			return false
		}
	}
	return true
}

// CanCallStop reports whether side may call stop (叫停): all ten of its
// pieces stand in the opponent's camp.
func (p Position) CanCallStop(side Side) bool { return p.InCamp(side) == 10 }

// Outcome is the result of a finished game.
type Outcome uint8

// Outcomes.
const (
	Draw Outcome = iota
	RedWins
	BlueWins
)

// String returns "draw", "red wins" or "blue wins".
func (o Outcome) String() string {
	return [3]string{"draw", "red wins", "blue wins"}[o%3]
}

// Chinese returns 平局, 红方胜 or 蓝方胜.
func (o Outcome) Chinese() string {
	return [3]string{"平局", "红方胜", "蓝方胜"}[o%3]
}

// Winner returns the side that won, or false for a draw.
func (o Outcome) Winner() (Side, bool) {
	switch o {
	case RedWins:
		return Red, true
	case BlueWins:
		return Blue, true
	}
	return 0, false
}

// Points returns the competition points side earns: win 3, draw 1, loss 0.
func (o Outcome) Points(side Side) int {
	w, ok := o.Winner()
	switch {
	case !ok:
		return 1
	case w == side:
		return 3
	}
	return 0
}

// ForfeitPoints is what a player gets when the opponent forfeits or the
// round is a bye: 3, as for a win.
const ForfeitPoints = 3

// Result judges pos as the end of a game (after a stop call or the time
// limit) under rs: the higher score wins (or the lower, under 差和法 with
// DifferenceLowerWins); equal scores draw, except that when both sides have
// full marks (285, product-sum) a side with all ten pieces in place beats
// one without (the 0 scores nothing, so 285 does not need it).
func (p Position) Result(rs Ruleset) Outcome {
	r, b := p.Score(Red, rs.Scoring), p.Score(Blue, rs.Scoring)
	if r == b {
		if rs.Scoring == ProductSum && r == FullMarks {
			ri, bi := p.InPlace(Red), p.InPlace(Blue)
			switch {
			case ri && !bi:
				return RedWins
			case bi && !ri:
				return BlueWins
			}
		}
		return Draw
	}
	higher := r > b
	if rs.Scoring == DifferenceSum && rs.DifferenceLowerWins {
		higher = !higher
	}
	if higher {
		return RedWins
	}
	return BlueWins
}

// SwapCost returns how many product-sum points a side loses when its pieces
// a and b stand on each other's numbers instead of their own: (a−b)².
func SwapCost(a, b int) int { return (a - b) * (a - b) }
