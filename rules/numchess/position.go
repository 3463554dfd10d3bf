package numchess

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the start position in machine notation.
const StartFEN = "r:0a1,1d4,2b4,3c4,4a4,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 1"

// Position is a board with pieces, the side to move and the move number. It
// is a value: Play returns a new Position and never changes its receiver.
// The zero Position is an empty board with Red to move at move 1.
//
// The move number counts full moves, like chess: it starts at 1 and goes up
// by one after each Blue move.
type Position struct {
	at     [NumPoints]int8 // 0 empty, else side*10+digit+1
	pieces [2][10]Point    // NoPoint when the piece is not on the board
	turn   Side
	number int
}

// Start returns the start position: every piece on its own camp number,
// Red to move, move 1.
func Start() Position {
	var p Position
	for s := Red; s <= Blue; s++ {
		for n := 0; n < 10; n++ {
			p.put(s, n, CampPoint(s, n))
		}
	}
	p.number = 1
	return p
}

func (p *Position) put(s Side, n int, q Point) {
	p.pieces[s][n] = q
	p.at[q.Index()] = int8(int(s)*10 + n + 1)
}

func (p *Position) remove(s Side, n int) {
	q := p.pieces[s][n]
	if q.Valid() {
		p.at[q.Index()] = 0
	}
	p.pieces[s][n] = NoPoint
}

// Turn returns the side to move.
func (p Position) Turn() Side { return p.turn }

// MoveNumber returns the full-move number (1 at the start).
func (p Position) MoveNumber() int {
	if p.number < 1 {
		return 1
	}
	return p.number
}

// PieceAt returns the side and number of the piece on q, or ok=false.
func (p Position) PieceAt(q Point) (s Side, n int, ok bool) {
	if !q.Valid() {
		return 0, 0, false
	}
	v := p.at[q.Index()]
	if v == 0 {
		return 0, 0, false
	}
	return Side((v - 1) / 10), int((v - 1) % 10), true
}

// Where returns the point of side's piece n, or NoPoint if it is not on
// the board.
func (p Position) Where(s Side, n int) Point {
	if n < 0 || n > 9 {
		return NoPoint
	}
	return p.pieces[s&1][n]
}

// New builds a position from piece placements (pieces[side][n] is the
// point of piece n, or NoPoint), the side to move and the move number. It
// fails if two pieces share a point or the move number is below 1.
func New(pieces [2][10]Point, turn Side, number int) (Position, error) {
	var p Position
	for s := Red; s <= Blue; s++ {
		for n, q := range pieces[s] {
			if !q.Valid() {
				continue
			}
			if os, on, ok := p.PieceAt(q); ok {
				return Position{}, occupiedErr(q, os, on, s, n)
			}
			p.put(s, n, q)
		}
	}
	if turn > Blue {
		return Position{}, &ParseError{code: "bad_side", en: "the side to move must be Red or Blue", zh: "走棋方必须是红方或蓝方"}
	}
	if number < 1 {
		return Position{}, &ParseError{code: "bad_move_number", Input: strconv.Itoa(number),
			en: "the move number must be 1 or more", zh: "回合数必须大于等于 1"}
	}
	p.turn, p.number = turn, number
	return p, nil
}

func occupiedErr(q Point, s1 Side, n1 int, s2 Side, n2 int) *ParseError {
	e1, z1 := sideName(s1)
	e2, z2 := sideName(s2)
	return &ParseError{code: "point_occupied", Input: q.String(),
		en: fmt.Sprintf("two pieces on %s: %s %d and %s %d", q, e1, n1, e2, n2),
		zh: fmt.Sprintf("%s 上有两枚棋子：%s %d 和 %s %d", q, z1, n1, z2, n2)}
}

