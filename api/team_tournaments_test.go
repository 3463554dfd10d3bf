package api_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

type teamPlayerJS struct {
	Number    int
	StudentID string `json:"student_id"`
}

type teamRoundJS struct {
	Round   int
	Matches []struct {
		Home       struct{ Number int }
		Away       *struct{ Number int }
		HomeLineup []teamPlayerJS `json:"home_lineup"`
		AwayLineup []teamPlayerJS `json:"away_lineup"`
		Games      []struct {
			Game, Board, Against, Number int
			First, Second                teamPlayerJS
			Result                       *string
		}
		Score *struct {
			Home, Away struct {
				MatchPoints float64 `json:"match_points"`
				SetPoints   float64 `json:"set_points"`
				GamePoints  float64 `json:"game_points"`
			}
		}
	}
}

type teamStandingsJS struct {
	Round int
	Teams []struct {
		Rank                     int
		Team                     struct{ Number int }
		Points                   float64
		MatchPoints              float64 `json:"match_points"`
		SetPoints                float64 `json:"set_points"`
		GamePoints               float64 `json:"game_points"`
		SmallPoints              float64 `json:"small_points"`
		Played, Won, Drawn, Lost int
	}
	Boards []struct {
		Board  int
		Points float64
		Games  int
	}
}

// teamWorld is the world with nine students in class A: the fixture's,
// the world's mate and seven more.
func teamWorld(t *testing.T, db *gorm.DB) (*world, []string) {
	w := newWorld(t, db)
	ids := []string{w.F.A.Student.ID, w.A.Mate}
	for i := range 7 {
		id, _ := addStudent(t, w, fmt.Sprintf("team-%d", i), fmt.Sprintf("队员%d", i))
		ids = append(ids, id)
	}
	return w, ids
}

func wantProblem(t *testing.T, w *world, status int, code, field, method, path, token string, body any) {
	t.Helper()
	rec := w.Do(t, method, path, token, body, nil)
	if rec.Code != status {
		t.Fatalf("%s %s: %d, want %d\n%s", method, path, rec.Code, status, rec.Body)
	}
	p := problemOf(t, rec)
	if p.Code != code || field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != field) {
		t.Fatalf("%s %s: %s %v, want %s naming %s\n%s", method, path, p.Code, p.Errors, code, field, rec.Body)
	}
}

