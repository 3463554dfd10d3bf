package chess

import rc "qixue/rules/chess"

// Score bounds stored in the transposition table.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one slot of the transposition table (16 bytes).
type ttEntry struct {
	key   uint64
	move  rc.Move
	score int16
	depth int8
	bound uint8
}

// table is a transposition table of a power-of-two number of entries,
// always replaced unless the old entry is of the same position and
// deeper.
type table struct {
	entries []ttEntry
	mask    uint64
}

func newTable(sizeLog2 int) *table {
	n := 1 << sizeLog2
	return &table{entries: make([]ttEntry, n), mask: uint64(n - 1)}
}

func (t *table) clear() { clear(t.entries) }

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *table) store(key uint64, m rc.Move, score, depth int, bound uint8) {
	e := &t.entries[key&t.mask]
	if e.key == key && int(e.depth) > depth && bound != boundExact {
		return
	}
	if m == (rc.Move{}) && e.key == key {
		m = e.move
	}
	*e = ttEntry{key: key, move: m, score: int16(score), depth: int8(depth), bound: bound}
}

// toTT and fromTT move mate scores between "plies from the root" and
// "plies from this node", so that a stored mate is right wherever the
// position recurs.
func toTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
