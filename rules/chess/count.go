package chess

// countLegal returns the number of legal moves of the side to move without
// listing them: the same rules as generate, counted with population counts.
// Perft uses it for bulk counting at the last ply.
func (b *board) countLegal() int {
	us, them := b.side, b.side^1
	if b.bb[us][King] == 0 {
		return 0 // the zero Position
	}
	own, enemy := b.bb[us][0], b.bb[them][0]
	occ := own | enemy
	ksq := b.kingSquare(us)
	checkers := b.attackersTo(ksq, occ) & enemy
	n := 0
	occNoKing := occ &^ bit(ksq)
	for t := tables.king[ksq] &^ own; t != 0; t &= t - 1 {
		if !b.attacked(lsb(t), them, occNoKing) {
			n++
		}
	}
	if checkers&(checkers-1) != 0 {
		return n
	}
	mask := ^uint64(0)
	if checkers != 0 {
		mask = tables.between[ksq][lsb(checkers)] | checkers
	}
	pinned := b.pinned(us, ksq, occ)
	targets := ^own & mask
	my := &b.bb[us]
	for pcs := my[Knight] &^ pinned; pcs != 0; pcs &= pcs - 1 {
		n += popCount(tables.knight[lsb(pcs)] & targets)
	}
	for pcs := my[Bishop] | my[Queen]; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		t := bishopAttacks(from, occ) & targets
		if pinned&bit(from) != 0 {
			t &= tables.line[ksq][from]
		}
		n += popCount(t)
	}
	for pcs := my[Rook] | my[Queen]; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		t := rookAttacks(from, occ) & targets
		if pinned&bit(from) != 0 {
			t &= tables.line[ksq][from]
		}
		n += popCount(t)
	}

	pawns := my[Pawn]
	free := pawns &^ pinned
	push1, push2, capL, capR, up, lastRank := pawnTargets(us, free, occ, enemy, mask)
	n += popCount(push1&^lastRank) + 4*popCount(push1&lastRank) + popCount(push2) +
		popCount(capL&^lastRank) + 4*popCount(capL&lastRank) +
		popCount(capR&^lastRank) + 4*popCount(capR&lastRank)
	for pcs := pawns & pinned; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		ray := tables.line[ksq][from] & mask
		var t uint64
		one := Square(int(from) + up)
		if occ&bit(one) == 0 {
			t |= bit(one)
			two := Square(int(one) + up)
			if (us == White && from.Rank() == 1 || us == Black && from.Rank() == 6) && occ&bit(two) == 0 {
				t |= bit(two)
			}
		}
		t |= tables.pawn[us][from] & enemy
		t &= ray
		n += popCount(t&^lastRank) + 4*popCount(t&lastRank)
	}

	if b.ep != NoSquare {
		capSq := b.ep - 8
		if us == Black {
			capSq = b.ep + 8
		}
		for pcs := tables.pawn[them][b.ep] & pawns; pcs != 0; pcs &= pcs - 1 {
			o := occ ^ bit(lsb(pcs)) ^ bit(capSq) | bit(b.ep)
			if b.attackersTo(ksq, o)&enemy&^bit(capSq) == 0 {
				n++
			}
		}
	}
	if checkers == 0 && b.castle != 0 && b.frc {
		b.castles960(occ, func(Square, Square) { n++ })
	} else if checkers == 0 && b.castle != 0 {
		if us == White {
			if b.castle&castleWK != 0 && occ&(bit(F1)|bit(G1)) == 0 &&
				!b.attacked(F1, them, occ) && !b.attacked(G1, them, occ) {
				n++
			}
			if b.castle&castleWQ != 0 && occ&(bit(B1)|bit(C1)|bit(D1)) == 0 &&
				!b.attacked(D1, them, occ) && !b.attacked(C1, them, occ) {
				n++
			}
		} else {
			if b.castle&castleBK != 0 && occ&(bit(F8)|bit(G8)) == 0 &&
				!b.attacked(F8, them, occ) && !b.attacked(G8, them, occ) {
				n++
			}
			if b.castle&castleBQ != 0 && occ&(bit(B8)|bit(C8)|bit(D8)) == 0 &&
				!b.attacked(D8, them, occ) && !b.attacked(C8, them, occ) {
				n++
			}
		}
	}
	return n
}
