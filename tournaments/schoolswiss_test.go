package tournaments

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestSchoolSwissFirstRoundByLot(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0, 0, 0, 0, 0)
	first := pairingText(mustPair(t, SchoolSwiss{Seed: 7}, tr, 1))
	if again := pairingText(mustPair(t, SchoolSwiss{Seed: 7}, tr, 1)); again != first {
		t.Fatalf("same seed, different draw: %s / %s", first, again)
	}
	draws := map[string]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		draws[pairingText(mustPair(t, SchoolSwiss{Seed: seed}, tr, 1))] = true
	}
	if len(draws) < 10 {
		t.Fatalf("20 seeds gave only %d draws", len(draws))
	}
}

func mustPair(t *testing.T, sys System, tr *Tournament, round int) []Pairing {
	t.Helper()
	ps, err := sys.Pair(tr, round)
	if err != nil {
		t.Fatalf("round %d: %v", round, err)
	}
	return ps
}

func TestSchoolSwissAvoidsTeamMates(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		tr := newTestTournament(0, 0, 0, 0)
		for i, c := range []string{"3班", "3班", "4班", "4班"} {
			tr.Players[i].Club = c
		}
		for _, p := range mustPair(t, SchoolSwiss{Seed: seed}, tr, 1) {
			if tr.Player(p.White).Club == tr.Player(p.Black).Club {
				t.Fatalf("seed %d: team-mates %d and %d paired", seed, p.White, p.Black)
			}
		}
		ps := mustPair(t, SchoolSwiss{Seed: seed, AllowTeamMates: true}, tr, 1)
		_ = ps // allowed, not required
	}
	// Score comes before clubs: 1 and 2 (2 points, same class) meet
	// rather than 1 meeting a player of another class with less.
	tr := newTestTournament(0, 0, 0, 0)
	tr.Points = TwoOneZero
	for i, c := range []string{"A", "A", "B", "B"} {
		tr.Players[i].Club = c
	}
	game(tr, 0, 1, 3, Win)
	game(tr, 0, 4, 2, Loss)
	if got := pairingText(mustPair(t, SchoolSwiss{}, tr, 2)); got != "2-1 3-4" {
		t.Fatalf("round 2: %s", got)
	}
}

// Six players after round 1: 1, 2, 3 won (2 points), 4, 5, 6 lost. Round
// 2 pairs the winners among themselves: 1-2 met? no: 1 beat 4, 2 beat 5, 3
// beat 6. Top-down: 1 meets 2 (same score), 3 is left with 2 points and
// meets the nearest score (4), 5 meets 6.
func TestSchoolSwissScoreGroupsAndColours(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0, 0, 0)
	tr.Points = TwoOneZero
	game(tr, 0, 1, 4, Win)
	game(tr, 0, 5, 2, Loss)
	game(tr, 0, 3, 6, Win)
	got := pairingText(mustPair(t, SchoolSwiss{}, tr, 2))
	// 1 had White, 2 Black: 2 gets White. 3 (White) - 4 (Black): 4
	// White. 5 (White) - 6 (Black): 6 White.
	if want := "2-1 4-3 6-5"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func TestSchoolSwissByeAndNoValidPairing(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0, 0)
	tr.Points = TwoOneZero
	game(tr, 0, 1, 2, Win)
	game(tr, 0, 3, 4, Draw)
	bye(tr, 0, 5, PairingBye)
	// 5 is last by start rank among... scores: 1:2, 5:2, 3:1, 4:1, 2:0.
	// The bye goes to the lowest, 2, who has not had one.
	ps := mustPair(t, SchoolSwiss{}, tr, 2)
	if last := ps[len(ps)-1]; last.White != 2 || last.Black != 0 {
		t.Fatalf("bye: %s", pairingText(ps))
	}
	// A player entered ahead with a requested bye is not paired.
	tr = newTestTournament(0, 0, 0, 0, 0)
	bye(tr, 0, 3, HalfPointBye)
	for _, p := range mustPair(t, SchoolSwiss{}, tr, 1) {
		if p.White == 3 || p.Black == 3 {
			t.Fatalf("3 paired despite the bye: %v", p)
		}
	}
	// Four players who all met have no fourth round.
	tr = newTestTournament(0, 0, 0, 0)
	game(tr, 0, 1, 2, Win)
	game(tr, 0, 3, 4, Win)
	game(tr, 1, 1, 3, Win)
	game(tr, 1, 2, 4, Win)
	game(tr, 2, 1, 4, Win)
	game(tr, 2, 2, 3, Win)
	if _, err := (SchoolSwiss{}).Pair(tr, 4); !errors.Is(err, ErrNoValidPairing) {
		t.Fatalf("round 4: %v", err)
	}
	var se *SystemError
	if _, err := (SchoolSwiss{}).Pair(tr, 2); !errors.As(err, &se) {
		t.Fatalf("round 2 again: %v", err)
	}
}

// Many random tournaments: never a rematch, never a second bye, colours
// balanced, the same seed gives the same tournament.
func TestSchoolSwissRandomTournaments(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	worst := 0
	for iter := 0; iter < 300; iter++ {
		n := 4 + rng.IntN(37)
		rounds := min(n-1, 1+rng.IntN(9))
		seed := rng.Uint64()
		clubs := 1 + rng.IntN(4)
		run := func() string {
			results := rand.New(rand.NewPCG(seed, 1))
			tr := newTestTournament(make([]int, n)...)
			tr.Points = TwoOneZero
			for i, p := range tr.Players {
				p.Club = fmt.Sprint(i % clubs)
			}
			log := ""
			for r := 1; r <= rounds; r++ {
				ps, err := SchoolSwiss{Seed: seed}.Pair(tr, r)
				if errors.Is(err, ErrNoValidPairing) && r > n/2 {
					break // small fields can run out of opponents
				}
				if err != nil {
					t.Fatalf("n=%d round %d: %v", n, r, err)
				}
				log += pairingText(ps) + "|"
				for _, p := range ps {
					if p.Black == 0 {
						for k := 0; k < r-1; k++ {
							if entryAt(tr.Player(p.White), k).Result == PairingBye {
								t.Fatalf("n=%d round %d: second bye for %d", n, r, p.White)
							}
						}
						bye(tr, r-1, p.White, PairingBye)
						continue
					}
					for k := 0; k < r-1; k++ {
						if entryAt(tr.Player(p.White), k).Opponent == p.Black {
							t.Fatalf("n=%d round %d: rematch %d-%d", n, r, p.White, p.Black)
						}
					}
					game(tr, r-1, p.White, p.Black, []Result{Win, Draw, Loss}[results.IntN(3)])
				}
				for _, p := range tr.Players {
					d := 0
					for _, e := range p.Rounds {
						if e.Played() {
							d += colourValue(e.Color)
						}
					}
					worst = max(worst, d, -d)
				}
			}
			return log
		}
		if a, b := run(), run(); a != b {
			t.Fatalf("same seed, different tournament:\n%s\n%s", a, b)
		}
	}
	if worst > 2 {
		t.Errorf("a colour difference of %d", worst)
	}
	t.Logf("largest colour difference: %d", worst)
}
