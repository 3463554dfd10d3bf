package draughts

import (
	"math/bits"

	rules "qixue/rules/draughts"
)

// Win is the value of a won game; values within maxPly of ±Win are forced.
const Win = 100_000

const maxPly = 96

const (
	manValue  = 100
	kingValue = 330
)

// manTab[c][s-1] is the positional value of a man of colour c on square s:
// advancement (more near the crowning row), the centre, and the back rank
// that keeps the opponent from crowning.
var manTab = func() (t [2][50]int32) {
	for s := 1; s <= 50; s++ {
		row := (s - 1) / 5 // 0 at the top (Black's back rank)
		col := 2*((s-1)%5) + 1 - row%2
		adv := int32(9 - row) // White advances upward
		v := adv*4 + adv*adv/3
		if col >= 3 && col <= 6 && row >= 3 && row <= 6 {
			v += 6
		}
		if col == 0 || col == 9 {
			v -= 4
		}
		if row == 9 {
			v += 8 // back rank guard
		}
		t[rules.White][s-1] = v
		t[rules.Black][50-s] = v // Black's table is White's turned round
	}
	return t
}()

// kingTab rewards kings on the long diagonal (46-5) and in the centre.
var kingTab = func() (t [50]int32) {
	for _, s := range []int{46, 41, 37, 32, 28, 23, 19, 14, 10, 5} {
		t[s-1] += 20
	}
	return t
}()

func sumTab(bb uint64, tab *[50]int32) int32 {
	var v int32
	for bb != 0 {
		i := bits.TrailingZeros64(bb)
		bb &= bb - 1
		v += tab[i]
	}
	return v
}

// evaluate returns the static value of pos for the side to move.
func evaluate(pos *rules.Position) int32 {
	w, b, k := pos.Bitboards()
	wm, bm := w&^k, b&^k
	wk, bk := w&k, b&k
	nwm, nbm := int32(bits.OnesCount64(wm)), int32(bits.OnesCount64(bm))
	nwk, nbk := int32(bits.OnesCount64(wk)), int32(bits.OnesCount64(bk))
	mw := nwm*manValue + nwk*kingValue
	mb := nbm*manValue + nbk*kingValue
	v := mw - mb
	v += sumTab(wm, &manTab[rules.White]) - sumTab(bm, &manTab[rules.Black])
	v += sumTab(wk, &kingTab) - sumTab(bk, &kingTab)
	// Trading down when ahead: the same lead counts more with fewer pieces.
	if total := nwm + nbm + nwk + nbk; v != 0 && total > 0 {
		lead := mw - mb
		v += lead * 8 / total
	}
	v = drawish(v, nwm, nwk, nbm, nbk, wk, bk)
	if pos.Turn() == rules.Black {
		v = -v
	}
	return v
}

// mainDiagonal is the long diagonal 46-5 as a bitboard.
const mainDiagonal = 1<<45 | 1<<40 | 1<<36 | 1<<31 | 1<<27 | 1<<22 | 1<<18 | 1<<13 | 1<<9 | 1<<4

// drawish scales v toward zero in endings that the rules (FMJD 6.3, 6.4)
// or theory draw: a lone king against three pieces or fewer, and kings
// only without a four-to-one majority (a lone king holding the long
// diagonal draws even against more).
func drawish(v, nwm, nwk, nbm, nbk int32, wk, bk uint64) int32 {
	wTotal, bTotal := nwm+nwk, nbm+nbk
	switch {
	case bTotal == 1 && nbk == 1 && wTotal <= 3, wTotal == 1 && nwk == 1 && bTotal <= 3:
		return v / 16
	case bTotal == 1 && nbk == 1 && nwm == 0 && bk&mainDiagonal != 0 && wTotal < 5,
		wTotal == 1 && nwk == 1 && nbm == 0 && wk&mainDiagonal != 0 && bTotal < 5:
		return v / 8
	case nwm == 0 && nbm == 0 && wTotal < 4*bTotal && bTotal < 4*wTotal:
		return v / 8
	}
	return v
}
