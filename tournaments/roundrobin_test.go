package tournaments

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func rrRounds(t *testing.T, rr RoundRobin, n int) []string {
	t.Helper()
	tr := newTestTournament(make([]int, n)...)
	var out []string
	for r := 1; ; r++ {
		ps, err := rr.Pair(tr, r)
		if errors.Is(err, ErrRoundsComplete) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		var b []string
		for _, p := range ps {
			b = append(b, fmt.Sprintf("%d-%d", p.White, p.Black))
		}
		out = append(out, strings.Join(b, " "))
	}
}

func TestRoundRobinSingle(t *testing.T) {
	// FIDE C.05 Annex 1, 5 or 6 players; with 5, player 6 is the bye,
	// listed last.
	got := rrRounds(t, RoundRobin{}, 5)
	want := []string{"2-5 3-4 1-0", "5-3 1-2 4-0", "3-1 4-5 2-0", "1-4 2-3 5-0", "4-2 5-1 3-0"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestRoundRobinDouble(t *testing.T) {
	got := rrRounds(t, RoundRobin{Double: true}, 4)
	// Rounds 2 and 3 of the first cycle swapped (C.05 Annex 1), the
	// second cycle in table order with colours reversed.
	want := []string{"1-4 2-3", "2-4 3-1", "4-3 1-2", "4-1 3-2", "3-4 2-1", "4-2 1-3"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	got = rrRounds(t, RoundRobin{Double: true, KeepOrder: true}, 4)
	if got[1] != "4-3 1-2" || got[2] != "2-4 3-1" {
		t.Fatalf("keep order: %q", got)
	}
	// Every pair meets twice, once with each colour; nobody has three
	// games in a row with the same colour, for 3 to 16 players.
	for n := 3; n <= 16; n++ {
		tr := newTestTournament(make([]int, n)...)
		rr := RoundRobin{Double: true}
		seen := map[[2]int]int{}
		colours := map[int]string{}
		for r := 1; r <= rr.Rounds(n); r++ {
			ps, err := rr.Pair(tr, r)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ps {
				if p.Black == 0 {
					colours[p.White] += "-"
					continue
				}
				seen[[2]int{p.White, p.Black}]++
				colours[p.White] += "W"
				colours[p.Black] += "B"
			}
		}
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n; b++ {
				if seen[[2]int{a, b}] != 1 || seen[[2]int{b, a}] != 1 {
					t.Errorf("n=%d: %d and %d meet %d+%d times", n, a, b, seen[[2]int{a, b}], seen[[2]int{b, a}])
				}
			}
			c := strings.ReplaceAll(colours[a], "-", "")
			if strings.Contains(c, "WWW") || strings.Contains(c, "BBB") {
				t.Errorf("n=%d: player %d has colours %s", n, a, colours[a])
			}
		}
	}
}

func TestRoundRobinErrors(t *testing.T) {
	var se *SystemError
	if _, err := (RoundRobin{}).Pair(newTestTournament(0), 1); !errors.As(err, &se) || se.Code != CodeTooFewPlayers {
		t.Errorf("one player: %v", err)
	}
	if _, err := (RoundRobin{}).Pair(newTestTournament(0, 0, 0), 0); !errors.As(err, &se) {
		t.Errorf("round 0: %v", err)
	}
	var te *TieBreakError
	if _, err := (RoundRobin{}).Standings(newTestTournament(0, 0, 0), 0, []TieBreak{SonnebornBerger, BuchholzMedian1}); !errors.As(err, &te) || te.Name != "BH-M1" || !te.NotForRoundRobin {
		t.Errorf("Buchholz in a round robin: %v", err)
	}
	gap := newTestTournament(0, 0, 0)
	gap.Players[1] = nil
	if _, err := (RoundRobin{}).Pair(gap, 1); !errors.As(err, &se) || se.Code != CodeStartRankGap {
		t.Errorf("gap: %v", err)
	}
}

// The double round robin of Sensei's Library, "Sonneborn-Berger"
// (senseis.xmp.net/?SonnebornBerger): A and B score 4 and meet 1-1, so
// direct encounter cannot split them; the published Sonneborn-Berger
// scores 11, 9, 6 and 4 put A first. Direct encounter averages the
// games of players who met twice (C.07 6.1.2): A and B have ½ each.
func TestRoundRobinPublishedSonnebornBerger(t *testing.T) {
	// wins[x][y] = games x won against y in cycles 1 and 2 (A=1 ... D=4).
	wins := map[[2]int][2]bool{
		{1, 2}: {true, false}, {1, 3}: {true, true}, {1, 4}: {true, false},
		{2, 1}: {false, true}, {2, 3}: {true, false}, {2, 4}: {true, true},
		{3, 1}: {false, false}, {3, 2}: {false, true}, {3, 4}: {true, true},
		{4, 1}: {false, true}, {4, 2}: {false, false}, {4, 3}: {false, false},
	}
	tr := newTestTournament(0, 0, 0, 0)
	rr := RoundRobin{Double: true}
	for r := 1; r <= rr.Rounds(4); r++ {
		for _, p := range mustPair(t, rr, tr, r) {
			cycle := (r - 1) / 3
			res := Loss
			if wins[[2]int{p.White, p.Black}][cycle] {
				res = Win
			}
			game(tr, r-1, p.White, p.Black, res)
		}
	}
	rows, err := rr.Standings(tr, 6, []TieBreak{DirectEncounter, SonnebornBerger})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%d:%d %s DE %s SB %s", r.Rank, r.Player, r.Points, r.TieBreaks[0], r.TieBreaks[1]))
	}
	want := []string{"1:1 4.0 DE 0.5 SB 11.00", "2:2 4.0 DE 0.5 SB 9.00", "3:3 3.0 DE 0.0 SB 6.00", "4:4 1.0 DE 0.0 SB 4.00"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}
