package chess

// board is the engine's internal position: bitboards by colour and piece
// type (index 0 holds all pieces of the colour), a mailbox, and the state
// that FEN records. It is copied by value to make a move (copy-make).
type board struct {
	bb       [2][7]uint64
	sq       [64]Piece
	side     Color
	castle   uint8 // castleWK | castleWQ | castleBK | castleBQ
	ep       Square
	halfmove int
	fullmove int
	hash     uint64    // Zobrist key without the en-passant part
	frc      bool      // Chess960 castling rules (see chess960.go)
	rooks    [4]Square // Chess960: the rook of each castling right
}

const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// castleKeep[s] is the set of castling rights that survive a move from or to s.
var castleKeep = func() [64]uint8 {
	var k [64]uint8
	for i := range k {
		k[i] = 15
	}
	k[E1] &^= castleWK | castleWQ
	k[H1] &^= castleWK
	k[A1] &^= castleWQ
	k[E8] &^= castleBK | castleBQ
	k[H8] &^= castleBK
	k[A8] &^= castleBQ
	return k
}()

// Zobrist keys.
var zobrist = func() (z struct {
	piece  [16][64]uint64
	side   uint64
	castle [16]uint64
	ep     [8]uint64
}) {
	rng := xorshift(0x2545F4914F6CDD1D)
	for p := range z.piece {
		for s := range z.piece[p] {
			z.piece[p][s] = rng.next()
		}
	}
	z.side = rng.next()
	for i := range z.castle {
		z.castle[i] = rng.next()
	}
	for i := range z.ep {
		z.ep[i] = rng.next()
	}
	return z
}()

func (b *board) occupied() uint64 { return b.bb[White][0] | b.bb[Black][0] }

func (b *board) put(p Piece, s Square) {
	c, t := p.Color(), p.Type()
	b.bb[c][0] |= bit(s)
	b.bb[c][t] |= bit(s)
	b.sq[s] = p
	b.hash ^= zobrist.piece[p][s]
}

func (b *board) remove(s Square) {
	p := b.sq[s]
	c, t := p.Color(), p.Type()
	b.bb[c][0] &^= bit(s)
	b.bb[c][t] &^= bit(s)
	b.sq[s] = NoPiece
	b.hash ^= zobrist.piece[p][s]
}

func (b *board) kingSquare(c Color) Square { return lsb(b.bb[c][King]) }

// attackersTo returns the pieces of both colours that attack s given occ.
func (b *board) attackersTo(s Square, occ uint64) uint64 {
	w, k := &b.bb[White], &b.bb[Black]
	return tables.pawn[Black][s]&w[Pawn] | tables.pawn[White][s]&k[Pawn] |
		tables.knight[s]&(w[Knight]|k[Knight]) |
		tables.king[s]&(w[King]|k[King]) |
		bishopAttacks(s, occ)&(w[Bishop]|k[Bishop]|w[Queen]|k[Queen]) |
		rookAttacks(s, occ)&(w[Rook]|k[Rook]|w[Queen]|k[Queen])
}

// attacked reports whether colour by attacks s given occ.
func (b *board) attacked(s Square, by Color, occ uint64) bool {
	e := &b.bb[by]
	return tables.knight[s]&e[Knight] != 0 ||
		tables.pawn[by^1][s]&e[Pawn] != 0 ||
		tables.king[s]&e[King] != 0 ||
		bishopAttacks(s, occ)&(e[Bishop]|e[Queen]) != 0 ||
		rookAttacks(s, occ)&(e[Rook]|e[Queen]) != 0
}

// checkers returns the enemy pieces giving check to the side to move.
func (b *board) checkers() uint64 {
	if b.bb[b.side][King] == 0 {
		return 0 // the zero Position
	}
	return b.attackersTo(b.kingSquare(b.side), b.occupied()) & b.bb[b.side^1][0]
}

func (b *board) inCheck() bool {
	if b.bb[b.side][King] == 0 {
		return false // the zero Position
	}
	return b.attacked(b.kingSquare(b.side), b.side^1, b.occupied())
}

// make plays a legal (generated) move on b.
func (b *board) make(m Move) {
	if b.frc && m.flag == flagCastle {
		b.make960Castle(m)
		return
	}
	us := b.side
	from, to := m.from, m.to
	p := b.sq[from]
	b.halfmove++
	if b.sq[to] != NoPiece {
		b.remove(to)
		b.halfmove = 0
	}
	b.remove(from)
	b.put(p, to)
	if b.castle != 0 {
		b.hash ^= zobrist.castle[b.castle]
		if b.frc {
			b.castle &= b.keep960(p, from, to)
			b.frc = b.castle != 0
		} else {
			b.castle &= castleKeep[from] & castleKeep[to]
		}
		b.hash ^= zobrist.castle[b.castle]
	}
	b.ep = NoSquare
	switch m.flag {
	case flagDouble:
		b.ep = (from + to) / 2
	case flagEnPassant:
		if us == White {
			b.remove(to - 8)
		} else {
			b.remove(to + 8)
		}
	case flagCastle:
		rf, rt := to+1, to-1 // king side: rook h -> f
		if to < from {
			rf, rt = to-2, to+1 // queen side: rook a -> d
		}
		r := b.sq[rf]
		b.remove(rf)
		b.put(r, rt)
	}
	if p.Type() == Pawn {
		b.halfmove = 0
		if m.promo != NoPieceType {
			b.remove(to)
			b.put(NewPiece(us, m.promo), to)
		}
	}
	if us == Black {
		b.fullmove++
	}
	b.side ^= 1
	b.hash ^= zobrist.side
}

