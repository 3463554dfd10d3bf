package gomoku

// The competition rule of seed 001: a forbidden move of Black loses only
// if White points it out before playing on (an overline: at any time
// before the end). A game made WithForbiddenClaims puts such stones down
// instead of refusing them and remembers them; Claimable says which White
// may still point out.

// ForbiddenStone is a forbidden Black stone that was put down: its move
// number in the record and why it is forbidden.
type ForbiddenStone struct {
	Move      int
	Forbidden Forbidden
}

// WithForbiddenClaims returns a copy of g in which Play puts a forbidden
// Black stone of renju down instead of refusing it, so that White may
// claim it (Claimable). Other rulesets are unchanged.
func (g *Game) WithForbiddenClaims() *Game {
	ng := *g
	ng.claims = true
	return &ng
}

// Claimable returns the forbidden stones White may point out now, the
// latest first: Black's last stone when it was forbidden and White has not
// moved since, and every overline of the game. It is empty when the game is
// over or White is not to move.
func (g *Game) Claimable() []ForbiddenStone {
	if g.result != Ongoing || g.ToMove() != White || len(g.unclaimed) == 0 {
		return nil
	}
	var out []ForbiddenStone
	last := g.unclaimed[len(g.unclaimed)-1]
	if last.Move == g.plies {
		out = append(out, last)
	}
	for i := len(g.unclaimed) - 1; i >= 0; i-- {
		if f := g.unclaimed[i]; f.Forbidden.Kind == Overline && f.Move != g.plies {
			out = append(out, f)
		}
	}
	return out
}
