package gomoku

// LegalPoints returns, in index order, every empty point where the side to
// move may put a stone now: under the national opening protocol only the
// points the designated openings allow for the first three stones, and for
// Black in renju not the forbidden points. A finished game has none. At
// move 5 of a renju game under the protocol a plain stone is the kept
// stone of an unrecorded offer, so the points are listed then too.
func (g *Game) LegalPoints() []Point {
	if g.result != Ongoing {
		return nil
	}
	c := g.ToMove()
	var out []Point
	for i := range NumPoints {
		if g.board.cells[i] != Empty {
			continue
		}
		p := Point{i: uint8(i)}
		if g.national && g.plies < 3 && g.checkOpeningStone(g.plies+1, p) != nil {
			continue
		}
		if g.national && g.checkRuleStone(g.plies+1, Move{Kind: Place, Point: p}) != nil {
			continue // the Taraguchi rule's 7x7 and 9x9 squares
		}
		if !g.board.Allowed(g.rules, c, p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// CanPass reports whether the side to move may pass now: in a game that
// goes on, except for the three stones of the opening under the national
// protocol.
func (g *Game) CanPass() bool {
	return g.result == Ongoing && !(g.national && g.plies < 3)
}

// CanSwap reports whether the players may swap colours now: once, right
// after Black's third stone, under the national protocol; where the
// Soosorv and Taraguchi rules allow it under theirs.
func (g *Game) CanSwap() bool {
	return g.result == Ongoing && g.national && g.checkSwap() == nil
}

// CanOffer reports whether Black may make the fifth-move offer now (under
// the national protocol, for move 5). The offers themselves are not
// listed: any two or more empty points of different shapes may be offered.
func (g *Game) CanOffer() bool {
	if g.result != Ongoing || !g.national || g.plies != 4 {
		return false
	}
	lo, hi := g.offers()
	swapped := g.record[len(g.record)-1].Kind == Swap
	return hi >= 2 && min(lo, hi) >= 1 && !(g.orule.Kind == TaraguchiRule && swapped)
}

// LegalMoves returns every move Play accepts now, except the fifth-move
// offers (see CanOffer): a Place on each of LegalPoints, then Pass and Swap
// when they are allowed. A finished game has none.
func (g *Game) LegalMoves() []Move {
	points := g.LegalPoints()
	out := make([]Move, 0, len(points)+2)
	for _, p := range points {
		out = append(out, Move{Kind: Place, Point: p})
	}
	if g.CanPass() {
		out = append(out, Move{Kind: Pass})
	}
	if g.CanSwap() {
		out = append(out, Move{Kind: Swap})
	}
	return out
}

// Allowed reports whether colour c may put a stone on p under r as far as
// the board tells: p is empty and, for Black in renju, not a forbidden
// point. (The opening protocol and the game's end are Game's.)
func (b *Board) Allowed(r Ruleset, c Colour, p Point) bool {
	return b.cells[p.i] == Empty && !(r.hasForbidden(c) && b.IsForbidden(p))
}
