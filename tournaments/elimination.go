package tournaments

import (
	"context"
	"errors"
	"qixue/domain"
	"slices"
)

// The service's side of knockouts and arenas: when they are over, the
// teacher's choice after a drawn knockout match, the arena queue, and
// the bracket and stage as the API shows them.

// over reports whether a knockout or arena has nothing left to pair after
// its paired rounds (the final decided, the title won or no challenger
// left).
func (ev *Event) over() bool {
	_, err := ev.system().Pair(ev.Tournament(ev.PairedRounds), ev.PairedRounds+1)
	return errors.Is(err, ErrRoundsComplete)
}

// checkGames replays a knockout or arena over its paired rounds and
// refuses a change (a corrected result, a choice) after which the games
// already paired are no longer the system's games: ErrBracketChanged
// naming the round.
func (ev *Event) checkGames() error {
	if !ev.eliminating() {
		return nil
	}
	t := ev.Tournament(ev.PairedRounds)
	var err error
	if k, ok := ev.system().(Knockout); ok {
		_, _, err = k.Bracket(t, ev.PairedRounds)
	} else {
		_, err = ev.system().(Arena).State(t, ev.PairedRounds)
	}
	var se *SystemError
	if errors.As(err, &se) && se.Code == CodeWrongGames {
		return ErrBracketChanged
	}
	return err
}

// decisionNeeded turns the knockout's *DecisionNeededError into
// ErrDecisionNeeded naming the round and board of the drawn game.
func (ev *Event) decisionNeeded(e *DecisionNeededError) error {
	for _, b := range ev.RoundBoards(e.Round) {
		if b.White == e.White && b.Black == e.Black {
			return ErrChoiceNeeded.WithArgs(e.Round, b.Number)
		}
	}
	return ErrChoiceNeeded.WithArgs(e.Round, 0)
}

// DecisionInput names who goes on from a drawn knockout game: the round
// and board of the game and its winner, "white" or "black".
type DecisionInput struct {
	Round, Board int
	Winner       string
}

// Decide records the teacher's choice of who goes on after a drawn
// knockout game under the teacher's rule (or a game both players
// forfeited, under any rule). The choice can be changed while its round
// is the current one; the next round pairs the chosen player on. Staff
// only; ErrValidation names the field at fault.
func (s *Service) Decide(ctx context.Context, c domain.Principal, id string, in DecisionInput) (*Event, error) {
	return s.change(ctx, c, id, true, false, func(ev *Event) error {
		if ev.System != sysKnockout {
			return invalid("board", "not_knockout")
		}
		b, err := ev.game(in.Round, in.Board)
		switch {
		case err != nil:
			return err
		case in.Round != ev.PairedRounds:
			return invalid("round", "not_current")
		case in.Winner != "white" && in.Winner != "black":
			return invalid("winner", "invalid")
		}
		winner := b.White
		if in.Winner == "black" {
			winner = b.Black
		}
		ev.Decisions = slices.DeleteFunc(ev.Decisions, func(k KnockoutChoice) bool {
			return k.Round == in.Round && (k.Winner == b.White || k.Winner == b.Black)
		})
		_, err = ev.system().Pair(ev.Tournament(ev.PairedRounds), ev.PairedRounds+1)
		var dn *DecisionNeededError
		if !errors.As(err, &dn) || dn.Round != in.Round || dn.White != b.White || dn.Black != b.Black {
			return invalid("board", "no_decision_needed")
		}
		ev.Decisions = append(ev.Decisions, KnockoutChoice{Round: in.Round, Winner: winner})
		return nil
	})
}

// SetQueue puts the challengers of an arena who are still waiting in a new
// order (studentIDs: all of them, each once); the defender, the players
// out and a challenger in the game of the current round keep their place.
func (s *Service) SetQueue(ctx context.Context, c domain.Principal, id string, studentIDs []string) (*Event, error) {
	if len(studentIDs) == 0 {
		return nil, invalid("student_ids", "required")
	}
	return s.change(ctx, c, id, true, false, func(ev *Event) error {
		if ev.System != sysArena {
			return invalid("student_ids", "not_arena")
		}
		st, err := ev.ArenaState()
		if err != nil {
			return err
		}
		if st.Finished {
			return ErrAllRoundsPaired
		}
		waiting := st.Queue
		if !ev.Complete() && len(waiting) > 0 {
			waiting = waiting[1:] // in the game of the current round
		}
		if len(studentIDs) != len(waiting) {
			return invalid("student_ids", "not_waiting")
		}
		order := make([]int, 0, len(waiting))
		for _, sid := range studentIDs {
			e := ev.Entrant(sid)
			if e == nil || !slices.Contains(waiting, e.Number) || slices.Contains(order, e.Number) {
				return invalid("student_ids", "not_waiting")
			}
			order = append(order, e.Number)
		}
		ev.Queue = append(ev.Queue[:len(ev.Queue)-len(waiting)], order...)
		return nil
	})
}

// Bracket returns the stages of a knockout reached so far (see
// Knockout.Bracket) and whether it is over.
func (ev *Event) Bracket() ([][]BracketMatch, bool, error) {
	k, ok := ev.system().(Knockout)
	if !ok {
		return nil, false, invalid("system", "not_knockout")
	}
	return k.Bracket(ev.Tournament(ev.PairedRounds), ev.PairedRounds)
}

// ArenaState returns the stage of an arena after its paired rounds (see
// Arena.State).
func (ev *Event) ArenaState() (ArenaState, error) {
	a, ok := ev.system().(Arena)
	if !ok {
		return ArenaState{}, invalid("system", "not_arena")
	}
	return a.State(ev.Tournament(ev.PairedRounds), ev.PairedRounds)
}

// dropEntrant takes an entrant out of a knockout or arena that has not
// started, numbering the later entrants one down (the bracket is seeded
// and the arena queued by number).
func (ev *Event) dropEntrant(number int) {
	ev.Players = slices.DeleteFunc(ev.Players, func(e Entrant) bool { return e.Number == number })
	for i := range ev.Players {
		if ev.Players[i].Number > number {
			ev.Players[i].Number--
		}
	}
	ev.Queue = slices.DeleteFunc(ev.Queue, func(n int) bool { return n == number })
	for i, n := range ev.Queue {
		if n > number {
			ev.Queue[i] = n - 1
		}
	}
	ev.Absences = slices.DeleteFunc(ev.Absences, func(a Absence) bool { return a.Player == number })
}
