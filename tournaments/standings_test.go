package tournaments

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// game writes a game of round index r between a (White) and b (Black)
// with a's result ra.
func game(t *Tournament, r, a, b int, ra Result) {
	put := func(id int, e Entry) {
		p := t.Players[id-1]
		for len(p.Rounds) <= r {
			p.Rounds = append(p.Rounds, Entry{Result: NotPaired})
		}
		p.Rounds[r] = e
	}
	put(a, Entry{Opponent: b, Color: White, Result: ra})
	if b != 0 {
		put(b, Entry{Opponent: a, Color: Black, Result: ra.reverse()})
	}
}

// bye writes an entry without opponent.
func bye(t *Tournament, r, id int, res Result) {
	p := t.Players[id-1]
	for len(p.Rounds) <= r {
		p.Rounds = append(p.Rounds, Entry{Result: NotPaired})
	}
	p.Rounds[r] = Entry{Result: res}
}

func newTestTournament(ratings ...int) *Tournament {
	t := &Tournament{Points: Standard}
	for i, r := range ratings {
		t.Players = append(t.Players, &Player{ID: i + 1, Name: fmt.Sprintf("P%d", i+1), Rating: r})
	}
	return t
}

// swissFive is a hand-checked 5-player Swiss of 3 rounds with every kind of
// unplayed round of C.07 16.2:
//
//	R1: 1-2 1-0, 3-4 ½-½, 5 pairing-allocated bye (cat. 1)
//	R2: 5-1 0-1, 2-3 1-0, 4 half-point bye followed by a game (cat. 3)
//	R3: 1-3 +/- (cat. 2 for 1, cat. 4 for 3), 4-5 0-1, 2 zero-point bye in the last round (cat. 5)
//
// Scores 3, 1, ½, 1, 2; adjusted scores (16.3) 3, 1½, ½, 1, 2. It is
// ranked by the 2026 text (FIDE2026); TestTieBreakRules2023 ranks it by
// the 2023 one.
func swissFive() *Tournament {
	t := newTestTournament(1800, 1700, 1600, 1500, 0)
	t.Rounds = 3
	t.TieBreakRules = FIDE2026
	game(t, 0, 1, 2, Win)
	game(t, 0, 3, 4, Draw)
	bye(t, 0, 5, PairingBye)
	game(t, 1, 5, 1, Loss)
	game(t, 1, 2, 3, Win)
	bye(t, 1, 4, HalfPointBye)
	game(t, 2, 1, 3, ForfeitWin)
	game(t, 2, 4, 5, Loss)
	bye(t, 2, 2, ZeroPointBye)
	return t
}

func TestTieBreakValuesSwiss(t *testing.T) {
	tr := swissFive()
	c := newTBContext(tr, 3, true)
	// Hand-computed, see swissFive and C.07 16.3-16.5 (dummy capped at the
	// forfeiting opponent's adjusted score, or at ½ x 3 rounds).
	want := map[TieBreak][5]string{
		Buchholz:          {"4.0", "4.5", "3.0", "3.5", "5.5"},
		BuchholzCut1:      {"3.5", "3.5", "2.5", "2.5", "4.5"},
		BuchholzMedian1:   {"1.5", "0.5", "1.0", "0.5", "1.5"},
		SonnebornBerger:   {"4.00", "0.50", "0.50", "0.75", "2.50"},
		"SB-C1":           {"3.50", "0.00", "0.50", "0.25", "1.50"},
		Wins:              {"3", "1", "0", "0", "2"},
		GamesWon:          {"2", "1", "0", "0", "1"},
		BlackGames:        {"1", "1", "1", "1", "1"},
		BlackWins:         {"1", "0", "0", "0", "1"},
		Progressive:       {"6.0", "2.0", "1.5", "2.5", "4.0"},
		"PS-C1":           {"5.0", "2.0", "1.0", "2.0", "3.0"},
		AverageRating:     {"1700", "1700", "1600", "1600", "1650"},
		AverageRatingCut1: {"0", "1800", "1700", "0", "1800"},
	}
	for tb, vals := range want {
		for i, w := range vals {
			if got := c.value(tr.Players[i], tb).String(); got != w {
				t.Errorf("%s of player %d = %s, want %s", tb, i+1, got, w)
			}
		}
	}
}

