package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/identity"
	"qixue/models/modelstest"
)

// doFrom sends a request from the client address addr (the harness's own
// requests come from 192.0.2.1).
func doFrom(t *testing.T, h *apitest.Harness, method, path, token, addr string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var r *http.Request
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = httptest.NewRequest(method, path, bytes.NewReader(raw))
		r.Header.Set("Content-Type", "application/json")
	} else {
		r = httptest.NewRequest(method, path, nil)
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	r.RemoteAddr = net.JoinHostPort(addr, "40000")
	rec := httptest.NewRecorder()
	h.Echo.ServeHTTP(rec, r)
	return rec
}

// wrongPIN returns a PIN that is not pin.
func wrongPIN(pin string) string {
	if pin == "000000" {
		return "111111"
	}
	return "000000"
}

// countStatuses runs n requests at once, spread over the harnesses (as
// over instances), and counts their statuses.
func countStatuses(t *testing.T, hs []*apitest.Harness, n int, send func(h *apitest.Harness) *httptest.ResponseRecorder) map[int]int {
	t.Helper()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		count = map[int]int{}
		start = make(chan struct{})
	)
	for i := range n {
		wg.Go(func() {
			<-start
			rec := send(hs[i%len(hs)])
			mu.Lock()
			count[rec.Code]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	return count
}

// TestParallelWrongPINsAreLimitedExactly sends 40 wrong PINs at once to
// two instances: exactly the account limit (10) are checked (401), the
// others refused unchecked (429). A burst of 100 more does not let the
// right PIN through while the account is locked; a teacher lifts the lock.
func TestParallelWrongPINsAreLimitedExactly(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		h2 := apitest.New(t, db)
		h2.Now = h.Now // one clock for both instances
		hs := []*apitest.Harness{h, h2}
		a := f.A
		guess := map[string]string{"class_code": a.Class.LoginCode, "username": a.Student.Username, "pin": wrongPIN(a.StudentPIN)}
		got := countStatuses(t, hs, 40, func(h *apitest.Harness) *httptest.ResponseRecorder {
			return h.Do(t, "POST", "/v1/auth/login", "", guess, nil)
		})
		if got[401] != identity.DefaultAccountLimit || got[429] != 40-identity.DefaultAccountLimit {
			t.Fatalf("40 parallel wrong PINs: %v, want %d × 401 and the rest 429", got, identity.DefaultAccountLimit)
		}
		got = countStatuses(t, hs, 100, func(h *apitest.Harness) *httptest.ResponseRecorder {
			return h.Do(t, "POST", "/v1/auth/login", "", guess, nil)
		})
		if got[429] != 100 {
			t.Fatalf("burst of 100 on a locked account: %v, want 100 × 429", got)
		}
		right := map[string]string{"class_code": a.Class.LoginCode, "username": a.Student.Username, "pin": a.StudentPIN}
		h.Run(t, []apitest.Case{
			{Name: "right PIN while locked", Method: "POST", Path: "/v1/auth/login", Body: right, Status: 429, Code: "rate_limited",
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					s, err := strconv.Atoi(rec.Header().Get("Retry-After"))
					if err != nil || s < 1 || s > 15*60 {
						t.Errorf("Retry-After %q, want seconds up to the window", rec.Header().Get("Retry-After"))
					}
				}},
			{Name: "other teacher cannot lift the lock", Method: "DELETE", Path: "/v1/users/" + a.Student.ID + "/login-lock", Token: a.OtherTeacherToken, Status: 404, Code: "not_found"},
			{Name: "teacher lifts the lock", Method: "DELETE", Path: "/v1/users/" + a.Student.ID + "/login-lock", Token: a.TeacherToken, Status: 204},
			{Name: "right PIN after the teacher lifted the lock", Method: "POST", Path: "/v1/auth/login", Body: right, Status: 200},
		})
		h.Advance(15 * time.Minute)
		for range identity.DefaultAccountLimit {
			if rec := h.Do(t, "POST", "/v1/auth/login", "", guess, nil); rec.Code != 401 {
				t.Fatalf("wrong PIN in a new window: %d", rec.Code)
			}
		}
	})
}

