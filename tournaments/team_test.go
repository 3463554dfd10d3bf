package tournaments

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"qixue/domain"
)

// teamEvent returns an event of n teams of size players each (players
// numbered team by team: team t has (t-1)*size+1 .. t*size).
func teamEvent(format TeamFormat, n, size, boards, games int) *TeamEvent {
	ev := &TeamEvent{Format: format, Boards: boards, GamesPerBoard: games}
	for t := 1; t <= n; t++ {
		tm := Team{Number: t, Name: string(rune('A' + t - 1))}
		for p := 1; p <= size; p++ {
			tm.Players = append(tm.Players, (t-1)*size+p)
		}
		ev.Teams = append(ev.Teams, tm)
	}
	return ev
}

func teamCode(err error) string {
	var te *TeamError
	if errors.As(err, &te) {
		return te.Code
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestTeamLineups(t *testing.T) {
	// Team 1 has players 1..6, 4 boards: 1-4 its board order, 5 and 6
	// its reserves.
	lineups := map[string][]int{
		"registered": {1, 2, 3, 4},
		"reordered":  {2, 1, 3, 4},
		"reserve":    {1, 2, 4, 5},
		"reserve up": {5, 1, 2, 4},
		"outsider":   {1, 2, 3, 7},
		"twice":      {1, 2, 2, 3},
		"short":      {1, 2, 3},
	}
	// What each format allows, from its rule: 分台定人制 only the
	// registered order; 分台换人制 any players in registered order;
	// 临时定台制 and 全队轮赛制 any players in any order.
	want := map[TeamFormat]map[string]string{
		TeamFixedBoards:    {"reordered": CodeLineupFixed, "reserve": CodeLineupFixed, "reserve up": CodeLineupFixed},
		TeamChangingBoards: {"reordered": CodeLineupOrder, "reserve up": CodeLineupOrder},
		TeamPerRoundBoards: {},
		TeamAllPlay:        {},
	}
	for format, refused := range want {
		ev := teamEvent(format, 2, 6, 4, 1)
		if err := ev.Check(); err != nil {
			t.Fatal(err)
		}
		for name, l := range lineups {
			exp := refused[name]
			switch name {
			case "outsider", "twice":
				exp = CodeLineupPlayer
			case "short":
				exp = CodeLineupSize
			}
			if got := teamCode(ev.CheckLineup(1, l)); got != exp {
				t.Errorf("%s, %s %v: got %q, want %q", format, name, l, got, exp)
			}
		}
	}
	ev := teamEvent(TeamMemberTotal, 2, 6, 4, 1)
	if got := teamCode(ev.CheckLineup(1, []int{1, 2, 3, 4})); got != CodeNoTeamMatches {
		t.Errorf("member total line-up: %q", got)
	}
	if _, err := ev.PairTeams(RoundRobin{}); teamCode(err) != CodeNoTeamMatches {
		t.Errorf("member total pairing: %v", err)
	}
}

func TestTeamCheck(t *testing.T) {
	cases := map[string]func(*TeamEvent){
		"boards":          func(ev *TeamEvent) { ev.Boards = MaxTeamBoards + 1 },
		"games_per_board": func(ev *TeamEvent) { ev.GamesPerBoard = 3 },
		"teams":           func(ev *TeamEvent) { ev.Teams = ev.Teams[:1] },
		"format":          func(ev *TeamEvent) { ev.Format = "relay" },
	}
	for field, spoil := range cases {
		ev := teamEvent(TeamPerRoundBoards, 3, 4, 4, 1)
		spoil(ev)
		var te *TeamError
		if err := ev.Check(); !errors.As(err, &te) || te.Field != field {
			t.Errorf("%s: %v", field, err)
		}
	}
	ev := teamEvent(TeamPerRoundBoards, 3, 4, 4, 1)
	ev.Teams[2].Players[0] = ev.Teams[1].Players[3]
	if teamCode(ev.Check()) != CodeLineupPlayer {
		t.Errorf("player in two teams: %v", ev.Check())
	}
	ev = teamEvent(TeamPerRoundBoards, 3, 3, 4, 1)
	if teamCode(ev.Check()) != CodeTeamTooSmall {
		t.Errorf("3 players for 4 boards: %v", ev.Check())
	}
}

func TestTeamMatchColours(t *testing.T) {
	for _, format := range []TeamFormat{TeamFixedBoards, TeamAllPlay} {
		for boards := 1; boards <= 6; boards++ {
			for games := 1; games <= 2; games++ {
				ev := teamEvent(format, 2, boards, boards, games)
				home, away := ev.Teams[0].Players, ev.Teams[1].Players
				gs := ev.MatchGames(home, away)
				meets := map[[2]int][]bool{} // home player, away player -> home moved first, by game
				firsts := map[int]int{}
				for _, g := range gs {
					hp, ap, homeFirst := g.First, g.Second, true
					if !slices.Contains(home, hp) {
						hp, ap, homeFirst = g.Second, g.First, false
					}
					if !slices.Contains(home, hp) || !slices.Contains(away, ap) {
						t.Fatalf("%s: game %+v is not home against away", format, g)
					}
					if home[g.Board-1] != hp || away[g.Against-1] != ap {
						t.Fatalf("%s: game %+v is not on its boards", format, g)
					}
					k := [2]int{hp, ap}
					meets[k] = append(meets[k], homeFirst)
					firsts[g.First]++
				}
				pairs := boards
				if format == TeamAllPlay {
					pairs = boards * boards
				}
				if len(meets) != pairs || len(gs) != pairs*games {
					t.Fatalf("%s %d boards: %d pairs, %d games", format, boards, len(meets), len(gs))
				}
				for k, seq := range meets {
					if len(seq) != games || games == 2 && seq[0] == seq[1] {
						t.Errorf("%s: %v moves first %v: a board's second game reverses the colours", format, k, seq)
					}
				}
				if format != TeamAllPlay {
					// Alternating by board: the home side moves first on
					// board 1, 3, 5 ... of every first game.
					for b := 1; b <= boards; b++ {
						if got := meets[[2]int{home[b-1], away[b-1]}][0]; got != (b%2 == 1) {
							t.Errorf("board %d: home moves first %v", b, got)
						}
					}
					continue
				}
				// 全队轮赛制: everybody moves first in half of its games,
				// or one more or less when the number is odd.
				for _, p := range append(slices.Clone(home), away...) {
					total := boards * games
					if d := 2*firsts[p] - total; d < -1 || d > 1 {
						t.Errorf("all play, %d boards, %d games: player %d moves first %d of %d", boards, games, p, firsts[p], total)
					}
				}
			}
		}
	}
}

var teamOutcomes = []Outcome{OutcomeWhiteWins, OutcomeBlackWins, OutcomeDraw, OutcomeWhiteForfeit, OutcomeBlackForfeit, OutcomeDoubleForfeit}

// oracleScore scores a match straight from the seed's words, walking the
// home line-up board by board: a game 1 / ½ / 0 (a forfeit as a game
// lost, nobody there nothing); a 场 (the games of two players) is won by
// the one with more game points; the 次 by the team with more 场 points.
func oracleScore(ev *TeamEvent, m TeamMatch) (home, away MatchScore) {
	var setH, setA int // 场 won, in halves
	for i, hp := range m.HomeLineup {
		for j, ap := range m.AwayLineup {
			if ev.Format != TeamAllPlay && i != j {
				continue
			}
			var gh, ga, played int // halves
			for _, g := range m.Games {
				if !(g.First == hp && g.Second == ap || g.First == ap && g.Second == hp) {
					continue
				}
				win := map[Outcome]int{OutcomeWhiteWins: 1, OutcomeWhiteForfeit: 1, OutcomeBlackWins: 2, OutcomeBlackForfeit: 2, OutcomeDraw: 3}[g.Result]
				if win == 0 {
					continue
				}
				played++
				winner := map[int]int{1: g.First, 2: g.Second}[win]
				switch {
				case win == 3:
					gh, ga = gh+1, ga+1
				case winner == hp:
					gh += 2
				default:
					ga += 2
				}
			}
			home.Games += Points(gh * 5)
			away.Games += Points(ga * 5)
			switch {
			case played == 0:
			case gh > ga:
				setH += 2
			case ga > gh:
				setA += 2
			default:
				setH, setA = setH+1, setA+1
			}
		}
	}
	home.Sets, away.Sets = Points(setH*5), Points(setA*5)
	switch {
	case setH+setA == 0:
	case setH > setA:
		home.Match = 10
	case setA > setH:
		away.Match = 10
	default:
		home.Match, away.Match = 5, 5
	}
	return home, away
}

func randomMatch(ev *TeamEvent, rng *rand.Rand, home, away int) TeamMatch {
	hl, al := ev.Team(home).DefaultLineup(ev.Boards), ev.Team(away).DefaultLineup(ev.Boards)
	if ev.Format == TeamPerRoundBoards || ev.Format == TeamAllPlay {
		rng.Shuffle(len(hl), func(i, j int) { hl[i], hl[j] = hl[j], hl[i] })
	}
	m, err := ev.NewMatch(Pairing{White: home, Black: away}, hl, al)
	if err != nil {
		panic(err)
	}
	for i := range m.Games {
		// Mostly games played, now and then a forfeit.
		if rng.IntN(8) == 0 {
			m.Games[i].Result = teamOutcomes[3+rng.IntN(3)]
		} else {
			m.Games[i].Result = teamOutcomes[rng.IntN(3)]
		}
	}
	return m
}

func TestTeamMatchScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 7))
	for n := 0; n < 3000; n++ {
		format := []TeamFormat{TeamFixedBoards, TeamChangingBoards, TeamPerRoundBoards, TeamAllPlay}[rng.IntN(4)]
		boards := 1 + rng.IntN(5)
		ev := teamEvent(format, 2, boards+rng.IntN(2), boards, 1+rng.IntN(2))
		m := randomMatch(ev, rng, 1, 2)
		h, a, done := ev.Score(m)
		wh, wa := oracleScore(ev, m)
		if !done || h != wh || a != wa {
			t.Fatalf("%s %d boards x %d: %+v scored %+v / %+v, the rules give %+v / %+v", format, boards, ev.GamesPerBoard, m.Games, h, a, wh, wa)
		}
	}
	ev := teamEvent(TeamFixedBoards, 2, 3, 3, 1)
	m, _ := ev.NewMatch(Pairing{White: 1, Black: 2}, nil, nil)
	m.Games[0].Result = OutcomeDraw
	if _, _, done := ev.Score(m); done {
		t.Error("a match with games to play is scored")
	}
	// The bye: a match won on every board.
	h, _, _ := ev.Score(TeamMatch{Home: 1})
	if h.Match != 10 || h.Sets != Points(10*ev.Boards) || h.Games != h.Sets {
		t.Errorf("bye %+v", h)
	}
}

