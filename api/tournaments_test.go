package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/identity"
	"qixue/models/modelstest"
	"qixue/tournaments"
)

// TestTournamentRoundRobin runs a round robin of five students (an odd
// field: one rests each round) through the API: every round is the FIDE
// Berger table's, the number of rounds is fixed when round 1 is paired,
// no one enters once it started and byes are not requested in it.
func TestTournamentRoundRobin(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		teacher := th.F.A.TeacherToken
		var ids []string
		for _, s := range th.Students[:5] {
			ids = append(ids, s.ID)
		}
		th.problem(t, 422, "validation_failed", "rounds", "POST", "/v1/tournaments", teacher, map[string]any{
			"name": "五子棋循环赛", "game": "gomoku", "system": "round_robin", "rounds": 3, "class_ids": []string{th.F.A.Class.ID}})
		for _, tbs := range [][]string{{"SB", "SB"}, {"DE-C1"}, {"buchholz"}, {"BH-X1"}, {"BH-C1"}} {
			th.problem(t, 422, "validation_failed", "tie_breaks", "POST", "/v1/tournaments", teacher, map[string]any{
				"name": "五子棋循环赛", "game": "gomoku", "system": "round_robin", "tie_breaks": tbs, "class_ids": []string{th.F.A.Class.ID}})
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments", teacher, map[string]any{
			"name": "五子棋循环赛", "game": "gomoku", "system": "round_robin", "points": "2-1-0",
			"class_ids": []string{th.F.A.Class.ID}, "student_ids": ids})
		created := apitest.Decode[struct {
			ID        string
			TieBreaks []string `json:"tie_breaks"`
		}](t, rec)
		if !slices.Equal(created.TieBreaks, []string{"SB"}) {
			t.Errorf("gomoku tie-breaks %v, want the seeds' 小分 (SB)", created.TieBreaks)
		}
		base := "/v1/tournaments/" + created.ID
		table, _ := tournaments.BergerTable(5)
		for r, boards := range table {
			got := pairsOf(apitest.Decode[tourRound](t, th.must(t, 201, "POST", base+"/rounds", teacher, nil)))
			var want []tournaments.Pair
			var rest []tournaments.Pair
			for _, p := range boards {
				switch {
				case p.White == 0:
					rest = append(rest, tournaments.Pair{White: p.Black})
				case p.Black == 0:
					rest = append(rest, p)
				default:
					want = append(want, p)
				}
			}
			if want = append(want, rest...); !slices.Equal(got, want) {
				t.Fatalf("round %d: %v, Berger table %v", r+1, got, want)
			}
			if r == 0 {
				th.problem(t, 409, "round_robin_started", "", "POST", base+"/players", teacher, map[string]any{"student_ids": []string{th.Students[6].ID}})
				th.problem(t, 422, "validation_failed", "round", "POST", base+"/byes", teacher, map[string]any{"student_id": ids[0], "round": 3})
			}
			for i := range 2 {
				th.must(t, 200, "POST", base+"/results", teacher, map[string]any{"round": r + 1, "board": i + 1, "result": "1-0"})
			}
		}
		th.problem(t, 409, "rounds_complete", "", "POST", base+"/rounds", teacher, nil)
		var tr struct {
			Rounds int
			Status string
		}
		tr = apitest.Decode[struct {
			Rounds int
			Status string
		}](t, th.must(t, 200, "GET", base, teacher, nil))
		if tr.Rounds != 5 || tr.Status != "finished" {
			t.Fatalf("tournament %+v", tr)
		}
		total := 0.0
		for _, s := range th.standings(t, base) {
			total += s.Points
		}
		if total != 5*2*2 { // five rounds of two games, 2 points a game; rests score nothing
			t.Fatalf("total points %v", total)
		}
	})
}

