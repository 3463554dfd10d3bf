package chess

// EscapeMethod is one of the three ways to answer a check taught in the
// "help the king" lesson.
type EscapeMethod uint8

// The three answers to a check.
const (
	// EscapeKing (躲将): the king steps out of check to a square that does
	// not hold the checking piece.
	EscapeKing EscapeMethod = iota + 1
	// EscapeBlock (垫将): a piece moves between the king and the checking
	// line piece.
	EscapeBlock
	// EscapeCapture (消将): the checking piece is captured, by any piece
	// including the king (a king capture counts as a capture).
	EscapeCapture
)

// String returns "king", "block" or "capture".
func (m EscapeMethod) String() string {
	switch m {
	case EscapeKing:
		return "king"
	case EscapeBlock:
		return "block"
	case EscapeCapture:
		return "capture"
	}
	return "?"
}

// Chinese returns the lesson's term: 躲将, 垫将 or 消将.
func (m EscapeMethod) Chinese() string {
	switch m {
	case EscapeKing:
		return "躲将"
	case EscapeBlock:
		return "垫将"
	case EscapeCapture:
		return "消将"
	}
	return "?"
}

// Escape is one legal answer to a check.
type Escape struct {
	Move   Move
	SAN    string
	Method EscapeMethod
}

// Checker is a piece giving check.
type Checker struct {
	Square Square
	Piece  Piece
}

// Escapes lists, for a position in check, the checking pieces and every
// legal move with the way it answers the check.
type Escapes struct {
	Checkers []Checker
	Moves    []Escape // in move-generation order; empty when checkmated
}

// DoubleCheck reports whether two pieces give check (then only the king can
// move, possibly capturing one of them).
func (e Escapes) DoubleCheck() bool { return len(e.Checkers) > 1 }

// Escapes classifies every legal move of a side in check as a king move,
// a block or a capture of the checking piece. A king move that captures
// the checker is a capture; an en-passant capture of a checking pawn is a
// capture. It returns NotInCheckError when the side to move is not in check.
func (p Position) Escapes() (Escapes, error) {
	checkers := p.b.checkers()
	if checkers == 0 {
		return Escapes{}, NotInCheckError{}
	}
	var e Escapes
	for c := checkers; c != 0; c &= c - 1 {
		s := lsb(c)
		e.Checkers = append(e.Checkers, Checker{Square: s, Piece: p.b.sq[s]})
	}
	var l moveList
	p.b.generate(&l)
	for _, m := range l.moves[:l.n] {
		captured := m.to
		if m.flag == flagEnPassant {
			captured = Square(int(m.to) - 8)
			if p.b.side == Black {
				captured = m.to + 8
			}
		}
		method := EscapeBlock
		switch {
		case checkers&bit(captured) != 0:
			method = EscapeCapture
		case p.b.sq[m.from].Type() == King:
			method = EscapeKing
		}
		e.Moves = append(e.Moves, Escape{Move: m, SAN: p.san(m, &l), Method: method})
	}
	return e, nil
}
