package tournaments

// stage grows alternating trees from free vertices with positive duals
// until one of them is settled: matched by an augmenting path, or left free
// with a zero dual (true). It returns false when there is no such vertex:
// the matching is then optimal.
func (m *matcher) stage() bool {
	k := m.n
	for i := range m.label {
		m.label[i] = 0
		m.labelEnd[i] = noEndpoint
		m.bestEdge[i] = noEndpoint
	}
	for b := k; b < 2*k; b++ {
		m.blossomBE[b] = nil
		m.hasBestSet[b] = false
	}
	m.stamp++
	if m.stamp == 0 {
		clear(m.allow)
		m.stamp = 1
	}
	stamp := m.stamp
	m.nextDualVer()
	m.queue = m.queue[:0]
	// The roots: free vertices with a positive dual, of one parity. Every
	// vertex joined to a root by tight edges has the root's parity (the
	// weights are even), so the slack between two S-vertices stays even and
	// its half an integer. From a cold start all roots have one dual; after
	// a repair the other parity waits for a later stage.
	parity := uint64(2)
	for v := 0; v < k; v++ {
		if !m.alive[v] || m.mate[v].at >= 0 || m.label[m.inBlossom[v]] != 0 {
			continue
		}
		if u := m.dual.at(v); !numIsZero(u) && (parity == 2 || u[0]&1 == parity) {
			parity = u[0] & 1
			m.assignLabel(v, 1, noEndpoint)
		}
	}
	if parity == 2 {
		return false
	}
	slack := m.tmp.at(1)
	for {
		for len(m.queue) > 0 {
			v := m.queue[len(m.queue)-1]
			m.queue = m.queue[:len(m.queue)-1]
			for _, w := range m.adj[v] {
				if !m.alive[w] {
					continue
				}
				bv, bw := m.inBlossom[v], m.inBlossom[w]
				if bv == bw {
					continue
				}
				if m.allow[v*k+w] != stamp {
					m.slack(slack, v, w)
					if numIsZero(slack) {
						m.allow[v*k+w], m.allow[w*k+v] = stamp, stamp
					}
				}
				if m.allow[v*k+w] == stamp {
					switch {
					case m.label[bw] == 0 && m.mate[m.base[bw]] == noEndpoint:
						// A free vertex with a zero dual: augment.
						m.augment(v, w)
						return true
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
					m.offerBest(bv, endpoint{v, w}, slack)
				} else if m.label[w] == 0 {
					m.offerBest(w, endpoint{v, w}, slack)
				}
			}
		}
		// No augmenting path with tight edges: change the duals.
		delta := m.tmp.at(3)
		deltaType, deltaEdge, deltaBlossom := 1, noEndpoint, -1
		// Type 1: the smallest dual of an S-vertex, a free one first.
		deltaVertex := -1
		for v := 0; v < k; v++ {
			if !m.alive[v] || m.label[m.inBlossom[v]] != 1 {
				continue
			}
			if c := numCmp(m.dual.at(v), delta); deltaVertex < 0 || c < 0 || c == 0 && m.mate[v] == noEndpoint && m.mate[deltaVertex] != noEndpoint {
				copy(delta, m.dual.at(v))
				deltaVertex = v
			}
		}
		for v := 0; v < k; v++ {
			if e := m.bestEdge[v]; m.alive[v] && m.label[m.inBlossom[v]] == 0 && e != noEndpoint {
				if sl := m.bestSlackOf(v); numCmp(sl, delta) < 0 {
					copy(delta, sl)
					deltaType, deltaEdge = 2, e
				}
			}
		}
		for b := 0; b < 2*k; b++ {
			if e := m.bestEdge[b]; m.parent[b] == -1 && m.label[b] == 1 && e != noEndpoint && (b < k || m.base[b] >= 0) {
				numHalve(slack, m.bestSlackOf(b))
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
		m.nextDualVer()
		for v := 0; v < k; v++ {
			if !m.alive[v] {
				continue
			}
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
			// An S-vertex's dual reached zero: a free one is done; a
			// matched one becomes free in place of its tree's root.
			if m.mate[deltaVertex] != noEndpoint {
				m.augmentFrom(deltaVertex, noEndpoint)
			}
			return true
		case 2:
			i, j := deltaEdge.at, deltaEdge.other
			m.allow[i*k+j], m.allow[j*k+i] = stamp, stamp
			if m.label[m.inBlossom[i]] == 0 {
				i = j
			}
			m.queue = append(m.queue, i)
		case 3:
			i, j := deltaEdge.at, deltaEdge.other
			m.allow[i*k+j], m.allow[j*k+i] = stamp, stamp
			m.queue = append(m.queue, i)
		case 4:
			m.expandBlossom(deltaBlossom, false)
		}
	}
}

// offerBest makes edge e, of slack sl, the best edge of x (a vertex or a
// top-level blossom) if it has a smaller slack than x's best so far.
func (m *matcher) offerBest(x int, e endpoint, sl []uint64) {
	if m.bestEdge[x] == noEndpoint || numCmp(sl, m.bestSlackOf(x)) < 0 {
		m.bestEdge[x] = e
		copy(m.bestSlack.at(x), sl)
		m.bestVer[x] = m.dualVer
	}
}

// nextDualVer marks the cached slacks of best edges out of date.
func (m *matcher) nextDualVer() {
	m.dualVer++
	if m.dualVer == 0 {
		clear(m.bestVer)
		m.dualVer = 1
	}
}

// bestSlackOf returns the slack of x's best edge, computed once per change
// of the duals.
func (m *matcher) bestSlackOf(x int) []uint64 {
	sl := m.bestSlack.at(x)
	if m.bestVer[x] != m.dualVer {
		e := m.bestEdge[x]
		m.slack(sl, e.at, e.other)
		m.bestVer[x] = m.dualVer
	}
	return sl
}

func (m *matcher) leaves(b int, out []int) []int {
	if b < m.n {
		return append(out, b)
	}
	for _, c := range m.childs[b] {
		out = m.leaves(c, out)
	}
	return out
}

func (m *matcher) assignLabel(w, t int, p endpoint) {
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
func (m *matcher) scanBlossom(v, w int) int {
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

func (m *matcher) addBlossom(base, v, w int) {
	k := m.n
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
	m.leafBuf = m.leaves(b, m.leafBuf[:0])
	for _, x := range m.leafBuf {
		if m.label[m.inBlossom[x]] == 2 {
			m.queue = append(m.queue, x)
		}
		m.inBlossom[x] = b
	}
	// The least-slack edge from the new blossom to each other S-blossom;
	// bestToSlack holds its slack.
	bestTo := m.bestTo
	for i := range bestTo {
		bestTo[i] = noEndpoint
	}
	s1 := m.tmp.at(1)
	consider := func(i, j int) {
		bj := m.inBlossom[j]
		if bj != b && m.label[bj] == 1 {
			m.slack(s1, i, j)
			if bestTo[bj] == noEndpoint || numCmp(s1, m.bestToSlack.at(bj)) < 0 {
				bestTo[bj] = endpoint{i, j}
				copy(m.bestToSlack.at(bj), s1)
			}
		}
	}
	for _, c := range path {
		if c >= k && m.hasBestSet[c] {
			for _, e := range m.blossomBE[c] {
				consider(e.at, e.other)
			}
		} else {
			m.leafBuf = m.leaves(c, m.leafBuf[:0])
			for _, i := range m.leafBuf {
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
	m.bestEdge[b] = noEndpoint
	for bj, e := range bestTo {
		if e != noEndpoint {
			list = append(list, e)
			m.offerBest(b, e, m.bestToSlack.at(bj))
		}
	}
	m.blossomBE[b] = list
	m.hasBestSet[b] = true
}

func (m *matcher) expandBlossom(b int, endStage bool) {
	k := m.n
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		switch {
		case s < k:
			m.inBlossom[s] = s
		case endStage && numIsZero(m.dual.at(s)):
			m.expandBlossom(s, endStage)
		default:
			m.leafBuf = m.leaves(s, m.leafBuf[:0])
			for _, v := range m.leafBuf {
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
			m.allow[e.at*k+e.other], m.allow[e.other*k+e.at] = m.stamp, m.stamp
			j += jstep
			p = at(endps[wrap(j-trick, n)], trick)
			m.allow[p.at*k+p.other], m.allow[p.other*k+p.at] = m.stamp, m.stamp
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
			m.leafBuf = m.leaves(bv, m.leafBuf[:0])
			for _, v := range m.leafBuf {
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
	m.freeBlossom(b) // its dual is zero here
}

// augmentBlossom swaps matched and unmatched edges inside blossom b so that
// vertex v becomes its base.
func (m *matcher) augmentBlossom(b, v int) {
	k := m.n
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
func (m *matcher) augment(v, w int) {
	m.augmentFrom(v, endpoint{w, v})
	m.augmentFrom(w, endpoint{v, w})
}

// augmentFrom gives vertex s the mate p (noEndpoint: none) and flips the
// matching along the tree path from s up to its root, which gets matched.
func (m *matcher) augmentFrom(s int, p endpoint) {
	k := m.n
	for {
		bs := m.inBlossom[s]
		if bs >= k {
			m.augmentBlossom(bs, s)
		}
		m.mate[s] = p
		if m.labelEnd[bs] == noEndpoint {
			return
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
