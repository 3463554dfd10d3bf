package tournaments

// refMatcher is the matcher the pairing used before the incremental one
// (matching.go): it solves every time from scratch, over the vertices in
// use. The tests keep it as the reference the incremental matcher must agree
// with (the same total weight on every graph and after every change).

// refMatcher holds a dense graph over n vertices. Weights are stored doubled so
// that every dual variable stays an integer.
type refMatcher struct {
	n      int
	width  int
	weight arena // n*n doubled weights
	// Scratch state of one solve, over the vertices in use (local indices).
	k          int
	vs         []int // local index -> graph vertex
	dual       arena // 2k: vertices then blossoms
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
	allow      []bool
	queue      []int
	hasBestSet []bool
	adj        [][]int // neighbours (non-zero weight) of each vertex in use
}

func newRefMatcher(n, width int) *refMatcher {
	return &refMatcher{n: n, width: width, weight: newArena(width, n*n)}
}

// setWeight sets the weight of the edge {i, j} (zero removes the edge).
func (m *refMatcher) setWeight(i, j int, w []uint64) {
	a, b := m.weight.at(i*m.n+j), m.weight.at(j*m.n+i)
	copy(a, w)
	numAdd(a, a, a)
	copy(b, a)
}

func (m *refMatcher) w2(i, j int) []uint64 { return m.weight.at(m.vs[i]*m.n + m.vs[j]) }

// slack computes into dst the slack of the edge {i, j} (local indices).
func (m *refMatcher) slack(dst []uint64, i, j int) {
	numAdd(dst, m.dual.at(i), m.dual.at(j))
	numSub(dst, dst, m.w2(i, j))
}

// solve computes a maximum weight matching among the given graph vertices
// and returns, for each graph vertex, its mate or -1 (also for vertices not
// in use).
func (m *refMatcher) solve(use []int) []int {
	k := len(use)
	m.k = k
	m.vs = use
	m.dual = newArena(m.width, 2*k)
	m.tmp = newArena(m.width, 4)
	m.mate = make([]endpoint, k)
	m.label = make([]int, 2*k)
	m.labelEnd = make([]endpoint, 2*k)
	m.inBlossom = make([]int, k)
	m.parent = make([]int, 2*k)
	m.childs = make([][]int, 2*k)
	m.endps = make([][]endpoint, 2*k)
	m.base = make([]int, 2*k)
	m.bestEdge = make([]endpoint, 2*k)
	m.blossomBE = make([][]endpoint, 2*k)
	m.hasBestSet = make([]bool, 2*k)
	m.allow = make([]bool, k*k)
	m.unused = m.unused[:0]
	maxW := m.tmp.at(0)
	numZero(maxW)
	m.adj = make([][]int, k)
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			w := m.w2(i, j)
			if i == j || numIsZero(w) {
				continue
			}
			m.adj[i] = append(m.adj[i], j)
			if numCmp(w, maxW) > 0 {
				copy(maxW, w)
			}
		}
	}
	for v := 0; v < k; v++ {
		m.mate[v] = noEndpoint
		m.inBlossom[v] = v
		m.base[v] = v
		copy(m.dual.at(v), maxW)
	}
	for b := 0; b < 2*k; b++ {
		m.parent[b] = -1
		m.labelEnd[b] = noEndpoint
		m.bestEdge[b] = noEndpoint
		if b >= k {
			m.base[b] = -1
			m.unused = append(m.unused, b)
		}
	}
	for stage := 0; stage < k; stage++ {
		if !m.stage() {
			break
		}
		for b := k; b < 2*k; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == 1 && numIsZero(m.dual.at(b)) {
				m.expandBlossom(b, true)
			}
		}
	}
	result := make([]int, m.n)
	for i := range result {
		result[i] = -1
	}
	for v := 0; v < k; v++ {
		if m.mate[v].at >= 0 {
			result[use[v]] = use[m.mate[v].at]
		}
	}
	return result
}

