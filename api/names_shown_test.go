package api_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/play"
)

// TestNameRosterGivenName: a roster import stores OneRoster givenName as
// the given name, which the class's login list shows; a row whose name is
// all in givenName (no familyName) gives no given name, so the list shows
// the initial and never the whole name; a nickname the teacher sets wins,
// and a re-import keeps it.
func TestNameRosterGivenName(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		files := schoolFiles("org-a", "a")
		files["users.csv"] += "au3,org-a,student,a-mmt,买买提·艾力,,\n" + "au4,org-a,student,a-nva,An,Nguyễn Văn,\n"
		files["enrollments.csv"] += "ae4,ac1,au3,student\nae5,ac1,au4,student\n"
		r.imports(t, a.AdminToken, files)
		var class struct {
			ID        string
			LoginCode string
		}
		if err := db.Table("classes").Select("id, login_code").Where("sourced_id = ?", "ac1").Take(&class).Error; err != nil {
			t.Fatal(err)
		}
		list := func() map[string]string {
			got := apitest.Decode[classNamesBody](t, r.Do(t, "POST", "/v1/auth/class-names", "", map[string]string{"class_code": class.LoginCode}, nil))
			out := map[string]string{}
			for _, s := range got.Students {
				out[s.Username] = s.FirstName
			}
			return out
		}
		var mmt string
		if err := db.Table("users").Where("sourced_id = ?", "au3").Pluck("id", &mmt).Error; err != nil {
			t.Fatal(err)
		}
		got := list()
		if got["a-mmt"] != "买." || got["a-nva"] != "An" {
			t.Errorf("login list %v: want 买. (no familyName: no given name) and An (givenName)", got)
		}
		if !slices.Contains(mapValues(got), "明") {
			t.Errorf("login list %v lacks 明 (givenName of 李明)", got)
		}
		teacher := r.Login(t, "a-teacher") // the roster's teacher of ac1 (adopted fixture account)
		r.Run(t, []apitest.Case{
			{Name: "teacher sets a nickname", Method: "PATCH", Path: "/v1/users/" + mmt, Token: teacher,
				Body: map[string]any{"nickname": " 小买 "}, Status: 200, Contains: []string{`"nickname":"小买"`, `"shown_name":"小买"`}},
		})
		r.imports(t, a.AdminToken, files)
		if got := list(); got["a-mmt"] != "小买" {
			t.Errorf("after a re-import the list shows %q, want the nickname 小买", got["a-mmt"])
		}
		if got := list(); strings.Contains(strings.Join(mapValues(got), " "), "艾力") {
			t.Errorf("login list %v shows a full name", got)
		}
	})
}

func mapValues(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestNameNicknameByTeacher: the teacher of a student's class sets its
// nickname and given name (bounded, no control characters); a teacher of
// another class or school cannot (404), nor may a teacher change any other
// field (403); the nickname is what other classes see in tournaments.
func TestNameNicknameByTeacher(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		path := "/v1/users/" + a.Student.ID
		long := strings.Repeat("名", 21)
		h.Run(t, []apitest.Case{
			{Name: "nickname", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: map[string]any{"nickname": "小星星"}, Status: 200,
				Contains: []string{`"nickname":"小星星"`, `"shown_name":"小星星"`}},
			{Name: "given name", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: map[string]any{"given_name": "星"}, Status: 200,
				Contains: []string{`"given_name":"星"`, `"shown_name":"小星星"`}},
			{Name: "nickname too long", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: map[string]any{"nickname": long},
				Status: 422, Contains: []string{`"nickname"`, `"too_long"`}},
			{Name: "nickname with a control character", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: map[string]any{"nickname": "a\u0007b"},
				Status: 422, Contains: []string{`"nickname"`, `"control_character"`}},
			{Name: "given name too long", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: map[string]any{"given_name": strings.Repeat("x", 51)},
				Status: 422, Contains: []string{`"given_name"`, `"too_long"`}},
			{Name: "teacher changes the real name", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: map[string]any{"real_name": "x", "nickname": "y"}, Status: 403},
			{Name: "teacher of another class", Method: "PATCH", Path: path, Token: a.OtherTeacherToken, Body: map[string]any{"nickname": "x"}, Status: 404},
			{Name: "teacher of another school", Method: "PATCH", Path: path, Token: b.TeacherToken, Body: map[string]any{"nickname": "x"}, Status: 404},
			{Name: "student", Method: "PATCH", Path: path, Token: a.StudentToken, Body: map[string]any{"nickname": "x"}, Status: 403},
			{Name: "a teacher's own nickname", Method: "PATCH", Path: "/v1/users/" + a.Teacher.ID, Token: a.TeacherToken, Body: map[string]any{"nickname": "x"}, Status: 403},
			{Name: "cleared", Method: "PATCH", Path: path, Token: a.AdminToken, Body: map[string]any{"nickname": ""}, Status: 200,
				Contains: []string{`"nickname":""`, `"shown_name":"星"`}},
		})
		var nick string
		if err := db.Table("users").Where("id = ?", a.Student.ID).Pluck("nickname", &nick).Error; err != nil || nick != "" {
			t.Errorf("stored nickname %q, %v", nick, err)
		}
		if rec := h.Do(t, "GET", path, b.AdminToken, nil, nil); rec.Code != http.StatusNotFound {
			t.Errorf("another school's admin reads the student: %d", rec.Code)
		}
	})
}

