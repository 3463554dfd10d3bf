package api_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// gameReport is the upload report as the tests read it.
type gameReport struct {
	Games  int
	Stored []struct {
		ID     string
		Status string
		Result string
		White  struct {
			StudentID *string `json:"student_id"`
			Name      string
		}
		Black struct {
			StudentID *string `json:"student_id"`
			Name      string
		}
	}
	Refused []struct {
		Number int
		Code   string
		Reason string
	}
}

// addStudent creates a student of school A's class with a real name and
// returns its ID and token.
func addStudent(t testing.TB, w *world, username, realName string) (string, string) {
	t.Helper()
	a := w.F.A
	id := w.create(t, "POST", "/v1/users", a.AdminToken, map[string]any{"role": "student", "username": username, "real_name": realName, "password": "correct-horse-battery"}, nil)
	if rec := w.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/enrollments", a.AdminToken, map[string]string{"user_id": id}, nil); rec.Code != http.StatusCreated {
		t.Fatalf("enrol: %d %s", rec.Code, rec.Body)
	}
	return id, w.Login(t, username)
}

const fiveGames = `[Event "Club night"]
[Date "2026.11.05"]
[White "王小明"]
[Black "Guest"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2

[Event "Club night"]
[White "王小明"]
[Black "Guest"]

1. e4 e5 2. Ke3 *

[Event "Club night"]
[Date "2026.11.05"]
[White "a-lihua"]
[Black "王小明"]

1. d4 d5 2. c4 (2. Nf3 Nf6 3. Qxh7) e6 0-1

[Event "Club night"]
[Date "2026.11.05"]
[White "王小明"]
[Black "Guest"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2

[Event "Club night"]
[Date "2026.11.06"]
[White "Guest"]
[Black "Guest 2"]

1. f3 e5 2. g4 Qh4# 0-1
`

// TestGameUploadReportsBadGamesByNumber uploads a file of five games as a
// teacher: the good ones are stored (players matched by real name and
// username), the illegal one and the repeated one are reported by number,
// and uploading the file again stores nothing.
func TestGameUploadReportsBadGamesByNumber(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		wang, _ := addStudent(t, w, "a-wang", "王小明")
		li, _ := addStudent(t, w, "a-lihua", "李华")
		for _, lang := range []string{"en", "zh-CN"} {
			rec := w.Do(t, "POST", "/v1/games?lang="+lang, a.TeacherToken, map[string]any{"game": "chess", "text": fiveGames}, nil)
			r := apitest.Decode[gameReport](t, rec)
			if lang == "en" {
				if rec.Code != http.StatusCreated || r.Games != 5 || len(r.Stored) != 3 || len(r.Refused) != 2 {
					t.Fatalf("%d %s", rec.Code, rec.Body)
				}
				if r.Refused[0].Number != 2 || r.Refused[0].Code != "invalid" || !strings.Contains(r.Refused[0].Reason, "move 2 (white): Ke3") {
					t.Errorf("game 2: %+v", r.Refused[0])
				}
				if r.Refused[1].Number != 4 || r.Refused[1].Code != "duplicate" || r.Refused[1].Reason != "the same game as game 1 of this file (same players, date and moves)" {
					t.Errorf("game 4: %+v", r.Refused[1])
				}
				s := r.Stored
				if *s[0].White.StudentID != wang || s[0].Black.StudentID != nil || s[0].Status != "confirmed" || s[0].Result != "1/2-1/2" {
					t.Errorf("game 1 stored %+v", s[0])
				}
				if *s[1].White.StudentID != li || *s[1].Black.StudentID != wang || s[1].White.Name != "李华" {
					t.Errorf("game 3 stored %+v", s[1])
				}
				continue
			}
			// The same file again: every game is refused, nothing stored.
			if rec.Code != http.StatusOK || len(r.Stored) != 0 || len(r.Refused) != 5 || r.Refused[3].Code != "duplicate" ||
				!strings.Contains(r.Refused[0].Reason, "棋谱库里") || !strings.Contains(r.Refused[3].Reason, "本文件的第1盘") || !strings.Contains(r.Refused[1].Reason, "第2回合") {
				t.Fatalf("again: %d %s", rec.Code, rec.Body)
			}
		}
		list := apitest.Decode[struct{ Items []map[string]any }](t, w.Do(t, "GET", "/v1/games?user_id="+wang, a.TeacherToken, nil, nil))
		if len(list.Items) != 2 {
			t.Errorf("games of 王小明: %d", len(list.Items))
		}
		w.Run(t, []apitest.Case{
			{Name: "no game in the file", Method: "POST", Path: "/v1/games", Token: a.TeacherToken, Body: map[string]any{"game": "chess", "text": "hello"}, Status: 422, Code: "no_games"},
			{Name: "unknown game", Method: "POST", Path: "/v1/games", Token: a.TeacherToken, Body: map[string]any{"game": "go", "text": "1. e4"}, Status: 422, Code: "validation_failed"},
			{Name: "white_id of a many-game file", Method: "POST", Path: "/v1/games", Token: a.TeacherToken, Body: map[string]any{"game": "chess", "text": fiveGames, "white_id": wang}, Status: 422, Code: "validation_failed", Contains: []string{"single_game_only"}},
			{Name: "white_id of another school", Method: "POST", Path: "/v1/games", Token: a.TeacherToken, Body: map[string]any{"game": "chess", "text": "1. e4 *", "white_id": w.F.B.Student.ID}, Status: 422, Contains: []string{`"white_id"`}},
		})
	})
}

