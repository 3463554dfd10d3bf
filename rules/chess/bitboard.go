package chess

import "math/bits"

// A bitboard is a set of squares, bit i for square i.

const (
	fileA        uint64 = 0x0101010101010101
	fileH        uint64 = fileA << 7
	rank1        uint64 = 0xff
	rank2        uint64 = rank1 << 8
	rank3        uint64 = rank1 << 16
	rank6        uint64 = rank1 << 40
	rank7        uint64 = rank1 << 48
	rank8        uint64 = rank1 << 56
	lightSquares uint64 = 0x55aa55aa55aa55aa
)

func bit(s Square) uint64 { return 1 << s }

func lsb(b uint64) Square { return Square(bits.TrailingZeros64(b)) }

func popCount(b uint64) int { return bits.OnesCount64(b) }

// magicEntry finds the attack set of a slider for an occupancy:
// table[offset + ((occ & mask) * magic) >> shift].
type magicEntry struct {
	mask   uint64
	magic  uint64
	offset uint32
	shift  uint8
}

// attackTables holds everything precomputed once: leaper attacks, magic
// slider tables, and the between/line sets used for pins and checks.
type attackTables struct {
	knight                 [64]uint64
	king                   [64]uint64
	pawn                   [2][64]uint64
	rook                   [64]magicEntry
	bishop                 [64]magicEntry
	slide                  []uint64
	between                [64][64]uint64 // squares strictly between two aligned squares
	line                   [64][64]uint64 // the full line through two aligned squares
	rookEmpty, bishopEmpty [64]uint64
}

var tables = buildTables()

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// rayAttacks walks from s in the given directions until a blocker (which is
// included) or the edge. It is the slow reference used to fill the tables.
func rayAttacks(s Square, occ uint64, dirs [4][2]int) uint64 {
	var a uint64
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := NewSquare(f, r)
			a |= bit(t)
			if occ&bit(t) != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return a
}

// relevantMask is the set of squares whose occupancy matters for a slider on
// s: its empty-board rays without the last square of each ray.
func relevantMask(s Square, dirs [4][2]int) uint64 {
	var m uint64
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f+d[0] >= 0 && f+d[0] < 8 && r+d[1] >= 0 && r+d[1] < 8 {
			m |= bit(NewSquare(f, r))
			f, r = f+d[0], r+d[1]
		}
	}
	return m
}

// xorshift is a small deterministic generator (Zobrist keys, and the magic
// search in magics_test.go).
type xorshift uint64

func (x *xorshift) next() uint64 {
	v := uint64(*x)
	v ^= v >> 12
	v ^= v << 25
	v ^= v >> 27
	*x = xorshift(v)
	return v * 2685821657736338717
}

// subsets lists every subset of mask (carry-rippler enumeration).
func subsets(mask uint64) []uint64 {
	out := make([]uint64, 0, 1<<popCount(mask))
	var sub uint64
	for {
		out = append(out, sub)
		sub = (sub - mask) & mask
		if sub == 0 {
			return out
		}
	}
}

// fillMagics sets up entries from the magic multipliers in magics.go and
// appends each square's attack sets to slide. It panics if a multiplier maps
// two occupancies with different attacks to one slot (a broken magics.go;
// the package tests would fail at once).
func fillMagics(entries *[64]magicEntry, dirs [4][2]int, magics *[64]uint64, slide []uint64) []uint64 {
	for s := Square(0); s < 64; s++ {
		mask := relevantMask(s, dirs)
		n := popCount(mask)
		e := magicEntry{mask: mask, magic: magics[s], shift: uint8(64 - n), offset: uint32(len(slide))}
		slide = append(slide, make([]uint64, 1<<n)...)
		filled := make([]bool, 1<<n)
		for _, occ := range subsets(mask) {
			idx := (occ * e.magic) >> e.shift
			a := rayAttacks(s, occ, dirs)
			if filled[idx] && slide[e.offset+uint32(idx)] != a {
				panic("chess: magic multiplier collision for square " + s.String())
			}
			filled[idx] = true
			slide[e.offset+uint32(idx)] = a
		}
		entries[s] = e
	}
	return slide
}

func buildTables() *attackTables {
	t := new(attackTables)
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if nf, nr := f+d[0], r+d[1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				t.knight[s] |= bit(NewSquare(nf, nr))
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if nf, nr := f+df, r+dr; (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
					t.king[s] |= bit(NewSquare(nf, nr))
				}
			}
		}
		for _, df := range []int{-1, 1} {
			if nf := f + df; nf >= 0 && nf < 8 {
				if r < 7 {
					t.pawn[White][s] |= bit(NewSquare(nf, r+1))
				}
				if r > 0 {
					t.pawn[Black][s] |= bit(NewSquare(nf, r-1))
				}
			}
		}
		t.rookEmpty[s] = rayAttacks(s, 0, rookDirs)
		t.bishopEmpty[s] = rayAttacks(s, 0, bishopDirs)
	}
	t.slide = make([]uint64, 0, 102400+5248)
	t.slide = fillMagics(&t.rook, rookDirs, &rookMagics, t.slide)
	t.slide = fillMagics(&t.bishop, bishopDirs, &bishopMagics, t.slide)
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			switch {
			case t.rookEmpty[a]&bit(b) != 0:
				t.between[a][b] = rayAttacks(a, bit(b), rookDirs) & rayAttacks(b, bit(a), rookDirs)
				t.line[a][b] = (t.rookEmpty[a]&t.rookEmpty[b] | bit(a) | bit(b))
			case t.bishopEmpty[a]&bit(b) != 0:
				t.between[a][b] = rayAttacks(a, bit(b), bishopDirs) & rayAttacks(b, bit(a), bishopDirs)
				t.line[a][b] = (t.bishopEmpty[a]&t.bishopEmpty[b] | bit(a) | bit(b))
			}
		}
	}
	return t
}

func rookAttacks(s Square, occ uint64) uint64 {
	m := &tables.rook[s]
	return tables.slide[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

func bishopAttacks(s Square, occ uint64) uint64 {
	m := &tables.bishop[s]
	return tables.slide[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}
