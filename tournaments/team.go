package tournaments

import (
	"fmt"
	"slices"
	"sort"
)

// Team events (团体比赛, seed 001): teams of players meet team against
// team; the team's result is counted, not the players'. The seed names
// five ways of fielding a team and defines the last one only (队员总分制:
// the team's result is the sum of what its players score in an individual
// event); for the other four Qixue reads the names so:
//
//   - 分台定人制 (TeamFixedBoards, "boards fixed, players fixed"): a team
//     registers its players in board order and the first Boards of them
//     play boards 1..Boards in every round; nobody is changed.
//   - 分台换人制 (TeamChangingBoards, "boards fixed, players changed"):
//     the registered order is the board order, reserves included; for
//     each round a team may field any Boards of its players, who sit in
//     their registered order (a player listed higher plays a higher
//     board).
//   - 临时定台制 (TeamPerRoundBoards, "boards set for the round"): for
//     each round a team names any Boards of its players in any order.
//   - 全队轮赛制 (TeamAllPlay, "the whole team plays round"): in a match
//     every player a team fields plays every player the other fields, so
//     a match of Boards players a side has Boards×Boards games.
//   - 队员总分制 (TeamMemberTotal): no team matches; an individual event
//     is played and each team scores the sum of its players' points
//     (MemberTotals).
//
// Scoring, as the seed says for 次, 场 and 局 alike: a win 1, a draw ½, a
// loss 0. A 局 is one game; a 场 is the games two players play against
// each other in a match (one board; GamesPerBoard of them, colours
// reversed from game to game as the seed's 两局制 asks); a 次 is the match
// of two teams in a round. 局分 is a team's game points, 场分 its points
// from the 场 (the board won on game points: 1, level: ½), 次分 its
// points from the matches (won on 场分: 1, level: ½). Teams rank by 次分,
// 场分, 局分 and 小分 in that order (seed 001). The seed's sentence
// defining a team's 小分 is cut off in the source; Qixue counts it as the
// seed counts an individual's 小分, at team level: the 次分 of every team
// beaten plus half the 次分 of every team drawn with.
type TeamFormat string

// The team formats.
const (
	TeamFixedBoards    TeamFormat = "fixed_boards"     // 分台定人制
	TeamChangingBoards TeamFormat = "changing_boards"  // 分台换人制
	TeamPerRoundBoards TeamFormat = "per_round_boards" // 临时定台制
	TeamAllPlay        TeamFormat = "all_play"         // 全队轮赛制
	TeamMemberTotal    TeamFormat = "member_total"     // 队员总分制
)

// TeamFormats lists the formats, in the seed's order.
var TeamFormats = []TeamFormat{TeamFixedBoards, TeamChangingBoards, TeamPerRoundBoards, TeamAllPlay, TeamMemberTotal}

// Valid reports whether f is one of TeamFormats or TeamArenaFormat.
func (f TeamFormat) Valid() bool { return slices.Contains(TeamFormats, f) || f == TeamArenaFormat }

// Team is one team: its number (1..n, the start rank of the team-level
// pairing) and its players in registered order; the first Boards of them
// are its board order, the rest its reserves.
type Team struct {
	Number  int
	Name    string
	Players []int // player numbers of the event
}

// TeamEvent is a team event as the team engine sees it: the format, the
// players a team fields in a match (Boards), the games two players play
// against each other in a match (GamesPerBoard, 1 or 2), the teams by
// number and the rounds paired so far.
type TeamEvent struct {
	Format        TeamFormat
	Boards        int
	GamesPerBoard int
	Teams         []Team
	Rounds        []TeamRound
	// Planned is the number of rounds planned (a Swiss needs it; 0 for a
	// round robin, whose table knows).
	Planned int
}

// TeamRound is one round: its matches, the bye (Away 0) last.
type TeamRound struct {
	Matches []TeamMatch
}

// TeamMatch is the match (次) of two teams in a round: Home is the team
// first named by the pairing (White of the team-level pairing), Away 0
// marks the bye of Home. The line-ups are the players each team fields,
// in board order; Games are the games they play.
type TeamMatch struct {
	Home, Away             int
	HomeLineup, AwayLineup []int
	Games                  []TeamGame
}