// TestGameMultipartUpload sends a PDN file as multipart form data; its
// variations are kept, an illegal one reported.
func TestGameMultipartUpload(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		pdn := "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. 32-28 19-23 (1... 18-23 {also good} 2. 38-32) 2. 28x19 (2. 33-29 14-20) 14x23 *\n\n1. 32-28 32-28 *\n"
		body, hdr := uploadFields(t, "games.pdn", []byte(pdn), map[string]string{"game": "draughts"})
		rec := w.Do(t, "POST", "/v1/games?lang=en", w.F.A.AdminToken, body, hdr)
		raw := rec.Body.String()
		r := apitest.Decode[gameReport](t, rec)
		if rec.Code != http.StatusCreated || len(r.Stored) != 1 || len(r.Refused) != 1 || r.Refused[0].Number != 2 ||
			!strings.Contains(raw, "variation, move 2 33-29: capture is mandatory") {
			t.Fatalf("%d %s", rec.Code, raw)
		}
		// The variation is kept: in the replay at its ply, and in the export.
		rp := apitest.Decode[struct {
			Plies []struct{ Variations []string }
		}](t, w.Do(t, "GET", "/v1/games/"+r.Stored[0].ID+"/replay", w.F.A.AdminToken, nil, nil))
		if len(rp.Plies) != 4 || len(rp.Plies[1].Variations) != 1 || rp.Plies[1].Variations[0] != "18-23 38-32" || len(rp.Plies[2].Variations) != 0 {
			t.Errorf("replay %+v", rp.Plies)
		}
		rec = w.Do(t, "GET", "/v1/games/"+r.Stored[0].ID+"/export", w.F.A.AdminToken, nil, nil)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "19-23 (1... 18-23 {also good} 2. 38-32) 2. 28x19") || !strings.Contains(rec.Header().Get("Content-Disposition"), ".pdn") {
			t.Errorf("export %d %s", rec.Code, rec.Body)
		}
	})
}