// playRoundRobin pairs every round of a round robin of the event's teams
// and gives each game a random result.
func playRoundRobin(t testing.TB, ev *TeamEvent, rng *rand.Rand, rr RoundRobin) {
	t.Helper()
	for {
		ps, err := ev.PairTeams(rr)
		if errors.Is(err, ErrRoundsComplete) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		var round TeamRound
		for _, p := range ps {
			if p.Black == 0 {
				round.Matches = append(round.Matches, TeamMatch{Home: p.White})
				continue
			}
			round.Matches = append(round.Matches, randomMatch(ev, rng, p.White, p.Black))
		}
		ev.Rounds = append(ev.Rounds, round)
	}
}

func TestTeamStandings(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	for n := 0; n < 200; n++ {
		teams := 2 + rng.IntN(6)
		format := []TeamFormat{TeamFixedBoards, TeamChangingBoards, TeamPerRoundBoards, TeamAllPlay}[rng.IntN(4)]
		boards := 1 + rng.IntN(4)
		ev := teamEvent(format, teams, boards+1, boards, 1+rng.IntN(2))
		playRoundRobin(t, ev, rng, RoundRobin{})
		rows := ev.Standings(len(ev.Rounds), true)
		// The rules again, team by team: sums of the matches' scores,
		// and 小分 from the final 次分 of those beaten and drawn with.
		type tot struct{ match, sets, games Points }
		sum := map[int]*tot{}
		beat := map[int][][2]int{} // team -> (opponent, 2 beaten / 1 drawn)
		for i := 1; i <= teams; i++ {
			sum[i] = &tot{}
		}
		meetings := map[[2]int]int{}
		for _, r := range ev.Rounds {
			for _, m := range r.Matches {
				if m.Away == 0 {
					continue
				}
				meetings[[2]int{min(m.Home, m.Away), max(m.Home, m.Away)}]++
				h, a := oracleScore(ev, m)
				for _, s := range []struct {
					team, opp int
					mine, th  MatchScore
				}{{m.Home, m.Away, h, a}, {m.Away, m.Home, a, h}} {
					sum[s.team].match += s.mine.Match
					sum[s.team].sets += s.mine.Sets
					sum[s.team].games += s.mine.Games
					switch {
					case s.mine.Match == 10:
						beat[s.team] = append(beat[s.team], [2]int{s.opp, 2})
					case s.mine.Match == 5:
						beat[s.team] = append(beat[s.team], [2]int{s.opp, 1})
					}
				}
			}
		}
		if len(meetings) != teams*(teams-1)/2 {
			t.Fatalf("%d teams met in %d pairs", teams, len(meetings))
		}
		for pair, k := range meetings {
			if k != 1 {
				t.Fatalf("teams %v met %d times", pair, k)
			}
		}
		for i, row := range rows {
			s := sum[row.Team]
			var small Points
			for _, b := range beat[row.Team] {
				small += sum[b[0]].match * Points(b[1]) / 2
			}
			if row.Match != s.match || row.Sets != s.sets || row.Games != s.games || row.Small != small {
				t.Fatalf("team %d: %+v, the rules give 次 %v 场 %v 局 %v 小 %v", row.Team, row, s.match, s.sets, s.games, small)
			}
			if i == 0 {
				if row.Rank != 1 {
					t.Fatalf("first row rank %d", row.Rank)
				}
				continue
			}
			prev := rows[i-1]
			a := []Points{prev.Match, prev.Sets, prev.Games, prev.Small}
			b := []Points{row.Match, row.Sets, row.Games, row.Small}
			c := slices.Compare(a, b)
			switch {
			case c < 0:
				t.Fatalf("team %d %v ranked below team %d %v", prev.Team, a, row.Team, b)
			case c == 0 && (row.Rank != prev.Rank || row.Team < prev.Team):
				t.Fatalf("tied teams %d and %d: ranks %d %d", prev.Team, row.Team, prev.Rank, row.Rank)
			case c > 0 && row.Rank != i+1:
				t.Fatalf("team %d at line %d has rank %d", row.Team, i+1, row.Rank)
			}
		}
	}
}

