package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"qixue/web"
)

func newApp(t *testing.T) *web.App {
	t.Helper()
	app, err := web.New()
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// fakeAPI stands in for the API: it names itself in every answer.
var fakeAPI = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(http.StatusNotFound)
	_, _ = io.WriteString(w, `{"api":true}`)
})

func get(t *testing.T, h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestMountRoutes(t *testing.T) {
	h := web.Mount(fakeAPI, newApp(t))
	index := get(t, h, http.MethodGet, "/index.html", nil).Body.String()
	for _, tc := range []struct {
		path   string
		status int
		want   string // "api", "index" or "" (not the index, not the API)
	}{
		{"/", 200, "index"},
		{"/student", 200, "index"},
		{"/teacher/classes/0192/progress", 200, "index"},
		{"/no/such/screen", 200, "index"},
		{"/v1", 404, "api"},
		{"/v1/no-such-route", 404, "api"},
		{"/v1/auth/login", 404, "api"},
		{"/healthz", 404, "api"},
		{"/readyz", 404, "api"},
		{"/metrics", 404, "api"},
		{"/v1x", 200, "index"},
		{"/js/main.js", 200, ""},
		{"/app.css", 200, ""},
		{"/js/no-such.js", 404, ""},
		{"/favicon.ico", 404, ""},
		{"/../../etc/passwd", 404, "index"},
	} {
		rec := get(t, h, http.MethodGet, tc.path, nil)
		body := rec.Body.String()
		if tc.path == "/../../etc/passwd" { // cleaned to /etc/passwd: no extension, so the index
			tc.status = 200
		}
		if rec.Code != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, rec.Code, tc.status)
		}
		switch tc.want {
		case "api":
			if body != `{"api":true}` {
				t.Errorf("%s: not answered by the API: %.80q", tc.path, body)
			}
		case "index":
			if body != index {
				t.Errorf("%s: not the index: %.80q", tc.path, body)
			}
		default:
			if body == index || body == `{"api":true}` {
				t.Errorf("%s: got the index or the API", tc.path)
			}
		}
	}
}

func TestHeaders(t *testing.T) {
	h := web.Mount(fakeAPI, newApp(t))
	for _, path := range []string{"/", "/js/main.js", "/student", "/js/no-such.js"} {
		rec := get(t, h, http.MethodGet, path, nil)
		hd := rec.Header()
		csp := hd.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") || strings.Contains(csp, "http") || strings.Contains(csp, "*") {
			t.Errorf("%s: CSP allows more than this origin: %q", path, csp)
		}
		for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"} {
			if hd.Get(k) != v {
				t.Errorf("%s: %s = %q, want %q", path, k, hd.Get(k), v)
			}
		}
	}
	js := get(t, h, http.MethodGet, "/js/main.js", nil)
	if ct := js.Header().Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("main.js Content-Type %q", ct)
	}
	if rec := get(t, h, http.MethodPost, "/student", nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /student: %d, want 405", rec.Code)
	}
}

func TestGzipETagHead(t *testing.T) {
	h := newApp(t)
	plain := get(t, h, http.MethodGet, "/js/main.js", nil)
	zipped := get(t, h, http.MethodGet, "/js/main.js", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	if zipped.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("no gzip for Accept-Encoding gzip;q=0.8")
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plain.Body.Bytes()) || len(unzipped) == 0 {
		t.Errorf("gzip body differs from the plain one")
	}
	if rec := get(t, h, http.MethodGet, "/js/main.js", map[string]string{"Accept-Encoding": "gzip;q=0"}); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip sent though refused with q=0")
	}
	etag := plain.Header().Get("ETag")
	if rec := get(t, h, http.MethodGet, "/js/main.js", map[string]string{"If-None-Match": etag}); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
		t.Errorf("If-None-Match: %d with %d bytes, want 304 and none", rec.Code, rec.Body.Len())
	}
	head := get(t, h, http.MethodHead, "/js/main.js", nil)
	if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") != plain.Header().Get("Content-Length") {
		t.Errorf("HEAD: %d, %d bytes, length %q", head.Code, head.Body.Len(), head.Header().Get("Content-Length"))
	}
}

// TestFirstLoadBudget: everything the app could load, compressed, fits
// the 250 KB first-load budget (the first load needs less: the screens
// are loaded on first use).
func TestFirstLoadBudget(t *testing.T) {
	total := 0
	for p, n := range newApp(t).Files() {
		total += n
		t.Logf("%-32s %6d bytes gzip", p, n)
	}
	t.Logf("all files: %d bytes gzip", total)
	if total > 250*1024 {
		t.Errorf("the app is %d bytes compressed, over the 250 KB first-load budget", total)
	}
}

// TestNoOutsideHostsOrInlineCode: no file names another host (the app
// must work offline and behind filters), and the HTML has no inline
// script, style or event handler for the CSP to refuse.
func TestNoOutsideHostsOrInlineCode(t *testing.T) {
	app := newApp(t)
	url := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	for p := range app.Files() {
		body := get(t, app, http.MethodGet, p, nil).Body.String()
		if strings.HasSuffix(p, ".svg") {
			body = strings.ReplaceAll(body, "http://www.w3.org/2000/svg", "") // the SVG namespace, never fetched
		}
		if m := url.FindString(body); m != "" {
			t.Errorf("%s names an outside host: %q", p, m)
		}
		if strings.Contains(body, "innerHTML") || strings.Contains(body, "eval(") || strings.Contains(body, "new Function") {
			t.Errorf("%s builds code or markup from strings", p)
		}
		if strings.Contains(body, "localStorage") && !strings.HasSuffix(p, "/i18n.js") {
			t.Errorf("%s uses localStorage (only i18n.js keeps the device's language and display choices there)", p)
		}
	}
	index := get(t, app, http.MethodGet, "/", nil).Body.String()
	inline := regexp.MustCompile(`(?i)<script(?:\s[^>]*)?>\s*[^<\s]|<style|\sstyle=|\son[a-z]+=|javascript:`)
	for _, tag := range regexp.MustCompile(`(?is)<script[^>]*>.*?</script>|<[^>]+>`).FindAllString(index, -1) {
		if strings.HasPrefix(strings.ToLower(tag), "<script") && !strings.Contains(tag, "src=") {
			t.Errorf("index.html has an inline script: %q", tag)
		}
	}
	if m := inline.FindString(index); m != "" {
		t.Errorf("index.html has inline code or style: %q", m)
	}
}
