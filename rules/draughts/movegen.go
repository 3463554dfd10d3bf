package draughts

import (
	"math/bits"
	"strconv"
)

// Move is one legal move: a piece going from one square to another, and for
// a capture the set of pieces it takes. Sequences that take the same pieces
// and end on the same square are the same Move, whatever their order of
// jumps. Get moves from Position.LegalMoves or Position.ParseMove.
type Move struct {
	from, to uint8  // bit indices
	captured uint64 // bitboard of the captured pieces
}

// From returns the square the piece starts on.
func (m Move) From() Square { return squareOf(int(m.from)) }

// To returns the square the piece ends on. For a capture that goes round in
// a circle it can equal From.
func (m Move) To() Square { return squareOf(int(m.to)) }

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.captured != 0 }

// CaptureCount returns how many pieces the move takes (a king counts as one).
func (m Move) CaptureCount() int { return bits.OnesCount64(m.captured) }

// Captured returns the squares of the pieces the move takes, ascending.
func (m Move) Captured() []Square { return squaresOf(m.captured) }

// String returns the move with only its start and end squares, "32-28" or
// "28x19". It may be ambiguous; Position.Notation gives the shortest
// unambiguous form.
func (m Move) String() string {
	sep := "-"
	if m.captured != 0 {
		sep = "x"
	}
	return strconv.Itoa(int(m.From())) + sep + strconv.Itoa(int(m.To()))
}

// empty returns the empty playable squares.
func (p *Position) empty() uint64 {
	return boardBit &^ (p.side[White] | p.side[Black])
}

// shift moves every bit of bb by d (positive: towards higher indices).
func shift(bb uint64, d int) uint64 {
	if d > 0 {
		return bb << uint(d)
	}
	return bb >> uint(-d)
}

// manDirs are the forward directions of the men of each color (indices into
// dirs).
var manDirs = [2][2]int{{-6, -5}, {5, 6}}

// crown returns the crowning row of c.
func crown(c Color) uint64 {
	if c == White {
		return whiteCrown
	}
	return blackCrown
}

// capGen searches capture sequences depth-first for one side. Captured
// pieces stay on the board (they still block) until the move ends, and the
// moving piece's start square counts as empty.
type capGen struct {
	enemy uint64
	empty uint64
	from  uint8
	best  int
	start int
	out   []Move
}

func (g *capGen) add(to int, captured uint64, n int) {
	if n < g.best {
		return
	}
	if n > g.best {
		g.best = n
		g.out = g.out[:g.start]
	}
	m := Move{from: g.from, to: uint8(to), captured: captured}
	for _, o := range g.out[g.start:] {
		if o == m {
			return
		}
	}
	g.out = append(g.out, m)
}

func (g *capGen) man(sq int, captured uint64, n int) {
	extended := false
	for _, d := range dirs {
		v := sq + d
		if bit(v)&g.enemy&^captured != 0 && bit(v+d)&g.empty != 0 {
			extended = true
			g.man(v+d, captured|bit(v), n+1)
		}
	}
	if !extended && n > 0 {
		g.add(sq, captured, n)
	}
}

func (g *capGen) king(sq int, captured uint64, n int, skip int) {
	extended := false
	for i, d := range dirs {
		if i == skip {
			continue // straight back over the piece just taken: never possible
		}
		v := sq + d
		for bit(v)&g.empty != 0 {
			v += d
		}
		if bit(v)&g.enemy&^captured == 0 {
			continue
		}
		l := v + d
		if bit(l)&g.empty == 0 {
			continue
		}
		c := captured | bit(v)
		for bit(l)&g.empty != 0 {
			extended = true
			g.king(l, c, n+1, 3-i)
			l += d
		}
	}
	if !extended && n > 0 {
		g.add(sq, captured, n)
	}
}

// manCapturers returns the men of the side to move that have a capture.
func (p *Position) manCapturers() uint64 {
	us := p.turn
	men := p.side[us] &^ p.kings
	enemy := p.side[us^1]
	empty := p.empty()
	var can uint64
	for _, d := range dirs {
		can |= shift(shift(empty, -d)&enemy, -d) & men
	}
	return can
}

