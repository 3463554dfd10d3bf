package api_test

import (
	"encoding/csv"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models"
	"qixue/models/modelstest"
)

type session struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	User         struct {
		ID       string `json:"id"`
		Username string `json:"username"`
	} `json:"user"`
}

type list struct {
	Items []struct {
		ID       string `json:"id"`
		UserID   string `json:"user_id"`
		Username string `json:"username"`
	} `json:"items"`
	NextCursor *string `json:"next_cursor"`
}

func ids(t *testing.T, rec *httptest.ResponseRecorder) []string {
	l := apitest.Decode[list](t, rec)
	var out []string
	for _, it := range l.Items {
		if it.ID != "" {
			out = append(out, it.ID)
		} else {
			out = append(out, it.UserID)
		}
	}
	return out
}

func wantIDs(want ...string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		got := ids(t, rec)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("ids %v, want %v", got, want)
		}
	}
}

func TestAuth(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		pw := apitest.Password
		h.Run(t, []apitest.Case{
			{Name: "login", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": "a-teacher", "password": pw}, Status: 200, Contains: []string{`"token_type":"Bearer"`, `"username":"a-teacher"`}},
			{Name: "login username case-insensitive", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": " A-Teacher ", "password": pw}, Status: 200},
			{Name: "wrong password", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": "a-teacher", "password": "nope-nope"}, Status: 401, Code: "invalid_credentials"},
			{Name: "unknown user", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": "ghost", "password": pw}, Status: 401, Code: "invalid_credentials"},
			{Name: "missing password", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": "a-teacher"}, Status: 422, Code: "validation_failed", Contains: []string{`"field":"password"`}},
			{Name: "pin login", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"class_code": strings.ToLower(a.Class.LoginCode), "username": "a-student", "pin": a.StudentPIN}, Status: 200},
			{Name: "pin wrong class", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"class_code": f.B.Class.LoginCode, "username": "a-student", "pin": a.StudentPIN}, Status: 401, Code: "invalid_credentials"},
			{Name: "pin of teacher refused", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"class_code": a.Class.LoginCode, "username": "a-teacher", "pin": "123456"}, Status: 401, Code: "invalid_credentials"},
			{Name: "me teacher", Method: "GET", Path: "/v1/me", Token: a.TeacherToken, Status: 200, Contains: []string{a.Teacher.ID}},
			{Name: "me platform admin", Method: "GET", Path: "/v1/me", Token: f.AdminToken, Status: 200, Contains: []string{`"role":"platform_admin"`}},
			{Name: "me without token", Method: "GET", Path: "/v1/me", Status: 401, Code: "unauthenticated",
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if rec.Header().Get("WWW-Authenticate") == "" {
						t.Error("no WWW-Authenticate header")
					}
				}},
			{Name: "me basic auth", Method: "GET", Path: "/v1/me", Header: map[string]string{"Authorization": "Basic YTpi"}, Status: 401, Code: "unauthenticated"},
			{Name: "me garbage token", Method: "GET", Path: "/v1/me", Token: "not.a.jwt", Status: 401, Code: "token_invalid"},
			{Name: "me tampered token", Method: "GET", Path: "/v1/me", Token: tamper(a.StudentToken), Status: 401, Code: "token_invalid"},
			{Name: "me alg none", Method: "GET", Path: "/v1/me", Token: algNone(t, a.TeacherToken), Status: 401, Code: "token_invalid"},
			{Name: "me other secret", Method: "GET", Path: "/v1/me", Token: forge(t, a.TeacherToken, "HS256", "another-secret-another-secret-another"), Status: 401, Code: "token_invalid"},
			{Name: "me HS512 with right secret", Method: "GET", Path: "/v1/me", Token: forge(t, a.TeacherToken, "HS512", apitest.Secret), Status: 401, Code: "token_invalid"},
			{Name: "me wrong audience", Method: "GET", Path: "/v1/me", Token: withClaim(t, a.TeacherToken, "aud", "other"), Status: 401, Code: "token_invalid"},
			{Name: "me wrong issuer", Method: "GET", Path: "/v1/me", Token: withClaim(t, a.TeacherToken, "iss", "evil"), Status: 401, Code: "token_invalid"},
			{Name: "me future nbf", Method: "GET", Path: "/v1/me", Token: withClaim(t, a.TeacherToken, "nbf", time.Now().Add(time.Hour).Unix()), Status: 401, Code: "token_invalid"},
			{Name: "me no exp", Method: "GET", Path: "/v1/me", Token: withClaim(t, a.TeacherToken, "exp", nil), Status: 401, Code: "token_invalid"},
			{Name: "me expired", Method: "GET", Path: "/v1/me", Token: withClaim(t, a.TeacherToken, "exp", time.Now().Add(-time.Minute).Unix()), Status: 401, Code: "token_expired"},
		})
	})
}

