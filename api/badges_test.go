package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/identity"
	"qixue/models/modelstest"
)

type badgeBody struct {
	UserID   string `json:"user_id"`
	Username string `json:"username"`
	Badge    string `json:"badge"`
	LoginURL string `json:"login_url"`
	QRSVG    string `json:"qr_svg"`
}

type sessionBody struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	User         struct {
		ID string `json:"id"`
	} `json:"user"`
}

// TestBadges: a teacher of the class issues a student's badge; its secret
// logs the student in; reissuing and revoking end the old badge and the
// student's sessions; deactivation ends the badge for good; only the
// student's teachers and admins may issue; every change is audited
// without the secret.
func TestBadges(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		issue := func(token string) (int, badgeBody) {
			rec := h.Do(t, "POST", "/v1/users/"+a.Student.ID+"/badge", token, nil, nil)
			if rec.Code != 200 {
				return rec.Code, badgeBody{}
			}
			return rec.Code, apitest.Decode[badgeBody](t, rec)
		}
		login := func(secret string) (int, sessionBody, string) {
			rec := doFrom(t, h, "POST", "/v1/auth/badge", "", "198.51.100.7", map[string]string{"badge": secret})
			if rec.Code != 200 {
				return rec.Code, sessionBody{}, apitest.Decode[struct {
					Code string `json:"code"`
				}](t, rec).Code
			}
			return rec.Code, apitest.Decode[sessionBody](t, rec), ""
		}

		for name, token := range map[string]string{"other teacher": a.OtherTeacherToken, "school B teacher": f.B.TeacherToken,
			"school B admin": f.B.AdminToken, "student": a.StudentToken} {
			if code, _ := issue(token); code != 404 && code != 403 {
				t.Errorf("%s issues a badge: %d", name, code)
			}
		}
		code, b1 := issue(a.TeacherToken)
		if code != 200 {
			t.Fatalf("teacher issues: %d", code)
		}
		u, err := url.Parse(b1.LoginURL)
		if err != nil || u.Path != "/login" || u.Fragment != "badge="+b1.Badge || len(b1.Badge) != identity.BadgeSecretLen {
			t.Errorf("login URL %q, badge %q", b1.LoginURL, b1.Badge)
		}
		if !strings.HasPrefix(b1.QRSVG, "<svg ") || strings.Contains(b1.QRSVG, "<script") {
			t.Errorf("qr_svg %.80q", b1.QRSVG)
		}
		code, s1, _ := login(b1.Badge)
		if code != 200 || s1.User.ID != a.Student.ID {
			t.Fatalf("badge login: %d %+v", code, s1)
		}
		if rec := h.Do(t, "GET", "/v1/me", s1.AccessToken, nil, nil); rec.Code != 200 {
			t.Errorf("badge session /v1/me: %d", rec.Code)
		}
		if code, _, pcode := login(strings.Repeat("A", identity.BadgeSecretLen)); code != 401 || pcode != "badge_invalid" {
			t.Errorf("unknown badge: %d %s", code, pcode)
		}
		if code, _, _ := login("short"); code != 422 {
			t.Errorf("short badge: %d", code)
		}

		// Reissue (the school admin): the old badge and session end.
		h.Advance(time.Second)
		code, b2 := issue(a.AdminToken)
		if code != 200 || b2.Badge == b1.Badge {
			t.Fatalf("admin reissues: %d", code)
		}
		if code, _, pcode := login(b1.Badge); code != 401 || pcode != "badge_invalid" {
			t.Errorf("old badge after reissue: %d %s", code, pcode)
		}
		if rec := h.Do(t, "GET", "/v1/me", s1.AccessToken, nil, nil); rec.Code != 401 {
			t.Errorf("old session after reissue: %d", rec.Code)
		}
		if rec := h.Do(t, "POST", "/v1/auth/refresh", "", map[string]string{"refresh_token": s1.RefreshToken}, nil); rec.Code != 401 {
			t.Errorf("old refresh token after reissue: %d", rec.Code)
		}
		if code, _, _ := login(b2.Badge); code != 200 {
			t.Errorf("new badge: %d", code)
		}

		// Revoke: the badge ends; a second revoke finds none.
		if rec := h.Do(t, "DELETE", "/v1/users/"+a.Student.ID+"/badge", a.OtherTeacherToken, nil, nil); rec.Code != 404 {
			t.Errorf("other teacher revokes: %d", rec.Code)
		}
		if rec := h.Do(t, "DELETE", "/v1/users/"+a.Student.ID+"/badge", a.TeacherToken, nil, nil); rec.Code != 204 {
			t.Fatalf("revoke: %d %s", rec.Code, rec.Body)
		}
		if code, _, _ := login(b2.Badge); code != 401 {
			t.Errorf("revoked badge: %d", code)
		}
		if rec := h.Do(t, "DELETE", "/v1/users/"+a.Student.ID+"/badge", a.TeacherToken, nil, nil); rec.Code != 404 {
			t.Errorf("second revoke: %d", rec.Code)
		}

		// Deactivation ends the badge even after reactivation.
		_, b3 := issue(a.TeacherToken)
		for _, active := range []bool{false, true} {
			if rec := h.Do(t, "PATCH", "/v1/users/"+a.Student.ID, a.AdminToken, map[string]any{"active": active}, nil); rec.Code != 200 {
				t.Fatalf("active=%v: %d %s", active, rec.Code, rec.Body)
			}
		}
		if code, _, _ := login(b3.Badge); code != 401 {
			t.Errorf("badge after deactivation and reactivation: %d", code)
		}
		if code, _ := issue(f.B.TeacherToken); code != 404 {
			t.Errorf("school B teacher: %d", code)
		}

		// Audited, without the secret.
		for action, want := range map[string]int{"badge_issued": 3, "badge_revoked": 1} {
			page := auditList(t, h, a.AdminToken, url.Values{"action": {action}, "user_id": {a.Student.ID}})
			if len(page.Items) != want {
				t.Errorf("%s: %d entries, want %d", action, len(page.Items), want)
			}
			rec := h.Do(t, "GET", "/v1/audit?action="+action, a.AdminToken, nil, nil)
			for _, secret := range []string{b1.Badge, b2.Badge, b3.Badge} {
				if strings.Contains(rec.Body.String(), secret) {
					t.Errorf("%s entry holds the secret", action)
				}
			}
		}
	})
}

