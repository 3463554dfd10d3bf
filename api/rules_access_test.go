package api_test

import (
	"fmt"
	"testing"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestRulesAccess runs every rules route for every role: students may
// play moves, but move lists, analysis, move counts and expression checks
// are staff-only until a teacher switches free analysis on for a class
// of theirs; answer searches (mate_in, vcf, solve) stay staff-only.
func TestRulesAccess(t *testing.T) {
	p := newPractice(t, modelstest.SQLite(t))
	a := p.F.A
	inCheck := "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1" // "help the king": every escape is the answer
	type route struct {
		name, path string
		body       map[string]any
		analysis   bool // needs free analysis (or staff)
		search     bool // staff only
	}
	routes := []route{
		{"chess moves", "/v1/rules/chess/moves", map[string]any{"position": inCheck}, true, false},
		{"draughts moves", "/v1/rules/draughts/moves", map[string]any{"position": "W:W28:B23,19"}, true, false},
		{"gomoku moves", "/v1/rules/gomoku/moves", map[string]any{"position": "h8 h9"}, true, false},
		{"numchess moves", "/v1/rules/numchess/moves", map[string]any{}, true, false},
		{"chess analyze", "/v1/rules/chess/analyze", map[string]any{"position": inCheck}, true, false},
		{"draughts analyze", "/v1/rules/draughts/analyze", map[string]any{}, true, false},
		{"gomoku analyze", "/v1/rules/gomoku/analyze", map[string]any{"position": "h8 a1 h9 a2 h10 a3"}, true, false},
		{"numchess analyze", "/v1/rules/numchess/analyze", map[string]any{}, true, false},
		{"check expression", "/v1/rules/numchess/check-expression", map[string]any{"expression": "9-5-4", "digits": []int{9, 5, 4}, "target": 0}, true, false},
		{"mate search", "/v1/rules/chess/analyze", map[string]any{"mate_in": 1}, true, true},
		{"vcf search", "/v1/rules/gomoku/analyze", map[string]any{"position": "h8 a1 h9 a2 h10 a3", "vcf": true}, true, true},
		{"solve", "/v1/rules/numchess/check-expression", map[string]any{"digits": []int{9, 5, 4}, "target": 0, "solve": true}, true, true},
		{"chess play", "/v1/rules/chess/play", map[string]any{"position": inCheck, "moves": []string{"Kf1"}}, false, false},
		{"draughts play", "/v1/rules/draughts/play", map[string]any{"moves": []string{"32-28"}}, false, false},
		{"gomoku play", "/v1/rules/gomoku/play", map[string]any{"moves": []string{"h8"}}, false, false},
		{"numchess play", "/v1/rules/numchess/play", map[string]any{"moves": []string{"0a1-e5[9-5-4]"}}, false, false},
	}
	run := func(phase string, analysisOn bool) {
		type caller struct {
			name, token    string
			staff, inClass bool
		}
		callers := []caller{
			{"student", a.StudentToken, false, true},
			{"student in no class", a.OtherStudentToken, false, false},
			{"teacher", a.TeacherToken, true, true},
			{"other teacher", a.OtherTeacherToken, true, false},
			{"school admin", a.AdminToken, true, false},
			{"platform admin", p.F.AdminToken, true, false},
		}
		var cases []apitest.Case
		for _, r := range routes {
			cases = append(cases, apitest.Case{Name: fmt.Sprintf("%s: %s without a token", phase, r.name),
				Method: "POST", Path: r.path, Body: r.body, Status: 401})
			for _, c := range callers {
				want, code := 200, ""
				switch {
				case c.staff:
				case r.analysis && !(analysisOn && c.inClass):
					want, code = 403, "analysis_off"
				case r.search:
					want, code = 403, "forbidden"
				}
				cases = append(cases, apitest.Case{Name: fmt.Sprintf("%s: %s as %s", phase, r.name, c.name),
					Method: "POST", Path: r.path, Token: c.token, Body: r.body, Status: want, Code: code})
			}
		}
		p.Run(t, cases)
	}
	run("off by default", false)
	p.Run(t, []apitest.Case{
		{Name: "a student cannot switch it on", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.StudentToken,
			Body: map[string]any{"free_analysis": true}, Status: 403},
		{Name: "nor a teacher of another class", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.OtherTeacherToken,
			Body: map[string]any{"free_analysis": true}, Status: 404},
		{Name: "class shows it off", Method: "GET", Path: "/v1/classes/" + a.Class.ID, Token: a.TeacherToken, Status: 200,
			Contains: []string{`"free_analysis":false`}},
		{Name: "its teacher switches it on", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.TeacherToken,
			Body: map[string]any{"free_analysis": true}, Status: 200, Contains: []string{`"free_analysis":true`}},
	})
	run("switched on", true)
	p.Run(t, []apitest.Case{
		{Name: "and off again", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.TeacherToken,
			Body: map[string]any{"free_analysis": false}, Status: 200, Contains: []string{`"free_analysis":false`}},
		{Name: "the student is refused again", Method: "POST", Path: "/v1/rules/chess/moves", Token: a.StudentToken,
			Body: map[string]any{"position": inCheck}, Header: map[string]string{"Accept-Language": "en"}, Status: 403, Code: "analysis_off",
			Contains: []string{"free analysis"}},
	})
}
