package chess

// MateIn returns every legal first move of the side to move that forces
// checkmate within n of its own moves (n from 1 to 3; mate in 1, 2 or 3),
// whatever the defence, in move-generation order. A puzzle checker can
// accept any of them, as Lichess accepts alternative mates. For n outside
// 1..3 it returns nil.
func (p Position) MateIn(n int) []Move {
	if n < 1 || n > 3 {
		return nil
	}
	var l moveList
	p.b.generate(&l)
	var out []Move
	for _, m := range l.moves[:l.n] {
		c := p.b
		c.make(m)
		if defenderLost(&c, n-1) {
			out = append(out, m)
		}
	}
	return out
}

// ForcesMate reports whether the move m forces checkmate within n moves of
// the side to move (n from 1 to 3), whatever the defence: the check for a
// pupil's answer to a mate-in-n puzzle, which accepts any mating move, not
// only the one in the book. An illegal move or n outside 1..3 gives false.
func (p Position) ForcesMate(m Move, n int) bool {
	if n < 1 || n > 3 {
		return false
	}
	g, ok := p.legal(m)
	if !ok {
		return false
	}
	c := p.b
	c.make(g)
	return defenderLost(&c, n-1)
}

// MateDistance returns the smallest n in 1..max (max at most 3) such that
// the side to move mates in n, or 0 if there is none.
func (p Position) MateDistance(max int) int {
	if max > 3 {
		max = 3
	}
	for n := 1; n <= max; n++ {
		if len(p.MateIn(n)) > 0 {
			return n
		}
	}
	return 0
}

// attackerMates reports whether the side to move on b can force mate within
// n of its moves (n >= 1).
func attackerMates(b *board, n int) bool {
	var l moveList
	b.generate(&l)
	if n == 1 {
		// Only checking moves can mate.
		for _, m := range l.moves[:l.n] {
			c := *b
			c.make(m)
			if c.inCheck() && !hasMove(&c) {
				return true
			}
		}
		return false
	}
	// Try checks first: they usually win fastest in school puzzles.
	for pass := 0; pass < 2; pass++ {
		for _, m := range l.moves[:l.n] {
			c := *b
			c.make(m)
			if c.inCheck() != (pass == 0) {
				continue
			}
			if defenderLost(&c, n-1) {
				return true
			}
		}
	}
	return false
}

// defenderLost reports whether the side to move on b is checkmated now or,
// with n > 0 attacker moves left, after every reply.
func defenderLost(b *board, n int) bool {
	var l moveList
	b.generate(&l)
	if l.n == 0 {
		return b.inCheck()
	}
	if n == 0 {
		return false
	}
	for _, m := range l.moves[:l.n] {
		c := *b
		c.make(m)
		if !attackerMates(&c, n) {
			return false
		}
	}
	return true
}

func hasMove(b *board) bool {
	var l moveList
	b.generate(&l)
	return l.n > 0
}
