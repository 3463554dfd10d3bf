package tournaments

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"qixue/audit"
	"qixue/domain"
)

// newID returns a random UUID (version 4).
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// Register enters students of the tournament's classes. Entered after
// round 1 is paired, they are late entries: they join at the next round
// to pair and score nothing for the rounds before. A round robin takes no
// entries once it has started (ErrStarted).
func (s *Service) Register(ctx context.Context, c domain.Principal, id string, studentIDs []string) (*Event, error) {
	if len(studentIDs) == 0 {
		return nil, invalid("student_ids", "required")
	}
	return s.change(ctx, c, id, true, true, func(ev *Event) error {
		switch {
		case ev.System == sysKnockout && ev.PairedRounds > 0:
			return ErrEliminationStarted
		case ev.System == sysArena && ev.PairedRounds > 0 && ev.over():
			return ErrAllRoundsPaired
		case !ev.swiss() && !ev.eliminating() && ev.PairedRounds > 0:
			return ErrStarted
		case ev.Rounds > 0 && ev.PairedRounds >= ev.Rounds:
			return ErrAllRoundsPaired
		}
		return s.enter(ctx, ev, studentIDs)
	})
}

// Withdraw takes a student out of the tournament from the next round to
// pair on; results so far stay, and the byes they asked for later are
// dropped. Withdrawing twice changes nothing.
func (s *Service) Withdraw(ctx context.Context, c domain.Principal, id, studentID string) (*Event, error) {
	return s.change(ctx, c, id, true, true, func(ev *Event) error {
		e := ev.Entrant(studentID)
		if e == nil {
			return ErrNotFound
		}
		if e.WithdrawnFrom != 0 {
			return nil
		}
		if ev.eliminating() {
			if ev.PairedRounds > 0 {
				return ErrEliminationStarted
			}
			ev.dropEntrant(e.Number)
			return nil
		}
		e.WithdrawnFrom = ev.PairedRounds + 1
		kept := ev.Absences[:0]
		for _, a := range ev.Absences {
			if a.Player != e.Number || a.Round < e.WithdrawnFrom {
				kept = append(kept, a)
			}
		}
		ev.Absences = kept
		return nil
	})
}

// RequestBye records a requested half-point bye of a student for a round
// not paired yet (staff for any entrant; a student for itself). Only a
// Swiss has byes on request.
func (s *Service) RequestBye(ctx context.Context, c domain.Principal, id, studentID string, round int) (*Event, error) {
	if studentID == "" {
		return nil, invalid("student_id", "required")
	}
	if c.Role == domain.RoleStudent && studentID != c.UserID {
		return nil, ErrForbidden
	}
	return s.change(ctx, c, id, c.Staff(), true, func(ev *Event) error {
		e := ev.Entrant(studentID)
		switch {
		case e == nil:
			return invalid("student_id", "not_found")
		case !ev.swiss():
			return invalid("round", "not_allowed")
		case round == 0:
			return invalid("round", "required")
		case round <= ev.PairedRounds || round > ev.Rounds:
			return invalid("round", "out_of_range")
		case !e.Active(round):
			return invalid("student_id", "withdrawn")
		}
		if a := ev.absence(e.Number, round); a != nil {
			a.Kind = HalfPointBye
			return nil
		}
		ev.Absences = append(ev.Absences, Absence{Player: e.Number, Round: round, Kind: HalfPointBye})
		return nil
	})
}

// Pair pairs the next round by the tournament's system, in one change:
// of two teachers pairing at once exactly one succeeds and the other gets
// ErrConflict. The next round pairs only when every result of the current
// one is in (ErrRoundIncomplete). A Swiss is paired by PairDutch on the
// tournament as Tournament(PairedRounds) gives it, so the pairing is the
// one any FIDE-endorsed program makes of the exported TRF; a school Swiss
// by SchoolSwiss (classmates kept apart where the rules allow), a round
// robin by RoundRobin.
func (s *Service) Pair(ctx context.Context, c domain.Principal, id string) (*Event, error) {
	return s.change(ctx, c, id, true, false, func(ev *Event) error {
		if missing := ev.missing(ev.PairedRounds); len(missing) > 0 {
			return ErrRoundIncomplete.WithArgs(ev.PairedRounds, boardList(missing))
		}
		if ev.Rounds > 0 && ev.PairedRounds >= ev.Rounds {
			return ErrAllRoundsPaired
		}
		next := ev.PairedRounds + 1
		active := 0
		for _, e := range ev.Players {
			if e.Active(next) && ev.absence(e.Number, next) == nil {
				active++
			}
		}
		if active < 2 {
			return ErrTooFewPlayers
		}
		pairs, err := ev.pairNext()
		if err != nil {
			return err
		}
		for i, p := range pairs {
			b := Board{Round: next, Number: i + 1, White: p.White, Black: p.Black, Stage: p.Stage, Decider: p.Decider, ThirdPlace: p.ThirdPlace}
			if p.Black == 0 {
				b.Result = OutcomeBye
			}
			ev.Boards = append(ev.Boards, b)
		}
		ev.PairedRounds = next
		return nil
	})
}

