package tournaments

import "testing"

// TestEventTournament checks the entries an event gives the pairing
// engines: games with their results, the pairing-allocated bye, a late
// entrant's missed rounds and a withdrawn entrant's zero-point byes, and
// a requested bye written ahead of the round to pair.
func TestEventTournament(t *testing.T) {
	ev := &Event{System: sysDutch, Rounds: 4, Scoring: "1-0.5-0", PairedRounds: 2,
		Players: []Entrant{{Number: 1, FromRound: 1}, {Number: 2, FromRound: 1}, {Number: 3, FromRound: 1, WithdrawnFrom: 3},
			{Number: 4, FromRound: 2}},
		Boards: []Board{
			{Round: 1, Number: 1, White: 1, Black: 2, Result: OutcomeDraw}, {Round: 1, Number: 2, White: 3, Result: OutcomeBye},
			{Round: 2, Number: 1, White: 4, Black: 1, Result: OutcomeBlackForfeit}, {Round: 2, Number: 2, White: 2, Black: 3, Result: OutcomeWhiteWins},
		},
		Absences: []Absence{{Player: 1, Round: 3, Kind: HalfPointBye}},
	}
	tr := ev.Tournament(2)
	want := map[int][]Entry{
		1: {{2, White, Draw}, {4, Black, ForfeitWin}, {0, NoColor, HalfPointBye}},
		2: {{1, Black, Draw}, {3, White, Win}},
		3: {{0, NoColor, PairingBye}, {2, Black, Loss}, {0, NoColor, ZeroPointBye}},
		4: {{0, NoColor, ZeroPointBye}, {1, White, ForfeitLoss}},
	}
	for id, entries := range want {
		got := tr.Player(id).Rounds
		if len(got) != len(entries) {
			t.Fatalf("player %d: %v, want %v", id, got, entries)
		}
		for i := range entries {
			if got[i] != entries[i] {
				t.Errorf("player %d round %d: %v, want %v", id, i+1, got[i], entries[i])
			}
		}
	}
	if tr.PlayedRounds() != 2 {
		t.Errorf("played rounds %d", tr.PlayedRounds())
	}
	st := ev.Standings()
	if st[0].Player.Number != 1 || st[0].Points != 15 || st[1].Points != 15 || st[1].Rank != 1 {
		t.Errorf("standings %+v", st)
	}
}

// TestScorings checks every point system of a tournament: a forfeit win
// and a full-point bye bring a win's points, a requested half-point bye a
// draw's, a pairing-allocated bye a win's (a round robin's rest nothing,
// see Event.Tournament), an absence or a forfeit loss nothing.
func TestScorings(t *testing.T) {
	for name, ps := range Scorings {
		cases := []struct {
			e    Entry
			want Points
		}{
			{Entry{Opponent: 2, Color: White, Result: ForfeitWin}, ps.Win},
			{Entry{Result: FullPointBye}, ps.Win},
			{Entry{Result: PairingBye}, ps.Win},
			{Entry{Result: HalfPointBye}, ps.Draw},
			{Entry{Opponent: 2, Color: Black, Result: Draw}, ps.Draw},
			{Entry{Result: ZeroPointBye}, 0},
			{Entry{Opponent: 2, Color: White, Result: ForfeitLoss}, 0},
		}
		for _, c := range cases {
			if got := ps.Points(c.e); got != c.want {
				t.Errorf("%s: %+v scores %s, want %s", name, c.e, got, c.want)
			}
		}
	}
}