func TestAccessTokenExpires(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		h.Advance(16 * time.Minute)
		h.Run(t, []apitest.Case{
			{Name: "expired", Method: "GET", Path: "/v1/me", Token: f.A.TeacherToken, Status: 401, Code: "token_expired"},
		})
	})
}

func TestRefreshRotation(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		h.Fixture(t)
		login := func() session {
			rec := h.Do(t, "POST", "/v1/auth/login", "", map[string]string{"username": "a-teacher", "password": apitest.Password}, nil)
			if rec.Code != 200 {
				t.Fatalf("login: %d %s", rec.Code, rec.Body)
			}
			return apitest.Decode[session](t, rec)
		}
		refresh := func(tok string) *httptest.ResponseRecorder {
			return h.Do(t, "POST", "/v1/auth/refresh", "", map[string]string{"refresh_token": tok}, nil)
		}
		s1 := login()
		rec := refresh(s1.RefreshToken)
		if rec.Code != 200 {
			t.Fatalf("refresh: %d %s", rec.Code, rec.Body)
		}
		s2 := apitest.Decode[session](t, rec)
		if s2.RefreshToken == s1.RefreshToken || s2.User.ID != s1.User.ID {
			t.Fatal("refresh did not rotate")
		}
		if rec := h.Do(t, "GET", "/v1/me", s2.AccessToken, nil, nil); rec.Code != 200 {
			t.Fatalf("new access token: %d", rec.Code)
		}
		h.Run(t, []apitest.Case{
			{Name: "reuse first token", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": s1.RefreshToken}, Status: 401, Code: "refresh_token_reused"},
			{Name: "family revoked", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": s2.RefreshToken}, Status: 401, Code: "token_invalid"},
			{Name: "unknown token", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": "bogus"}, Status: 401, Code: "token_invalid"},
			{Name: "empty token", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": ""}, Status: 422, Code: "validation_failed"},
		})

		s3 := login()
		h.Run(t, []apitest.Case{
			{Name: "logout", Method: "POST", Path: "/v1/auth/logout", Body: map[string]string{"refresh_token": s3.RefreshToken}, Status: 204},
			{Name: "logout again", Method: "POST", Path: "/v1/auth/logout", Body: map[string]string{"refresh_token": s3.RefreshToken}, Status: 204},
			{Name: "refresh after logout", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": s3.RefreshToken}, Status: 401, Code: "token_invalid"},
		})

		s4 := login()
		h.Advance(31 * 24 * time.Hour)
		h.Run(t, []apitest.Case{
			{Name: "expired refresh", Method: "POST", Path: "/v1/auth/refresh", Body: map[string]string{"refresh_token": s4.RefreshToken}, Status: 401, Code: "token_expired"},
		})
	})
}

func TestLoginRateLimit(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		h.Fixture(t)
		bad := map[string]string{"username": "a-teacher", "password": "wrong-password"}
		for i := range 10 {
			if rec := h.Do(t, "POST", "/v1/auth/login", "", bad, nil); rec.Code != 401 {
				t.Fatalf("attempt %d: %d", i, rec.Code)
			}
		}
		h.Run(t, []apitest.Case{
			{Name: "account locked even with right password", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": "a-teacher", "password": apitest.Password}, Status: 429, Code: "rate_limited",
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if rec.Header().Get("Retry-After") == "" {
						t.Error("no Retry-After")
					}
				}},
			{Name: "other account unaffected", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": "a-student", "password": apitest.Password}, Status: 200},
		})
		h.Advance(16 * time.Minute)
		h.Run(t, []apitest.Case{
			{Name: "window passed", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": "a-teacher", "password": apitest.Password}, Status: 200},
		})
		// The per-address limit: see TestClassroomBehindOneAddress.
	})
}

func TestSchools(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		h.Run(t, []apitest.Case{
			{Name: "admin lists all", Method: "GET", Path: "/v1/schools", Token: f.AdminToken, Status: 200, Check: wantIDs(a.School.ID, b.School.ID)},
			{Name: "admin pages", Method: "GET", Path: "/v1/schools?limit=1", Token: f.AdminToken, Status: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				l := apitest.Decode[list](t, rec)
				if len(l.Items) != 1 || l.NextCursor == nil {
					t.Fatalf("page 1: %+v", l)
				}
				rec2 := h.Do(t, "GET", "/v1/schools?limit=1&cursor="+*l.NextCursor, f.AdminToken, nil, nil)
				l2 := apitest.Decode[list](t, rec2)
				if len(l2.Items) != 1 || l2.Items[0].ID != b.School.ID || l2.NextCursor != nil {
					t.Fatalf("page 2: %+v", l2)
				}
			}},
			{Name: "bad limit", Method: "GET", Path: "/v1/schools?limit=0", Token: f.AdminToken, Status: 400, Code: "invalid_parameter", Contains: []string{`"field":"limit"`}},
			{Name: "bad cursor", Method: "GET", Path: "/v1/schools?cursor=***", Token: f.AdminToken, Status: 400, Code: "invalid_cursor"},
			{Name: "teacher sees own", Method: "GET", Path: "/v1/schools", Token: a.TeacherToken, Status: 200, Check: wantIDs(a.School.ID)},
			{Name: "student refused", Method: "GET", Path: "/v1/schools", Token: a.StudentToken, Status: 403, Code: "forbidden"},
			{Name: "school admin reads own", Method: "GET", Path: "/v1/schools/" + a.School.ID, Token: a.AdminToken, Status: 200},
			{Name: "school admin other school 404", Method: "GET", Path: "/v1/schools/" + b.School.ID, Token: a.AdminToken, Status: 404, Code: "not_found"},
			{Name: "malformed id 404", Method: "GET", Path: "/v1/schools/nope", Token: f.AdminToken, Status: 404, Code: "not_found"},
			{Name: "create", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: map[string]string{"name": "  新学校 "}, Status: 201, Contains: []string{`"name":"新学校"`}},
			{Name: "create with control character", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: map[string]string{"name": "a\u0000b"}, Status: 422, Contains: []string{`"field":"name","code":"control_character"`}},
			{Name: "create blank", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: map[string]string{"name": " "}, Status: 422, Code: "validation_failed", Contains: []string{`"field":"name"`, `"code":"required"`}},
			{Name: "school admin cannot create", Method: "POST", Path: "/v1/schools", Token: a.AdminToken, Body: map[string]string{"name": "x"}, Status: 403, Code: "forbidden"},
			{Name: "rename", Method: "PATCH", Path: "/v1/schools/" + a.School.ID, Token: f.AdminToken, Body: map[string]string{"name": "A2"}, Status: 200, Contains: []string{`"name":"A2"`}},
			{Name: "teacher cannot rename", Method: "PATCH", Path: "/v1/schools/" + a.School.ID, Token: a.TeacherToken, Body: map[string]string{"name": "A3"}, Status: 403},
			{Name: "delete non-empty", Method: "DELETE", Path: "/v1/schools/" + a.School.ID, Token: f.AdminToken, Status: 409, Code: "school_not_empty"},
			{Name: "delete missing", Method: "DELETE", Path: "/v1/schools/018f0000-0000-7000-8000-000000000000", Token: f.AdminToken, Status: 404},
		})
	})
}

