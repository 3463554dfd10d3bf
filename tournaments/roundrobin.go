package tournaments

import "fmt"

// RoundRobin is the all-play-all system with the FIDE Berger tables
// (C.05 Annex 1): players 1..n by start rank, n-1 rounds (n rounded up to
// even; in an odd field the player the table pairs with the missing
// highest number has the bye). Double plays the table twice, colours
// reversed in the second cycle; as C.05 Annex 1 recommends, the last two
// rounds of the first cycle are swapped (so nobody gets three games with
// the same colour in a row around the middle) unless KeepOrder is set.
type RoundRobin struct {
	Double    bool
	KeepOrder bool
}

// Rounds returns the number of rounds for players players.
func (rr RoundRobin) Rounds(players int) int {
	n := (players + players%2) - 1
	if rr.Double {
		return 2 * n
	}
	return n
}

// Pair returns the boards of round round from the Berger table; results
// do not matter. Errors: *SystemError for fewer than 2 players, a gap in
// the start ranks or a round below 1; ErrRoundsComplete past the last
// round.
func (rr RoundRobin) Pair(t *Tournament, round int) ([]Pairing, error) {
	players, err := contiguousPlayers(t)
	if err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, &SystemError{Code: CodeTooFewPlayers, Reason: "a round robin needs at least 2 players"}
	}
	if round < 1 {
		return nil, &SystemError{Code: CodeNotNextRound, Reason: fmt.Sprintf("there is no round %d", round)}
	}
	if round > rr.Rounds(len(players)) {
		return nil, ErrRoundsComplete
	}
	table, err := BergerTable(len(players))
	if err != nil {
		return nil, &SystemError{Code: CodeTooManyPlayers, Reason: err.Error()}
	}
	cycle := len(table)
	r, reverse := round, false
	if r > cycle {
		r, reverse = r-cycle, true
	} else if rr.Double && !rr.KeepOrder && cycle >= 3 && r >= cycle-1 {
		r = 2*cycle - 1 - r // swap the last two rounds of the first cycle
	}
	var out []Pairing
	var bye *Pairing
	for _, b := range table[r-1] {
		w, bl := b.White, b.Black
		if reverse {
			w, bl = bl, w
		}
		switch {
		case w == 0:
			bye = &Pairing{White: bl}
		case bl == 0:
			bye = &Pairing{White: w}
		default:
			out = append(out, Pairing{White: w, Black: bl})
		}
	}
	if bye != nil {
		out = append(out, *bye)
	}
	return out, nil
}

// Standings ranks by points and tie-breaks with C.07 article 15.2
// (pairings fixed in advance).
func (RoundRobin) Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	return RoundRobinStandings(t, after, tiebreaks)
}