// TeamGame is one game of a match: the board it belongs to (全队轮赛制:
// Board is the home player's board and Against the away player's), its
// number on that board, who moves first (First: White of an Outcome) and
// its result.
type TeamGame struct {
	Board, Against int
	Game           int
	First, Second  int
	Result         Outcome
}

// TeamError is a line-up or event the team rules refuse: a stable Code,
// the Field at fault and the reason in English.
type TeamError struct {
	Code, Field, Reason string
}

func (e *TeamError) Error() string { return "tournaments: " + e.Reason }

// The codes of a TeamError.
const (
	CodeLineupSize    = "lineup_size"    // not Boards players
	CodeLineupPlayer  = "lineup_player"  // a player not of the team, or twice
	CodeLineupOrder   = "lineup_order"   // 分台换人制: not in registered order
	CodeLineupFixed   = "lineup_fixed"   // 分台定人制: not the registered board order
	CodeTeamTooSmall  = "team_too_small" // fewer players than boards
	CodeBadBoards     = "bad_boards"     // boards or games per board out of range
	CodeNoTeamMatches = "no_team_matches"
)

// Bounds of a team event.
const (
	MaxTeamBoards  = 10
	MaxTeamPlayers = 20 // players registered per team, reserves included
	MaxTeams       = 60
)

// Check validates the event's settings and teams: 1..MaxTeamBoards
// boards, 1 or 2 games a board, at least two teams, each with Boards to
// MaxTeamPlayers players and no player in two teams or twice.
func (ev *TeamEvent) Check() error {
	switch {
	case !ev.Format.Valid():
		return &TeamError{Code: CodeBadBoards, Field: "format", Reason: fmt.Sprintf("unknown team format %q", ev.Format)}
	case ev.Boards < 1 || ev.Boards > MaxTeamBoards:
		return &TeamError{Code: CodeBadBoards, Field: "boards", Reason: fmt.Sprintf("a team plays 1 to %d boards", MaxTeamBoards)}
	case ev.GamesPerBoard < 1 || ev.GamesPerBoard > 2:
		return &TeamError{Code: CodeBadBoards, Field: "games_per_board", Reason: "a board plays 1 or 2 games"}
	case len(ev.Teams) < 2:
		return &TeamError{Code: CodeTeamTooSmall, Field: "teams", Reason: "a team event needs at least 2 teams"}
	case len(ev.Teams) > MaxTeams:
		return &TeamError{Code: CodeTeamTooSmall, Field: "teams", Reason: fmt.Sprintf("at most %d teams", MaxTeams)}
	}
	seen := map[int]int{}
	for i, t := range ev.Teams {
		if t.Number != i+1 {
			return &TeamError{Code: CodeStartRankGap, Field: "teams", Reason: fmt.Sprintf("team %d is numbered %d: number the teams 1 to %d", i+1, t.Number, len(ev.Teams))}
		}
		if len(t.Players) < ev.Boards || len(t.Players) > MaxTeamPlayers {
			return &TeamError{Code: CodeTeamTooSmall, Field: "teams", Reason: fmt.Sprintf("team %d has %d players: it needs %d to %d", t.Number, len(t.Players), ev.Boards, MaxTeamPlayers)}
		}
		for _, p := range t.Players {
			if other, ok := seen[p]; ok || p < 1 {
				return &TeamError{Code: CodeLineupPlayer, Field: "teams", Reason: fmt.Sprintf("player %d is in team %d and team %d", p, other, t.Number)}
			}
			seen[p] = t.Number
		}
	}
	return nil
}

// Team returns the team with the number, or nil.
func (ev *TeamEvent) Team(number int) *Team {
	if number < 1 || number > len(ev.Teams) {
		return nil
	}
	return &ev.Teams[number-1]
}

// DefaultLineup is the team's registered board order: its first boards
// players.
func (t Team) DefaultLineup(boards int) []int {
	return append([]int(nil), t.Players[:min(boards, len(t.Players))]...)
}

