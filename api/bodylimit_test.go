package api_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"qixue/api"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

// chunked sends body through a real HTTP connection without a
// Content-Length (Transfer-Encoding: chunked) and returns the status and
// problem code.
func chunked(t *testing.T, srv *httptest.Server, path, token, contentType string, body []byte) (int, string) {
	t.Helper()
	// A reader of unknown length makes the client send chunks.
	req, err := http.NewRequest(http.MethodPost, srv.URL+path, io.MultiReader(bytes.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.TransferEncoding = []string{"chunked"}
	req.Header.Set("Content-Type", contentType)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var p api.Problem
	json.NewDecoder(res.Body).Decode(&p)
	return res.StatusCode, p.Code
}

// TestChunkedBodyTooLarge checks that a body over the limit sent without a
// Content-Length is a 413 body_too_large, as it is with one, on JSON
// routes (with and without a token) and on the roster upload.
func TestChunkedBodyTooLarge(t *testing.T) {
	db := modelstest.SQLite(t)
	r := newRosterHarness(t, db)
	big := []byte(`{"name":"` + strings.Repeat("长", api.MaxBodyBytes/2) + `"}`)
	srv := httptest.NewServer(r.Echo)
	defer srv.Close()
	for _, tc := range []struct{ name, path, token string }{
		{"create school", "/v1/schools", r.F.AdminToken},
		{"login", "/v1/auth/login", ""},
	} {
		if status, code := chunked(t, srv, tc.path, tc.token, "application/json", big); status != http.StatusRequestEntityTooLarge || code != "body_too_large" {
			t.Errorf("%s: chunked %d bytes: %d %s, want 413 body_too_large", tc.name, len(big), status, code)
		}
	}
	// Under the limit, chunked bodies are read as usual.
	if status, code := chunked(t, srv, "/v1/auth/login", "", "application/json", []byte(`{"username":"nobody","password":"wrong-password"}`)); status != http.StatusUnauthorized {
		t.Errorf("small chunked login: %d %s, want 401", status, code)
	}

	small := roster.NewImporter(models.NewRosterStore(db), roster.Config{Limits: roster.Limits{MaxUpload: 1000}})
	srv2 := httptest.NewServer(api.NewServer(api.Deps{Identity: r.Identity, Ping: func(context.Context) error { return nil }, Roster: small}))
	defer srv2.Close()
	pad := make([]byte, 2<<20)
	rand.Read(pad)
	body, hdr := upload(t, zipOf(t, map[string]string{"manifest.csv": rosterManifest, "pad.txt": hex.EncodeToString(pad)}))
	if status, code := chunked(t, srv2, "/v1/roster/imports", r.F.A.AdminToken, hdr["Content-Type"], body); status != http.StatusRequestEntityTooLarge || code != "body_too_large" {
		t.Errorf("roster upload: chunked %d bytes over a 1000-byte limit: %d %s, want 413 body_too_large", len(body), status, code)
	}
}
