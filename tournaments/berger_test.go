package tournaments

import (
	"fmt"
	"strings"
	"testing"
)

func bergerText(t *testing.T, n int) []string {
	t.Helper()
	rounds, err := BergerTable(n)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, r := range rounds {
		var b []string
		for _, p := range r {
			b = append(b, fmt.Sprintf("%d-%d", p.White, p.Black))
		}
		lines = append(lines, strings.Join(b, " "))
	}
	return lines
}

// The tables for 6 and 8 players as printed in FIDE C.05 Annex 1.
func TestBergerPublishedTables(t *testing.T) {
	want := map[int][]string{
		6: {"1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"},
		8: {"1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6", "8-6 7-5 1-4 2-3",
			"3-8 4-2 5-1 6-7", "8-7 1-6 2-5 3-4", "4-8 5-3 6-2 7-1"},
		5:  {"1-0 2-5 3-4", "0-4 5-3 1-2", "2-0 3-1 4-5", "0-5 1-4 2-3", "3-0 4-2 5-1"},
		12: {"1-12 2-11 3-10 4-9 5-8 6-7", "12-7 8-6 9-5 10-4 11-3 1-2"},
	}
	for n, rows := range want {
		got := bergerText(t, n)
		for i, row := range rows {
			if got[i] != row {
				t.Errorf("%d players round %d: %q, want %q", n, i+1, got[i], row)
			}
		}
	}
}

// For 3-16 players: everybody meets everybody exactly once, plays once a
// round, never three times in a row with one colour, and the whites and
// blacks of each player differ by at most one.
func TestBergerProperties(t *testing.T) {
	for n := 3; n <= 16; n++ {
		rounds, err := BergerTable(n)
		if err != nil {
			t.Fatal(err)
		}
		even := n + n%2
		if len(rounds) != even-1 {
			t.Fatalf("%d players: %d rounds", n, len(rounds))
		}
		met := map[[2]int]int{}
		colors := make([][]Color, n+1)
		for ri, r := range rounds {
			seen := map[int]bool{}
			for _, p := range r {
				for _, v := range []int{p.White, p.Black} {
					if v != 0 && seen[v] {
						t.Fatalf("%d players round %d: %d plays twice", n, ri+1, v)
					}
					seen[v] = true
				}
				if p.White == 0 || p.Black == 0 {
					continue
				}
				met[pairKey(p.White, p.Black)]++
				colors[p.White] = append(colors[p.White], White)
				colors[p.Black] = append(colors[p.Black], Black)
			}
			if len(seen) != even {
				t.Fatalf("%d players round %d: %d seats", n, ri+1, len(seen))
			}
		}
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n; b++ {
				if met[[2]int{a, b}] != 1 {
					t.Fatalf("%d players: %d and %d meet %d times", n, a, b, met[[2]int{a, b}])
				}
			}
			w := 0
			for i, c := range colors[a] {
				if c == White {
					w++
				}
				if i >= 2 && c == colors[a][i-1] && c == colors[a][i-2] {
					t.Fatalf("%d players: %d has three %v in a row", n, a, c)
				}
			}
			if d := 2*w - len(colors[a]); d > 1 || d < -1 {
				t.Fatalf("%d players: %d has %d whites of %d", n, a, w, len(colors[a]))
			}
		}
	}
	if _, err := BergerTable(1); err == nil {
		t.Fatal("one player accepted")
	}
}