func TestTeamTournamentFlow(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w, ids := teamWorld(t, db)
		a := w.F.A
		class := []string{a.Class.ID}
		teams := []map[string]any{
			{"name": "红队", "student_ids": ids[0:3]},
			{"name": "蓝队", "student_ids": ids[3:6]},
			{"name": "绿队", "student_ids": ids[6:9]},
		}
		body := func(change func(map[string]any)) map[string]any {
			b := map[string]any{"name": "五子棋团体赛", "game": "gomoku", "format": "changing_boards", "boards": 2, "class_ids": class, "teams": teams}
			if change != nil {
				change(b)
			}
			return b
		}
		const path = "/v1/team-tournaments"
		wantProblem(t, w, 422, "validation_failed", "format", "POST", path, a.TeacherToken, body(func(b map[string]any) { delete(b, "format") }))
		wantProblem(t, w, 422, "validation_failed", "teams", "POST", path, a.TeacherToken, body(func(b map[string]any) { b["teams"] = teams[:1] }))
		wantProblem(t, w, 422, "validation_failed", "teams[1].student_ids", "POST", path, a.TeacherToken, body(func(b map[string]any) {
			b["teams"] = []map[string]any{teams[0], {"name": "外队", "student_ids": []string{ids[3], a.OtherStudent.ID}}}
		}))
		wantProblem(t, w, 422, "validation_failed", "teams[1].student_ids", "POST", path, a.TeacherToken, body(func(b map[string]any) {
			b["teams"] = []map[string]any{teams[0], {"name": "重复", "student_ids": []string{ids[3], ids[0]}}}
		}))
		wantProblem(t, w, 422, "validation_failed", "teams[2].student_ids", "POST", path, a.TeacherToken, body(func(b map[string]any) {
			b["teams"] = []map[string]any{teams[0], teams[1], {"name": "一人", "student_ids": ids[6:7]}}
		}))
		wantProblem(t, w, 422, "validation_failed", "rounds", "POST", path, a.TeacherToken, body(func(b map[string]any) { b["system"] = "school_swiss" }))
		wantProblem(t, w, 403, "forbidden", "", "POST", path, a.StudentToken, body(nil))
		wantProblem(t, w, 422, "validation_failed", "class_ids", "POST", path, w.F.B.TeacherToken, body(nil))

		id := w.create(t, "POST", path, a.TeacherToken, body(nil), nil)
		base := path + "/" + id
		wantProblem(t, w, 404, "not_found", "", "GET", base, w.F.B.AdminToken, nil)
		wantProblem(t, w, 403, "forbidden", "", "GET", base, a.StudentToken, nil)
		wantProblem(t, w, 404, "round_not_paired", "round", "GET", base+"/pairings", a.TeacherToken, nil)

		// Three teams: a round robin of three rounds, one team resting in each.
		met := map[[2]int]bool{}
		for r := 1; r <= 3; r++ {
			rec := w.Do(t, "POST", base+"/rounds", a.TeacherToken, nil, nil)
			if rec.Code != http.StatusCreated {
				t.Fatalf("pair round %d: %d %s", r, rec.Code, rec.Body)
			}
			round := apitest.Decode[teamRoundJS](t, rec)
			if len(round.Matches) != 2 || round.Matches[1].Away != nil || round.Matches[0].Away == nil {
				t.Fatalf("round %d: %s", r, rec.Body)
			}
			m := round.Matches[0]
			home, away := m.Home.Number, m.Away.Number
			met[[2]int{min(home, away), max(home, away)}] = true
			// Colours alternate by board: home first on board 1, away on 2.
			if len(m.Games) != 2 || m.Games[0].First != m.HomeLineup[0] || m.Games[1].First != m.AwayLineup[1] {
				t.Fatalf("round %d games: %+v", r, m.Games)
			}
			if r == 1 {
				wantProblem(t, w, 409, "round_incomplete", "", "POST", base+"/rounds", a.TeacherToken, nil)
				// 分台换人制: the reserve may come in, the order stays.
				hp := teams[home-1]["student_ids"].([]string)
				wantProblem(t, w, 422, "validation_failed", "lineup", "PUT", base+"/lineups", a.TeacherToken,
					map[string]any{"team": home, "student_ids": []string{hp[1], hp[0]}})
				wantProblem(t, w, 422, "validation_failed", "student_ids", "PUT", base+"/lineups", a.TeacherToken,
					map[string]any{"team": home, "student_ids": []string{hp[0], ids[(away-1)*3]}})
				rec := w.Do(t, "PUT", base+"/lineups", a.TeacherToken, map[string]any{"team": home, "student_ids": []string{hp[0], hp[2]}}, nil)
				if rec.Code != 200 {
					t.Fatalf("lineup: %d %s", rec.Code, rec.Body)
				}
				m = apitest.Decode[teamRoundJS](t, rec).Matches[0]
				if m.HomeLineup[1].StudentID != hp[2] || m.Games[1].Second.StudentID != hp[2] {
					t.Fatalf("after the line-up: %+v", m)
				}
				wantProblem(t, w, 422, "validation_failed", "game", "POST", base+"/results", a.TeacherToken, map[string]any{"round": 1, "game": 9, "result": "1-0"})
				wantProblem(t, w, 422, "validation_failed", "result", "POST", base+"/results", a.TeacherToken, map[string]any{"round": 1, "game": 1, "result": "2-0"})
				wantProblem(t, w, 422, "validation_failed", "round", "POST", base+"/results", a.TeacherToken, map[string]any{"round": 2, "game": 1, "result": "1-0"})
			}
			// Board 1: its first player (home) wins; board 2: drawn. So
			// home has 1.5 game points and 1.5 of the two boards' points,
			// more than away: the match.
			w.Do(t, "POST", base+"/results", a.TeacherToken, map[string]any{"round": r, "game": 1, "result": "1-0"}, nil)
			rec = w.Do(t, "POST", base+"/results", a.TeacherToken, map[string]any{"round": r, "game": 2, "result": "1/2-1/2"}, nil)
			if rec.Code != 200 {
				t.Fatalf("result: %d %s", rec.Code, rec.Body)
			}
			sc := apitest.Decode[teamRoundJS](t, rec).Matches[0].Score
			if sc == nil || sc.Home.GamePoints != 1.5 || sc.Away.GamePoints != 0.5 || sc.Home.SetPoints != 1.5 || sc.Home.MatchPoints != 1 || sc.Away.MatchPoints != 0 {
				t.Fatalf("round %d score %+v", r, sc)
			}
		}
		if len(met) != 3 {
			t.Fatalf("pairs met: %v", met)
		}
		wantProblem(t, w, 409, "rounds_complete", "", "POST", base+"/rounds", a.TeacherToken, nil)
		st := apitest.Decode[teamStandingsJS](t, w.Do(t, "GET", base+"/standings", a.TeacherToken, nil, nil))
		if st.Round != 3 || len(st.Teams) != 3 {
			t.Fatalf("standings %+v", st)
		}
		var total float64
		for i, row := range st.Teams {
			total += row.MatchPoints
			if row.Played != 2 || row.Won+row.Drawn+row.Lost != 2 || row.Points != row.MatchPoints {
				t.Fatalf("row %+v", row)
			}
			if i > 0 {
				p := st.Teams[i-1]
				if p.MatchPoints < row.MatchPoints || p.MatchPoints == row.MatchPoints && p.SetPoints < row.SetPoints {
					t.Fatalf("order: %+v", st.Teams)
				}
			}
		}
		if total != 3 {
			t.Fatalf("three matches give %v 次分", total)
		}
		var boards float64
		for _, b := range st.Boards {
			boards += b.Points
		}
		if boards != 6 { // six games, each worth one point between its players
			t.Fatalf("board standings add to %v: %+v", boards, st.Boards)
		}
		list := apitest.Decode[struct{ Items []struct{ ID string } }](t, w.Do(t, "GET", path, a.TeacherToken, nil, nil))
		if len(list.Items) != 2 { // this one and the world's
			t.Fatalf("list %+v", list)
		}
		rec := w.Do(t, "GET", path, a.OtherTeacherToken, nil, nil)
		if rec.Code != 200 || strings.Contains(rec.Body.String(), id) {
			t.Fatalf("a teacher of no class of it lists it: %s", rec.Body)
		}
	})
}

