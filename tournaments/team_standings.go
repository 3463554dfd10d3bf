package tournaments

import (
	"slices"
	"sort"
)

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
	t := &Tournament{InitialColor: White, Points: Standard, Rounds: ev.Planned}
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