// ParsePosition reads the machine notation
//
//	r:0a1,1d4,...;b:0a17,... r 1
//
// (Red's pieces, Blue's pieces, the side to move, the move number). Pieces
// may come in any order and a side may have fewer than ten. "start" is the
// start position. The *ParseError names the fault: "duplicate_piece" (two
// Red 7s), "off_board", "bad_point", "point_occupied" (two pieces on a
// point), "bad_side", "bad_move_number" or "syntax".
func ParsePosition(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if s == "start" {
		return Start(), nil
	}
	fields := strings.Fields(s)
	if len(fields) != 3 {
		return Position{}, syntaxErr(s, "a position is three parts: pieces, side to move, move number (r:...;b:... r 1)",
			"局面由三部分组成：棋子、走棋方、回合数（r:...;b:... r 1）")
	}
	halves := strings.Split(fields[0], ";")
	if len(halves) != 2 || !strings.HasPrefix(halves[0], "r:") || !strings.HasPrefix(halves[1], "b:") {
		return Position{}, syntaxErr(fields[0], "the pieces must be written r:...;b:...", "棋子应写成 r:...;b:...")
	}
	var pieces [2][10]Point
	for s, half := range halves {
		side := Side(s)
		list := half[2:]
		if list == "" {
			continue
		}
		for _, item := range strings.Split(list, ",") {
			if len(item) < 3 || item[0] < '0' || item[0] > '9' {
				return Position{}, syntaxErr(item, fmt.Sprintf("%q is not a piece (write its number then its point, like 7c3)", item),
					fmt.Sprintf("“%s”不是棋子（请写号码加棋位，如 7c3）", item))
			}
			n := int(item[0] - '0')
			q, err := ParsePoint(item[1:])
			if err != nil {
				pe := err.(*ParseError)
				en, zh := sideName(side)
				pe.en = fmt.Sprintf("%s %d: %s", en, n, pe.en)
				pe.zh = fmt.Sprintf("%s %d：%s", zh, n, pe.zh)
				return Position{}, pe
			}
			if pieces[side][n].Valid() {
				en, zh := sideName(side)
				return Position{}, &ParseError{code: "duplicate_piece", Input: item,
					en: fmt.Sprintf("two %s %ds (on %s and %s)", en, n, pieces[side][n], q),
					zh: fmt.Sprintf("%s有两枚 %d（在 %s 和 %s）", zh, n, pieces[side][n], q)}
			}
			pieces[side][n] = q
		}
	}
	var turn Side
	switch fields[1] {
	case "r":
		turn = Red
	case "b":
		turn = Blue
	default:
		return Position{}, &ParseError{code: "bad_side", Input: fields[1],
			en: fmt.Sprintf("the side to move must be r or b, not %q", fields[1]),
			zh: fmt.Sprintf("走棋方应为 r 或 b，而不是“%s”", fields[1])}
	}
	number, err := strconv.Atoi(fields[2])
	if err != nil || number < 1 || number > 1_000_000 {
		return Position{}, &ParseError{code: "bad_move_number", Input: fields[2],
			en: fmt.Sprintf("the move number must be a whole number from 1, not %q", fields[2]),
			zh: fmt.Sprintf("回合数应为从 1 开始的整数，而不是“%s”", fields[2])}
	}
	return New(pieces, turn, number)
}

func syntaxErr(input, en, zh string) *ParseError {
	return &ParseError{code: "syntax", Input: input, en: en, zh: zh}
}

// String returns the canonical machine notation (pieces by number).
func (p Position) String() string {
	var b strings.Builder
	for s := Red; s <= Blue; s++ {
		if s == Red {
			b.WriteString("r:")
		} else {
			b.WriteString(";b:")
		}
		first := true
		for n, q := range p.pieces[s] {
			if !q.Valid() {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteByte(byte('0' + n))
			b.WriteString(q.String())
		}
	}
	if p.turn == Red {
		b.WriteString(" r ")
	} else {
		b.WriteString(" b ")
	}
	b.WriteString(strconv.Itoa(p.MoveNumber()))
	return b.String()
}

// Diagram draws the board as text, one line per row from Blue's tip (row
// 17) down to Red's (row 1), the row number first. A piece is shown as R7
// or B3 and an empty point as "·", each at its doubled x coordinate, so the
// lines of the star line up.
func (p Position) Diagram() string {
	var b strings.Builder
	for r := len(starRows); r >= 1; r-- {
		line := []rune(strings.Repeat(" ", 52))
		for c := 0; c < starRows[r-1]; c++ {
			q, _ := PointAt(r, c)
			col := (q.X() + 12) * 2
			cell := "·"
			if s, d, ok := p.PieceAt(q); ok {
				cell = fmt.Sprintf("%c%d", "RB"[s], d)
			}
			copy(line[col:], []rune(cell))
		}
		fmt.Fprintf(&b, "%2d  %s\n", r, strings.TrimRight(string(line), " "))
	}
	return b.String()
}
