package tournaments

// A maximum weight matching on a general graph: the primal-dual method of
// Edmonds with blossoms, in the O(n³) form described by Galil ("Efficient
// algorithms for finding maximum matching in graphs", 1986). Weights are
// multi-word unsigned integers (see bignum.go); a zero weight means "no edge".
// The matching maximises the total weight, not the number of edges: the
// pairing code gives every edge a large constant part so that more pairs
// always weigh more.
//
// The matcher is incremental. The pairing changes the weights of the edges at
// a few vertices and asks again, hundreds of times a round, so the matching,
// the dual variables and the blossoms are kept between solves. A changed
// vertex is taken out of its blossoms (their duals are handed down to their
// vertices, which keeps every edge feasible), unmatched, and its dual raised
// until all its edges are feasible again; a vertex can also be removed for
// good. The next solve repairs the optimum from there.
//
// After such a repair free vertices may have different positive duals,
// which the textbook form never sees. The stages handle it: every free
// vertex with a positive dual roots a tree; a tight edge to a free vertex
// with a zero dual is an augmenting path; and when an S-vertex's dual falls
// to zero, the matching is flipped along the tree path from the root to it
// (the root gets matched, that vertex becomes free with a zero dual), or the
// stage simply ends when it is the root itself. Each stage lowers the number
// of free vertices with positive duals, and none remain at the optimum.

// endpoint names one end of an edge: the vertex at and the vertex other at
// the far end. flip gives the same edge seen from the other end.
type endpoint struct{ at, other int }

var noEndpoint = endpoint{-1, -1}

func (p endpoint) flip() endpoint { return endpoint{p.other, p.at} }

// wrap returns j modulo n in [0, n).
func wrap(j, n int) int { return ((j % n) + n) % n }

// matcher holds a dense graph over n vertices (0..n-1) and the optimum found
// by the last solve; blossoms are numbered n..2n-1. Weights are stored
// doubled so that every dual variable stays an integer.
type matcher struct {
	n      int
	width  int
	weight arena   // n*n doubled weights
	adj    [][]int // neighbours (non-zero weight) of each vertex, ascending
	alive  []bool
	dirty  []bool // weights changed since the last solve
	dirtyL []int
	solved bool // a solve ran: the state below is an optimum to repair

	dual       arena // 2n: vertices then blossoms
	tmp        arena // scratch numbers
	mate       []endpoint
	label      []int
	labelEnd   []endpoint
	inBlossom  []int
	parent     []int
	childs     [][]int
	endps      [][]endpoint
	base       []int
	bestEdge   []endpoint
	blossomBE  [][]endpoint
	unused     []int
	queue      []int
	hasBestSet []bool
	// allow[i*n+j] == stamp: the edge is known tight in this stage.
	allow []uint32
	stamp uint32
	// scratch
	leafBuf     []int
	bestTo      []endpoint
	bestToSlack arena
	// bestSlack[x] is the slack of bestEdge[x] when bestVer[x] == dualVer.
	bestSlack arena
	bestVer   []uint32
	dualVer   uint32
}

func newMatcher(n, width int) *matcher {
	m := &matcher{
		n: n, width: width,
		weight:      newArena(width, n*n),
		adj:         make([][]int, n),
		alive:       make([]bool, n),
		dirty:       make([]bool, n),
		dual:        newArena(width, 2*n),
		tmp:         newArena(width, 5),
		mate:        make([]endpoint, n),
		label:       make([]int, 2*n),
		labelEnd:    make([]endpoint, 2*n),
		inBlossom:   make([]int, n),
		parent:      make([]int, 2*n),
		childs:      make([][]int, 2*n),
		endps:       make([][]endpoint, 2*n),
		base:        make([]int, 2*n),
		bestEdge:    make([]endpoint, 2*n),
		blossomBE:   make([][]endpoint, 2*n),
		hasBestSet:  make([]bool, 2*n),
		allow:       make([]uint32, n*n),
		bestTo:      make([]endpoint, 2*n),
		bestToSlack: newArena(width, 2*n),
		bestSlack:   newArena(width, 2*n),
		bestVer:     make([]uint32, 2*n),
		dualVer:     1,
	}
	for v := range m.alive {
		m.alive[v] = true
	}
	return m
}

// setWeight sets the weight of the edge {i, j} (zero removes the edge). The
// next solve repairs the optimum around i (or j when only j is already
// marked as changed).
func (m *matcher) setWeight(i, j int, w []uint64) {
	a := m.weight.at(i*m.n + j)
	d := m.tmp.at(4)
	numAdd(d, w, w)
	if numCmp(a, d) == 0 {
		return
	}
	was := !numIsZero(a)
	copy(a, d)
	copy(m.weight.at(j*m.n+i), d)
	if now := !numIsZero(d); now != was {
		if now {
			m.adj[i] = insertSorted(m.adj[i], j)
			m.adj[j] = insertSorted(m.adj[j], i)
		} else {
			m.adj[i] = removeSorted(m.adj[i], j)
			m.adj[j] = removeSorted(m.adj[j], i)
		}
	}
	if m.solved && m.alive[i] && m.alive[j] && !m.dirty[i] && !m.dirty[j] {
		m.dirty[i] = true
		m.dirtyL = append(m.dirtyL, i)
	}
}

func insertSorted(s []int, v int) []int {
	i := len(s)
	for i > 0 && s[i-1] > v {
		i--
	}
	s = append(s, 0)
	copy(s[i+1:], s[i:])
	s[i] = v
	return s
}