func TestTeamStandingsOrder(t *testing.T) {
	// Teams 1 and 2 both win one match and lose one (equal 次分); team 1
	// wins its match 3-0 on boards and loses 1-2, team 2 wins 2-1 and
	// loses 0-3, so team 1 is ahead on 场分.
	ev := teamEvent(TeamFixedBoards, 3, 3, 3, 1)
	set := func(home, away int, homeBoards ...bool) TeamMatch {
		m, err := ev.NewMatch(Pairing{White: home, Black: away}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, won := range homeBoards {
			g := &m.Games[i]
			homeFirst := slices.Contains(m.HomeLineup, g.First)
			if won == homeFirst {
				g.Result = OutcomeWhiteWins
			} else {
				g.Result = OutcomeBlackWins
			}
		}
		return m
	}
	ev.Rounds = []TeamRound{
		{Matches: []TeamMatch{set(1, 3, true, true, true), {Home: 2}}},
		{Matches: []TeamMatch{set(2, 1, true, true, false), {Home: 3}}},
		{Matches: []TeamMatch{set(3, 2, true, true, true), {Home: 1}}},
	}
	rows := ev.Standings(3, true)
	h1, a1, _ := ev.Score(ev.Rounds[0].Matches[0])
	h2, a2, _ := ev.Score(ev.Rounds[1].Matches[0])
	h3, a3, _ := ev.Score(ev.Rounds[2].Matches[0])
	want := map[int]Points{1: h1.Match + a2.Match, 2: h2.Match + a3.Match, 3: a1.Match + h3.Match}
	for _, r := range rows {
		if r.Match != want[r.Team] {
			t.Fatalf("team %d: 次分 %v, want %v", r.Team, r.Match, want[r.Team])
		}
	}
	if rows[0].Match != rows[1].Match || rows[1].Match != rows[2].Match {
		t.Fatalf("the three teams should be level on 次分: %+v", rows)
	}
	// 场分: team 1 3+1, team 3 0+3, team 2 2+0.
	if rows[0].Team != 1 || rows[1].Team != 3 || rows[2].Team != 2 || rows[0].Sets <= rows[1].Sets || rows[1].Sets <= rows[2].Sets {
		t.Fatalf("order by 场分: %+v", rows)
	}
	// A Swiss bye counts as a match won; in a round robin it counts nothing.
	swiss := ev.Standings(3, false)
	for _, r := range swiss {
		if r.Match != want[r.Team]+10 {
			t.Fatalf("Swiss bye: team %d has %v", r.Team, r.Match)
		}
	}
}

func TestPairTeamsSwiss(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	for n := 0; n < 50; n++ {
		teams := 3 + rng.IntN(8)
		ev := teamEvent(TeamPerRoundBoards, teams, 5, 4, 1)
		ev.Planned = 3
		met := map[[2]int]bool{}
		byes := map[int]int{}
		sys := SchoolSwiss{Seed: uint64(n)}
		for r := 1; r <= 3; r++ {
			ps, err := ev.PairTeams(sys)
			if err != nil {
				t.Fatalf("%d teams, round %d: %v", teams, r, err)
			}
			seen := map[int]bool{}
			var round TeamRound
			for _, p := range ps {
				for _, tm := range []int{p.White, p.Black} {
					if tm != 0 && seen[tm] {
						t.Fatalf("team %d twice in round %d", tm, r)
					}
					seen[tm] = true
				}
				if p.Black == 0 {
					byes[p.White]++
					round.Matches = append(round.Matches, TeamMatch{Home: p.White})
					continue
				}
				k := [2]int{min(p.White, p.Black), max(p.White, p.Black)}
				if met[k] {
					t.Fatalf("teams %v meet again in round %d", k, r)
				}
				met[k] = true
				round.Matches = append(round.Matches, randomMatch(ev, rng, p.White, p.Black))
			}
			if len(seen) != teams+teams%2 {
				t.Fatalf("round %d pairs %d of %d teams", r, len(seen), teams)
			}
			ev.Rounds = append(ev.Rounds, round)
			if r == 1 {
				// A match without its results stops the next pairing.
				last := &ev.Rounds[0].Matches[0]
				if last.Away != 0 {
					keep := last.Games[0].Result
					last.Games[0].Result = OutcomePending
					if _, err := ev.PairTeams(sys); !errors.Is(err, ErrResultsMissing) {
						t.Fatalf("pairing with a result missing: %v", err)
					}
					last.Games[0].Result = keep
				}
			}
		}
		for tm, k := range byes {
			if k > 1 {
				t.Fatalf("team %d had %d byes", tm, k)
			}
		}
	}
}

func TestBoardStandings(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 5))
	for _, format := range []TeamFormat{TeamChangingBoards, TeamAllPlay} {
		ev := teamEvent(format, 4, 4, 3, 2)
		playRoundRobin(t, ev, rng, RoundRobin{})
		rows := ev.BoardStandings(len(ev.Rounds))
		// Per board, the players' points add up to the points of the
		// games played on it (a game counts on the board of each of its
		// players).
		perBoard := map[int]Points{}
		for _, r := range ev.Rounds {
			for _, m := range r.Matches {
				for _, g := range m.Games {
					f, s, _ := gamePoints(g.Result)
					perBoard[g.Board] += f + s
					if format == TeamAllPlay {
						// the away player's board is Against
						hf := slices.Contains(m.HomeLineup, g.First)
						if hf {
							perBoard[g.Board] -= s
							perBoard[g.Against] += s
						} else {
							perBoard[g.Board] -= f
							perBoard[g.Against] += f
						}
					}
				}
			}
		}
		got := map[int]Points{}
		for i, row := range rows {
			got[row.Board] += row.Points
			if team := ev.Team(row.Team); !slices.Contains(team.Players, row.Player) {
				t.Fatalf("player %d is not in team %d", row.Player, row.Team)
			}
			if i > 0 && rows[i-1].Board == row.Board && rows[i-1].Points < row.Points {
				t.Fatalf("board %d not ordered: %+v", row.Board, rows)
			}
		}
		for b, p := range perBoard {
			if got[b] != p {
				t.Fatalf("%s board %d: rows add to %v, games to %v", format, b, got[b], p)
			}
		}
	}
}

