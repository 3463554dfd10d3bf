package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// demoClass logs the demo teacher in, opens the demo class's page (with
// every confirmation answered yes) and returns the class's login code and
// its first student's username.
func (b *browser) demoClass() (code, user string) {
	b.t.Helper()
	b.teacherLogin()
	b.click(".class-card")
	b.wait(".badge-issue")
	evalJS[bool](b, `(() => { window.confirm = () => true; return true; })()`)
	return evalJS[string](b, `document.querySelector('.code [translate="no"]').textContent`),
		evalJS[string](b, `document.querySelector('.badge-issue').dataset.username`)
}

// TestBadgeLogin: the teacher issues a student's QR badge on the class
// page (a QR code of the app's /login#badge=… URL), the student opens
// that URL as a camera app would and lands on the student home with the
// secret gone from the address bar; once the teacher revokes the badge,
// the URL shows a way back to the PIN login instead.
func TestBadgeLogin(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	b := newBrowser(t, base, 1024, 768)
	_, user := b.demoClass()
	b.click(".badge-issue")
	b.wait(".badge-card svg path")
	link := evalJS[string](b, `document.querySelector('.badge-card .badge-url').href`)
	u, err := url.Parse(link)
	if err != nil || u.Path != "/login" || !strings.HasPrefix(u.Fragment, "badge=") || !strings.HasPrefix(link, base) {
		t.Fatalf("badge URL %q", link)
	}
	if got := b.text(".badge-card .card-user"); got != user {
		t.Errorf("badge card of %q, want %q", got, user)
	}
	if n := evalJS[int](b, `document.querySelector('.badge-card svg').viewBox.baseVal.width`); n < 21+8 {
		t.Errorf("QR code %d modules wide", n)
	}
	evalJS[bool](b, `(() => { document.querySelector('.badge-card').scrollIntoView(); return true; })()`)
	b.shot("teacher-badge")
	b.click("#logout")
	b.wait("#username")

	// A camera app opens the badge's URL.
	b.open(strings.TrimPrefix(link, base))
	b.wait("#next-btn")
	if href := evalJS[string](b, `location.href`); strings.Contains(href, "badge") {
		t.Errorf("the secret stays in the address bar: %s", href)
	}
	b.shot("student-badge-home")
	b.click("#logout")

	// The login page offers the scanner only where the browser can scan.
	b.wait("#class-code")
	canScan := evalJS[bool](b, `'BarcodeDetector' in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia)`)
	if shown := evalJS[bool](b, `!!document.querySelector('#scan')`); shown != canScan {
		t.Errorf("scan button shown=%v, browser can scan=%v", shown, canScan)
	}

	// The teacher revokes it: the URL no longer logs in.
	b.demoClass()
	b.click(`.badge-revoke[data-username="` + user + `"]`)
	b.waitJS("the revocation", `document.getElementById('live').textContent !== ''`)
	b.click("#logout")
	b.wait("#username")
	b.open(strings.TrimPrefix(link, base))
	b.wait("#to-login")
	b.shot("student-badge-revoked")
	if msg := b.text(".error"); msg == "" {
		t.Error("no message for a revoked badge")
	}
}
