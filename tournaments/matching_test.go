package tournaments

import (
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
		use := make([]int, n)
		for i := range use {
			use[i] = i
		}
		mate := m.solve(use)
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