func TestMemberTotals(t *testing.T) {
	teams := teamEvent(TeamMemberTotal, 3, 2, 2, 1).Teams
	rng := rand.New(rand.NewPCG(25, 9))
	points, small := map[int]Points{}, map[int]Points{}
	for p := 1; p <= 6; p++ {
		points[p] = Points(5 * rng.IntN(6))
		small[p] = Points(5 * rng.IntN(10))
	}
	points[99] = 1000 // a player of no team
	rows := MemberTotals(teams, points, small)
	for i, r := range rows {
		var want, ws Points
		for _, p := range teams[r.Team-1].Players {
			want += points[p]
			ws += small[p]
		}
		if r.Points != want || r.Small != ws {
			t.Fatalf("team %d: %+v, want %v / %v", r.Team, r, want, ws)
		}
		if i > 0 && (rows[i-1].Points < r.Points || rows[i-1].Points == r.Points && rows[i-1].Small < r.Small) {
			t.Fatalf("not ordered: %+v", rows)
		}
	}
}

func TestTeamDraftBounds(t *testing.T) {
	draft := func(format string, teams, size, boards, games int) TeamDraft {
		d := TeamDraft{Name: "团体赛", Game: "gomoku", Format: format, Boards: boards, GamesPerBoard: games, ClassIDs: []string{"c"}}
		for i := range teams {
			tm := TeamDraftTeam{Name: "队"}
			for j := range size {
				tm.StudentIDs = append(tm.StudentIDs, string(rune('a'+i))+string(rune('a'+j)))
			}
			d.Teams = append(d.Teams, tm)
		}
		return d
	}
	fields := func(d TeamDraft) map[string]string {
		var v domain.FieldErrors
		d.validate(&v)
		out := map[string]string{}
		if err := v.Err(); err != nil {
			var de *domain.Error
			if errors.As(err, &de) {
				for _, f := range de.Fields() {
					out[f.Field] = f.Code
				}
			}
		}
		return out
	}
	// 6 teams, everybody against everybody on 10 boards, 2 games: 3
	// matches of 200 games, past the bound of a round; 5 teams pass.
	if got := fields(draft("all_play", 6, 10, 10, 2)); got["teams"] != "too_many" {
		t.Errorf("600 games a round: %v", got)
	}
	if got := fields(draft("all_play", 5, 10, 10, 2)); len(got) != 0 {
		t.Errorf("400 games a round: %v", got)
	}
	if got := fields(draft("per_round_boards", 26, 20, 4, 1)); got["teams"] != "too_many" {
		t.Errorf("520 players: %v", got)
	}
	if got := fields(draft("arena", 3, 4, 2, 0)); got["boards"] != "not_allowed" {
		t.Errorf("arena with boards: %v", got)
	}
	if got := fields(draft("arena", 3, 4, 0, 0)); len(got) != 0 {
		t.Errorf("arena: %v", got)
	}
}

