package numchess

import (
	"fmt"
	"strconv"
)

// The board is described by data, not constants: starRows lists the number
// of points in each row, counted from Red's back tip, and campLayout lists
// the camp numbers row by row from the tip, as the camp's owner sees them
// from left to right. Everything else (coordinates, neighbours, lines, camp
// membership) is derived from these two lists by buildGeometry.
var (
	starRows   = []int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}
	campLayout = [][]int{{0}, {9, 8}, {5, 6, 7}, {4, 2, 3, 1}}
)

// NumPoints is the number of points on the board (the 121-point star).
// buildGeometry checks that starRows adds up to it.
const NumPoints = 121

// Side is one of the two players.
type Side uint8

// The two sides. Red moves first and owns the camp at rows 1-4.
const (
	Red Side = iota
	Blue
)

// Opponent returns the other side.
func (s Side) Opponent() Side { return 1 - s }

// String returns "red" or "blue".
func (s Side) String() string {
	if s == Red {
		return "red"
	}
	return "blue"
}

// Chinese returns 红方 or 蓝方.
func (s Side) Chinese() string {
	if s == Red {
		return "红方"
	}
	return "蓝方"
}

// Point is a point of the board. The zero value is not a point; values are
// made by ParsePoint, PointAt and the board's own tables, so a Point that
// reports Valid is always on the board.
//
// Coordinates: rows 1 to 17 are counted from Red's back tip (a1) to Blue's
// (a17); the points of a row are lettered a, b, c... from Red's left. A
// point is written letter+row, like a chess square: "e5". In doubled
// coordinates the points of a row of n points have x = -(n-1), -(n-3), ...,
// n-1, and neighbours are (r, x±2) and (r±1, x±1).
type Point struct{ id uint8 } // index+1; 0 means "no point"

// NoPoint is the zero Point, used where a piece is off the board.
var NoPoint Point

// pt makes the Point for an index.
func pt(i int) Point { return Point{uint8(i + 1)} }

// Valid reports whether p is a point of the board.
func (p Point) Valid() bool { return p.id != 0 }

// Index returns p's index in 0..NumPoints-1 (row by row from a1), or -1.
func (p Point) Index() int { return int(p.id) - 1 }

// Row returns p's row, 1 to 17 (0 for NoPoint).
func (p Point) Row() int {
	if !p.Valid() {
		return 0
	}
	return int(geo.row[p.Index()])
}

// Col returns p's position in its row, 0 for the letter a (-1 for NoPoint).
func (p Point) Col() int {
	if !p.Valid() {
		return -1
	}
	return int(geo.col[p.Index()])
}

// X returns p's doubled x coordinate (0 on the board's centre line).
func (p Point) X() int {
	if !p.Valid() {
		return 0
	}
	return int(geo.x[p.Index()])
}

// String returns the point's name such as "e5", or "-" for NoPoint.
func (p Point) String() string {
	if !p.Valid() {
		return "-"
	}
	return string(rune('a'+p.Col())) + strconv.Itoa(p.Row())
}

// CampOf reports whose camp p belongs to and its camp number (0-9), or
// ok=false for a point outside both camps.
func (p Point) CampOf() (owner Side, number int, ok bool) {
	if !p.Valid() {
		return 0, 0, false
	}
	c := geo.camp[p.Index()]
	if c < 0 {
		return 0, 0, false
	}
	return Side(c / 10), int(c % 10), true
}

// PointAt returns the point in row (1-17) and column (0 for a), or false.
func PointAt(row, col int) (Point, bool) {
	if row < 1 || row > len(geo.rowStart) || col < 0 || col >= starRows[row-1] {
		return NoPoint, false
	}
	return pt(geo.rowStart[row-1] + col), true
}

// CampPoint returns the point numbered n (0-9) in side's camp.
func CampPoint(side Side, n int) Point {
	if n < 0 || n > 9 {
		return NoPoint
	}
	return pt(int(geo.campPoint[side][n]))
}

// AllPoints returns every point, row by row from a1.
func AllPoints() []Point {
	ps := make([]Point, NumPoints)
	for i := range ps {
		ps[i] = pt(i)
	}
	return ps
}

