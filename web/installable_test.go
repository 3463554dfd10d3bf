package web_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestManifestAndWorker: the manifest names the app 棋学 in zh-CN with
// its icons, every icon and every file the worker caches is served, the
// worker's placeholders are filled in, it caches the student's files
// and not the teacher's, and two builds of the same files give the same
// worker (its version is a hash of the files).
func TestManifestAndWorker(t *testing.T) {
	app := newApp(t)
	var m struct {
		Name, ShortName, Lang, Display string
		Icons                          []struct{ Src, Sizes, Type, Purpose string }
	}
	raw := get(t, app, http.MethodGet, "/manifest.webmanifest", nil)
	if ct := raw.Header().Get("Content-Type"); ct != "application/manifest+json" {
		t.Errorf("manifest Content-Type %q", ct)
	}
	var plain map[string]any
	if err := json.Unmarshal(raw.Body.Bytes(), &plain); err != nil {
		t.Fatal(err)
	}
	m.Name, _ = plain["name"].(string)
	m.ShortName, _ = plain["short_name"].(string)
	m.Lang, _ = plain["lang"].(string)
	m.Display, _ = plain["display"].(string)
	if m.Name != "棋学" || m.ShortName != "棋学" || m.Lang != "zh-CN" || m.Display != "standalone" {
		t.Errorf("manifest: name %q, short %q, lang %q, display %q", m.Name, m.ShortName, m.Lang, m.Display)
	}
	if err := json.Unmarshal(raw.Body.Bytes(), &struct {
		Icons *[]struct{ Src, Sizes, Type, Purpose string } `json:"icons"`
	}{&m.Icons}); err != nil {
		t.Fatal(err)
	}
	sizes := map[string]bool{}
	for _, ic := range m.Icons {
		rec := get(t, app, http.MethodGet, ic.Src, nil)
		if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), ic.Type) {
			t.Errorf("icon %s: %d %q, want 200 %s", ic.Src, rec.Code, rec.Header().Get("Content-Type"), ic.Type)
		}
		sizes[ic.Sizes] = true
	}
	for _, s := range []string{"any", "192x192", "512x512"} {
		if !sizes[s] {
			t.Errorf("no icon of size %s", s)
		}
	}

	sw := get(t, app, http.MethodGet, "/sw.js", nil).Body.String()
	if strings.Contains(sw, "__QIXUE_") {
		t.Fatal("sw.js still has a placeholder")
	}
	version := regexp.MustCompile(`const VERSION = '([A-Za-z0-9_-]{8,})';`).FindStringSubmatch(sw)
	if version == nil {
		t.Fatal("sw.js has no version")
	}
	list := regexp.MustCompile(`const PRECACHE = (\[.*\]);`).FindStringSubmatch(sw)
	if list == nil {
		t.Fatal("sw.js has no list of files")
	}
	var files []string
	if err := json.Unmarshal([]byte(list[1]), &files); err != nil {
		t.Fatal(err)
	}
	has := map[string]bool{}
	for _, f := range files {
		has[f] = true
		if rec := get(t, app, http.MethodGet, f, nil); rec.Code != http.StatusOK {
			t.Errorf("the worker caches %s, which answers %d", f, rec.Code)
		}
		if strings.HasPrefix(f, "/js/teacher/") || f == "/sw.js" {
			t.Errorf("the worker caches %s", f)
		}
	}
	for _, f := range []string{"/index.html", "/app.css", "/js/main.js", "/js/student/home.js", "/js/student/exercise.js", "/js/student/outbox.js", "/icon.svg"} {
		if !has[f] {
			t.Errorf("the worker does not cache %s", f)
		}
	}
	index := get(t, app, http.MethodGet, "/", nil).Body.String()
	if !strings.Contains(index, `<link rel="manifest" href="/manifest.webmanifest">`) {
		t.Error("index.html does not link the manifest")
	}
	// The same files give the same version (a fresh build of them).
	again := get(t, newApp(t), http.MethodGet, "/sw.js", nil).Body.String()
	if again != sw {
		t.Error("the worker differs between two builds of the same files")
	}
}

// TestOfflineStart: the app loaded once, its service worker takes over
// and caches the files; with the server stopped, a reload still shows the
// front door in Chinese, and so does another path of the app (the
// student's login, from the cached shell), not the browser's error page.
func TestOfflineStart(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base, stop := startStoppable(t)
	b := newBrowser(t, base, 390, 844)
	b.open("/")
	b.wait(".door")
	b.waitJS("the worker in control", `navigator.serviceWorker.controller !== null`)
	b.waitJS("the files cached", `window.__cached === true || (caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.match('/js/student/login.js'))))).then((r) => { window.__cached = r.some(Boolean); }), false)`)
	keys := evalJS[[]string](b, `caches.keys()`)
	if len(keys) != 1 || !strings.HasPrefix(keys[0], "qixue-") {
		t.Errorf("caches %v, want one qixue- cache", keys)
	}
	stop()
	b.open("/")
	b.wait(".door")
	if got := b.text(".door"); !strings.Contains(got, "我是学生") {
		t.Errorf("the door offline reads %q", got)
	}
	b.shot("offline-door")
	b.open("/student/login")
	b.wait("#class-code")
	b.shot("offline-login")
}
