package tournaments

import (
	"errors"
	"fmt"
	"sort"
)

// System is a way of running a tournament: it pairs rounds and ranks the
// players. Every system works on the same Tournament: players numbered by
// start rank and, per player, one Entry a round (opponent, colour, result).
// The running flow writes each round's pairings into the entries (a game
// not yet played has the zero Result), then the results, and asks the
// system for the next round and the standings; byes, absences and
// withdrawals (zero-point byes) for a round are written before it is
// paired, and the Swiss systems leave those players out.
//
// The systems are Dutch (FIDE Swiss), SchoolSwiss (the seeds' 积分编排),
// RoundRobin (single and double, FIDE Berger tables), Knockout and Arena
// (擂台, king of the hill).
type System interface {
	// Pair returns the boards of round round (1-based) from the entries of
	// the rounds before it, in board order. A Pairing with Black == 0 is
	// the pairing-allocated bye of White. Errors: ErrRoundsComplete when
	// the tournament has no such round (all planned rounds paired, or a
	// knockout or arena already decided), ErrNoValidPairing when the rules
	// cannot be met, ErrResultsMissing when a game of an earlier round has
	// no result, *DecisionNeededError when the teacher must choose who goes
	// on after a drawn knockout match, and a *SystemError for a tournament
	// the system cannot run (too few players, a round out of range).
	Pair(t *Tournament, round int) ([]Pairing, error)
	// Standings ranks the players after round after (0 = before the first
	// round) by points and then the tie-breaks in order; full ties share a
	// rank, listed by start rank. Knockout and Arena rank by how far a
	// player came instead (see their docs) and only show points and
	// tie-breaks. Errors: *SystemError for a round out of range,
	// *TieBreakError for an unknown tie-break.
	Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error)
}

// The names of the systems, as DefaultTieBreaks takes them.
const (
	SystemDutch       = "dutch"
	SystemSchoolSwiss = "school_swiss"
	SystemRoundRobin  = "round_robin"
	SystemKnockout    = "knockout"
	SystemArena       = "arena"
)

// Pairing is one board of a round.
type Pairing struct {
	White, Black int // start ranks; Black == 0: pairing-allocated bye of White
	// Decider marks a knockout tie-break game (armageddon rule): a draw
	// counts as a win for Black.
	Decider bool
	// Stage is the knockout round the game belongs to (1 = first round of
	// the bracket); 0 for the other systems.
	Stage int
	// ThirdPlace marks the knockout match for third place.
	ThirdPlace bool
}

// Standing is one row of the standings.
type Standing struct {
	Rank      int // 1 for the first; players in a full tie share the rank
	Player    int // start rank
	Points    Points
	TieBreaks []Value // one per requested tie-break, in the same order
}

// ErrResultsMissing is returned when a round is to be paired while a game of
// an earlier round has no result.
var ErrResultsMissing = errors.New("tournaments: a game of an earlier round has no result")

// ErrDecisionNeeded is matched (errors.Is) by a *DecisionNeededError.
var ErrDecisionNeeded = errors.New("tournaments: the teacher must decide who goes on")

// DecisionNeededError says that a knockout match ended drawn under the
// teacher's-choice rule and nobody has been chosen yet.
type DecisionNeededError struct {
	Round        int // the tournament round of the drawn game
	White, Black int
}

func (e *DecisionNeededError) Error() string {
	return fmt.Sprintf("tournaments: the game %d-%d of round %d was drawn: the teacher must choose who goes on", e.White, e.Black, e.Round)
}

// Is makes errors.Is(err, ErrDecisionNeeded) true.
func (e *DecisionNeededError) Is(target error) bool { return target == ErrDecisionNeeded }

// SystemError is a tournament a system cannot run as asked: a stable Code
// for the caller to word in the user's language, and the reason in
// English.
type SystemError struct {
	Code   string
	Reason string
}

