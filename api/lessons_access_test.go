package api_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/exercises"
	"qixue/models/modelstest"
)

// TestStudentsReadAssignedSchoolLessons checks "R when assigned" for a
// school's lessons: read, listed through their curriculum and found by
// search only while assigned to the student, with their exercises; an
// assignment's limit reaches the exercises of its lessons.
func TestStudentsReadAssignedSchoolLessons(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h, f := newLessonsServer(t, db)
		a := f.A
		text := func(zh, en string) map[string]string { return map[string]string{"zh-CN": zh, "en": en} }
		post := func(path, token string, body any) string {
			t.Helper()
			rec := h.Do(t, "POST", path, token, body, nil)
			if rec.Code != 201 {
				t.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
			}
			return apitest.Decode[struct{ ID string }](t, rec).ID
		}
		ex := post("/v1/exercises", a.TeacherToken, map[string]any{
			"kind": "choice", "title": text("王", "King"), "body": text("哪个对？", "Which is right?"),
			"prompt":     map[string]any{"game": "chess", "options": []any{text("一格", "One square"), text("两格", "Two squares")}},
			"solution":   map[string]any{"correct": []int{0}, "explanation": text("一格。", "One square.")},
			"difficulty": 1, "band": "K1",
		})
		cur := post("/v1/curricula", a.TeacherToken, map[string]any{"game": "chess", "band": "K1", "title": text("我们的课", "Our course"), "description": text("课", "Course")})
		unit := post("/v1/curricula/"+cur+"/units", a.TeacherToken, map[string]any{"title": text("王", "Kings")})
		lesson := func(title, exercise string) map[string]any {
			return map[string]any{"title": text(title, title), "objectives": []any{text("走王", "Move the king")}, "minutes": 5,
				"blocks": []any{map[string]any{"type": "text", "text": text("国王走一格。", "Kings step once.")},
					map[string]any{"type": "exercise", "exercise": exercise}}}
		}
		assigned := post("/v1/units/"+unit+"/lessons", a.TeacherToken, lesson("Assigned king", ex))
		other := post("/v1/units/"+unit+"/lessons", a.TeacherToken, lesson("Other king", "chess/escape-lesson-1"))

		hidden := func(token, k string) []apitest.Case {
			return []apitest.Case{
				{Name: "lesson hidden " + k, Method: "GET", Path: "/v1/lessons/" + assigned, Token: token, Status: 404, Code: "not_found"},
				{Name: "curriculum hidden " + k, Method: "GET", Path: "/v1/curricula/" + cur, Token: token, Status: 404, Code: "not_found"},
				{Name: "not listed " + k, Method: "GET", Path: "/v1/curricula?game=chess", Token: token, Status: 200, Check: lacks(cur)},
				{Name: "not found by search " + k, Method: "GET", Path: "/v1/lessons?q=kings%20step", Token: token, Status: 200, Contains: []string{`"items":[]`}},
				{Name: "its exercise hidden " + k, Method: "GET", Path: "/v1/exercises/" + ex, Token: token, Status: 404},
			}
		}
		staff := []apitest.Case{
			{Name: "teacher reads the lesson", Method: "GET", Path: "/v1/lessons/" + assigned, Token: a.TeacherToken, Status: 200, Contains: []string{`"id":"` + ex + `"`}},
			{Name: "school admin reads the curriculum", Method: "GET", Path: "/v1/curricula/" + cur, Token: a.AdminToken, Status: 200, Contains: []string{assigned, other}},
			{Name: "teacher finds both", Method: "GET", Path: "/v1/lessons?q=kings%20step", Token: a.OtherTeacherToken, Status: 200, Contains: []string{assigned, other}},
		}
		h.Run(t, append(hidden(a.StudentToken, "before"), staff...))

		asg := assign(t, h, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "国王", "attempts_allowed": 1,
			"items": []map[string]string{{"kind": "lesson", "id": assigned}, {"kind": "lesson", "id": "numchess-k1-board-camps"}}})
		builtin := "/v1/exercises/" + exercises.BankID("numchess/expression-001") + "/attempts"
		h.Run(t, append([]apitest.Case{
			{Name: "lesson read when assigned", Method: "GET", Path: "/v1/lessons/" + assigned, Token: a.StudentToken, Status: 200,
				Contains: []string{`"id":"` + ex + `"`}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if strings.Contains(rec.Body.String(), `"solution"`) {
						t.Error("a lesson shows its exercise's solution")
					}
				}},
			{Name: "curriculum with the assigned lesson only", Method: "GET", Path: "/v1/curricula/" + cur, Token: a.StudentToken, Status: 200,
				Contains: []string{assigned}, Check: lacks(other)},
			{Name: "listed when assigned", Method: "GET", Path: "/v1/curricula?game=chess", Token: a.StudentToken, Status: 200, Contains: []string{cur}},
			{Name: "found by search when assigned", Method: "GET", Path: "/v1/lessons?q=kings%20step", Token: a.StudentToken, Status: 200,
				Contains: []string{assigned}, Check: lacks(other)},
			{Name: "the other lesson stays hidden", Method: "GET", Path: "/v1/lessons/" + other, Token: a.StudentToken, Status: 404},
			{Name: "its exercise read", Method: "GET", Path: "/v1/exercises/" + ex, Token: a.StudentToken, Status: 200},
			{Name: "its exercise answered", Method: "POST", Path: "/v1/exercises/" + ex + "/attempts", Token: a.StudentToken, Header: key("l1"),
				Body: map[string]any{"answer": map[string]any{"choice": 1}}, Status: 201},
			{Name: "the lesson's limit holds", Method: "POST", Path: "/v1/exercises/" + ex + "/attempts", Token: a.StudentToken, Header: key("l2"),
				Body: map[string]any{"answer": map[string]any{"choice": 0}}, Status: 409, Code: "attempts_exhausted"},
			{Name: "a built-in lesson's exercise", Method: "POST", Path: builtin, Token: a.StudentToken, Header: key("b1"),
				Body: map[string]any{"answer": map[string]any{"expression": "9-5-4"}}, Status: 201},
			{Name: "is limited too", Method: "POST", Path: builtin, Token: a.StudentToken, Header: key("b2"),
				Body: map[string]any{"answer": map[string]any{"expression": "9-5-4"}}, Status: 409, Code: "attempts_exhausted"},
		}, hidden(a.OtherStudentToken, "outside the class")...))

		if rec := h.Do(t, "POST", "/v1/assignments/"+asg+"/withdraw", a.TeacherToken, nil, nil); rec.Code != 200 {
			t.Fatalf("withdraw: %d %s", rec.Code, rec.Body)
		}
		h.Run(t, append(hidden(a.StudentToken, "after withdrawal"), staff...))
	})
}