// CheckLineup checks the players a team fields for a match under the
// event's format (see TeamFormat); nil lineup stands for the default one.
func (ev *TeamEvent) CheckLineup(team int, lineup []int) error {
	t := ev.Team(team)
	if t == nil {
		return &TeamError{Code: CodeLineupPlayer, Field: "team", Reason: fmt.Sprintf("there is no team %d", team)}
	}
	if ev.Format == TeamMemberTotal {
		return &TeamError{Code: CodeNoTeamMatches, Field: "format", Reason: "a member-total event has no team matches"}
	}
	if len(lineup) != ev.Boards {
		return &TeamError{Code: CodeLineupSize, Field: "lineup", Reason: fmt.Sprintf("team %d fields %d players, not %d", team, len(lineup), ev.Boards)}
	}
	pos := make([]int, len(lineup))
	for i, p := range lineup {
		pos[i] = slices.Index(t.Players, p)
		if pos[i] < 0 || slices.Index(lineup, p) != i {
			return &TeamError{Code: CodeLineupPlayer, Field: "lineup", Reason: fmt.Sprintf("player %d is not in team %d or is named twice", p, team)}
		}
	}
	switch ev.Format {
	case TeamFixedBoards:
		if !slices.Equal(lineup, t.DefaultLineup(ev.Boards)) {
			return &TeamError{Code: CodeLineupFixed, Field: "lineup", Reason: fmt.Sprintf("team %d plays its registered boards in every round", team)}
		}
	case TeamChangingBoards:
		if !sort.IntsAreSorted(pos) {
			return &TeamError{Code: CodeLineupOrder, Field: "lineup", Reason: fmt.Sprintf("team %d's players sit in their registered order", team)}
		}
	}
	return nil
}

// MatchGames returns the games of a match between the line-ups, in board
// order. Colours alternate by board: the home team's player moves first on
// odd boards and the away team's on even ones; a board's second game
// reverses the first's colours. In 全队轮赛制 home player i meets away
// player j (boards 1-based) and moves first when i+j is even, so each
// player alternates colours from opponent to opponent.
func (ev *TeamEvent) MatchGames(home, away []int) []TeamGame {
	var out []TeamGame
	add := func(board, against, hp, ap int, homeFirst bool) {
		for g := 1; g <= ev.GamesPerBoard; g++ {
			first, second := hp, ap
			if homeFirst != (g%2 == 1) {
				first, second = ap, hp
			}
			out = append(out, TeamGame{Board: board, Against: against, Game: g, First: first, Second: second})
		}
	}
	for i, hp := range home {
		if ev.Format == TeamAllPlay {
			for j, ap := range away {
				add(i+1, j+1, hp, ap, (i+j)%2 == 0)
			}
			continue
		}
		if i < len(away) {
			add(i+1, i+1, hp, away[i], i%2 == 0)
		}
	}
	return out
}

// PairTeams pairs the next round of the teams by a team-level system:
// RoundRobin (Berger tables) or SchoolSwiss (the seed's 积分编排, on 次分)
// or Dutch. It returns the pairings of the teams (White the home team,
// Black 0 the bye) or the system's errors.
func (ev *TeamEvent) PairTeams(sys System) ([]Pairing, error) {
	if ev.Format == TeamMemberTotal {
		return nil, &TeamError{Code: CodeNoTeamMatches, Field: "format", Reason: "a member-total event pairs its players, not its teams"}
	}
	next := len(ev.Rounds) + 1
	if _, ok := sys.(RoundRobin); !ok {
		if ev.CompleteRounds() < len(ev.Rounds) {
			return nil, ErrResultsMissing
		}
	}
	return sys.Pair(ev.Tournament(len(ev.Rounds)), next)
}

// NewMatch returns the match of a pairing with the line-ups (nil: the
// team's default line-up), checked by CheckLineup, and its games.
func (ev *TeamEvent) NewMatch(p Pairing, home, away []int) (TeamMatch, error) {
	m := TeamMatch{Home: p.White, Away: p.Black}
	if m.Away == 0 {
		return m, nil
	}
	if home == nil {
		home = ev.Team(m.Home).DefaultLineup(ev.Boards)
	}
	if away == nil {
		away = ev.Team(m.Away).DefaultLineup(ev.Boards)
	}
	if err := ev.CheckLineup(m.Home, home); err != nil {
		return TeamMatch{}, err
	}
	if err := ev.CheckLineup(m.Away, away); err != nil {
		return TeamMatch{}, err
	}
	m.HomeLineup, m.AwayLineup = home, away
	m.Games = ev.MatchGames(home, away)
	return m, nil
}