// genCaptures appends the maximum captures of the side to move to out and
// returns it; it appends nothing when there is no capture.
func (p *Position) genCaptures(out []Move) []Move {
	us := p.turn
	occ := p.side[White] | p.side[Black]
	g := capGen{enemy: p.side[us^1], start: len(out), out: out}
	men := p.manCapturers()
	for men != 0 {
		b := bits.TrailingZeros64(men)
		men &= men - 1
		g.from = uint8(b)
		g.empty = boardBit&^occ | bit(b)
		g.man(b, 0, 0)
	}
	kings := p.side[us] & p.kings
	for kings != 0 {
		b := bits.TrailingZeros64(kings)
		kings &= kings - 1
		g.from = uint8(b)
		g.empty = boardBit&^occ | bit(b)
		g.king(b, 0, 0, -1)
	}
	return g.out
}

// genQuiet appends the non-capturing moves of the side to move.
func (p *Position) genQuiet(out []Move) []Move {
	us := p.turn
	empty := p.empty()
	men := p.side[us] &^ p.kings
	for _, d := range manDirs[us] {
		to := shift(men, d) & empty
		for to != 0 {
			b := bits.TrailingZeros64(to)
			to &= to - 1
			out = append(out, Move{from: uint8(b - d), to: uint8(b)})
		}
	}
	kings := p.side[us] & p.kings
	for kings != 0 {
		b := bits.TrailingZeros64(kings)
		kings &= kings - 1
		for _, d := range dirs {
			for t := b + d; bit(t)&empty != 0; t += d {
				out = append(out, Move{from: uint8(b), to: uint8(t)})
			}
		}
	}
	return out
}

// countQuiet returns the number of non-capturing moves of the side to move.
// In one direction the rays of two kings never overlap (the nearer king
// blocks the farther one), so a flood fill per direction counts exactly.
func (p *Position) countQuiet() int {
	us := p.turn
	empty := p.empty()
	men := p.side[us] &^ p.kings
	n := 0
	for _, d := range manDirs[us] {
		n += bits.OnesCount64(shift(men, d) & empty)
	}
	kings := p.side[us] & p.kings
	if kings == 0 {
		return n
	}
	for _, d := range dirs {
		fill := kings
		for {
			next := fill | shift(fill, d)&empty
			if next == fill {
				break
			}
			fill = next
		}
		n += bits.OnesCount64(fill &^ kings)
	}
	return n
}

// genMoves appends the legal moves of the side to move.
func (p *Position) genMoves(out []Move) []Move {
	n := len(out)
	out = p.genCaptures(out)
	if len(out) > n {
		return out
	}
	return p.genQuiet(out)
}

// apply returns the position after m, which must be legal. A man is crowned
// only when the move ends on its crowning row.
func (p *Position) apply(m Move) Position {
	us := p.turn
	q := *p
	fb, tb := bit(int(m.from)), bit(int(m.to))
	q.side[us] = q.side[us]&^fb | tb
	if q.kings&fb != 0 {
		q.kings = q.kings&^fb | tb
	} else if tb&crown(us) != 0 {
		q.kings |= tb
	}
	q.side[us^1] &^= m.captured
	q.kings &^= m.captured
	q.turn = us ^ 1
	return q
}

// LegalMoves returns every legal move of the side to move: when a capture is
// possible, only the captures taking the most pieces; otherwise every
// ordinary move. Captures with the same taken pieces and end square appear
// once. The result is empty when the side to move has lost.
func (p Position) LegalMoves() []Move {
	return p.genMoves(make([]Move, 0, 32))
}

// HasLegalMoves reports whether the side to move can move at all.
func (p Position) HasLegalMoves() bool {
	if p.manCapturers() != 0 {
		return true
	}
	if p.countQuiet() > 0 {
		return true
	}
	var buf [8]Move
	return len(p.genCaptures(buf[:0])) > 0
}

// IsLegal reports whether m is a legal move in p.
func (p Position) IsLegal(m Move) bool {
	var buf [64]Move
	for _, l := range p.genMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// Play returns the position after m. It returns an *IllegalMoveError when m
// is not one of p's legal moves (for example a Move from another position).
func (p Position) Play(m Move) (Position, error) {
	if !p.IsLegal(m) {
		return p, illegal(m.String(), CodeIllegalMove,
			m.String()+" is not a legal move in this position",
			m.String()+" 在这个局面下不是合法的着法")
	}
	return p.apply(m), nil
}
