package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/domain"
	"qixue/models/modelstest"
)

func TestCORS(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	e := api.NewServer(api.Deps{Identity: h.Identity, Ping: func(context.Context) error { return nil }, CORSOrigins: []string{"https://app.example.org"}})
	for origin, allowed := range map[string]bool{"https://app.example.org": true, "https://evil.example": false} {
		req := httptest.NewRequest(http.MethodOptions, "/v1/me", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "GET")
		req.Header.Set("Access-Control-Request-Headers", "Authorization")
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		got := rec.Header().Get("Access-Control-Allow-Origin")
		if allowed != (got == origin) {
			t.Errorf("origin %s: Access-Control-Allow-Origin %q", origin, got)
		}
	}
	// Without configured origins there are no CORS headers at all.
	req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	req.Header.Set("Origin", "https://app.example.org")
	rec := httptest.NewRecorder()
	h.Echo.ServeHTTP(rec, req)
	if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("CORS header without configuration: %q", got)
	}
}

// TestPanicIsInternalProblem checks that a panicking handler answers a
// 500 problem without details and logs the cause with the request ID.
func TestPanicIsInternalProblem(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	var logs bytes.Buffer
	e := api.NewServer(api.Deps{Identity: h.Identity, Ping: func(context.Context) error { return nil },
		Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	e.GET("/boom", func(echo.Context) error { panic("secret detail") })
	req := httptest.NewRequest(http.MethodGet, "/boom?lang=en", nil)
	req.Header.Set("X-Request-ID", "req-42")
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	var p api.Problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 500 || p.Code != "internal" || p.RequestID != "req-42" || strings.Contains(rec.Body.String(), "secret detail") {
		t.Fatalf("response %d %s", rec.Code, rec.Body)
	}
	if !strings.Contains(logs.String(), "secret detail") || !strings.Contains(logs.String(), `"request_id":"req-42"`) {
		t.Errorf("cause not logged:\n%s", logs.String())
	}
}

func TestTrustProxy(t *testing.T) {
	// Failed logins are counted per client address: with TrustProxy the
	// address comes from X-Forwarded-For, without it the header is ignored.
	h := apitest.New(t, modelstest.SQLite(t))
	h.Fixture(t)
	for _, trust := range []bool{false, true} {
		e := api.NewServer(api.Deps{Identity: h.Identity, Ping: func(context.Context) error { return nil }, TrustProxy: trust})
		var ip string
		e.GET("/ip", func(c echo.Context) error { ip = c.RealIP(); return nil })
		req := httptest.NewRequest(http.MethodGet, "/ip", nil)
		req.RemoteAddr = "10.0.0.1:1234"
		req.Header.Set("X-Forwarded-For", "203.0.113.9")
		e.ServeHTTP(httptest.NewRecorder(), req)
		want := "10.0.0.1"
		if trust {
			want = "203.0.113.9"
		}
		if ip != want {
			t.Errorf("TrustProxy=%v: client address %q, want %q", trust, ip, want)
		}
	}
}

func TestRequireRole(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	f := h.Fixture(t)
	g := h.Echo.Group("/roletest", api.RequireAuth(h.Identity), api.RequireRole(domain.RoleTeacher, domain.RoleSchoolAdmin))
	g.GET("", func(c echo.Context) error { return c.String(http.StatusOK, string(api.Caller(c).Role)) })
	for token, want := range map[string]int{f.A.TeacherToken: 200, f.A.AdminToken: 200, f.A.StudentToken: 403, f.AdminToken: 403, "": 401} {
		req := httptest.NewRequest(http.MethodGet, "/roletest", nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		h.Echo.ServeHTTP(rec, req)
		if rec.Code != want {
			t.Errorf("status %d, want %d: %s", rec.Code, want, rec.Body)
		}
	}
}

// TestRequestLog checks the JSON request log: request ID, route template,
// status and caller, and never the token.
func TestRequestLog(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	f := h.Fixture(t)
	var logs bytes.Buffer
	e := api.NewServer(api.Deps{Identity: h.Identity, Ping: func(context.Context) error { return nil },
		Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	req := httptest.NewRequest(http.MethodGet, "/v1/users/"+f.A.Student.ID, nil)
	req.Header.Set("Authorization", "Bearer "+f.A.TeacherToken)
	req.Header.Set("X-Request-ID", "log-test-1")
	e.ServeHTTP(httptest.NewRecorder(), req)
	var entry map[string]any
	if err := json.Unmarshal(logs.Bytes(), &entry); err != nil {
		t.Fatalf("log is not one JSON object: %v\n%s", err, logs.String())
	}
	for k, want := range map[string]any{"request_id": "log-test-1", "route": "/v1/users/:id", "status": 200.0, "user_id": f.A.Teacher.ID, "method": "GET"} {
		if entry[k] != want {
			t.Errorf("log %s = %v, want %v", k, entry[k], want)
		}
	}
	if strings.Contains(logs.String(), f.A.TeacherToken) {
		t.Error("the access token was logged")
	}
}
