package chess

import (
	"fmt"
	"strings"
)

// Chess960 (Fischer random chess). A Chess960 position keeps, for each
// castling right, the square of its rook (board.rooks); castling is
// encoded as the king's move onto its own rook, as UCI_Chess960 writes it
// ("e1h1"), and SAN is O-O / O-O-O as in standard chess. After castling
// the king stands on the g- or c-file and the rook on the f- or d-file
// whatever their starting squares; every square between the king and its
// destination and between the rook and its destination must be empty
// (but for the king and the rook themselves), and the king may not be in
// check nor pass through or land on an attacked square.

// castleIndex of the rights castleWK, castleWQ, castleBK, castleBQ.
const (
	rookWK = iota
	rookWQ
	rookBK
	rookBQ
)

// ParseFEN960 reads a Chess960 position. The castling field may be in
// X-FEN (KQkq for the outermost rook on each side of the king, a file
// letter for another one) or Shredder-FEN (the rooks' files, HAha);
// ParseFEN also reads Shredder-FEN castling as Chess960. It returns a
// *FENError as ParseFEN does.
func ParseFEN960(s string) (Position, error) {
	p, _, err := parseFEN(s, true, false)
	return p, err
}

// Chess960 reports whether p is a Chess960 position with a castling right
// left (its castling follows the Chess960 rules; without rights the two
// games have the same rules).
func (p Position) Chess960() bool { return p.b.frc }

// isShredder reports whether a castling field names rook files.
func isShredder(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'h' && s[i] != 'k' && s[i] != 'q' {
			return true
		}
	}
	return false
}

// parseCastling960 reads an X-FEN or Shredder-FEN castling field.
func parseCastling960(b *board, s string) (err error) {
	// Without castling rights the rules are those of standard chess; the
	// flag is kept only while a right is left, so that equal positions
	// compare equal.
	defer func() { b.frc = err == nil && b.castle != 0 }()
	if s == "-" {
		return nil
	}
	bad := func() error {
		return fenErr("castling", "fen_bad_castling",
			fmt.Sprintf("Chess960 castling rights must be - or letters from KQkq or the rooks' files (A-H, a-h), not %q", s),
			fmt.Sprintf("960 随机象棋的易位权必须是 - 、KQkq 中的字母或车所在的直线（A-H、a-h），而不是 %q", s))
	}
	for i := 0; i < len(s); i++ {
		c := White
		ch := s[i]
		if ch >= 'a' && ch <= 'z' {
			c, ch = Black, ch-'a'+'A'
		}
		rank := 0
		if c == Black {
			rank = 7
		}
		king := b.bb[c][King]
		if king == 0 || lsb(king).Rank() != rank {
			return fenErr("castling", "fen_impossible_castling",
				fmt.Sprintf("castling right %c needs the %s king on its first rank", s[i], c),
				fmt.Sprintf("易位权 %c 要求%s的王在底线上", s[i], c.zh()))
		}
		k := lsb(king)
		rook := NoSquare
		switch {
		case ch == 'K':
			for f := 7; f > k.File(); f-- {
				if b.sq[NewSquare(f, rank)] == NewPiece(c, Rook) {
					rook = NewSquare(f, rank)
					break
				}
			}
		case ch == 'Q':
			for f := 0; f < k.File(); f++ {
				if b.sq[NewSquare(f, rank)] == NewPiece(c, Rook) {
					rook = NewSquare(f, rank)
					break
				}
			}
		case ch >= 'A' && ch <= 'H':
			if sq := NewSquare(int(ch-'A'), rank); b.sq[sq] == NewPiece(c, Rook) && sq != k {
				rook = sq
			}
		default:
			return bad()
		}
		if rook == NoSquare {
			return fenErr("castling", "fen_impossible_castling",
				fmt.Sprintf("castling right %c names no %s rook on the first rank", s[i], c),
				fmt.Sprintf("易位权 %c 所指的底线上没有%s的车", s[i], c.zh()))
		}
		idx := rookWK
		if rook < k {
			idx = rookWQ
		}
		if c == Black {
			idx += 2
		}
		if b.castle&(1<<idx) != 0 {
			return bad()
		}
		b.castle |= 1 << idx
		b.rooks[idx] = rook
	}
	return nil
}

// castling960 writes the castling field of a Chess960 position in
// Shredder-FEN: the files of the castling rooks, White's in capitals.
func (b *board) castling960(sb *strings.Builder) {
	if b.castle == 0 {
		sb.WriteByte('-')
		return
	}
	for i := range 4 {
		if b.castle&(1<<i) != 0 {
			letter := byte('A' + b.rooks[i].File())
			if i >= rookBK {
				letter += 'a' - 'A'
			}
			sb.WriteByte(letter)
		}
	}
}

// keep960 returns the castling rights that survive piece p moving from
// from to to in a Chess960 position.
func (b *board) keep960(p Piece, from, to Square) uint8 {
	keep := uint8(15)
	if p.Type() == King {
		if p.Color() == White {
			keep &^= castleWK | castleWQ
		} else {
			keep &^= castleBK | castleBQ
		}
	}
	for i := range 4 {
		if b.rooks[i] == from || b.rooks[i] == to {
			keep &^= 1 << i
		}
	}
	return keep
}

// castleTargets returns the squares the king and the rook of right idx end
// on.
func castleTargets(idx int) (king, rook Square) {
	switch idx {
	case rookWK:
		return G1, F1
	case rookWQ:
		return C1, D1
	case rookBK:
		return G8, F8
	}
	return C8, D8
}

// make960Castle plays the Chess960 castling m (the king onto its rook).
func (b *board) make960Castle(m Move) {
	us := b.side
	k, r := m.from, m.to
	idx := rookWK
	if r < k {
		idx = rookWQ
	}
	if us == Black {
		idx += 2
	}
	kt, rt := castleTargets(idx)
	king, rook := b.sq[k], b.sq[r]
	b.remove(k)
	b.remove(r)
	b.put(king, kt)
	b.put(rook, rt)
	b.hash ^= zobrist.castle[b.castle]
	if us == White {
		b.castle &^= castleWK | castleWQ
	} else {
		b.castle &^= castleBK | castleBQ
	}
	b.hash ^= zobrist.castle[b.castle]
	b.frc = b.castle != 0
	b.ep = NoSquare
	b.halfmove++
	if us == Black {
		b.fullmove++
	}
	b.side ^= 1
	b.hash ^= zobrist.side
}

// castles960 calls add with the rook square of every legal Chess960
// castling of the side to move, which is not in check.
func (b *board) castles960(occ uint64, add func(king, rook Square)) {
	us, them := b.side, b.side^1
	k := b.kingSquare(us)
	first := rookWK
	if us == Black {
		first = rookBK
	}
	for idx := first; idx < first+2; idx++ {
		if b.castle&(1<<idx) == 0 {
			continue
		}
		r := b.rooks[idx]
		kt, rt := castleTargets(idx)
		o := occ &^ bit(k) &^ bit(r)
		path := tables.between[k][kt] | bit(kt) | tables.between[r][rt] | bit(rt)
		if o&path != 0 {
			continue
		}
		ok := true
		for s := tables.between[k][kt] | bit(kt); s != 0; s &= s - 1 {
			if b.attacked(lsb(s), them, o) {
				ok = false
				break
			}
		}
		if ok {
			add(k, r)
		}
	}
}