func TestUsers(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		h.Run(t, []apitest.Case{
			{Name: "school admin lists school, by name", Method: "GET", Path: "/v1/users", Token: a.AdminToken, Status: 200,
				Check: wantIDs(a.Admin.ID, a.Student.ID, a.OtherStudent.ID, a.Teacher.ID, a.OtherTeacher.ID)},
			{Name: "school admin filters role", Method: "GET", Path: "/v1/users?role=teacher", Token: a.AdminToken, Status: 200, Check: wantIDs(a.Teacher.ID, a.OtherTeacher.ID)},
			{Name: "bad role filter", Method: "GET", Path: "/v1/users?role=king", Token: a.AdminToken, Status: 400},
			{Name: "school_id ignored for school admin", Method: "GET", Path: "/v1/users?role=teacher&school_id=" + b.School.ID, Token: a.AdminToken, Status: 200, Check: wantIDs(a.Teacher.ID, a.OtherTeacher.ID)},
			{Name: "platform admin filters school", Method: "GET", Path: "/v1/users?role=student&school_id=" + b.School.ID, Token: f.AdminToken, Status: 200, Check: wantIDs(b.Student.ID, b.OtherStudent.ID)},
			{Name: "teacher sees students of own classes", Method: "GET", Path: "/v1/users", Token: a.TeacherToken, Status: 200, Check: wantIDs(a.Student.ID)},
			{Name: "other teacher sees none", Method: "GET", Path: "/v1/users", Token: a.OtherTeacherToken, Status: 200, Check: wantIDs()},
			{Name: "student cannot list", Method: "GET", Path: "/v1/users", Token: a.StudentToken, Status: 403},
			{Name: "teacher reads own student", Method: "GET", Path: "/v1/users/" + a.Student.ID, Token: a.TeacherToken, Status: 200},
			{Name: "teacher cannot read other student", Method: "GET", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.TeacherToken, Status: 404},
			{Name: "teacher cannot read other school", Method: "GET", Path: "/v1/users/" + b.Student.ID, Token: a.TeacherToken, Status: 404},
			{Name: "student reads self", Method: "GET", Path: "/v1/users/" + a.Student.ID, Token: a.StudentToken, Status: 200},
			{Name: "student cannot read classmate", Method: "GET", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.StudentToken, Status: 404},
			{Name: "school admin other school 404", Method: "GET", Path: "/v1/users/" + b.Teacher.ID, Token: a.AdminToken, Status: 404},
			{Name: "school admin creates teacher", Method: "POST", Path: "/v1/users", Token: a.AdminToken,
				Body:   map[string]string{"role": "teacher", "username": "a-new", "real_name": "新老师", "password": "long-enough-pw", "school_id": b.School.ID},
				Status: 201, Contains: []string{`"school_id":"` + a.School.ID + `"`}},
			{Name: "duplicate username", Method: "POST", Path: "/v1/users", Token: a.AdminToken,
				Body: map[string]string{"role": "teacher", "username": "A-New", "real_name": "x", "password": "long-enough-pw"}, Status: 409, Code: "username_taken"},
			{Name: "school admin cannot create platform admin", Method: "POST", Path: "/v1/users", Token: a.AdminToken,
				Body: map[string]string{"role": "platform_admin", "username": "evil", "real_name": "x", "password": "long-enough-pw"}, Status: 403},
			{Name: "student without username gets one", Method: "POST", Path: "/v1/users", Token: a.AdminToken,
				Body: map[string]string{"role": "student", "real_name": "小朋友"}, Status: 201, Contains: []string{`"has_password":false`}},
			{Name: "validation lists fields", Method: "POST", Path: "/v1/users", Token: a.AdminToken,
				Body: map[string]string{"role": "teacher", "username": "!", "real_name": "", "password": "short", "email": "bad"}, Status: 422,
				Contains: []string{`"field":"username"`, `"field":"real_name"`, `"field":"password"`, `"field":"email"`}},
			{Name: "platform admin needs school", Method: "POST", Path: "/v1/users", Token: f.AdminToken,
				Body: map[string]string{"role": "teacher", "username": "t-x", "real_name": "x", "password": "long-enough-pw"}, Status: 422, Contains: []string{`"field":"school_id"`}},
			{Name: "teacher cannot create users", Method: "POST", Path: "/v1/users", Token: a.TeacherToken,
				Body: map[string]string{"role": "student", "real_name": "x"}, Status: 403},
			{Name: "update", Method: "PATCH", Path: "/v1/users/" + a.OtherTeacher.ID, Token: a.AdminToken, Body: map[string]string{"real_name": "王老师", "email": "wang@example.org"}, Status: 200, Contains: []string{"王老师", "wang@example.org"}},
			{Name: "update other school", Method: "PATCH", Path: "/v1/users/" + b.OtherTeacher.ID, Token: a.AdminToken, Body: map[string]string{"real_name": "x"}, Status: 404},
			{Name: "teacher cannot update", Method: "PATCH", Path: "/v1/users/" + a.Student.ID, Token: a.TeacherToken, Body: map[string]string{"real_name": "x"}, Status: 403},
			{Name: "teacher sets student password", Method: "PUT", Path: "/v1/users/" + a.Student.ID + "/password", Token: a.TeacherToken, Body: map[string]string{"password": "new-password-1"}, Status: 204},
			{Name: "student logs in with it", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"username": "a-student", "password": "new-password-1"}, Status: 200},
			{Name: "teacher cannot set other student password", Method: "PUT", Path: "/v1/users/" + a.OtherStudent.ID + "/password", Token: a.TeacherToken, Body: map[string]string{"password": "new-password-1"}, Status: 404},
			{Name: "teacher cannot set other school password", Method: "PUT", Path: "/v1/users/" + b.Student.ID + "/password", Token: a.TeacherToken, Body: map[string]string{"password": "new-password-1"}, Status: 404},
			{Name: "teacher cannot set teacher password", Method: "PUT", Path: "/v1/users/" + a.Teacher.ID + "/password", Token: a.TeacherToken, Body: map[string]string{"password": "new-password-1"}, Status: 403},
			{Name: "student cannot set password", Method: "PUT", Path: "/v1/users/" + a.Student.ID + "/password", Token: a.StudentToken, Body: map[string]string{"password": "new-password-1"}, Status: 403},
			{Name: "teacher resets PIN", Method: "POST", Path: "/v1/users/" + a.Student.ID + "/pin", Token: a.TeacherToken, Status: 200, Contains: []string{`"pin":"`}},
			{Name: "PIN of a teacher", Method: "POST", Path: "/v1/users/" + a.OtherTeacher.ID + "/pin", Token: a.AdminToken, Status: 422},
			{Name: "delete other school", Method: "DELETE", Path: "/v1/users/" + b.OtherStudent.ID, Token: a.AdminToken, Status: 404},
			{Name: "delete self", Method: "DELETE", Path: "/v1/users/" + a.Admin.ID, Token: a.AdminToken, Status: 422},
			{Name: "delete", Method: "DELETE", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.AdminToken, Status: 204},
			{Name: "deleted", Method: "GET", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.AdminToken, Status: 404},
			{Name: "deleted user's token", Method: "GET", Path: "/v1/me", Token: a.OtherStudentToken, Status: 401, Code: "token_invalid"},
		})
	})
}