func removeSorted(s []int, v int) []int {
	for i, x := range s {
		if x == v {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}

func (m *matcher) w2(i, j int) []uint64 { return m.weight.at(i*m.n + j) }

// slack computes into dst the slack of the edge {i, j} between two
// different top-level blossoms.
func (m *matcher) slack(dst []uint64, i, j int) {
	numAddSub(dst, m.dual.at(i), m.dual.at(j), m.w2(i, j))
}

// mateOf returns the mate of vertex v in the last solve, or -1.
func (m *matcher) mateOf(v int) int { return m.mate[v].at }

// remove takes vertex v out of the graph for good; its mate, if any, becomes
// free. The rest of the optimum stays (a matching optimal on the graph
// stays optimal without a matched pair of it).
func (m *matcher) remove(v int) {
	if !m.alive[v] {
		return
	}
	if m.solved {
		m.dissolve(v)
		m.unmatch(v)
	}
	m.alive[v] = false
}

func (m *matcher) unmatch(v int) {
	if p := m.mate[v]; p != noEndpoint {
		m.mate[p.at] = noEndpoint
		m.mate[v] = noEndpoint
	}
}

// dissolve expands the blossoms around v until v is a top-level vertex.
// Each expanded blossom's dual goes to its vertices, so that the edges inside
// keep their slack and the edges leaving it gain; the matched edge leaving
// it is then no longer tight and is unmatched.
func (m *matcher) dissolve(v int) {
	for m.inBlossom[v] != v {
		t := m.inBlossom[v]
		for t >= m.n && m.parent[t] >= 0 {
			t = m.parent[t]
		}
		d := m.dual.at(t)
		positive := !numIsZero(d)
		m.leafBuf = m.leaves(t, m.leafBuf[:0])
		if positive {
			for _, x := range m.leafBuf {
				numAdd(m.dual.at(x), m.dual.at(x), d)
			}
			m.unmatch(m.base[t])
		}
		for _, c := range m.childs[t] {
			m.parent[c] = -1
			if c < m.n {
				m.inBlossom[c] = c
				continue
			}
			m.leafBuf = m.leaves(c, m.leafBuf[:0])
			for _, x := range m.leafBuf {
				m.inBlossom[x] = c
			}
		}
		m.freeBlossom(t)
	}
}

func (m *matcher) freeBlossom(b int) {
	numZero(m.dual.at(b))
	m.label[b] = -1
	m.labelEnd[b] = noEndpoint
	m.childs[b], m.endps[b] = nil, nil
	m.base[b] = -1
	m.blossomBE[b] = nil
	m.hasBestSet[b] = false
	m.bestEdge[b] = noEndpoint
	m.unused = append(m.unused, b)
}

// coldStart sets the textbook initial state: no matching, no blossoms, every
// vertex's dual the largest weight.
func (m *matcher) coldStart() {
	n := m.n
	maxW := m.tmp.at(0)
	numZero(maxW)
	for i := 0; i < n; i++ {
		if !m.alive[i] {
			continue
		}
		for _, j := range m.adj[i] {
			if w := m.w2(i, j); m.alive[j] && numCmp(w, maxW) > 0 {
				copy(maxW, w)
			}
		}
	}
	m.unused = m.unused[:0]
	for v := 0; v < n; v++ {
		m.mate[v] = noEndpoint
		m.inBlossom[v] = v
		m.base[v] = v
		copy(m.dual.at(v), maxW)
	}
	for b := 0; b < 2*n; b++ {
		m.parent[b] = -1
		m.labelEnd[b] = noEndpoint
		m.bestEdge[b] = noEndpoint
		if b >= n {
			m.base[b] = -1
			m.childs[b], m.endps[b] = nil, nil
			numZero(m.dual.at(b))
			m.unused = append(m.unused, b)
		}
	}
}

// repair makes the edges at the changed vertices feasible again: each is
// taken out of its blossoms and its dual set to the least value that covers
// all its edges (an edge between two changed vertices is covered by the
// later one). A changed vertex stays matched when its matched edge is still
// tight, so a change that leaves the optimum as it was costs no stage.
func (m *matcher) repair() {
	for _, v := range m.dirtyL {
		m.dissolve(v)
	}
	need := m.tmp.at(0)
	for _, v := range m.dirtyL {
		u := m.dual.at(v)
		numZero(u)
		for _, j := range m.adj[v] {
			if !m.alive[j] {
				continue
			}
			w, uj := m.w2(v, j), m.dual.at(j)
			if numCmp(w, uj) <= 0 {
				continue
			}
			numSub(need, w, uj)
			if numCmp(need, u) > 0 {
				copy(u, need)
			}
		}
	}
	for _, v := range m.dirtyL {
		m.dirty[v] = false
		if p := m.mate[v]; p != noEndpoint {
			m.slack(need, v, p.at)
			if !numIsZero(need) || numIsZero(m.w2(v, p.at)) {
				m.unmatch(v)
			}
		}
	}
	m.dirtyL = m.dirtyL[:0]
}

// solve brings the matching to an optimum for the current weights among
// the vertices not removed; mateOf reads it.
func (m *matcher) solve() {
	if !m.solved {
		m.coldStart()
		m.solved = true
		for _, v := range m.dirtyL {
			m.dirty[v] = false
		}
		m.dirtyL = m.dirtyL[:0]
	} else {
		m.repair()
	}

	for m.stage() {
		for b := m.n; b < 2*m.n; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && numIsZero(m.dual.at(b)) {
				m.expandBlossom(b, true)
			}
		}
	}
}
