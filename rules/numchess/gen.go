package numchess

import (
	"context"
	"slices"

	"qixue/rules/numchess/arith"
)

// edge is one span from a point: along absolute direction dir over the first
// k pieces met (gaps allowed), landing on point to; key is the multiset of
// the spanned numbers.
type edge struct {
	to, dir, k int8
	key        uint64
}

// genScratch is the working memory of one move generation.
type genScratch struct {
	ctx   context.Context // gives up when done (nil: never)
	short bool            // leave out segments over more than ExplicitSpanMax pieces
	pos   *Position
	start int // the mover's point (empty while it moves)
	stamp [NumPoints]int
	epoch int
	edges [NumPoints][]edge

	dest  [NumPoints]Kind
	found [NumPoints]bool
	list  []int // destinations found, in discovery order

	// chain search
	seen     [NumPoints][]int32 // values with which a point was reached after 2+ segments
	depth    [NumPoints]int     // first chain depth that reached the point (0: none)
	first    [NumPoints][]int32 // the values that reached it at that depth
	layer    [NumPoints][]int32 // values new at this point in the current layer
	touched  []int
	nlayer   [NumPoints][]int32
	ntouched []int
}

func (g *genScratch) occupied(i int) bool { return i != g.start && g.pos.at[i] != 0 }

// edgesFrom returns the spans from point p, with the mover lifted.
func (g *genScratch) edgesFrom(p int) []edge {
	if g.stamp[p] == g.epoch {
		return g.edges[p]
	}
	es := g.edges[p][:0]
	for d := 0; d < 6; d++ {
		j, k := p, 0
		var key uint64
		for {
			j = int(geo.nb[j][d])
			if j < 0 {
				break
			}
			if !g.occupied(j) {
				continue
			}
			k++
			if g.short && k > ExplicitSpanMax {
				break
			}
			key += 1 << (4 * uint((g.pos.at[j]-1)%10))
			if nx := int(geo.nb[j][d]); nx >= 0 && !g.occupied(nx) {
				es = append(es, edge{to: int8(nx), dir: int8(d), k: int8(k), key: key})
			}
		}
	}
	g.edges[p] = es
	g.stamp[p] = g.epoch
	return es
}

// keyDigits expands a multiset key into its digits, ascending.
func keyDigits(key uint64) []int {
	var ds []int
	for d := 0; d < 10; d++ {
		for c := (key >> (4 * uint(d))) & 15; c > 0; c-- {
			ds = append(ds, d)
		}
	}
	return ds
}

// ExplicitSpanMax is the largest number of pieces in one span segment
// whose values the engine lists in full for move generation. Beyond it the
// lists grow too fast (a G46 segment over 6 pieces makes about 90,000
// values, over 7 several hundred thousand), so for a longer segment the
// engine asks the solver's exact decisions about the values it needs
// instead (arith.Solver.CanMake for one value, arith.Solver.Meet for a
// list), whatever they are (fractions, negatives, large numbers):
//
//   - a single span asks about the mover's number;
//   - a chain takes its candidate common values from a segment of at most
//     ExplicitSpanMax pieces and asks every longer segment about them.
//
// A chain whose first segments all span more than ExplicitSpanMax pieces
// takes its candidate values from its first shorter segment. Move
// generation is therefore exact except in one case: when every segment of
// a chain spans more than ExplicitSpanMax pieces, the common values tried
// are the whole numbers −9..30 only (0..30 without negatives; see
// probeValues). Play checks every move exactly and accepts such a chain
// with any common value.
const ExplicitSpanMax = 5

// probeValues returns the common values tried for a chain whose segments
// all span more than ExplicitSpanMax pieces: the whole numbers
// 0 to 30 and, when the ruleset allows negative values, −1 to −9.
func (e *Engine) probeValues() []int32 {
	e.probeOnce.Do(func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		lo := int64(0)
		if e.rs.Negative {
			lo = -9
		}
		for v := lo; v <= 30; v++ {
			e.probes = append(e.probes, e.intern(arith.Int(v)))
		}
		slices.Sort(e.probes)
	})
	return e.probes
}

func keySize(key uint64) int {
	n := 0
	for d := 0; d < 10; d++ {
		n += int(key>>(4*uint(d))) & 15
	}
	return n
}

// explicit reports whether the engine lists the values of the multiset
// key in full (at most ExplicitSpanMax pieces).
func explicit(key uint64) bool { return keySize(key) <= ExplicitSpanMax }

func (e *Engine) vals(ctx context.Context, key uint64) []int32 {
	return e.reachable(ctx, key, keyDigits(key))
}