func TestClasses(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		var created string
		h.Run(t, []apitest.Case{
			{Name: "teacher lists own", Method: "GET", Path: "/v1/classes", Token: a.TeacherToken, Status: 200, Check: wantIDs(a.Class.ID)},
			{Name: "student lists own", Method: "GET", Path: "/v1/classes", Token: a.StudentToken, Status: 200, Check: wantIDs(a.Class.ID)},
			{Name: "other teacher lists none", Method: "GET", Path: "/v1/classes", Token: a.OtherTeacherToken, Status: 200, Check: wantIDs()},
			{Name: "school admin lists school", Method: "GET", Path: "/v1/classes", Token: a.AdminToken, Status: 200, Check: wantIDs(a.Class.ID)},
			{Name: "platform admin lists all", Method: "GET", Path: "/v1/classes", Token: f.AdminToken, Status: 200, Check: wantIDs(a.Class.ID, b.Class.ID)},
			{Name: "student reads own class", Method: "GET", Path: "/v1/classes/" + a.Class.ID, Token: a.StudentToken, Status: 200, Contains: []string{a.Class.LoginCode}},
			{Name: "other student 404", Method: "GET", Path: "/v1/classes/" + a.Class.ID, Token: a.OtherStudentToken, Status: 404},
			{Name: "other school teacher 404", Method: "GET", Path: "/v1/classes/" + a.Class.ID, Token: b.TeacherToken, Status: 404},
			{Name: "other school admin 404", Method: "GET", Path: "/v1/classes/" + a.Class.ID, Token: b.AdminToken, Status: 404},
			{Name: "teacher creates", Method: "POST", Path: "/v1/classes", Token: a.OtherTeacherToken, Body: map[string]any{"name": "学前班", "grade": 0}, Status: 201,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					created = apitest.Decode[struct {
						ID string `json:"id"`
					}](t, rec).ID
				}},
			{Name: "grade out of range", Method: "POST", Path: "/v1/classes", Token: a.AdminToken, Body: map[string]any{"name": "x", "grade": 7}, Status: 422, Contains: []string{`"field":"grade"`}},
			{Name: "grade missing", Method: "POST", Path: "/v1/classes", Token: a.AdminToken, Body: map[string]any{"name": "x"}, Status: 422, Contains: []string{`"field":"grade"`}},
			{Name: "teacher from other school", Method: "POST", Path: "/v1/classes", Token: a.AdminToken, Body: map[string]any{"name": "x", "grade": 3, "teacher_ids": []string{b.Teacher.ID}}, Status: 422, Contains: []string{"not_a_teacher"}},
			{Name: "student cannot create", Method: "POST", Path: "/v1/classes", Token: a.StudentToken, Body: map[string]any{"name": "x", "grade": 3}, Status: 403},
			{Name: "teacher updates own", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.TeacherToken, Body: map[string]any{"name": "二年级(2)班", "grade": 2}, Status: 200, Contains: []string{"二年级(2)班"}},
			{Name: "other teacher cannot update", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.OtherTeacherToken, Body: map[string]any{"name": "x"}, Status: 404},
			{Name: "student cannot update", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.StudentToken, Body: map[string]any{"name": "x"}, Status: 403},
			{Name: "new login code", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.TeacherToken, Body: map[string]any{"new_login_code": true}, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if strings.Contains(rec.Body.String(), a.Class.LoginCode) {
						t.Error("login code unchanged")
					}
				}},
			{Name: "enrollments", Method: "GET", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: a.TeacherToken, Status: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if got := ids(t, rec); len(got) != 2 {
					t.Errorf("enrollments %v", got)
				}
			}},
			{Name: "student cannot list enrollments", Method: "GET", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: a.StudentToken, Status: 403},
			{Name: "enroll", Method: "POST", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: a.TeacherToken, Body: map[string]string{"user_id": a.OtherStudent.ID}, Status: 201, Contains: []string{`"role":"student"`}},
			{Name: "enroll twice", Method: "POST", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: a.TeacherToken, Body: map[string]string{"user_id": a.OtherStudent.ID}, Status: 409},
			{Name: "enroll other school user", Method: "POST", Path: "/v1/classes/" + a.Class.ID + "/enrollments", Token: a.AdminToken, Body: map[string]string{"user_id": b.Student.ID}, Status: 422},
			{Name: "enroll into other school class", Method: "POST", Path: "/v1/classes/" + b.Class.ID + "/enrollments", Token: a.AdminToken, Body: map[string]string{"user_id": a.Student.ID}, Status: 404},
			{Name: "teacher now sees new student", Method: "GET", Path: "/v1/users/" + a.OtherStudent.ID, Token: a.TeacherToken, Status: 200},
			{Name: "unenroll", Method: "DELETE", Path: "/v1/classes/" + a.Class.ID + "/enrollments/" + a.OtherStudent.ID, Token: a.TeacherToken, Status: 204},
			{Name: "unenroll again", Method: "DELETE", Path: "/v1/classes/" + a.Class.ID + "/enrollments/" + a.OtherStudent.ID, Token: a.TeacherToken, Status: 404},
			{Name: "other school deletes", Method: "DELETE", Path: "/v1/classes/" + a.Class.ID, Token: b.AdminToken, Status: 404},
		})
		h.Run(t, []apitest.Case{
			{Name: "creator deletes own class", Method: "DELETE", Path: "/v1/classes/" + created, Token: a.OtherTeacherToken, Status: 204},
			{Name: "gone", Method: "GET", Path: "/v1/classes/" + created, Token: a.AdminToken, Status: 404},
		})
	})
}

