package draughts

import "math/bits"

// The board is stored as bitboards over a padded layout: square s (1-50) has
// bit index s-1+(s-1)/10, so one unused "ghost" bit sits after every second
// row (bits 10, 21, 32 and 43). With that padding the four diagonal
// neighbours of every square are at the constant offsets -6 (up-left),
// -5 (up-right), +5 (down-left) and +6 (down-right); stepping off the left or
// right edge lands on a ghost bit and stepping off the top or bottom leaves
// the 54-bit range, so neither can ever hold a piece.

const (
	numBits  = 54
	allBits  = uint64(1)<<numBits - 1
	ghosts   = uint64(1)<<10 | uint64(1)<<21 | uint64(1)<<32 | uint64(1)<<43
	boardBit = allBits &^ ghosts // the 50 playable squares

	// Crown rows: White promotes on 1-5 (bits 0-4), Black on 46-50 (bits 49-53).
	whiteCrown = uint64(0x1f)
	blackCrown = uint64(0x1f) << 49
)

// dirs are the four diagonal offsets in bit space: up-left, up-right,
// down-left, down-right. White men move "up", Black men "down".
var dirs = [4]int{-6, -5, 5, 6}

// Square is one of the 50 playable squares, numbered 1-50 from the top left
// (Black's side) as in PDN. The zero value is not a square.
type Square uint8

// NewSquare returns the square numbered n, or false when n is not in 1-50.
func NewSquare(n int) (Square, bool) {
	if n < 1 || n > 50 {
		return 0, false
	}
	return Square(n), true
}

// Number returns the square's PDN number, 1-50.
func (s Square) Number() int { return int(s) }

// Row returns the square's row, 0 (Black's back row, squares 1-5) to 9
// (White's back row, squares 46-50).
func (s Square) Row() int { return (int(s) - 1) / 5 }

// Col returns the square's column, 0 (left) to 9 (right), seen from White.
func (s Square) Col() int {
	r, i := s.Row(), (int(s)-1)%5
	if r%2 == 0 {
		return 2*i + 1
	}
	return 2 * i
}

// bitOf returns the bit index of square s.
func bitOf(s Square) uint8 { return uint8(int(s) - 1 + (int(s)-1)/10) }

// squareOf returns the square of bit index b (which must not be a ghost).
func squareOf(b int) Square { return Square(b - b/11 + 1) }

// bit returns the single-bit mask of bit index b; it is 0 for any index
// outside 0-63, so callers may step off the board freely.
func bit(b int) uint64 { return uint64(1) << uint(b) }

// squaresOf lists the squares of a bitboard in ascending order.
func squaresOf(bb uint64) []Square {
	out := make([]Square, 0, bits.OnesCount64(bb))
	for bb != 0 {
		b := bits.TrailingZeros64(bb)
		bb &= bb - 1
		out = append(out, squareOf(b))
	}
	return out
}