// TestBadgeLoginLimit: wrong badges count against the client address as
// failed logins do; a right one counts nothing.
func TestBadgeLoginLimit(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		const limit = 3
		h := apitest.New(t, db, func(c *identity.Config) { c.AddressLimit = limit })
		f := h.Fixture(t)
		rec := h.Do(t, "POST", "/v1/users/"+f.A.Student.ID+"/badge", f.A.TeacherToken, nil, nil)
		good := apitest.Decode[badgeBody](t, rec).Badge
		const addr = "203.0.113.9"
		for range limit + 2 {
			if rec := doFrom(t, h, "POST", "/v1/auth/badge", "", addr, map[string]string{"badge": good}); rec.Code != 200 {
				t.Fatalf("right badge: %d %s", rec.Code, rec.Body)
			}
		}
		for i := range limit {
			bad := strings.Repeat(string(rune('a'+i)), identity.BadgeSecretLen)
			if rec := doFrom(t, h, "POST", "/v1/auth/badge", "", addr, map[string]string{"badge": bad}); rec.Code != 401 {
				t.Fatalf("wrong badge %d: %d", i, rec.Code)
			}
		}
		rec = doFrom(t, h, "POST", "/v1/auth/badge", "", addr, map[string]string{"badge": good})
		if rec.Code != 429 || rec.Header().Get("Retry-After") == "" {
			t.Errorf("past the limit: %d %q", rec.Code, rec.Header().Get("Retry-After"))
		}
		// The address limit is shared with PIN logins.
		rec = doFrom(t, h, "POST", "/v1/auth/login", "", addr, map[string]string{"class_code": f.A.Class.LoginCode, "username": f.A.Student.Username, "pin": f.A.StudentPIN})
		if rec.Code != 429 {
			t.Errorf("PIN login from the locked address: %d", rec.Code)
		}
		if rec := doFrom(t, h, "POST", "/v1/auth/badge", "", "203.0.113.10", map[string]string{"badge": good}); rec.Code != 200 {
			t.Errorf("another address: %d", rec.Code)
		}
	})
}

var svgInSheet = regexp.MustCompile(`<svg [^>]*>`)