func TestBulkStudents(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		path := "/v1/classes/" + a.Class.ID + "/students"
		rec := h.Do(t, "POST", path, a.TeacherToken, map[string]any{"students": []map[string]string{{"real_name": "王小明"}, {"real_name": "=SUM(A1)"}}}, nil)
		if rec.Code != 201 {
			t.Fatalf("bulk create: %d %s", rec.Code, rec.Body)
		}
		cards := apitest.Decode[struct {
			ClassCode string `json:"class_code"`
			Students  []struct {
				Username string `json:"username"`
				PIN      string `json:"pin"`
			} `json:"students"`
		}](t, rec)
		if len(cards.Students) != 2 || cards.ClassCode != a.Class.LoginCode {
			t.Fatalf("cards %+v", cards)
		}
		s := cards.Students[0]
		h.Run(t, []apitest.Case{
			{Name: "student logs in with class code and PIN", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": s.PIN}, Status: 200},
			{Name: "wrong PIN", Method: "POST", Path: "/v1/auth/login", Body: map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": "000000x"}, Status: 401},
			{Name: "csv cards", Method: "POST", Path: path + "?format=csv", Token: a.TeacherToken, Body: map[string]any{"students": []map[string]string{{"real_name": "李小红"}}}, Status: 201,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
						t.Fatalf("content type %q", rec.Header().Get("Content-Type"))
					}
					rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\ufeff"))).ReadAll()
					if err != nil || len(rows) != 2 || rows[0][0] != "class" || rows[1][2] != "李小红" || len(rows[1][4]) != 6 {
						t.Fatalf("csv %q %v", rec.Body.String(), err)
					}
				}},
			{Name: "csv escapes formulas", Method: "POST", Path: path, Token: a.TeacherToken, Header: map[string]string{"Accept": "text/csv"}, Body: map[string]any{"students": []map[string]string{{"real_name": "=cmd"}}}, Status: 201, Contains: []string{"'=cmd"}},
			{Name: "other teacher refused", Method: "POST", Path: path, Token: a.OtherTeacherToken, Body: map[string]any{"students": []map[string]string{{"real_name": "x"}}}, Status: 404},
			{Name: "other school refused", Method: "POST", Path: path, Token: b.TeacherToken, Body: map[string]any{"students": []map[string]string{{"real_name": "x"}}}, Status: 404},
			{Name: "empty list", Method: "POST", Path: path, Token: a.TeacherToken, Body: map[string]any{"students": []map[string]string{}}, Status: 422},
			{Name: "blank name", Method: "POST", Path: path, Token: a.TeacherToken, Body: map[string]any{"students": []map[string]string{{"real_name": ""}}}, Status: 422, Contains: []string{`"field":"students[0].real_name"`}},
		})

		// Reissuing the class's cards changes every PIN; the old ones stop working.
		cardsPath := "/v1/classes/" + a.Class.ID + "/login-cards"
		rec = h.Do(t, "POST", cardsPath, a.TeacherToken, nil, nil)
		if rec.Code != 200 {
			t.Fatalf("reissue: %d %s", rec.Code, rec.Body)
		}
		re := apitest.Decode[struct {
			Students []struct {
				Username string `json:"username"`
				PIN      string `json:"pin"`
			} `json:"students"`
		}](t, rec)
		if len(re.Students) != 5 { // the fixture's student and four created above
			t.Fatalf("reissued %d cards", len(re.Students))
		}
		var newPIN string
		for _, c := range re.Students {
			if c.Username == s.Username {
				newPIN = c.PIN
			}
		}
		login := func(pin string) map[string]string {
			return map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": pin}
		}
		h.Run(t, []apitest.Case{
			{Name: "new PIN works", Method: "POST", Path: "/v1/auth/login", Body: login(newPIN), Status: 200},
			{Name: "csv reissue", Method: "POST", Path: cardsPath + "?format=csv", Token: a.AdminToken, Status: 200, Contains: []string{"class,class_code,real_name,username,pin"}},
			{Name: "other teacher cannot reissue", Method: "POST", Path: cardsPath, Token: a.OtherTeacherToken, Status: 404},
			{Name: "other school cannot reissue", Method: "POST", Path: cardsPath, Token: b.AdminToken, Status: 404},
			{Name: "student cannot reissue", Method: "POST", Path: cardsPath, Token: a.StudentToken, Status: 403},
		})
		if newPIN != s.PIN {
			h.Run(t, []apitest.Case{{Name: "old PIN refused", Method: "POST", Path: "/v1/auth/login", Body: login(s.PIN), Status: 401}})
		}
	})
}

