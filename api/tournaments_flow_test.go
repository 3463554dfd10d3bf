package api_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/tournaments"
)

// tourHarness is a server with the tournament service, the fixture and a
// class of nine students (with their tokens) taught by the fixture's
// teacher of school A.
type tourHarness struct {
	*apitest.Harness
	F        apitest.Fixture
	Students []identity.User
	Tokens   []string
}

var tourNames = []string{"赵小龙", "钱小红", "孙悦", "李明", "周杰", "吴芳", "郑强", "王丽", "欧阳明月"}

// tourGiven are their given names as a roster gives them (周杰 has none:
// others see 周.).
var tourGiven = []string{"小龙", "小红", "悦", "明", "", "芳", "强", "丽", "明月"}

// tourShown is what other children see of tourNames[i].
func tourShown(i int) string { return identity.ShownName("", tourGiven[i], tourNames[i]) }

func newTourHarness(t *testing.T, db *gorm.DB) *tourHarness {
	t.Helper()
	htmlDecoder.Do(func() { openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.FileBodyDecoder) })
	h := apitest.New(t, db)
	th := &tourHarness{Harness: h, F: h.Fixture(t)}
	h.Echo = api.NewServer(api.Deps{
		Identity:    h.Identity,
		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
		Audit:       audit.NewService(models.NewAuditStore(db), h.Now.Local),
		Tournaments: tournaments.NewService(models.NewTournamentStore(db), nil),
	})
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	a := th.F.A
	for i, name := range tourNames {
		u, err := h.Identity.CreateUser(context.Background(), root, identity.NewUser{SchoolID: a.School.ID, Role: domain.RoleStudent,
			Username: fmt.Sprintf("a-t%d", i+1), RealName: name, GivenName: tourGiven[i], Password: apitest.Password})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Identity.Enroll(context.Background(), root, a.Class.ID, u.ID); err != nil {
			t.Fatal(err)
		}
		th.Students = append(th.Students, u)
		th.Tokens = append(th.Tokens, h.Login(t, u.Username))
	}
	return th
}

type tourBoard struct {
	Board int
	White struct {
		Number int
		Name   string
	}
	Black *struct {
		Number int
		Name   string
	}
	Result         *string
	ReportedResult *string `json:"reported_result"`
}

type tourRound struct {
	Round  int
	Boards []tourBoard
}

type tourStanding struct {
	Rank, Number int
	Name         string
	Points       float64
	TieBreaks    []float64 `json:"tie_breaks"`
	Rounds       []string
}

// must sends a request that must answer want and returns the answer.
func (th *tourHarness) must(t *testing.T, want int, method, path, token string, body any) *httptest.ResponseRecorder {
	t.Helper()
	rec := th.Do(t, method, path, token, body, nil)
	if rec.Code != want {
		t.Fatalf("%s %s: %d, want %d\n%s", method, path, rec.Code, want, rec.Body)
	}
	return rec
}

// problem checks a refusal: status, code and the field named.
func (th *tourHarness) problem(t *testing.T, status int, code, field, method, path, token string, body any) api.Problem {
	t.Helper()
	rec := th.must(t, status, method, path, token, body)
	p := problemOf(t, rec)
	if p.Code != code {
		t.Fatalf("%s %s: code %s, want %s\n%s", method, path, p.Code, code, rec.Body)
	}
	if field != "" && (len(p.Errors) == 0 || p.Errors[0].Field != field) {
		t.Fatalf("%s %s: fields %v, want %s\n%s", method, path, p.Errors, field, rec.Body)
	}
	return p
}

// expected exports the tournament as TRF and pairs its next round with
// tournaments.PairDutch, as a FIDE-endorsed program would from the file.
func (th *tourHarness) expected(t *testing.T, base string) []tournaments.Pair {
	t.Helper()
	rec := th.must(t, 200, "GET", base+"/trf", th.F.A.TeacherToken, nil)
	tr, err := tournaments.ReadTRF(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("exported TRF does not read back: %v\n%s", err, rec.Body)
	}
	pairs, err := tournaments.PairDutch(tr)
	if err != nil {
		t.Fatalf("PairDutch: %v\n%s", err, rec.Body)
	}
	return pairs
}