// has reports whether the multiset key can make the value id.
func (e *Engine) has(ctx context.Context, key uint64, id int32) bool {
	if explicit(key) {
		return contains(e.vals(ctx, key), id)
	}
	return e.canMake(ctx, key, id)
}

// meet returns the values of ascending ids that the multiset key can make.
func (e *Engine) meet(ctx context.Context, ids []int32, key uint64) []int32 {
	if explicit(key) {
		return intersect(ids, e.vals(ctx, key))
	}
	return e.meetLong(ctx, ids, key)
}

// firstTwo returns the common values of a chain whose first two segments
// span the multisets k1 and k2: the values of whichever is listed in full
// that the other makes, or, when both are long, the probe values both
// make (see ExplicitSpanMax). v1 is k1's value list when k1 is listed in
// full (nil otherwise).
func (e *Engine) firstTwo(ctx context.Context, k1 uint64, v1 []int32, k2 uint64) []int32 {
	switch {
	case explicit(k1):
		return e.meet(ctx, v1, k2)
	case explicit(k2):
		return e.meet(ctx, e.vals(ctx, k2), k1)
	}
	return e.meet(ctx, e.meet(ctx, e.probeValues(), k1), k2)
}

func (g *genScratch) mark(to int, k Kind) {
	if !g.found[to] {
		g.found[to] = true
		g.dest[to] = k
		g.list = append(g.list, to)
	}
}

// destinations finds every point piece n of the side to move can reach,
// with the simplest move rule that gets there, and leaves them in g.list.
func (e *Engine) destinations(g *genScratch, pos *Position, n int) {
	if g.ctx == nil {
		g.ctx = context.Background()
	}
	stopOn(g.ctx.Err())
	side := pos.turn
	s := pos.pieces[side][n].Index()
	g.pos, g.start = pos, s
	g.epoch++
	for _, i := range g.list {
		g.found[i] = false
	}
	g.list = g.list[:0]
	for d := 0; d < 6; d++ {
		j := int(geo.nb[s][d])
		if j < 0 {
			continue
		}
		if !g.occupied(j) {
			g.mark(j, Step)
		} else if k := int(geo.nb[j][d]); k >= 0 && !g.occupied(k) {
			g.mark(k, Hop)
		}
	}
	target := int32(n) // NewEngine interns 0-9 first
	for _, ed := range g.edgesFrom(s) {
		if !g.found[ed.to] && e.has(g.ctx, ed.key, target) {
			g.mark(int(ed.to), SingleSpan)
		}
	}
	if e.rs.Chains && e.rs.maxSegments() >= 2 {
		e.chainSearch(g)
	}
	if e.rs.FivePieceRule {
		from := pt(s)
		out := g.list[:0]
		for _, to := range g.list {
			if fillsLastPoint(*pos, side, from, pt(to)) {
				g.found[to] = false
				continue
			}
			out = append(out, to)
		}
		g.list = out
	}
}

