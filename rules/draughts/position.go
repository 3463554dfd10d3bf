package draughts

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Color is a side: White (moves first, starts on 31-50) or Black.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opposing color.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black".
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Piece is what stands on a square.
type Piece uint8

// The pieces; NoPiece marks an empty square.
const (
	NoPiece Piece = iota
	WhiteMan
	WhiteKing
	BlackMan
	BlackKing
)

// Color returns the piece's side; it is meaningless for NoPiece.
func (p Piece) Color() Color {
	if p >= BlackMan {
		return Black
	}
	return White
}

// IsKing reports whether p is a king.
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// Position is a board and the side to move. It is a small comparable value:
// use == to compare positions and as a map key. The zero value is an empty
// board with White to move; build real positions with Initial or ParseFEN.
type Position struct {
	side  [2]uint64 // pieces of White and Black
	kings uint64    // kings of both sides
	turn  Color
}

// InitialFEN is the starting position: White on 31-50, Black on 1-20, White
// to move.
const InitialFEN = "W:W31-50:B1-20"

// Initial returns the starting position.
func Initial() Position {
	var p Position
	for s := Square(1); s <= 20; s++ {
		p.side[Black] |= bit(int(bitOf(s)))
	}
	for s := Square(31); s <= 50; s++ {
		p.side[White] |= bit(int(bitOf(s)))
	}
	return p
}

// Turn returns the side to move.
func (p Position) Turn() Color { return p.turn }

// At returns the piece on s, NoPiece when it is empty.
func (p Position) At(s Square) Piece {
	if s < 1 || s > 50 {
		return NoPiece
	}
	b := bit(int(bitOf(s)))
	switch {
	case p.side[White]&b != 0 && p.kings&b != 0:
		return WhiteKing
	case p.side[White]&b != 0:
		return WhiteMan
	case p.side[Black]&b != 0 && p.kings&b != 0:
		return BlackKing
	case p.side[Black]&b != 0:
		return BlackMan
	}
	return NoPiece
}

// Count returns how many men and kings c has.
func (p Position) Count(c Color) (men, kings int) {
	k := bits.OnesCount64(p.side[c] & p.kings)
	return bits.OnesCount64(p.side[c]) - k, k
}

// Squares returns the squares holding c's men and c's kings, ascending.
func (p Position) Squares(c Color) (men, kings []Square) {
	return squaresOf(p.side[c] &^ p.kings), squaresOf(p.side[c] & p.kings)
}

// ParseFEN reads a PDN FEN string such as "W:W31-50:B1-20" or
// "B:WK4,28:B12,K46". The first field is the side to move; each piece field
// starts with W or B and lists squares separated by commas, with K before a
// king and a-b for a range (K before a range makes all of it kings). Spaces,
// a trailing '.', surrounding quotes and move-counter fields such as ":H0:F1"
// are tolerated. It returns a *FormatError naming the square or token when
// the string is malformed, a square is used twice, or a man stands on its
// own crowning row (it would have been crowned).
func ParseFEN(s string) (Position, error) {
	var p Position
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "\"")
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	s = strings.ReplaceAll(s, " ", "")
	if s == "" {
		return p, fenError("the string is empty", "字符串为空")
	}
	fields := strings.Split(s, ":")
	switch strings.ToUpper(fields[0]) {
	case "W":
		p.turn = White
	case "B":
		p.turn = Black
	case "?":
		return p, fenError(`the side to move is not known ("?"): write W or B`, "行棋方未知（“?”）：请写 W 或 B")
	default:
		return p, fenError(fmt.Sprintf("the side to move must be W or B, not %q", fields[0]), fmt.Sprintf("行棋方必须是 W 或 B，而不是 %q", fields[0]))
	}
	if len(fields) > 2 && len(fields[1]) == 1 && strings.ContainsAny(fields[1], "WBwb") {
		// "W:B:W31-50:B1-20": an old prefix with two side letters.
		for _, f := range fields[2:] {
			if f != "" && strings.EqualFold(f[:1], fields[1]) {
				return p, fenError(fmt.Sprintf("it starts with two side letters (%s:%s:): which side moves is not clear; keep only the side to move, as in %s:W31-50:B1-20", fields[0], fields[1], fields[0]),
					fmt.Sprintf("开头有两个行棋方字母（%s:%s:），无法判断轮到哪一方；只保留行棋方，例如 %s:W31-50:B1-20", fields[0], fields[1], fields[0]))
			}
		}
	}
	seen := [2]bool{}
	for _, f := range fields[1:] {
		if f == "" {
			return p, fenError("empty field", "有空字段")
		}
		if isCounterField(f) {
			continue // Lidraughts-style ":H0:F1" move counters carry no position
		}
		var c Color
		switch f[0] {
		case 'W', 'w':
			c = White
		case 'B', 'b':
			c = Black
		default:
			return p, fenError(fmt.Sprintf("a piece field must start with W or B, not %q", f[:1]), fmt.Sprintf("棋子字段必须以 W 或 B 开头，而不是 %q", f[:1]))
		}
		if seen[c] {
			return p, fenError(fmt.Sprintf("%s pieces are listed twice", c), fmt.Sprintf("%s的棋子出现了两次", colorZh(c)))
		}
		seen[c] = true
		if len(f) == 1 {
			continue
		}
		// A trailing comma ("W31,32,") is a common slip of hand-written FEN.
		for _, item := range strings.Split(strings.TrimSuffix(f[1:], ","), ",") {
			if err := p.addFENItem(c, item); err != nil {
				return Position{}, err
			}
		}
	}
	return p, nil
}