func TestBadInput(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		big := `{"name":"` + strings.Repeat("x", 2<<20) + `"}`
		h.Run(t, []apitest.Case{
			{Name: "malformed", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: `{"name":`, Status: 400, Code: "invalid_json"},
			{Name: "syntax", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: `{name: 1}`, Status: 400, Code: "invalid_json"},
			{Name: "trailing data", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: `{"name":"a"} {"name":"b"}`, Status: 400, Code: "invalid_json"},
			{Name: "array body", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: `[1,2]`, Status: 400, Code: "invalid_type"},
			{Name: "unknown field", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: `{"name":"a","evil":true}`, Status: 400, Code: "unknown_field", Contains: []string{`"field":"evil"`}},
			{Name: "wrong type", Method: "POST", Path: "/v1/classes", Token: f.A.AdminToken, Body: `{"name":"a","grade":"one"}`, Status: 400, Code: "invalid_type", Contains: []string{`"field":"grade"`}},
			{Name: "nested wrong type", Method: "POST", Path: "/v1/classes/" + f.A.Class.ID + "/students", Token: f.A.TeacherToken, Body: `{"students":[{"real_name":5}]}`, Status: 400, Code: "invalid_type", Contains: []string{"students[0].real_name"}},
			{Name: "empty body", Method: "POST", Path: "/v1/auth/login", Body: ``, Header: map[string]string{"Content-Type": "application/json"}, Status: 400, Code: "empty_body"},
			{Name: "null body", Method: "POST", Path: "/v1/auth/login", Body: `null`, Status: 422, Code: "validation_failed"},
			{Name: "wrong content type", Method: "POST", Path: "/v1/auth/login", Body: `{"username":"a"}`, Header: map[string]string{"Content-Type": "text/plain"}, Status: 415, Code: "unsupported_media_type"},
			{Name: "oversize", Method: "POST", Path: "/v1/schools", Token: f.AdminToken, Body: big, Status: 413, Code: "body_too_large"},
			{Name: "english", Method: "POST", Path: "/v1/schools?lang=en", Token: f.AdminToken, Body: `{"name":`, Status: 400, Contains: []string{`"title":"Malformed JSON"`}},
			{Name: "accept-language en", Method: "GET", Path: "/v1/me", Header: map[string]string{"Accept-Language": "fr;q=1, en-GB;q=0.8, zh;q=0.5"}, Status: 401, Contains: []string{`"title":"Authentication required"`}},
			{Name: "default chinese", Method: "GET", Path: "/v1/me", Header: map[string]string{"Accept-Language": "de"}, Status: 401, Contains: []string{`"title":"需要登录"`}},
			{Name: "unknown route", Method: "GET", Path: "/v1/nothing", Status: 404, Code: "route_not_found"},
			{Name: "wrong method", Method: "DELETE", Path: "/v1/me", Token: f.AdminToken, Status: 405, Code: "method_not_allowed"},
		})
	})
}