// TestNameLivePlay: a live game keeps each player's shown name; its
// broadcast events (which any subscriber outside the players' class may
// receive) name the players by it, never by the real name; the players'
// class reads the real names.
func TestNameLivePlay(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		if rec := w.Do(t, "PATCH", "/v1/users/"+w.ids[1], w.F.A.TeacherToken, map[string]any{"nickname": "美美"}, nil); rec.Code != http.StatusOK {
			t.Fatalf("nickname: %d %s", rec.Code, rec.Body)
		}
		g := w.start(t, map[string]any{"game": "chess", "players": []string{w.ids[1], w.ids[2]}})
		stored, err := models.NewLiveStore(db).Game(context.Background(), w.F.A.School.ID, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		notice := string(api.EncodeLiveEvent(func(string, int, string) string { return "" })(play.Event{Kind: "created", Game: stored, At: time.Now()}))
		for _, want := range []string{`"美美"`, `"张."`} {
			if !strings.Contains(notice, want) {
				t.Errorf("event lacks %s: %s", want, notice)
			}
		}
		for _, secret := range []string{"李小美", "张小刚", "小刚"} {
			if strings.Contains(notice, secret) {
				t.Errorf("event shows %q: %s", secret, notice)
			}
		}
		rec := w.Do(t, "GET", "/v1/live-games/"+g.ID, w.tokens[0], nil, nil) // a classmate
		if body := rec.Body.String(); rec.Code != http.StatusOK || !strings.Contains(body, "李小美") {
			t.Errorf("classmate reads %d %s", rec.Code, body)
		}
	})
}

// TestNameTournamentOtherClass is the review's F5 reproduction: in a
// tournament over two classes, a student of one reads the tournament, its
// pairings and standings and sees the other class's children by shown
// name only (买买提·艾力, 王伟2, 李娜（大）, 王 小明 never whole, never cut).
func TestNameTournamentOtherClass(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		a := th.F.A
		a2 := apitest.Decode[struct{ ID string }](t, th.must(t, 201, "POST", "/v1/classes", a.AdminToken,
			map[string]any{"name": "A2", "grade": 2, "teacher_ids": []string{a.Teacher.ID}})).ID
		made := apitest.Decode[struct {
			Students []struct {
				UserID string `json:"user_id"`
			}
		}](t, th.must(t, 201, "POST", "/v1/classes/"+a2+"/students", a.TeacherToken, map[string]any{"students": []map[string]string{
			{"real_name": "买买提·艾力"}, {"real_name": "王伟2", "nickname": "伟伟"}, {"real_name": "李娜（大）", "given_name": "娜"},
			{"real_name": "王 小明"}, {"real_name": "Nguyễn Văn An", "given_name": "An"},
		}}))
		ids := []string{a.Student.ID}
		for _, s := range made.Students {
			ids = append(ids, s.UserID)
		}
		id := apitest.Decode[struct{ ID string }](t, th.must(t, 201, "POST", "/v1/tournaments", a.AdminToken, map[string]any{
			"name": "两班赛", "game": "chess", "rounds": 3, "class_ids": []string{a.Class.ID, a2}, "student_ids": ids})).ID
		base := "/v1/tournaments/" + id
		th.must(t, 201, "POST", base+"/rounds", a.AdminToken, nil)
		for _, path := range []string{base, base + "/pairings", base + "/standings", "/v1/me/tournaments"} {
			body := th.must(t, 200, "GET", path, a.StudentToken, nil).Body.String()
			for _, secret := range []string{"买买提", "艾力", "王伟", "李娜", "（大）", "小明", "Nguyễn", "Văn", made.Students[0].UserID} {
				if strings.Contains(body, secret) {
					t.Errorf("%s shows %q to a student of the other class: %s", path, secret, body)
				}
			}
			if path != "/v1/me/tournaments" {
				for _, want := range []string{`"买."`, `"伟伟"`, `"娜"`, `"王."`, `"An"`} {
					if !strings.Contains(body, want) {
						t.Errorf("%s lacks %s: %s", path, want, body)
					}
				}
			}
		}
		if body := th.must(t, 200, "GET", base+"/standings", a.AdminToken, nil).Body.String(); !strings.Contains(body, "买买提·艾力") {
			t.Errorf("staff standings lack the full name: %s", body)
		}
	})
}