// TestTournamentResultsAtOnce has every pair of players report their
// result at the same moment: each report and confirmation is saved (a
// change that lost the race is made again on the new state), none is lost.
func TestTournamentResultsAtOnce(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		var ids []string
		for _, s := range th.Students[:8] {
			ids = append(ids, s.ID)
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments", th.F.A.TeacherToken, map[string]any{
			"name": "数棋赛", "game": "numchess", "rounds": 2, "class_ids": []string{th.F.A.Class.ID}, "student_ids": ids})
		base := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
		r := apitest.Decode[tourRound](t, th.must(t, 201, "POST", base+"/rounds", th.F.A.TeacherToken, nil))
		for _, step := range []string{"white", "black"} {
			var wg sync.WaitGroup
			codes := make([]int, len(r.Boards))
			for i, b := range r.Boards {
				token := th.Tokens[b.White.Number-1]
				if step == "black" {
					token = th.Tokens[b.Black.Number-1]
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes[i] = th.Do(t, "POST", base+"/results", token, map[string]any{"round": 1, "board": b.Board, "result": "1/2-1/2"}, nil).Code
				}()
			}
			wg.Wait()
			for i, c := range codes {
				if c != 200 {
					t.Fatalf("%s reports: board %d answered %d", step, i+1, c)
				}
			}
		}
		got := apitest.Decode[tourRound](t, th.must(t, 200, "GET", base+"/pairings?round=1", th.F.A.TeacherToken, nil))
		for _, b := range got.Boards {
			if b.Result == nil || *b.Result != "1/2-1/2" {
				t.Fatalf("board %d: %v", b.Board, b.Result)
			}
		}
		// A student sees its next game once round 2 is paired.
		th.must(t, 201, "POST", base+"/rounds", th.F.A.TeacherToken, nil)
		r2 := apitest.Decode[tourRound](t, th.must(t, 200, "GET", base+"/pairings", th.F.A.TeacherToken, nil))
		for _, b := range r2.Boards {
			me, opp, color := b.White.Number, b.Black.Number, "white"
			if b.Black.Number == 1 {
				me, opp, color = b.Black.Number, b.White.Number, "black"
			}
			if me != 1 {
				continue
			}
			mine := apitest.Decode[struct {
				Items []struct {
					Next struct {
						Round, Board int
						Color        string
						Opponent     struct {
							Number int
							Name   string
						}
					}
				}
			}](t, th.must(t, 200, "GET", "/v1/me/tournaments", th.Tokens[0], nil))
			next := mine.Items[0].Next
			if next.Round != 2 || next.Board != b.Board || next.Color != color || next.Opponent.Number != opp ||
				next.Opponent.Name != tourShown(opp-1) {
				t.Fatalf("next game %+v, want board %d as %s against %d", next, b.Board, color, opp)
			}
		}
	})
}

// TestTournamentImportRefusals imports TRF files that cannot be continued:
// a player matching no student, a mapping naming a student of another
// class, an unsupported line; each is 422 naming the trf (or players)
// and nothing is stored. A mapping by start rank imports names that do
// not match.
func TestTournamentImportRefusals(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		teacher, class := th.F.A.TeacherToken, th.F.A.Class.ID
		line := func(n int, name string, rest string) string {
			return fmt.Sprintf("001 %4d      %-33s %4s %3s %11s %10s %4s %4s%s", n, name, "", "", "", "", "1.0", "", rest)
		}
		file := strings.Join([]string{
			"012 Club Swiss",
			line(1, "Ann Li", "     2 w 1"),
			line(2, "Bo Wang", "     1 b 0")[:80] + " 0.0" + line(2, "Bo Wang", "     1 b 0")[84:],
			"XXR 4",
		}, "\n")
		p := th.problem(t, 422, "trf_unknown_player", "trf", "POST", "/v1/tournaments/import", teacher,
			map[string]any{"game": "chess", "class_ids": []string{class}, "trf": file})
		if !strings.Contains(p.Detail, "Ann Li") {
			t.Errorf("detail %q", p.Detail)
		}
		th.problem(t, 422, "validation_failed", "players", "POST", "/v1/tournaments/import", teacher,
			map[string]any{"game": "chess", "class_ids": []string{class}, "trf": file,
				"players": []map[string]any{{"number": 1, "student_id": th.F.A.OtherStudent.ID}}})
		th.problem(t, 422, "validation_failed", "trf", "POST", "/v1/tournaments/import", teacher,
			map[string]any{"game": "chess", "class_ids": []string{class}, "trf": file + "\nXXP 1 2"})
		p = th.problem(t, 422, "trf_invalid", "trf", "POST", "/v1/tournaments/import", teacher,
			map[string]any{"game": "chess", "class_ids": []string{class}, "trf": file + "\n250 x"})
		if !strings.Contains(p.Detail, "line 5") && !strings.Contains(p.Detail, "第 5 行") {
			t.Errorf("detail %q", p.Detail)
		}
		list := apitest.Decode[struct{ Items []any }](t, th.must(t, 200, "GET", "/v1/tournaments", teacher, nil))
		if len(list.Items) != 0 {
			t.Fatalf("a refused import stored %d tournaments", len(list.Items))
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments/import", teacher, map[string]any{"game": "chess", "class_ids": []string{class}, "trf": file,
			"players": []map[string]any{{"number": 1, "student_id": th.Students[0].ID}, {"number": 2, "student_id": th.Students[1].ID}}})
		got := apitest.Decode[struct {
			Name         string
			Rounds       int
			CurrentRound int `json:"current_round"`
			Players      []struct {
				Name   string
				Points float64
			}
		}](t, rec)
		if got.Name != "Club Swiss" || got.Rounds != 4 || got.CurrentRound != 1 || got.Players[0].Name != "赵小龙" || got.Players[0].Points != 1 {
			t.Fatalf("imported %+v", got)
		}
	})
}