// TestTeamTournamentMemberTotal checks 队员总分制: the teams add up
// their players' points of an individual tournament.
func TestTeamTournamentMemberTotal(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w, ids := teamWorld(t, db)
		a := w.F.A
		tid := w.create(t, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{"name": "个人赛", "game": "gomoku", "system": "round_robin",
			"class_ids": []string{a.Class.ID}, "student_ids": ids[:4]}, nil)
		body := map[string]any{"name": "总分", "game": "gomoku", "format": "member_total", "boards": 2, "class_ids": []string{a.Class.ID},
			"tournament_id": tid, "teams": []map[string]any{{"name": "甲", "student_ids": ids[0:2]}, {"name": "乙", "student_ids": ids[2:4]}}}
		bad := map[string]any{}
		for k, v := range body {
			bad[k] = v
		}
		bad["teams"] = []map[string]any{{"name": "甲", "student_ids": ids[0:2]}, {"name": "乙", "student_ids": ids[4:6]}}
		wantProblem(t, w, 422, "validation_failed", "tournament_id", "POST", "/v1/team-tournaments", a.TeacherToken, bad)
		id := w.create(t, "POST", "/v1/team-tournaments", a.TeacherToken, body, nil)
		wantProblem(t, w, 422, "validation_failed", "format", "POST", "/v1/team-tournaments/"+id+"/rounds", a.TeacherToken, nil)
		// Round 1 of the individual round robin: the first-named wins
		// every board.
		round := apitest.Decode[struct {
			Boards []struct {
				Board int
				White struct{ Number int }
				Black *struct{ Number int }
			}
		}](t, w.Do(t, "POST", "/v1/tournaments/"+tid+"/rounds", a.TeacherToken, nil, nil))
		wins := map[int]float64{}
		for _, b := range round.Boards {
			w.Do(t, "POST", "/v1/tournaments/"+tid+"/results", a.TeacherToken, map[string]any{"round": 1, "board": b.Board, "result": "1-0"}, nil)
			wins[b.White.Number]++
		}
		// Entrants are numbered in entry order: 1, 2 are team 甲's.
		want := map[int]float64{1: wins[1] + wins[2], 2: wins[3] + wins[4]}
		st := apitest.Decode[teamStandingsJS](t, w.Do(t, "GET", "/v1/team-tournaments/"+id+"/standings", a.TeacherToken, nil, nil))
		for _, row := range st.Teams {
			if row.Points != want[row.Team.Number] {
				t.Fatalf("team %d: %v, want %v (%+v)", row.Team.Number, row.Points, want[row.Team.Number], st)
			}
		}
	})
}

