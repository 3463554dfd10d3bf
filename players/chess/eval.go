package chess

import (
	"math/bits"

	rc "qixue/rules/chess"
)

// The evaluation is linear in its parameters: every term is a count
// (white's minus black's) times a parameter pair, one value for the
// middlegame and one for the endgame, blended by the material left
// (the game phase, 24 with all pieces on the board, 0 with pawns and kings
// only). Being linear, it is tuned on data by Texel's method
// (players/chess/tune.go): Features gives each position's counts.

// Parameter indexes: each names the first of a group.
const (
	pMaterial   = 0               // pawn, knight, bishop, rook, queen
	pPST        = pMaterial + 5   // 6 piece kinds x 64 squares, from White's side
	pMobKnight  = pPST + 6*64     // 9: squares a knight reaches (not own, not attacked by pawns)
	pMobBishop  = pMobKnight + 9  // 14
	pMobRook    = pMobBishop + 14 // 15
	pMobQueen   = pMobRook + 15   // 28
	pPassed     = pMobQueen + 28  // 8: a passed pawn by its rank
	pDoubled    = pPassed + 8     // a pawn with an own pawn in front of it
	pIsolated   = pDoubled + 1    // a pawn with no own pawn on the files beside it
	pBishopPair = pIsolated + 1   // two bishops or more
	pRookOpen   = pBishopPair + 1 // a rook on a file without pawns
	pRookSemi   = pRookOpen + 1   // a rook on a file with enemy pawns only
	pShield1    = pRookSemi + 1   // an own pawn just in front of the king (three files)
	pShield2    = pShield1 + 1    // an own pawn two ranks in front of the king
	pKingZone   = pShield2 + 1    // 4: squares next to the enemy king a knight/bishop/rook/queen attacks
	pPassedFree = pKingZone + 4   // a passed pawn whose square in front is empty
	pTempo      = pPassedFree + 1 // the side to move
	NumParams   = pTempo + 1
)

// Params are the evaluation's weights in centipawns: [i][0] for the
// middlegame, [i][1] for the endgame.
type Params [NumParams][2]int32

// phaseWeight of each piece kind: the phase is their sum, at most 24.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

// masks used by the pawn terms.
var (
	fileMask     [8]uint64
	adjacentMask [8]uint64
	frontMask    [2][64]uint64 // the squares in front of s on its file
	passedMask   [2][64]uint64 // in front of s on its file and the two beside it
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = 0x0101010101010101 << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentMask[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentMask[f] |= fileMask[f+1]
		}
	}
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		for rr := r + 1; rr < 8; rr++ {
			frontMask[rc.White][s] |= 1 << (rr*8 + f)
		}
		for rr := r - 1; rr >= 0; rr-- {
			frontMask[rc.Black][s] |= 1 << (rr*8 + f)
		}
		for c := 0; c < 2; c++ {
			m := frontMask[c][s]
			if f > 0 {
				m |= frontMask[c][s-1]
			}
			if f < 7 {
				m |= frontMask[c][s+1]
			}
			passedMask[c][s] = m
		}
	}
}

// trace records the feature counts of one evaluation (for tuning).
type trace struct {
	coef  [NumParams]int32
	phase int
}

// evaluator sums one evaluation.
type evaluator struct {
	p      *Params
	mg, eg int32
	tr     *trace
}

func (e *evaluator) add(i int, n int32) {
	e.mg += n * e.p[i][0]
	e.eg += n * e.p[i][1]
	if e.tr != nil {
		e.tr.coef[i] += n
	}
}

