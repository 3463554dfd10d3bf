package api_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models"
	"qixue/models/modelstest"
)

// outageCases are requests that need the database, each of which must
// answer 503 service_unavailable with Retry-After while it is down.
func outageCases(f apitest.Fixture) []apitest.Case {
	retryAfter := func(t *testing.T, rec *httptest.ResponseRecorder) {
		if got := rec.Header().Get("Retry-After"); got != strconv.Itoa(api.RetryAfterUnavailable) {
			t.Errorf("Retry-After %q, want %d", got, api.RetryAfterUnavailable)
		}
	}
	down := func(name, method, path, token string, body any) apitest.Case {
		return apitest.Case{Name: name, Method: method, Path: path, Token: token, Body: body,
			Status: http.StatusServiceUnavailable, Code: "service_unavailable", Check: retryAfter}
	}
	return []apitest.Case{
		down("login", "POST", "/v1/auth/login", "", map[string]string{"username": "teacher-a", "password": "wrong-password"}),
		down("classes", "GET", "/v1/classes", f.A.TeacherToken, nil),
		down("create school", "POST", "/v1/schools", f.AdminToken, map[string]string{"name": "New school"}),
		down("readyz", "GET", "/readyz", "", nil),
	}
}

// TestDatabaseOutage checks that requests that need a database which
// cannot be reached answer 503 service_unavailable with Retry-After, not
// 500 internal: an embedded database whose pools are closed, and a
// PostgreSQL server that is not listening.
func TestDatabaseOutage(t *testing.T) {
	t.Run("sqlite closed", func(t *testing.T) {
		h := apitest.New(t, modelstest.SQLite(t))
		f := h.Fixture(t)
		if err := models.Close(h.DB); err != nil {
			t.Fatal(err)
		}
		h.Run(t, outageCases(f))
	})
	t.Run("postgres not listening", func(t *testing.T) {
		// Tokens of a working server with the same secret.
		f := apitest.New(t, modelstest.SQLite(t)).Fixture(t)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		url := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/qixue?sslmode=disable&connect_timeout=2", port)
		db, err := gorm.Open(postgres.Open(url), &gorm.Config{Logger: logger.Discard, TranslateError: true, DisableAutomaticPing: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { models.Close(db) })
		h := apitest.New(t, db)
		h.Run(t, outageCases(f))
	})
}