// TestParallelWrongCurrentPasswordsAreLimitedExactly: the self password
// change counts its checks as logins do.
func TestParallelWrongCurrentPasswordsAreLimitedExactly(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		hs := []*apitest.Harness{h, apitest.New(t, db)}
		body := map[string]string{"current_password": "not-the-password", "new_password": "a-new-password-1"}
		got := countStatuses(t, hs, 30, func(h *apitest.Harness) *httptest.ResponseRecorder {
			return h.Do(t, "POST", "/v1/me/password", f.A.TeacherToken, body, nil)
		})
		if got[422] != identity.DefaultAccountLimit || got[429] != 30-identity.DefaultAccountLimit {
			t.Fatalf("30 parallel wrong current passwords: %v, want %d × 422 and the rest 429", got, identity.DefaultAccountLimit)
		}
	})
}

// TestClassroomBehindOneAddress: 40 children behind one school address
// making 5 typos each do not lock the address; their teacher and they
// themselves log in. Spraying past the address limit does lock it, and an
// admin lifts that lock.
func TestClassroomBehindOneAddress(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		// 200 logins at once queue for the hashing slots; on a loaded
		// machine (or under -race) the default 3 s wait answers some 503
		// busy, which this test of the limits is not about.
		h := apitest.New(t, db, func(c *identity.Config) { c.HashWait = 2 * time.Minute })
		f := h.Fixture(t)
		a := f.A
		names := make([]map[string]string, 40)
		for i := range names {
			names[i] = map[string]string{"real_name": fmt.Sprintf("学生%d", i)}
		}
		rec := h.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/students", a.TeacherToken, map[string]any{"students": names}, nil)
		if rec.Code != 201 {
			t.Fatalf("create students: %d %s", rec.Code, rec.Body)
		}
		cards := apitest.Decode[struct {
			ClassCode string `json:"class_code"`
			Students  []struct {
				Username, PIN string
			} `json:"students"`
		}](t, rec)
		const school = "203.0.113.7"
		var wg sync.WaitGroup
		for _, s := range cards.Students { // the whole class at once
			wg.Go(func() {
				for typo := range 5 {
					body := map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": wrongPIN(s.PIN)}
					if rec := doFrom(t, h, "POST", "/v1/auth/login", "", school, body); rec.Code != 401 {
						t.Errorf("typo %d of %s: %d", typo+1, s.Username, rec.Code)
					}
				}
			})
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		teacher := map[string]string{"username": a.Teacher.Username, "password": apitest.Password}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", school, teacher); rec.Code != 200 {
			t.Fatalf("teacher after 200 typos of the class: %d %s", rec.Code, rec.Body)
		}
		for _, s := range cards.Students {
			body := map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": s.PIN}
			if rec := doFrom(t, h, "POST", "/v1/auth/login", "", school, body); rec.Code != 200 {
				t.Fatalf("%s after 5 typos: %d %s", s.Username, rec.Code, rec.Body)
			}
		}

		// One address spraying a PIN over many accounts is stopped (at a
		// lower limit here, to keep the test short).
		const sprayer, limit = "198.51.100.9", 50
		h = apitest.New(t, db, func(c *identity.Config) { c.AddressLimit = limit })
		for i := range limit {
			body := map[string]string{"class_code": cards.ClassCode, "username": fmt.Sprintf("ghost%d", i), "pin": "123456"}
			if rec := doFrom(t, h, "POST", "/v1/auth/login", "", sprayer, body); rec.Code != 401 {
				t.Fatalf("spray %d: %d", i, rec.Code)
			}
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", sprayer, teacher); rec.Code != 429 {
			t.Fatalf("login from an address past its limit: %d, want 429", rec.Code)
		}
		const home = "198.51.100.77"
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", home, teacher); rec.Code != 200 {
			t.Fatalf("login from another address: %d", rec.Code)
		}
		lock := "/v1/login-locks/" + sprayer
		for _, c := range []struct {
			name, token, from string
			status            int
		}{
			{"teacher", a.TeacherToken, sprayer, 403},
			{"school admin elsewhere", a.AdminToken, home, 403},
			{"school admin from the address", a.AdminToken, sprayer, 204},
		} {
			if rec := doFrom(t, h, "DELETE", lock, c.token, c.from, nil); rec.Code != c.status {
				t.Fatalf("%s lifts the address lock: %d, want %d", c.name, rec.Code, c.status)
			}
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", sprayer, teacher); rec.Code != 200 {
			t.Fatalf("login after the address lock was lifted: %d", rec.Code)
		}
	})
}

