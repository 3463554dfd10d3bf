package api_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/identity"
	"qixue/models/modelstest"
)

// TestDeactivationEndsTokens: a deactivated user's access token is
// refused at once on the instance that deactivated it and within
// identity.DefaultRevocationRefresh on another; reactivation does not
// bring the old token back, a new login works.
func TestDeactivationEndsTokens(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		other := apitest.New(t, db) // a second instance on the same database
		h.Advance(2 * time.Second)  // the tokens predate what follows by more than iat's second
		teacher := "/v1/users/" + a.Teacher.ID
		login := map[string]string{"username": a.Teacher.Username, "password": apitest.Password}
		h.Run(t, []apitest.Case{
			{Name: "works before", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 200},
		})
		other.Run(t, []apitest.Case{
			{Name: "works before on the other instance", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 200},
		})
		h.Run(t, []apitest.Case{
			{Name: "deactivate", Method: "PATCH", Path: teacher, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
			{Name: "refused at once", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "refused on every route", Method: "GET", Path: "/v1/classes", Token: a.TeacherToken, Status: 401, Code: "token_invalid",
				Header: map[string]string{"Accept-Language": "en"}, Contains: []string{"revoked"}},
			{Name: "others unaffected", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 200},
			{Name: "no login", Method: "POST", Path: "/v1/auth/login", Body: login, Status: 401, Code: "invalid_credentials"},
		})
		// The other instance trusts its snapshot for the refresh bound,
		// then reads the revocation.
		other.Run(t, []apitest.Case{
			{Name: "other instance within the bound", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 200},
		})
		other.Advance(identity.DefaultRevocationRefresh)
		other.Run(t, []apitest.Case{
			{Name: "other instance after the bound", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "other instance, others unaffected", Method: "GET", Path: "/v1/me", Token: a.OtherTeacherToken, Status: 200},
		})

		h.Run(t, []apitest.Case{
			{Name: "reactivate", Method: "PATCH", Path: teacher, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200},
			{Name: "old token stays refused", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
		})
		h.Advance(time.Second)
		rec := h.Do(t, "POST", "/v1/auth/login", "", login, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("login after reactivation: %d %s", rec.Code, rec.Body)
		}
		fresh := apitest.Decode[struct {
			AccessToken string `json:"access_token"`
		}](t, rec).AccessToken
		h.Run(t, []apitest.Case{
			{Name: "new token works", Method: "GET", Path: "/v1/me", Token: fresh, Status: 200, Contains: []string{a.Teacher.ID}},
			{Name: "and on the classes", Method: "GET", Path: "/v1/classes", Token: fresh, Status: 200, Check: wantIDs(a.Class.ID)},
		})
		other.Advance(identity.DefaultRevocationRefresh)
		other.Run(t, []apitest.Case{
			{Name: "new token works on the other instance", Method: "GET", Path: "/v1/me", Token: fresh, Status: 200},
			{Name: "old one does not", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
		})
	})
}

// TestDeletionEndsTokens: a deleted user's token is refused on another
// instance too, once its snapshot is read again.
func TestDeletionEndsTokens(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		other := apitest.New(t, db)
		h.Advance(2 * time.Second)
		other.Run(t, []apitest.Case{
			{Name: "works before", Method: "POST", Path: "/v1/rules/chess/play", Token: a.OtherStudentToken, Body: map[string]any{}, Status: 200},
		})
		h.Run(t, []apitest.Case{
			{Name: "delete", Method: "DELETE", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.AdminToken, Status: 204},
			{Name: "refused at once", Method: "POST", Path: "/v1/rules/chess/play", Token: a.OtherStudentToken, Body: map[string]any{}, Status: 401, Code: "token_invalid"},
		})
		other.Advance(identity.DefaultRevocationRefresh)
		other.Run(t, []apitest.Case{
			{Name: "refused on the other instance", Method: "POST", Path: "/v1/rules/chess/play", Token: a.OtherStudentToken, Body: map[string]any{}, Status: 401, Code: "token_invalid"},
			{Name: "others unaffected", Method: "POST", Path: "/v1/rules/chess/play", Token: a.StudentToken, Body: map[string]any{}, Status: 200},
		})
	})
}