// moveList is a fixed-size move buffer that lives on the stack.
type moveList struct {
	n     int
	moves [256]Move
}

func (l *moveList) add(from, to Square, flag moveFlag) {
	l.moves[l.n] = Move{from: from, to: to, flag: flag}
	l.n++
}

func (l *moveList) addPromotions(from, to Square) {
	l.moves[l.n] = Move{from: from, to: to, promo: Queen}
	l.moves[l.n+1] = Move{from: from, to: to, promo: Rook}
	l.moves[l.n+2] = Move{from: from, to: to, promo: Bishop}
	l.moves[l.n+3] = Move{from: from, to: to, promo: Knight}
	l.n += 4
}

func (l *moveList) addTargets(from Square, targets uint64) {
	for targets != 0 {
		l.moves[l.n] = Move{from: from, to: lsb(targets)}
		l.n++
		targets &= targets - 1
	}
}

// pinned returns the pieces of colour us that are pinned to their king at ksq.
func (b *board) pinned(us Color, ksq Square, occ uint64) uint64 {
	e := &b.bb[us^1]
	snipers := tables.rookEmpty[ksq]&(e[Rook]|e[Queen]) | tables.bishopEmpty[ksq]&(e[Bishop]|e[Queen])
	var pinned uint64
	for snipers != 0 {
		s := lsb(snipers)
		snipers &= snipers - 1
		between := tables.between[ksq][s] & occ
		if between != 0 && between&(between-1) == 0 {
			pinned |= between & b.bb[us][0]
		}
	}
	return pinned
}

// generate appends every legal move of the side to move to l.
func (b *board) generate(l *moveList) {
	us, them := b.side, b.side^1
	if b.bb[us][King] == 0 {
		return // the zero Position has no moves
	}
	own, enemy := b.bb[us][0], b.bb[them][0]
	occ := own | enemy
	ksq := b.kingSquare(us)
	checkers := b.attackersTo(ksq, occ) & enemy

	// King moves: the king must not stay on an attacked line, so it is
	// removed from the occupancy when testing its destinations.
	occNoKing := occ &^ bit(ksq)
	for t := tables.king[ksq] &^ own; t != 0; t &= t - 1 {
		to := lsb(t)
		if !b.attacked(to, them, occNoKing) {
			l.moves[l.n] = Move{from: ksq, to: to}
			l.n++
		}
	}
	if checkers&(checkers-1) != 0 {
		return // double check: only the king may move
	}
	mask := ^uint64(0)
	if checkers != 0 {
		c := lsb(checkers)
		mask = tables.between[ksq][c] | checkers
	}
	pinned := b.pinned(us, ksq, occ)
	targets := ^own & mask
	my := &b.bb[us]

	for pcs := my[Knight] &^ pinned; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		l.addTargets(from, tables.knight[from]&targets)
	}
	for pcs := my[Bishop] | my[Queen]; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		t := bishopAttacks(from, occ) & targets
		if pinned&bit(from) != 0 {
			t &= tables.line[ksq][from]
		}
		l.addTargets(from, t)
	}
	for pcs := my[Rook] | my[Queen]; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		t := rookAttacks(from, occ) & targets
		if pinned&bit(from) != 0 {
			t &= tables.line[ksq][from]
		}
		l.addTargets(from, t)
	}
	b.pawnMoves(l, us, occ, enemy, mask, pinned, ksq)

	if b.ep != NoSquare {
		capSq := b.ep - 8
		if us == Black {
			capSq = b.ep + 8
		}
		for pcs := tables.pawn[them][b.ep] & my[Pawn]; pcs != 0; pcs &= pcs - 1 {
			from := lsb(pcs)
			o := occ ^ bit(from) ^ bit(capSq) | bit(b.ep)
			att := b.attackersTo(ksq, o) & enemy &^ bit(capSq)
			if att == 0 {
				l.add(from, b.ep, flagEnPassant)
			}
		}
	}

	if checkers == 0 && b.castle != 0 && b.frc {
		b.castles960(occ, func(k, r Square) { l.add(k, r, flagCastle) })
	} else if checkers == 0 && b.castle != 0 {
		if us == White {
			if b.castle&castleWK != 0 && occ&(bit(F1)|bit(G1)) == 0 &&
				!b.attacked(F1, them, occ) && !b.attacked(G1, them, occ) {
				l.add(E1, G1, flagCastle)
			}
			if b.castle&castleWQ != 0 && occ&(bit(B1)|bit(C1)|bit(D1)) == 0 &&
				!b.attacked(D1, them, occ) && !b.attacked(C1, them, occ) {
				l.add(E1, C1, flagCastle)
			}
		} else {
			if b.castle&castleBK != 0 && occ&(bit(F8)|bit(G8)) == 0 &&
				!b.attacked(F8, them, occ) && !b.attacked(G8, them, occ) {
				l.add(E8, G8, flagCastle)
			}
			if b.castle&castleBQ != 0 && occ&(bit(B8)|bit(C8)|bit(D8)) == 0 &&
				!b.attacked(D8, them, occ) && !b.attacked(C8, them, occ) {
				l.add(E8, C8, flagCastle)
			}
		}
	}
}