// chainSearch finds every point reachable by a chain span: a breadth-first
// search over (point, value) pairs, layer by layer up to the ruleset's
// segment limit, that carries for each point the set of values it was
// reached with. The 前跟 rule needs one more bit of state: after a first
// segment, spanning straight back over it leads to a "pending" state that
// may not end the move and may continue only over other pieces (not
// straight back again).
func (e *Engine) chainSearch(g *genScratch) {
	s := g.start
	maxSeg := e.rs.maxSegments()
	for _, i := range g.touched {
		g.layer[i] = nil
	}
	g.touched = g.touched[:0]
	for i := range g.seen {
		g.seen[i] = g.seen[i][:0]
		g.depth[i] = 0
		g.first[i] = nil
	}
	var pending []int
	var pendingVals [][]int32
	var pendingBan []edge // the segment a pending state may not span next
	var long longChains
	// Layer 2 from each first segment.
	for _, e1 := range g.edgesFrom(s) {
		short1 := int(e1.k) <= ExplicitSpanMax
		var v1 []int32
		if short1 {
			v1 = e.vals(g.ctx, e1.key)
		}
		l := int(e1.to)
		for _, e2 := range g.edgesFrom(l) {
			var w []int32
			if short1 && int(e2.k) <= ExplicitSpanMax {
				w = intersect(v1, e.vals(g.ctx, e2.key))
			} else {
				w = e.firstTwo(g.ctx, e1.key, v1, e2.key)
				if !short1 && int(e2.k) > ExplicitSpanMax {
					var ban edge
					if frontFollow(e1, e2) {
						ban = e1
					}
					long.add(int(e2.to), []uint64{e1.key}, e2.key, ban)
				}
			}
			if len(w) == 0 {
				continue
			}
			if frontFollow(e1, e2) {
				pending = append(pending, int(e2.to))
				pendingVals = append(pendingVals, w)
				pendingBan = append(pendingBan, e1)
				continue
			}
			g.reach(int(e2.to), w, 2)
		}
	}
	for d := 2; d < maxSeg; d++ {
		// Expand the current layer (and, after layer 2, the pending 前跟
		// states) into layer d+1.
		g.ntouched = g.ntouched[:0]
		from := slices.Clone(g.touched)
		for _, p := range from {
			f := g.layer[p]
			for _, ed := range g.edgesFrom(p) {
				if w := e.meet(g.ctx, f, ed.key); len(w) > 0 {
					g.reachNext(int(ed.to), w, d+1)
				}
			}
		}
		if d == 2 {
			for i, p := range pending {
				for _, ed := range g.edgesFrom(p) {
					if banned(pendingBan[i], ed) {
						continue
					}
					if w := e.meet(g.ctx, pendingVals[i], ed.key); len(w) > 0 {
						g.reachNext(int(ed.to), w, d+1)
					}
				}
			}
		}
		long = e.expandLong(g, long, d)
		for _, p := range g.touched {
			g.layer[p] = nil
		}
		g.touched, g.ntouched = g.ntouched, g.touched
		g.layer, g.nlayer = g.nlayer, g.layer
		if len(g.touched) == 0 && len(long.states) == 0 {
			break
		}
	}
	for _, p := range g.touched {
		g.layer[p] = nil
	}
	g.touched = g.touched[:0]
	for i := 0; i < NumPoints; i++ {
		if g.depth[i] > 0 && i != s {
			g.mark(i, ChainSpan)
		}
	}
}

// LegalMoves returns one move for every distinct (piece, destination) the
// side to move can reach, ordered by piece and then by destination (row by
// row from a1). Each move is a witness that Play accepts: the simplest rule
// that reaches the point (step, then hop, then single span, then the
// shortest chain span, with the simplest common value), with expressions
// from the ruleset's solver.
func (e *Engine) LegalMoves(pos Position) []Move {
	var g genScratch
	return e.legalMoves(&g, pos)
}

// LegalMovesContext is LegalMoves that gives up when ctx is done and then
// returns ctx's error (context.DeadlineExceeded after a deadline) and no
// moves. A fresh engine on a position packed with long lines can take a
// second; a warm one, milliseconds. Giving up keeps only complete answers
// in the engine's caches (and its solver's), so later calls are exact.
func (e *Engine) LegalMovesContext(ctx context.Context, pos Position) ([]Move, error) {
	g := genScratch{ctx: ctx}
	var out []Move
	if err := bounded(func() { out = e.legalMoves(&g, pos) }); err != nil {
		return nil, err
	}
	return out, nil
}

func (e *Engine) legalMoves(g *genScratch, pos Position) []Move {
	var out []Move
	for n := 0; n < 10; n++ {
		if !pos.pieces[pos.turn][n].Valid() {
			continue
		}
		e.destinations(g, &pos, n)
		list := slices.Clone(g.list)
		slices.Sort(list)
		for _, to := range list {
			out = append(out, e.witness(g, n, to))
		}
	}
	return out
}

// MoveCount returns the number of distinct (piece, destination) moves of
// the side to move, without building witnesses.
func (e *Engine) MoveCount(pos Position) int {
	var g genScratch
	return e.moveCount(&g, &pos)
}

// MoveCountContext is MoveCount that gives up when ctx is done and then
// returns ctx's error; later calls stay exact (see LegalMovesContext).
func (e *Engine) MoveCountContext(ctx context.Context, pos Position) (int, error) {
	g := genScratch{ctx: ctx}
	var n int
	if err := bounded(func() { n = e.moveCount(&g, &pos) }); err != nil {
		return 0, err
	}
	return n, nil
}

func (e *Engine) moveCount(g *genScratch, pos *Position) int {
	total := 0
	for n := 0; n < 10; n++ {
		if pos.pieces[pos.turn][n].Valid() {
			e.destinations(g, pos, n)
			total += len(g.list)
		}
	}
	return total
}

// Perft returns the number of move sequences of the given depth from pos,
// counting one move per distinct (piece, destination).
func (e *Engine) Perft(pos Position, depth int) int64 {
	var g genScratch
	return e.perft(&g, pos, depth)
}

