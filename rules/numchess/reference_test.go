package numchess

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// referenceDestinations is a slow, direct reading of the rules: it tries
// every sequence of spans up to maxSeg segments from the piece's start
// (depth-first, no memo), keeping the values every segment so far can
// make, and collects the points where a legal move may end. It shares only
// the board tables and the value sets (Engine.meet, has, firstTwo) with
// the engine.
func referenceDestinations(eng *Engine, pos Position, n int, maxSeg int) map[int]bool {
	ctx := context.Background()
	side := pos.Turn()
	s := pos.Where(side, n).Index()
	occ := func(i int) bool { return i != s && pos.at[i] != 0 }
	type span struct {
		to, dir, k int
		key        uint64
	}
	spans := func(p int) []span {
		var out []span
		for d := 0; d < 6; d++ {
			var nums []int
			for j := int(geo.nb[p][d]); j >= 0; j = int(geo.nb[j][d]) {
				if !occ(j) {
					continue
				}
				nums = append(nums, int(pos.at[j]-1)%10)
				if nx := int(geo.nb[j][d]); nx >= 0 && !occ(nx) {
					out = append(out, span{nx, d, len(nums), multisetKey(nums)})
				}
			}
		}
		return out
	}
	dest := map[int]bool{}
	// steps and hops
	for d := 0; d < 6; d++ {
		j := int(geo.nb[s][d])
		if j < 0 {
			continue
		}
		if !occ(j) {
			dest[j] = true
		} else if k := int(geo.nb[j][d]); k >= 0 && !occ(k) {
			dest[k] = true
		}
	}
	// walk follows chains from p after segs segments with common values
	// vals; longs holds the multisets of the segments so far while all of
	// them span more than ExplicitSpanMax pieces (nil otherwise), whose
	// common values a later short segment supplies. front is set after a
	// 前跟 (the second segment spanned straight back over the first): the
	// next segment must span other pieces than the first.
	var walk func(p int, vals []int32, segs int, first span, longs []uint64, front bool)
	walk = func(p int, vals []int32, segs int, first span, longs []uint64, front bool) {
		if segs >= maxSeg {
			return
		}
		for _, sp := range spans(p) {
			if front && sp.dir == first.dir && sp.k == first.k {
				continue // the same pieces as the first segment, again
			}
			var w []int32
			if segs == 1 {
				var v1 []int32
				if explicit(first.key) {
					v1 = eng.vals(ctx, first.key)
				}
				w = eng.firstTwo(ctx, first.key, v1, sp.key)
			} else {
				w = eng.meet(ctx, vals, sp.key)
			}
			var next []uint64
			if longs != nil {
				if !explicit(sp.key) {
					next = append(slices.Clone(longs), sp.key)
				} else if segs >= 2 {
					x := eng.vals(ctx, sp.key)
					for _, k := range longs {
						x = eng.meet(ctx, x, k)
					}
					w = union(w, x)
				}
			}
			if len(w) == 0 && next == nil {
				continue
			}
			frontFollow := segs == 1 && sp.dir == oppDir[first.dir] && sp.k == first.k
			if len(w) > 0 && !frontFollow && sp.to != s {
				dest[sp.to] = true
			}
			walk(sp.to, w, segs+1, first, next, frontFollow)
		}
	}
	for _, sp := range spans(s) {
		if eng.has(ctx, sp.key, int32(n)) {
			dest[sp.to] = true // single span
		}
		if eng.rs.Chains {
			var longs []uint64
			if !explicit(sp.key) {
				longs = []uint64{sp.key}
			}
			walk(sp.to, nil, 1, sp, longs, false)
		}
	}
	if eng.rs.FivePieceRule {
		for q := range dest {
			if fillsLastPoint(pos, side, pt(s), pt(q)) {
				delete(dest, q)
			}
		}
	}
	return dest
}

// TestChainSearchMatchesReference compares the engine's destinations with
// the brute-force reference on random mid-game and crowded positions, with
// chains limited to 3 segments (the reference is exponential).
func TestChainSearchMatchesReference(t *testing.T) {
	for _, rs := range []Ruleset{G23(), G46()} {
		rs.MaxChainSegments = refSegs
		compareWithReference(t, NewEngine(rs))
	}
}

// TestLongChainSearchMatchesReference repeats the comparison on positions
// packed on three rows, where segments over six or more pieces are common,
// with chains of up to 3 segments (long lines make the reference slow).
func TestLongChainSearchMatchesReference(t *testing.T) {
	mulDiv := G46()
	mulDiv.Name, mulDiv.Add, mulDiv.Sub = "MulDiv", false, false
	positions := packedRows(t, 3)
	if sampled() {
		positions = positions[:1]
	}
	for _, rs := range []Ruleset{G46(), mulDiv} {
		rs.MaxChainSegments = 3
		compareOn(t, NewEngine(rs), positions)
	}
}

func compareWithReference(t *testing.T, eng *Engine) {
	rng := rand.New(rand.NewPCG(11, 12))
	positions := []Position{crowded(t)}
	for i := 0; i < refPositions; i++ {
		positions = append(positions, randomPosition(rng, 12+rng.IntN(9)))
	}
	compareOn(t, eng, positions)
}

func compareOn(t *testing.T, eng *Engine, positions []Position) {
	refSegs := eng.rs.maxSegments()
	chains := 0
	for _, pos := range positions {
		for n := 0; n < 10; n++ {
			if !pos.Where(pos.Turn(), n).Valid() {
				continue
			}
			want := referenceDestinations(eng, pos, n, refSegs)
			var g genScratch
			eng.destinations(&g, &pos, n)
			got := map[int]bool{}
			for _, q := range g.list {
				got[q] = true
				if g.dest[q] == ChainSpan {
					chains++
				}
			}
			for q := range want {
				if !got[q] {
					t.Errorf("%s: piece %d can reach %s (reference) but the engine misses it", pos, n, pt(q))
				}
			}
			for q := range got {
				if !want[q] {
					t.Errorf("%s: the engine lets piece %d reach %s, the reference does not", pos, n, pt(q))
				}
			}
		}
	}
	if chains == 0 {
		t.Errorf("no chain destinations: the test is too weak")
	}
}

// randomPosition scatters n pieces of each side over the middle rows.
func randomPosition(rng *rand.Rand, n int) Position {
	var cells []Point
	for _, q := range AllPoints() {
		if q.Row() >= 4 && q.Row() <= 14 {
			cells = append(cells, q)
		}
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	var pieces [2][10]Point
	k := 0
	for s := 0; s < 2; s++ {
		for _, d := range rng.Perm(10)[:n%11] {
			pieces[s][d] = cells[k]
			k++
		}
	}
	p, _ := New(pieces, Side(rng.IntN(2)), 10)
	return p
}

// refSegs and refPositions size the reference comparison; raise them by
// hand for a longer check (6 segments and 200 positions passed).
var refSegs, refPositions = 4, 12