// TestTournamentCreateRefusals: who may create, and bad drafts named
// field by field; nothing is stored.
func TestTournamentCreateRefusals(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		a, b := th.F.A, th.F.B
		ok := map[string]any{"name": "赛", "game": "chess", "rounds": 5, "class_ids": []string{a.Class.ID}}
		with := func(k string, v any) map[string]any {
			m := map[string]any{}
			for key, val := range ok {
				m[key] = val
			}
			if v == nil {
				delete(m, k)
			} else {
				m[k] = v
			}
			return m
		}
		th.problem(t, 403, "forbidden", "", "POST", "/v1/tournaments", a.StudentToken, ok)
		th.problem(t, 403, "forbidden", "", "GET", "/v1/tournaments", a.StudentToken, nil)
		th.problem(t, 422, "validation_failed", "class_ids", "POST", "/v1/tournaments", a.OtherTeacherToken, ok)
		th.problem(t, 422, "validation_failed", "class_ids", "POST", "/v1/tournaments", b.AdminToken, ok)
		for _, c := range []struct {
			field string
			body  map[string]any
		}{
			{"name", with("name", " ")}, {"game", with("game", "go")}, {"system", with("system", "swiss")},
			{"rounds", with("rounds", nil)}, {"rounds", with("rounds", 31)}, {"points", with("points", "1-0-0")},
			{"class_ids", with("class_ids", []string{})}, {"class_ids", with("class_ids", []string{a.Class.ID, a.Class.ID})},
			{"student_ids", with("student_ids", []string{a.OtherStudent.ID})},
			{"student_ids", with("student_ids", []string{th.Students[0].ID, th.Students[0].ID})},
		} {
			th.problem(t, 422, "validation_failed", c.field, "POST", "/v1/tournaments", a.TeacherToken, c.body)
		}
		list := apitest.Decode[struct{ Items []any }](t, th.must(t, 200, "GET", "/v1/tournaments", a.AdminToken, nil))
		if len(list.Items) != 0 {
			t.Fatalf("refused drafts stored %d tournaments", len(list.Items))
		}
		// The admin may create for any class of the school.
		th.must(t, 201, "POST", "/v1/tournaments", a.AdminToken, ok)
	})
}

// TestTournamentPrintedNames: a name that is markup or a spreadsheet
// formula is printed as text in the HTML pages and the CSV files.
func TestTournamentPrintedNames(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		rec := th.must(t, 200, "PATCH", "/v1/users/"+th.Students[0].ID, th.F.A.AdminToken, map[string]any{"real_name": "=HYPERLINK(\"x\")<b>"})
		_ = rec
		rec = th.must(t, 201, "POST", "/v1/tournaments", th.F.A.TeacherToken, map[string]any{"name": "<i>赛</i>", "game": "draughts", "rounds": 2,
			"class_ids": []string{th.F.A.Class.ID}, "student_ids": []string{th.Students[0].ID, th.Students[1].ID}})
		base := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
		th.must(t, 201, "POST", base+"/rounds", th.F.A.TeacherToken, nil)
		for _, path := range []string{base + "/pairing-cards", base + "/pairings?format=html", base + "/standings?format=html"} {
			body := th.must(t, 200, "GET", path, th.F.A.TeacherToken, nil).Body.String()
			if strings.Contains(body, "<b>") || strings.Contains(body, "<i>") || !strings.Contains(body, "&lt;b&gt;") {
				t.Errorf("%s prints markup:\n%s", path, body)
			}
		}
		for _, path := range []string{base + "/pairings?format=csv", base + "/standings?format=csv"} {
			body := th.must(t, 200, "GET", path, th.F.A.TeacherToken, nil).Body.String()
			if !strings.Contains(body, `'=HYPERLINK`) && !strings.Contains(body, `"(1) =HYPERLINK`) {
				t.Errorf("%s: a formula name is not text:\n%s", path, body)
			}
		}
	})
}

