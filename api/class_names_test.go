package api_test

import (
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/identity"
	"qixue/models/modelstest"
)

type classNamesBody struct {
	ClassName string `json:"class_name"`
	Students  []struct {
		Username  string `json:"username"`
		FirstName string `json:"first_name"`
	} `json:"students"`
}

// TestClassNames: a class's login list shows shown names (nickname, given
// name, else initial: never cut from the real name, F5) and usernames of
// its active students only, to anyone with the code; unknown codes
// spend the address's login budget; known ones do not.
func TestClassNames(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		const limit = 4
		h := apitest.New(t, db, func(c *identity.Config) { c.AddressLimit = limit })
		f := h.Fixture(t)
		a := f.A
		rec := h.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/students", a.TeacherToken, map[string]any{"students": []map[string]string{
			{"real_name": "王 小明", "given_name": "小明"}, {"real_name": "欧阳娜娜", "nickname": "娜娜"},
			{"real_name": "Anna Smith", "given_name": "Anna"}, {"real_name": "李雷"},
			{"real_name": "买买提·艾力"}, {"real_name": "王伟2", "nickname": "伟伟"}, {"real_name": "李娜（大）", "given_name": "娜"},
		}}, nil)
		if rec.Code != 201 {
			t.Fatalf("create students: %d %s", rec.Code, rec.Body)
		}
		cards := apitest.Decode[struct {
			ClassCode string `json:"class_code"`
			Students  []struct {
				UserID   string `json:"user_id"`
				Username string `json:"username"`
			} `json:"students"`
		}](t, rec)
		// 李雷 leaves the school's active users.
		if rec := h.Do(t, "PATCH", "/v1/users/"+cards.Students[3].UserID, a.AdminToken, map[string]any{"active": false}, nil); rec.Code != 200 {
			t.Fatalf("deactivate: %d %s", rec.Code, rec.Body)
		}

		const school = "203.0.113.20"
		code := "  " + strings.ToLower(cards.ClassCode) + " "
		for range limit + 2 { // known codes cost nothing
			if rec := doFrom(t, h, "POST", "/v1/auth/class-names", "", school, map[string]string{"class_code": code}); rec.Code != 200 {
				t.Fatalf("known code: %d %s", rec.Code, rec.Body)
			}
		}
		rec = doFrom(t, h, "POST", "/v1/auth/class-names", "", school, map[string]string{"class_code": code})
		body := rec.Body.String()
		got := apitest.Decode[classNamesBody](t, rec)
		var names []string
		for _, s := range got.Students {
			names = append(names, s.FirstName+"="+s.Username)
		}
		// F5: no name is cut; without a given name or nickname the initial.
		want := []string{"Anna=" + cards.Students[2].Username, identity.Initial(a.Student.RealName) + "=" + a.Student.Username,
			"买.=" + cards.Students[4].Username, "伟伟=" + cards.Students[5].Username, "娜=" + cards.Students[6].Username,
			"娜娜=" + cards.Students[1].Username, "小明=" + cards.Students[0].Username}
		if got.ClassName != a.Class.Name || strings.Join(names, " ") != strings.Join(want, " ") {
			t.Errorf("list %q %v, want %q %v", got.ClassName, names, a.Class.Name, want)
		}
		for _, secret := range []string{"王", "欧阳", "Smith", "李雷", "买买", "艾力", "大", "伟2", "（", cards.Students[0].UserID, a.Student.ID, "real_name", "id\""} {
			if strings.Contains(body, secret) {
				t.Errorf("the list shows %q: %s", secret, body)
			}
		}
		if other := apitest.Decode[classNamesBody](t, doFrom(t, h, "POST", "/v1/auth/class-names", "", school,
			map[string]string{"class_code": f.B.Class.LoginCode})); len(other.Students) != 1 || other.Students[0].Username != f.B.Student.Username {
			t.Errorf("school B's class lists %+v", other.Students)
		}

		// Unknown codes count as failed logins of the address.
		for i := range limit {
			rec := doFrom(t, h, "POST", "/v1/auth/class-names", "", school, map[string]string{"class_code": "ZZZZZ" + string(rune('0'+i))})
			if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"code":"unknown_class_code"`) {
				t.Fatalf("unknown code %d: %d %s", i, rec.Code, rec.Body)
			}
		}
		rec = doFrom(t, h, "POST", "/v1/auth/class-names", "", school, map[string]string{"class_code": code})
		if rec.Code != 429 || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("after %d unknown codes: %d %s, want 429 with Retry-After", limit, rec.Code, rec.Body)
		}
		login := map[string]string{"class_code": a.Class.LoginCode, "username": a.Student.Username, "pin": a.StudentPIN}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", school, login); rec.Code != 429 {
			t.Errorf("login from the same address after guessed codes: %d, want 429 (one budget)", rec.Code)
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/class-names", "", "198.51.100.20", map[string]string{"class_code": code}); rec.Code != 200 {
			t.Errorf("another address: %d", rec.Code)
		}

		// A deactivated class has no list; a missing code is named.
		if rec := h.Do(t, "PATCH", "/v1/classes/"+a.Class.ID, a.AdminToken, map[string]any{"active": false}, nil); rec.Code != 200 {
			t.Fatalf("deactivate class: %d %s", rec.Code, rec.Body)
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/class-names", "", "198.51.100.21", map[string]string{"class_code": code}); rec.Code != 404 {
			t.Errorf("deactivated class: %d %s", rec.Code, rec.Body)
		}
		rec = doFrom(t, h, "POST", "/v1/auth/class-names", "", "198.51.100.21", map[string]string{"class_code": " "})
		if rec.Code != 422 || !strings.Contains(rec.Body.String(), `"field":"class_code"`) {
			t.Errorf("empty code: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestClassNamesSwitch: a teacher of the class turns its login list off
// and on again (the class's name_list); while off, the list names nobody
// and says so, and logging in with a typed username still works.
func TestClassNamesSwitch(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		a := h.Fixture(t).A
		list := func() (bool, int) {
			rec := h.Do(t, "POST", "/v1/auth/class-names", "", map[string]string{"class_code": a.Class.LoginCode}, nil)
			got := apitest.Decode[struct {
				NameList bool `json:"name_list"`
				classNamesBody
			}](t, rec)
			return got.NameList, len(got.Students)
		}
		if on, n := list(); !on || n != 1 {
			t.Fatalf("default list: name_list=%v, %d students", on, n)
		}
		if rec := h.Do(t, "PATCH", "/v1/classes/"+a.Class.ID, a.OtherTeacherToken, map[string]any{"name_list": false}, nil); rec.Code != 404 && rec.Code != 403 {
			t.Errorf("another teacher switches it: %d", rec.Code)
		}
		rec := h.Do(t, "PATCH", "/v1/classes/"+a.Class.ID, a.TeacherToken, map[string]any{"name_list": false}, nil)
		if rec.Code != 200 || apitest.Decode[struct {
			NameList bool `json:"name_list"`
		}](t, rec).NameList {
			t.Fatalf("switch off: %d %s", rec.Code, rec.Body)
		}
		if on, n := list(); on || n != 0 {
			t.Errorf("list off: name_list=%v, %d students", on, n)
		}
		if rec := h.Do(t, "POST", "/v1/auth/login", "", map[string]string{"class_code": a.Class.LoginCode, "username": a.Student.Username, "pin": a.StudentPIN}, nil); rec.Code != 200 {
			t.Errorf("typed username with the list off: %d", rec.Code)
		}
		if rec := h.Do(t, "PATCH", "/v1/classes/"+a.Class.ID, a.TeacherToken, map[string]any{"name": "改名", "name_list": true}, nil); rec.Code != 200 {
			t.Fatalf("switch on: %d", rec.Code)
		}
		if on, n := list(); !on || n != 1 {
			t.Errorf("list on again: name_list=%v, %d students", on, n)
		}
	})
}
