package tournaments

import (
	"cmp"
	"errors"
	"fmt"
)

// TieRule says what happens when a knockout game is drawn.
type TieRule int

// The tie rules of a knockout.
const (
	// TieReplay: the two play again, colours reversed, until one wins.
	TieReplay TieRule = iota
	// TieArmageddon: one decider game, colours reversed, in which a draw
	// counts as a win for Black.
	TieArmageddon
	// TieTeacher: the teacher chooses who goes on (Knockout.Choices).
	TieTeacher
)

// KnockoutChoice records the teacher's choice after a drawn game (or a game
// both players forfeited): Winner goes on from the match whose game was in
// tournament round Round.
type KnockoutChoice struct {
	Round  int
	Winner int
}

// Knockout is the single-elimination system. The bracket is seeded by start
// rank in the standard order (1 v N, and 1 and 2 can meet only in the
// final: for 8, 1-8 4-5 2-7 3-6); when the field is not a power of two the
// top seeds get the byes (a Pairing with Black 0 in round 1). Each
// tournament round plays one game of every undecided match: a drawn game is
// settled by the tie rule, so a replay or a decider takes a round of its
// own while the decided matches wait. Winners meet in bracket order; with
// ThirdPlace the losers of the semi-finals play for third place beside the
// final. In a first game the higher seed has White on the first, third, ...
// board of the round and Black on the others; a replay or decider reverses
// the colours of the previous game.
type Knockout struct {
	Tie        TieRule
	ThirdPlace bool
	Choices    []KnockoutChoice
}

// bracketOrder returns the seeds in slot order for a bracket of size (a
// power of two): consecutive slots meet in the first round.
func bracketOrder(size int) []int {
	order := []int{1}
	for len(order) < size {
		n := 2 * len(order)
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
	}
	return order
}

type koMatch struct {
	a, b      int // a: the upper slot; b == 0: a bye
	winner    int
	loser     int
	games     int
	lastWhite int
	decider   bool // the next game is the armageddon decider
	third     bool
	stage     int
	rounds    []int // the tournament rounds of its games
}

type koState struct {
	stage    int
	matches  []*koMatch
	stages   [][]*koMatch // every stage reached, the current one last
	round    int          // the tournament round to pair next
	out      map[int]int  // player -> stage in which he was eliminated
	place    map[int]int  // 1 for the winner of a third-place match or the final
	finished bool
}

// replay rebuilds the bracket from the results of rounds 1..upto. On an
// error it returns the state reached so far with the error.
func (k Knockout) replay(t *Tournament, upto int) (*koState, error) {
	players, err := contiguousPlayers(t)
	if err != nil {
		return nil, err
	}
	n := len(players)
	if n < 2 {
		return nil, &SystemError{Code: CodeTooFewPlayers, Reason: "a knockout needs at least 2 players"}
	}
	size := 1
	for size < n {
		size *= 2
	}
	order := bracketOrder(size)
	s := &koState{stage: 1, round: 1, out: map[int]int{}, place: map[int]int{}}
	for i := 0; i < size; i += 2 {
		m := &koMatch{a: order[i], b: order[i+1], stage: 1}
		if m.b > n {
			m.b, m.winner = 0, m.a
		}
		s.matches = append(s.matches, m)
	}
	s.stages = append(s.stages, s.matches)
	for {
		if s.decided() {
			if s.final() {
				s.finished = true
				return s, nil
			}
			s.nextStage(k.ThirdPlace)
			continue
		}
		if s.round > upto {
			return s, nil
		}
		// Every game of the round is checked before a missing result or
		// choice stops the replay, so that games paired for the wrong
		// players are found.
		var waiting error
		for _, m := range s.matches {
			if m.winner == 0 {
				err := k.playGame(t, s, m)
				switch {
				case errors.Is(err, ErrResultsMissing) || errors.Is(err, ErrDecisionNeeded):
					waiting = cmp.Or(waiting, err)
				case err != nil:
					return s, err
				}
			}
		}
		if waiting != nil {
			return s, waiting
		}
		s.round++
	}
}

func (s *koState) decided() bool {
	for _, m := range s.matches {
		if m.winner == 0 {
			return false
		}
	}
	return true
}

// final reports whether the stage has one match besides a third-place one.
func (s *koState) final() bool {
	main := 0
	for _, m := range s.matches {
		if !m.third {
			main++
		}
	}
	return main == 1
}

func (s *koState) nextStage(thirdPlace bool) {
	var next []*koMatch
	var winners, losers []int
	for _, m := range s.matches {
		winners = append(winners, m.winner)
		if m.b != 0 {
			losers = append(losers, m.loser)
		}
	}
	for i := 0; i+1 < len(winners); i += 2 {
		next = append(next, &koMatch{a: winners[i], b: winners[i+1], stage: s.stage + 1})
	}
	if thirdPlace && len(s.matches) == 2 && len(losers) == 2 {
		next = append(next, &koMatch{a: losers[0], b: losers[1], third: true, stage: s.stage + 1})
	}
	s.matches = next
	s.stages = append(s.stages, next)
	s.stage++
}