// TestRosterDeactivationEndsTokens: a roster import that drops a student
// from a bulk file, or imports a teacher with enabledUser=false, ends
// their tokens within the refresh bound (the import writes the database
// directly, not through the identity service).
func TestRosterDeactivationEndsTokens(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		imports := func(files map[string]string) { t.Helper(); r.imports(t, a.AdminToken, files) }
		first := schoolUsers(
			"at1,org-a,teacher,a-teacher,Lin,Wei,,true\n", // adopts the fixture's teacher
			"as1,org-a,student,a-student,小,张,,true\n",     // and student
			"au1,org-a,student,,明,李,,true\n",
			"au2,org-a,student,,红,王,,true\n")
		imports(first)
		r.Advance(identity.DefaultRevocationRefresh)
		r.Run(t, []apitest.Case{
			{Name: "adopted student still works", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 200},
			{Name: "adopted teacher still works", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 200},
		})

		second := schoolFiles("org-a", "a")
		second["users.csv"] = strings.Replace(first["users.csv"], "at1,org-a,teacher,a-teacher,Lin,Wei,,true\n", "at1,org-a,teacher,a-teacher,Lin,Wei,,false\n", 1)
		second["users.csv"] = strings.Replace(second["users.csv"], "as1,org-a,student,a-student,小,张,,true\n", "", 1)
		imports(second)
		r.Advance(identity.DefaultRevocationRefresh)
		r.Run(t, []apitest.Case{
			{Name: "student dropped from the bulk file", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 401, Code: "token_invalid"},
			{Name: "teacher disabled", Method: "GET", Path: "/v1/classes", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "other student unaffected", Method: "GET", Path: "/v1/me", Token: a.OtherStudentToken, Status: 200},
			{Name: "the admin unaffected", Method: "GET", Path: "/v1/users/" + a.Student.ID, Token: a.AdminToken, Status: 200, Contains: []string{`"active":false`}},
		})
	})
}

// TestRosterRoleAndPasswordChangesEndSessions: an import that changes a
// user's role (a teacher made a school admin) or password ends the user's
// sessions, so no token goes on carrying the old role or outlives the old
// password; a user whose name alone changes keeps its session.
func TestRosterRoleAndPasswordChangesEndSessions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		imports := func(files map[string]string) { t.Helper(); r.imports(t, a.AdminToken, files) }
		first := schoolUsers(
			"at1,org-a,teacher,a-teacher,Lin,Wei,,true\n",
			"au1,org-a,student,a-student,小,张,,true\n",
			"au2,org-a,student,a-student2,小,李,,true\n")
		imports(first)
		r.Advance(identity.DefaultRevocationRefresh + time.Second)
		refresh := func(username string) string {
			t.Helper()
			rec := r.Do(t, "POST", "/v1/auth/login", "", map[string]string{"username": username, "password": apitest.Password}, nil)
			if rec.Code != 200 {
				t.Fatalf("login %s: %d %s", username, rec.Code, rec.Body)
			}
			return apitest.Decode[session](t, rec).RefreshToken
		}
		teacherRefresh, renamedRefresh := refresh("a-teacher"), refresh("a-student2")
		r.Advance(2 * time.Second)
		second := schoolUsers(
			"at1,org-a,administrator,a-teacher,Lin,Wei,,true\n",     // promoted
			"au1,org-a,student,a-student,小,张,new-password-1,true\n", // password set
			"au2,org-a,student,a-student2,小,王,,true\n")              // renamed only
		second["enrollments.csv"] = strings.Replace(second["enrollments.csv"], "ae1,ac1,at1,teacher\n", "", 1) // an admin teaches no class
		imports(second)
		r.Advance(identity.DefaultRevocationRefresh)
		r.Run(t, []apitest.Case{
			{Name: "promoted teacher's token refused", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "promoted teacher's refresh token revoked", Method: "POST", Path: "/v1/auth/refresh",
				Body: map[string]string{"refresh_token": teacherRefresh}, Status: 401},
			{Name: "promoted teacher logs in as a school admin", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": "a-teacher", "password": apitest.Password}, Status: 200, Contains: []string{`"role":"school_admin"`}},
			{Name: "student whose password changed refused", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 401, Code: "token_invalid"},
			{Name: "renamed student keeps its session", Method: "GET", Path: "/v1/me", Token: a.OtherStudentToken, Status: 200},
			{Name: "renamed student's refresh works", Method: "POST", Path: "/v1/auth/refresh",
				Body: map[string]string{"refresh_token": renamedRefresh}, Status: 200},
		})
	})
}

