package api_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestChangeOwnPassword covers POST /v1/me/password: the checks, the new
// session, and that every earlier session and the old password stop
// working.
func TestChangeOwnPassword(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		pw, next := apitest.Password, "a-new-password-1"
		login := func(password string) *session {
			rec := h.Do(t, "POST", "/v1/auth/login", "", map[string]string{"username": "a-teacher", "password": password}, nil)
			if rec.Code != 200 {
				return nil
			}
			s := apitest.Decode[session](t, rec)
			return &s
		}
		old := login(pw)
		if old == nil {
			t.Fatal("fixture login failed")
		}
		h.Advance(2 * time.Second) // tokens carry whole seconds
		var fresh session
		h.Run(t, []apitest.Case{
			{Name: "student refused", Method: "POST", Path: "/v1/me/password", Token: a.StudentToken,
				Body: map[string]string{"current_password": pw, "new_password": next}, Status: 403, Code: "forbidden"},
			{Name: "no token", Method: "POST", Path: "/v1/me/password",
				Body: map[string]string{"current_password": pw, "new_password": next}, Status: 401, Code: "unauthenticated"},
			{Name: "wrong current", Method: "POST", Path: "/v1/me/password", Token: a.TeacherToken,
				Body: map[string]string{"current_password": "not-my-password", "new_password": next}, Status: 422,
				Code: "validation_failed", Contains: []string{`"field":"current_password"`, `"code":"incorrect"`}},
			{Name: "too short", Method: "POST", Path: "/v1/me/password", Token: a.TeacherToken,
				Body: map[string]string{"current_password": pw, "new_password": "short"}, Status: 422,
				Contains: []string{`"field":"new_password"`, `"code":"too_short"`}},
			{Name: "unchanged", Method: "POST", Path: "/v1/me/password", Token: a.TeacherToken,
				Body: map[string]string{"current_password": pw, "new_password": pw}, Status: 422,
				Contains: []string{`"field":"new_password"`, `"code":"unchanged"`}},
			{Name: "unknown field", Method: "POST", Path: "/v1/me/password", Token: a.TeacherToken,
				Body: map[string]string{"current_password": pw, "new_password": next, "pin": "1"}, Status: 400, Code: "unknown_field"},
			{Name: "changed", Method: "POST", Path: "/v1/me/password", Token: a.TeacherToken,
				Body: map[string]string{"current_password": pw, "new_password": next}, Status: 200,
				Contains: []string{`"access_token"`, `"refresh_token"`, `"username":"a-teacher"`},
				Check:    func(t *testing.T, rec *httptest.ResponseRecorder) { fresh = apitest.Decode[session](t, rec) }},
			{Name: "old refresh token revoked", Method: "POST", Path: "/v1/auth/refresh",
				Body: map[string]string{"refresh_token": old.RefreshToken}, Status: 401},
			{Name: "old access token revoked", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
		})
		if rec := h.Do(t, "GET", "/v1/me", fresh.AccessToken, nil, nil); rec.Code != 200 {
			t.Errorf("the new session's token: status %d", rec.Code)
		}
		if login(pw) != nil {
			t.Error("the old password still logs in")
		}
		if login(next) == nil {
			t.Error("the new password does not log in")
		}
	})
}

// TestWrongCurrentPasswordIsRateLimited checks that guessing the current
// password counts as failed logins of the account.
func TestWrongCurrentPasswordIsRateLimited(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		body := map[string]string{"current_password": "guess-guess", "new_password": "a-new-password-1"}
		limited := false
		for range 20 {
			rec := h.Do(t, "POST", "/v1/me/password", f.A.TeacherToken, body, nil)
			if rec.Code == 429 {
				limited = true
				break
			}
			if rec.Code != 422 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
		}
		if !limited {
			t.Fatal("20 wrong current passwords were never rate limited")
		}
		rec := h.Do(t, "POST", "/v1/auth/login", "", map[string]string{"username": "a-teacher", "password": apitest.Password}, nil)
		if rec.Code != 429 {
			t.Errorf("login after the guesses: status %d, want 429 (the account is limited)", rec.Code)
		}
	})
}

// TestSettingCredentialsEndsSessions checks that a password set by an
// admin and a PIN reset by a teacher revoke the user's refresh tokens.
func TestSettingCredentialsEndsSessions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		refreshOf := func(body map[string]string) string {
			rec := h.Do(t, "POST", "/v1/auth/login", "", body, nil)
			if rec.Code != 200 {
				t.Fatalf("login: %d %s", rec.Code, rec.Body)
			}
			return apitest.Decode[session](t, rec).RefreshToken
		}
		teacherRefresh := refreshOf(map[string]string{"username": "a-teacher", "password": apitest.Password})
		studentRefresh := refreshOf(map[string]string{"class_code": a.Class.LoginCode, "username": "a-student", "pin": a.StudentPIN})
		h.Advance(2 * time.Second) // tokens carry whole seconds
		h.Run(t, []apitest.Case{
			{Name: "admin sets the teacher's password", Method: "PUT", Path: "/v1/users/" + a.Teacher.ID + "/password", Token: a.AdminToken,
				Body: map[string]string{"password": "set-by-admin-1"}, Status: 204},
			{Name: "teacher's refresh token revoked", Method: "POST", Path: "/v1/auth/refresh",
				Body: map[string]string{"refresh_token": teacherRefresh}, Status: 401},
			{Name: "teacher's access token revoked", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 401, Code: "token_invalid"},
			{Name: "admin's own token stands", Method: "GET", Path: "/v1/me", Token: a.AdminToken, Status: 200},
			{Name: "teacher logs in with the new password", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": "a-teacher", "password": "set-by-admin-1"}, Status: 200},
		})
		h.Run(t, []apitest.Case{
			{Name: "admin resets the student's PIN", Method: "POST", Path: "/v1/users/" + a.Student.ID + "/pin", Token: a.AdminToken, Status: 200},
			{Name: "student's refresh token revoked", Method: "POST", Path: "/v1/auth/refresh",
				Body: map[string]string{"refresh_token": studentRefresh}, Status: 401},
			{Name: "student's access token revoked", Method: "GET", Path: "/v1/me", Token: a.StudentToken, Status: 401, Code: "token_invalid"},
			{Name: "other student's token stands", Method: "GET", Path: "/v1/me", Token: a.OtherStudentToken, Status: 200},
		})
	})
}