// The codes of a SystemError.
const (
	CodeTooFewPlayers  = "too_few_players"  // fewer than 2 players
	CodeTooManyPlayers = "too_many_players" // a round robin of more than 9999
	CodeStartRankGap   = "start_rank_gap"   // players not numbered 1..n
	CodeNotNextRound   = "not_next_round"   // the round asked is not the one to pair
	CodeNoSuchRound    = "no_such_round"    // standings after a round the tournament has not had
	CodeWrongGames     = "wrong_games"      // the entries of a round are not the system's games
	CodeBadQueue       = "bad_queue"        // an arena queue that is not the players
	CodeBadDefences    = "bad_defences"     // a negative number of defences
)

func (e *SystemError) Error() string { return "tournaments: " + e.Reason }

// Dutch is the FIDE Dutch Swiss system (PairDutch) as a System.
type Dutch struct{}

// Pair pairs round round, which must be the round after the last one
// paired in t (see PairDutch for the errors).
func (Dutch) Pair(t *Tournament, round int) ([]Pairing, error) {
	if err := checkNextRound(t, round); err != nil {
		return nil, err
	}
	pairs, err := PairDutch(t)
	if err != nil {
		return nil, err
	}
	out := make([]Pairing, len(pairs))
	for i, p := range pairs {
		out[i] = Pairing{White: p.White, Black: p.Black}
	}
	return out, nil
}

// Standings ranks by points and tie-breaks with C.07 article 16.
func (Dutch) Standings(t *Tournament, after int, tiebreaks []TieBreak) ([]Standing, error) {
	return Standings(t, after, tiebreaks)
}

// checkNextRound refuses to pair any round but the next one of a Swiss,
// or while a game of an earlier round has no result.
func checkNextRound(t *Tournament, round int) error {
	if next := t.PlayedRounds() + 1; round != next {
		return &SystemError{Code: CodeNotNextRound, Reason: fmt.Sprintf("round %d cannot be paired now: the next round is %d", round, next)}
	}
	if t.Rounds > 0 && round > t.Rounds {
		return ErrRoundsComplete
	}
	for _, p := range t.Players {
		for r := 0; p != nil && r < round-1; r++ {
			if e := entryAt(p, r); e.Opponent != 0 && noResult(e) {
				return ErrResultsMissing
			}
		}
	}
	return nil
}

// noResult reports an entry without a result: nothing written for the
// round, or a paired game whose result is not in yet (the running flow
// writes the pairing with the zero Result, or NotPaired).
func noResult(e Entry) bool { return e.Result == NotPaired || e.Result == resultUnparsed }

// contiguousPlayers returns the players of t in start-rank order, refusing gaps
// (systems other than the Swiss number their players 1..n).
func contiguousPlayers(t *Tournament) ([]*Player, error) {
	for i, p := range t.Players {
		if p == nil {
			return nil, &SystemError{Code: CodeStartRankGap, Reason: fmt.Sprintf("start rank %d is missing: number the players 1 to %d", i+1, len(t.Players))}
		}
	}
	return t.Players, nil
}

// checkReplayed checks the round asked of a knockout or arena against the
// state its results lead to: next is the round to pair, finished whether
// it is over.
func checkReplayed(round, next int, finished bool) error {
	if finished {
		return ErrRoundsComplete
	}
	if next != round {
		return &SystemError{Code: CodeNotNextRound, Reason: fmt.Sprintf("round %d cannot be paired now: the next round is %d", round, next)}
	}
	return nil
}

// rankByPlace orders rows by place(player), highest first, then by start
// rank, and gives equal places a shared rank.
func rankByPlace(rows []Standing, place func(id int) int) {
	sort.SliceStable(rows, func(i, j int) bool {
		if pi, pj := place(rows[i].Player), place(rows[j].Player); pi != pj {
			return pi > pj
		}
		return rows[i].Player < rows[j].Player
	})
	for i := range rows {
		if i > 0 && place(rows[i].Player) == place(rows[i-1].Player) {
			rows[i].Rank = rows[i-1].Rank
		} else {
			rows[i].Rank = i + 1
		}
	}
}
