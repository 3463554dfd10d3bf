package gomoku

import (
	"fmt"
	"math/bits"
	"strings"
)

// ForbiddenKind names one of Black's forbidden shapes in renju (禁手).
type ForbiddenKind int

// The forbidden shapes. A move that makes a five is never forbidden.
const (
	NotForbidden ForbiddenKind = iota
	DoubleThree                // 三三: two or more real threes at once
	DoubleFour                 // 四四: two or more fours at once, possibly on one line
	Overline                   // 长连: six or more in a row
)

// String returns "double three", "double four", "overline" or "allowed".
func (k ForbiddenKind) String() string {
	switch k {
	case DoubleThree:
		return "double three"
	case DoubleFour:
		return "double four"
	case Overline:
		return "overline"
	}
	return "allowed"
}

// Code returns the stable code of the refusal, e.g. "forbidden_double_three".
func (k ForbiddenKind) Code() string {
	return "forbidden_" + strings.ReplaceAll(k.String(), " ", "_")
}

func (k ForbiddenKind) zh() string {
	switch k {
	case DoubleThree:
		return "三三禁手"
	case DoubleFour:
		return "四四禁手"
	case Overline:
		return "长连禁手"
	}
	return "不是禁手"
}

// Segment is a stretch of one line from From to To, both stones.
type Segment struct {
	From, To Point
}

// String returns "h8-k11".
func (s Segment) String() string { return s.From.String() + "-" + s.To.String() }

// Forbidden explains why a point is forbidden to Black: the kind and the
// lines that make it so (the stones of each three, four or overline,
// including the point itself).
type Forbidden struct {
	Point Point
	Kind  ForbiddenKind
	Lines []Segment
}

// String returns the reason, e.g. "double three: lines h8-k11 and f8-j8".
func (f Forbidden) String() string {
	if len(f.Lines) == 1 {
		return fmt.Sprintf("%s: line %s", f.Kind, f.Lines[0])
	}
	return fmt.Sprintf("%s: lines %s", f.Kind, joinSegments(f.Lines, " and "))
}

func (f Forbidden) zhString() string {
	return fmt.Sprintf("%s：%s", f.Kind.zh(), joinSegments(f.Lines, "和"))
}

func joinSegments(ss []Segment, and string) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.String()
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + and + parts[len(parts)-1]
}

// Err returns the refusal of the move as an *Error with code Kind.Code().
func (f Forbidden) Err() *Error {
	e := errf(f.Kind.Code(),
		fmt.Sprintf("%s is forbidden to black (%s)", f.Point, f),
		fmt.Sprintf("%s是黑棋的禁手（%s），黑棋下在这里判负", f.Point, f.zhString()))
	fc := f
	e.Forbidden = &fc
	return e
}

// IsForbidden reports whether Black may not play on p under renju rules:
// p is empty, the move makes no five, and it makes an overline, two fours,
// or two threes each of which can become a straight four by a move that is
// itself not forbidden (checked recursively, as the RIF rules define).
func (b *Board) IsForbidden(p Point) bool {
	if b.cells[p.i] != Empty {
		return false
	}
	c := *b
	exact, _ := tables()
	return c.forbidden(exact, int(p.i))
}

// ForbiddenPoints returns every empty point forbidden to Black, in index
// order (row 1 first, a to o).
func (b *Board) ForbiddenPoints() []Point {
	c := *b
	exact, _ := tables()
	var out []Point
	for i := range NumPoints {
		if c.cells[i] == Empty && c.forbidden(exact, i) {
			out = append(out, Point{i: uint8(i)})
		}
	}
	return out
}

