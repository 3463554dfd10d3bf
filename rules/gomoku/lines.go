package gomoku

import (
	"math/bits"
	"sync"
)

// A line window is the 11 cells centred on a point along one direction,
// offsets -5..+5, seen from one colour: own stone, empty, or blocked
// (opponent stone or off the board). The centre is the stone being
// placed. Eleven cells are exactly enough to tell, for any line through
// the centre, a five from an overline, every point that completes a five,
// and every point that turns the line into a straight four.
const (
	cellEmpty = 0
	cellOwn   = 1
	cellBlock = 2
	winLen    = 11
	winCentre = 5
)

// lineShape is what placing a stone at the centre of a window makes on
// that line. Point sets are 11-bit masks of window offsets (bit k is
// offset k-5).
type lineShape struct {
	five     bool   // a winning five through the centre
	over     bool   // six or more in a row through the centre (exact mode only)
	fours    uint8  // fours through the centre: 1 for a straight four, 2 for X.XXX.X
	fourPts  uint16 // points that then complete a five through the centre
	threePts uint16 // if no four: points that then make a straight four through the centre
}

// shapeTable is indexed by the base-3 code of a window's 10 non-centre
// cells. exact is for colours that must make exactly five (Black in renju,
// both in standard); free for colours for whom six or more also wins.
type shapeTable [59049]lineShape

var (
	tablesOnce sync.Once
	exactTable *shapeTable
	freeTable  *shapeTable
)

// tern maps an 11-bit mask (centre bit clear) to its base-3 value over
// the 10 non-centre cells with digit 1.
var tern = func() (t [1 << winLen]uint16) {
	for m := range 1 << winLen {
		if m&(1<<winCentre) != 0 {
			continue
		}
		v, w := 0, 1
		for k := range winLen {
			if k == winCentre {
				continue
			}
			if m&(1<<k) != 0 {
				v += w
			}
			w *= 3
		}
		t[m] = uint16(v)
	}
	return t
}()

func tables() (exact, free *shapeTable) {
	tablesOnce.Do(func() {
		exactTable = buildTable(true)
		freeTable = buildTable(false)
	})
	return exactTable, freeTable
}

// runAround returns the ends of the run of own stones through k.
func runAround(cells *[winLen]int8, k int) (lo, hi int) {
	lo, hi = k, k
	for lo > 0 && cells[lo-1] == cellOwn {
		lo--
	}
	for hi < winLen-1 && cells[hi+1] == cellOwn {
		hi++
	}
	return lo, hi
}

// makesFive reports whether the run through the centre is a winning five
// (exactly five in exact mode, five or more otherwise) that contains j.
func makesFive(cells *[winLen]int8, exact bool, j int) bool {
	lo, hi := runAround(cells, winCentre)
	n := hi - lo + 1
	if j < lo || j > hi {
		return false
	}
	if exact {
		return n == 5
	}
	return n >= 5
}

// straightFour reports whether the centre is part of four in a row whose
// both ends complete a winning five.
func straightFour(cells *[winLen]int8, exact bool) bool {
	for a := winCentre - 3; a <= winCentre; a++ {
		if a-1 < 0 || a+4 >= winLen {
			continue
		}
		ok := cells[a-1] == cellEmpty && cells[a+4] == cellEmpty
		for k := a; ok && k < a+4; k++ {
			ok = cells[k] == cellOwn
		}
		if !ok {
			continue
		}
		both := true
		for _, e := range [2]int{a - 1, a + 4} {
			cells[e] = cellOwn
			both = both && makesFive(cells, exact, e)
			cells[e] = cellEmpty
		}
		if both {
			return true
		}
	}
	return false
}

func buildTable(exact bool) *shapeTable {
	t := new(shapeTable)
	var cells [winLen]int8
	for idx := range len(t) {
		v := idx
		for k := range winLen {
			if k == winCentre {
				cells[k] = cellOwn
				continue
			}
			cells[k] = int8(v % 3)
			v /= 3
		}
		var s lineShape
		lo, hi := runAround(&cells, winCentre)
		n := hi - lo + 1
		if exact {
			s.five = n == 5
			s.over = n > 5
		} else {
			s.five = n >= 5
		}
		if !s.five && !s.over {
			for j := range winLen {
				if cells[j] != cellEmpty {
					continue
				}
				cells[j] = cellOwn
				if makesFive(&cells, exact, j) {
					s.fourPts |= 1 << j
				}
				cells[j] = cellEmpty
			}
			s.fours = uint8(bits.OnesCount16(s.fourPts))
			if s.fours == 2 {
				j1 := bits.TrailingZeros16(s.fourPts)
				j2 := 15 - bits.LeadingZeros16(s.fourPts)
				if j2-j1 == 5 {
					s.fours = 1 // one straight four: .XXXX.
				}
			}
			if s.fours == 0 {
				for j := range winLen {
					if cells[j] != cellEmpty {
						continue
					}
					cells[j] = cellOwn
					if straightFour(&cells, exact) {
						s.threePts |= 1 << j
					}
					cells[j] = cellEmpty
				}
			}
		}
		t[idx] = s
	}
	return t
}

// shapeAt returns what a stone of colour c placed on the empty point i
// makes along d, from table t.
func (b *Board) shapeAt(t *shapeTable, c Colour, d Direction, i int) *lineShape {
	own, blocked := b.window(c, d, i)
	return &t[tern[own]+2*tern[blocked]]
}

// tableFor returns the table for colour c under rules r.
func tableFor(r Ruleset, c Colour) *shapeTable {
	exact, free := tables()
	if r.exactFive(c) {
		return exact
	}
	return free
}
