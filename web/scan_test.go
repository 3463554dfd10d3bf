package web_test

import (
	"fmt"
	"testing"
)

// TestBadgeScan: where the browser has a QR reader and a camera, the
// student login offers the scan button, and a badge read from the camera
// logs the student in. Headless chromium has neither, so the test gives
// the page a camera (a canvas stream) and a reader that sees the badge.
func TestBadgeScan(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "冯扫")
	var users struct {
		Items []struct{ ID, Username string } `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/users?class_id="+class+"&limit=200", tok, nil, &users)
	id := ""
	for _, u := range users.Items {
		if u.Username == cards.Students[0].Username {
			id = u.ID
		}
	}
	var badge struct {
		LoginURL string `json:"login_url"`
	}
	apiCall(t, base, "POST", "/v1/users/"+id+"/badge", tok, nil, &badge)

	b := newBrowser(t, base, 1024, 768)
	b.open("/student/login")
	b.wait("#class-code")
	evalJS[bool](b, fmt.Sprintf(`(() => {
		window.BarcodeDetector = class { constructor() {} async detect() { return [{ rawValue: %q }]; } };
		const canvas = document.createElement('canvas');
		canvas.width = 64; canvas.height = 64;
		canvas.getContext('2d').fillRect(0, 0, 64, 64);
		navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(5);
		dispatchEvent(new PopStateEvent('popstate'));
		return true; })()`, badge.LoginURL))
	b.click("#scan")
	b.waitJS("the scan's end", `!!document.getElementById('next-btn') || !!document.querySelector('.scan-status.error, main .error:not(:empty)')`)
	if !evalJS[bool](b, `!!document.getElementById('next-btn')`) {
		t.Fatalf("the scan did not log in: %q", evalJS[string](b, `document.querySelector('main').innerText`))
	}
}