// forbidden is the fast check for Black on the empty point i. It places
// and removes stones on b while it recurses.
func (b *Board) forbidden(t *shapeTable, i int) bool {
	var shapes [4]*lineShape
	near := false
	for d := range Direction(4) {
		own, blocked := b.window(Black, d, i)
		if own != 0 {
			near = true
		}
		shapes[d] = &t[tern[own]+2*tern[blocked]]
	}
	if !near {
		return false
	}
	fours, threes := 0, 0
	over := false
	for _, s := range shapes {
		if s.five {
			return false
		}
		over = over || s.over
		fours += int(s.fours)
		if s.fours == 0 && s.threePts != 0 {
			threes++
		}
	}
	if over || fours >= 2 {
		return true
	}
	if threes < 2 {
		return false
	}
	b.set(i, Black)
	real := 0
	for d, s := range shapes {
		if s.fours != 0 || s.threePts == 0 {
			continue
		}
		if b.threeIsReal(t, Direction(d), i, s.threePts) {
			real++
			if real == 2 {
				break
			}
		}
		threes--
		if real+threes < 2 {
			break
		}
	}
	b.clear(i)
	return real >= 2
}

// threeIsReal reports whether one of the points in pts (window offsets
// around i along d) is a move that is not forbidden, i.e. whether the
// three can really become a straight four. The stone on i is in place.
func (b *Board) threeIsReal(t *shapeTable, d Direction, i int, pts uint16) bool {
	dc, dr := d.step()
	step := dr*Size + dc
	for pts != 0 {
		k := bits.TrailingZeros16(pts)
		pts &= pts - 1
		if !b.forbidden(t, i+(k-winCentre)*step) {
			return true
		}
	}
	return false
}

// ExplainForbidden returns why p is forbidden to Black, and false when it
// is not forbidden (or not empty).
func (b *Board) ExplainForbidden(p Point) (Forbidden, bool) {
	if !b.IsForbidden(p) {
		return Forbidden{}, false
	}
	c := *b
	exact, _ := tables()
	i := int(p.i)
	f := Forbidden{Point: p}
	var shapes [4]*lineShape
	for d := range Direction(4) {
		shapes[d] = c.shapeAt(exact, Black, d, i)
	}
	c.set(i, Black)
	defer c.clear(i)
	for d, s := range shapes {
		if s.over {
			lo, hi := c.run(Direction(d), p, Black)
			f.Kind = Overline
			f.Lines = append(f.Lines, Segment{lo, hi})
		}
	}
	if f.Kind == Overline {
		return f, true
	}
	for d, s := range shapes {
		dir := Direction(d)
		if s.fours == 0 {
			continue
		}
		pts := s.fourPts
		if s.fours == 1 {
			pts &= -pts // a straight four: one completion point names it
		}
		for pts != 0 {
			k := bits.TrailingZeros16(pts)
			pts &= pts - 1
			q, _ := p.offset(dir, k-winCentre)
			f.Lines = append(f.Lines, c.stonesWith(dir, p, q))
		}
	}
	if len(f.Lines) >= 2 {
		f.Kind = DoubleFour
		return f, true
	}
	f.Lines = f.Lines[:0]
	f.Kind = DoubleThree
	for d, s := range shapes {
		dir := Direction(d)
		if s.fours != 0 || s.threePts == 0 {
			continue
		}
		pts := s.threePts
		for pts != 0 {
			k := bits.TrailingZeros16(pts)
			pts &= pts - 1
			q, _ := p.offset(dir, k-winCentre)
			if !c.forbidden(exact, int(q.i)) {
				f.Lines = append(f.Lines, c.stonesWith(dir, p, q))
				break
			}
		}
	}
	return f, true
}

// run returns the ends of the run of colour c stones through p along d.
func (b *Board) run(d Direction, p Point, c Colour) (lo, hi Point) {
	lo, hi = p, p
	for {
		n, ok := lo.offset(d, -1)
		if !ok || b.cells[n.i] != c {
			break
		}
		lo = n
	}
	for {
		n, ok := hi.offset(d, 1)
		if !ok || b.cells[n.i] != c {
			break
		}
		hi = n
	}
	return lo, hi
}

// stonesWith returns the segment from the first to the last of the stones
// that q joins into one run with p along d (the run once q is added,
// without q itself).
func (b *Board) stonesWith(d Direction, p, q Point) Segment {
	b.set(int(q.i), Black)
	lo, hi := b.run(d, p, Black)
	b.clear(int(q.i))
	if lo == q {
		lo, _ = lo.offset(d, 1)
	}
	if hi == q {
		hi, _ = hi.offset(d, -1)
	}
	return Segment{lo, hi}
}
