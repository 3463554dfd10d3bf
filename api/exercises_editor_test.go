package api_test

import (
	"net/http/httptest"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// editorDraft is an exercise saved from the board editor: a position, a
// kind and the solution played on the board.
func editorDraft(kind string, prompt, solution map[string]any) map[string]any {
	return map[string]any{
		"kind": kind, "title": map[string]any{"zh-CN": "老师的题", "en": "Teacher's puzzle"},
		"body":   map[string]any{"zh-CN": "找出答案", "en": "Find the answer"},
		"prompt": prompt, "solution": solution, "difficulty": 2, "band": "G46",
	}
}

// TestEditorExercises: a teacher's position saved as an exercise is
// checked by the engine before it is saved. Stated solutions the engine
// refutes are refused naming the field and the refuting move, and nothing
// is saved; the ones that stand belong to the teacher's school, can be
// assigned by id, and accept every answer the rule accepts.
func TestEditorExercises(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a, b := p.F.A, p.F.B
		en := map[string]string{"Accept-Language": "en"}
		mate2 := map[string]any{"fen": "8/4k3/R7/8/8/8/8/1R4K1 w - - 0 1", "n": 2}
		vcf := map[string]any{"board": ".............../.............../.............../............o../.............../............x../...........x.../......oxxx...../.............../.............../.............../.............../..o............/....o........../o..............", "rules": "renju", "attacker": "black"}
		win1 := map[string]any{"board": editorBoard("xd8", "xe8", "xf8", "xg8", "od9", "oe9", "of9", "oa1"), "rules": "renju", "colour": "black"}
		span := map[string]any{"ruleset": "G46", "position": "start", "goal": map[string]any{"type": "span", "piece": 0, "to": "e5"}}
		refused := func(name string, draft map[string]any, field, code, refutation string, contains ...string) apitest.Case {
			c := apitest.Case{Name: name, Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Header: en, Body: draft,
				Status: 422, Code: "invalid_exercise", Contains: append([]string{`"field":"` + field + `"`, `"code":"` + code + `"`}, contains...)}
			if refutation != "" {
				c.Contains = append(c.Contains, `"refutation":"`+refutation+`"`)
			} else {
				c.Excludes = []string{`"refutation"`}
			}
			return c
		}
		ids := map[string]string{}
		saved := func(name, kind string, prompt, solution map[string]any) apitest.Case {
			return apitest.Case{Name: name, Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Body: editorDraft(kind, prompt, solution), Status: 201,
				Contains: []string{`"school_id":"` + a.School.ID + `"`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					ids[kind] = apitest.Decode[map[string]any](t, rec)["id"].(string)
				}}
		}
		p.Run(t, []apitest.Case{
			refused("a mate in 2 that a defence refutes", editorDraft("chess.mate_in", mate2, map[string]any{"moves": []string{"Ra7+", "Kd6", "Rb6#"}}),
				"solution.moves[0]", "solution_not_mate", "Kd6", "does not mate in 2"),
			refused("a mate in 2 whose reply cannot be played", editorDraft("chess.mate_in", mate2, map[string]any{"moves": []string{"Rb7+", "Ke6", "Ra8#"}}),
				"solution.moves[1]", "solution_reply_mismatch", ""),
			refused("a mate in 2 that stops before the mate", editorDraft("chess.mate_in", mate2, map[string]any{"moves": []string{"Rb7+"}}),
				"solution.moves[0]", "solution_too_short", "", "Kd8"),
			refused("a VCF that ends in a dead four", editorDraft("gomoku.vcf", vcf, map[string]any{"line": []string{"k8", "l8", "n11", "j7", "o13"}}),
				"solution.line[4]", "solution_not_vcf", "o12"),
			refused("a VCF whose first move is no four", editorDraft("gomoku.vcf", vcf, map[string]any{"line": []string{"n11", "j7", "k8"}}),
				"solution.line[0]", "solution_not_vcf", "", "not a four"),
			refused("a VCF with a block that is not forced", editorDraft("gomoku.vcf", vcf, map[string]any{"line": []string{"k8", "f8", "n11"}}),
				"solution.line[1]", "solution_reply_not_forced", "l8"),
			refused("a capture that is not the majority", editorDraft("draughts.capture", map[string]any{"fen": "W:W38:B32,22,33,3"}, map[string]any{"move": "38x29"}),
				"solution.move", "solution_move_illegal", "", "take 2 pieces"),
			refused("a win in 1 that makes no five", editorDraft("gomoku.win_in_1", win1, map[string]any{"point": "i9"}),
				"solution.point", "solution_fails", "", "does not make five"),
			refused("a number-chess move with a wrong expression", editorDraft("numchess.move", span, map[string]any{"move": "0a1-e5[9-5+4]"}),
				"solution.move", "solution_fails", "", "the result is 8, not 0"),
			refused("a best move that passes over a mate in one", editorDraft("chess.best_move", map[string]any{"fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"}, map[string]any{"moves": []string{"Kf2"}}),
				"solution.moves[0]", "solution_misses_mate", "Ra8#", "mate in one"),
			refused("a draughts position with 21 white men", editorDraft("draughts.capture", map[string]any{"fen": "W:W28-48:B23"}, map[string]any{"move": "28x19"}),
				"fen", "too_many_pieces", "", "21"),
			refused("a gomoku board Black cannot be to move on", editorDraft("gomoku.win_in_1",
				map[string]any{"board": editorBoard("xd8", "xe8", "xf8", "xg8", "od9", "oe9", "of9"), "rules": "renju", "colour": "black"}, map[string]any{"point": "h8"}),
				"board", "impossible_stone_count", "", "4 black and 3 white"),
			{Name: "nothing was saved", Method: "GET", Path: "/v1/exercises?source=school", Token: a.TeacherToken, Status: 200, Check: itemSet()},
			saved("a mate in 2", "chess.mate_in", mate2, map[string]any{"moves": []string{"Rb7+", "Kd8", "Ra8#"}}),
			saved("a VCF", "gomoku.vcf", vcf, map[string]any{"line": []string{"k8", "l8", "n11", "j7", "o12"}}),
			saved("a capture", "draughts.capture", map[string]any{"fen": "W:W38:B32,22,33,3"}, map[string]any{"move": "38x18"}),
			saved("a win in 1", "gomoku.win_in_1", win1, map[string]any{"point": "h8"}),
			saved("a number-chess move with its expression", "numchess.move", span, map[string]any{"move": "0a1-e5[9-5-4]"}),
		})
		for _, kind := range []string{"chess.mate_in", "gomoku.vcf", "draughts.capture", "gomoku.win_in_1", "numchess.move"} {
			if ids[kind] == "" {
				t.Fatalf("%s not saved", kind)
			}
		}
		var items []map[string]string
		for _, id := range ids {
			items = append(items, map[string]string{"kind": "exercise", "id": id})
		}
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "items": items})
		p.Run(t, []apitest.Case{
			{Name: "another school cannot see it", Method: "GET", Path: "/v1/exercises/" + ids["chess.mate_in"], Token: b.TeacherToken, Status: 404},
			{Name: "the student reads it without the solution", Method: "GET", Path: "/v1/exercises/" + ids["chess.mate_in"], Token: a.StudentToken, Status: 200,
				Excludes: []string{"Ra8#"}},
			{Name: "the other five on d8-h8 wins as well: c8", Method: "POST", Path: "/v1/exercises/" + ids["gomoku.win_in_1"] + "/attempts", Token: a.StudentToken,
				Header: key("e1"), Body: map[string]any{"answer": map[string]any{"point": "c8"}}, Status: 201, Contains: []string{`"correct":true`}},
			{Name: "another expression of the same span is right", Method: "POST", Path: "/v1/exercises/" + ids["numchess.move"] + "/attempts", Token: a.StudentToken,
				Header: key("e2"), Body: map[string]any{"answer": map[string]any{"move": "0a1-e5[9-4-5]"}}, Status: 201, Contains: []string{`"correct":true`}},
			{Name: "the mate's first move", Method: "POST", Path: "/v1/exercises/" + ids["chess.mate_in"] + "/attempts", Token: a.StudentToken,
				Header: key("e3"), Body: map[string]any{"answer": map[string]any{"move": "Rb7+"}}, Status: 200, Contains: []string{`"outcome":"continue"`, `"reply":"Kd8"`}},
		})
	})
}