// TestTeamTournamentOnTablets plays a team round on tablets: each game
// opens as a live game, and its result reaches the match and the
// standings with no typing.
func TestTeamTournamentOnTablets(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		a := w.F.A
		mateToken := w.Login(t, "world-mate-0")
		tokens := map[string]string{w.ids[0]: w.tokens[0], w.ids[1]: w.tokens[1], w.ids[2]: w.tokens[2], w.A.Mate: mateToken}
		id := w.create(t, "POST", "/v1/team-tournaments", a.TeacherToken, map[string]any{"name": "平板团体赛", "game": "chess", "format": "fixed_boards",
			"boards": 2, "class_ids": []string{a.Class.ID},
			"teams": []map[string]any{{"name": "甲", "student_ids": []string{w.ids[0], w.ids[1]}}, {"name": "乙", "student_ids": []string{w.ids[2], w.A.Mate}}}}, nil)
		base := "/v1/team-tournaments/" + id
		if rec := w.Do(t, "POST", base+"/rounds", a.TeacherToken, nil, nil); rec.Code != 201 {
			t.Fatalf("pair: %d %s", rec.Code, rec.Body)
		}
		wantProblem(t, w.world, 403, "forbidden", "", "POST", base+"/live-round", w.tokens[0], nil)
		rec := w.Do(t, "POST", base+"/live-round", a.TeacherToken, nil, nil)
		if rec.Code != 201 {
			t.Fatalf("live round: %d %s", rec.Code, rec.Body)
		}
		games := apitest.Decode[struct{ Games []liveGame }](t, rec).Games
		if len(games) != 2 {
			t.Fatalf("games: %s", rec.Body)
		}
		// Game 1: the second player resigns (1-0); game 2: the first (0-1).
		for i, g := range games {
			tok := [2]string{tokens[g.Players[0].ID], tokens[g.Players[1].ID]}
			g = w.play(t, g, tok, "e4", "e5")
			w.post(t, g, tok[1-i], "resign", nil, 200)
		}
		deadline := time.Now().Add(20 * time.Second)
		var round teamRoundJS
		for {
			round = apitest.Decode[teamRoundJS](t, w.Do(t, "GET", base+"/pairings", a.TeacherToken, nil, nil))
			if round.Matches[0].Score != nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the results never reached the team event: %+v", round)
			}
			time.Sleep(50 * time.Millisecond)
		}
		m := round.Matches[0]
		if *m.Games[0].Result != "1-0" || *m.Games[1].Result != "0-1" {
			t.Fatalf("results %v %v", *m.Games[0].Result, *m.Games[1].Result)
		}
		// Board 1's first player is home's, board 2's away's: home won both.
		if m.Score.Home.GamePoints != 2 || m.Score.Home.MatchPoints != 1 {
			t.Fatalf("score %+v", m.Score)
		}
		st := apitest.Decode[teamStandingsJS](t, w.Do(t, "GET", base+"/standings", a.TeacherToken, nil, nil))
		if st.Round != 1 || st.Teams[0].Team.Number != 1 || st.Teams[0].MatchPoints != 1 {
			t.Fatalf("standings %+v", st)
		}
		if rec := w.Do(t, "POST", base+"/live-round", a.TeacherToken, nil, nil); rec.Code != 409 {
			t.Fatalf("every game played, live round again: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestTeamTournamentArena runs a team 擂台赛 through the API, checking
// each game against the seed's rules: the winner stays, a player who
// lost plays no more, teams send their players in order, the last team
// with players left wins.
func TestTeamTournamentArena(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w, ids := teamWorld(t, db)
		a := w.F.A
		teams := [][]string{ids[0:3], ids[3:6], ids[6:8]}
		body := map[string]any{"name": "擂台赛", "game": "gomoku", "format": "arena", "class_ids": []string{a.Class.ID},
			"teams": []map[string]any{{"name": "甲", "student_ids": teams[0]}, {"name": "乙", "student_ids": teams[1]}, {"name": "丙", "student_ids": teams[2]}}}
		with := func(k string, v any) map[string]any {
			b := map[string]any{}
			for key, val := range body {
				b[key] = val
			}
			b[k] = v
			return b
		}
		wantProblem(t, w, 422, "validation_failed", "boards", "POST", "/v1/team-tournaments", a.TeacherToken, with("boards", 2))
		wantProblem(t, w, 422, "validation_failed", "draw_rule", "POST", "/v1/team-tournaments", a.TeacherToken, with("draw_rule", "coin"))
		wantProblem(t, w, 422, "validation_failed", "system", "POST", "/v1/team-tournaments", a.TeacherToken, with("system", "round_robin"))
		id := w.create(t, "POST", "/v1/team-tournaments", a.TeacherToken, body, nil)
		base := "/v1/team-tournaments/" + id
		teamOf := map[string]int{}
		for i, tm := range teams {
			for _, s := range tm {
				teamOf[s] = i + 1
			}
		}
		off := map[string]bool{}
		sent := map[int][]string{}
		stay := ""
		for r := 1; ; r++ {
			rec := w.Do(t, "POST", base+"/rounds", a.TeacherToken, nil, nil)
			if rec.Code == 409 {
				break
			}
			if rec.Code != 201 || r > 20 {
				t.Fatalf("round %d: %d %s", r, rec.Code, rec.Body)
			}
			m := apitest.Decode[teamRoundJS](t, rec).Matches[0]
			g := m.Games[0]
			first, second := g.First.StudentID, g.Second.StudentID
			for _, s := range []string{first, second} {
				if off[s] {
					t.Fatalf("round %d: %s plays after losing", r, s)
				}
				if tm := teamOf[s]; !slices.Contains(sent[tm], s) {
					sent[tm] = append(sent[tm], s)
				}
			}
			if teamOf[first] == teamOf[second] || stay != "" && second != stay {
				t.Fatalf("round %d: %s (team %d) against %s (team %d), the holder is %s", r, first, teamOf[first], second, teamOf[second], stay)
			}
			if r == 1 && (first != teams[1][0] || second != teams[0][0]) {
				t.Fatalf("game 1: %s against %s", first, second)
			}
			// The challenger wins every third game, the holder the others;
			// game 4 is drawn (both go off under the default rule).
			result, loser := "0-1", first
			switch {
			case r == 4:
				result, loser = "1/2-1/2", ""
			case r%3 == 0:
				result, loser = "1-0", second
			}
			if r == 2 {
				wantProblem(t, w, 422, "validation_failed", "format", "PUT", base+"/lineups", a.TeacherToken, map[string]any{"team": 1, "student_ids": teams[0][:1]})
				// Game 1's holder won; saying the challenger won would
				// change who plays game 2.
				wantProblem(t, w, 409, "bracket_changed", "", "POST", base+"/results", a.TeacherToken, map[string]any{"round": 1, "game": 1, "result": "1-0"})
			}
			if rec := w.Do(t, "POST", base+"/results", a.TeacherToken, map[string]any{"round": r, "game": 1, "result": result}, nil); rec.Code != 200 {
				t.Fatalf("result %d: %d %s", r, rec.Code, rec.Body)
			}
			switch loser {
			case "":
				off[first], off[second] = true, true
				stay = ""
			case first:
				off[first], stay = true, second
			default:
				off[second], stay = true, first
			}
		}
		for tm, s := range sent {
			if !slices.Equal(s, teams[tm-1][:len(s)]) {
				t.Fatalf("team %d sent %v, its order is %v", tm, s, teams[tm-1])
			}
		}
		var left []int
		for i, tm := range teams {
			for _, s := range tm {
				if !off[s] {
					left = append(left, i+1)
					break
				}
			}
		}
		st := apitest.Decode[struct {
			Over     bool
			Champion *struct{ Number int }
			Teams    []struct {
				Rank       int
				Team       struct{ Number int }
				FinishedAt int `json:"finished_at"`
				Left       int
			}
		}](t, w.Do(t, "GET", base+"/standings", a.TeacherToken, nil, nil))
		if !st.Over || len(left) != 1 || st.Champion == nil || st.Champion.Number != left[0] || st.Teams[0].Team.Number != left[0] {
			t.Fatalf("teams with players left %v, standings %+v", left, st)
		}
		for i := 2; i < len(st.Teams); i++ {
			if st.Teams[i].FinishedAt > st.Teams[i-1].FinishedAt {
				t.Fatalf("a team that finished later ranks lower: %+v", st.Teams)
			}
		}
	})
}

