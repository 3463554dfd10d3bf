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
	codes  [3][4][numPoints]int32 // [colour][direction][point]: the window code, kept up to date
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
	b.codes = emptyCodes
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

// digit[k] is the weight of window cell k in a code (the centre has none).
var digit = func() (w [winLen]int32) {
	v := int32(1)
	for k := range winLen {
		if k == winCentre {
			continue
		}
		w[k] = v
		v *= 3
	}
	return w
}()

// emptyCodes are the window codes of the empty board: off-board cells
// are blocked.
var emptyCodes = func() (c [3][4][numPoints]int32) {
	for d := range 4 {
		for i := range numPoints {
			var v int32
			for k := range winLen {
				if k != winCentre && nbr[d][i][k] < 0 {
					v += 2 * digit[k]
				}
			}
			c[black][d][i], c[white][d][i] = v, v
		}
	}
	return c
}()

// code returns the window code of the empty point i along d for colour c.
func (b *board) code(c int8, d, i int) int { return int(b.codes[c][d][i]) }

// recode adds (sign 1) or takes away (-1) a stone of colour c on i in the
// window codes of the points around it.
func (b *board) recode(i int, c int8, sign int32) {
	for d := range 4 {
		row := &nbr[d][i]
		for k := range winLen {
			n := row[k]
			if k == winCentre || n < 0 {
				continue
			}
			w := digit[winLen-1-k] * sign // i sits at offset 5-k from n
			if c == black {
				b.codes[black][d][n] += w
				b.codes[white][d][n] += 2 * w
			} else {
				b.codes[white][d][n] += w
				b.codes[black][d][n] += 2 * w
			}
		}
	}
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

// combo indexes the tables of four line shapes.
func (b *board) combo(c int8, i int) int {
	return ((int(b.cat[c][0][i])*numCats+int(b.cat[c][1][i]))*numCats+int(b.cat[c][2][i]))*numCats + int(b.cat[c][3][i])
}

// suspicious reports whether Black's shapes on i could make it forbidden:
// an overline, two fours, or two threes (the engine decides).
func (b *board) suspicious(i int) bool { return comboSuspicious[b.combo(black, i)] }

// value is what a stone of colour c on the empty point i is worth.
func (b *board) value(c int8, i int) int32 { return comboValue[b.combo(c, i)] }

// comboValue and comboSuspicious are value and suspicious for every four
// line shapes.
var comboValue, comboSuspicious = func() (v [numCats * numCats * numCats * numCats]int32, sus [numCats * numCats * numCats * numCats]bool) {
	for idx := range v {
		var cats [4]uint8
		x := idx
		for d := 3; d >= 0; d-- {
			cats[d] = uint8(x % numCats)
			x /= numCats
		}
		v[idx], sus[idx] = comboOf(cats)
	}
	return v, sus
}()

func comboOf(cats [4]uint8) (int32, bool) {
	var v int32
	fours, threes, open, five, over := 0, 0, false, false, false
	for _, k := range cats {
		switch k {
		case catFive:
			five = true
		case catOver:
			over = true
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
	bfours := fours
	if open {
		bfours++ // X.XXX.X on one line is two fours
	}
	sus := over || bfours >= 2 || threes >= 2
	switch {
	case five:
		return valFive, false
	case open || fours >= 2 || (fours >= 1 && threes >= 1):
		v += valWinning
	case threes >= 2:
		v += valDouble3
	}
	return v, sus
}

// place puts a stone of colour c on the empty point i and updates the
// shapes of the points it touches.
func (b *board) place(i int, c int8) {
	b.cells[i] = c
	b.hash ^= zobrist[c][i]
	b.stones++
	b.recode(i, c, 1)
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
	b.recode(i, c, -1)
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
