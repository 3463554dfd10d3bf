package tournaments

import (
	"hash/fnv"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Games a tournament can be of.
var Games = []string{"chess", "draughts", "gomoku", "numchess"}

// The pairing systems the service runs, by the names the API takes.
const (
	sysDutch            = "dutch"              // FIDE Dutch Swiss (Dutch, PairDutch)
	sysSchoolSwiss      = "school_swiss"       // the seeds' 积分编排, classmates kept apart (SchoolSwiss)
	sysRoundRobin       = "round_robin"        // FIDE Berger tables (RoundRobin)
	sysDoubleRoundRobin = "double_round_robin" // the table twice, colours reversed
	sysKnockout         = "knockout"           // seeded bracket (Knockout)
	sysArena            = "arena"              // 擂台, king of the hill (Arena)
)

// Systems lists the pairing systems the service runs.
var Systems = []string{sysDutch, sysSchoolSwiss, sysRoundRobin, sysDoubleRoundRobin, sysKnockout, sysArena}

// TieRules names the tie rules of a knockout, as the API takes them.
var TieRules = map[string]TieRule{"replay": TieReplay, "armageddon": TieArmageddon, "teacher": TieTeacher}

// eliminating reports whether the event is a knockout or an arena: no
// planned number of rounds, it ends when its system says so.
func (ev *Event) eliminating() bool { return ev.System == sysKnockout || ev.System == sysArena }

// swiss reports whether the event is a Swiss (rounds planned, late
// entries and requested byes allowed).
func (ev *Event) swiss() bool { return ev.System == sysDutch || ev.System == sysSchoolSwiss }

// system returns the pairing system of the event. A school Swiss draws
// its first round by lot from a seed made of the tournament's ID, so the
// same tournament always gets the same draw.
func (ev *Event) system() System {
	switch ev.System {
	case sysRoundRobin:
		return RoundRobin{}
	case sysDoubleRoundRobin:
		return RoundRobin{Double: true}
	case sysKnockout:
		return Knockout{Tie: TieRules[ev.TieRule], ThirdPlace: ev.ThirdPlace, Choices: ev.Decisions}
	case sysArena:
		return Arena{Defences: ev.TitleDefences, Order: ev.Queue}
	case sysSchoolSwiss:
		h := fnv.New64a()
		h.Write([]byte(ev.ID))
		return SchoolSwiss{Seed: h.Sum64()}
	}
	return Dutch{}
}

// Scorings maps a point system's name to its points (in tenths).
var Scorings = map[string]PointSystem{
	"1-0.5-0": Standard,
	"2-1-0":   TwoOneZero,
	"3-1-0":   ThreeOneZero,
}

// validTieBreaks reports whether names are C.07 tie-breaks written as
// ParseTieBreak writes them ("BH-C1"), each once, that the system may use
// (no Buchholz in a round robin).
func validTieBreaks(names []string, system string) bool {
	for i, name := range names {
		tb, err := ParseTieBreak(name)
		if err != nil || string(tb) != name || slices.Index(names, name) != i ||
			(system == sysRoundRobin || system == sysDoubleRoundRobin) && strings.HasPrefix(name, "BH") {
			return false
		}
	}
	return true
}

// defaultTieBreaks is the tie-break order a new tournament gets
// (DefaultTieBreaks: the seeds' 小分 for gomoku).
func defaultTieBreaks(game, system string) []string {
	if system == sysDoubleRoundRobin {
		system = sysRoundRobin
	}
	var out []string
	for _, tb := range DefaultTieBreaks(game, system) {
		out = append(out, string(tb))
	}
	return out
}

// Outcome is the result of one board, as written on a pairing sheet.
type Outcome string

// The outcomes of a board. OutcomePending is a board without its result yet.
const (
	OutcomePending       Outcome = ""
	OutcomeWhiteWins     Outcome = "1-0"
	OutcomeBlackWins     Outcome = "0-1"
	OutcomeDraw          Outcome = "1/2-1/2"
	OutcomeWhiteForfeit  Outcome = "+/-" // Black did not come
	OutcomeBlackForfeit  Outcome = "-/+" // White did not come
	OutcomeDoubleForfeit Outcome = "-/-" // neither came
	OutcomeBye           Outcome = "bye" // the pairing-allocated bye (set when paired)
	maxPlayers                   = 500
	maxRounds                    = 30
	maxClasses                   = 30
	maxNameLen                   = 100
	maxTRFImportBytes            = 512 << 10
)

// Outcomes lists the outcomes a teacher may enter.
var Outcomes = []Outcome{OutcomeWhiteWins, OutcomeBlackWins, OutcomeDraw, OutcomeWhiteForfeit, OutcomeBlackForfeit, OutcomeDoubleForfeit}

// overTheBoard reports whether a student may report the outcome (a game
// played; forfeits are the teacher's).
func (o Outcome) overTheBoard() bool {
	return o == OutcomeWhiteWins || o == OutcomeBlackWins || o == OutcomeDraw
}

// Event is a tournament of a school as the service keeps it: its settings,
// its entrants by number, the boards of its paired rounds and the rounds
// its entrants sit out.
type Event struct {
	ID        string
	SchoolID  string
	Name      string
	Game      string
	System    string
	ClassIDs  []string
	Rounds    int    // planned rounds (a round robin: set when round 1 is paired)
	Scoring   string // a key of Scorings
	TieBreaks []string
	// TieBreakRules is the text of FIDE C.07 the tie-breaks follow
	// (FIDE2023 or FIDE2026).
	TieBreakRules TieBreakRules
	// Ruleset is the number-chess ruleset (K1, G23, G46) a board's game is
	// replayed and scored under; empty for the other games.
	Ruleset string
	// TieRule is a knockout's tie rule (a key of TieRules) and ThirdPlace
	// whether it has a match for third place; Decisions are the teacher's
	// choices after drawn matches.
	TieRule    string
	ThirdPlace bool
	Decisions  []KnockoutChoice
	// TitleDefences is the number of defences in a row that win an arena
	// (0: it runs until no challenger is left); Queue is the arena's order
	// by entrant number, its first the first defender.
	TitleDefences int
	Queue         []int
	// PairedRounds is the number of rounds paired so far; the current
	// round is PairedRounds.
	PairedRounds int
	// Version counts changes; a change is saved only over the version it
	// was made from.
	Version   int
	CreatedBy string
	CreatedAt time.Time
	UpdatedAt time.Time
	Players   []Entrant // by Number
	Boards    []Board   // by Round, then Number
	Absences  []Absence // by Round, then Player
}

// Entrant is a student in a tournament. Number is the pairing number
// (start rank): entrants are numbered in order of entry.
type Entrant struct {
	Number    int
	StudentID string
	ClassID   string
	Name      string // the real name, for staff
	Rating    int
	// FromRound is the first round the entrant can be paired in (1, or
	// the round after the current one for a late entry).
	FromRound int
	// WithdrawnFrom is the first round the entrant is no longer paired
	// in (0 while in the tournament).
	WithdrawnFrom int
}

// Active reports whether the entrant can be paired in round r.
func (e Entrant) Active(r int) bool {
	return r >= e.FromRound && (e.WithdrawnFrom == 0 || r < e.WithdrawnFrom)
}

// Board is one board of a round: White and Black by number (Black 0 for
// the pairing-allocated bye), its result, and a result one player reported
// that the other has not confirmed yet.
type Board struct {
	Round, Number int
	White, Black  int
	Result        Outcome
	Reported      Outcome
	ReportedBy    int // number of the player who reported
	// Stage is a knockout board's bracket round (1 the first), Decider
	// marks its armageddon game (a draw wins for Black) and ThirdPlace the
	// match for third place.
	Stage      int
	Decider    bool
	ThirdPlace bool
}

// Absence is a round an entrant sits out: a requested half-point bye
// (HalfPointBye), a full-point or zero-point bye, or an absence without
// a game (ForfeitLoss), kept for the round it is for.
type Absence struct {
	Player, Round int
	Kind          Result
}

// Player returns the entrant with the number, or nil.
func (ev *Event) Player(number int) *Entrant {
	for i := range ev.Players {
		if ev.Players[i].Number == number {
			return &ev.Players[i]
		}
	}
	return nil
}

// Entrant returns the entrant who is the student, or nil.
func (ev *Event) Entrant(studentID string) *Entrant {
	for i := range ev.Players {
		if ev.Players[i].StudentID == studentID {
			return &ev.Players[i]
		}
	}
	return nil
}

// RoundBoards returns the boards of round r, by number.
func (ev *Event) RoundBoards(r int) []Board {
	var out []Board
	for _, b := range ev.Boards {
		if b.Round == r {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// board returns the board of round r with the number, or nil.
func (ev *Event) board(r, number int) *Board {
	for i := range ev.Boards {
		if ev.Boards[i].Round == r && ev.Boards[i].Number == number {
			return &ev.Boards[i]
		}
	}
	return nil
}

// missing returns the numbers of the boards of round r without a result.
func (ev *Event) missing(r int) []int {
	var out []int
	for _, b := range ev.RoundBoards(r) {
		if b.Result == OutcomePending {
			out = append(out, b.Number)
		}
	}
	return out
}

// Complete reports whether every board of the current round has its
// result (true before round 1).
func (ev *Event) Complete() bool { return len(ev.missing(ev.PairedRounds)) == 0 }

// Finished reports whether every planned round is paired and has its
// results.
func (ev *Event) Finished() bool {
	if ev.eliminating() {
		return ev.PairedRounds > 0 && ev.Complete() && ev.over()
	}
	return ev.Rounds > 0 && ev.PairedRounds >= ev.Rounds && ev.Complete()
}

// absence returns the absence of the entrant in round r, or nil.
func (ev *Event) absence(player, r int) *Absence {
	for i := range ev.Absences {
		if ev.Absences[i].Player == player && ev.Absences[i].Round == r {
			return &ev.Absences[i]
		}
	}
	return nil
}

// Tournament returns the event as a Tournament of the pairing engines:
// rounds 1..rounds with their results (boards without a result are left
// out when pending is false, and are then written as games without
// result: they score nothing), then, for round rounds+1 when it is not
// paired yet, the entries written ahead: the requested byes and absences
// of that round and a zero-point bye for a withdrawn entrant.
func (ev *Event) Tournament(rounds int) *Tournament {
	t := &Tournament{Rounds: ev.Rounds, InitialColor: White, Points: ev.points(), TieBreakRules: ev.TieBreakRules}
	if ev.Name != "" {
		t.Header = append(t.Header, HeaderLine{Code: "012", Text: ev.Name})
	}
	maxNum := 0
	for _, e := range ev.Players {
		maxNum = max(maxNum, e.Number)
	}
	t.Players = make([]*Player, maxNum)
	for _, e := range ev.Players {
		p := &Player{ID: e.Number, Name: e.Name, Rating: e.Rating, Club: e.ClassID, Declared: -1}
		t.Players[e.Number-1] = p
		for r := 1; r <= rounds+1; r++ {
			entry, ok := ev.entry(e, r, r > rounds)
			if r > rounds && !ok {
				break
			}
			p.Rounds = append(p.Rounds, entry)
		}
		// Trailing rounds before the entrant's first are not written.
		for len(p.Rounds) > 0 && p.Rounds[len(p.Rounds)-1] == (Entry{Result: NotPaired}) {
			p.Rounds = p.Rounds[:len(p.Rounds)-1]
		}
	}
	return t
}

// entry is what entrant e has in round r; ahead asks for the entry written
// ahead of pairing round r (ok false when there is none).
func (ev *Event) entry(e Entrant, r int, ahead bool) (Entry, bool) {
	if a := ev.absence(e.Number, r); a != nil {
		return Entry{Result: a.Kind}, true
	}
	if ahead {
		if !e.Active(r) {
			return Entry{Result: ZeroPointBye}, true
		}
		return Entry{}, false
	}
	for _, b := range ev.Boards {
		if b.Round != r || (b.White != e.Number && b.Black != e.Number) {
			continue
		}
		if b.Black == 0 {
			if !ev.swiss() {
				return Entry{Result: ZeroPointBye}, true
			}
			return Entry{Result: PairingBye}, true
		}
		white := b.White == e.Number
		en := Entry{Opponent: b.Black, Color: White}
		if !white {
			en = Entry{Opponent: b.White, Color: Black}
		}
		en.Result = whiteResult(b.Result)
		if !white {
			en.Result = blackResult(b.Result)
		}
		return en, true
	}
	// Not paired in a round: a late entrant before joining, a withdrawn
	// entrant after leaving. No points.
	return Entry{Result: ZeroPointBye}, true
}

func whiteResult(o Outcome) Result {
	switch o {
	case OutcomeWhiteWins:
		return Win
	case OutcomeBlackWins:
		return Loss
	case OutcomeDraw:
		return Draw
	case OutcomeWhiteForfeit:
		return ForfeitWin
	case OutcomeBlackForfeit, OutcomeDoubleForfeit:
		return ForfeitLoss
	}
	return NotPaired
}

func blackResult(o Outcome) Result {
	switch o {
	case OutcomeWhiteWins:
		return Loss
	case OutcomeBlackWins:
		return Win
	case OutcomeDraw:
		return Draw
	case OutcomeBlackForfeit:
		return ForfeitWin
	case OutcomeWhiteForfeit, OutcomeDoubleForfeit:
		return ForfeitLoss
	}
	return NotPaired
}

func (ev *Event) points() PointSystem {
	if ps, ok := Scorings[ev.Scoring]; ok {
		return ps
	}
	return Standard
}

// completeRounds is the number of rounds whose results are all in.
func (ev *Event) completeRounds() int {
	if ev.Complete() {
		return ev.PairedRounds
	}
	return ev.PairedRounds - 1
}

// EventStanding is one line of the standings.
type EventStanding struct {
	Rank   int
	Player Entrant
	Points Points
	// TieBreaks are the values of the tournament's tie-breaks, in order.
	TieBreaks []Value
	// Played is the number of games played over the board; Wins, Draws
	// and Losses count them.
	Played, Wins, Draws, Losses int
	// Rounds is the outcome of each round, as on a cross table: "+5w"
	// (won against 5 with White), "=3b", "-2w", "U" (bye), "H", "Z",
	// forfeits "+5f" / "-5f" (5 did not come / did not come against 5),
	// "+" / "-" with no opponent named.
	Rounds []string
}

// StandingsRound is the round the standings are after: the last one
// whose results are all in.
func (ev *Event) StandingsRound() int { return ev.completeRounds() }

// Standings ranks the entrants after the last round whose results are all
// in (a corrected result counts at once) by points and then the
// tournament's tie-breaks (FIDE C.07, by Standings or, for a round robin,
// RoundRobinStandings); players tied on everything share a rank.
func (ev *Event) Standings() []EventStanding {
	after := ev.completeRounds()
	t := ev.Tournament(after)
	var tbs []TieBreak
	for _, name := range ev.TieBreaks {
		tbs = append(tbs, TieBreak(name))
	}
	rank := Standings
	switch {
	case ev.eliminating():
		rank = ev.system().Standings
	case !ev.swiss():
		rank = RoundRobinStandings
	}
	rows, err := rank(t, after, tbs)
	if err != nil {
		// The tie-breaks were checked when the tournament was made; should
		// a stored one no longer be known, rank by points alone.
		rows, _ = rank(t, after, nil)
	}
	out := make([]EventStanding, 0, len(rows))
	for _, row := range rows {
		e := *ev.Player(row.Player)
		s := EventStanding{Rank: row.Rank, Player: e, Points: row.Points, TieBreaks: row.TieBreaks, Rounds: []string{}}
		for i, en := range t.Players[e.Number-1].Rounds {
			if i >= after {
				break // a bye written ahead of the round to pair
			}
			s.Rounds = append(s.Rounds, crossCell(en))
			if en.Played() {
				s.Played++
				switch en.Result.outcome() {
				case 1:
					s.Wins++
				case 0:
					s.Draws++
				default:
					s.Losses++
				}
			}
		}
		for len(s.Rounds) < after {
			s.Rounds = append(s.Rounds, "")
		}
		out = append(out, s)
	}
	return out
}

func crossCell(e Entry) string {
	switch {
	case e.Result == NotPaired:
		return ""
	case e.Opponent == 0:
		return string(e.Result)
	}
	c := "w"
	if e.Color == Black {
		c = "b"
	}
	sign := map[int]string{1: "+", 0: "=", -1: "-"}[e.Result.outcome()]
	if !e.Played() {
		// A forfeit: no game, so no colour; f tells it from a game won
		// or lost over the board.
		sign, c = string(e.Result), "f"
	}
	return sign + strconv.Itoa(e.Opponent) + c
}
