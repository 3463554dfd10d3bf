package api_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/domain"
	"qixue/identity"
	"qixue/models/modelstest"
)

func TestRulesEndpoints(t *testing.T) {
	p := newPractice(t, modelstest.SQLite(t))
	a := p.F.A
	scholar := []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"}
	p.Run(t, []apitest.Case{
		{Name: "teacher switches free analysis on", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.TeacherToken,
			Body: map[string]any{"free_analysis": true}, Status: 200, Contains: []string{`"free_analysis":true`}},
		{Name: "chess moves for a student", Method: "POST", Path: "/v1/rules/chess/moves", Token: a.StudentToken, Body: map[string]any{}, Status: 200,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				hasNf3 := strings.Contains(rec.Body.String(), `"Nf3"`)
				r := apitest.Decode[map[string]any](t, rec)
				if moves, _ := r["moves"].([]any); len(moves) != 20 || !hasNf3 {
					t.Errorf("start moves: %v", r["moves"])
				}
			}},
		{Name: "chess play to mate", Method: "POST", Path: "/v1/rules/chess/play", Token: a.StudentToken,
			Body: map[string]any{"moves": append(scholar, "Qxf7")}, Status: 200, Contains: []string{`"result":"1-0"`, `"Qxf7#"`}},
		{Name: "illegal chess move", Method: "POST", Path: "/v1/rules/chess/play", Token: a.StudentToken, Header: map[string]string{"Accept-Language": "en"},
			Body: map[string]any{"moves": []string{"e4", "e5", "Ke3"}}, Status: 422, Contains: []string{`"field":"moves[2]"`}},
		{Name: "bad FEN", Method: "POST", Path: "/v1/rules/chess/moves", Token: a.StudentToken,
			Body: map[string]any{"position": "not a fen"}, Status: 422, Contains: []string{`"field":"position"`}},
		{Name: "mate search is for teachers", Method: "POST", Path: "/v1/rules/chess/analyze", Token: a.StudentToken,
			Body: map[string]any{"mate_in": 1}, Status: 403},
		{Name: "mate search", Method: "POST", Path: "/v1/rules/chess/analyze", Token: a.TeacherToken,
			Body: map[string]any{"position": "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "mate_in": 1}, Status: 200,
			Contains: []string{`"mating_moves":["Qxf7#"]`}},
		{Name: "escapes for teachers", Method: "POST", Path: "/v1/rules/chess/analyze", Token: a.TeacherToken,
			Body: map[string]any{"position": "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"}, Status: 200, Contains: []string{`"in_check":true`, `"escapes"`, `"method"`}},
		{Name: "escapes for students with free analysis", Method: "POST", Path: "/v1/rules/chess/analyze", Token: a.StudentToken,
			Body: map[string]any{"position": "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"}, Status: 200, Contains: []string{`"in_check":true`, `"escapes"`}},
		{Name: "draughts moves", Method: "POST", Path: "/v1/rules/draughts/moves", Token: a.StudentToken, Body: map[string]any{}, Status: 200, Contains: []string{`"32-28"`}},
		{Name: "draughts play", Method: "POST", Path: "/v1/rules/draughts/play", Token: a.StudentToken, Body: map[string]any{"moves": []string{"32-28", "19-23"}}, Status: 200,
			Contains: []string{`"result":"*"`}},
		{Name: "illegal draughts move", Method: "POST", Path: "/v1/rules/draughts/play", Token: a.StudentToken, Body: map[string]any{"moves": []string{"20-25"}}, Status: 422,
			Contains: []string{`"field":"moves[0]"`}},
		{Name: "draughts analyze", Method: "POST", Path: "/v1/rules/draughts/analyze", Token: a.StudentToken, Body: map[string]any{}, Status: 200, Contains: []string{`"white_men":20`}},
		{Name: "gomoku moves", Method: "POST", Path: "/v1/rules/gomoku/moves", Token: a.StudentToken, Body: map[string]any{"position": "h8 h9"}, Status: 200,
			Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
				if r := apitest.Decode[map[string]any](t, rec); len(r["moves"].([]any)) != 223 {
					t.Errorf("%d empty points, want 223", len(r["moves"].([]any)))
				}
			}},
		{Name: "gomoku play on an occupied point", Method: "POST", Path: "/v1/rules/gomoku/play", Token: a.StudentToken,
			Body: map[string]any{"position": "h8 h9", "moves": []string{"h8"}}, Status: 422, Contains: []string{`"field":"moves[0]"`}},
		{Name: "gomoku five", Method: "POST", Path: "/v1/rules/gomoku/play", Token: a.StudentToken,
			Body: map[string]any{"ruleset": "freestyle", "moves": []string{"h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"}}, Status: 200,
			Contains: []string{`"result":"`}},
		{Name: "vcf search is for teachers", Method: "POST", Path: "/v1/rules/gomoku/analyze", Token: a.StudentToken, Body: map[string]any{"vcf": true}, Status: 403},
		{Name: "gomoku analyze for teachers", Method: "POST", Path: "/v1/rules/gomoku/analyze", Token: a.TeacherToken,
			Body: map[string]any{"position": "h8 a1 h9 a2 h10 a3", "vcf": true}, Status: 200, Contains: []string{`"winning_points"`, `"forbidden_points"`, `"vcf_found":true`}},
		{Name: "number-chess moves for students with free analysis", Method: "POST", Path: "/v1/rules/numchess/moves", Token: a.StudentToken, Body: map[string]any{}, Status: 200,
			Contains: []string{`"moves":["`}},
		{Name: "number-chess moves", Method: "POST", Path: "/v1/rules/numchess/moves", Token: a.TeacherToken, Body: map[string]any{"ruleset": "G46"}, Status: 200,
			Contains: []string{`"0a1-e5[9-5-4]"`}},
		{Name: "number-chess play", Method: "POST", Path: "/v1/rules/numchess/play", Token: a.StudentToken, Body: map[string]any{"moves": []string{"0a1-e5[9-5-4]"}}, Status: 200,
			Contains: []string{`"turn":"`}},
		{Name: "number-chess play with a wrong witness", Method: "POST", Path: "/v1/rules/numchess/play", Token: a.StudentToken,
			Body: map[string]any{"moves": []string{"0a1-e5[9-5+4]"}}, Status: 422, Contains: []string{`"field":"moves[0]"`}},
		{Name: "number-chess analyze", Method: "POST", Path: "/v1/rules/numchess/analyze", Token: a.TeacherToken, Body: map[string]any{}, Status: 200, Contains: []string{`"scores"`}},
		{Name: "unknown game", Method: "POST", Path: "/v1/rules/go/moves", Token: a.StudentToken, Body: map[string]any{}, Status: 404},
		{Name: "rules need a token", Method: "POST", Path: "/v1/rules/chess/moves", Body: map[string]any{}, Status: 401},
	})

	expr := "/v1/rules/numchess/check-expression"
	times := map[string]any{"expression": "2×3", "digits": []int{2, 3}, "target": 6}
	p.Run(t, []apitest.Case{
		{Name: "a grade-2 student may multiply", Method: "POST", Path: expr, Token: a.StudentToken, Body: times, Status: 200,
			Contains: []string{`"valid":true`, `"ruleset":"G23"`}},
		{Name: "unparsable", Method: "POST", Path: expr, Token: a.StudentToken, Body: withField(times, "expression", "2×(3"), Status: 422,
			Contains: []string{`"field":"expression"`}},
		{Name: "solving is for teachers", Method: "POST", Path: expr, Token: a.StudentToken, Body: withField(times, "solve", true), Status: 403},
		{Name: "teacher solves", Method: "POST", Path: expr, Token: a.TeacherToken,
			Body: map[string]any{"digits": []int{9, 5, 4}, "target": 0, "ruleset": "K1", "solve": true}, Status: 200,
			Contains: []string{`"solvable":true`, `"solution":"`}},
		{Name: "missing target", Method: "POST", Path: expr, Token: a.TeacherToken, Body: map[string]any{"expression": "1", "digits": []int{1}}, Status: 422, Code: "validation_failed"},
	})
	one := 1
	if _, err := p.Identity.UpdateClass(context.Background(), domain.Principal{Role: domain.RolePlatformAdmin}, a.Class.ID, identity.ClassPatch{Grade: &one}); err != nil {
		t.Fatal(err)
	}
	// A fresh server: the class grade is cached for a minute.
	fresh := newPractice(t, modelstest.SQLite(t))
	fa := fresh.F.A
	on := true
	if _, err := fresh.Identity.UpdateClass(context.Background(), domain.Principal{Role: domain.RolePlatformAdmin}, fa.Class.ID, identity.ClassPatch{Grade: &one, FreeAnalysis: &on}); err != nil {
		t.Fatal(err)
	}
	fresh.Run(t, []apitest.Case{
		{Name: "a grade-1 student may not multiply, whatever ruleset is asked", Method: "POST", Path: expr, Token: fa.StudentToken,
			Header: map[string]string{"Accept-Language": "en"}, Body: withField(times, "ruleset", "G46"), Status: 200,
			Contains: []string{`"valid":false`, `"ruleset":"K1"`, `"message":"`}},
	})
	_ = api.HeaderIdempotencyKey
}