// TestTeamTournamentSwiss pairs teams by the FIDE Dutch system on their
// 次分: two rounds of four teams, nobody meeting twice.
func TestTeamTournamentSwiss(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w, ids := teamWorld(t, db)
		a := w.F.A
		var teams []map[string]any
		for i := range 4 {
			teams = append(teams, map[string]any{"name": fmt.Sprintf("队%d", i+1), "student_ids": ids[2*i : 2*i+2]})
		}
		id := w.create(t, "POST", "/v1/team-tournaments", a.TeacherToken, map[string]any{"name": "瑞士制团体赛", "game": "chess", "format": "per_round_boards",
			"system": "dutch", "rounds": 2, "boards": 2, "class_ids": []string{a.Class.ID}, "teams": teams}, nil)
		base := "/v1/team-tournaments/" + id
		met := map[[2]int]bool{}
		for r := 1; r <= 2; r++ {
			rec := w.Do(t, "POST", base+"/rounds", a.TeacherToken, nil, nil)
			if rec.Code != 201 {
				t.Fatalf("round %d: %d %s", r, rec.Code, rec.Body)
			}
			round := apitest.Decode[teamRoundJS](t, rec)
			if len(round.Matches) != 2 {
				t.Fatalf("round %d: %s", r, rec.Body)
			}
			for _, m := range round.Matches {
				k := [2]int{min(m.Home.Number, m.Away.Number), max(m.Home.Number, m.Away.Number)}
				if met[k] {
					t.Fatalf("round %d: teams %v meet again", r, k)
				}
				met[k] = true
				for _, g := range m.Games {
					w.Do(t, "POST", base+"/results", a.TeacherToken, map[string]any{"round": r, "game": g.Game, "result": "1-0"}, nil)
				}
			}
		}
		wantProblem(t, w, 409, "rounds_complete", "", "POST", base+"/rounds", a.TeacherToken, nil)
	})
}
