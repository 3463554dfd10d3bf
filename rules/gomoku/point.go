package gomoku

import (
	"fmt"
	"strings"
)

// Size is the number of lines in each direction of the board (15x15).
const Size = 15

// NumPoints is the number of intersections on the board.
const NumPoints = Size * Size

// Point is one intersection of the board. Columns are a-o from left to
// right and rows 1-15 from Black's side, as the seed defines. The zero value
// is a1; a Point built by ParsePoint or NewPoint is always on the board.
type Point struct {
	i uint8 // row*Size + col, 0..224
}

// Tengen is the centre point h8 (天元), where Black's first stone goes.
var Tengen = Point{i: 7*Size + 7}

// Stars are the four star points d4, d12, l12 and l4 (星).
var Stars = [4]Point{{i: 3*Size + 3}, {i: 11*Size + 3}, {i: 11*Size + 11}, {i: 3*Size + 11}}

// NewPoint returns the point in column col (0 = a) and row row (0 = row 1),
// or an *Error with code "bad_point" when it is off the board.
func NewPoint(col, row int) (Point, error) {
	if col < 0 || col >= Size || row < 0 || row >= Size {
		return Point{}, errf("bad_point", fmt.Sprintf("column %d, row %d is off the 15x15 board", col+1, row+1),
			fmt.Sprintf("第%d列第%d行不在15×15的棋盘上", col+1, row+1))
	}
	return Point{i: uint8(row*Size + col)}, nil
}

// PointAt returns the point with index i (row*15+col). It panics when i is
// not in 0..224; it is meant for loops over the board.
func PointAt(i int) Point {
	if i < 0 || i >= NumPoints {
		panic(fmt.Sprintf("gomoku: point index %d out of range", i))
	}
	return Point{i: uint8(i)}
}

// ParsePoint reads a coordinate such as "h8" or "H8" (column a-o, row
// 1-15). It returns an *Error with code "bad_point" for anything else.
func ParsePoint(s string) (Point, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	bad := func() (Point, error) {
		return Point{}, errf("bad_point", fmt.Sprintf("%q is not a point: write a column a-o and a row 1-15, like h8", s),
			fmt.Sprintf("“%s”不是棋盘上的点：请写列a-o和行1-15，例如h8", s))
	}
	if len(t) < 2 || len(t) > 3 || t[0] < 'a' || t[0] > 'o' {
		return bad()
	}
	row := 0
	for _, c := range t[1:] {
		if c < '0' || c > '9' {
			return bad()
		}
		row = row*10 + int(c-'0')
	}
	if t[1] == '0' || row < 1 || row > Size {
		return bad()
	}
	return Point{i: uint8((row-1)*Size + int(t[0]-'a'))}, nil
}

// Col returns the column, 0 (a) to 14 (o).
func (p Point) Col() int { return int(p.i) % Size }

// Row returns the row, 0 (row 1) to 14 (row 15).
func (p Point) Row() int { return int(p.i) / Size }

// Index returns row*15+col, 0..224.
func (p Point) Index() int { return int(p.i) }

// String returns the lowercase coordinate, e.g. "h8".
func (p Point) String() string {
	return fmt.Sprintf("%c%d", 'a'+p.Col(), p.Row()+1)
}

// Colour is the colour of a stone, or Empty for an empty point.
type Colour int8

// The colours of stones. Black moves first.
const (
	Empty Colour = iota
	Black
	White
)

// Opponent returns the other colour (Empty for Empty).
func (c Colour) Opponent() Colour {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "black", "white" or "empty".
func (c Colour) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// zh returns the Chinese name of the colour.
func (c Colour) zh() string {
	switch c {
	case Black:
		return "黑方"
	case White:
		return "白方"
	}
	return "空"
}

// Direction is one of the four line directions through a point.
type Direction int

// The four directions: the visible lines 阳线 (horizontal and vertical) and
// the diagonals 阴线.
const (
	Horizontal   Direction = iota // along a row, a to o
	Vertical                      // along a column, 1 to 15
	Diagonal                      // a1 towards o15
	AntiDiagonal                  // a15 towards o1
)

// step returns the column and row change of one step along d.
func (d Direction) step() (dc, dr int) {
	switch d {
	case Horizontal:
		return 1, 0
	case Vertical:
		return 0, 1
	case Diagonal:
		return 1, 1
	}
	return 1, -1
}

// offset returns the point k steps from p along d, and whether it is on
// the board.
func (p Point) offset(d Direction, k int) (Point, bool) {
	dc, dr := d.step()
	c, r := p.Col()+k*dc, p.Row()+k*dr
	if c < 0 || c >= Size || r < 0 || r >= Size {
		return Point{}, false
	}
	return Point{i: uint8(r*Size + c)}, true
}