// stage grows alternating trees until it augments the matching (true) or
// proves the matching optimal (false).
func (m *refMatcher) stage() bool {
	k := m.k
	for i := range m.label {
		m.label[i] = 0
	}
	for i := range m.bestEdge {
		m.bestEdge[i] = noEndpoint
	}
	for b := k; b < 2*k; b++ {
		m.blossomBE[b] = nil
		m.hasBestSet[b] = false
	}
	for i := range m.allow {
		m.allow[i] = false
	}
	m.queue = m.queue[:0]
	for v := 0; v < k; v++ {
		if m.mate[v].at < 0 && m.label[m.inBlossom[v]] == 0 {
			m.assignLabel(v, 1, noEndpoint)
		}
	}
	slack, best := m.tmp.at(1), m.tmp.at(2)
	for {
		for len(m.queue) > 0 {
			v := m.queue[len(m.queue)-1]
			m.queue = m.queue[:len(m.queue)-1]
			for _, w := range m.adj[v] {
				bv, bw := m.inBlossom[v], m.inBlossom[w]
				if bv == bw {
					continue
				}
				if !m.allow[v*k+w] {
					m.slack(slack, v, w)
					if numIsZero(slack) {
						m.allow[v*k+w], m.allow[w*k+v] = true, true
					}
				}
				if m.allow[v*k+w] {
					switch {
					case m.label[bw] == 0:
						m.assignLabel(w, 2, endpoint{v, w})
					case m.label[bw] == 1:
						if base := m.scanBlossom(v, w); base >= 0 {
							m.addBlossom(base, v, w)
						} else {
							m.augment(v, w)
							return true
						}
					case m.label[w] == 0:
						m.label[w] = 2
						m.labelEnd[w] = endpoint{v, w}
					}
				} else if m.label[bw] == 1 {
					if e := m.bestEdge[bv]; e == noEndpoint || m.less(slack, e, best) {
						m.bestEdge[bv] = endpoint{v, w}
					}
				} else if m.label[w] == 0 {
					if e := m.bestEdge[w]; e == noEndpoint || m.less(slack, e, best) {
						m.bestEdge[w] = endpoint{v, w}
					}
				}
			}
		}
		// No augmenting path with tight edges: change the duals.
		delta := m.tmp.at(3)
		deltaType, deltaEdge, deltaBlossom := 1, noEndpoint, -1
		copy(delta, m.dual.at(0))
		for v := 1; v < k; v++ {
			if numCmp(m.dual.at(v), delta) < 0 {
				copy(delta, m.dual.at(v))
			}
		}
		for v := 0; v < k; v++ {
			if e := m.bestEdge[v]; m.label[m.inBlossom[v]] == 0 && e != noEndpoint {
				m.slack(slack, e.at, e.other)
				if numCmp(slack, delta) < 0 {
					copy(delta, slack)
					deltaType, deltaEdge = 2, e
				}
			}
		}
		for b := 0; b < 2*k; b++ {
			if e := m.bestEdge[b]; m.parent[b] == -1 && m.label[b] == 1 && e != noEndpoint && (b < k || m.base[b] >= 0) {
				m.slack(slack, e.at, e.other)
				numHalve(slack, slack)
				if numCmp(slack, delta) < 0 {
					copy(delta, slack)
					deltaType, deltaEdge = 3, e
				}
			}
		}
		for b := k; b < 2*k; b++ {
			if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == 2 && numCmp(m.dual.at(b), delta) < 0 {
				copy(delta, m.dual.at(b))
				deltaType, deltaBlossom = 4, b
			}
		}
		for v := 0; v < k; v++ {
			switch m.label[m.inBlossom[v]] {
			case 1:
				numSub(m.dual.at(v), m.dual.at(v), delta)
			case 2:
				numAdd(m.dual.at(v), m.dual.at(v), delta)
			}
		}
		for b := k; b < 2*k; b++ {
			if m.base[b] >= 0 && m.parent[b] == -1 {
				switch m.label[b] {
				case 1:
					numAdd(m.dual.at(b), m.dual.at(b), delta)
				case 2:
					numSub(m.dual.at(b), m.dual.at(b), delta)
				}
			}
		}
		switch deltaType {
		case 1:
			return false
		case 2:
			i, j := deltaEdge.at, deltaEdge.other
			m.allow[i*k+j], m.allow[j*k+i] = true, true
			if m.label[m.inBlossom[i]] == 0 {
				i = j
			}
			m.queue = append(m.queue, i)
		case 3:
			i, j := deltaEdge.at, deltaEdge.other
			m.allow[i*k+j], m.allow[j*k+i] = true, true
			m.queue = append(m.queue, i)
		case 4:
			m.expandBlossom(deltaBlossom, false)
		}
	}
}

