package tournaments

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestBracketOrder(t *testing.T) {
	if got := fmt.Sprint(bracketOrder(8)); got != "[1 8 4 5 2 7 3 6]" {
		t.Errorf("8: %s", got)
	}
	if got := fmt.Sprint(bracketOrder(16)); got != "[1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11]" {
		t.Errorf("16: %s", got)
	}
}

func pairingText(ps []Pairing) string {
	var b []string
	for _, p := range ps {
		s := fmt.Sprintf("%d-%d", p.White, p.Black)
		if p.Decider {
			s += "!"
		}
		if p.ThirdPlace {
			s += "(3rd)"
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

// playRound pairs round r with sys and writes the results: res maps
// "W-B" to White's result; a bye gets the pairing-allocated bye.
func playRound(t *testing.T, sys System, tr *Tournament, r int, want string, res map[string]Result) {
	t.Helper()
	ps, err := sys.Pair(tr, r)
	if err != nil {
		t.Fatalf("round %d: %v", r, err)
	}
	if got := pairingText(ps); got != want {
		t.Fatalf("round %d: got %s, want %s", r, got, want)
	}
	for _, p := range ps {
		if p.Black == 0 {
			bye(tr, r-1, p.White, PairingBye)
			continue
		}
		key := fmt.Sprintf("%d-%d", p.White, p.Black)
		rs, ok := res[key]
		if !ok {
			t.Fatalf("round %d: no result for %s", r, key)
		}
		game(tr, r-1, p.White, p.Black, rs)
	}
}

func standingsText(t *testing.T, sys System, tr *Tournament, after int) string {
	t.Helper()
	rows, err := sys.Standings(tr, after, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b []string
	for _, r := range rows {
		b = append(b, fmt.Sprintf("%d:%d", r.Rank, r.Player))
	}
	return strings.Join(b, " ")
}

func TestKnockoutSixPlayersReplay(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0, 0, 0)
	k := Knockout{}
	// 8-slot bracket: 1 and 2 have byes; 4-5 and 3-6 play, the second
	// board with the higher seed as Black.
	playRound(t, k, tr, 1, "4-5 6-3 1-0 2-0", map[string]Result{"4-5": Win, "6-3": Draw})
	// The drawn match is replayed with colours reversed; 4 waits.
	playRound(t, k, tr, 2, "3-6", map[string]Result{"3-6": Win})
	if got := standingsText(t, k, tr, 2); got != "1:1 1:2 1:3 1:4 5:5 5:6" {
		t.Errorf("standings after 2: %s", got)
	}
	playRound(t, k, tr, 3, "1-4 3-2", map[string]Result{"1-4": Win, "3-2": Loss})
	playRound(t, k, tr, 4, "1-2", map[string]Result{"1-2": Loss})
	if _, err := k.Pair(tr, 5); !errors.Is(err, ErrRoundsComplete) {
		t.Fatalf("after the final: %v", err)
	}
	if got := standingsText(t, k, tr, 4); got != "1:2 2:1 3:3 3:4 5:5 5:6" {
		t.Errorf("final standings: %s", got)
	}
}

func TestKnockoutArmageddonAndThirdPlace(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0)
	k := Knockout{Tie: TieArmageddon, ThirdPlace: true}
	playRound(t, k, tr, 1, "1-4 3-2", map[string]Result{"1-4": Draw, "3-2": Win})
	// The decider: colours reversed, a draw goes to Black (1).
	playRound(t, k, tr, 2, "4-1!", map[string]Result{"4-1": Draw})
	playRound(t, k, tr, 3, "1-3 4-2(3rd)", map[string]Result{"1-3": Loss, "4-2": Loss})
	if got := standingsText(t, k, tr, 3); got != "1:3 2:1 3:2 4:4" {
		t.Errorf("standings: %s", got)
	}
}

func TestKnockoutTeacherChoice(t *testing.T) {
	tr := newTestTournament(0, 0)
	k := Knockout{Tie: TieTeacher}
	playRound(t, k, tr, 1, "1-2", map[string]Result{"1-2": Draw})
	_, err := k.Pair(tr, 2)
	var dn *DecisionNeededError
	if !errors.As(err, &dn) || !errors.Is(err, ErrDecisionNeeded) || dn.Round != 1 || dn.White != 1 || dn.Black != 2 {
		t.Fatalf("err %v", err)
	}
	k.Choices = []KnockoutChoice{{Round: 1, Winner: 2}}
	if _, err := k.Pair(tr, 2); !errors.Is(err, ErrRoundsComplete) {
		t.Fatalf("after the choice: %v", err)
	}
	if got := standingsText(t, k, tr, 1); got != "1:2 2:1" {
		t.Errorf("standings: %s", got)
	}
}

func TestKnockoutErrors(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0)
	k := Knockout{}
	if _, err := k.Pair(tr, 2); !errors.Is(err, ErrResultsMissing) {
		t.Errorf("round 2 before results: %v", err)
	}
	game(tr, 0, 1, 2, Win) // not the bracket's game
	game(tr, 0, 4, 3, Win)
	var se *SystemError
	if _, err := k.Pair(tr, 2); !errors.As(err, &se) {
		t.Errorf("wrong games: %v", err)
	}
	if _, err := k.Standings(tr, 1, nil); !errors.As(err, &se) {
		t.Errorf("standings of wrong games: %v", err)
	}
	tr = newTestTournament(0, 0, 0, 0)
	if _, err := k.Pair(tr, 3); !errors.As(err, &se) && !errors.Is(err, ErrResultsMissing) {
		t.Errorf("round 3 first: %v", err)
	}
	if _, err := k.Pair(newTestTournament(0), 1); !errors.As(err, &se) {
		t.Errorf("one player: %v", err)
	}
}

// A paired game whose result is not in yet (the zero Result) stops the
// next round of every system instead of counting as a loss.
func TestPairedGameWithoutResult(t *testing.T) {
	for _, sys := range []System{Knockout{}, Arena{}, SchoolSwiss{}, Dutch{}} {
		tr := newTestTournament(0, 0, 0, 0)
		tr.Rounds = 3
		ps, err := sys.Pair(tr, 1)
		if err != nil {
			t.Fatalf("%T: %v", sys, err)
		}
		for _, p := range ps {
			if p.Black == 0 {
				bye(tr, 0, p.White, PairingBye)
				continue
			}
			tr.Players[p.White-1].Rounds = []Entry{{Opponent: p.Black, Color: White}}
			tr.Players[p.Black-1].Rounds = []Entry{{Opponent: p.White, Color: Black}}
		}
		if _, err := sys.Pair(tr, 2); !errors.Is(err, ErrResultsMissing) {
			t.Errorf("%T: %v", sys, err)
		}
	}
}