// pairChecked pairs the next round and checks it is the TRF's pairing.
func (th *tourHarness) pairChecked(t *testing.T, base string) tourRound {
	t.Helper()
	want := th.expected(t, base)
	rec := th.must(t, 201, "POST", base+"/rounds", th.F.A.TeacherToken, nil)
	r := apitest.Decode[tourRound](t, rec)
	if got := pairsOf(r); !slices.Equal(got, want) {
		t.Fatalf("round %d: paired %v, PairDutch on the exported TRF gives %v", r.Round, got, want)
	}
	return r
}

// pairsOf returns the boards of a round as pairs of numbers.
func pairsOf(r tourRound) []tournaments.Pair {
	var out []tournaments.Pair
	for _, b := range r.Boards {
		p := tournaments.Pair{White: b.White.Number}
		if b.Black != nil {
			p.Black = b.Black.Number
		}
		out = append(out, p)
	}
	return out
}

func (th *tourHarness) standings(t *testing.T, base string) []tourStanding {
	t.Helper()
	rec := th.must(t, 200, "GET", base+"/standings", th.F.A.TeacherToken, nil)
	return apitest.Decode[struct{ Rows []tourStanding }](t, rec).Rows
}

func pointsOf(s []tourStanding) map[int]float64 {
	out := map[int]float64{}
	for _, x := range s {
		out[x.Number] = x.Points
	}
	return out
}

// outcomeFor is a fixed, varied result for a board.
func outcomeFor(round, board int) string {
	return []string{"1-0", "0-1", "1/2-1/2", "1-0", "0-1"}[(round*7+board*3)%5]
}

