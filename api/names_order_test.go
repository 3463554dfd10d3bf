package api_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models/modelstest"
)

var realNames = regexp.MustCompile(`"real_name":"([^"]*)"`)

// namesIn returns the real names of a JSON body in order.
func namesIn(body string) []string {
	var out []string
	for _, m := range realNames.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestNamesSortByPinyin: a class's students (created by the teacher in
// code-point order 刘 孙 张 李 王 赵 陈, with Latin names) come in pinyin
// order, Latin names first, in the user list (page by page, the cursor
// carrying the name), the class progress matrix and progress.csv; a
// renamed student moves to the new name's place. On main they came in ID
// (creation) order and the matrix in code-point order.
func TestNamesSortByPinyin(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		class := w.create(t, "POST", "/v1/classes", a.TeacherToken, map[string]any{"name": "二班", "grade": 2}, nil)
		var students []map[string]string
		for _, n := range []string{"刘", "孙", "张", "李", "王", "赵", "陈", "bob", "Anna"} {
			students = append(students, map[string]string{"real_name": n})
		}
		rec := w.Do(t, "POST", "/v1/classes/"+class+"/students", a.TeacherToken, map[string]any{"students": students}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create students: %d %s", rec.Code, rec.Body)
		}
		members := func(token string) []string {
			t.Helper()
			var names []string
			path := "/v1/users?role=student&limit=4&class_id=" + class
			for pages := 0; ; pages++ {
				rec := w.Do(t, "GET", path, token, nil, nil)
				if rec.Code != http.StatusOK || pages > 5 {
					t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
				}
				names = append(names, namesIn(rec.Body.String())...)
				next := apitest.Decode[api.List[map[string]any]](t, rec).NextCursor
				if next == nil {
					return names
				}
				path = "/v1/users?role=student&limit=4&class_id=" + class + "&cursor=" + *next
			}
		}
		want := "Anna bob 陈 李 刘 孙 王 张 赵"
		if got := strings.Join(members(a.TeacherToken), " "); got != want {
			t.Errorf("class members, 4 a page: %s, want %s", got, want)
		}
		if got := strings.Join(members(a.AdminToken), " "); got != want {
			t.Errorf("class members for the admin: %s, want %s", got, want)
		}
		// The class's enrollments (members by user ID, the teacher too)
		// in the same order, page by page.
		nameOf := map[string]string{a.Teacher.ID: "teacher"}
		for _, u := range apitest.Decode[api.List[map[string]any]](t, w.Do(t, "GET", "/v1/users?role=student&limit=50&class_id="+class, a.AdminToken, nil, nil)).Items {
			nameOf[u["id"].(string)], _ = u["real_name"].(string)
		}
		var enrolled []string
		path := "/v1/classes/" + class + "/enrollments?limit=4"
		for pages := 0; path != "" && pages < 5; pages++ {
			rec := w.Do(t, "GET", path, a.TeacherToken, nil, nil)
			l := apitest.Decode[api.List[map[string]any]](t, rec)
			for _, e := range l.Items {
				enrolled = append(enrolled, nameOf[e["user_id"].(string)])
			}
			path = ""
			if l.NextCursor != nil {
				path = "/v1/classes/" + class + "/enrollments?limit=4&cursor=" + *l.NextCursor
			}
		}
		if got := strings.Join(enrolled, " "); got != "Anna bob teacher 陈 李 刘 孙 王 张 赵" {
			t.Errorf("enrollments, 4 a page: %s", got)
		}
		matrix := w.Do(t, "GET", "/v1/classes/"+class+"/progress", a.TeacherToken, nil, nil)
		if got := strings.Join(namesIn(matrix.Body.String()), " "); matrix.Code != http.StatusOK || got != want {
			t.Errorf("progress matrix: %d %s, want %s", matrix.Code, got, want)
		}
		csv := w.Do(t, "GET", "/v1/classes/"+class+"/progress.csv?lang=en", a.TeacherToken, nil, nil)
		var col []string
		for _, line := range strings.Split(strings.TrimSpace(csv.Body.String()), "\n")[1:] {
			name, _, _ := strings.Cut(line, ",")
			col = append(col, name)
		}
		if got := strings.Join(col, " "); csv.Code != http.StatusOK || got != want {
			t.Errorf("progress.csv: %d %s, want %s", csv.Code, got, want)
		}
		// Renaming Anna 周 (zhou) moves her to the end.
		var anna string
		for _, u := range apitest.Decode[api.List[map[string]any]](t, w.Do(t, "GET", "/v1/users?role=student&limit=1&class_id="+class, a.AdminToken, nil, nil)).Items {
			anna, _ = u["id"].(string)
		}
		if rec := w.Do(t, "PATCH", "/v1/users/"+anna, a.AdminToken, map[string]any{"real_name": "周"}, nil); rec.Code != http.StatusOK {
			t.Fatalf("rename: %d %s", rec.Code, rec.Body)
		}
		if got := strings.Join(members(a.AdminToken), " "); got != "bob 陈 李 刘 孙 王 张 赵 周" {
			t.Errorf("after renaming: %s", got)
		}
	})
}

// TestRosterNamesSortByPinyin: users a roster import creates (赵 before
// 陈 in the file, so in ID order) are listed by pinyin.
func TestRosterNamesSortByPinyin(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		files := schoolFiles("org-a", "a")
		files["users.csv"] = strings.NewReplacer(",明,李,", ",一,赵,", ",红,王,", ",二,陈,").Replace(files["users.csv"])
		r.imports(t, a.AdminToken, files)
		rec := r.Do(t, "GET", "/v1/users?role=student&limit=1", a.AdminToken, nil, nil)
		var names []string
		for {
			names = append(names, namesIn(rec.Body.String())...)
			next := apitest.Decode[api.List[map[string]any]](t, rec).NextCursor
			if next == nil {
				break
			}
			rec = r.Do(t, "GET", "/v1/users?role=student&limit=1&cursor="+*next, a.AdminToken, nil, nil)
		}
		// The fixture's students are "student" and "student2".
		if got := strings.Join(names, " "); got != "student student2 陈二 赵一" {
			t.Errorf("students: %s", got)
		}
	})
}
