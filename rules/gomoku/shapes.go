package gomoku

import (
	"fmt"
	"sort"
	"strings"
)

// ShapeKind is a kind of line shape used in exercises.
type ShapeKind int

// The shapes, strongest first.
const (
	ShapeFive      ShapeKind = iota // 五连: exactly five in a row
	ShapeOverline                   // 长连: six or more in a row
	ShapeOpenFour                   // 活四: four with two points that make five
	ShapeFour                       // 冲四: four with one point that makes five
	ShapeOpenThree                  // 活三: three that one move turns into an open four
)

// String returns "five", "overline", "open four", "four" or "open three".
func (k ShapeKind) String() string {
	return [...]string{"five", "overline", "open four", "four", "open three"}[k]
}

// Shape is one shape on the board: its colour, its stones (in line order)
// and the points that complete it (the five points of a four, the points
// that turn a three into an open four; none for a five or an overline).
type Shape struct {
	Kind   ShapeKind
	Colour Colour
	Stones []Point
	Points []Point
}

// String returns e.g. "black open three f8 g8 h8 (e8 i8)".
func (s Shape) String() string {
	st := make([]string, len(s.Stones))
	for i, p := range s.Stones {
		st[i] = p.String()
	}
	out := fmt.Sprintf("%s %s %s", s.Colour, s.Kind, strings.Join(st, " "))
	if len(s.Points) > 0 {
		pt := make([]string, len(s.Points))
		for i, p := range s.Points {
			pt[i] = p.String()
		}
		out += " (" + strings.Join(pt, " ") + ")"
	}
	return out
}

// Shapes returns every five, overline, open four, four and open three on
// the board for both colours under rules r, Black's first, then by kind
// and first stone. A four is a set of four stones (of a line) that one
// more stone makes a five; the same four stones with two such points are
// an open four. An open three is a set of three stones that one more
// stone makes an open four; for Black in renju that stone must not be
// forbidden. Under rules where overlines win, a winning run of six or more
// is listed as an overline and the fours behind it may hold five stones.
func Shapes(board *Board, r Ruleset) []Shape {
	b := *board
	var out []Shape
	for _, c := range []Colour{Black, White} {
		out = append(out, b.colourShapes(r, c)...)
	}
	return out
}

type shapeKey struct {
	kind   ShapeKind
	d      Direction
	stones string
}

func (b *Board) colourShapes(r Ruleset, c Colour) []Shape {
	exactT, _ := tables()
	exact := r.exactFive(c)
	groups := map[shapeKey]*Shape{}
	var order []shapeKey
	add := func(k shapeKey, stones []Point, p *Point) {
		s, ok := groups[k]
		if !ok {
			s = &Shape{Kind: k.kind, Colour: c, Stones: stones}
			groups[k] = s
			order = append(order, k)
		}
		if p != nil {
			s.Points = append(s.Points, *p)
		}
	}
	// runs already on the board
	for i := range NumPoints {
		if b.cells[i] != c {
			continue
		}
		p := PointAt(i)
		for d := range Direction(4) {
			if prev, ok := p.offset(d, -1); ok && b.cells[prev.i] == c {
				continue // not the start of the run
			}
			lo, hi := b.run(d, p, c)
			stones := segmentPoints(d, lo, hi)
			switch n := len(stones); {
			case n == 5:
				add(shapeKey{ShapeFive, d, pointKey(stones)}, stones, nil)
			case n > 5:
				add(shapeKey{ShapeOverline, d, pointKey(stones)}, stones, nil)
			}
		}
	}
	wins := func(n int) bool { return n == 5 || (!exact && n > 5) }
	for i := range NumPoints {
		if b.cells[i] != Empty {
			continue
		}
		q := PointAt(i)
		b.set(i, c)
		for d := range Direction(4) {
			lo, hi := b.run(d, q, c)
			run := segmentPoints(d, lo, hi)
			if len(run) >= 5 && wins(len(run)) {
				stones := fourStones(run, q)
				add(shapeKey{ShapeFour, d, pointKey(stones)}, stones, &q)
				continue
			}
			if len(run) == 4 && b.openFourEnds(d, lo, hi, c, wins) {
				if r.hasForbidden(c) {
					b.clear(i)
					forbidden := b.forbidden(exactT, i)
					b.set(i, c)
					if forbidden {
						continue
					}
				}
				stones := without(run, q)
				add(shapeKey{ShapeOpenThree, d, pointKey(stones)}, stones, &q)
			}
		}
		b.clear(i)
	}
	out := make([]Shape, 0, len(order))
	for _, k := range order {
		s := *groups[k]
		if s.Kind == ShapeFour && len(s.Points) >= 2 {
			s.Kind = ShapeOpenFour
		}
		sort.Slice(s.Points, func(i, j int) bool { return s.Points[i].i < s.Points[j].i })
		out = append(out, s)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].Stones[0].i < out[j].Stones[0].i
	})
	return out
}

// openFourEnds reports whether both points just outside the run lo..hi
// are empty and each makes a winning run.
func (b *Board) openFourEnds(d Direction, lo, hi Point, c Colour, wins func(int) bool) bool {
	for _, e := range [2]struct {
		from Point
		k    int
	}{{lo, -1}, {hi, 1}} {
		p, ok := e.from.offset(d, e.k)
		if !ok || b.cells[p.i] != Empty {
			return false
		}
		b.set(int(p.i), c)
		l2, h2 := b.run(d, p, c)
		n := len(segmentPoints(d, l2, h2))
		b.clear(int(p.i))
		if !wins(n) {
			return false
		}
	}
	return true
}

func segmentPoints(d Direction, lo, hi Point) []Point {
	out := []Point{lo}
	for p := lo; p != hi; {
		p, _ = p.offset(d, 1)
		out = append(out, p)
	}
	return out
}

// fourStones returns the stones of the four that q completes into the
// winning run: the run without q, or where the run is longer than five
// (overlines win), the four stones next to q on a side that has four.
func fourStones(run []Point, q Point) []Point {
	k := 0
	for run[k] != q {
		k++
	}
	switch {
	case len(run)-1-k >= 4:
		return run[k+1 : k+5]
	case k >= 4:
		return run[k-4 : k]
	}
	return without(run, q)
}

func without(ps []Point, q Point) []Point {
	out := make([]Point, 0, len(ps)-1)
	for _, p := range ps {
		if p != q {
			out = append(out, p)
		}
	}
	return out
}

func pointKey(ps []Point) string {
	var sb strings.Builder
	for _, p := range ps {
		sb.WriteByte(p.i)
	}
	return sb.String()
}