// TestTournamentSwissFlow is a teacher running a six-round class Swiss
// (FIDE Dutch) for nine students through the API, on both databases:
// eight enter at the start, the ninth late before round 3; one withdraws
// after round 4; one asks for a half-point bye in round 5; a round-2
// result is corrected after round 3 and the standings follow; results are
// entered by the teacher, and on some boards reported by one player and
// confirmed by the other. Before each round the tournament is exported
// as TRF and paired with tournaments.PairDutch: the API's pairing is the
// same, board by board and colour by colour. Refusals (pairing before the
// results are in, a board or round that does not exist, the bye's board,
// an unknown result, disagreeing reports, unpairing with results) write
// nothing.
func TestTournamentSwissFlow(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		a, teacher := th.F.A, th.F.A.TeacherToken
		var first8 []string
		for _, s := range th.Students[:8] {
			first8 = append(first8, s.ID)
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments", teacher, map[string]any{
			"name": "三年级象棋积分赛", "game": "chess", "system": "dutch", "rounds": 6,
			"class_ids": []string{a.Class.ID}, "student_ids": first8,
		})
		id := apitest.Decode[struct{ ID string }](t, rec).ID
		base := "/v1/tournaments/" + id

		// Nothing to see before round 1; a student not entered sees nothing.
		th.problem(t, 404, "round_not_paired", "round", "GET", base+"/pairings", teacher, nil)
		th.must(t, 404, "GET", base, th.Tokens[8], nil)
		th.problem(t, 409, "nothing_to_unpair", "", "DELETE", base+"/rounds/current", teacher, nil)

		var bye *tourStanding
		_ = bye
		for round := 1; round <= 6; round++ {
			switch round {
			case 3:
				// Late entry: joins round 3 with no points for rounds 1-2.
				th.must(t, 200, "POST", base+"/players", teacher, map[string]any{"student_ids": []string{th.Students[8].ID}})
				th.problem(t, 422, "validation_failed", "student_ids", "POST", base+"/players", teacher,
					map[string]any{"student_ids": []string{th.Students[8].ID}})
			case 5:
				// Number 5 withdraws after round 4; number 2 asks for a
				// half-point bye in round 5 (the student itself).
				th.must(t, 200, "DELETE", base+"/players/"+th.Students[4].ID, teacher, nil)
				th.must(t, 200, "POST", base+"/byes", th.Tokens[1], map[string]any{"student_id": th.Students[1].ID, "round": 5})
				th.problem(t, 422, "validation_failed", "round", "POST", base+"/byes", teacher, map[string]any{"student_id": th.Students[1].ID, "round": 4})
				// A student who leaves out student_id is told the field is
				// missing, not that their role may not ask.
				th.problem(t, 422, "validation_failed", "student_id", "POST", base+"/byes", th.Tokens[1], map[string]any{"round": 6})
				th.problem(t, 422, "validation_failed", "student_id", "POST", base+"/byes", teacher, map[string]any{"student_id": th.Students[4].ID, "round": 6})
			}
			if round == 5 {
				// Continue the tournament elsewhere: import the TRF as it
				// stands (the bye and the withdrawal written ahead) and
				// pair round 5 there: the same boards.
				trf := th.must(t, 200, "GET", base+"/trf", teacher, nil).Body.String()
				rec := th.must(t, 201, "POST", "/v1/tournaments/import", teacher, map[string]any{
					"name": "接着下", "game": "chess", "class_ids": []string{a.Class.ID}, "trf": trf})
				copyBase := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
				if got := th.pairChecked(t, copyBase); got.Round != 5 {
					t.Fatalf("the imported tournament paired round %d", got.Round)
				}
			}
			r := th.pairChecked(t, base)
			if r.Round != round {
				t.Fatalf("paired round %d, want %d", r.Round, round)
			}
			if round == 1 {
				// Unpair while no result is in, pair again: the same boards.
				th.must(t, 200, "DELETE", base+"/rounds/current", teacher, nil)
				again := th.pairChecked(t, base)
				if !slices.Equal(pairsOf(again), pairsOf(r)) {
					t.Fatalf("re-paired %v, first %v", again, r)
				}
			}
			for _, b := range r.Boards {
				inRound := b.White.Number == 5 || b.Black != nil && b.Black.Number == 5
				if round >= 5 && inRound {
					t.Fatalf("round %d: the withdrawn player 5 is paired", round)
				}
				if round == 5 && (b.White.Number == 2 || b.Black != nil && b.Black.Number == 2) {
					t.Fatalf("round 5: player 2 asked for a bye but is paired")
				}
				if round < 3 && (b.White.Number == 9 || b.Black != nil && b.Black.Number == 9) {
					t.Fatalf("round %d: the late entry is paired", round)
				}
			}
			// Pairing again before the results are in: refused.
			p := th.problem(t, 409, "round_incomplete", "", "POST", base+"/rounds", teacher, nil)
			if !strings.Contains(p.Detail, fmt.Sprint(round)) {
				t.Errorf("round_incomplete detail %q does not name the round", p.Detail)
			}
			before := th.standings(t, base)
			// Bad result entries: clear errors, nothing written.
			last := len(r.Boards)
			th.problem(t, 422, "validation_failed", "board", "POST", base+"/results", teacher, map[string]any{"round": round, "board": last + 1, "result": "1-0"})
			th.problem(t, 422, "validation_failed", "round", "POST", base+"/results", teacher, map[string]any{"round": round + 1, "board": 1, "result": "1-0"})
			th.problem(t, 422, "validation_failed", "result", "POST", base+"/results", teacher, map[string]any{"round": round, "board": 1, "result": "2-0"})
			if r.Boards[last-1].Black == nil {
				th.problem(t, 422, "validation_failed", "board", "POST", base+"/results", teacher, map[string]any{"round": round, "board": last, "result": "1-0"})
			}
			if fmt.Sprint(th.standings(t, base)) != fmt.Sprint(before) {
				t.Fatalf("a refused result changed the standings")
			}
			for _, b := range r.Boards {
				if b.Black == nil {
					continue
				}
				res := outcomeFor(round, b.Board)
				if round == 4 && b.Board == 1 {
					res = "+/-" // Black did not come
				}
				if b.Board == 2 && round != 4 {
					// The players report; White first, then Black confirms.
					white, black := th.Tokens[b.White.Number-1], th.Tokens[b.Black.Number-1]
					body := map[string]any{"round": round, "board": b.Board, "result": res}
					st := apitest.Decode[struct{ Status string }](t, th.must(t, 200, "POST", base+"/results", white, body))
					if st.Status != "reported" {
						t.Fatalf("report: %s", st.Status)
					}
					other := "1-0"
					if res == "1-0" {
						other = "0-1"
					}
					th.problem(t, 409, "results_disagree", "", "POST", base+"/results", black, map[string]any{"round": round, "board": b.Board, "result": other})
					th.problem(t, 403, "forbidden", "board", "POST", base+"/results", black, map[string]any{"round": round, "board": 1, "result": res})
					st = apitest.Decode[struct{ Status string }](t, th.must(t, 200, "POST", base+"/results", black, body))
					if st.Status != "confirmed" {
						t.Fatalf("confirm: %s", st.Status)
					}
					th.problem(t, 409, "result_already_entered", "", "POST", base+"/results", white, body)
					continue
				}
				th.must(t, 200, "POST", base+"/results", teacher, map[string]any{"round": round, "board": b.Board, "result": res})
				if b.Board == 1 && round == 1 {
					th.problem(t, 409, "results_entered", "", "DELETE", base+"/rounds/current", teacher, nil)
				}
			}
			if round == 3 {
				// Correct board 1 of round 2: the standings follow.
				r2 := apitest.Decode[tourRound](t, th.must(t, 200, "GET", base+"/pairings?round=2", teacher, nil))
				b := r2.Boards[0]
				old := *b.Result
				fixed := map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[old]
				pts := pointsOf(th.standings(t, base))
				th.must(t, 200, "POST", base+"/results", teacher, map[string]any{"round": 2, "board": 1, "result": fixed})
				after := pointsOf(th.standings(t, base))
				delta := map[string]map[string][2]float64{
					"1-0":     {"0-1": {-1, 1}},
					"0-1":     {"1-0": {1, -1}},
					"1/2-1/2": {"1-0": {0.5, -0.5}},
				}[old][fixed]
				if after[b.White.Number]-pts[b.White.Number] != delta[0] || after[b.Black.Number]-pts[b.Black.Number] != delta[1] {
					t.Fatalf("correction %s -> %s of round 2 board 1: points %v -> %v", old, fixed, pts, after)
				}
			}
		}
		// Every round is paired and in.
		th.problem(t, 409, "rounds_complete", "", "POST", base+"/rounds", teacher, nil)
		final := th.standings(t, base)
		if len(final) != 9 {
			t.Fatalf("standings of %d players", len(final))
		}
		total := 0.0
		for i, s := range final {
			total += s.Points
			if len(s.TieBreaks) != 5 || i > 0 && s.Rank < final[i-1].Rank {
				t.Fatalf("standings row %+v: five tie-break values (BH-C1, BH, DE, WIN, BWG) and ranks in order", s)
			}
			if len(s.Rounds) != 6 {
				t.Fatalf("player %d has %d round cells", s.Number, len(s.Rounds))
			}
		}
		var nine, five, two tourStanding
		for _, s := range final {
			switch s.Number {
			case 9:
				nine = s
			case 5:
				five = s
			case 2:
				two = s
			}
		}
		if nine.Rounds[0] != "Z" || nine.Rounds[1] != "Z" || five.Rounds[4] != "Z" || five.Rounds[5] != "Z" || two.Rounds[4] != "H" {
			t.Fatalf("cross-table cells: late %v, withdrawn %v, bye %v", nine.Rounds, five.Rounds, two.Rounds)
		}
		th.checkViews(t, base, id)
	})
}

