package tournaments

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

var allTieBreaks = []TieBreak{Buchholz, BuchholzCut1, BuchholzMedian1, "BH-C2", "BH-M2", SonnebornBerger, "SB-C1",
	DirectEncounter, Wins, GamesWon, BlackGames, BlackWins, Progressive, "PS-C1", AverageRating, AverageRatingCut1}

// checkStandings checks what any standings must satisfy: every player
// once, points never rising down the table, ranks shared exactly by rows
// equal in points and every tie-break, cuts never adding.
func checkStandings(t *testing.T, name string, tr *Tournament, rows []Standing) {
	t.Helper()
	seen := map[int]bool{}
	players := 0
	for _, p := range tr.Players {
		if p != nil {
			players++
		}
	}
	if len(rows) != players {
		t.Fatalf("%s: %d rows for %d players", name, len(rows), players)
	}
	for i, r := range rows {
		if seen[r.Player] {
			t.Fatalf("%s: player %d twice", name, r.Player)
		}
		seen[r.Player] = true
		if bh, c1, m1 := r.TieBreaks[0], r.TieBreaks[1], r.TieBreaks[2]; c1.Cmp(bh) > 0 || m1.Cmp(c1) > 0 {
			t.Fatalf("%s: player %d: BH %s, BH-C1 %s, BH-M1 %s", name, r.Player, bh, c1, m1)
		}
		if i == 0 {
			if r.Rank != 1 {
				t.Fatalf("%s: first rank %d", name, r.Rank)
			}
			continue
		}
		prev := rows[i-1]
		if r.Points > prev.Points {
			t.Fatalf("%s: %d has more points than %d above", name, r.Player, prev.Player)
		}
		same := r.Points == prev.Points
		for k := range r.TieBreaks {
			if allTieBreaks[k] != DirectEncounter {
				same = same && r.TieBreaks[k].Cmp(prev.TieBreaks[k]) == 0
			}
		}
		if r.Rank == prev.Rank && !same || r.Rank != prev.Rank && r.Rank != i+1 {
			t.Fatalf("%s: row %d rank %d after rank %d", name, i+1, r.Rank, prev.Rank)
		}
	}
}

// The 127 tournaments of the Dutch tests (6-101 players, forfeits, byes,
// absences): standings with every tie-break after each round, and the
// school Swiss pairing of the next round (no rematch, everybody once).
func TestStandingsAndSchoolSwissOnDutchFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/dutch/*.trf")
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := ReadTRF(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		played := tr.PlayedRounds()
		for after := 0; after <= played; after++ {
			rows, err := Standings(tr, after, allTieBreaks)
			if err != nil {
				t.Fatalf("%s after %d: %v", file, after, err)
			}
			checkStandings(t, file, tr, rows)
		}
		ps, err := SchoolSwiss{Seed: 1}.Pair(tr, played+1)
		if errors.Is(err, ErrNoValidPairing) || errors.Is(err, ErrRoundsComplete) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: school Swiss: %v", file, err)
		}
		seen := map[int]bool{}
		for _, p := range ps {
			for _, id := range []int{p.White, p.Black} {
				if id != 0 && seen[id] {
					t.Fatalf("%s: %d paired twice", file, id)
				}
				seen[id] = true
			}
			for r := 0; r < played; r++ {
				if p.Black != 0 && entryAt(tr.Player(p.White), r).Opponent == p.Black {
					t.Fatalf("%s: rematch %d-%d", file, p.White, p.Black)
				}
			}
		}
	}
}