func TestOperations(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	h.Run(t, []apitest.Case{
		{Name: "healthz", Method: "GET", Path: "/healthz", Status: 200},
		{Name: "readyz", Method: "GET", Path: "/readyz", Status: 200},
		{Name: "request id echoed", Method: "GET", Path: "/healthz", Header: map[string]string{"X-Request-ID": "abc-123"}, Status: 200,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if got := rec.Header().Get("X-Request-ID"); got != "abc-123" {
					t.Errorf("X-Request-ID %q", got)
				}
				if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("X-Frame-Options") != "DENY" {
					t.Errorf("security headers missing: %v", rec.Header())
				}
			}},
		{Name: "bad request id replaced", Method: "GET", Path: "/healthz", Header: map[string]string{"X-Request-ID": "a b\x01"}, Status: 200,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if got := rec.Header().Get("X-Request-ID"); got == "" || strings.Contains(got, " ") {
					t.Errorf("X-Request-ID %q", got)
				}
			}},
		{Name: "metrics", Method: "GET", Path: "/metrics", Status: 200,
			Contains: []string{`qixue_http_requests_total{method="GET",route="/healthz",status="200"} 3`, "qixue_http_request_duration_seconds_bucket"}},
	})
	if err := models.Close(h.DB); err != nil {
		t.Fatal(err)
	}
	h.Run(t, []apitest.Case{
		{Name: "readyz without database", Method: "GET", Path: "/readyz", Status: http.StatusServiceUnavailable, Code: "service_unavailable"},
	})
}
