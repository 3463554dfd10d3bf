package tournaments

import (
	"errors"
	"fmt"
)

// ArenaDraw says what a drawn game on the arena stage does.
type ArenaDraw int

// The draw rules of an arena.
const (
	// ArenaDrawDefenderStays: the defender holds the stage (it counts as a
	// defence) and the challenger is out. The default: the seeds' 擂台
	// rules name no draw rule, and a defender who was not beaten keeps the
	// stage.
	ArenaDrawDefenderStays ArenaDraw = iota
	// ArenaDrawChallengerTakes: the challenger takes the stage.
	ArenaDrawChallengerTakes
	// ArenaDrawReplay: the two play again, colours reversed.
	ArenaDrawReplay
)

// Arena is 擂台, king of the hill: a defender holds the stage and the
// challengers come up one at a time, in queue order; the winner stays on
// the stage and the loser is out (as in the seed's 擂台赛: a player who
// loses plays no more). A defender who makes Defences successful defences
// in a row wins the title and the arena ends; with Defences 0 it ends when
// no challenger is left, and the last defender wins. Order is the queue,
// its first player the first defender; empty means start-rank order. One
// game is played a round. The defender plays White in his first game and
// then the colour opposite to his previous game, so a replay reverses the
// colours. A game both players forfeit puts both out and the next in the
// queue takes the stage.
type Arena struct {
	Defences int
	Draw     ArenaDraw
	Order    []int
}

type arenaState struct {
	holder   int
	defences int
	queue    []int
	out      map[int]int // player -> order of elimination (1 first)
	last     map[int]Color
	round    int
	finished bool
}

func (a Arena) queue(t *Tournament) ([]int, error) {
	players, err := contiguousPlayers(t)
	if err != nil {
		return nil, err
	}
	if len(players) < 2 {
		return nil, &SystemError{Code: CodeTooFewPlayers, Reason: "an arena needs at least 2 players"}
	}
	if len(a.Order) == 0 {
		q := make([]int, len(players))
		for i := range q {
			q[i] = i + 1
		}
		return q, nil
	}
	seen := map[int]bool{}
	for _, id := range a.Order {
		if t.Player(id) == nil || seen[id] {
			return nil, &SystemError{Code: CodeBadQueue, Reason: fmt.Sprintf("the arena queue names player %d twice or a player who is not entered", id)}
		}
		seen[id] = true
	}
	if len(a.Order) != len(players) {
		return nil, &SystemError{Code: CodeBadQueue, Reason: fmt.Sprintf("the arena queue has %d players, the tournament %d", len(a.Order), len(players))}
	}
	return append([]int(nil), a.Order...), nil
}

// replay plays rounds 1..upto from the entries; on an error it returns
// the state reached with the error.
func (a Arena) replay(t *Tournament, upto int) (*arenaState, error) {
	if a.Defences < 0 {
		return nil, &SystemError{Code: CodeBadDefences, Reason: "the number of defences for the title cannot be negative"}
	}
	q, err := a.queue(t)
	if err != nil {
		return nil, err
	}
	s := &arenaState{holder: q[0], queue: q[1:], out: map[int]int{}, last: map[int]Color{}, round: 1}
	for {
		if s.holder == 0 && len(s.queue) > 0 {
			s.holder, s.queue = s.queue[0], s.queue[1:]
		}
		if len(s.queue) == 0 || (a.Defences > 0 && s.defences >= a.Defences) {
			s.finished = true
			return s, nil
		}
		if s.round > upto {
			return s, nil
		}
		ch := s.queue[0]
		e := entryAt(t.Player(s.holder), s.round-1)
		if e.Opponent != ch && (e.Opponent != 0 || !noResult(e)) {
			return s, &SystemError{Code: CodeWrongGames, Reason: fmt.Sprintf("round %d: the defender %d should play %d, not %d", s.round, s.holder, ch, e.Opponent)}
		}
		if noResult(e) {
			return s, ErrResultsMissing
		}
		s.last[s.holder], s.last[ch] = e.Color, e.Color.Opposite()
		eliminate := func(id int) { s.out[id] = len(s.out) + 1 }
		defended := func() { s.defences++; eliminate(ch); s.queue = s.queue[1:] }
		taken := func() { eliminate(s.holder); s.holder, s.defences, s.queue = ch, 0, s.queue[1:] }
		switch o := e.Result.outcome(); {
		case e.Result == ForfeitLoss && entryAt(t.Player(ch), s.round-1).Result == ForfeitLoss:
			eliminate(s.holder)
			eliminate(ch)
			s.holder, s.defences, s.queue = 0, 0, s.queue[1:]
		case o == 1:
			defended()
		case o == -1:
			taken()
		case a.Draw == ArenaDrawDefenderStays:
			defended()
		case a.Draw == ArenaDrawChallengerTakes:
			taken()
		}
		s.round++
	}
}

// Pair returns the one game of round round: the defender against the
// next challenger. Errors: ErrRoundsComplete once the title is won or no
// challenger is left, ErrResultsMissing, *SystemError for a queue that is
// not the players', entries that are not this arena's games, or a round
// that is not the next one.
func (a Arena) Pair(t *Tournament, round int) ([]Pairing, error) {
	if round < 1 {
		return nil, &SystemError{Code: CodeNotNextRound, Reason: fmt.Sprintf("there is no round %d", round)}
	}
	s, err := a.replay(t, round-1)
	if err == nil {
		err = checkReplayed(round, s.round, s.finished)
	}
	if err != nil {
		return nil, err
	}
	d, ch := s.holder, s.queue[0]
	if s.last[d] == White {
		return []Pairing{{White: ch, Black: d}}, nil
	}
	return []Pairing{{White: d, Black: ch}}, nil
}

// Standings after round after: the player holding the stage first (the
// champion once the arena is over), then the players still waiting in the
// queue, sharing a place, then the players who are out, the later out
// before the earlier. Points and tie-breaks (C.07 15.2) are shown but do
// not change the rank.
func (a Arena) Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	rows, err := standings(t, after, tiebreaks, false)
	if err != nil {
		return nil, err
	}
	s, err := a.replay(t, after)
	if err != nil && !errors.Is(err, ErrResultsMissing) {
		return nil, err
	}
	rankByPlace(rows, func(id int) int {
		if id == s.holder {
			return 1 << 30
		}
		if o, ok := s.out[id]; ok {
			return o
		}
		return 1 << 29
	})
	return rows, nil
}

// ArenaState is an arena after a round: the defender on the stage and his
// defences in a row, the challengers still waiting in queue order (the
// first one in the game of the current round when its result is not in),
// the players out in the order they went out, and whether it is over.
type ArenaState struct {
	Defender, Defences int
	Queue              []int
	Out                []int
	Finished           bool
}

// State returns the arena after round upto.
func (a Arena) State(t *Tournament, upto int) (ArenaState, error) {
	s, err := a.replay(t, upto)
	if err != nil && !errors.Is(err, ErrResultsMissing) {
		return ArenaState{}, err
	}
	st := ArenaState{Defender: s.holder, Defences: s.defences, Queue: append([]int{}, s.queue...), Out: make([]int, len(s.out)), Finished: s.finished}
	for id, o := range s.out {
		st.Out[o-1] = id
	}
	return st, nil
}
