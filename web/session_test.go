package web_test

import (
	"strings"
	"testing"
	"time"
)

// TestSessionInTheTab: the refresh token lives in sessionStorage only
// (nothing in localStorage but the language), an expired access token is
// refreshed quietly, and logging out forgets the login.
func TestSessionInTheTab(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t, "QIXUE_ACCESS_TTL=2s")
	b := newBrowser(t, base, 1024, 768)
	b.teacherLogin()

	first := evalJS[string](b, `sessionStorage.getItem('qixue.refresh') || ''`)
	if first == "" {
		t.Fatal("no refresh token in sessionStorage after login")
	}
	local := evalJS[string](b, `JSON.stringify(Object.keys(localStorage))`)
	if local != "[]" && local != `["qixue.lang"]` {
		t.Errorf("localStorage holds %s; a login must not outlive the tab", local)
	}
	if strings.Contains(evalJS[string](b, `JSON.stringify(Object.entries(localStorage))`), first) {
		t.Error("the refresh token is in localStorage")
	}

	// The access token (2 s) expires; the next page still loads.
	time.Sleep(2500 * time.Millisecond)
	b.click(".class-card")
	b.wait("#create-students")
	if second := evalJS[string](b, `sessionStorage.getItem('qixue.refresh') || ''`); second == "" || second == first {
		t.Errorf("refresh token after expiry %q: want a new one", second)
	}

	// A reload keeps the tab's login (the token comes back from sessionStorage).
	b.open("/teacher")
	b.wait(".class-card")

	b.click("#logout")
	b.wait("#password")
	if left := evalJS[string](b, `JSON.stringify(Object.keys(sessionStorage))`); left != "[]" {
		t.Errorf("sessionStorage after logout: %s", left)
	}
	b.open("/teacher")
	b.wait("#password") // back at the login: nothing left to log in with
}
