package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models/modelstest"
)

// itemSet checks that a list holds exactly ids, in any order.
func itemSet(ids ...string) func(t *testing.T, rec *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		t.Helper()
		l := apitest.Decode[api.List[map[string]any]](t, rec)
		var got []string
		for _, it := range l.Items {
			got = append(got, it["id"].(string))
		}
		want := slices.Clone(ids)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("items %v, want %v", got, want)
		}
	}
}

// TestStudentDefaultBand checks that a student who gives no band sees the
// exercises of their class's band (the fixture's class is grade 2, G23)
// and generic ones, while an explicit band, a student in no class and
// staff see the rest.
func TestStudentDefaultBand(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		generic := exercises.Exercise{
			Key: "generic/test-number-001", Kind: "number",
			Title: domain.Text{ZH: "数一数", EN: "Count"}, Body: domain.Text{ZH: "一周几天？", EN: "How many days in a week?"},
			Prompt: json.RawMessage(`{}`), Solution: json.RawMessage(`{"value":7}`),
			Difficulty: 1, Band: exercises.G46,
		}
		older := exercises.Exercise{
			Key: "chess/test-choice-046", Kind: "choice",
			Title: domain.Text{ZH: "升变", EN: "Promotion"}, Body: domain.Text{ZH: "哪个对？", EN: "Which is right?"},
			Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"变王","en":"Into a king"},{"zh-CN":"变后","en":"Into a queen"}]}`),
			Solution:   json.RawMessage(`{"correct":[1]}`),
			Difficulty: 2, Band: exercises.G46,
		}
		p := newPractice(t, db, generic, older)
		gid, oid := exercises.BankID(generic.Key), exercises.BankID(older.Key)
		all := []string{p.Choice.ID, p.Number.ID, gid, oid}
		a := p.F.A
		p.Run(t, []apitest.Case{
			{Name: "student sees own band and generic", Method: "GET", Path: "/v1/exercises", Token: a.StudentToken, Status: 200,
				Check: itemSet(p.Number.ID, gid)},
			{Name: "with other filters too", Method: "GET", Path: "/v1/exercises?game=draughts", Token: a.StudentToken, Status: 200,
				Check: itemSet(p.Number.ID)},
			{Name: "explicit band", Method: "GET", Path: "/v1/exercises?band=K1", Token: a.StudentToken, Status: 200,
				Check: itemSet(p.Choice.ID)},
			{Name: "explicit band is exact", Method: "GET", Path: "/v1/exercises?band=G46", Token: a.StudentToken, Status: 200,
				Check: itemSet(gid, oid)},
			{Name: "student in no class sees every band", Method: "GET", Path: "/v1/exercises", Token: a.OtherStudentToken, Status: 200,
				Check: itemSet(all...)},
			{Name: "teacher sees every band", Method: "GET", Path: "/v1/exercises", Token: a.TeacherToken, Status: 200,
				Check: itemSet(all...)},
			{Name: "platform admin sees every band", Method: "GET", Path: "/v1/exercises", Token: p.F.AdminToken, Status: 200,
				Check: itemSet(all...)},
			{Name: "other bands stay readable by id", Method: "GET", Path: "/v1/exercises/" + oid, Token: a.StudentToken, Status: 200},
		})
	})
}

// TestDeleteKeepsAttempts checks that deleting a school's exercise hides
// it and refuses new attempts while the students' attempts stay.
func TestDeleteKeepsAttempts(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		draft := map[string]any{
			"kind": "choice", "title": map[string]any{"zh-CN": "规则", "en": "Rules"}, "body": map[string]any{"zh-CN": "选一个", "en": "Pick one"},
			"prompt":     map[string]any{"game": "draughts", "options": []any{map[string]any{"zh-CN": "一", "en": "one"}, map[string]any{"zh-CN": "二", "en": "two"}}},
			"solution":   map[string]any{"correct": []int{1}},
			"difficulty": 1, "band": "G23",
		}
		var id string
		p.Run(t, []apitest.Case{
			{Name: "teacher authors", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Body: draft, Status: 201,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					id = apitest.Decode[map[string]any](t, rec)["id"].(string)
				}},
		})
		path := "/v1/exercises/" + id
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "items": []map[string]string{{"kind": "exercise", "id": id}}})
		answer := map[string]any{"answer": map[string]any{"choice": 1}}
		p.Run(t, []apitest.Case{
			{Name: "student answers", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("d1"), Body: answer, Status: 201},
			{Name: "teacher deletes", Method: "DELETE", Path: path, Token: a.TeacherToken, Status: 204},
			{Name: "not read", Method: "GET", Path: path, Token: a.StudentToken, Status: 404, Code: "not_found"},
			{Name: "not read by staff", Method: "GET", Path: path, Token: p.F.AdminToken, Status: 404, Code: "not_found"},
			{Name: "not listed", Method: "GET", Path: "/v1/exercises?source=school", Token: a.TeacherToken, Status: 200, Check: itemSet()},
			{Name: "no new attempt", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("d2"), Body: answer, Status: 404, Code: "not_found"},
			{Name: "no give-up", Method: "POST", Path: path + "/give-up", Token: a.StudentToken, Header: key("d3"), Status: 404, Code: "not_found"},
			{Name: "no edit", Method: "PUT", Path: path, Token: a.TeacherToken, Body: draft, Status: 404, Code: "not_found"},
			{Name: "no second delete", Method: "DELETE", Path: path, Token: a.AdminToken, Status: 404, Code: "not_found"},
			{Name: "attempt still listed", Method: "GET", Path: "/v1/me/attempts", Token: a.StudentToken, Status: 200,
				Contains: []string{`"exercise_id":"` + id + `"`, `"correct":true`}},
			{Name: "attempt still listed by exercise", Method: "GET", Path: "/v1/me/attempts?exercise_id=" + id, Token: a.StudentToken, Status: 200,
				Contains: []string{`"exercise_id":"` + id + `"`}},
		})
		if n := countAttempts(t, db, a.Student.ID); n != 1 {
			t.Errorf("%d attempts after deleting the exercise, want 1", n)
		}
	})
}

// TestRetiredBankExercise checks that a bank exercise left out of a bank
// load is retired (hidden, no new attempts, attempts kept) and comes back
// when the bank has it again.
func TestRetiredBankExercise(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		path := "/v1/exercises/" + p.Number.ID
		answer := map[string]any{"answer": map[string]any{"value": 20}}
		p.Run(t, []apitest.Case{
			{Name: "student answers", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("r1"), Body: answer, Status: 201},
		})
		if _, _, err := p.Svc.SyncBank(t.Context(), []exercises.Exercise{p.Choice}); err != nil {
			t.Fatal(err)
		}
		p.Run(t, []apitest.Case{
			{Name: "retired is not read", Method: "GET", Path: path, Token: a.TeacherToken, Status: 404, Code: "not_found"},
			{Name: "retired is not listed", Method: "GET", Path: "/v1/exercises?source=builtin", Token: a.TeacherToken, Status: 200, Check: itemSet(p.Choice.ID)},
			{Name: "no new attempt", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("r2"), Body: answer, Status: 404, Code: "not_found"},
			{Name: "attempt still listed", Method: "GET", Path: "/v1/me/attempts", Token: a.StudentToken, Status: 200,
				Contains: []string{`"exercise_id":"` + p.Number.ID + `"`}},
		})
		if _, _, err := p.Svc.SyncBank(t.Context(), []exercises.Exercise{p.Choice, p.Number}); err != nil {
			t.Fatal(err)
		}
		p.Run(t, []apitest.Case{
			{Name: "back in the bank", Method: "GET", Path: path, Token: a.StudentToken, Status: 200},
			{Name: "answered again", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("r3"), Body: answer, Status: 201},
		})
	})
}