func TestClearLoginLocks(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		lock := func(u identity.User) string { return "/v1/users/" + u.ID + "/login-lock" }
		h.Run(t, []apitest.Case{
			{Name: "student", Method: "DELETE", Path: lock(a.Student), Token: a.StudentToken, Status: 403, Code: "forbidden"},
			{Name: "teacher, own student", Method: "DELETE", Path: lock(a.Student), Token: a.TeacherToken, Status: 204},
			{Name: "teacher, student of no class of theirs", Method: "DELETE", Path: lock(a.OtherStudent), Token: a.TeacherToken, Status: 404, Code: "not_found"},
			{Name: "teacher, another teacher", Method: "DELETE", Path: lock(a.OtherTeacher), Token: a.TeacherToken, Status: 404, Code: "not_found"},
			{Name: "teacher, other school", Method: "DELETE", Path: lock(b.Student), Token: a.TeacherToken, Status: 404, Code: "not_found"},
			{Name: "school admin, own school", Method: "DELETE", Path: lock(a.OtherTeacher), Token: a.AdminToken, Status: 204},
			{Name: "school admin, other school", Method: "DELETE", Path: lock(b.Student), Token: a.AdminToken, Status: 404, Code: "not_found"},
			{Name: "platform admin", Method: "DELETE", Path: lock(b.Admin), Token: f.AdminToken, Status: 204},
			{Name: "unknown user", Method: "DELETE", Path: "/v1/users/00000000-0000-0000-0000-000000000000/login-lock", Token: f.AdminToken, Status: 404, Code: "not_found"},
			{Name: "no token", Method: "DELETE", Path: lock(a.Student), Status: 401, Code: "unauthenticated"},

			{Name: "address: student", Method: "DELETE", Path: "/v1/login-locks/192.0.2.1", Token: a.StudentToken, Status: 403, Code: "forbidden"},
			{Name: "address: teacher", Method: "DELETE", Path: "/v1/login-locks/192.0.2.1", Token: a.TeacherToken, Status: 403, Code: "forbidden"},
			{Name: "address: school admin, own address", Method: "DELETE", Path: "/v1/login-locks/192.0.2.1", Token: a.AdminToken, Status: 204},
			{Name: "address: school admin, another address", Method: "DELETE", Path: "/v1/login-locks/192.0.2.2", Token: a.AdminToken, Status: 403, Code: "forbidden"},
			{Name: "address: platform admin", Method: "DELETE", Path: "/v1/login-locks/192.0.2.2", Token: f.AdminToken, Status: 204},
			{Name: "address: IPv6", Method: "DELETE", Path: "/v1/login-locks/2001:db8::1", Token: f.AdminToken, Status: 204},
			{Name: "address: not an address", Method: "DELETE", Path: "/v1/login-locks/school-7", Token: f.AdminToken, Status: 422, Code: "validation_failed",
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if !strings.Contains(rec.Body.String(), `"field":"address"`) {
						t.Errorf("no error on address: %s", rec.Body)
					}
				}},
		})

		// Every lifted lock is in the audit log, once, with who lifted it;
		// refused attempts leave nothing.
		count := func(token string, q url.Values, target string) int {
			n := 0
			for _, e := range auditList(t, h, token, q).Items {
				if e.Target.ID == target {
					n++
				}
			}
			return n
		}
		lifted := url.Values{"action": {"login_lock_cleared"}}
		if n := count(a.AdminToken, lifted, a.Student.ID); n != 1 {
			t.Errorf("the teacher's lifting of a student's lock: %d entries, want 1", n)
		}
		if n := count(a.AdminToken, lifted, a.OtherTeacher.ID); n != 1 {
			t.Errorf("the school admin's lifting: %d entries, want 1", n)
		}
		if n := count(a.AdminToken, lifted, a.OtherStudent.ID); n != 0 {
			t.Errorf("a refused lifting was audited: %d entries", n)
		}
		addr := url.Values{"action": {"address_lock_cleared"}}
		if n := count(a.AdminToken, addr, "192.0.2.1"); n != 1 {
			t.Errorf("the school admin's lifting of its address: %d entries, want 1", n)
		}
		if n := count(f.AdminToken, addr, "192.0.2.2"); n != 1 {
			t.Errorf("the platform admin's lifting of an address: %d entries, want 1", n)
		}
	})
}

