package gomoku

import (
	"math/rand/v2"

	rules "qixue/rules/gomoku"
)

const (
	size      = rules.Size
	numPoints = rules.NumPoints
	black     = 1
	white     = 2
)

// nbr[d][i][k] is the point k-5 steps from i along direction d, -1 off
// the board. The directions: along a row, a column, the diagonal and the
// anti-diagonal.
var nbr = func() (n [4][numPoints][winLen]int16) {
	steps := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for d, s := range steps {
		for i := range numPoints {
			c, r := i%size, i/size
			for k := range winLen {
				cc, rr := c+(k-winCentre)*s[0], r+(k-winCentre)*s[1]
				n[d][i][k] = -1
				if cc >= 0 && cc < size && rr >= 0 && rr < size {
					n[d][i][k] = int16(rr*size + cc)
				}
			}
		}
	}
	return n
}()

var zobrist = func() (z [3][numPoints]uint64) {
	rng := rand.New(rand.NewPCG(26, 2026))
	for c := 1; c <= 2; c++ {
		for i := range numPoints {
			z[c][i] = rng.Uint64()
		}
	}
	return z
}()

// board is the search's board: the stones, and for every empty point and
// each colour the shape a stone there would make on each line, kept up to
// date as stones come and go; a copy of the engine's board answers the
// renju forbidden-point questions.
type board struct {
	rs     rules.Ruleset
	cells  [numPoints]int8
	cat    [3][4][numPoints]uint8 // [colour][direction][point]
	val    [3][numPoints]int32    // [colour][point]: what a stone there is worth
	forb   [numPoints]bool        // renju: the point is forbidden to Black
	near   [numPoints]uint8       // stones within two points
	hash   uint64
	stones int
	eng    rules.Board
	tabs   [3]*[numCodes]uint8 // per colour: the table of its rules
}

func newBoard(rs rules.Ruleset, eng *rules.Board) *board {
	t := tables()
	b := &board{rs: rs}
	b.tabs[black], b.tabs[white] = t[0], t[0]
	if rs == rules.Standard || rs == rules.Renju {
		b.tabs[black] = t[1]
	}
	if rs == rules.Standard {
		b.tabs[white] = t[1]
	}
	for i := range numPoints {
		switch eng.At(rules.PointAt(i)) {
		case rules.Black:
			b.place(i, black)
		case rules.White:
			b.place(i, white)
		}
	}
	for i := range numPoints {
		if b.cells[i] == 0 {
			b.refresh(i)
		}
	}
	return b
}

// code returns the window code of the empty point i along d for colour c.
func (b *board) code(c int8, d, i int) int {
	code, w := 0, 1
	row := &nbr[d][i]
	for k := range winLen {
		if k == winCentre {
			continue
		}
		switch n := row[k]; {
		case n < 0:
			code += 2 * w
		case b.cells[n] == c:
			code += w
		case b.cells[n] != 0:
			code += 2 * w
		}
		w *= 3
	}
	return code
}

// Point values for one line's shape, and the bonuses of shapes together.
var catValue = [numCats]int32{0, 2, 6, 20, 24, 70, 80, 400, 0, 0}

const (
	valFive     = 1 << 24
	valWinning  = 1 << 16 // an open four, two fours, or a four and an open three
	valDouble3  = 1 << 12 // two open threes
	renjuSuspic = 1       // marker, see refresh
)

// refresh recomputes the shapes and values of the empty point i.
func (b *board) refresh(i int) {
	for c := int8(1); c <= 2; c++ {
		t := b.tabs[c]
		for d := range 4 {
			b.cat[c][d][i] = t[b.code(c, d, i)]
		}
	}
	b.revalue(i)
}

// refreshLine recomputes the shapes of the empty point i along d only
// (a stone came or went on that line), then its values.
func (b *board) refreshLine(i, d int) {
	b.cat[black][d][i] = b.tabs[black][b.code(black, d, i)]
	b.cat[white][d][i] = b.tabs[white][b.code(white, d, i)]
	b.revalue(i)
}