// checkViews checks what students see of the finished tournament, the
// printable pages and the TRF round trip.
func (th *tourHarness) checkViews(t *testing.T, base, id string) {
	t.Helper()
	teacher := th.F.A.TeacherToken
	// A student: its own full name, others by first name, no IDs.
	rec := th.must(t, 200, "GET", base, th.Tokens[0], nil)
	body := rec.Body.String()
	if !strings.Contains(body, "赵小龙") || strings.Contains(body, "钱小红") || !strings.Contains(body, `"小红"`) ||
		!strings.Contains(body, `"明月"`) || !strings.Contains(body, `"周."`) || strings.Contains(body, "周杰") || strings.Contains(body, th.Students[1].ID) {
		t.Fatalf("student view of the tournament:\n%s", body)
	}
	rec = th.must(t, 200, "GET", base+"/standings", th.Tokens[0], nil)
	if strings.Contains(rec.Body.String(), "钱小红") {
		t.Fatalf("student standings name others in full:\n%s", rec.Body)
	}
	th.must(t, 403, "GET", base+"/standings?format=csv", th.Tokens[0], nil)
	th.must(t, 403, "GET", base+"/trf", th.Tokens[0], nil)
	th.must(t, 403, "POST", base+"/rounds", th.Tokens[0], nil)
	th.must(t, 404, "GET", base, th.F.A.OtherTeacherToken, nil)
	th.must(t, 404, "GET", base, th.F.B.AdminToken, nil)
	mine := apitest.Decode[struct {
		Items []struct {
			ID     string
			Number int
			Rank   int
			Next   any
		}
	}](t, th.must(t, 200, "GET", "/v1/me/tournaments", th.Tokens[0], nil))
	// The tournament and its copy imported at round 5 (newest first).
	if len(mine.Items) != 2 || mine.Items[1].ID != id || mine.Items[1].Number != 1 || mine.Items[1].Next != nil || mine.Items[1].Rank < 1 ||
		mine.Items[0].Next == nil {
		t.Fatalf("my tournaments: %+v", mine)
	}
	th.must(t, 403, "GET", "/v1/me/tournaments", teacher, nil)

	// Printable pages: names and boards, under the strict CSP.
	for _, path := range []string{base + "/pairing-cards?round=6", base + "/pairings?round=6&format=html", base + "/standings?format=html&lang=en"} {
		rec := th.must(t, 200, "GET", path, teacher, nil)
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.HasPrefix(csp, "default-src 'none'; style-src 'sha256-") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if !strings.Contains(rec.Body.String(), "赵小龙") || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s:\n%s", path, rec.Body)
		}
	}
	cards := th.must(t, 200, "GET", base+"/pairing-cards?round=1", teacher, nil).Body.String()
	if !strings.Contains(cards, "第 1 轮 · 第 4 台") {
		t.Errorf("pairing cards without board numbers:\n%s", cards)
	}
	csv := th.must(t, 200, "GET", base+"/standings?format=csv", teacher, nil).Body.String()
	if !strings.HasPrefix(csv, "\ufeff名次,编号,姓名,积分") || !strings.Contains(csv, "欧阳明月") {
		t.Errorf("standings CSV:\n%s", csv)
	}

	// TRF: export, import as a new tournament of the class, the same
	// standings; a file with a wrong score is refused naming line and
	// column, and nothing is stored.
	trf := th.must(t, 200, "GET", base+"/trf", teacher, nil).Body.String()
	rec = th.must(t, 201, "POST", "/v1/tournaments/import", teacher, map[string]any{
		"game": "chess", "class_ids": []string{th.F.A.Class.ID}, "trf": trf})
	imported := apitest.Decode[struct {
		ID, Name     string
		CurrentRound int `json:"current_round"`
	}](t, rec)
	if imported.Name != "三年级象棋积分赛" || imported.CurrentRound != 6 {
		t.Fatalf("imported %+v", imported)
	}
	if got, want := th.standings(t, "/v1/tournaments/"+imported.ID), th.standings(t, base); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("imported standings\n%v\nwant\n%v", got, want)
	}
	lines := strings.Split(trf, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "001    3") {
			cols := []rune(l) // TRF columns count characters
			lines[i] = string(cols[:80]) + "99.0" + string(cols[84:])
			p := th.problem(t, 422, "trf_invalid", "trf", "POST", "/v1/tournaments/import", teacher, map[string]any{
				"game": "chess", "class_ids": []string{th.F.A.Class.ID}, "trf": strings.Join(lines, "\n")})
			if !strings.Contains(p.Detail, fmt.Sprintf("第 %d 行第 81 列", i+1)) || !strings.Contains(p.Detail, "棋手 3 在文件里是 99.0 分") {
				t.Errorf("trf_invalid detail %q", p.Detail)
			}
		}
	}
	list := apitest.Decode[struct{ Items []struct{ ID string } }](t, th.must(t, 200, "GET", "/v1/tournaments", teacher, nil))
	if len(list.Items) != 3 {
		t.Fatalf("tournaments after a refused import: %+v", list)
	}
}

