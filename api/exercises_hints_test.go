package api_test

import (
	"net/http/httptest"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models/modelstest"
)

// TestHints opens hints one at a time as a student (the same step again
// changes nothing), checks they never carry the solution, that the next
// attempt records them and loses stars, that teachers read them without
// being recorded, and that authored hints are validated and scoped like
// the exercise.
func TestHints(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		hinted := exercises.Exercise{
			Key: "chess/test-hint-001", Kind: "choice",
			Title: domain.Text{ZH: "易位", EN: "Castling"}, Body: domain.Text{ZH: "哪个对？", EN: "Which is right?"},
			Prompt:     []byte(`{"game":"chess","options":[{"zh-CN":"王走三格","en":"The king moves three squares"},{"zh-CN":"王走两格","en":"The king moves two squares"}]}`),
			Solution:   []byte(`{"correct":[1],"explanation":{"zh-CN":"王走两格。","en":"The king moves two squares."}}`),
			Difficulty: 1, Band: exercises.K1, Tags: []string{"chess.rules.castling"},
			Hints: []exercises.Hint{
				{Text: domain.Text{ZH: "王从 e1 出发。", EN: "The king starts on e1."}, Squares: []string{"e1"}},
				{Text: domain.Text{ZH: "数一数王走到 g1 的格子。", EN: "Count the squares from e1 to g1."}, Squares: []string{"e1", "f1", "g1"}},
			},
		}
		p := newPractice(t, db, hinted)
		a, b := p.F.A, p.F.B
		path := "/v1/exercises/" + exercises.BankID(hinted.Key)
		right := map[string]any{"answer": map[string]any{"choice": 1}}
		shown := func(n int) func(t *testing.T, rec *httptest.ResponseRecorder) {
			return func(t *testing.T, rec *httptest.ResponseRecorder) {
				t.Helper()
				v := apitest.Decode[map[string]any](t, rec)
				if hs, _ := v["hints"].([]any); len(hs) != n || v["hints_total"] != 2.0 {
					t.Errorf("%d hints shown of %v, want %d of 2", len(hs), v["hints_total"], n)
				}
			}
		}
		p.Run(t, []apitest.Case{
			{Name: "a student sees no hint before opening one", Method: "GET", Path: path, Token: a.StudentToken, Status: 200, Check: shown(0)},
			{Name: "a teacher sees every hint", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200, Check: shown(2)},
			{Name: "step out of range", Method: "POST", Path: path + "/hints", Token: a.StudentToken, Body: map[string]any{"step": 3}, Status: 422,
				Code: "validation_failed", Contains: []string{`"field":"step"`}},
			{Name: "no hints on this exercise", Method: "POST", Path: "/v1/exercises/" + p.Choice.ID + "/hints", Token: a.StudentToken,
				Body: map[string]any{"step": 1}, Status: 422, Code: "no_hints", Contains: []string{"没有提示"}},
			{Name: "first hint", Method: "POST", Path: path + "/hints", Token: a.StudentToken, Body: map[string]any{"step": 1}, Header: map[string]string{"Accept-Language": "en"},
				Status: 200, Contains: []string{`"text":"The king starts on e1."`, `"squares":["e1"]`, `"opened":1`, `"total":2`}, Check: noSolution},
			{Name: "the same hint again", Method: "POST", Path: path + "/hints", Token: a.StudentToken, Body: map[string]any{"step": 1}, Status: 200, Contains: []string{`"opened":1`}},
			{Name: "the student now sees one hint", Method: "GET", Path: path, Token: a.StudentToken, Status: 200, Check: shown(1)},
			{Name: "another school's student is not recorded here", Method: "POST", Path: path + "/hints", Token: b.StudentToken, Body: map[string]any{"step": 2}, Status: 200,
				Contains: []string{`"opened":2`}},
			{Name: "a teacher is not recorded", Method: "POST", Path: path + "/hints", Token: a.TeacherToken, Body: map[string]any{"step": 2}, Status: 200, Contains: []string{`"opened":0`}},
			{Name: "solved with one hint: two stars", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("h1"), Body: right, Status: 201,
				Contains: []string{`"first_attempt":true`, `"hints_used":1`, `"stars":2`}},
			{Name: "without hints: three stars", Method: "POST", Path: "/v1/exercises/" + p.Choice.ID + "/attempts", Token: a.StudentToken, Header: key("h2"), Body: right, Status: 201,
				Contains: []string{`"hints_used":0`, `"stars":3`}},
			{Name: "the attempts list shows hints and stars", Method: "GET", Path: "/v1/me/attempts?exercise_id=" + exercises.BankID(hinted.Key), Token: a.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					l := apitest.Decode[api.List[map[string]any]](t, rec)
					if len(l.Items) != 1 || l.Items[0]["hints_used"] != 1.0 || l.Items[0]["stars"] != 2.0 {
						t.Errorf("attempts %+v", l.Items)
					}
				}},
			{Name: "solved: every hint shown", Method: "GET", Path: path, Token: a.StudentToken, Status: 200, Check: shown(2)},
			{Name: "hint needs a token", Method: "POST", Path: path + "/hints", Body: map[string]any{"step": 1}, Status: 401},
		})
		draft := map[string]any{
			"kind": "choice", "title": map[string]any{"zh-CN": "数棋", "en": "Number chess"},
			"body":       map[string]any{"zh-CN": "选一个", "en": "Pick one"},
			"prompt":     map[string]any{"game": "numchess", "options": []any{map[string]any{"zh-CN": "一", "en": "one"}, map[string]any{"zh-CN": "二", "en": "two"}}},
			"solution":   map[string]any{"correct": []int{0}},
			"difficulty": 2, "band": "G23",
			"hints": []any{map[string]any{"text": map[string]any{"zh-CN": "看 e5", "en": "Look at e5"}, "squares": []string{"e5"}}},
		}
		var id string
		p.Run(t, []apitest.Case{
			{Name: "a hint square off the board", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Status: 422, Code: "invalid_exercise",
				Body:     withField(draft, "hints", []any{map[string]any{"text": map[string]any{"zh-CN": "看", "en": "Look"}, "squares": []string{"z40"}}}),
				Contains: []string{`"field":"hints[0].squares[0]"`, `"code":"hint_square_off_board"`}},
			{Name: "a first hint that gives the answer away", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Status: 422, Code: "invalid_exercise",
				Body: withField(draft, "hints", []any{
					map[string]any{"text": map[string]any{"zh-CN": "答案是一", "en": "It is one"}},
					map[string]any{"text": map[string]any{"zh-CN": "想", "en": "Think"}}}),
				Contains: []string{`"code":"hint_gives_answer"`}},
			{Name: "authored with a hint", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Body: draft, Status: 201,
				Contains: []string{`"hints_total":1`, `"squares":["e5"]`}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					id = apitest.Decode[map[string]any](t, rec)["id"].(string)
				}},
		})
		p.Run(t, []apitest.Case{
			{Name: "an unassigned school exercise's hint is not found", Method: "POST", Path: "/v1/exercises/" + id + "/hints", Token: a.StudentToken,
				Body: map[string]any{"step": 1}, Status: 404},
			{Name: "another school's teacher", Method: "POST", Path: "/v1/exercises/" + id + "/hints", Token: b.TeacherToken,
				Body: map[string]any{"step": 1}, Status: 404},
		})
	})
}
