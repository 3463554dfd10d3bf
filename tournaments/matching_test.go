package tournaments

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// bruteMatching returns the largest total weight of any matching.
func bruteMatching(w [][]uint64, used []bool) uint64 {
	n := len(w)
	first := -1
	for i := 0; i < n; i++ {
		if !used[i] {
			first = i
			break
		}
	}
	if first < 0 {
		return 0
	}
	used[first] = true
	best := bruteMatching(w, used)
	for j := first + 1; j < n; j++ {
		if !used[j] && w[first][j] > 0 {
			used[j] = true
			if v := w[first][j] + bruteMatching(w, used); v > best {
				best = v
			}
			used[j] = false
		}
	}
	used[first] = false
	return best
}

func TestMatcherAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + r.IntN(10)
		maxW := uint64(1 + r.IntN(20))
		if iter%3 == 0 {
			maxW = 1 << 40
		}
		w := make([][]uint64, n)
		for i := range w {
			w[i] = make([]uint64, n)
		}
		m := newMatcher(n, 2)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if r.IntN(3) > 0 {
					v := 1 + r.Uint64N(maxW)
					w[i][j], w[j][i] = v, v
					m.setWeight(i, j, []uint64{v, 0})
				}
			}
		}
		m.solve()
		mate := make([]int, n)
		for i := range mate {
			mate[i] = m.mateOf(i)
		}
		var total uint64
		for i, j := range mate {
			if j >= 0 {
				if mate[j] != i || w[i][j] == 0 {
					t.Fatalf("iter %d: inconsistent matching %v", iter, mate)
				}
				if i < j {
					total += w[i][j]
				}
			}
		}
		if want := bruteMatching(w, make([]bool, n)); total != want {
			t.Fatalf("iter %d n=%d: weight %d, best %d (%v)", iter, n, total, want, w)
		}
	}
}

// TestIncrementalMatcherAgainstReference changes the weights at random
// vertices of random graphs, and removes vertices and matched pairs as the
// pairing does, solving after every change; the incremental matcher must
// find a matching of the same total weight as the from-scratch reference
// every time.
func TestIncrementalMatcherAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const width = 3
	iters := 3000
	if testing.Short() {
		iters = 500
	}
	randWeight := func(kind int) []uint64 {
		w := make([]uint64, width)
		if r.IntN(4) == 0 {
			return w // no edge
		}
		switch kind {
		case 0: // small weights: many ties
			w[0] = 1 + r.Uint64N(4)
		case 1:
			w[0] = 1 + r.Uint64N(1000)
		default: // multi-word, as the pairing's
			w[0] = r.Uint64()
			w[1] = r.Uint64N(8)
			if w[0] == 0 && w[1] == 0 {
				w[0] = 1
			}
		}
		return w
	}
	for iter := 0; iter < iters; iter++ {
		n := 2 + r.IntN(15)
		if iter%50 == 0 {
			n = 30 + r.IntN(31) // deeper blossoms
		}
		kind := iter % 3
		m := newMatcher(n, width)
		ref := newRefMatcher(n, width)
		w := make([][][]uint64, n)
		for i := range w {
			w[i] = make([][]uint64, n)
		}
		set := func(i, j int, v []uint64) {
			w[i][j], w[j][i] = v, v
			m.setWeight(i, j, v)
			ref.setWeight(i, j, v)
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				set(i, j, randWeight(kind))
			}
		}
		alive := make([]bool, n)
		for i := range alive {
			alive[i] = true
		}
		for step := 0; step < 12; step++ {
			m.solve()
			if err := m.checkOptimum(); err != nil {
				t.Fatalf("iter %d step %d: %v", iter, step, err)
			}
			var use []int
			for v := 0; v < n; v++ {
				if alive[v] {
					use = append(use, v)
				}
			}
			want := ref.solve(use)
			got, best := make([]uint64, width+1), make([]uint64, width+1)
			for v := 0; v < n; v++ {
				o := m.mateOf(v)
				if o < 0 {
					continue
				}
				if !alive[v] || !alive[o] || m.mateOf(o) != v || numIsZero(w[v][o]) {
					t.Fatalf("iter %d step %d: inconsistent matching at %d-%d", iter, step, v, o)
				}
				if v < o {
					numAdd(got, got, append(append([]uint64{}, w[v][o]...), 0))
				}
			}
			for v, o := range want {
				if o > v {
					numAdd(best, best, append(append([]uint64{}, w[v][o]...), 0))
				}
			}
			if numCmp(got, best) != 0 {
				t.Fatalf("iter %d step %d (n=%d): weight %v, best %v", iter, step, n, got, best)
			}
			// Change something, as the pairing does.
			switch op := r.IntN(6); {
			case op == 0 && len(use) > 0: // a pair paired for good
				v := use[r.IntN(len(use))]
				if o := m.mateOf(v); o >= 0 {
					m.remove(o)
					alive[o] = false
				}
				m.remove(v)
				alive[v] = false
			case op == 1 && len(use) > 0: // a vertex gone
				v := use[r.IntN(len(use))]
				m.remove(v)
				alive[v] = false
			default: // new weights at one to three vertices
				for c := 1 + r.IntN(3); c > 0; c-- {
					v := r.IntN(n)
					for j := 0; j < n; j++ {
						if j != v && r.IntN(2) == 0 {
							set(v, j, randWeight(kind))
						}
					}
				}
			}
		}
	}
}

// checkOptimum verifies the optimality conditions of the matcher's state:
// every edge's slack (with the duals of the blossoms holding both ends) is
// not negative, matched edges are tight, and free vertices have zero duals.
func (m *matcher) checkOptimum() error {
	n := m.n
	chain := func(v int) []int {
		var c []int
		for b := m.parent[v]; b >= 0; b = m.parent[b] {
			c = append(c, b)
		}
		return c
	}
	s := make([]uint64, m.width)
	for i := 0; i < n; i++ {
		if !m.alive[i] {
			continue
		}
		if m.mate[i] == noEndpoint && !numIsZero(m.dual.at(i)) {
			return fmt.Errorf("free vertex %d has dual %v", i, m.dual.at(i))
		}
		ci := chain(i)
		for _, j := range m.adj[i] {
			if !m.alive[j] || j < i {
				continue
			}
			numAdd(s, m.dual.at(i), m.dual.at(j))
			for _, b := range ci {
				for _, c := range chain(j) {
					if b == c {
						numAdd(s, s, m.dual.at(b))
						numAdd(s, s, m.dual.at(b))
					}
				}
			}
			c := numCmp(s, m.w2(i, j))
			if c < 0 {
				return fmt.Errorf("edge %d-%d has negative slack", i, j)
			}
			if m.mate[i].at == j && c != 0 {
				return fmt.Errorf("matched edge %d-%d is not tight", i, j)
			}
		}
	}
	return nil
}