// revalue recomputes the values of the empty point i from its shapes.
func (b *board) revalue(i int) {
	b.forb[i] = false
	b.val[white][i] = b.value(white, i)
	v := b.value(black, i)
	if b.rs == rules.Renju && v < valFive && b.suspicious(i) {
		if b.eng.IsForbidden(rules.PointAt(i)) {
			b.forb[i] = true
			v = 0
		}
	}
	b.val[black][i] = v
}

// suspicious reports whether Black's shapes on i could make it forbidden:
// an overline, two fours, or two threes (the engine decides).
func (b *board) suspicious(i int) bool {
	fours, threes := 0, 0
	for d := range 4 {
		switch b.cat[black][d][i] {
		case catOver:
			return true
		case catOpenFour:
			fours += 2
		case catFour:
			fours++
		case catThree:
			threes++
		}
	}
	return fours >= 2 || threes >= 2
}

// value is what a stone of colour c on the empty point i is worth.
func (b *board) value(c int8, i int) int32 {
	var v int32
	fours, threes, open := 0, 0, false
	for d := range 4 {
		k := b.cat[c][d][i]
		switch k {
		case catFive:
			return valFive
		case catOpenFour:
			open = true
			fours++
		case catFour:
			fours++
		case catThree:
			threes++
		}
		v += catValue[k]
	}
	switch {
	case open || fours >= 2 || (fours >= 1 && threes >= 1):
		v += valWinning
	case threes >= 2:
		v += valDouble3
	}
	return v
}

// place puts a stone of colour c on the empty point i and updates the
// shapes of the points it touches.
func (b *board) place(i int, c int8) {
	b.cells[i] = c
	b.hash ^= zobrist[c][i]
	b.stones++
	p := rules.PointAt(i)
	_ = b.eng.Put(p, rules.Colour(c))
	b.touch(i, 1)
	for cc := int8(1); cc <= 2; cc++ {
		b.val[cc][i] = 0
		for d := range 4 {
			b.cat[cc][d][i] = 0
		}
	}
	b.forb[i] = false
	b.update(i)
}

// remove takes the stone off i.
func (b *board) remove(i int) {
	c := b.cells[i]
	b.cells[i] = 0
	b.hash ^= zobrist[c][i]
	b.stones--
	_ = b.eng.Remove(rules.PointAt(i))
	b.touch(i, -1)
	b.refresh(i)
	b.update(i)
}

func (b *board) touch(i int, delta int) {
	c0, r0 := i%size, i/size
	for r := max(0, r0-2); r <= min(size-1, r0+2); r++ {
		for c := max(0, c0-2); c <= min(size-1, c0+2); c++ {
			b.near[r*size+c] = uint8(int(b.near[r*size+c]) + delta)
		}
	}
}

// update refreshes the empty points on the four lines through i.
func (b *board) update(i int) {
	for d := range 4 {
		row := &nbr[d][i]
		for k := range winLen {
			if n := row[k]; k != winCentre && n >= 0 && b.cells[n] == 0 {
				b.refreshLine(int(n), d)
			}
		}
	}
}

// fivePoints returns how many empty points make five for c, and one.
func (b *board) fivePoints(c int8) (n, at int) {
	at = -1
	for i := range numPoints {
		if b.val[c][i] >= valFive {
			n++
			at = i
		}
	}
	return n, at
}

// makesFour reports whether c on i makes at least a four.
func (b *board) makesFour(c int8, i int) bool {
	for d := range 4 {
		if k := b.cat[c][d][i]; k == catFour || k == catOpenFour {
			return true
		}
	}
	return false
}

// allowed reports whether c may play the empty point i.
func (b *board) allowed(c int8, i int) bool {
	return b.cells[i] == 0 && !(c == black && b.forb[i])
}
