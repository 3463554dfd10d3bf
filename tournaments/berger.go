package tournaments

import "fmt"

// BergerTable returns the FIDE Berger table for a round robin of players
// players (FIDE Handbook C.05 Annex 1): one slice of boards per round, the
// first-named player has White. With an odd number of players the table of
// the next even number is used and its highest number is the bye: that
// board has 0 in its place. It returns an error below 2 or above 9999.
//
// Round r of the table for an even n pairs n with x, where x is (r+1)/2 for
// an odd r (x has White) and n/2 + r/2 for an even r (n has White); the
// other boards, in order, are (x+i) against (x-i) for i = 1 .. n/2-1, the
// numbers taken cyclically in 1 .. n-1.
func BergerTable(players int) ([][]Pair, error) {
	if players < 2 || players > 9999 {
		return nil, fmt.Errorf("tournaments: a round robin needs 2 to 9999 players, not %d", players)
	}
	n := players + players%2
	cyc := func(v int) int { return ((v-1)%(n-1)+(n-1))%(n-1) + 1 }
	bye := func(v int) int {
		if v > players {
			return 0
		}
		return v
	}
	rounds := make([][]Pair, n-1)
	for r := 1; r <= n-1; r++ {
		var x int
		var first Pair
		if r%2 == 1 {
			x = (r + 1) / 2
			first = Pair{White: x, Black: bye(n)}
		} else {
			x = n/2 + r/2
			first = Pair{White: bye(n), Black: x}
		}
		boards := []Pair{first}
		for i := 1; i < n/2; i++ {
			boards = append(boards, Pair{White: cyc(x + i), Black: cyc(x - i)})
		}
		rounds[r-1] = boards
	}
	return rounds, nil
}
