package api_test

import (
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/identity"
	"qixue/models/modelstest"
)

// loginSession logs username in through the API and returns the session.
func loginSession(t *testing.T, h *apitest.Harness, username string) session {
	t.Helper()
	rec := h.Do(t, "POST", "/v1/auth/login", "", map[string]string{"username": username, "password": apitest.Password}, nil)
	if rec.Code != 200 {
		t.Fatalf("login %s: %d %s", username, rec.Code, rec.Body)
	}
	return apitest.Decode[session](t, rec)
}

// TestRoleChangeEndsSessions: PATCH of a user's role ends the user's
// sessions at once on the instance that made it and within the refresh
// bound on another: a school admin demoted to teacher can no longer
// create a school admin with the old token, a teacher demoted to student
// can no longer read class progress or reset a PIN, and neither's old
// refresh token works. A new login carries the new role.
func TestRoleChangeEndsSessions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		other := apitest.New(t, db)
		adminRefresh := loginSession(t, h, a.Admin.Username).RefreshToken
		teacherRefresh := loginSession(t, h, a.Teacher.Username).RefreshToken
		h.Advance(2 * time.Second)
		newAdmin := func(name string) map[string]any {
			return map[string]any{"role": "school_admin", "username": name, "real_name": "Admin", "password": apitest.Password}
		}
		pin := "/v1/users/" + a.Student.ID + "/pin"
		progress := "/v1/classes/" + a.Class.ID + "/progress"
		h.Run(t, []apitest.Case{
			{Name: "admin creates an admin before", Method: "POST", Path: "/v1/users", Token: a.AdminToken, Body: newAdmin("a-admin2"), Status: 201},
			{Name: "teacher resets a PIN before", Method: "POST", Path: pin, Token: a.TeacherToken, Status: 200},
			{Name: "demote the teacher", Method: "PATCH", Path: "/v1/users/" + a.Teacher.ID, Token: a.AdminToken, Body: map[string]any{"role": "student"}, Status: 200},
			{Name: "demote the admin", Method: "PATCH", Path: "/v1/users/" + a.Admin.ID, Token: f.AdminToken, Body: map[string]any{"role": "teacher"}, Status: 200},
			{Name: "demoted admin creates no admin", Method: "POST", Path: "/v1/users", Token: a.AdminToken, Body: newAdmin("a-admin3"), Status: 401, Code: "token_invalid"},
			{Name: "demoted teacher reads no class progress", Method: "GET", Path: progress, Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "demoted teacher resets no PIN", Method: "POST", Path: pin, Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "demoted admin's refresh token refused", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": adminRefresh}, Status: 401, Code: "token_invalid"},
			{Name: "demoted teacher's refresh token refused", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": teacherRefresh}, Status: 401, Code: "token_invalid"},
			{Name: "others unaffected", Method: "GET", Path: "/v1/me", Token: a.OtherTeacherToken, Status: 200},
		})
		other.Advance(2*time.Second + identity.DefaultRevocationRefresh)
		other.Run(t, []apitest.Case{
			{Name: "refused on another instance", Method: "POST", Path: "/v1/users", Token: a.AdminToken, Body: newAdmin("a-admin4"), Status: 401, Code: "token_invalid"},
			{Name: "teacher refused on another instance", Method: "POST", Path: pin, Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
		})
		h.Advance(time.Second)
		fresh := loginSession(t, h, a.Admin.Username)
		h.Run(t, []apitest.Case{
			{Name: "new login is a teacher", Method: "GET", Path: "/v1/me", Token: fresh.AccessToken, Status: 200, Contains: []string{`"role":"teacher"`}},
			{Name: "and creates no admin", Method: "POST", Path: "/v1/users", Token: fresh.AccessToken, Body: newAdmin("a-admin5"), Status: 403},
		})
	})
}

// TestRosterDemotionEndsSessions: a roster import that demotes a teacher
// to student ends the teacher's sessions: the old token resets no PIN and
// the old refresh token is refused.
func TestRosterDemotionEndsSessions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		r.imports(t, a.AdminToken, schoolUsers(
			"at1,org-a,teacher,a-teacher,Lin,Wei,,true\n",
			"au1,org-a,student,a-student,小,张,,true\n",
			"au2,org-a,student,,红,王,,true\n"))
		// The importer's clock is the real one: the session predates the
		// import, the harness clock stays put until it has run.
		fresh := loginSession(t, r.Harness, a.Teacher.Username)
		time.Sleep(time.Second)
		demoted := schoolUsers(
			"at1,org-a,student,a-teacher,Lin,Wei,,true\n",
			"au1,org-a,student,a-student,小,张,,true\n",
			"au2,org-a,student,,红,王,,true\n")
		demoted["enrollments.csv"] = strings.Replace(demoted["enrollments.csv"], "ae1,ac1,at1,teacher\n", "", 1)
		r.imports(t, a.AdminToken, demoted)
		r.Advance(identity.DefaultRevocationRefresh)
		r.Run(t, []apitest.Case{
			{Name: "demoted teacher resets no PIN", Method: "POST", Path: "/v1/users/" + a.Student.ID + "/pin", Token: fresh.AccessToken, Status: 401, Code: "token_invalid"},
			{Name: "demoted teacher's refresh token refused", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": fresh.RefreshToken}, Status: 401, Code: "token_invalid"},
		})
	})
}

