package gomoku

import (
	"fmt"
	"strings"
)

// numLines is the number of lines: 15 rows, 15 columns, 29 diagonals and
// 29 anti-diagonals.
const numLines = 2*Size + 2*(2*Size-1)

// linePad is the number of off-board cells kept on each side of a line
// mask, so that an 11-cell window around any point can be read with one
// shift.
const linePad = 5

// geometry maps each point and direction to its line and its position on
// that line; offBoard holds, per line, the mask bits that are off the board.
var geometry = func() (g struct {
	line     [4][NumPoints]uint8
	pos      [4][NumPoints]uint8
	offBoard [numLines]uint32
}) {
	var length [numLines]int
	for i := range NumPoints {
		c, r := i%Size, i/Size
		lines := [4]int{r, Size + c, 2*Size + (c - r + Size - 1), 2*Size + 2*Size - 1 + (c + r)}
		pos := [4]int{c, r, min(r, c), c - max(0, c+r-(Size-1))}
		for d := range 4 {
			g.line[d][i] = uint8(lines[d])
			g.pos[d][i] = uint8(pos[d])
			length[lines[d]]++
		}
	}
	for l := range numLines {
		on := uint32(1)<<length[l] - 1
		g.offBoard[l] = ^(on << linePad)
	}
	return g
}()

// Board is a 15x15 gomoku board: which stones stand where. It knows
// nothing of whose turn it is; Game adds the history. The zero value is
// the empty board.
type Board struct {
	cells [NumPoints]Colour
	lines [2][numLines]uint32 // stone masks per colour (Black=0, White=1), bit pos+linePad
	count int
}

// At returns the colour of the stone on p, or Empty.
func (b *Board) At(p Point) Colour { return b.cells[p.i] }

// Stones returns the number of stones on the board.
func (b *Board) Stones() int { return b.count }

// Full reports whether every point is occupied.
func (b *Board) Full() bool { return b.count == NumPoints }

// Put places a stone of colour c on p. It returns an *Error with code
// "occupied" when p is not empty. Put does not check any rule; use
// Game.Play for a move.
func (b *Board) Put(p Point, c Colour) error {
	if c != Black && c != White {
		return errf("bad_colour", "only black or white stones can be placed", "只能放黑子或白子")
	}
	if b.cells[p.i] != Empty {
		return errOccupied(p)
	}
	b.set(int(p.i), c)
	return nil
}

// Remove takes the stone off p (used for the fifth-move offer). It returns
// an *Error with code "empty_point" when p is empty.
func (b *Board) Remove(p Point) error {
	if b.cells[p.i] == Empty {
		return errf("empty_point", fmt.Sprintf("there is no stone on %s", p),
			fmt.Sprintf("%s上没有棋子", p))
	}
	b.clear(int(p.i))
	return nil
}

func errOccupied(p Point) *Error {
	return errf("occupied", fmt.Sprintf("%s already has a stone on it", p), fmt.Sprintf("%s已经有棋子了", p))
}

func (b *Board) set(i int, c Colour) {
	b.cells[i] = c
	b.count++
	s := int(c - 1)
	for d := range 4 {
		b.lines[s][geometry.line[d][i]] |= 1 << (uint32(geometry.pos[d][i]) + linePad)
	}
}

func (b *Board) clear(i int) {
	c := b.cells[i]
	b.cells[i] = Empty
	b.count--
	s := int(c - 1)
	for d := range 4 {
		b.lines[s][geometry.line[d][i]] &^= 1 << (uint32(geometry.pos[d][i]) + linePad)
	}
}

// window returns the 11 cells centred on point i along d from c's point of
// view: own stones and blocked cells (opponent stones or off the board) as
// 11-bit masks, bit 5 being i itself (cleared in both).
func (b *Board) window(c Colour, d Direction, i int) (own, blocked uint32) {
	l := geometry.line[d][i]
	pos := uint32(geometry.pos[d][i])
	s := int(c - 1)
	own = (b.lines[s][l] >> pos) & 0x7ff &^ (1 << 5)
	blocked = ((b.lines[1-s][l] | geometry.offBoard[l]) >> pos) & 0x7ff &^ (1 << 5)
	return own, blocked
}

// ParseBoard reads a board diagram: 15 rows from row 15 down to row 1,
// each of 15 characters '.' (empty), 'x' (black) or 'o' (white), joined by
// '/'. Upper-case X and O are accepted. It returns an *Error with code
// "bad_board" saying which row is wrong.
func ParseBoard(s string) (*Board, error) {
	rows := strings.Split(strings.TrimSpace(s), "/")
	if len(rows) != Size {
		return nil, errf("bad_board", fmt.Sprintf("a board has 15 rows joined by '/', this one has %d", len(rows)),
			fmt.Sprintf("棋盘应有15行并用“/”分隔，这里有%d行", len(rows)))
	}
	b := &Board{}
	for k, row := range rows {
		r := Size - 1 - k
		if len(row) != Size {
			return nil, errf("bad_board", fmt.Sprintf("row %d has %d characters, it needs 15", r+1, len(row)),
				fmt.Sprintf("第%d行有%d个字符，应为15个", r+1, len(row)))
		}
		for c := range Size {
			switch row[c] {
			case '.':
			case 'x', 'X':
				b.set(r*Size+c, Black)
			case 'o', 'O':
				b.set(r*Size+c, White)
			default:
				return nil, errf("bad_board", fmt.Sprintf("row %d has %q; use '.', 'x' or 'o'", r+1, row[c]),
					fmt.Sprintf("第%d行有字符“%c”，只能用“.”、“x”或“o”", r+1, row[c]))
			}
		}
	}
	return b, nil
}

// String returns the board in the diagram form ParseBoard reads.
func (b *Board) String() string {
	var sb strings.Builder
	for r := Size - 1; r >= 0; r-- {
		for c := range Size {
			switch b.cells[r*Size+c] {
			case Black:
				sb.WriteByte('x')
			case White:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}
