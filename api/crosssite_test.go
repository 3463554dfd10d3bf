package api_test

import (
	"bytes"
	"context"
	"net"
	"net/http/httptest"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestCrossSiteLogins reproduces the review's F4: a page on another site
// posting wrong logins with no Content-Type (no preflight) or from a
// cross-site browser context is refused before the login is counted, so a
// school's address budget stays whole and the right password still logs
// in. Same-origin, trusted-origin and non-browser requests pass.
func TestCrossSiteLogins(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db, func(c *identity.Config) { c.AddressLimit = 5 })
		f := h.Fixture(t)
		h.Echo = api.NewServer(api.Deps{Identity: h.Identity, Ping: func(ctx context.Context) error { return models.Ping(ctx, db) },
			PublicURL: "https://qixue.example.org", CORSOrigins: []string{"https://app.example.org", "*"}})
		send := func(path, ctype string, header map[string]string, body string) (int, string) {
			r := httptest.NewRequest("POST", path, bytes.NewBufferString(body))
			r.Host = "qixue.example.org"
			if ctype != "" {
				r.Header.Set("Content-Type", ctype)
			}
			for k, v := range header {
				r.Header.Set(k, v)
			}
			r.RemoteAddr = net.JoinHostPort("203.0.113.5", "40000")
			rec := httptest.NewRecorder()
			h.Echo.ServeHTTP(rec, r)
			return rec.Code, apitest.Decode[struct {
				Code string `json:"code"`
			}](t, rec).Code
		}
		wrong := `{"username":"` + f.A.Teacher.Username + `x","password":"nope"}`
		cases := []struct {
			name, path, ctype string
			header            map[string]string
			status            int
			code              string
		}{
			{"no content type (F4)", "/v1/auth/login", "", nil, 415, "unsupported_media_type"},
			{"text/plain", "/v1/auth/login", "text/plain", nil, 415, "unsupported_media_type"},
			{"form", "/v1/auth/login", "application/x-www-form-urlencoded", nil, 415, "unsupported_media_type"},
			{"cross-site fetch", "/v1/auth/login", "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross_site_request"},
			{"same-site page on another port", "/v1/auth/login", "application/json", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "https://qixue.example.org:18299"}, 403, "cross_site_request"},
			{"foreign Origin, no Sec-Fetch-Site", "/v1/auth/login", "application/json", map[string]string{"Origin": "http://evil.example"}, 403, "cross_site_request"},
			{"class names", "/v1/auth/class-names", "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross_site_request"},
			{"badge", "/v1/auth/badge", "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross_site_request"},
			{"refresh", "/v1/auth/refresh", "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross_site_request"},
		}
		for range 3 { // more than the address budget of 5
			for _, c := range cases {
				if status, code := send(c.path, c.ctype, c.header, wrong); status != c.status || code != c.code {
					t.Errorf("%s: %d %s, want %d %s", c.name, status, code, c.status, c.code)
				}
			}
		}
		for name, header := range map[string]map[string]string{
			"same-origin":         {"Sec-Fetch-Site": "same-origin", "Origin": "https://qixue.example.org"},
			"typed into the bar":  {"Sec-Fetch-Site": "none"},
			"trusted CORS origin": {"Sec-Fetch-Site": "cross-site", "Origin": "https://app.example.org"},
			"not a browser":       nil,
		} {
			if status, code := send("/v1/auth/login", "application/json", header, wrong); status != 401 || code != "invalid_credentials" {
				t.Errorf("%s wrong password: %d %s, want 401 (counted)", name, status, code)
			}
		}
		right := `{"username":"` + f.A.Teacher.Username + `","password":"` + apitest.Password + `"}`
		if status, code := send("/v1/auth/login", "application/json", map[string]string{"Sec-Fetch-Site": "same-origin"}, right); status != 200 {
			t.Errorf("right password after the cross-site flood: %d %s", status, code)
		}
	})
}
