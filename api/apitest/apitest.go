// Package apitest runs table-driven HTTP tests through the real router on
// a real database, and validates every response against openapi.yaml.
//
//	func TestX(t *testing.T) {
//		modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
//			h := apitest.New(t, db)
//			f := h.Fixture(t)
//			h.Run(t, []apitest.Case{
//				{Name: "me", Method: "GET", Path: "/v1/me", Token: f.A.TeacherToken, Status: 200},
//			})
//		})
//	}
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/audit"
	"qixue/identity"
	"qixue/models"
)

// Secret signs the harness's access tokens.
const Secret = "apitest-secret-apitest-secret-apitest-secret"

// Harness is a server on a test database with the spec to validate
// against.
type Harness struct {
	DB       *gorm.DB
	Store    *models.IdentityStore
	Identity *identity.Service
	Echo     *echo.Echo
	Spec     *openapi3.T
	router   routers.Router
	// Now is the service clock; tests may move it.
	Now time.Time
	mu  sync.Mutex
}

// New returns a harness on db (see modelstest) with a fast password hash.
// Options change the identity service's configuration (login limits,
// hashing slots); several harnesses on one db act as several instances.
func New(t testing.TB, db *gorm.DB, options ...func(*identity.Config)) *Harness {
	t.Helper()
	h := &Harness{DB: db, Store: models.NewIdentityStore(db), Now: time.Now()}
	cfg := identity.Config{
		Secret:     []byte(Secret),
		BcryptCost: bcrypt.MinCost,
		Now:        h.clock,
	}
	for _, o := range options {
		o(&cfg)
	}
	svc, err := identity.NewService(h.Store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.Identity = svc
	h.Echo = api.NewServer(api.Deps{
		Identity:    svc,
		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
		Unavailable: models.IsUnavailable,
		Audit:       audit.NewService(models.NewAuditStore(db), h.clock),
	})
	h.Spec, h.router = LoadSpec(t)
	return h
}

func (h *Harness) clock() time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.Now
}

// Clock returns the service clock's time.
func (h *Harness) Clock() time.Time { return h.clock() }

// Advance moves the service clock forward.
func (h *Harness) Advance(d time.Duration) {
	h.mu.Lock()
	h.Now = h.Now.Add(d)
	h.mu.Unlock()
}

var (
	specOnce   sync.Once
	specDoc    *openapi3.T
	specRouter routers.Router
	specErr    error
)

// LoadSpec loads and validates openapi.yaml from the module root, once per
// test binary.
func LoadSpec(t testing.TB) (*openapi3.T, routers.Router) {
	t.Helper()
	specOnce.Do(func() {
		var path string
		if path, specErr = SpecPath(); specErr != nil {
			return
		}
		loader := openapi3.NewLoader()
		if specDoc, specErr = loader.LoadFromFile(path); specErr != nil {
			return
		}
		if specErr = specDoc.Validate(context.Background()); specErr != nil {
			return
		}
		specDoc.Servers = nil // match requests of any host
		specRouter, specErr = gorillamux.NewRouter(specDoc)
	})
	if specErr != nil {
		t.Fatalf("openapi.yaml: %v", specErr)
	}
	return specDoc, specRouter
}

// SpecPath finds openapi.yaml next to go.mod above the working directory.
func SpecPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "openapi.yaml"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// Case is one request and what must come back.
type Case struct {
	Name   string
	Method string
	Path   string
	Token  string
	// Body is sent as is when it is a string or []byte, otherwise as JSON.
	Body   any
	Header map[string]string
	Status int
	// Code is the expected problem code of an error response.
	Code string
	// Contains lists substrings the response body must contain.
	Contains []string
	// Excludes lists substrings the response body must not contain.
	Excludes []string
	// Check runs further checks on the response.
	Check func(t *testing.T, rec *httptest.ResponseRecorder)
}

// Do sends one request through the router and returns the response,
// validated against the spec.
func (h *Harness) Do(t testing.TB, method, path, token string, body any, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	case []byte:
		raw = b
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	if raw != nil {
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	}
	if token != "" {
		req.Header.Set(echo.HeaderAuthorization, "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.Echo.ServeHTTP(rec, req)
	h.validate(t, method, path, raw, req.Header, rec)
	return rec
}

// validate checks the response (and, for successful calls, the request)
// against the spec. Requests whose path and method the spec does not have
// (404/405 tests) are only checked for a problem body.
func (h *Harness) validate(t testing.TB, method, path string, body []byte, header http.Header, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code >= 400 && !strings.HasPrefix(rec.Header().Get(echo.HeaderContentType), api.ProblemContentType) {
		t.Errorf("%s %s: status %d with content type %q, want problem+json", method, path, rec.Code, rec.Header().Get(echo.HeaderContentType))
	}
	head := method == http.MethodHead
	if head {
		// HEAD is answered on every GET route and has no body to check.
		if rec.Body.Len() != 0 {
			t.Errorf("HEAD %s: answered with a body", path)
		}
		method = http.MethodGet
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Header = header.Clone()
	route, params, err := h.router.FindRoute(req)
	if err != nil {
		if rec.Code != http.StatusNotFound && rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: not in openapi.yaml (%v) but answered %d", method, path, err, rec.Code)
		}
		return
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true, MultiError: true}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	ctx := context.Background()
	if rec.Code < 400 {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			t.Errorf("%s %s: request does not match openapi.yaml: %v", method, path, err)
		}
	}
	if head {
		return // status and headers only
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(), Options: opts}
	out.SetBodyBytes(rec.Body.Bytes())
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		t.Errorf("%s %s: response %d does not match openapi.yaml: %v\n%s", method, path, rec.Code, err, rec.Body.String())
	}
}

// Run runs the cases in order as subtests.
func (h *Harness) Run(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Helper()
			rec := h.Do(t, c.Method, c.Path, c.Token, c.Body, c.Header)
			if rec.Code != c.Status {
				t.Fatalf("%s %s: status %d, want %d\n%s", c.Method, c.Path, rec.Code, c.Status, rec.Body.String())
			}
			if c.Code != "" {
				var p api.Problem
				if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Code != c.Code {
					t.Errorf("problem code %q, want %q\n%s", p.Code, c.Code, rec.Body.String())
				}
			}
			for _, s := range c.Contains {
				if !strings.Contains(rec.Body.String(), s) {
					t.Errorf("body lacks %q\n%s", s, rec.Body.String())
				}
			}
			for _, s := range c.Excludes {
				if strings.Contains(rec.Body.String(), s) {
					t.Errorf("body has %q\n%s", s, rec.Body.String())
				}
			}
			if c.Check != nil {
				c.Check(t, rec)
			}
		})
	}
}

// Decode unmarshals a JSON response body into v.
func Decode[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.NewDecoder(io.Reader(rec.Body)).Decode(&v); err != nil {
		t.Fatalf("decode %T: %v", v, err)
	}
	return v
}