// schoolUsers returns school a's roster files (schoolFiles) with the
// given users.csv rows, which carry a password and enabledUser.
func schoolUsers(rows ...string) map[string]string {
	f := schoolFiles("org-a", "a")
	f["users.csv"] = "sourcedId,orgSourcedIds,role,username,givenName,familyName,password,enabledUser\n" + strings.Join(rows, "")
	return f
}

// imports runs an import of the files as the token's admin to success.
func (r *rosterHarness) imports(t *testing.T, token string, files map[string]string) {
	t.Helper()
	id := r.submit(t, token, zipOf(t, files), "", http.StatusAccepted)
	if job := r.finish(t, token, id); job.Status != "succeeded" {
		t.Fatalf("import %+v", job)
	}
}

// TestAuthStatements: an authenticated request costs no database
// statement for the revocation check while the snapshot is fresh, and one
// when it is read again (which shows that the count works).
func TestAuthStatements(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		var statements atomic.Int64
		count := func(*gorm.DB) { statements.Add(1) }
		cb := db.Callback()
		for name, err := range map[string]error{
			"query":  cb.Query().Before("gorm:query").Register("test:count", count),
			"row":    cb.Row().Before("gorm:row").Register("test:count", count),
			"raw":    cb.Raw().Before("gorm:raw").Register("test:count", count),
			"create": cb.Create().Before("gorm:create").Register("test:count", count),
			"update": cb.Update().Before("gorm:update").Register("test:count", count),
			"delete": cb.Delete().Before("gorm:delete").Register("test:count", count),
		} {
			if err != nil {
				t.Fatal(name, err)
			}
		}
		moves := apitest.Case{Name: "play", Method: "POST", Path: "/v1/rules/chess/play", Token: f.A.StudentToken, Body: map[string]any{}, Status: 200}
		h.Run(t, []apitest.Case{moves}) // loads the snapshot
		statements.Store(0)
		h.Run(t, []apitest.Case{moves, moves, moves})
		if n := statements.Load(); n != 0 {
			t.Errorf("fresh snapshot: %d statements for 3 requests, want 0", n)
		}
		h.Advance(identity.DefaultRevocationRefresh)
		statements.Store(0)
		h.Run(t, []apitest.Case{moves, moves, moves})
		if n := statements.Load(); n != 1 {
			t.Errorf("stale snapshot: %d statements for 3 requests, want 1", n)
		}
	})
}

// TestUnenrollEndsClassAccess: ending a class membership needs no token
// revocation, since the token carries no class: the same token loses the
// class on the next request, and keeps working elsewhere.
func TestUnenrollEndsClassAccess(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		class := "/v1/classes/" + a.Class.ID
		h.Run(t, []apitest.Case{
			{Name: "student reads its class", Method: "GET", Path: class, Token: a.StudentToken, Status: 200},
			{Name: "teacher reads the student", Method: "GET", Path: "/v1/users/" + a.Student.ID, Token: a.TeacherToken, Status: 200},
			{Name: "unenroll the student", Method: "DELETE", Path: class + "/enrollments/" + a.Student.ID, Token: a.AdminToken, Status: 204},
			{Name: "student loses the class at once", Method: "GET", Path: class, Token: a.StudentToken, Status: 404, Code: "not_found"},
			{Name: "not listed", Method: "GET", Path: "/v1/classes", Token: a.StudentToken, Status: 200, Check: wantIDs()},
			{Name: "token still works", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 200},
			{Name: "teacher loses the student at once", Method: "GET", Path: "/v1/users/" + a.Student.ID, Token: a.TeacherToken, Status: 404, Code: "not_found"},
			{Name: "unenroll the teacher", Method: "DELETE", Path: class + "/enrollments/" + a.Teacher.ID, Token: a.AdminToken, Status: 204},
			{Name: "teacher loses the class at once", Method: "GET", Path: class + "/enrollments", Token: a.TeacherToken, Status: 404, Code: "not_found"},
		})
	})
}