// ParsePoint reads a point name such as "e5" (letter a-m, row 1-17). Upper
// case letters and surrounding spaces are not accepted: the machine notation
// is exact. The error says what is wrong.
func ParsePoint(s string) (Point, error) {
	if len(s) < 2 || len(s) > 3 {
		return NoPoint, &ParseError{code: "bad_point", Input: s,
			en: fmt.Sprintf("%q is not a point (write a letter and a row, like e5)", s),
			zh: fmt.Sprintf("“%s”不是棋位（请写字母加行号，如 e5）", s)}
	}
	c := s[0]
	if c < 'a' || c > 'z' {
		return NoPoint, &ParseError{code: "bad_point", Input: s,
			en: fmt.Sprintf("%q is not a point: it must start with a letter a-m", s),
			zh: fmt.Sprintf("“%s”不是棋位：应以字母 a-m 开头", s)}
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '0' || s[1] == '+' || s[1] == '-' {
		return NoPoint, &ParseError{code: "bad_point", Input: s,
			en: fmt.Sprintf("%q is not a point: the row must be a number 1-17", s),
			zh: fmt.Sprintf("“%s”不是棋位：行号应为 1-17", s)}
	}
	p, ok := PointAt(row, int(c-'a'))
	if !ok {
		return NoPoint, &ParseError{code: "off_board", Input: s,
			en: fmt.Sprintf("%s is off the board", s),
			zh: fmt.Sprintf("%s 不在棋盘上", s)}
	}
	return p, nil
}

// absolute directions on the board, in doubled coordinates.
const (
	dirE  = iota // (r, x+2)
	dirW         // (r, x-2)
	dirNE        // (r+1, x+1)
	dirNW        // (r+1, x-1)
	dirSE        // (r-1, x+1)
	dirSW        // (r-1, x-1)
)

var dirDelta = [6][2]int{{0, 2}, {0, -2}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// opposite absolute direction.
var oppDir = [6]int{dirW, dirE, dirSW, dirSE, dirNW, dirNE}

// geometry holds the tables derived from starRows and campLayout.
type geometry struct {
	row, col, x [NumPoints]int8
	rowStart    []int
	nb          [NumPoints][6]int8 // neighbour index or -1
	camp        [NumPoints]int8    // owner*10+number, or -1
	campPoint   [2][10]int8
}

var geo = buildGeometry(starRows, campLayout)

// buildGeometry derives the board from the row lengths and camp layout. It
// panics if the data does not describe NumPoints points or if the camps do
// not fit the end rows: that is a programming error in the tables above.
func buildGeometry(rows []int, layout [][]int) *geometry {
	g := &geometry{}
	total := 0
	for _, n := range rows {
		total += n
	}
	if total != NumPoints {
		panic(fmt.Sprintf("numchess: rows hold %d points, want %d", total, NumPoints))
	}
	index := map[[2]int]int{}
	i := 0
	for r, n := range rows {
		g.rowStart = append(g.rowStart, i)
		for c := 0; c < n; c++ {
			g.row[i], g.col[i], g.x[i] = int8(r+1), int8(c), int8(2*c-(n-1))
			index[[2]int{r + 1, 2*c - (n - 1)}] = i
			i++
		}
	}
	for i := 0; i < NumPoints; i++ {
		for d, dd := range dirDelta {
			j, ok := index[[2]int{int(g.row[i]) + dd[0], int(g.x[i]) + dd[1]}]
			if !ok {
				j = -1
			}
			g.nb[i][d] = int8(j)
		}
		g.camp[i] = -1
	}
	// Red's camp: row k+1 from the tip holds layout[k] from Red's left (a).
	// Blue's camp: row 17-k holds layout[k] from Blue's left, which is the
	// high-x end of the row.
	for k, nums := range layout {
		if rows[k] != len(nums) || rows[len(rows)-1-k] != len(nums) {
			panic("numchess: camp layout does not match the end rows")
		}
		for c, n := range nums {
			red := g.rowStart[k] + c
			blue := g.rowStart[len(rows)-1-k] + len(nums) - 1 - c
			g.camp[red], g.campPoint[Red][n] = int8(n), int8(red)
			g.camp[blue], g.campPoint[Blue][n] = int8(10+n), int8(blue)
		}
	}
	return g
}

// Direction is one of the six directions named relative to the side that
// moves, as it faces the opponent (Red faces up the rows, Blue down).
type Direction uint8

// The six directions (方向术语).
const (
	Left         Direction = iota // 左平
	Right                         // 右平
	ForwardLeft                   // 左斜进
	ForwardRight                  // 右斜进
	BackLeft                      // 左斜退
	BackRight                     // 右斜退
)

var dirNames = [6][2]string{
	{"left", "左平"}, {"right", "右平"},
	{"forward-left", "左斜进"}, {"forward-right", "右斜进"},
	{"back-left", "左斜退"}, {"back-right", "右斜退"},
}

// String returns the English name, such as "forward-left".
func (d Direction) String() string { return dirNames[d%6][0] }

// Chinese returns the Chinese term, such as 左斜进.
func (d Direction) Chinese() string { return dirNames[d%6][1] }

// absDir maps a side's relative direction to the absolute one.
var absDir = [2][6]int{
	Red:  {Left: dirW, Right: dirE, ForwardLeft: dirNW, ForwardRight: dirNE, BackLeft: dirSW, BackRight: dirSE},
	Blue: {Left: dirE, Right: dirW, ForwardLeft: dirSE, ForwardRight: dirSW, BackLeft: dirNE, BackRight: dirNW},
}

// relDir is the inverse of absDir.
var relDir = func() (t [2][6]Direction) {
	for s := range absDir {
		for rel, a := range absDir[s] {
			t[s][a] = Direction(rel)
		}
	}
	return t
}()

// Neighbour returns the point next to p in direction d as side sees it, or
// NoPoint at the edge of the board.
func Neighbour(p Point, side Side, d Direction) Point {
	if !p.Valid() || d > BackRight {
		return NoPoint
	}
	j := geo.nb[p.Index()][absDir[side&1][d]]
	if j < 0 {
		return NoPoint
	}
	return pt(int(j))
}

// lineDir returns the absolute direction from a to b and the number of
// points from a to b along it, when b lies on one of a's six lines.
func lineDir(a, b int) (dir, dist int, ok bool) {
	dr := int(geo.row[b]) - int(geo.row[a])
	dx := int(geo.x[b]) - int(geo.x[a])
	switch {
	case dr == 0 && dx > 0:
		return dirE, dx / 2, true
	case dr == 0 && dx < 0:
		return dirW, -dx / 2, true
	case dr > 0 && dx == dr:
		return dirNE, dr, true
	case dr > 0 && dx == -dr:
		return dirNW, dr, true
	case dr < 0 && dx == -dr:
		return dirSE, -dr, true
	case dr < 0 && dx == dr:
		return dirSW, -dr, true
	}
	return 0, 0, false
}
