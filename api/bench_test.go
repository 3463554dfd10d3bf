package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/games/gamestest"
	"qixue/models"
	"qixue/models/modelstest"
)

// BenchmarkMe measures an authenticated read through the whole stack
// (middleware, JWT check, SQLite lookup, JSON).
func BenchmarkMe(b *testing.B) {
	h := apitest.New(b, modelstest.SQLite(b))
	f := h.Fixture(b)
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, "/v1/me", nil)
		req.Header.Set("Authorization", "Bearer "+f.A.TeacherToken)
		rec := httptest.NewRecorder()
		h.Echo.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkListClasses measures a scoped, paginated list as a teacher
// (classes the caller is enrolled in) and as a school admin.
func BenchmarkListClasses(b *testing.B) {
	h := apitest.New(b, modelstest.SQLite(b))
	f := h.Fixture(b)
	for name, token := range map[string]string{"teacher": f.A.TeacherToken, "school_admin": f.A.AdminToken} {
		b.Run(name, func(b *testing.B) { benchGet(b, h, "/v1/classes", token) })
	}
}

func benchGet(b *testing.B, h *apitest.Harness, path, token string) {
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		h.Echo.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkLoginFailure measures a refused login from ever new accounts
// and addresses, so no rate limit applies (the harness hashes with
// bcrypt's minimum cost, so this is mostly the cost around the hash:
// rate-limit counters and the failure records).
func BenchmarkLoginFailure(b *testing.B) {
	h := apitest.New(b, modelstest.SQLite(b))
	h.Fixture(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		body := fmt.Sprintf(`{"username":"ghost%d","password":"wrong-password"}`, i)
		req := httptest.NewRequest(http.MethodPost, "/v1/auth/login", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = fmt.Sprintf("192.0.%d.%d:1", i/250%250, i%250)
		rec := httptest.NewRecorder()
		h.Echo.ServeHTTP(rec, req)
		if rec.Code != 401 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkGameReplay replays a 100-ply chess game through the router
// (issue 17 target: under 20 ms).
func BenchmarkGameReplay(b *testing.B) {
	db := modelstest.SQLite(b)
	h := apitest.New(b, db)
	f := h.Fixture(b)
	h.Echo = api.NewServer(api.Deps{Identity: h.Identity, Ping: func(context.Context) error { return nil },
		Games: api.NewGames(models.NewGameStore(db), nil)})
	rec := h.Do(b, "POST", "/v1/games", f.A.TeacherToken, map[string]any{"game": "chess", "text": gamestest.RandomPGN(1, 100, 5)}, nil)
	r := apitest.Decode[struct{ Stored []struct{ ID string } }](b, rec)
	if len(r.Stored) != 1 {
		b.Fatalf("%d %s", rec.Code, rec.Body)
	}
	benchGet(b, h, "/v1/games/"+r.Stored[0].ID+"/replay", f.A.TeacherToken)
}