// TestClassBadges: a whole class's badges at once, as JSON that logs each
// student in, and as a printable sheet whose CSP allows only its style.
func TestClassBadges(t *testing.T) {
	htmlDecoder.Do(func() { openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.FileBodyDecoder) })
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		if rec := h.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/students", a.TeacherToken,
			map[string]any{"students": []map[string]string{{"real_name": "王小明"}, {"real_name": "<b>Li</b>"}}}, nil); rec.Code != 201 {
			t.Fatalf("create students: %d %s", rec.Code, rec.Body)
		}
		for _, token := range []string{a.OtherTeacherToken, f.B.AdminToken, a.StudentToken} {
			if rec := h.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/badges", token, nil, nil); rec.Code != 403 && rec.Code != 404 {
				t.Errorf("outsider: %d", rec.Code)
			}
		}
		rec := h.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/badges", a.TeacherToken, nil, nil)
		if rec.Code != 200 {
			t.Fatalf("class badges: %d %s", rec.Code, rec.Body)
		}
		list := apitest.Decode[struct {
			Students []badgeBody `json:"students"`
		}](t, rec)
		if len(list.Students) != 3 {
			t.Fatalf("%d badges, want 3", len(list.Students))
		}
		for _, b := range list.Students {
			rec := h.Do(t, "POST", "/v1/auth/badge", "", map[string]string{"badge": b.Badge}, nil)
			if rec.Code != 200 || apitest.Decode[sessionBody](t, rec).User.ID != b.UserID {
				t.Errorf("badge of %s: %d", b.Username, rec.Code)
			}
		}
		rec = h.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/badges?format=html", a.TeacherToken, nil, map[string]string{"Accept-Language": "en"})
		if rec.Code != 200 {
			t.Fatalf("sheet: %d", rec.Code)
		}
		page := rec.Body.String()
		if n := len(svgInSheet.FindAllString(page, -1)); n != 3 || strings.Contains(page, "<b>Li</b>") || !strings.Contains(page, "&lt;b&gt;Li&lt;/b&gt;") {
			t.Errorf("sheet has %d QR codes or an unescaped name", n)
		}
		styles := styleElement.FindAllStringSubmatch(page, -1)
		sum := sha256.Sum256([]byte(styles[0][1]))
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") || !strings.Contains(csp, "default-src 'none'") ||
			strings.Contains(csp, "script-src") {
			t.Errorf("sheet CSP %q", csp)
		}
		// The sheet made new badges: the JSON ones stopped working.
		if rec := h.Do(t, "POST", "/v1/auth/badge", "", map[string]string{"badge": list.Students[0].Badge}, nil); rec.Code != 401 {
			t.Errorf("badge of the earlier sheet: %d", rec.Code)
		}
	})
}

// TestLoginCardsBadges: the printable login cards of new imported
// students carry their QR login badges with badges=true; each badge logs
// its student in, and the page's CSP still allows only its own style.
func TestLoginCardsBadges(t *testing.T) {
	r := newRosterHarness(t, modelstest.SQLite(t))
	a := r.F.A
	now := time.Now().UTC()
	fresh := identity.User{ID: uuid.NewString(), SchoolID: a.School.ID, Role: domain.RoleStudent, Username: "fresh-kid",
		RealName: "新同学", CreatedAt: now, UpdatedAt: now}
	if err := r.Store.CreateStudents(context.Background(), a.Class.ID, []identity.User{fresh}); err != nil {
		t.Fatal(err)
	}
	rec := r.Do(t, "POST", "/v1/roster/classes/"+a.Class.ID+"/login-cards?format=html&badges=true", a.TeacherToken, nil, nil)
	if rec.Code != 200 {
		t.Fatalf("cards: %d %s", rec.Code, rec.Body)
	}
	page := rec.Body.String()
	if n := len(svgInSheet.FindAllString(page, -1)); n != 1 || !strings.Contains(page, "fresh-kid") {
		t.Fatalf("%d QR codes on the cards of fresh-kid", n)
	}
	styles := styleElement.FindAllStringSubmatch(page, -1)
	sum := sha256.Sum256([]byte(styles[0][1]))
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, base64.StdEncoding.EncodeToString(sum[:])) || strings.Contains(csp, "script-src") {
		t.Errorf("cards CSP %q", csp)
	}
	// The secret is only in the QR code; the badge it encodes is the
	// student's one, issued now and audited.
	entries := auditList(t, r.Harness, a.AdminToken, url.Values{"action": {"badge_issued"}, "user_id": {fresh.ID}})
	if len(entries.Items) != 1 {
		t.Errorf("%d badge_issued entries for the carded student, want 1", len(entries.Items))
	}
	// Without badges=true a new student's card has no QR code.
	other := identity.User{ID: uuid.NewString(), SchoolID: a.School.ID, Role: domain.RoleStudent, Username: "fresh-two",
		RealName: "又一个", CreatedAt: now, UpdatedAt: now}
	if err := r.Store.CreateStudents(context.Background(), a.Class.ID, []identity.User{other}); err != nil {
		t.Fatal(err)
	}
	rec = r.Do(t, "POST", "/v1/roster/classes/"+a.Class.ID+"/login-cards?format=html", a.TeacherToken, nil, nil)
	if body := rec.Body.String(); !strings.Contains(body, "fresh-two") || strings.Contains(body, "<svg") {
		t.Errorf("cards without badges=true: %.400s", body)
	}
}