// TestIPv6AddressesCountByNetwork: the addresses of one /64 share a limit,
// and lifting the lock of one lifts it for the network.
func TestIPv6AddressesCountByNetwork(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db, func(c *identity.Config) { c.AddressLimit = 3 })
		f := h.Fixture(t)
		for i := range 3 {
			body := map[string]string{"username": fmt.Sprintf("ghost%d", i), "password": "wrong-password"}
			if rec := doFrom(t, h, "POST", "/v1/auth/login", "", fmt.Sprintf("2001:db8:1:2::%x", i+1), body); rec.Code != 401 {
				t.Fatalf("guess %d: %d", i, rec.Code)
			}
		}
		teacher := map[string]string{"username": f.A.Teacher.Username, "password": apitest.Password}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", "2001:db8:1:2:ffff::9", teacher); rec.Code != 429 {
			t.Fatalf("same /64: %d, want 429", rec.Code)
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", "2001:db8:1:3::1", teacher); rec.Code != 200 {
			t.Fatalf("other /64: %d, want 200", rec.Code)
		}
		if rec := doFrom(t, h, "DELETE", "/v1/login-locks/2001:db8:1:2::abcd", f.AdminToken, "192.0.2.1", nil); rec.Code != 204 {
			t.Fatalf("lift: %d", rec.Code)
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/login", "", "2001:db8:1:2::1", teacher); rec.Code != 200 {
			t.Fatalf("after lifting: %d, want 200", rec.Code)
		}
	})
}

// TestLoginBusyIsNotAFailure holds the only hashing slot: logins wait a
// short while, then answer 503 with Retry-After, and do not count.
func TestLoginBusyIsNotAFailure(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		slots := identity.NewHashSlots(1)
		h := apitest.New(t, db, func(c *identity.Config) { c.HashSlots, c.HashWait = slots, 20*time.Millisecond })
		f := h.Fixture(t)
		if err := slots.Acquire(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
		wrong := map[string]string{"username": f.A.Teacher.Username, "password": "wrong-password"}
		busy := apitest.Case{Name: "busy", Method: "POST", Path: "/v1/auth/login", Body: wrong, Status: 503, Code: "service_unavailable",
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if rec.Header().Get("Retry-After") != "1" {
					t.Errorf("Retry-After %q, want 1", rec.Header().Get("Retry-After"))
				}
			}}
		cases := make([]apitest.Case, identity.DefaultAccountLimit+2)
		for i := range cases {
			cases[i] = busy
		}
		h.Run(t, cases)
		slots.Release()
		h.Run(t, []apitest.Case{
			{Name: "right password once a slot is free", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": f.A.Teacher.Username, "password": apitest.Password}, Status: 200},
		})
	})
}

// TestLoginNormalisesInput: surrounding spaces, case and full-width
// characters (a Chinese input method's digits) in the class code,
// username and PIN do not make a login fail, and are not failures;
// passwords are taken as typed.
func TestLoginNormalisesInput(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		fullWidth := func(s string) string {
			var b strings.Builder
			for _, r := range s {
				if r >= '!' && r <= '~' {
					r += 0xFF01 - '!'
				}
				b.WriteRune(r)
			}
			return b.String()
		}
		pinLogins := []map[string]string{
			{"class_code": " " + strings.ToLower(a.Class.LoginCode) + " ", "username": " " + strings.ToUpper(a.Student.Username) + "\u3000", "pin": " " + a.StudentPIN + " "},
			{"class_code": a.Class.LoginCode, "username": a.Student.Username, "pin": fullWidth(a.StudentPIN)},
			{"class_code": fullWidth(a.Class.LoginCode), "username": fullWidth(a.Student.Username), "pin": "\u3000" + fullWidth(a.StudentPIN)},
		}
		for i := range identity.DefaultAccountLimit + 2 {
			if rec := h.Do(t, "POST", "/v1/auth/login", "", pinLogins[i%len(pinLogins)], nil); rec.Code != 200 {
				t.Fatalf("login %d (%q): %d %s", i, pinLogins[i%len(pinLogins)], rec.Code, rec.Body)
			}
		}
		h.Run(t, []apitest.Case{
			{Name: "full-width username, password as typed", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": fullWidth(a.Teacher.Username), "password": apitest.Password}, Status: 200},
			{Name: "password with a space is another password", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": a.Teacher.Username, "password": apitest.Password + " "}, Status: 401, Code: "invalid_credentials"},
			{Name: "full-width password is another password", Method: "POST", Path: "/v1/auth/login",
				Body: map[string]string{"username": a.Teacher.Username, "password": fullWidth(apitest.Password)}, Status: 401, Code: "invalid_credentials"},
		})
	})
}
