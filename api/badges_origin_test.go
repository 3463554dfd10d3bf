package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestBadgeOrigin reproduces the review's F8: the badge URL takes its
// origin from the configured public URL, never the Host header; a Host of
// 3,000 characters is refused with 431 before anything is written, and a
// badge whose QR code cannot be made is not written either, so the old
// badge keeps working.
func TestBadgeOrigin(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		issue := func(e interface {
			ServeHTTP(w http.ResponseWriter, r *http.Request)
		}, host string) (int, badgeBody) {
			r := httptest.NewRequest("POST", "/v1/users/"+a.Student.ID+"/badge", nil)
			r.Host = host
			r.Header.Set("Authorization", "Bearer "+a.TeacherToken)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, r)
			if rec.Code != 200 {
				return rec.Code, badgeBody{}
			}
			return rec.Code, apitest.Decode[badgeBody](t, rec)
		}
		badgeWorks := func(secret string) bool {
			return doFrom(t, h, "POST", "/v1/auth/badge", "", "198.51.100.9", map[string]string{"badge": secret}).Code == 200
		}

		code, b := issue(h.Echo, "evil.example")
		if code != 200 || !strings.HasPrefix(b.LoginURL, api.DefaultPublicURL+"/login#badge=") {
			t.Fatalf("Host evil.example: %d %q", code, b.LoginURL)
		}
		configured := api.NewServer(api.Deps{Identity: h.Identity, Ping: func(ctx context.Context) error { return models.Ping(ctx, db) },
			PublicURL: "https://qixue.example.org/"})
		code, b2 := issue(configured, "evil.example")
		if code != 200 || b2.LoginURL != "https://qixue.example.org/login#badge="+b2.Badge {
			t.Fatalf("configured origin: %d %q", code, b2.LoginURL)
		}
		if badgeWorks(b.Badge) || !badgeWorks(b2.Badge) {
			t.Fatal("reissue did not replace the badge")
		}

		if code, _ := issue(configured, strings.Repeat("h", 3000)); code != 431 {
			t.Errorf("3,000-character Host: %d, want 431", code)
		}
		if !badgeWorks(b2.Badge) {
			t.Error("a refused Host ended the old badge")
		}
		// An origin too long for a QR code: the card fails before the write.
		broken := api.NewServer(api.Deps{Identity: h.Identity, Ping: func(ctx context.Context) error { return models.Ping(ctx, db) },
			PublicURL: "https://" + strings.Repeat("a", 4000) + ".example"})
		if code, _ := issue(broken, "qixue.example.org"); code != 500 {
			t.Errorf("unprintable QR: %d, want 500", code)
		}
		if !badgeWorks(b2.Badge) {
			t.Error("a badge whose QR failed ended the old badge")
		}
	})
}
