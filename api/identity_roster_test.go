package api_test

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/identity"
	"qixue/models/modelstest"
)

// lacks checks that the body contains none of the substrings.
func lacks(subs ...string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		for _, s := range subs {
			if strings.Contains(rec.Body.String(), s) {
				t.Errorf("body has %q\n%s", s, rec.Body.String())
			}
		}
	}
}

// byNameIDs returns the users' IDs in user-list order: by real name
// (identity.NameSortKey), then ID.
func byNameIDs(users ...identity.User) []string {
	users = slices.Clone(users)
	slices.SortFunc(users, func(a, b identity.User) int {
		if c := identity.CompareNames(a.RealName, b.RealName); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	out := make([]string, len(users))
	for i, u := range users {
		out[i] = u.ID
	}
	return out
}

func TestRosterStateOfUsers(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		if err := db.Exec("UPDATE users SET sourced_id = ? WHERE id = ?", "stu-1", a.Student.ID).Error; err != nil {
			t.Fatal(err)
		}
		student := "/v1/users/" + a.Student.ID
		everyone := byNameIDs(a.Admin, a.Teacher, a.OtherTeacher, a.Student, a.OtherStudent)
		without := slices.DeleteFunc(slices.Clone(everyone), func(id string) bool { return id == a.Student.ID })
		login := map[string]string{"class_code": a.Class.LoginCode, "username": "a-student", "pin": a.StudentPIN}
		h.Run(t, []apitest.Case{
			{Name: "school admin sees it all", Method: "GET", Path: student, Token: a.AdminToken, Status: 200,
				Contains: []string{`"active":true`, `"sourced_id":"stu-1"`}, Check: lacks(`"deactivated_at"`)},
			{Name: "platform admin sees it all", Method: "GET", Path: student, Token: f.AdminToken, Status: 200,
				Contains: []string{`"active":true`, `"sourced_id":"stu-1"`}},
			{Name: "teacher sees active of a student", Method: "GET", Path: student, Token: a.TeacherToken, Status: 200,
				Contains: []string{`"active":true`}, Check: lacks(`"sourced_id"`, `"deactivated_at"`)},
			{Name: "student sees none of it", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 200,
				Check: lacks(`"active"`, `"sourced_id"`, `"deactivated_at"`)},
			{Name: "teacher sees none of it about itself", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 200,
				Check: lacks(`"active"`)},
			{Name: "empty sourced id omitted", Method: "GET", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.AdminToken, Status: 200,
				Contains: []string{`"active":true`}, Check: lacks(`"sourced_id"`)},

			{Name: "teacher may not deactivate", Method: "PATCH", Path: student, Token: a.TeacherToken, Body: map[string]any{"active": false}, Status: 403, Code: "forbidden"},
			{Name: "other school admin may not", Method: "PATCH", Path: student, Token: f.B.AdminToken, Body: map[string]any{"active": false}, Status: 404, Code: "not_found"},
			{Name: "not oneself", Method: "PATCH", Path: "/v1/users/" + a.Admin.ID, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 422,
				Code: "validation_failed", Contains: []string{`"field":"active"`}},
			{Name: "wrong type", Method: "PATCH", Path: student, Token: a.AdminToken, Body: map[string]any{"active": "no"}, Status: 400, Code: "invalid_type"},
			{Name: "deactivate", Method: "PATCH", Path: student, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200,
				Contains: []string{`"active":false`, `"deactivated_at":"`, `"sourced_id":"stu-1"`, `"real_name":"student"`}},
			{Name: "stays deactivated", Method: "GET", Path: student, Token: a.AdminToken, Status: 200, Contains: []string{`"active":false`, `"deactivated_at":"`}},
			{Name: "cannot log in", Method: "POST", Path: "/v1/auth/login", Body: login, Status: 401, Code: "invalid_credentials"},

			{Name: "list hides deactivated", Method: "GET", Path: "/v1/users", Token: a.AdminToken, Status: 200, Check: wantIDs(without...)},
			{Name: "list active", Method: "GET", Path: "/v1/users?status=active", Token: a.AdminToken, Status: 200, Check: wantIDs(without...)},
			{Name: "list inactive", Method: "GET", Path: "/v1/users?status=inactive", Token: a.AdminToken, Status: 200, Check: wantIDs(a.Student.ID)},
			{Name: "list all", Method: "GET", Path: "/v1/users?status=all", Token: a.AdminToken, Status: 200, Check: wantIDs(everyone...)},
			{Name: "platform admin list inactive", Method: "GET", Path: "/v1/users?status=inactive&school_id=" + a.School.ID, Token: f.AdminToken, Status: 200,
				Check: wantIDs(a.Student.ID)},
			{Name: "class members hide deactivated", Method: "GET", Path: "/v1/users?class_id=" + a.Class.ID + "&role=student", Token: a.AdminToken, Status: 200, Check: wantIDs()},
			{Name: "class members inactive", Method: "GET", Path: "/v1/users?class_id=" + a.Class.ID + "&status=inactive", Token: a.AdminToken, Status: 200, Check: wantIDs(a.Student.ID)},
			{Name: "teacher list hides deactivated", Method: "GET", Path: "/v1/users", Token: a.TeacherToken, Status: 200, Check: wantIDs()},
			{Name: "teacher list inactive", Method: "GET", Path: "/v1/users?status=inactive", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"active":false`}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					lacks(`"deactivated_at"`, `"sourced_id"`)(t, rec)
					wantIDs(a.Student.ID)(t, rec)
				}},
			{Name: "other teacher does not see", Method: "GET", Path: "/v1/users?status=all", Token: a.OtherTeacherToken, Status: 200, Check: wantIDs()},
			{Name: "students may not list", Method: "GET", Path: "/v1/users?status=all", Token: a.OtherStudentToken, Status: 403, Code: "forbidden"},
			{Name: "bad status", Method: "GET", Path: "/v1/users?status=gone", Token: a.AdminToken, Status: 400, Code: "invalid_parameter",
				Contains: []string{`"field":"status"`}},

			{Name: "reactivate", Method: "PATCH", Path: student, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200,
				Contains: []string{`"active":true`}, Check: lacks(`"deactivated_at"`)},
			{Name: "logs in again", Method: "POST", Path: "/v1/auth/login", Body: login, Status: 200},
			{Name: "listed again", Method: "GET", Path: "/v1/users", Token: a.AdminToken, Status: 200, Check: wantIDs(everyone...)},
			{Name: "name and active at once", Method: "PATCH", Path: student, Token: f.AdminToken, Body: map[string]any{"real_name": "小明", "active": false}, Status: 200,
				Contains: []string{`"active":false`, `"real_name":"小明"`}},
			{Name: "both kept", Method: "GET", Path: student, Token: a.AdminToken, Status: 200, Contains: []string{`"active":false`, `"real_name":"小明"`}},
		})
	})
}

func TestRosterStateOfClasses(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		class := "/v1/classes/" + a.Class.ID
		login := map[string]string{"class_code": a.Class.LoginCode, "username": "a-student", "pin": a.StudentPIN}
		h.Run(t, []apitest.Case{
			{Name: "admin sees active", Method: "GET", Path: class, Token: a.AdminToken, Status: 200, Contains: []string{`"active":true`},
				Check: lacks(`"sourced_id"`, `"deactivated_at"`)},
			{Name: "teacher sees none of it", Method: "GET", Path: class, Token: a.TeacherToken, Status: 200, Check: lacks(`"active"`)},
			{Name: "student sees none of it", Method: "GET", Path: class, Token: a.StudentToken, Status: 200, Check: lacks(`"active"`)},
			{Name: "teacher may not deactivate", Method: "PATCH", Path: class, Token: a.TeacherToken, Body: map[string]any{"active": false}, Status: 403, Code: "forbidden"},
			{Name: "other school admin may not", Method: "PATCH", Path: class, Token: f.B.AdminToken, Body: map[string]any{"active": false}, Status: 404, Code: "not_found"},
			{Name: "deactivate", Method: "PATCH", Path: class, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200,
				Contains: []string{`"active":false`, `"deactivated_at":"`, `"name":"Class a"`}},
			{Name: "login code stops working", Method: "POST", Path: "/v1/auth/login", Body: login, Status: 401, Code: "invalid_credentials"},
			{Name: "list hides deactivated", Method: "GET", Path: "/v1/classes", Token: a.AdminToken, Status: 200, Check: wantIDs()},
			{Name: "list inactive", Method: "GET", Path: "/v1/classes?status=inactive", Token: a.AdminToken, Status: 200, Check: wantIDs(a.Class.ID)},
			{Name: "list all", Method: "GET", Path: "/v1/classes?status=all", Token: a.AdminToken, Status: 200, Check: wantIDs(a.Class.ID)},
			{Name: "platform admin list inactive", Method: "GET", Path: "/v1/classes?status=inactive", Token: f.AdminToken, Status: 200, Check: wantIDs(a.Class.ID)},
			{Name: "teacher list hides deactivated", Method: "GET", Path: "/v1/classes", Token: a.TeacherToken, Status: 200, Check: wantIDs()},
			{Name: "teacher may not choose", Method: "GET", Path: "/v1/classes?status=all", Token: a.TeacherToken, Status: 403, Code: "forbidden"},
			{Name: "student may not choose", Method: "GET", Path: "/v1/classes?status=inactive", Token: a.StudentToken, Status: 403, Code: "forbidden"},
			{Name: "bad status", Method: "GET", Path: "/v1/classes?status=ALL", Token: a.AdminToken, Status: 400, Code: "invalid_parameter",
				Contains: []string{`"field":"status"`}},
			{Name: "reactivate", Method: "PATCH", Path: class, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200,
				Contains: []string{`"active":true`}, Check: lacks(`"deactivated_at"`)},
			{Name: "login code works again", Method: "POST", Path: "/v1/auth/login", Body: login, Status: 200},
			{Name: "teacher lists it again", Method: "GET", Path: "/v1/classes", Token: a.TeacherToken, Status: 200, Check: wantIDs(a.Class.ID)},
		})
	})
}

func TestRosterStateOfEnrollments(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		// A roster import ends enrollments; the API cannot.
		if err := db.Exec("UPDATE enrollments SET deactivated_at = ?, sourced_id = ? WHERE user_id = ?", h.Now, "enr-1", a.Student.ID).Error; err != nil {
			t.Fatal(err)
		}
		members := "/v1/classes/" + a.Class.ID + "/enrollments"
		h.Run(t, []apitest.Case{
			{Name: "ended hidden", Method: "GET", Path: members, Token: a.AdminToken, Status: 200, Check: wantIDs(a.Teacher.ID)},
			{Name: "inactive", Method: "GET", Path: members + "?status=inactive", Token: a.AdminToken, Status: 200,
				Contains: []string{`"active":false`, `"deactivated_at":"`, `"sourced_id":"enr-1"`}, Check: wantIDs(a.Student.ID)},
			{Name: "all", Method: "GET", Path: members + "?status=all", Token: a.AdminToken, Status: 200, Check: wantIDs(byNameIDs(a.Teacher, a.Student)...)},
			{Name: "teacher sees active only", Method: "GET", Path: members + "?status=inactive", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"active":false`}, Check: lacks(`"sourced_id"`, `"deactivated_at"`)},
			{Name: "bad status", Method: "GET", Path: members + "?status=1", Token: a.AdminToken, Status: 400, Code: "invalid_parameter"},
			{Name: "student is no longer a member", Method: "GET", Path: "/v1/users?class_id=" + a.Class.ID + "&status=all&role=student", Token: a.AdminToken, Status: 200, Check: wantIDs()},
		})
	})
}

// TestStatusPagination pages through each status with one item per page:
// the pages together are the filtered list, in ID order, each row once.
func TestStatusPagination(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		all := []identity.User{a.Admin, a.Teacher, a.OtherTeacher, a.Student, a.OtherStudent}
		inactive := []identity.User{a.Teacher, a.OtherStudent}
		for _, u := range inactive {
			if rec := h.Do(t, "PATCH", "/v1/users/"+u.ID, a.AdminToken, map[string]any{"active": false}, nil); rec.Code != 200 {
				t.Fatalf("deactivate: %d %s", rec.Code, rec.Body)
			}
		}
		active := []identity.User{a.Admin, a.OtherTeacher, a.Student}
		for status, want := range map[string][]string{"active": byNameIDs(active...), "inactive": byNameIDs(inactive...), "all": byNameIDs(all...)} {
			var got []string
			path := "/v1/users?limit=1&status=" + status
			for range 10 {
				rec := h.Do(t, "GET", path, a.AdminToken, nil, nil)
				if rec.Code != 200 {
					t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
				}
				l := apitest.Decode[list](t, rec)
				for _, it := range l.Items {
					got = append(got, it.ID)
				}
				if l.NextCursor == nil {
					break
				}
				path = "/v1/users?limit=1&status=" + status + "&cursor=" + *l.NextCursor
			}
			if !slices.Equal(got, want) {
				t.Errorf("status=%s: pages %v, want %v", status, got, want)
			}
		}
	})
}

// TestRosterImportWinsOverHand: a roster import decides again for the
// users and classes it imported, whatever an admin set by hand.
func TestRosterImportWinsOverHand(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		imports := func(files map[string]string) { t.Helper(); r.imports(t, a.AdminToken, files) }
		var u1, u2, c1 string
		full := schoolFiles("org-a", "a")
		imports(full)
		db.Raw("SELECT id FROM users WHERE sourced_id = ?", "au1").Scan(&u1)
		db.Raw("SELECT id FROM users WHERE sourced_id = ?", "au2").Scan(&u2)
		db.Raw("SELECT id FROM classes WHERE sourced_id = ?", "ac1").Scan(&c1)
		if u1 == "" || u2 == "" || c1 == "" {
			t.Fatalf("imported rows not found: %q %q %q", u1, u2, c1)
		}
		state := func(name, path, active string) apitest.Case {
			return apitest.Case{Name: name, Method: "GET", Path: path, Token: a.AdminToken, Status: 200, Contains: []string{`"active":` + active}}
		}
		r.Run(t, []apitest.Case{
			state("imported user is active", "/v1/users/"+u1, `true`),
			{Name: "sourced id", Method: "GET", Path: "/v1/users/" + u1, Token: a.AdminToken, Status: 200, Contains: []string{`"sourced_id":"au1"`}},
			{Name: "class sourced id", Method: "GET", Path: "/v1/classes/" + c1, Token: a.AdminToken, Status: 200, Contains: []string{`"sourced_id":"ac1"`}},
			{Name: "deactivate user by hand", Method: "PATCH", Path: "/v1/users/" + u1, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
			{Name: "deactivate class by hand", Method: "PATCH", Path: "/v1/classes/" + c1, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
		})
		imports(full)
		r.Run(t, []apitest.Case{
			state("import reactivated the user", "/v1/users/"+u1, `true`),
			state("import reactivated the class", "/v1/classes/"+c1, `true`),
		})

		// A bulk file without au2 deactivates it; reactivated by hand, the
		// next bulk import deactivates it again.
		less := schoolFiles("org-a", "a")
		less["users.csv"] = strings.Replace(less["users.csv"], "au2,org-a,student,,红,王,\n", "", 1)
		less["enrollments.csv"] = strings.Replace(less["enrollments.csv"], "ae3,ac1,au2,student\n", "", 1)
		imports(less)
		r.Run(t, []apitest.Case{
			state("missing from bulk", "/v1/users/"+u2, `false`),
			{Name: "reactivate by hand", Method: "PATCH", Path: "/v1/users/" + u2, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200, Contains: []string{`"active":true`}},
		})
		imports(less)
		r.Run(t, []apitest.Case{state("deactivated again", "/v1/users/"+u2, `false`)})
	})
}