// pairNext returns the boards of the next round from the event's system
// (a round robin fixes its number of rounds when round 1 is paired).
func (ev *Event) pairNext() ([]Pairing, error) {
	if rr, ok := ev.system().(RoundRobin); ok && ev.PairedRounds == 0 {
		ev.Rounds = rr.Rounds(len(ev.Players))
	}
	pairings, err := ev.system().Pair(ev.Tournament(ev.PairedRounds), ev.PairedRounds+1)
	var (
		se *SystemError
		dn *DecisionNeededError
	)
	switch {
	case errors.As(err, &dn):
		return nil, ev.decisionNeeded(dn)
	case errors.Is(err, ErrNoValidPairing):
		return nil, ErrNoPairing
	case errors.Is(err, ErrRoundsComplete):
		return nil, ErrAllRoundsPaired
	case errors.As(err, &se) && se.Code == CodeTooFewPlayers:
		return nil, ErrTooFewPlayers
	case err != nil:
		return nil, err
	}
	return pairings, nil
}

// Unpair takes back the pairing of the current round while none of its
// results is entered (reports of students not confirmed yet are
// dropped). Late entries made since join the round when it is paired
// again.
func (s *Service) Unpair(ctx context.Context, c domain.Principal, id string) (*Event, error) {
	return s.change(ctx, c, id, true, false, func(ev *Event) error {
		if ev.PairedRounds == 0 {
			return ErrNothingToUnpair
		}
		r := ev.PairedRounds
		kept := ev.Boards[:0]
		for _, b := range ev.Boards {
			if b.Round != r {
				kept = append(kept, b)
			} else if b.Result != OutcomePending && b.Result != OutcomeBye {
				return ErrResultsEntered.WithArgs(r, b.Number)
			}
		}
		ev.Boards = kept
		ev.PairedRounds--
		if !ev.swiss() && ev.PairedRounds == 0 {
			ev.Rounds = 0
		}
		for i := range ev.Players {
			ev.Players[i].FromRound = min(ev.Players[i].FromRound, ev.PairedRounds+1)
		}
		return nil
	})
}

// ResultInput is one board's result.
type ResultInput struct {
	Round, Board int
	Result       Outcome
}

// Result states what a result entry did.
const (
	ResultEntered   = "entered"   // a teacher entered or corrected it
	ResultReported  = "reported"  // a student reported it; the opponent confirms
	ResultConfirmed = "confirmed" // the opponent reported the same: entered
)

// SetResult enters the result of one board. Staff enter any outcome of
// Outcomes in any paired round, and correct results entered before (the
// standings follow at once). A student reports the result of its own
// game in the current round (1-0, 0-1 or 1/2-1/2); it is entered when
// the opponent reports the same, and ErrResultsDisagree when the
// opponent reports another. A round or board that does not exist, the
// bye's board or an unknown outcome is ErrValidation naming the field.
func (s *Service) SetResult(ctx context.Context, c domain.Principal, id string, in ResultInput) (*Event, Board, string, error) {
	var (
		out, before Board
		status      string
	)
	// Only the board is written, checked against the board as loaded: results
	// of different boards never conflict (F10).
	save := func(ev *Event, log []audit.Entry) error { return s.store.SaveResult(ctx, ev, before, out, log...) }
	ev, err := s.changeWith(ctx, c, id, false, true, func(ev *Event) error {
		b, err := ev.game(in.Round, in.Board)
		if err != nil {
			return err
		}
		before = *b
		switch {
		case in.Result == OutcomePending:
			return invalid("result", "required")
		case !validOutcome(in.Result):
			return invalid("result", "invalid")
		}
		if c.Staff() {
			b.Result, b.Reported, b.ReportedBy = in.Result, OutcomePending, 0
			out, status = *b, ResultEntered
			return ev.checkGames()
		}
		me := ev.Entrant(c.UserID).Number
		switch {
		case b.White != me && b.Black != me:
			return ErrForbidden.WithFields(domain.FieldError{Field: "board", Code: "not_yours"})
		case !in.Result.overTheBoard():
			return invalid("result", "not_allowed")
		case b.Result != OutcomePending || in.Round != ev.PairedRounds:
			return ErrResultFinal
		case b.Reported != OutcomePending && b.ReportedBy != me && b.Reported != in.Result:
			return ErrResultsDisagree.WithArgs(b.Reported)
		case b.Reported != OutcomePending && b.ReportedBy != me:
			b.Result, b.Reported, b.ReportedBy = in.Result, OutcomePending, 0
			status = ResultConfirmed
		default:
			b.Reported, b.ReportedBy = in.Result, me
			status = ResultReported
		}
		out = *b
		return nil
	}, save)
	if err != nil {
		return nil, Board{}, "", err
	}
	return ev, out, status, nil
}

// game returns the board of a game (not the bye) of a paired round, or
// ErrValidation naming round or board.
func (ev *Event) game(round, board int) (*Board, error) {
	switch {
	case round == 0:
		return nil, invalid("round", "required")
	case round < 0 || round > ev.PairedRounds:
		return nil, invalid("round", "not_found")
	case board == 0:
		return nil, invalid("board", "required")
	}
	b := ev.board(round, board)
	switch {
	case b == nil:
		return nil, invalid("board", "not_found")
	case b.Black == 0:
		return nil, invalid("board", "bye")
	}
	return b, nil
}

func validOutcome(o Outcome) bool {
	for _, v := range Outcomes {
		if v == o {
			return true
		}
	}
	return false
}