// evaluate returns the static evaluation of pos in centipawns for the side
// to move; tr, when not nil, receives the feature counts.
func evaluate(pos *rc.Position, p *Params, tr *trace) int {
	e := evaluator{p: p, tr: tr}
	occ := pos.Occupied()
	phase := 0
	var pawnAtt [2]uint64
	for c := rc.White; c <= rc.Black; c++ {
		for b := pos.Pieces(c, rc.Pawn); b != 0; b &= b - 1 {
			pawnAtt[c] |= rc.Attacks(c, rc.Pawn, rc.Square(bits.TrailingZeros64(b)), 0)
		}
	}
	for c := rc.White; c <= rc.Black; c++ {
		sign := int32(1)
		flip := 0
		if c == rc.Black {
			sign, flip = -1, 56
		}
		them := c.Other()
		own := pos.Pieces(c, rc.NoPieceType)
		ownPawns, theirPawns := pos.Pieces(c, rc.Pawn), pos.Pieces(them, rc.Pawn)
		area := ^own &^ pawnAtt[them]
		theirKing := rc.Square(bits.TrailingZeros64(pos.Pieces(them, rc.King)))
		zone := rc.Attacks(them, rc.King, theirKing, 0) | 1<<theirKing
		for t := rc.Pawn; t <= rc.King; t++ {
			for b := pos.Pieces(c, t); b != 0; b &= b - 1 {
				s := rc.Square(bits.TrailingZeros64(b))
				rel := int(s) ^ flip
				if t != rc.King {
					e.add(pMaterial+int(t)-1, sign)
				}
				e.add(pPST+(int(t)-1)*64+rel, sign)
				phase += phaseWeight[t]
				switch t {
				case rc.Pawn:
					f := s.File()
					if ownPawns&frontMask[c][s] != 0 {
						e.add(pDoubled, sign)
					}
					if ownPawns&adjacentMask[f] == 0 {
						e.add(pIsolated, sign)
					}
					if theirPawns&passedMask[c][s] == 0 && ownPawns&frontMask[c][s] == 0 {
						e.add(pPassed+rel>>3, sign)
						next := s + 8
						if c == rc.Black {
							next = s - 8
						}
						if occ&(1<<next) == 0 {
							e.add(pPassedFree, sign)
						}
					}
				case rc.Knight, rc.Bishop, rc.Rook, rc.Queen:
					a := rc.Attacks(c, t, s, occ)
					n := int32(bits.OnesCount64(a & area))
					e.add([...]int{0, 0, pMobKnight, pMobBishop, pMobRook, pMobQueen}[t]+int(n), sign)
					if z := bits.OnesCount64(a & zone); z > 0 {
						e.add(pKingZone+int(t)-int(rc.Knight), sign*int32(z))
					}
					if t == rc.Rook {
						f := fileMask[s.File()]
						if (ownPawns|theirPawns)&f == 0 {
							e.add(pRookOpen, sign)
						} else if ownPawns&f == 0 {
							e.add(pRookSemi, sign)
						}
					}
				case rc.King:
					e.kingShield(c, s, ownPawns, sign)
				}
			}
		}
		if bits.OnesCount64(pos.Pieces(c, rc.Bishop)) >= 2 {
			e.add(pBishopPair, sign)
		}
	}
	if pos.Turn() == rc.White {
		e.add(pTempo, 1)
	} else {
		e.add(pTempo, -1)
	}
	if phase > 24 {
		phase = 24
	}
	if tr != nil {
		tr.phase = phase
	}
	v := (int(e.mg)*phase + int(e.eg)*(24-phase)) / 24
	if pos.Turn() == rc.Black {
		return -v
	}
	return v
}

// kingShield counts the own pawns one and two ranks in front of the king
// on its file and the files beside it.
func (e *evaluator) kingShield(c rc.Color, k rc.Square, ownPawns uint64, sign int32) {
	files := fileMask[k.File()] | adjacentMask[k.File()]
	r := k.Rank()
	var one, two uint64
	if c == rc.White {
		if r < 7 {
			one = files & (0xff << ((r + 1) * 8))
		}
		if r < 6 {
			two = files & (0xff << ((r + 2) * 8))
		}
	} else {
		if r > 0 {
			one = files & (0xff << ((r - 1) * 8))
		}
		if r > 1 {
			two = files & (0xff << ((r - 2) * 8))
		}
	}
	if n := bits.OnesCount64(ownPawns & one); n > 0 {
		e.add(pShield1, sign*int32(n))
	}
	if n := bits.OnesCount64(ownPawns & two); n > 0 {
		e.add(pShield2, sign*int32(n))
	}
}

// Evaluate returns the static evaluation of pos in centipawns from the
// side to move's point of view, with the tuned parameters.
func Evaluate(pos rc.Position) int { return evaluate(&pos, &tuned, nil) }

// Features returns the evaluation's feature counts for pos (White's minus
// Black's, per parameter) and its game phase (0-24), for tuning: the
// evaluation for White is the sum of count x parameter, the middlegame
// and endgame sums blended by the phase.
func Features(pos rc.Position) (coef [NumParams]int32, phase int) {
	var tr trace
	evaluate(&pos, &tuned, &tr)
	return tr.coef, tr.phase
}

// TunedParams returns a copy of the parameters the player uses.
func TunedParams() Params { return tuned }
