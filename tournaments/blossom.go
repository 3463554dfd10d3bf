package tournaments

// maxCardinalityMatching returns the size of a maximum matching of the
// undirected graph adj on n vertices (Edmonds' blossom algorithm, one
// breadth-first search for an augmenting path per free vertex, O(n³)).
// The school Swiss uses it to check that the players left can all still be
// paired before it fixes a board.
func maxCardinalityMatching(n int, adj [][]int) int {
	match := make([]int, n)
	parent := make([]int, n)
	base := make([]int, n)
	used := make([]bool, n)
	blossom := make([]bool, n)
	onPath := make([]bool, n)
	queue := make([]int, 0, n)
	for i := range match {
		match[i] = -1
	}
	lca := func(a, b int) int {
		clear(onPath)
		for {
			a = base[a]
			onPath[a] = true
			if match[a] == -1 {
				break
			}
			a = parent[match[a]]
		}
		for {
			b = base[b]
			if onPath[b] {
				return b
			}
			b = parent[match[b]]
		}
	}
	markPath := func(v, b, child int) {
		for base[v] != b {
			blossom[base[v]], blossom[base[match[v]]] = true, true
			parent[v] = child
			child = match[v]
			v = parent[match[v]]
		}
	}
	findPath := func(root int) int {
		for i := range used {
			used[i], parent[i], base[i] = false, -1, i
		}
		used[root] = true
		queue = append(queue[:0], root)
		for qh := 0; qh < len(queue); qh++ {
			v := queue[qh]
			for _, to := range adj[v] {
				if base[v] == base[to] || match[v] == to {
					continue
				}
				if to == root || (match[to] != -1 && parent[match[to]] != -1) {
					cur := lca(v, to)
					clear(blossom)
					markPath(v, cur, to)
					markPath(to, cur, v)
					for i := 0; i < n; i++ {
						if blossom[base[i]] {
							base[i] = cur
							if !used[i] {
								used[i] = true
								queue = append(queue, i)
							}
						}
					}
				} else if parent[to] == -1 {
					parent[to] = v
					if match[to] == -1 {
						return to
					}
					used[match[to]] = true
					queue = append(queue, match[to])
				}
			}
		}
		return -1
	}
	size := 0
	// A greedy start leaves few augmenting searches.
	for v := 0; v < n; v++ {
		if match[v] != -1 {
			continue
		}
		for _, to := range adj[v] {
			if match[to] == -1 && to != v {
				match[v], match[to] = to, v
				size++
				break
			}
		}
	}
	for v := 0; v < n; v++ {
		if match[v] != -1 {
			continue
		}
		for u := findPath(v); u != -1; {
			pv := parent[u]
			next := match[pv]
			match[u], match[pv] = pv, u
			u = next
		}
		if match[v] != -1 {
			size++
		}
	}
	return size
}