// TestTournamentPairingRace pairs the same round from two teachers at
// once, many times: exactly one gets the round (201) and the other 409,
// and the round is paired once.
func TestTournamentPairingRace(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		var ids []string
		for _, s := range th.Students {
			ids = append(ids, s.ID)
		}
		tokens := []string{th.F.A.TeacherToken, th.F.A.AdminToken}
		for i := 0; i < 5; i++ {
			rec := th.must(t, 201, "POST", "/v1/tournaments", th.F.A.TeacherToken, map[string]any{
				"name": fmt.Sprintf("赛 %d", i), "game": "gomoku", "rounds": 3, "class_ids": []string{th.F.A.Class.ID}, "student_ids": ids})
			base := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
			codes := make([]int, 2)
			var wg sync.WaitGroup
			for j := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					codes[j] = th.Do(t, "POST", base+"/rounds", tokens[j], nil, nil).Code
				}()
			}
			wg.Wait()
			slices.Sort(codes)
			if codes[0] != http.StatusCreated || codes[1] != http.StatusConflict {
				t.Fatalf("two teachers pairing at once: %v, want one 201 and one 409", codes)
			}
			r := apitest.Decode[struct {
				CurrentRound int `json:"current_round"`
			}](t, th.must(t, 200, "GET", base, th.F.A.TeacherToken, nil))
			if r.CurrentRound != 1 {
				t.Fatalf("current round %d after the race", r.CurrentRound)
			}
		}
	})
}