// TestRefreshWhileDeactivated: a refresh refused because the user is
// deactivated does not use the refresh token up: after reactivation it
// works, once, and the login is not revoked.
func TestRefreshWhileDeactivated(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		refresh := loginSession(t, h, a.Teacher.Username).RefreshToken
		body := map[string]string{"refresh_token": refresh}
		teacher := "/v1/users/" + a.Teacher.ID
		h.Run(t, []apitest.Case{
			{Name: "deactivate", Method: "PATCH", Path: teacher, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
			{Name: "refresh refused", Method: "POST", Path: "/v1/auth/refresh", Body: body, Status: 401, Code: "token_invalid"},
			{Name: "refused again, not reused", Method: "POST", Path: "/v1/auth/refresh", Body: body, Status: 401, Code: "token_invalid"},
			{Name: "reactivate", Method: "PATCH", Path: teacher, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200},
		})
		h.Advance(time.Second)
		rec := h.Do(t, "POST", "/v1/auth/refresh", "", body, nil)
		if rec.Code != 200 {
			t.Fatalf("refresh after reactivation: %d %s", rec.Code, rec.Body)
		}
		next := apitest.Decode[session](t, rec)
		h.Run(t, []apitest.Case{
			{Name: "new access token works", Method: "GET", Path: "/v1/me", Token: next.AccessToken, Status: 200},
			{Name: "rotated token works", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": next.RefreshToken}, Status: 200},
			{Name: "the old one is now used", Method: "POST", Path: "/v1/auth/refresh", Body: body, Status: 401, Code: "refresh_token_reused"},
		})
	})
}

// TestTeacherCannotTakeOverStudent: a teacher cannot enrol a student of
// another teacher's class in their own class (and so cannot reset the
// student's PIN and log in as the student); a student in no class, or
// one a school admin moves, can be enrolled.
func TestTeacherCannotTakeOverStudent(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		rec := h.Do(t, "POST", "/v1/classes", a.OtherTeacherToken, map[string]any{"name": "Mine", "grade": 3}, nil)
		if rec.Code != 201 {
			t.Fatalf("create class: %d %s", rec.Code, rec.Body)
		}
		mine := "/v1/classes/" + apitest.Decode[struct {
			ID string `json:"id"`
		}](t, rec).ID + "/enrollments"
		h.Run(t, []apitest.Case{
			{Name: "another teacher's student refused", Method: "POST", Path: mine, Token: a.OtherTeacherToken, Body: map[string]string{"user_id": a.Student.ID},
				Status: 403, Code: "enrollment_needs_school_admin", Header: map[string]string{"Accept-Language": "en"}, Contains: []string{"school admin", `"field":"user_id"`}},
			{Name: "zh-CN text", Method: "POST", Path: mine, Token: a.OtherTeacherToken, Body: map[string]string{"user_id": a.Student.ID},
				Status: 403, Code: "enrollment_needs_school_admin", Contains: []string{"学校管理员"}},
			{Name: "so no PIN reset", Method: "POST", Path: "/v1/users/" + a.Student.ID + "/pin", Token: a.OtherTeacherToken, Status: 404},
			{Name: "a student in no class", Method: "POST", Path: mine, Token: a.OtherTeacherToken, Body: map[string]string{"user_id": a.OtherStudent.ID}, Status: 201},
			{Name: "whose PIN the teacher may reset", Method: "POST", Path: "/v1/users/" + a.OtherStudent.ID + "/pin", Token: a.OtherTeacherToken, Status: 200},
			{Name: "the student's own teacher may not take the new one", Method: "POST", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: a.TeacherToken,
				Body: map[string]string{"user_id": a.OtherStudent.ID}, Status: 403, Code: "enrollment_needs_school_admin"},
			{Name: "a school admin may", Method: "POST", Path: mine, Token: a.AdminToken, Body: map[string]string{"user_id": a.Student.ID}, Status: 201},
			{Name: "a platform admin may", Method: "POST", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: f.AdminToken,
				Body: map[string]string{"user_id": a.OtherStudent.ID}, Status: 201},
		})
	})
}
