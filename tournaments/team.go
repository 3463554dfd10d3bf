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

// Valid reports whether f is one of TeamFormats.
func (f TeamFormat) Valid() bool { return slices.Contains(TeamFormats, f) }

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

// gamePoints returns the points of the first and second player of a game
// (tenths), and false for a game without a result. A forfeit scores as a
// won or lost game; both absent score nothing.
func gamePoints(o Outcome) (first, second Points, done bool) {
	switch o {
	case OutcomeWhiteWins, OutcomeWhiteForfeit:
		return 10, 0, true
	case OutcomeBlackWins, OutcomeBlackForfeit:
		return 0, 10, true
	case OutcomeDraw:
		return 5, 5, true
	case OutcomeDoubleForfeit:
		return 0, 0, true
	}
	return 0, 0, false
}

// MatchScore is what a team scored in one match: 次分 (Match), 场分
// (Sets) and 局分 (Games), in tenths of a point.
type MatchScore struct {
	Match, Sets, Games Points
}

// split is the seed's 1 / ½ / 0 between two totals: more wins, level
// draws. Both zero with nothing played (a double forfeit everywhere)
// scores nothing for either.
func split(a, b Points, played bool) (Points, Points) {
	switch {
	case !played:
		return 0, 0
	case a > b:
		return 10, 0
	case a < b:
		return 0, 10
	}
	return 5, 5
}

// Score returns what the home and away teams scored in the match, and
// false while a game has no result. A bye scores as a match won on every
// board (the Swiss's pairing-allocated bye has the points of a win); in a
// round robin the bye team scores nothing (Standings).
func (ev *TeamEvent) Score(m TeamMatch) (home, away MatchScore, done bool) {
	if m.Away == 0 {
		sets := Points(10 * ev.Boards)
		if ev.Format == TeamAllPlay {
			sets *= Points(ev.Boards)
		}
		return MatchScore{Match: 10, Sets: sets, Games: sets * Points(ev.GamesPerBoard)}, MatchScore{}, true
	}
	type pair struct{ board, against int }
	setHome, setAway := map[pair]Points{}, map[pair]Points{}
	setPlayed := map[pair]bool{}
	var order []pair
	for _, g := range m.Games {
		f, s, ok := gamePoints(g.Result)
		if !ok {
			return MatchScore{}, MatchScore{}, false
		}
		k := pair{g.Board, g.Against}
		if _, seen := setHome[k]; !seen {
			order = append(order, k)
		}
		homeFirst := slices.Contains(m.HomeLineup, g.First)
		hp, ap := f, s
		if !homeFirst {
			hp, ap = s, f
		}
		setHome[k] += hp
		setAway[k] += ap
		home.Games += hp
		away.Games += ap
		if g.Result != OutcomeDoubleForfeit {
			setPlayed[k] = true
		}
	}
	for _, k := range order {
		h, a := split(setHome[k], setAway[k], setPlayed[k])
		home.Sets += h
		away.Sets += a
	}
	home.Match, away.Match = split(home.Sets, away.Sets, home.Sets+away.Sets > 0)
	return home, away, true
}

// TeamStanding is one line of the team standings.
type TeamStanding struct {
	Rank int
	Team int
	// Match, Sets, Games: 次分, 场分, 局分; Small: 小分.
	Match, Sets, Games, Small Points
	Played, Won, Drawn, Lost  int
}

// Standings ranks the teams after the first after rounds whose matches
// all have their results: by 次分, 场分, 局分, 小分, then a shared rank
// (listed by team number). roundRobin says the bye scores nothing. Rounds
// with a match still being played are not counted, nor are the rounds
// after them.
func (ev *TeamEvent) Standings(after int, roundRobin bool) []TeamStanding {
	rows := make([]TeamStanding, len(ev.Teams))
	for i := range rows {
		rows[i].Team = i + 1
	}
	type result struct {
		opp     int
		outcome int // 1 won, 0 drawn, -1 lost
	}
	var results [][]result = make([][]result, len(ev.Teams)+1)
	for r := 0; r < after && r < len(ev.Rounds); r++ {
		for _, m := range ev.Rounds[r].Matches {
			h, a, done := ev.Score(m)
			if !done {
				continue
			}
			hr := &rows[m.Home-1]
			if m.Away == 0 {
				if !roundRobin {
					hr.Match += h.Match
					hr.Sets += h.Sets
					hr.Games += h.Games
				}
				continue
			}
			ar := &rows[m.Away-1]
			hr.Match, hr.Sets, hr.Games = hr.Match+h.Match, hr.Sets+h.Sets, hr.Games+h.Games
			ar.Match, ar.Sets, ar.Games = ar.Match+a.Match, ar.Sets+a.Sets, ar.Games+a.Games
			hr.Played++
			ar.Played++
			switch {
			case h.Match > a.Match:
				hr.Won++
				ar.Lost++
				results[m.Home] = append(results[m.Home], result{m.Away, 1})
				results[m.Away] = append(results[m.Away], result{m.Home, -1})
			case h.Match < a.Match:
				hr.Lost++
				ar.Won++
				results[m.Home] = append(results[m.Home], result{m.Away, -1})
				results[m.Away] = append(results[m.Away], result{m.Home, 1})
			case h.Match > 0:
				hr.Drawn++
				ar.Drawn++
				results[m.Home] = append(results[m.Home], result{m.Away, 0})
				results[m.Away] = append(results[m.Away], result{m.Home, 0})
			default: // both absent everywhere: a loss for both
				hr.Lost++
				ar.Lost++
			}
		}
	}
	for i := range rows {
		for _, res := range results[i+1] {
			switch res.outcome {
			case 1:
				rows[i].Small += rows[res.opp-1].Match
			case 0:
				rows[i].Small += rows[res.opp-1].Match / 2
			}
		}
	}
	key := func(s TeamStanding) [4]Points { return [4]Points{s.Match, s.Sets, s.Games, s.Small} }
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := key(rows[i]), key(rows[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return rows[i].Team < rows[j].Team
	})
	for i := range rows {
		if i > 0 && key(rows[i]) == key(rows[i-1]) {
			rows[i].Rank = rows[i-1].Rank
		} else {
			rows[i].Rank = i + 1
		}
	}
	return rows
}