func TestStandingsSwissTieBreakOrder(t *testing.T) {
	tr := swissFive()
	for _, tc := range []struct {
		tbs  []TieBreak
		want string // rank:player ...
	}{
		{nil, "1:1 2:5 3:2 3:4 5:3"},
		{[]TieBreak{Buchholz}, "1:1 2:5 3:2 4:4 5:3"},
		{[]TieBreak{SonnebornBerger}, "1:1 2:5 3:4 4:2 5:3"},
		// 2 and 4 never met: direct encounter leaves them tied.
		{[]TieBreak{DirectEncounter}, "1:1 2:5 3:2 3:4 5:3"},
		{[]TieBreak{DirectEncounter, "PS-C1", SonnebornBerger}, "1:1 2:5 3:4 4:2 5:3"},
	} {
		rows, err := Standings(tr, 3, tc.tbs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, fmt.Sprintf("%d:%d", r.Rank, r.Player))
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%v: got %s, want %s", tc.tbs, g, tc.want)
		}
	}
}

func TestStandingsAfterEarlierRound(t *testing.T) {
	rows, err := Standings(swissFive(), 1, []TieBreak{Buchholz})
	if err != nil {
		t.Fatal(err)
	}
	// After round 1: 1 and 5 (bye) have 1 point; 5's bye is a dummy whose
	// score is capped at ½ x 1 round; 1's opponent 2 has 0.
	if rows[0].Player != 5 || rows[0].TieBreaks[0].String() != "0.5" || rows[1].Player != 1 || rows[1].TieBreaks[0].String() != "0.0" {
		t.Fatalf("got %+v", rows[:2])
	}
	for _, after := range []int{-1, 4} {
		var se *SystemError
		if _, err := Standings(swissFive(), after, nil); !errors.As(err, &se) {
			t.Errorf("after %d: err %v", after, err)
		}
	}
	var te *TieBreakError
	if _, err := Standings(swissFive(), 3, []TieBreak{"XYZ"}); !errors.As(err, &te) {
		t.Errorf("unknown tie-break: err %v", err)
	}
}

// A 4-player round robin: 1 and 2 tie on 2 points, 2 beat 1; 3 and 4 tie
// on 1, 3 beat 4.
func TestRoundRobinDirectEncounterAndSB(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0)
	game(tr, 0, 1, 4, Win)
	game(tr, 0, 2, 3, Win)
	game(tr, 1, 4, 3, Loss)
	game(tr, 1, 1, 2, Loss)
	game(tr, 2, 2, 4, Loss)
	game(tr, 2, 3, 1, Loss)
	rows, err := RoundRobinStandings(tr, 3, []TieBreak{DirectEncounter, SonnebornBerger})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%d:%d(%s,%s)", r.Rank, r.Player, r.TieBreaks[0], r.TieBreaks[1]))
	}
	want := "1:2(1.0,3.00) 2:1(0.0,2.00) 3:3(1.0,1.00) 4:4(0.0,2.00)"
	if g := strings.Join(got, " "); g != want {
		t.Fatalf("got %s, want %s", g, want)
	}
}

func TestDirectEncounterMissingGames(t *testing.T) {
	for _, tc := range []struct {
		r12  Result
		want string
	}{
		{Win, "[1] [2 3]"}, // 1 beat both; 2 and 3 cannot catch up
		{Draw, "[1 2 3]"},  // 2 could reach 1's 1½ by beating 3
		{Loss, "[1 2 3]"},  // 1 is not ahead
	} {
		tr := newTestTournament(0, 0, 0)
		game(tr, 0, 1, 2, tc.r12)
		game(tr, 1, 1, 3, Win)
		c := newTBContext(tr, 2, true)
		classes, _ := c.directEncounter(tr.Players)
		var got []string
		for _, cl := range classes {
			var ids []string
			for _, p := range cl {
				ids = append(ids, fmt.Sprint(p.ID))
			}
			got = append(got, "["+strings.Join(ids, " ")+"]")
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("1-2 %c: got %s, want %s", tc.r12, g, tc.want)
		}
	}
}

