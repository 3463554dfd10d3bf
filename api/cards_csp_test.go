package api_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"qixue/models/modelstest"
)

var (
	styleElement = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	styleHash    = regexp.MustCompile(`style-src 'sha256-([A-Za-z0-9+/=]+)'`)
)

// TestLoginCardsCSP checks that the printable login cards page allows its
// own <style> by the hash of its exact text, and nothing else: no other
// source, no inline script, no framing.
func TestLoginCardsCSP(t *testing.T) {
	r := newRosterHarness(t, modelstest.SQLite(t))
	for _, lang := range []string{"zh-CN", "en"} {
		rec := r.Do(t, http.MethodPost, "/v1/roster/classes/"+r.F.A.Class.ID+"/login-cards?format=html", r.F.A.TeacherToken, nil,
			map[string]string{"Accept-Language": lang})
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", lang, rec.Code, rec.Body.String())
		}
		csp := rec.Header().Get("Content-Security-Policy")
		styles := styleElement.FindAllStringSubmatch(rec.Body.String(), -1)
		if len(styles) != 1 {
			t.Fatalf("%s: %d <style> elements, want 1", lang, len(styles))
		}
		sum := sha256.Sum256([]byte(styles[0][1]))
		want := base64.StdEncoding.EncodeToString(sum[:])
		m := styleHash.FindStringSubmatch(csp)
		if m == nil || m[1] != want {
			t.Errorf("%s: CSP %q does not allow the page's style (sha256-%s)", lang, csp, want)
		}
		for _, d := range []string{"default-src 'none'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, d) {
				t.Errorf("%s: CSP %q lacks %s", lang, csp, d)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "script-src") {
			t.Errorf("%s: CSP %q allows more than the style", lang, csp)
		}
	}
}
