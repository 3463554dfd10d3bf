package chess

import (
	"math/bits"

	rc "qixue/rules/chess"
)

// seeValue are the piece values of the static exchange evaluation.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// see returns the static exchange evaluation of the capture m: the
// material the side to move wins or loses when both sides keep capturing
// on m's square with their least valuable attacker, x-rays included.
func see(pos *rc.Position, m rc.Move) int {
	from, to := m.From(), m.To()
	var gain [32]int
	d := 0
	gain[0] = seeValue[pos.Captured(m)]
	attacker := pos.PieceAt(from).Type()
	if m.Promotion() != rc.NoPieceType {
		gain[0] += seeValue[m.Promotion()] - seeValue[rc.Pawn]
		attacker = m.Promotion()
	}
	occ := pos.Occupied() &^ (1 << from)
	if m.IsEnPassant() {
		if pos.Turn() == rc.White {
			occ &^= 1 << (to - 8)
		} else {
			occ &^= 1 << (to + 8)
		}
	}
	side := pos.Turn().Other()
	diag := pos.Pieces(rc.White, rc.Bishop) | pos.Pieces(rc.Black, rc.Bishop) | pos.Pieces(rc.White, rc.Queen) | pos.Pieces(rc.Black, rc.Queen)
	orth := pos.Pieces(rc.White, rc.Rook) | pos.Pieces(rc.Black, rc.Rook) | pos.Pieces(rc.White, rc.Queen) | pos.Pieces(rc.Black, rc.Queen)
	attackers := pos.AttackersTo(to, occ) & occ
	for {
		d++
		gain[d] = seeValue[attacker] - gain[d-1]
		mine := attackers & pos.Pieces(side, rc.NoPieceType)
		if mine == 0 || d == len(gain)-1 {
			break
		}
		// The least valuable attacker of side.
		var t rc.PieceType
		var b uint64
		for t = rc.Pawn; t <= rc.King; t++ {
			if b = mine & pos.Pieces(side, t); b != 0 {
				break
			}
		}
		if t == rc.King && attackers&pos.Pieces(side.Other(), rc.NoPieceType) != 0 {
			break // the king cannot take into a defended square
		}
		occ &^= b & -b
		// Sliders behind the piece that moved join in.
		attackers |= rc.Attacks(rc.White, rc.Bishop, to, occ)&diag | rc.Attacks(rc.White, rc.Rook, to, occ)&orth
		attackers &= occ
		attacker = t
		side = side.Other()
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// Ordering scores: the hash move first, then winning and equal captures
// (most valuable victim, least valuable attacker), promotions, the two
// killer moves, quiet moves by history, and losing captures last.
const (
	orderHash    = 1 << 30
	orderGood    = 1 << 28
	orderKiller1 = 1 << 27
	orderKiller2 = orderKiller1 - 1
	orderBad     = -(1 << 28)
)

// orderMoves gives each move its ordering score.
func (s *searcher) orderMoves(pos *rc.Position, moves []rc.Move, scores []int32, hashMove rc.Move, ply int) {
	us := pos.Turn()
	for i, m := range moves {
		var v int32
		switch {
		case m == hashMove:
			v = orderHash
		case pos.IsCapture(m) || m.Promotion() == rc.Queen:
			victim := seeValue[pos.Captured(m)]
			if m.Promotion() == rc.Queen {
				victim += 900
			}
			mvvlva := int32(victim*8 - int(pos.PieceAt(m.From()).Type()))
			if see(pos, m) >= 0 {
				v = orderGood + mvvlva
			} else {
				v = orderBad + mvvlva
			}
		case m.Promotion() != rc.NoPieceType:
			v = orderBad - 1 // under-promotions: last
		case m == s.killers[ply][0]:
			v = orderKiller1
		case m == s.killers[ply][1]:
			v = orderKiller2
		default:
			v = s.history[us][m.From()][m.To()]
		}
		scores[i] = v
	}
}

// pick moves the best-scored move from i on to i and returns it.
func pick(moves []rc.Move, scores []int32, i int) rc.Move {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	return moves[i]
}

// nonPawnMaterial reports whether side c has a piece other than pawns and
// the king (null-move pruning is unsafe in pawn endings: zugzwang).
func nonPawnMaterial(pos *rc.Position, c rc.Color) bool {
	return pos.Pieces(c, rc.NoPieceType)&^pos.Pieces(c, rc.Pawn)&^pos.Pieces(c, rc.King) != 0
}

// insufficient reports a dead position by material alone: bare kings, or
// a single minor piece against a bare king.
func insufficient(pos *rc.Position) bool {
	all := pos.Occupied()
	n := bits.OnesCount64(all)
	if n > 3 {
		return false
	}
	if n == 2 {
		return true
	}
	minors := pos.Pieces(rc.White, rc.Knight) | pos.Pieces(rc.Black, rc.Knight) | pos.Pieces(rc.White, rc.Bishop) | pos.Pieces(rc.Black, rc.Bishop)
	return minors != 0
}