// less reports whether the slack already computed in slack (of the edge just
// scanned) is below the slack of edge e; scratch receives e's slack.
func (m *refMatcher) less(slack []uint64, e endpoint, scratch []uint64) bool {
	m.slack(scratch, e.at, e.other)
	return numCmp(slack, scratch) < 0
}

func (m *refMatcher) leaves(b int, out []int) []int {
	if b < m.k {
		return append(out, b)
	}
	for _, c := range m.childs[b] {
		out = m.leaves(c, out)
	}
	return out
}

func (m *refMatcher) assignLabel(w, t int, p endpoint) {
	b := m.inBlossom[w]
	m.label[w], m.label[b] = t, t
	m.labelEnd[w], m.labelEnd[b] = p, p
	m.bestEdge[w], m.bestEdge[b] = noEndpoint, noEndpoint
	if t == 1 {
		m.queue = m.leaves(b, m.queue)
		return
	}
	base := m.base[b]
	mb := m.mate[base]
	m.assignLabel(mb.at, 1, mb.flip())
}

// scanBlossom traces back from v and w to the roots of their trees; it
// returns the base of a new blossom, or -1 when the roots differ (an
// augmenting path).
func (m *refMatcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inBlossom[v]
		if m.label[b]&4 != 0 {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelEnd[b] == noEndpoint {
			v = -1
		} else {
			v = m.labelEnd[b].at
			b = m.inBlossom[v]
			v = m.labelEnd[b].at
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

func (m *refMatcher) addBlossom(base, v, w int) {
	k := m.k
	bb, bv, bw := m.inBlossom[base], m.inBlossom[v], m.inBlossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b] = base
	m.parent[b] = -1
	m.parent[bb] = b
	var path []int
	var endps []endpoint
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelEnd[bv])
		bv = m.inBlossom[m.labelEnd[bv].at]
	}
	path = append(path, bb)
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	for i, j := 0, len(endps)-1; i < j; i, j = i+1, j-1 {
		endps[i], endps[j] = endps[j], endps[i]
	}
	endps = append(endps, endpoint{v, w})
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelEnd[bw].flip())
		bw = m.inBlossom[m.labelEnd[bw].at]
	}
	m.childs[b], m.endps[b] = path, endps
	m.label[b] = 1
	m.labelEnd[b] = m.labelEnd[bb]
	numZero(m.dual.at(b))
	for _, x := range m.leaves(b, nil) {
		if m.label[m.inBlossom[x]] == 2 {
			m.queue = append(m.queue, x)
		}
		m.inBlossom[x] = b
	}
	bestTo := make([]endpoint, 2*k)
	for i := range bestTo {
		bestTo[i] = noEndpoint
	}
	s1, s2 := m.tmp.at(1), m.tmp.at(2)
	consider := func(i, j int) {
		bj := m.inBlossom[j]
		if bj != b && m.label[bj] == 1 {
			if e := bestTo[bj]; e == noEndpoint {
				bestTo[bj] = endpoint{i, j}
			} else {
				m.slack(s1, i, j)
				m.slack(s2, e.at, e.other)
				if numCmp(s1, s2) < 0 {
					bestTo[bj] = endpoint{i, j}
				}
			}
		}
	}
	for _, c := range path {
		if c >= k && m.hasBestSet[c] {
			for _, e := range m.blossomBE[c] {
				consider(e.at, e.other)
			}
		} else {
			for _, i := range m.leaves(c, nil) {
				for _, j := range m.adj[i] {
					consider(i, j)
				}
			}
		}
		if c >= k {
			m.blossomBE[c] = nil
			m.hasBestSet[c] = false
		}
		m.bestEdge[c] = noEndpoint
	}
	var list []endpoint
	for _, e := range bestTo {
		if e != noEndpoint {
			list = append(list, e)
		}
	}
	m.blossomBE[b] = list
	m.hasBestSet[b] = true
	m.bestEdge[b] = noEndpoint
	for _, e := range list {
		if m.bestEdge[b] == noEndpoint {
			m.bestEdge[b] = e
			continue
		}
		m.slack(s1, e.at, e.other)
		m.slack(s2, m.bestEdge[b].at, m.bestEdge[b].other)
		if numCmp(s1, s2) < 0 {
			m.bestEdge[b] = e
		}
	}
}

