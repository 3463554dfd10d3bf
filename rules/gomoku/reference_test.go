package gomoku

import (
	"math/rand/v2"
	"testing"
)

// refBoard is a plain board for the reference forbidden-move checker: no
// tables, no windows, every line walked in full. It follows the RIF text
// literally and is slow on purpose.
type refBoard [NumPoints]Colour

func refFromBoard(b *Board) refBoard {
	var r refBoard
	for i := range NumPoints {
		r[i] = b.cells[i]
	}
	return r
}

func (r *refBoard) at(c, row int) Colour {
	if c < 0 || c >= Size || row < 0 || row >= Size {
		return -1
	}
	return r[row*Size+c]
}

// runLen returns the length of Black's run through (c,row) along d and
// its two ends (in steps from the point).
func (r *refBoard) runLen(c, row int, d Direction) (n, back, fwd int) {
	dc, dr := d.step()
	for r.at(c-(back+1)*dc, row-(back+1)*dr) == Black {
		back++
	}
	for r.at(c+(fwd+1)*dc, row+(fwd+1)*dr) == Black {
		fwd++
	}
	return back + fwd + 1, back, fwd
}

// lineEmpties returns the step offsets k (from -14 to 14) of the empty
// points on the line through (c,row) along d.
func (r *refBoard) lineEmpties(c, row int, d Direction) []int {
	dc, dr := d.step()
	var ks []int
	for k := -14; k <= 14; k++ {
		if k != 0 && r.at(c+k*dc, row+k*dr) == Empty {
			ks = append(ks, k)
		}
	}
	return ks
}

// refFours counts the distinct sets of four black stones through the
// (already placed) stone at (c,row) along d that one more stone turns
// into exactly five.
func (r *refBoard) refFours(c, row int, d Direction) int {
	dc, dr := d.step()
	sets := map[[4]int]bool{}
	for _, k := range r.lineEmpties(c, row, d) {
		qi := (row+k*dr)*Size + c + k*dc
		r[qi] = Black
		n, back, fwd := r.runLen(c, row, d)
		if n == 5 && k >= -back && k <= fwd {
			// the five's stones other than q identify the four
			var set [4]int
			n := 0
			for j := -back; j <= fwd; j++ {
				if j != k {
					set[n] = j
					n++
				}
			}
			sets[set] = true
		}
		r[qi] = Empty
	}
	return len(sets)
}

// refStraightFour reports whether the stone at (c,row) is in exactly four
// black stones in a row along d whose both ends are empty and each make
// exactly five.
func (r *refBoard) refStraightFour(c, row int, d Direction) bool {
	dc, dr := d.step()
	n, back, fwd := r.runLen(c, row, d)
	if n != 4 {
		return false
	}
	for _, k := range [2]int{-back - 1, fwd + 1} {
		ec, er := c+k*dc, row+k*dr
		if r.at(ec, er) != Empty {
			return false
		}
		r[er*Size+ec] = Black
		m, _, _ := r.runLen(c, row, d)
		r[er*Size+ec] = Empty
		if m != 5 {
			return false
		}
	}
	return true
}

// refForbidden is the reference RIF check for Black on the empty point i.
func (r *refBoard) refForbidden(i int) bool {
	c, row := i%Size, i/Size
	r[i] = Black
	defer func() { r[i] = Empty }()
	over := false
	for d := range Direction(4) {
		n, _, _ := r.runLen(c, row, d)
		if n == 5 {
			return false
		}
		if n > 5 {
			over = true
		}
	}
	if over {
		return true
	}
	fours := 0
	var hasFour [4]bool
	for d := range Direction(4) {
		f := r.refFours(c, row, d)
		fours += f
		hasFour[d] = f > 0
	}
	if fours >= 2 {
		return true
	}
	threes := 0
	for d := range Direction(4) {
		if hasFour[d] {
			continue
		}
		dc, dr := d.step()
		for _, k := range r.lineEmpties(c, row, d) {
			qi := (row+k*dr)*Size + c + k*dc
			r[qi] = Black
			sf := r.refStraightFour(c, row, d)
			r[qi] = Empty
			if sf && !r.refForbidden(qi) {
				threes++
				break
			}
		}
	}
	return threes >= 2
}

// randomBoard scatters stones over the central area so that threes and
// fours are common.
func randomBoard(rng *rand.Rand, black, white, span int) *Board {
	b := &Board{}
	lo := (Size - span) / 2
	put := func(c Colour, n int) {
		for n > 0 {
			p := PointAt((lo+rng.IntN(span))*Size + lo + rng.IntN(span))
			if b.At(p) == Empty {
				b.set(p.Index(), c)
				n--
			}
		}
	}
	put(Black, black)
	put(White, white)
	return b
}

func TestForbiddenAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 400
	if testing.Short() {
		n = 60
	}
	found := map[ForbiddenKind]int{}
	for range n {
		span := 7 + rng.IntN(9)
		nb := rng.IntN(span*span/3) + 3
		b := randomBoard(rng, nb, rng.IntN(nb+1), span)
		ref := refFromBoard(b)
		for i := range NumPoints {
			if b.cells[i] != Empty {
				continue
			}
			p := PointAt(i)
			got, want := b.IsForbidden(p), ref.refForbidden(i)
			if got != want {
				t.Fatalf("%s on %s: fast says %v, reference %v", p, b, got, want)
			}
			if got {
				f, ok := b.ExplainForbidden(p)
				if !ok || f.Kind == NotForbidden || len(f.Lines) == 0 {
					t.Fatalf("%s on %s: no explanation", p, b)
				}
				found[f.Kind]++
			}
		}
	}
	t.Logf("forbidden points by kind: %v", found)
}