// C.07 6.3: 1 did not meet 4 but stays alone at the top even if he lost
// that game (2 points against 4's at most 1½), so he is first; nobody is
// alone at the top of 2, 3 and 4 (4 could reach 1½ like 2), who stay
// together for DE to be applied again among them.
func TestDirectEncounterAloneAtTheTop(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0)
	game(tr, 0, 1, 2, Win)
	game(tr, 0, 3, 4, Draw)
	game(tr, 1, 1, 3, Win)
	game(tr, 1, 2, 4, Win)
	game(tr, 2, 2, 3, Draw)
	bye(tr, 2, 1, ZeroPointBye)
	bye(tr, 2, 4, ZeroPointBye)
	c := newTBContext(tr, 3, true)
	classes, vals := c.directEncounter(tr.Players)
	if got := fmt.Sprint(len(classes), classes[0][0].ID, len(classes[1]), vals[1], vals[4]); got != "2 1 3 2.0 0.5" {
		t.Fatalf("got %s", got)
	}
}

func TestParseTieBreaks(t *testing.T) {
	got, err := ParseTieBreaks("bh-c1, BH_M1,sbc1, de ,ARO-C1")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[BH-C1 BH-M1 SB-C1 DE ARO-C1]" {
		t.Fatalf("got %v", got)
	}
	for _, bad := range []string{"BHX", "DE-C1", "BH-C3", "BH-X1", "koya"} {
		if _, err := ParseTieBreaks(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestTieBreakRules2023 ranks swissFive by the 2023 text of article 16:
// the dummy opponents are not capped, and the zero-point bye of 2 in the
// last round counts as a draw (adjusted scores 3, 1½, ½, 1, 2, as in
// 2026). Player 1: beat 2 (1½) and 5 (2), won by forfeit against a dummy
// with his own 3 points: SB 6½ (2026: the dummy capped at 3's adjusted ½,
// SB 4). Player 5: a pairing bye (dummy with 5's own 2 points), lost to 1
// (3), beat 4 (1): BH 6, SB 2+0+1 = 3.
func TestTieBreakRules2023(t *testing.T) {
	tr := swissFive()
	tr.TieBreakRules = FIDE2023
	rows, err := Standings(tr, 3, []TieBreak{SonnebornBerger, Buchholz})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]string{1: {"6.50", "6.5"}, 5: {"3.00", "6.0"}}
	for _, r := range rows {
		if w, ok := want[r.Player]; ok && (r.TieBreaks[0].String() != w[0] || r.TieBreaks[1].String() != w[1]) {
			t.Errorf("player %d: SB %s BH %s, want %s %s", r.Player, r.TieBreaks[0], r.TieBreaks[1], w[0], w[1])
		}
	}
	if _, err := ParseTieBreakRules("fide2025"); err == nil {
		t.Error("fide2025 accepted")
	}
	if r, err := ParseTieBreakRules(""); err != nil || r != FIDE2023 {
		t.Errorf("default %q %v, want fide2023", r, err)
	}
}

// TestCrossCellForfeits: a forfeit against a named opponent is told apart
// from a game played (the cross table a teacher prints must show that 13
// did not come), a forfeit with no opponent named is the sign alone.
func TestCrossCellForfeits(t *testing.T) {
	for _, c := range []struct {
		e    Entry
		want string
	}{
		{Entry{Opponent: 13, Color: White, Result: Win}, "+13w"},
		{Entry{Opponent: 13, Color: Black, Result: Draw}, "=13b"},
		{Entry{Opponent: 13, Color: White, Result: ForfeitWin}, "+13f"},
		{Entry{Opponent: 13, Color: Black, Result: ForfeitLoss}, "-13f"},
		{Entry{Result: ForfeitWin}, "+"},
		{Entry{Result: PairingBye}, "U"},
		{Entry{Result: HalfPointBye}, "H"},
	} {
		if got := crossCell(c.e); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