// playGame applies the game of match m in round s.round.
func (k Knockout) playGame(t *Tournament, s *koState, m *koMatch) error {
	r := s.round
	e := entryAt(t.Player(m.a), r-1)
	if e.Opponent != m.b && (e.Opponent != 0 || !noResult(e)) { // a game paired, if not played yet, is checked too
		return &SystemError{Code: CodeWrongGames, Reason: fmt.Sprintf("round %d: %d should play %d in the knockout, not %d", r, m.a, m.b, e.Opponent)}
	}
	if noResult(e) {
		return ErrResultsMissing
	}
	fb := entryAt(t.Player(m.b), r-1)
	white, black := m.a, m.b
	if e.Color == Black {
		white, black = m.b, m.a
	}
	m.games++
	m.lastWhite = white
	m.rounds = append(m.rounds, r)
	decide := func(w int) {
		m.winner = w
		m.loser = m.a + m.b - w
		if m.third {
			s.place[w] = 1
		} else {
			s.out[m.loser] = s.stage
			if s.final() {
				s.place[w] = 1
			}
		}
	}
	choice := func() error {
		for _, c := range k.Choices {
			if c.Round == r && (c.Winner == m.a || c.Winner == m.b) {
				decide(c.Winner)
				return nil
			}
		}
		return &DecisionNeededError{Round: r, White: white, Black: black}
	}
	switch {
	case e.Result == ForfeitLoss && fb.Result == ForfeitLoss:
		return choice()
	case e.Result.outcome() == 1:
		decide(m.a)
	case e.Result.outcome() == -1:
		decide(m.b)
	case m.decider:
		decide(black)
	case k.Tie == TieArmageddon:
		m.decider = true
	case k.Tie == TieTeacher:
		return choice()
	}
	return nil
}

// Pair returns the games of round round: one game of every undecided match
// of the current stage (the byes of the first round after the games).
// Errors: ErrResultsMissing, *DecisionNeededError, ErrRoundsComplete once
// the final is decided, *SystemError when the entries of an earlier round
// are not this knockout's games or round is not the next round.
func (k Knockout) Pair(t *Tournament, round int) ([]Pairing, error) {
	if round < 1 {
		return nil, &SystemError{Code: CodeNotNextRound, Reason: fmt.Sprintf("there is no round %d", round)}
	}
	s, err := k.replay(t, round-1)
	if err == nil {
		err = checkReplayed(round, s.round, s.finished)
	}
	if err != nil {
		return nil, err
	}
	var out, byes []Pairing
	board := 0
	for _, m := range s.matches {
		switch {
		case m.b == 0:
			if round == 1 {
				byes = append(byes, Pairing{White: m.a, Stage: s.stage})
			}
			continue
		case m.winner != 0:
			continue
		}
		w, b := min(m.a, m.b), max(m.a, m.b) // the higher seed first
		if m.games > 0 {
			w, b = m.a+m.b-m.lastWhite, m.lastWhite
		} else if board%2 == 1 {
			w, b = b, w
		}
		board++
		out = append(out, Pairing{White: w, Black: b, Decider: m.decider, Stage: s.stage, ThirdPlace: m.third})
	}
	return append(out, byes...), nil
}

// Standings ranks by how far each player came after round after: players
// still in share the first place (once the final is decided: its winner
// first, its loser second); then the players knocked out later before
// those knocked out earlier, all losers of one stage sharing a place,
// except that the third-place match puts its winner before its loser.
// Points and tie-breaks (C.07 15.2) are shown but do not change the rank;
// rows of a shared rank are listed by start rank.
func (k Knockout) Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	rows, err := standings(t, after, tiebreaks, false)
	if err != nil {
		return nil, err
	}
	s, err := k.replay(t, after)
	if err != nil && !errors.Is(err, ErrResultsMissing) && !errors.Is(err, ErrDecisionNeeded) {
		return nil, err
	}
	rankByPlace(rows, func(id int) int {
		st, out := s.out[id]
		if !out {
			st = 1 << 20
		}
		return 2*st + s.place[id]
	})
	return rows, nil
}

// BracketMatch is one match of a knockout bracket: A the upper slot, B the
// lower (0: A has a bye), the winner once decided (0 before), and the
// tournament rounds of its games (a replay or decider adds a round).
type BracketMatch struct {
	Stage      int
	A, B       int
	Winner     int
	ThirdPlace bool
	Rounds     []int
}

// Bracket returns the stages of the knockout reached after round upto,
// the first stage first, and whether the knockout is over. A match waiting
// for a result or for the teacher's choice has no winner yet.
func (k Knockout) Bracket(t *Tournament, upto int) ([][]BracketMatch, bool, error) {
	s, err := k.replay(t, upto)
	if err != nil && !errors.Is(err, ErrResultsMissing) && !errors.Is(err, ErrDecisionNeeded) {
		return nil, false, err
	}
	out := make([][]BracketMatch, len(s.stages))
	for i, st := range s.stages {
		for _, m := range st {
			out[i] = append(out[i], BracketMatch{Stage: m.stage, A: m.a, B: m.b, Winner: m.winner, ThirdPlace: m.third,
				Rounds: append([]int(nil), m.rounds...)})
		}
	}
	return out, s.finished, nil
}
