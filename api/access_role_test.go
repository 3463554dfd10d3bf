package api_test

import (
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestAssignmentAccessEndsWithTheClass (F7 of the security review, for
// assignments): a teacher's rights over an assignment follow their current
// enrollment in an active class, not who created it. Once the class is
// deactivated its teacher can neither read, list, change nor create its
// assignments, and its student no longer sees them; a teacher removed
// from the class is refused the same way; an admin still reads it.
func TestAssignmentAccessEndsWithTheClass(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		path := "/v1/assignments/" + w.A.Assignment
		list := "/v1/assignments?class_id=" + a.Class.ID
		create := map[string]any{"class_id": a.Class.ID, "title": "again", "due_at": "2030-01-01T00:00:00Z",
			"items": []map[string]string{{"kind": "exercise", "id": w.Bank}}}
		w.Run(t, []apitest.Case{
			{Name: "teacher reads it while the class is active", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200},
			{Name: "student sees it", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200, Contains: []string{w.A.Assignment}},
			{Name: "deactivate the class", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
			{Name: "its teacher reads nothing", Method: "GET", Path: path, Token: a.TeacherToken, Status: 404},
			{Name: "nor lists it", Method: "GET", Path: "/v1/assignments", Token: a.TeacherToken, Status: 200, Excludes: []string{w.A.Assignment}},
			{Name: "nor lists the class", Method: "GET", Path: list, Token: a.TeacherToken, Status: 404},
			{Name: "nor withdraws it", Method: "POST", Path: path + "/withdraw", Token: a.TeacherToken, Status: 404},
			{Name: "nor assigns more", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken, Body: create, Status: 404},
			{Name: "its student no longer sees it", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200, Excludes: []string{w.A.Assignment}},
			{Name: "an admin still reads it", Method: "GET", Path: path, Token: a.AdminToken, Status: 200},
			{Name: "reactivate", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200},
			{Name: "the teacher reads it again", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200},
			{Name: "remove the teacher", Method: "DELETE", Path: "/v1/classes/" + a.Class.ID + "/enrollments/" + a.Teacher.ID, Token: a.AdminToken, Status: 204},
			{Name: "removed teacher reads nothing", Method: "GET", Path: path, Token: a.TeacherToken, Status: 404},
			{Name: "removed teacher withdraws nothing", Method: "POST", Path: path + "/withdraw", Token: a.TeacherToken, Status: 404},
		})
	})
}

// TestGameAccessEndsWithDeactivatedClass (F7): a deactivated class grants
// its teachers nothing over its students' games, the uploader's included;
// the school admin still edits them, and reactivating gives access back.
func TestGameAccessEndsWithDeactivatedClass(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		path := "/v1/games/" + w.A.Game
		patch := map[string]any{"event": "改过"}
		w.Run(t, []apitest.Case{
			{Name: "the uploader reads it", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200},
			{Name: "deactivate the class", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
			{Name: "the uploader reads nothing", Method: "GET", Path: path, Token: a.TeacherToken, Status: 404},
			{Name: "nor edits it", Method: "PATCH", Path: path, Token: a.TeacherToken, Body: patch, Status: 404},
			{Name: "nor exports it", Method: "GET", Path: path + "/export", Token: a.TeacherToken, Status: 404},
			{Name: "nor lists it", Method: "GET", Path: "/v1/games", Token: a.TeacherToken, Status: 200, Excludes: []string{w.A.Game}},
			{Name: "the admin edits it", Method: "PATCH", Path: path, Token: a.AdminToken, Body: patch, Status: 200},
			{Name: "reactivate", Method: "PATCH", Path: "/v1/classes/" + a.Class.ID, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200},
			{Name: "the uploader reads it again", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200},
			{Name: "and lists it", Method: "GET", Path: "/v1/games", Token: a.TeacherToken, Status: 200, Contains: []string{w.A.Game}},
		})
	})
}