// TestPairTeamsDutch pairs team rounds with the FIDE Dutch system on the
// teams' 次分: every round pairs every team once, no two teams meet twice.
func TestPairTeamsDutch(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 17))
	ev := teamEvent(TeamFixedBoards, 7, 3, 3, 1)
	ev.Planned = 4
	met := map[[2]int]bool{}
	for r := 1; r <= 4; r++ {
		ps, err := ev.PairTeams(Dutch{})
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		var round TeamRound
		for _, p := range ps {
			if p.Black == 0 {
				round.Matches = append(round.Matches, TeamMatch{Home: p.White})
				continue
			}
			k := [2]int{min(p.White, p.Black), max(p.White, p.Black)}
			if met[k] {
				t.Fatalf("round %d: teams %v again", r, k)
			}
			met[k] = true
			round.Matches = append(round.Matches, randomMatch(ev, rng, p.White, p.Black))
		}
		if len(round.Matches) != 4 {
			t.Fatalf("round %d: %d matches", r, len(round.Matches))
		}
		ev.Rounds = append(ev.Rounds, round)
	}
}

// BenchmarkTeamStandings ranks a full round robin of 30 teams on 8
// boards (29 rounds, 3480 games): what each standings request computes.
func BenchmarkTeamStandings(b *testing.B) {
	ev := teamEvent(TeamFixedBoards, 30, 8, 8, 1)
	playRoundRobin(b, ev, rand.New(rand.NewPCG(25, 1)), RoundRobin{})
	b.ResetTimer()
	for range b.N {
		ev.Standings(ev.CompleteRounds(), true)
		ev.BoardStandings(len(ev.Rounds))
	}
}
