package tournaments

import (
	"context"
	"time"
)

// TeamTournament is a team event of a school as the service keeps it:
// its settings, its players (students, numbered 1..n team by team in the
// order entered), its teams and the matches of its paired rounds.
type TeamTournament struct {
	ID, SchoolID, Name, Game string
	Format                   TeamFormat
	// System pairs the teams: round_robin, double_round_robin,
	// school_swiss or dutch; Rounds is the number of rounds planned (a
	// round robin: set when round 1 is paired).
	System        string
	Rounds        int
	Boards        int
	GamesPerBoard int
	Ruleset       string // number chess only
	ClassIDs      []string
	// Linked is a 队员总分制 event's individual tournament, whose
	// standings give the teams' totals.
	Linked string
	// ArenaDraw is a 擂台赛's draw rule (TeamArenaDraws).
	ArenaDraw string
	Players   []TeamPlayer // by Number
	Teams     []Team       // by Number; Players are TeamPlayer numbers
	Played    []TeamRound  // the rounds paired so far
	Version   int
	CreatedBy string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TeamPlayer is a student in a team event.
type TeamPlayer struct {
	Number    int
	StudentID string
	ClassID   string
	Name      string // the real name, for staff
	Team      int
}

// Player returns the player with the number, or nil.
func (tt *TeamTournament) Player(number int) *TeamPlayer {
	if number < 1 || number > len(tt.Players) {
		return nil
	}
	return &tt.Players[number-1]
}

// Engine returns the event as the team engine sees it.
func (tt *TeamTournament) Engine() *TeamEvent {
	ev := &TeamEvent{Format: tt.Format, Boards: tt.Boards, GamesPerBoard: tt.GamesPerBoard, Teams: tt.Teams, Rounds: tt.Played}
	if !tt.roundRobin() {
		ev.Planned = tt.Rounds
	}
	return ev
}

// roundRobin reports whether the teams play a round robin.
func (tt *TeamTournament) roundRobin() bool {
	return tt.System == sysRoundRobin || tt.System == sysDoubleRoundRobin
}

func (tt *TeamTournament) system() System {
	switch tt.System {
	case sysRoundRobin:
		return RoundRobin{}
	case sysDoubleRoundRobin:
		return RoundRobin{Double: true}
	case sysSchoolSwiss:
		var seed uint64
		for _, b := range []byte(tt.ID) {
			seed = seed*131 + uint64(b)
		}
		return SchoolSwiss{Seed: seed}
	}
	return Dutch{}
}

// RoundGame is one game of a paired round, numbered through the round
// (match by match, in board order): the number results, live games and
// the archive use.
type RoundGame struct {
	Number int
	Match  int // index in the round's matches
	TeamGame
}

// RoundGames returns the games of round r (1-based) numbered through the
// round.
func (tt *TeamTournament) RoundGames(r int) []RoundGame {
	if r < 1 || r > len(tt.Played) {
		return nil
	}
	var out []RoundGame
	for mi, m := range tt.Played[r-1].Matches {
		for _, g := range m.Games {
			out = append(out, RoundGame{Number: len(out) + 1, Match: mi, TeamGame: g})
		}
	}
	return out
}

// Standings are the team standings after the complete rounds.
func (tt *TeamTournament) Standings() []TeamStanding {
	ev := tt.Engine()
	return ev.Standings(ev.CompleteRounds(), tt.roundRobin())
}

// BoardStandings are the per-board standings after the complete rounds.
func (tt *TeamTournament) BoardStandings() []BoardStanding {
	ev := tt.Engine()
	return ev.BoardStandings(ev.CompleteRounds())
}

// TeamStore keeps team events, as Store keeps tournaments: events of
// another school than a non-empty schoolID are ErrNotFound, and Save
// writes over the version loaded only (ErrConflict otherwise).
type TeamStore interface {
	CreateTeam(ctx context.Context, tt *TeamTournament) error
	TeamEvent(ctx context.Context, schoolID, id string) (*TeamTournament, error)
	SaveTeam(ctx context.Context, tt *TeamTournament) error
	// ListTeams returns the school's team events (all schools for ""),
	// newest first, at most limit.
	ListTeams(ctx context.Context, schoolID string, limit int) ([]*TeamTournament, error)
}

// TeamArenaDraws maps the draw rules of a team 擂台赛, as the API takes
// them, to the engine's.
var TeamArenaDraws = map[string]TeamArenaDraw{"both_out": TeamArenaBothOut, "replay": TeamArenaReplay}

// Arena returns a 擂台赛 event as the engine sees it and the results of
// its games in order (each round is one game).
func (tt *TeamTournament) Arena() (TeamArena, []Outcome) {
	a := TeamArena{Draw: TeamArenaDraws[tt.ArenaDraw]}
	for _, t := range tt.Teams {
		a.Teams = append(a.Teams, t.Players)
	}
	var results []Outcome
	for _, r := range tt.Played {
		for _, m := range r.Matches {
			for _, g := range m.Games {
				results = append(results, g.Result)
			}
		}
	}
	return a, results
}

// ArenaState is where a 擂台赛 event stands.
func (tt *TeamTournament) ArenaState() (TeamArenaState, error) {
	a, results := tt.Arena()
	_, st, err := a.Replay(results)
	return st, err
}

// arenaRound is the round of one 擂台赛 game: the challenger's team at
// home, moving first.
func arenaRound(g TeamArenaGame) TeamRound {
	return TeamRound{Matches: []TeamMatch{{Home: g.FirstTeam, Away: g.SecondTeam, HomeLineup: []int{g.First}, AwayLineup: []int{g.Second},
		Games: []TeamGame{{Board: 1, Against: 1, Game: 1, First: g.First, Second: g.Second}}}}}
}

// checkArena checks that every round of a 擂台赛 is the game its results
// before lead to (a corrected result may not change who played later).
func (tt *TeamTournament) checkArena() error {
	a, results := tt.Arena()
	games, _, err := a.Replay(results)
	if err != nil || len(games) != len(tt.Played) {
		return ErrBracketChanged
	}
	for i, g := range games {
		m := tt.Played[i].Matches[0]
		if m.Games[0].First != g.First || m.Games[0].Second != g.Second {
			return ErrBracketChanged
		}
	}
	return nil
}