// pawnTargets returns, for the pawns free of side us, the squares of
// single pushes, double pushes and captures towards the a- and h-file
// that land in mask, the step of a push (+8 or -8) and the promotion rank.
func pawnTargets(us Color, free, occ, enemy, mask uint64) (push1, push2, capL, capR uint64, up int, lastRank uint64) {
	if us == White {
		up, lastRank = 8, rank8
		push1 = (free << 8) &^ occ
		push2 = ((push1 & rank3) << 8) &^ occ & mask
		capL = (free &^ fileA) << 7 & enemy & mask
		capR = (free &^ fileH) << 9 & enemy & mask
	} else {
		up, lastRank = -8, rank1
		push1 = (free >> 8) &^ occ
		push2 = ((push1 & rank6) >> 8) &^ occ & mask
		capL = (free &^ fileA) >> 9 & enemy & mask
		capR = (free &^ fileH) >> 7 & enemy & mask
	}
	return push1 & mask, push2, capL, capR, up, lastRank
}

// pawnMoves adds pawn pushes and captures (not en passant). Unpinned pawns
// are handled as sets; pinned pawns one by one along their pin line.
func (b *board) pawnMoves(l *moveList, us Color, occ, enemy, mask, pinned uint64, ksq Square) {
	pawns := b.bb[us][Pawn]
	free := pawns &^ pinned
	push1, push2, capL, capR, up, lastRank := pawnTargets(us, free, occ, enemy, mask)
	for t := push1; t != 0; t &= t - 1 {
		to := lsb(t)
		from := Square(int(to) - up)
		if bit(to)&lastRank != 0 {
			l.addPromotions(from, to)
		} else {
			l.moves[l.n] = Move{from: from, to: to}
			l.n++
		}
	}
	for t := push2; t != 0; t &= t - 1 {
		to := lsb(t)
		l.add(Square(int(to)-2*up), to, flagDouble)
	}
	for t := capL; t != 0; t &= t - 1 {
		to := lsb(t)
		from := Square(int(to) - up + 1)
		if bit(to)&lastRank != 0 {
			l.addPromotions(from, to)
		} else {
			l.moves[l.n] = Move{from: from, to: to}
			l.n++
		}
	}
	for t := capR; t != 0; t &= t - 1 {
		to := lsb(t)
		from := Square(int(to) - up - 1)
		if bit(to)&lastRank != 0 {
			l.addPromotions(from, to)
		} else {
			l.moves[l.n] = Move{from: from, to: to}
			l.n++
		}
	}
	for pcs := pawns & pinned; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		ray := tables.line[ksq][from] & mask
		var t uint64
		one := Square(int(from) + up)
		if occ&bit(one) == 0 {
			t |= bit(one)
			two := Square(int(one) + up)
			if (us == White && from.Rank() == 1 || us == Black && from.Rank() == 6) && occ&bit(two) == 0 {
				if ray&bit(two) != 0 {
					l.add(from, two, flagDouble)
				}
			}
		}
		t |= tables.pawn[us][from] & enemy
		t &= ray
		for ; t != 0; t &= t - 1 {
			to := lsb(t)
			if bit(to)&lastRank != 0 {
				l.addPromotions(from, to)
			} else {
				l.moves[l.n] = Move{from: from, to: to}
				l.n++
			}
		}
	}
}

// perft counts the leaf nodes of the legal move tree to the given depth
// from stack[ply], counting the last ply in bulk. Each ply copies its board
// into the next slot of stack (copy-make without allocation).
func perft(stack []board, ply, depth int) uint64 {
	b := &stack[ply]
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(b.countLegal())
	}
	var l moveList
	b.generate(&l)
	var n uint64
	child := &stack[ply+1]
	for i := 0; i < l.n; i++ {
		*child = *b
		child.make(l.moves[i])
		n += perft(stack, ply+1, depth-1)
	}
	return n
}

// perftFrom runs perft from b with a fresh stack of boards.
func perftFrom(b board, depth int) uint64 {
	if depth < 0 {
		depth = 0
	}
	stack := make([]board, depth+1)
	stack[0] = b
	return perft(stack, 0, depth)
}