// isCounterField reports whether f is a halfmove (H12) or move number (F3)
// field, which some programs append to the FEN.
func isCounterField(f string) bool {
	if len(f) < 2 || (f[0] != 'H' && f[0] != 'F') {
		return false
	}
	for _, r := range f[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func colorZh(c Color) string {
	_, zh := colorName(c)
	return zh
}

// addFENItem places one list item ("K12", "31-35", "K1-3") for c.
func (p *Position) addFENItem(c Color, item string) error {
	king := false
	if item != "" && (item[0] == 'K' || item[0] == 'k') {
		king, item = true, item[1:]
	}
	if item == "" {
		return fenError("missing square number", "缺少格子编号")
	}
	lo, hi, isRange := strings.Cut(item, "-")
	a, err := fenSquare(lo)
	if err != nil {
		return err
	}
	b := a
	if isRange {
		if b, err = fenSquare(hi); err != nil {
			return err
		}
		if b < a {
			return fenError(fmt.Sprintf("range %s runs backwards", item), fmt.Sprintf("范围 %s 顺序颠倒", item))
		}
	}
	for s := a; s <= b; s++ {
		m := bit(int(bitOf(s)))
		if (p.side[White]|p.side[Black])&m != 0 {
			return fenError(fmt.Sprintf("square %d is listed twice", s), fmt.Sprintf("格子 %d 出现了两次", s))
		}
		if !king && ((c == White && m&whiteCrown != 0) || (c == Black && m&blackCrown != 0)) {
			return fenError(fmt.Sprintf("a %s man on square %d would already have been crowned", c, s), fmt.Sprintf("%s的兵在 %d 格应已升变为王", colorZh(c), s))
		}
		p.side[c] |= m
		if king {
			p.kings |= m
		}
	}
	return nil
}

func fenSquare(t string) (Square, error) {
	n, err := strconv.Atoi(t)
	if err != nil || len(t) > 2 || t[0] == '+' || t[0] == '-' {
		return 0, fenError(fmt.Sprintf("%q is not a square number", t), fmt.Sprintf("%q 不是格子编号", t))
	}
	s, ok := NewSquare(n)
	if !ok {
		return 0, fenError(fmt.Sprintf("there is no square %d (squares are 1-50)", n), fmt.Sprintf("没有第 %d 格（格子编号为 1-50）", n))
	}
	return s, nil
}

// FEN returns the canonical FEN of p: side to move, then White's and Black's
// squares in ascending order without ranges, kings prefixed with K, for
// example "W:W31,32,33,...,50:B1,2,...,20".
func (p Position) FEN() string {
	var sb strings.Builder
	sb.Grow(160)
	if p.turn == White {
		sb.WriteString("W")
	} else {
		sb.WriteString("B")
	}
	for _, c := range [2]Color{White, Black} {
		if c == White {
			sb.WriteString(":W")
		} else {
			sb.WriteString(":B")
		}
		bb := p.side[c]
		first := true
		for bb != 0 {
			b := bits.TrailingZeros64(bb)
			bb &= bb - 1
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if p.kings&bit(b) != 0 {
				sb.WriteByte('K')
			}
			sb.WriteString(strconv.Itoa(int(squareOf(b))))
		}
	}
	return sb.String()
}

// String returns the FEN of p.
func (p Position) String() string { return p.FEN() }