// CompleteRounds is the number of rounds from the first whose matches
// all have their results.
func (ev *TeamEvent) CompleteRounds() int {
	for r, round := range ev.Rounds {
		for _, m := range round.Matches {
			if _, _, done := ev.Score(m); !done {
				return r
			}
		}
	}
	return len(ev.Rounds)
}

// Tournament returns the rounds before round as a Tournament of teams for
// the pairing engines: team i is player i, the home team plays White, and
// each match's 次 is the result (Standard points: 1 / ½ / 0, a bye a
// pairing-allocated bye). Matches without all their results are games
// without a result.
func (ev *TeamEvent) Tournament(rounds int) *Tournament {
	t := &Tournament{InitialColor: White, Points: Standard}
	for _, tm := range ev.Teams {
		t.Players = append(t.Players, &Player{ID: tm.Number, Name: tm.Name, Declared: -1})
	}
	for r := 0; r < rounds && r < len(ev.Rounds); r++ {
		for _, p := range t.Players {
			p.Rounds = append(p.Rounds, Entry{Result: ZeroPointBye})
		}
		for _, m := range ev.Rounds[r].Matches {
			h := t.Players[m.Home-1]
			if m.Away == 0 {
				h.Rounds[r] = Entry{Result: PairingBye}
				continue
			}
			a := t.Players[m.Away-1]
			hs, as, done := ev.Score(m)
			hres, ares := resultUnparsed, resultUnparsed
			if done {
				hres, ares = matchResult(hs.Match, as.Match), matchResult(as.Match, hs.Match)
			}
			h.Rounds[r] = Entry{Opponent: m.Away, Color: White, Result: hres}
			a.Rounds[r] = Entry{Opponent: m.Home, Color: Black, Result: ares}
		}
	}
	return t
}

func matchResult(mine, theirs Points) Result {
	switch {
	case mine > theirs:
		return Win
	case mine < theirs:
		return Loss
	case mine == 0:
		return ForfeitLoss
	}
	return Draw
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

// BoardStanding is a player's score on one board over the event.
type BoardStanding struct {
	Rank, Board, Player, Team int
	Points                    Points
	Games                     int
}

// BoardStandings ranks, board by board, the players who played it in the
// first after rounds: by points on that board, then fewer games, then
// player number (equal points and games share the rank). 全队轮赛制 counts a
// player's games on the board of its own line-up.
func (ev *TeamEvent) BoardStandings(after int) []BoardStanding {
	type key struct{ board, player int }
	acc := map[key]*BoardStanding{}
	for r := 0; r < after && r < len(ev.Rounds); r++ {
		for _, m := range ev.Rounds[r].Matches {
			for _, g := range m.Games {
				f, s, ok := gamePoints(g.Result)
				if !ok {
					continue
				}
				for _, side := range []struct {
					player int
					pts    Points
				}{{g.First, f}, {g.Second, s}} {
					board, team := g.Board, m.Home
					if !slices.Contains(m.HomeLineup, side.player) {
						board, team = g.Against, m.Away
					}
					k := key{board, side.player}
					row := acc[k]
					if row == nil {
						row = &BoardStanding{Board: board, Player: side.player, Team: team}
						acc[k] = row
					}
					row.Points += side.pts
					row.Games++
				}
			}
		}
	}
	out := make([]BoardStanding, 0, len(acc))
	for _, row := range acc {
		out = append(out, *row)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Board != b.Board:
			return a.Board < b.Board
		case a.Points != b.Points:
			return a.Points > b.Points
		case a.Games != b.Games:
			return a.Games < b.Games
		}
		return a.Player < b.Player
	})
	start := 0
	for i := range out {
		switch {
		case i == 0 || out[i].Board != out[i-1].Board:
			start = i
			out[i].Rank = 1
		case out[i].Points == out[i-1].Points && out[i].Games == out[i-1].Games:
			out[i].Rank = out[i-1].Rank
		default:
			out[i].Rank = i - start + 1
		}
	}
	return out
}

// MemberTotal is a team's line in a 队员总分制 event.
type MemberTotal struct {
	Rank, Team int
	// Points is the sum of the team's players' points; Small the sum of
	// their tie-break values (the seed's 小分, Sonneborn-Berger) when
	// given.
	Points, Small Points
}

// MemberTotals ranks the teams of a 队员总分制 event by the sum of their
// players' points in the individual event, then by the sum of their
// 小分 (small, may be nil), then a shared rank. Players of no team do
// not count.
func MemberTotals(teams []Team, points, small map[int]Points) []MemberTotal {
	out := make([]MemberTotal, len(teams))
	for i, t := range teams {
		out[i].Team = t.Number
		for _, p := range t.Players {
			out[i].Points += points[p]
			out[i].Small += small[p]
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Points != out[j].Points {
			return out[i].Points > out[j].Points
		}
		if out[i].Small != out[j].Small {
			return out[i].Small > out[j].Small
		}
		return out[i].Team < out[j].Team
	})
	for i := range out {
		if i > 0 && out[i].Points == out[i-1].Points && out[i].Small == out[i-1].Small {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}
