package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/domain"
	"qixue/exercises"
	"qixue/heavy"
	"qixue/models"
	"qixue/models/modelstest"
)

// heavyServer is a server with identity, exercises and games whose heavy
// routes run under g, and a built-in choice exercise for the class to
// answer.
func heavyServer(t testing.TB, db *gorm.DB, g *heavy.Guard) (*apitest.Harness, apitest.Fixture, string) {
	t.Helper()
	h := apitest.New(t, db)
	f := h.Fixture(t)
	practice := exercises.NewService(models.NewExerciseStore(db, models.WithLimitsTTL(0)), nil)
	h.Echo = api.NewServer(api.Deps{Identity: h.Identity, Ping: func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises: practice, Games: api.NewGames(models.NewGameStore(db), nil), Heavy: g})
	choice := exercises.Exercise{
		Key: "chess/heavy-choice-001", Kind: "choice",
		Title: domain.Text{ZH: "王车易位", EN: "Castling"}, Body: domain.Text{ZH: "哪个对？", EN: "Which is right?"},
		Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"王走三格","en":"Three squares"},{"zh-CN":"王走两格","en":"Two squares"}]}`),
		Solution:   json.RawMessage(`{"correct":[1]}`),
		Difficulty: 1, Band: exercises.G23, Tags: []string{"chess.rules.castling"},
	}
	if _, _, err := practice.SyncBank(context.Background(), []exercises.Exercise{choice}); err != nil {
		t.Fatal(err)
	}
	return h, f, exercises.BankID(choice.Key)
}

// floodText is a chess file of about n bytes: distinct short games.
func floodText(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "[White \"W%d\"]\n[Black \"B%d\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n", i, i)
	}
	return b.String()
}

// heavyRefusal is a 429 of the guard as the tests read it.
type heavyRefusal struct {
	Code  string
	Limit struct {
		Name string
		Max  int
	}
}

// TestHeavyGuardFlood: while one student's school already runs its two
// heavy requests, that student's flood of concurrent ~1 MB uploads is
// refused at once, every one a 429 too_many_heavy_requests naming
// heavy_per_school with Retry-After (no 500, nothing read or stored),
// while the class's answers all go through and another school still
// uploads; with the total full, that school is refused too (heavy_total);
// released, uploads are admitted again, and a request past its budget is
// a 503 work_budget_exceeded.
func TestHeavyGuardFlood(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		g := heavy.New(heavy.Config{PerSchool: 2, Total: 3, Budget: time.Minute, RetryAfter: 3 * time.Second})
		h, f, ex := heavyServer(t, db, g)
		ctx := context.Background()
		var held []func()
		for i := range 2 { // two of the school's uploads already running
			_, release, err := g.Enter(ctx, f.A.School.ID, fmt.Sprintf("other-%d", i))
			if err != nil {
				t.Fatal(err)
			}
			held = append(held, release)
		}
		text := floodText(900 << 10)
		const uploads, answers = 16, 16
		codes := make([]*httptest.ResponseRecorder, uploads)
		answered := make([]int, answers)
		var wg sync.WaitGroup
		for i := range uploads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = h.Do(t, "POST", "/v1/games", f.A.StudentToken, map[string]any{"game": "chess", "text": text}, nil)
			}()
		}
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec := h.Do(t, "POST", "/v1/exercises/"+ex+"/attempts", f.A.StudentToken, map[string]any{"answer": map[string]any{"choice": i % 2}},
					map[string]string{api.HeaderIdempotencyKey: fmt.Sprintf("flood-%d", i)})
				answered[i] = rec.Code
			}()
		}
		wg.Wait()
		for i, rec := range codes {
			p := apitest.Decode[heavyRefusal](t, rec)
			if rec.Code != http.StatusTooManyRequests || p.Code != "too_many_heavy_requests" || p.Limit.Name != heavy.LimitPerSchool || p.Limit.Max != 2 ||
				rec.Header().Get("Retry-After") != "3" {
				t.Errorf("upload %d: %d %q %+v Retry-After %q, want 429 heavy_per_school 2, 3", i, rec.Code, p.Code, p.Limit, rec.Header().Get("Retry-After"))
			}
		}
		for i, code := range answered {
			if code != http.StatusCreated && code != http.StatusOK {
				t.Errorf("answer %d: %d, want it recorded", i, code)
			}
		}
		var stored int64
		if err := db.Table("game_records").Count(&stored).Error; err != nil {
			t.Fatal(err)
		}
		if stored != 0 {
			t.Errorf("%d games stored by refused uploads", stored)
		}
		one := map[string]any{"game": "chess", "text": "[White \"X\"]\n[Black \"Y\"]\n\n1. d4 d5 *\n"}
		if rec := h.Do(t, "POST", "/v1/games", f.B.TeacherToken, one, nil); rec.Code != http.StatusCreated {
			t.Errorf("school B upload while A is full: %d %s", rec.Code, rec.Body)
		}
		_, release, err := g.Enter(ctx, f.B.School.ID, "other-b")
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, release)
		rec := h.Do(t, "POST", "/v1/games", f.B.TeacherToken, one, nil)
		if p := apitest.Decode[heavyRefusal](t, rec); rec.Code != http.StatusTooManyRequests || p.Limit.Name != heavy.LimitTotal || p.Limit.Max != 3 {
			t.Errorf("school B upload with the total full: %d %s, want 429 heavy_total 3", rec.Code, rec.Body)
		}
		if rec := h.Do(t, "GET", "/v1/me/attempts", f.A.StudentToken, nil, nil); rec.Code != http.StatusOK {
			t.Errorf("a light read with the total full: %d %s", rec.Code, rec.Body)
		}
		for _, path := range []string{"/v1/games", "/v1/me/attempts"} {
			if rec := h.Do(t, "GET", path, f.A.StudentToken, nil, nil); rec.Code != http.StatusOK {
				t.Errorf("a student's %s with the total full: %d %s", path, rec.Code, rec.Body)
			}
		}
		if rec := h.Do(t, "POST", "/v1/rules/chess/play", f.A.StudentToken, map[string]any{"moves": []string{"e4"}}, nil); rec.Code != http.StatusOK {
			t.Errorf("an exercise's moves played with the total full: %d %s", rec.Code, rec.Body)
		}
		for _, r := range held {
			r()
		}
		if a, all := g.Running(f.A.School.ID); a != 0 || all != 0 {
			t.Fatalf("running after release: %d of A, %d in all", a, all)
		}
		if rec := h.Do(t, "POST", "/v1/games", f.A.TeacherToken, one, nil); rec.Code != http.StatusCreated {
			t.Errorf("school A upload after release: %d %s", rec.Code, rec.Body)
		}
		if a, all := g.Running(f.A.School.ID); a != 0 || all != 0 {
			t.Errorf("running after the upload ended: %d of A, %d in all", a, all)
		}
	})
}

// TestHeavyGuardPerUser: while one caller's heavy request runs, their
// next one is refused with heavy_per_user 1, and a teacher of the same
// school still uploads: one flooding student holds one slot of the
// school, never all of them.
func TestHeavyGuardPerUser(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		g := heavy.New(heavy.Config{PerSchool: 2, Total: 4, Budget: time.Minute, RetryAfter: 2 * time.Second})
		h, f, _ := heavyServer(t, db, g)
		_, release, err := g.Enter(context.Background(), f.A.School.ID, f.A.Student.ID)
		if err != nil {
			t.Fatal(err)
		}
		one := map[string]any{"game": "chess", "text": "[White \"X\"]\n[Black \"Y\"]\n\n1. d4 d5 *\n"}
		rec := h.Do(t, "POST", "/v1/games", f.A.StudentToken, one, nil)
		if p := apitest.Decode[heavyRefusal](t, rec); rec.Code != http.StatusTooManyRequests || p.Limit.Name != heavy.LimitPerUser || p.Limit.Max != 1 {
			t.Errorf("the student's second heavy request: %d %s, want 429 heavy_per_user 1", rec.Code, rec.Body)
		}
		if rec := h.Do(t, "POST", "/v1/games", f.A.TeacherToken, one, nil); rec.Code != http.StatusCreated {
			t.Errorf("the teacher's upload beside the student's: %d %s", rec.Code, rec.Body)
		}
		release()
		if rec := h.Do(t, "POST", "/v1/games", f.A.StudentToken, map[string]any{"game": "chess", "text": "[White \"X\"]\n[Black \"Y\"]\n\n1. c4 c5 *\n"}, nil); rec.Code == http.StatusTooManyRequests {
			t.Errorf("the student's upload after release: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestHeavyGuardBudget: a heavy request whose budget has passed stops
// (its database work sees the ended context) and answers 503
// work_budget_exceeded with Retry-After, not 500.
func TestHeavyGuardBudget(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h, f, _ := heavyServer(t, db, heavy.New(heavy.Config{Budget: time.Nanosecond}))
		one := map[string]any{"game": "chess", "text": "[White \"X\"]\n[Black \"Y\"]\n\n1. d4 d5 *\n"}
		rec := h.Do(t, "POST", "/v1/games", f.A.TeacherToken, one, nil)
		var p struct{ Code string }
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		if rec.Code != http.StatusServiceUnavailable || p.Code != "work_budget_exceeded" || rec.Header().Get("Retry-After") == "" {
			t.Errorf("past the budget: %d %s", rec.Code, rec.Body)
		}
	})
}