// TestGameStudentSubmitsTeacherConfirms is the charter's flow: a student
// submits their game (pending, unseen by classmates), cannot confirm it
// themselves, the teacher confirms it, and then a classmate sees it with
// the children by first name only; the replay and export follow.
func TestGameStudentSubmitsTeacherConfirms(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		wang, wangToken := addStudent(t, w, "a-wang", "王小明")
		_, liToken := addStudent(t, w, "a-lihua", "李华")
		game := "[Date \"2026.11.10\"]\n[White \"王小明\"]\n[Black \"Grandpa\"]\n\n1. e4 {good} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
		rec := w.Do(t, "POST", "/v1/games", wangToken, map[string]any{"game": "chess", "text": game}, nil)
		r := apitest.Decode[gameReport](t, rec)
		if rec.Code != http.StatusCreated || len(r.Stored) != 1 || r.Stored[0].Status != "pending" {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		id := r.Stored[0].ID
		monthly := "/v1/classes/" + a.Class.ID + "/games/monthly?game=chess&month=2026-11"
		wantRows := func(n int) func(t *testing.T, rec *httptest.ResponseRecorder) {
			return func(t *testing.T, rec *httptest.ResponseRecorder) {
				if got := apitest.Decode[struct{ Rows []map[string]any }](t, rec).Rows; len(got) != n {
					t.Errorf("%d rows, want %d\n%s", len(got), n, rec.Body)
				}
			}
		}
		mine := func(token string) []string {
			var ids []string
			for _, it := range apitest.Decode[struct{ Items []struct{ ID string } }](t, w.Do(t, "GET", "/v1/games", token, nil, nil)).Items {
				ids = append(ids, it.ID)
			}
			return ids
		}
		if got := mine(liToken); len(got) != 1 || got[0] != w.A.Game {
			t.Errorf("classmate sees %v before confirmation", got)
		}
		w.Run(t, []apitest.Case{
			{Name: "a game the student did not play", Method: "POST", Path: "/v1/games", Token: wangToken,
				Body: map[string]any{"game": "chess", "text": "[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n"}, Status: 200, Contains: []string{`"not_your_game"`}},
			{Name: "classmate cannot read it yet", Method: "GET", Path: "/v1/games/" + id, Token: liToken, Status: 404},
			{Name: "own submission", Method: "POST", Path: "/v1/games/" + id + "/confirm", Token: wangToken, Status: 403, Code: "own_submission"},
			{Name: "teacher of another class", Method: "POST", Path: "/v1/games/" + id + "/confirm", Token: a.OtherTeacherToken, Status: 404},
			{Name: "student cannot edit", Method: "PATCH", Path: "/v1/games/" + id, Token: wangToken, Body: map[string]any{"event": "x"}, Status: 403},
			// The world's game of the class's student (3 November) is in
			// the table already; the pending one is not.
			{Name: "monthly table before", Method: "GET", Path: monthly, Token: a.TeacherToken, Status: 200, Check: wantRows(1), Excludes: []string{"王小明"}},
			{Name: "teacher confirms", Method: "POST", Path: "/v1/games/" + id + "/confirm", Token: a.TeacherToken, Status: 200, Contains: []string{`"status":"confirmed"`}},
			{Name: "monthly table after", Method: "GET", Path: monthly, Token: a.TeacherToken, Status: 200, Check: wantRows(2),
				Contains: []string{`"name":"王小明"`, `"games":1`, `"wins":1`, `"points":2`, `"level_points":10`, `"points_to_next":90`, `"zh-CN":"无级别"`}},
			{Name: "another month", Method: "GET", Path: monthly[:len(monthly)-2] + "10", Token: a.TeacherToken, Status: 200, Check: wantRows(0)},
			{Name: "monthly CSV", Method: "GET", Path: monthly + "&format=csv&lang=en", Token: a.TeacherToken, Status: 200,
				Contains: []string{"Rank,Name,Games,Won,Drawn,Lost,Points", ",王小明,1,1,0,0,2,10,10,unrated,90"}},
			{Name: "monthly page", Method: "GET", Path: monthly + "&format=html", Token: a.TeacherToken, Status: 200, Contains: []string{"月度积分表", "王小明"}},
			{Name: "school table", Method: "GET", Path: "/v1/schools/" + a.School.ID + "/games/monthly?month=2026-11", Token: a.AdminToken, Status: 200, Check: wantRows(2)},
			{Name: "teachers read class tables only", Method: "GET", Path: "/v1/schools/" + a.School.ID + "/games/monthly", Token: a.TeacherToken, Status: 403},
			{Name: "students read no table", Method: "GET", Path: monthly, Token: wangToken, Status: 403},
			{Name: "bad month", Method: "GET", Path: monthly + "3", Token: a.TeacherToken, Status: 400, Code: "invalid_parameter"},
			{Name: "my level", Method: "GET", Path: "/v1/me/level", Token: wangToken, Status: 200,
				Contains: []string{`{"game":"chess","level":0,"level_name":{"zh-CN":"无级别","en":"unrated"},"points":10,"points_to_next":90,"games":1,"puzzle_rating":null}`}},
			{Name: "staff have no level", Method: "GET", Path: "/v1/me/level", Token: a.TeacherToken, Status: 403},
			{Name: "twice", Method: "POST", Path: "/v1/games/" + id + "/confirm", Token: a.TeacherToken, Status: 409, Code: "game_already_confirmed"},
			{Name: "classmate reads it by the initial", Method: "GET", Path: "/v1/games/" + id, Token: liToken, Status: 200,
				Contains: []string{`"name":"王."`}, Excludes: []string{"王小明", "小明", wang}},
			{Name: "teacher sets a nickname", Method: "PATCH", Path: "/v1/users/" + wang, Token: a.TeacherToken,
				Body: map[string]any{"nickname": "小明"}, Status: 200, Contains: []string{`"shown_name":"小明"`}},
			{Name: "classmate reads it by the nickname", Method: "GET", Path: "/v1/games/" + id, Token: liToken, Status: 200,
				Contains: []string{`"name":"小明"`}, Excludes: []string{"王小明", wang}},
			{Name: "replay", Method: "GET", Path: "/v1/games/" + id + "/replay", Token: liToken, Status: 200,
				Contains: []string{`"zh-CN":"后 d1-h5"`, `"en":"Qxf7#"`, `"comments":["good"]`, `/v1/diagrams/chess.svg?last=h5f7\u0026position=`}},
			{Name: "replay one ply", Method: "GET", Path: "/v1/games/" + id + "/replay?ply=7", Token: liToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					rp := apitest.Decode[struct {
						Plies []struct {
							Ply      int
							Position string
						}
					}](t, rec)
					if len(rp.Plies) != 1 || rp.Plies[0].Ply != 7 || rp.Plies[0].Position != "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4" {
						t.Errorf("%s", rec.Body)
					}
				}},
			{Name: "no ply 8", Method: "GET", Path: "/v1/games/" + id + "/replay?ply=8", Token: liToken, Status: 400, Code: "invalid_parameter"},
			{Name: "export for a classmate", Method: "GET", Path: "/v1/games/" + id + "/export", Token: liToken, Status: 200,
				Contains: []string{`[White "小明"]`, `[Black "Grandpa"]`, `[Date "2026.11.10"]`, "{good}", "4. Qxf7# 1-0"}},
			{Name: "teacher corrects the event", Method: "PATCH", Path: "/v1/games/" + id, Token: a.TeacherToken,
				Body: map[string]any{"event": "Club night", "black_name": "Grandpa Wang"}, Status: 200, Contains: []string{`"event":"Club night"`, `"name":"Grandpa Wang"`}},
			{Name: "bad date", Method: "PATCH", Path: "/v1/games/" + id, Token: a.TeacherToken, Body: map[string]any{"date": "2026-13-01"}, Status: 422},
		})
		if got := mine(liToken); len(got) != 2 {
			t.Errorf("classmate sees %v after confirmation", got)
		}
		// The opponent confirms a classmate's submission.
		rec = w.Do(t, "POST", "/v1/games", liToken, map[string]any{"game": "gomoku", "text": "[Black \"李华\"]\n[White \"王小明\"]\n\nh8 h7 i8 i7 j8 j7 k8 k7 l8\n"}, nil)
		g := apitest.Decode[gameReport](t, rec)
		if rec.Code != http.StatusCreated || len(g.Stored) != 1 || g.Stored[0].Result != "1-0" {
			t.Fatalf("gomoku: %d %s", rec.Code, rec.Body)
		}
		w.Run(t, []apitest.Case{
			{Name: "opponent confirms", Method: "POST", Path: "/v1/games/" + g.Stored[0].ID + "/confirm", Token: wangToken, Status: 200},
			{Name: "another school", Method: "GET", Path: "/v1/games/" + g.Stored[0].ID, Token: w.F.B.AdminToken, Status: 404},
			{Name: "submitter deletes nothing confirmed", Method: "DELETE", Path: "/v1/games/" + g.Stored[0].ID, Token: liToken, Status: 403},
			{Name: "teacher deletes", Method: "DELETE", Path: "/v1/games/" + g.Stored[0].ID, Token: a.TeacherToken, Status: 204},
			{Name: "gone", Method: "GET", Path: "/v1/games/" + g.Stored[0].ID, Token: a.TeacherToken, Status: 404},
		})
	})
}

