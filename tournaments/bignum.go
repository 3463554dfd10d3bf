package tournaments

import "math/bits"

// The Dutch system ranks candidate pairings by many criteria at once: each
// criterion gets a field of bits in one edge weight, the most important
// criterion in the highest bits. The weights are hundreds of bits wide, so
// they are stored as little-endian multi-word unsigned integers of one fixed
// width per pairing run, in flat arenas that the matcher reuses.

// arena holds count numbers of width words each, back to back.
type arena struct {
	width int
	data  []uint64
}

func newArena(width, count int) arena {
	return arena{width: width, data: make([]uint64, width*count)}
}

// at returns the i-th number of the arena; writes through it change the arena.
func (a arena) at(i int) []uint64 { return a.data[i*a.width : (i+1)*a.width] }

// numCmp compares two numbers of the same width: -1, 0 or +1.
func numCmp(x, y []uint64) int {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			if x[i] < y[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func numIsZero(x []uint64) bool {
	for _, w := range x {
		if w != 0 {
			return false
		}
	}
	return true
}

func numZero(x []uint64) {
	for i := range x {
		x[i] = 0
	}
}

// numAdd sets dst = x + y (dst may alias either).
func numAdd(dst, x, y []uint64) {
	var carry uint64
	for i := range dst {
		dst[i], carry = bits.Add64(x[i], y[i], carry)
	}
}

// numAddSub sets dst = x + y - z in one pass; the caller guarantees
// x + y >= z and that x + y fits.
func numAddSub(dst, x, y, z []uint64) {
	n := len(dst)
	x, y, z = x[:n], y[:n], z[:n]
	var carry, borrow uint64
	for i := range dst {
		var s uint64
		s, carry = bits.Add64(x[i], y[i], carry)
		dst[i], borrow = bits.Sub64(s, z[i], borrow)
	}
}

// numSub sets dst = x - y; the caller guarantees x >= y.
func numSub(dst, x, y []uint64) {
	var borrow uint64
	for i := range dst {
		dst[i], borrow = bits.Sub64(x[i], y[i], borrow)
	}
}

// numHalve sets dst = x / 2, rounding down.
func numHalve(dst, x []uint64) {
	for i := 0; i < len(x); i++ {
		w := x[i] >> 1
		if i+1 < len(x) {
			w |= x[i+1] << 63
		}
		dst[i] = w
	}
}

// numAddSmall adds v << shift to x.
func numAddSmall(x []uint64, v uint64, shift int) {
	word, off := shift/64, uint(shift%64)
	lo := v << off
	var hi uint64
	if off != 0 {
		hi = v >> (64 - off)
	}
	var carry uint64
	for i := word; i < len(x); i++ {
		var add uint64
		switch i {
		case word:
			add = lo
		case word + 1:
			add = hi
		}
		if add == 0 && carry == 0 {
			if i > word+1 {
				return
			}
			continue
		}
		x[i], carry = bits.Add64(x[i], add, carry)
	}
}

// numSubSmall subtracts v from x; the caller guarantees x >= v.
func numSubSmall(x []uint64, v uint64) {
	var borrow uint64
	x[0], borrow = bits.Sub64(x[0], v, 0)
	for i := 1; i < len(x) && borrow != 0; i++ {
		x[i], borrow = bits.Sub64(x[i], 0, borrow)
	}
}
