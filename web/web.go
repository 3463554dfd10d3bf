package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"
)

//go:embed static
var static embed.FS

// CSP is the Content-Security-Policy of every answer of the app: scripts,
// styles, images, API calls, the manifest and the service worker from
// this origin only, no inline script or style, no framing, no plugins.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// file is one embedded file, kept as is and gzip-compressed.
type file struct {
	body, gz []byte
	ctype    string
	etag     string
}

// App serves the embedded web app. Build it with New.
type App struct {
	files map[string]*file // by URL path, "/index.html"
	index *file
}

// New returns the app with every embedded file read and compressed once.
// The error is only for a broken build (a file that cannot be read or
// compressed).
func New() (*App, error) {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	a := &App{files: map[string]*file{}}
	err = fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(sub, p)
		if err != nil {
			return err
		}
		f, err := newFile(p, body)
		if err != nil {
			return fmt.Errorf("web: %s: %w", p, err)
		}
		a.files["/"+p] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	a.index = a.files["/index.html"]
	if a.index == nil {
		return nil, fmt.Errorf("web: static/index.html is missing")
	}
	if err := a.writeWorker(); err != nil {
		return nil, err
	}
	return a, nil
}

// writeWorker fills in the service worker's version and the files it
// caches on install: the version hashes every other file, so a build that
// changes any file gets a new cache (and the old one is dropped); the
// list is every file but the teacher's screens (a student's device need
// not hold them) and the worker itself.
func (a *App) writeWorker() error {
	const name = "/sw.js"
	sw := a.files[name]
	if sw == nil {
		return fmt.Errorf("web: static/sw.js is missing")
	}
	paths := make([]string, 0, len(a.files))
	for p := range a.files {
		if p != name {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	sum := sha256.New()
	var precache []string
	for _, p := range paths {
		fmt.Fprintf(sum, "%s %s\n", p, a.files[p].etag)
		if !strings.HasPrefix(p, "/js/teacher/") {
			precache = append(precache, p)
		}
	}
	list, err := json.Marshal(precache)
	if err != nil {
		return err
	}
	version := base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:9])
	body := bytes.Replace(sw.body, []byte("'__QIXUE_VERSION__'"), []byte("'"+version+"'"), 1)
	body = bytes.Replace(body, []byte("__QIXUE_PRECACHE__"), list, 1)
	if bytes.Contains(body, []byte("__QIXUE_")) {
		return fmt.Errorf("web: static/sw.js: a placeholder was not filled in")
	}
	f, err := newFile(name, body)
	if err != nil {
		return err
	}
	a.files[name] = f
	return nil
}

func newFile(name string, body []byte) (*file, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	switch path.Ext(name) { // not every system's MIME table knows these
	case ".js", ".mjs":
		ctype = "text/javascript; charset=utf-8"
	case ".css":
		ctype = "text/css; charset=utf-8"
	case ".html":
		ctype = "text/html; charset=utf-8"
	case ".svg":
		ctype = "image/svg+xml"
	case ".webmanifest":
		ctype = "application/manifest+json"
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	sum := sha256.Sum256(body)
	return &file{body: body, gz: buf.Bytes(), ctype: ctype,
		etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}, nil
}

// Files returns the URL paths of the embedded files and their gzip
// sizes in bytes (for the first-load budget test and the README).
func (a *App) Files() map[string]int {
	m := make(map[string]int, len(a.files))
	for p, f := range a.files {
		m[p] = len(f.gz)
	}
	return m
}

// ServeHTTP answers GET and HEAD with an embedded file, or the index for
// a path of the app's own (no file extension); a missing file with an
// extension is 404, other methods 405.
func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	setSecurityHeaders(h)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	f := a.files[p]
	if p == "/" {
		f = a.index
	}
	if f == nil {
		if path.Ext(p) != "" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		f = a.index // a route of the app: the app finds its screen
	}
	h.Set("Content-Type", f.ctype)
	h.Set("ETag", f.etag)
	// Always revalidate: a new binary's files are seen at once, an
	// unchanged file costs a 304.
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); match != "" && match == f.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

func setSecurityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", CSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	// The camera is for the student login's badge scanner, on this
	// origin only.
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(), usb=()")
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip
// (listed without q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Mount returns the handler of the whole server: the API for /v1 and its
// subpaths, /healthz, /readyz and /metrics (so unknown /v1 paths stay
// the API's problem+json 404), the app for everything else.
func Mount(api, app http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if IsAPIPath(r.URL.Path) {
			api.ServeHTTP(w, r)
			return
		}
		app.ServeHTTP(w, r)
	})
}

// IsAPIPath reports whether a request path belongs to the API rather than
// the app.
func IsAPIPath(p string) bool {
	switch p {
	case "/v1", "/healthz", "/readyz", "/metrics":
		return true
	}
	return strings.HasPrefix(p, "/v1/")
}