// TestTournamentSchoolSwissAndDoubleRoundRobin runs the seeds' school
// Swiss (积分编排) across two classes: no round-1 board pairs classmates
// (the engine keeps team-mates apart, a team being a class), the draw is
// the same when the round is unpaired and paired again, and the rounds
// continue; and a double round robin of three plays the table twice with
// colours reversed.
func TestTournamentSchoolSwissAndDoubleRoundRobin(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		ctx := context.Background()
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		a := th.F.A
		class2, err := th.Identity.CreateClass(ctx, root, identity.NewClass{SchoolID: a.School.ID, Name: "三(2)班", Grade: 3, TeacherIDs: []string{a.Teacher.ID}})
		if err != nil {
			t.Fatal(err)
		}
		classOf := map[int]int{}
		var ids []string
		for i, s := range th.Students[:4] {
			ids = append(ids, s.ID)
			classOf[i+1] = 1
		}
		for i := range 4 {
			u, err := th.Identity.CreateUser(ctx, root, identity.NewUser{SchoolID: a.School.ID, Role: domain.RoleStudent,
				Username: fmt.Sprintf("a-c2-%d", i), RealName: fmt.Sprintf("二班%d", i), Password: apitest.Password})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := th.Identity.Enroll(ctx, root, class2.ID, u.ID); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, u.ID)
			classOf[5+i] = 2
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{"name": "年级积分赛", "game": "numchess",
			"system": "school_swiss", "points": "2-1-0", "rounds": 3, "class_ids": []string{a.Class.ID, class2.ID}, "student_ids": ids})
		base := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
		r1 := pairsOf(apitest.Decode[tourRound](t, th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil)))
		for _, p := range r1 {
			if classOf[p.White] == classOf[p.Black] {
				t.Fatalf("round 1 pairs classmates %d and %d: %v", p.White, p.Black, r1)
			}
		}
		th.must(t, 200, "DELETE", base+"/rounds/current", a.TeacherToken, nil)
		if again := pairsOf(apitest.Decode[tourRound](t, th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil))); !slices.Equal(again, r1) {
			t.Fatalf("the draw changed: %v, then %v", r1, again)
		}
		for round := 1; round <= 3; round++ {
			if round > 1 {
				th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil)
			}
			for b := 1; b <= 4; b++ {
				th.must(t, 200, "POST", base+"/results", a.TeacherToken, map[string]any{"round": round, "board": b, "result": outcomeFor(round, b)})
			}
		}
		total := 0.0
		for _, s := range th.standings(t, base) {
			total += s.Points
		}
		if total != 3*4*2 {
			t.Fatalf("total points %v under 2-1-0", total)
		}

		rec = th.must(t, 201, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{"name": "双循环", "game": "draughts",
			"system": "double_round_robin", "class_ids": []string{a.Class.ID}, "student_ids": ids[:3]})
		base = "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
		var played []tournaments.Pair
		for round := 1; round <= 6; round++ {
			r := apitest.Decode[tourRound](t, th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil))
			th.must(t, 200, "POST", base+"/results", a.TeacherToken, map[string]any{"round": round, "board": 1, "result": "1/2-1/2"})
			played = append(played, pairsOf(r)[0])
		}
		th.problem(t, 409, "rounds_complete", "", "POST", base+"/rounds", a.TeacherToken, nil)
		for _, p := range played {
			if !slices.Contains(played, tournaments.Pair{White: p.Black, Black: p.White}) {
				t.Fatalf("double round robin %v: %v never has the colours reversed", played, p)
			}
		}
	})
}