// TestNumchessTooComplex: number-chess work that can run for many seconds
// (a 15-digit solve with a target out of reach of + and −, a fresh
// position packed with long lines) comes back within the server's time
// limit, as a 200 or as a 422 too_complex naming the field, never a 500.
func TestNumchessTooComplex(t *testing.T) {
	p := newPractice(t, modelstest.SQLite(t))
	a := p.F.A
	const slowFEN = "r:0l5,1l13,2h13,3e5,4c5,5g5,6i13,7c13,8f5,9b5;b:0d5,1h5,2d13,3m5,4f13,5a5,6k5,7e13,8j5,9b13 r 10"
	digits := []int{9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4}
	cases := []struct {
		name, path, field string
		body              map[string]any
	}{
		{"a 15-digit solve", "/v1/rules/numchess/check-expression", "digits",
			map[string]any{"digits": digits, "target": 1000003, "ruleset": "G46", "solve": true}},
		{"moves of a packed position", "/v1/rules/numchess/moves", "position", map[string]any{"position": slowFEN}},
		{"move count of a packed position", "/v1/rules/numchess/analyze", "position", map[string]any{"position": slowFEN, "ruleset": "G23"}},
	}
	tooComplex := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			rec := p.Do(t, "POST", c.path, a.TeacherToken, c.body, map[string]string{"Accept-Language": "en"})
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("answered after %v", d)
			}
			switch rec.Code {
			case 200:
			case 422:
				tooComplex++
				pr := apitest.Decode[api.Problem](t, rec)
				if pr.Code != "too_complex" || len(pr.Errors) != 1 || pr.Errors[0].Field != c.field || pr.Errors[0].Code != "too_complex" ||
					!strings.Contains(pr.Detail, "too complex") {
					t.Errorf("problem %+v, want too_complex naming %s", pr, c.field)
				}
			default:
				t.Fatalf("status %d\n%s", rec.Code, rec.Body.String())
			}
		})
	}
	t.Logf("%d of %d requests were too complex", tooComplex, len(cases))
}
