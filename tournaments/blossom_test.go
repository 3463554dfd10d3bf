package tournaments

import (
	"math/rand/v2"
	"testing"
)

// bruteCardinality is the size of a maximum matching by trying everything.
func bruteCardinality(n int, edge [][]bool, used []bool) int {
	v := 0
	for v < n && used[v] {
		v++
	}
	if v == n {
		return 0
	}
	used[v] = true
	best := bruteCardinality(n, edge, used) // v stays single
	for u := v + 1; u < n; u++ {
		if !used[u] && edge[v][u] {
			used[u] = true
			best = max(best, 1+bruteCardinality(n, edge, used))
			used[u] = false
		}
	}
	used[v] = false
	return best
}

func TestMaxCardinalityMatchingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.IntN(11)
		density := rng.Float64()
		edge := make([][]bool, n)
		for i := range edge {
			edge[i] = make([]bool, n)
		}
		adj := make([][]int, n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					edge[i][j], edge[j][i] = true, true
					adj[i] = append(adj[i], j)
					adj[j] = append(adj[j], i)
				}
			}
		}
		if got, want := maxCardinalityMatching(n, adj), bruteCardinality(n, edge, make([]bool, n)); got != want {
			t.Fatalf("n=%d adj=%v: got %d, want %d", n, adj, got, want)
		}
	}
}