// TestGameSetsTournamentResult records a game of a tournament board: the
// board's result is entered through the tournament (standings follow);
// a game whose players are not those of the board is refused.
func TestGameSetsTournamentResult(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		wang, _ := addStudent(t, w, "a-wang", "王小明")
		tid := w.create(t, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{"name": "Cup", "game": "chess", "rounds": 1,
			"class_ids": []string{a.Class.ID}, "student_ids": []string{a.Student.ID, wang}}, nil)
		if rec := w.Do(t, "POST", "/v1/tournaments/"+tid+"/rounds", a.TeacherToken, nil, nil); rec.Code != http.StatusOK && rec.Code != http.StatusCreated {
			t.Fatalf("pair: %d %s", rec.Code, rec.Body)
		}
		ev := apitest.Decode[struct {
			Players []struct {
				Number    int
				StudentID string `json:"student_id"`
			}
		}](t, w.Do(t, "GET", "/v1/tournaments/"+tid, a.TeacherToken, nil, nil))
		pr := apitest.Decode[struct {
			Boards []struct {
				Board        int
				White, Black struct{ Number int }
			}
		}](t, w.Do(t, "GET", "/v1/tournaments/"+tid+"/pairings?round=1", a.TeacherToken, nil, nil))
		student := map[int]string{}
		for _, p := range ev.Players {
			student[p.Number] = p.StudentID
		}
		white, black := student[pr.Boards[0].White.Number], student[pr.Boards[0].Black.Number]
		game := map[string]any{"game": "chess", "text": "1. f3 e5 2. g4 Qh4# 0-1", "tournament_id": tid, "round": 1, "board": 1}
		game["white_id"], game["black_id"] = black, white
		w.Run(t, []apitest.Case{
			{Name: "players of another board", Method: "POST", Path: "/v1/games", Token: a.TeacherToken, Body: game, Status: 422, Contains: []string{"players_differ"}},
		})
		game["white_id"], game["black_id"] = white, black
		// A player submits the game: pending, the board waits; the teacher
		// confirms it and the result is entered.
		submitted := map[string]any{"game": "chess", "text": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "tournament_id": tid, "round": 1, "board": 1,
			"white_id": white, "black_id": black}
		rec := w.Do(t, "POST", "/v1/games", a.StudentToken, submitted, nil)
		sub := apitest.Decode[gameReport](t, rec)
		if rec.Code != http.StatusCreated || len(sub.Stored) != 1 || sub.Stored[0].Status != "pending" {
			t.Fatalf("student's submission: %d %s", rec.Code, rec.Body)
		}
		w.Run(t, []apitest.Case{
			{Name: "no result while pending", Method: "GET", Path: "/v1/tournaments/" + tid + "/pairings?round=1", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"result":null`}},
			{Name: "teacher confirms", Method: "POST", Path: "/v1/games/" + sub.Stored[0].ID + "/confirm", Token: a.TeacherToken, Status: 200},
			{Name: "the board has the confirmed result", Method: "GET", Path: "/v1/tournaments/" + tid + "/pairings?round=1", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"result":"1-0"`}},
			{Name: "players of a linked game stay", Method: "PATCH", Path: "/v1/games/" + sub.Stored[0].ID, Token: a.TeacherToken,
				Body: map[string]any{"white_name": "Someone"}, Status: 422, Contains: []string{"linked_to_tournament"}},
		})
		w.Run(t, []apitest.Case{
			{Name: "board of no tournament", Method: "POST", Path: "/v1/games", Token: a.TeacherToken,
				Body: map[string]any{"game": "chess", "text": "1. e4 *", "tournament_id": w.B.Tournament, "round": 1, "board": 1, "white_id": white, "black_id": black}, Status: 422, Contains: []string{"tournament_id"}},
			{Name: "stored and entered", Method: "POST", Path: "/v1/games", Token: a.TeacherToken, Body: game, Status: 201,
				Contains: []string{fmt.Sprintf(`"tournament":{"tournament_id":%q,"round":1,"board":1}`, tid)}},
			{Name: "the board has the result", Method: "GET", Path: "/v1/tournaments/" + tid + "/pairings?round=1", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"result":"0-1"`}},
		})
	})
}

// uploadFields returns a multipart body with the form fields and the file.
func uploadFields(t *testing.T, name string, data []byte, fields map[string]string) ([]byte, map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	return buf.Bytes(), map[string]string{"Content-Type": mw.FormDataContentType()}
}
