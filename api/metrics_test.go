package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"qixue/api"
	"qixue/identity"
)

// TestMetricsToken checks that /metrics wants the configured bearer token,
// and nothing else, when one is set.
func TestMetricsToken(t *testing.T) {
	svc, err := identity.NewService(nil, identity.Config{Secret: []byte("0123456789abcdef0123456789abcdef"), BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	e := api.NewServer(api.Deps{Identity: svc, Ping: func(context.Context) error { return nil }, MetricsToken: "scrape-secret"})
	for _, c := range []struct {
		name, auth string
		status     int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"wrong token", "Bearer scrape-secreT", http.StatusUnauthorized},
		{"basic", "Basic c2NyYXBlLXNlY3JldA==", http.StatusUnauthorized},
		{"token", "Bearer scrape-secret", http.StatusOK},
	} {
		req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.name, rec.Code, c.status)
		}
		if c.status == http.StatusUnauthorized && rec.Header().Get("Content-Type") != api.ProblemContentType {
			t.Errorf("%s: content type %q", c.name, rec.Header().Get("Content-Type"))
		}
	}
}