func (e *Engine) perft(g *genScratch, pos Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return int64(e.moveCount(g, &pos))
	}
	var total int64
	side := pos.turn
	for n := 0; n < 10; n++ {
		if !pos.pieces[side][n].Valid() {
			continue
		}
		e.destinations(g, &pos, n)
		list := slices.Clone(g.list)
		for _, to := range list {
			total += e.perft(g, pos.apply(side, n, pt(to)), depth-1)
		}
	}
	return total
}

// witness builds the move for destination to, found by destinations for
// piece n (g still holds that search).
func (e *Engine) witness(g *genScratch, n, to int) Move {
	m := Move{Piece: n, From: pt(g.start), Path: []Point{pt(to)}}
	switch g.dest[to] {
	case Step, Hop:
		return m
	case SingleSpan:
		dir, _, _ := lineDir(g.start, to)
		m.Exprs = []*arith.Expr{e.solve(g.ctx, multisetKey(g.spanned(g.start, to, dir)), int32(n))}
		return m
	}
	v := e.simplest(g.first[to])
	path := e.chainPath(g, to, v, g.depth[to])
	m.Path = nil
	cur := g.start
	for _, q := range path {
		dir, _, _ := lineDir(cur, q)
		m.Path = append(m.Path, pt(q))
		m.Exprs = append(m.Exprs, e.solve(g.ctx, multisetKey(g.spanned(cur, q, dir)), v))
		cur = q
	}
	return m
}

// spanned returns the numbers of the pieces strictly between a and b.
func (g *genScratch) spanned(a, b, dir int) []int {
	var nums []int
	for j := int(geo.nb[a][dir]); j >= 0 && j != b; j = int(geo.nb[j][dir]) {
		if g.occupied(j) {
			nums = append(nums, int(g.pos.at[j]-1)%10)
		}
	}
	return nums
}

// chainPath finds a shortest chain with common value v from the mover's
// start to target, by breadth-first search over states: a point and a
// phase, 0 at the start, 1 after the first segment, 3 after two or more
// segments otherwise; and 前跟 states (after spanning straight back over
// the first segment: may not end, may not span those pieces again), one
// per point and first segment, numbered from NumPoints*4 on.
func (e *Engine) chainPath(g *genScratch, target int, v int32, depth int) []int {
	const none = -1
	state := func(p, phase int) int { return p*4 + phase }
	var parent [NumPoints * 4]int16
	for i := range parent {
		parent[i] = none
	}
	type frontState struct {
		p      int
		ban    edge // the first segment
		parent int
	}
	const frontBase = NumPoints * 4
	var fronts []frontState
	frontSeen := map[[3]int]bool{}
	var firstEdge [NumPoints]edge
	s := g.start
	root := state(s, 0)
	parent[root] = int16(root)
	var layer []int
	for _, ed := range g.edgesFrom(s) {
		if e.has(g.ctx, ed.key, v) {
			st := state(int(ed.to), 1)
			parent[st] = int16(root)
			firstEdge[ed.to] = ed
			layer = append(layer, st)
		}
	}
	goal := state(target, 3)
	for d := 1; d < depth && len(layer) > 0 && parent[goal] == none; d++ {
		var next []int
		for _, st := range layer {
			p, phase, ban := st/4, st%4, edge{}
			if st >= frontBase {
				f := fronts[st-frontBase]
				p, phase, ban = f.p, 2, f.ban
			}
			for _, ed := range g.edgesFrom(p) {
				if banned(ban, ed) || !e.has(g.ctx, ed.key, v) {
					continue
				}
				if e1 := firstEdge[p]; phase == 1 && frontFollow(e1, ed) {
					key := [3]int{int(ed.to), int(e1.dir), int(e1.k)}
					if !frontSeen[key] {
						frontSeen[key] = true
						fronts = append(fronts, frontState{int(ed.to), e1, st})
						next = append(next, frontBase+len(fronts)-1)
					}
					continue
				}
				ns := state(int(ed.to), 3)
				if parent[ns] != none {
					continue
				}
				parent[ns] = int16(st)
				next = append(next, ns)
			}
		}
		layer = next
	}
	if parent[goal] == none {
		panic("numchess: chain witness not found") // chainSearch found one
	}
	var path []int
	for st := goal; st != root; {
		if st >= frontBase {
			f := fronts[st-frontBase]
			path = append(path, f.p)
			st = f.parent
			continue
		}
		path = append(path, st/4)
		st = int(parent[st])
	}
	slices.Reverse(path)
	return path
}