func (m *refMatcher) expandBlossom(b int, endStage bool) {
	k := m.k
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		switch {
		case s < k:
			m.inBlossom[s] = s
		case endStage && numIsZero(m.dual.at(s)):
			m.expandBlossom(s, endStage)
		default:
			for _, v := range m.leaves(s, nil) {
				m.inBlossom[v] = s
			}
		}
	}
	if !endStage && m.label[b] == 2 {
		childs, endps := m.childs[b], m.endps[b]
		n := len(childs)
		entry := m.inBlossom[m.labelEnd[b].other]
		j := 0
		for i, c := range childs {
			if c == entry {
				j = i
			}
		}
		var jstep, trick int
		if j&1 != 0 {
			j -= n
			jstep, trick = 1, 0
		} else {
			jstep, trick = -1, 1
		}
		at := func(p endpoint, t int) endpoint {
			if t == 1 {
				return p.flip()
			}
			return p
		}
		p := m.labelEnd[b]
		for j != 0 {
			m.label[p.other] = 0
			q := at(endps[wrap(j-trick, n)], trick)
			m.label[q.other] = 0
			m.assignLabel(p.other, 2, p)
			e := endps[wrap(j-trick, n)]
			m.allow[e.at*k+e.other], m.allow[e.other*k+e.at] = true, true
			j += jstep
			p = at(endps[wrap(j-trick, n)], trick)
			m.allow[p.at*k+p.other], m.allow[p.other*k+p.at] = true, true
			j += jstep
		}
		bv := childs[wrap(j, n)]
		m.label[p.other], m.label[bv] = 2, 2
		m.labelEnd[p.other], m.labelEnd[bv] = p, p
		m.bestEdge[bv] = noEndpoint
		j += jstep
		for childs[wrap(j, n)] != entry {
			bv := childs[wrap(j, n)]
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			found := -1
			for _, v := range m.leaves(bv, nil) {
				if m.label[v] != 0 {
					found = v
					break
				}
			}
			if found >= 0 {
				m.label[found] = 0
				m.label[m.mate[m.base[bv]].at] = 0
				m.assignLabel(found, 2, m.labelEnd[found])
			}
			j += jstep
		}
	}
	m.label[b] = -1
	m.labelEnd[b] = noEndpoint
	m.childs[b], m.endps[b] = nil, nil
	m.base[b] = -1
	m.blossomBE[b] = nil
	m.hasBestSet[b] = false
	m.bestEdge[b] = noEndpoint
	m.unused = append(m.unused, b)
}

// augmentBlossom swaps matched and unmatched edges inside blossom b so that
// vertex v becomes its base.
func (m *refMatcher) augmentBlossom(b, v int) {
	k := m.k
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= k {
		m.augmentBlossom(t, v)
	}
	childs, endps := m.childs[b], m.endps[b]
	n := len(childs)
	i := 0
	for x, c := range childs {
		if c == t {
			i = x
		}
	}
	j := i
	var jstep, trick int
	if i&1 != 0 {
		j -= n
		jstep, trick = 1, 0
	} else {
		jstep, trick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = childs[wrap(j, n)]
		p := endps[wrap(j-trick, n)]
		if trick == 1 {
			p = p.flip()
		}
		if t >= k {
			m.augmentBlossom(t, p.at)
		}
		j += jstep
		t = childs[wrap(j, n)]
		if t >= k {
			m.augmentBlossom(t, p.other)
		}
		m.mate[p.at] = p.flip()
		m.mate[p.other] = p
	}
	m.childs[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	m.endps[b] = append(append([]endpoint{}, endps[i:]...), endps[:i]...)
	m.base[b] = m.base[m.childs[b][0]]
}

// augment flips the matching along the augmenting path through edge {v, w}.
func (m *refMatcher) augment(v, w int) {
	k := m.k
	for _, sp := range [2]struct {
		s int
		p endpoint
	}{{v, endpoint{w, v}}, {w, endpoint{v, w}}} {
		s, p := sp.s, sp.p
		for {
			bs := m.inBlossom[s]
			if bs >= k {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelEnd[bs] == noEndpoint {
				break
			}
			t := m.labelEnd[bs].at
			bt := m.inBlossom[t]
			s = m.labelEnd[bt].at
			j := m.labelEnd[bt].other
			if bt >= k {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelEnd[bt]
			p = m.labelEnd[bt].flip()
		}
	}
}
