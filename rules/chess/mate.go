package chess

// MateIn returns every legal first move of the side to move that forces
// checkmate within n of its own moves (n from 1 to 3; mate in 1, 2 or 3),
// whatever the defence, in move-generation order. A puzzle checker can
// accept any of them, as Lichess accepts alternative mates. For n outside
// 1..3 it returns nil.
func (p Position) MateIn(n int) []Move {
	moves, _ := p.MateInWithin(n, 0)
	return moves
}

// MateSearchBudget is a budget for MateInWithin on positions from outside
// (an authored puzzle, an import, an analysis request): a few tenths of a
// second of one core, ample for any school puzzle.
const MateSearchBudget = 2_000_000

// MateInWithin is MateIn with a budget of maxNodes positions searched
// (0: no budget). complete is false when the budget ran out before the
// search could decide, and moves is then nil: a mate in 3 in a crowded
// position can cost hundreds of millions of positions, so a caller that
// searches positions it was sent (an authored exercise, an import) gives
// a budget and refuses the position when the search cannot finish in it.
func (p Position) MateInWithin(n, maxNodes int) (moves []Move, complete bool) {
	if n < 1 || n > 3 {
		return nil, true
	}
	s := mateSearch{left: maxNodes, budgeted: maxNodes > 0}
	var l moveList
	p.b.generate(&l)
	var out []Move
	for _, m := range l.moves[:l.n] {
		c := p.b
		c.make(m)
		lost := s.defenderLost(&c, n-1)
		if s.out {
			return nil, false
		}
		if lost {
			out = append(out, m)
		}
	}
	return out, true
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
	d, _ := p.MateDistanceWithin(max, 0)
	return d
}

// MateDistanceWithin is MateDistance with a budget of maxNodes positions
// for each depth tried (0: none); complete is false when it ran out.
func (p Position) MateDistanceWithin(max, maxNodes int) (n int, complete bool) {
	if max > 3 {
		max = 3
	}
	for n := 1; n <= max; n++ {
		moves, ok := p.MateInWithin(n, maxNodes)
		if !ok {
			return 0, false
		}
		if len(moves) > 0 {
			return n, true
		}
	}
	return 0, true
}

// defenderLost is the unbudgeted search (ForcesMate's).
func defenderLost(b *board, n int) bool {
	var s mateSearch
	return s.defenderLost(b, n)
}

// mateSearch counts the positions a mate search visits against its
// budget; once out, every call answers at once and the result is void.
type mateSearch struct {
	left     int
	budgeted bool
	out      bool
}

// spend counts one position and reports whether the budget is gone.
func (s *mateSearch) spend() bool {
	if !s.budgeted {
		return false
	}
	if s.left--; s.left < 0 {
		s.out = true
	}
	return s.out
}

// attackerMates reports whether the side to move on b can force mate within
// n of its moves (n >= 1).
func (s *mateSearch) attackerMates(b *board, n int) bool {
	if s.spend() {
		return false
	}
	var l moveList
	b.generate(&l)
	if n == 1 {
		// Only checking moves can mate.
		for _, m := range l.moves[:l.n] {
			if s.spend() {
				return false
			}
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
			if s.defenderLost(&c, n-1) {
				return true
			}
		}
	}
	return false
}

// defenderLost reports whether the side to move on b is checkmated now or,
// with n > 0 attacker moves left, after every reply.
func (s *mateSearch) defenderLost(b *board, n int) bool {
	if s.spend() {
		return false
	}
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
		if !s.attackerMates(&c, n) {
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
