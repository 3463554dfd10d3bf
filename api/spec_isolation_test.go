package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/models/modelstest"
)

// studentRoutes are the routes a student may call on things of their own
// school (their classes, assignments, lessons, exercises, themselves);
// every other route that takes an ID is staff-only for a student.
var studentRoutes = map[string]bool{
	"GET /v1/users/{id}": true, "GET /v1/classes/{id}": true, "GET /v1/exercises/{id}": true,
	"POST /v1/exercises/{id}/attempts": true, "POST /v1/exercises/{id}/give-up": true,
	"GET /v1/assignments/{id}": true, "GET /v1/lessons/{id}": true, "GET /v1/curricula/{id}": true,
	"GET /v1/curricula/{id}/units": true, "GET /v1/units/{id}": true, "GET /v1/units/{id}/lessons": true,
	"GET /v1/schools/{id}": true, "GET /v1/students/{id}/progress": true, "GET /v1/me/attempts": true,
	"GET /v1/tournaments/{id}": true, "GET /v1/tournaments/{id}/standings": true, "GET /v1/tournaments/{id}/pairings": true,
	"GET /v1/games/{id}": true, "GET /v1/games/{id}/replay": true, "GET /v1/games/{id}/export": true, "POST /v1/games/{id}/confirm": true,
	"GET /v1/tournaments/{id}/bracket": true, "GET /v1/tournaments/{id}/arena": true,
	// The world's live game is its teacher against its student: a player.
	"GET /v1/live-games/{id}": true, "POST /v1/live-games/{id}/moves": true, "POST /v1/live-games/{id}/pass": true,
	"POST /v1/live-games/{id}/resign": true, "POST /v1/live-games/{id}/abort": true, "POST /v1/live-games/{id}/draw-offer": true,
	"POST /v1/live-games/{id}/draw-answer": true, "POST /v1/live-games/{id}/swap": true, "POST /v1/live-games/{id}/fifth-offers": true,
	"POST /v1/live-games/{id}/fifth-choice": true, "POST /v1/live-games/{id}/claim": true, "POST /v1/live-games/{id}/stop": true,
	"POST /v1/live-games/{id}/takeback": true, "POST /v1/challenges/{id}/answer": true,
	// The world's running live lesson is of the student's class.
	"GET /v1/live-lessons/{id}": true, "POST /v1/live-lessons/{id}/answers": true,
}

// classScoped are the routes whose IDs belong to one class (the class, its
// students, its assignments): a teacher of another class of the same
// school is refused them.
func classScoped(path string) bool {
	for _, p := range []string{"/v1/classes/{id}", "/v1/students/", "/v1/users/{id}", "/v1/assignments/{id}", "/v1/roster/classes/", "/v1/tournaments/{id}", "/v1/games/{id}", "/v1/live-lessons/{id}"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// TestSpecCrossSchool is the systematic isolation test, generated from
// openapi.yaml: every route that takes an ID (in its path, or a *_id
// query filter) is called with the IDs of school A (a) by every user of
// school B, (b) by a teacher of school A who does not teach A's class,
// on routes about the class, and (c) by A's student on staff routes.
// Each answer to a route with an ID in its path is 403 or 404 (a body
// route may refuse its empty body first with 400 or 422); a list filtered
// by A's ID may refuse the filter or scope it to the caller's school; no
// answer names anything of school A. A route the world cannot
// fill fails the test.
func TestSpecCrossSchool(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		secrets := []string{a.School.ID, a.School.Name, a.Class.ID, a.Class.Name, a.Student.ID, a.Student.Username,
			a.Teacher.ID, a.Admin.ID, w.A.Exercise, w.A.Curriculum, w.A.Unit, w.A.Lesson, w.A.Assignment, w.A.Attempt, w.A.Import, w.A.Tournament, w.A.Game}
		type caller struct{ name, token string }
		n := 0
		for _, o := range specOps(w) {
			key := o.String()
			pathID := strings.Contains(o.path, "{id}") || strings.Contains(o.path, "{user_id}") || strings.Contains(o.path, "{eid}")
			takesID := pathID
			path := w.fill(t, "A", o.path)
			for _, p := range o.params {
				if p.In == "query" && strings.HasSuffix(p.Name, "_id") {
					takesID = true
					id := map[string]string{"class_id": a.Class.ID, "school_id": a.School.ID, "exercise_id": w.A.Exercise, "user_id": a.Student.ID, "tournament_id": w.A.Tournament}[p.Name]
					if id == "" {
						t.Fatalf("%s: the world cannot fill the query parameter %s", key, p.Name)
					}
					path = withQuery(path, p.Name, id)
				}
			}
			if !takesID {
				continue
			}
			n++
			callers := []caller{{"B admin", w.F.B.AdminToken}, {"B teacher", w.F.B.TeacherToken},
				{"B other teacher", w.F.B.OtherTeacherToken}, {"B student", w.F.B.StudentToken}}
			if classScoped(o.path) && o.path != "/v1/users/{id}/password" {
				callers = append(callers, caller{"A teacher of another class", a.OtherTeacherToken})
			}
			if pathID && !studentRoutes[key] {
				callers = append(callers, caller{"A student on a staff route", a.StudentToken})
			}
			for _, c := range callers {
				t.Run(key+"/"+c.name, func(t *testing.T) {
					var body any
					if jsonBodySchema(o) != nil {
						body = map[string]any{}
					}
					rec := w.Do(t, o.method, path, c.token, body, map[string]string{api.HeaderIdempotencyKey: "x-" + c.name})
					switch {
					case !pathID && rec.Code < 500:
						// A list filtered by another school's ID: refused
						// or scoped to the caller's school; never its data.
					case rec.Code == http.StatusForbidden, rec.Code == http.StatusNotFound:
					case rec.Code == http.StatusBadRequest, rec.Code == http.StatusUnprocessableEntity:
						if body == nil {
							t.Errorf("status %d\n%s", rec.Code, rec.Body)
						}
					default:
						t.Errorf("status %d, want 403 or 404\n%s", rec.Code, rec.Body)
					}
					var doc map[string]any
					if json.Unmarshal(rec.Body.Bytes(), &doc) == nil {
						delete(doc, "instance") // the request path, echoed
					}
					out, _ := json.Marshal(doc)
					for _, s := range secrets {
						if strings.Contains(string(out), s) {
							t.Errorf("answer names %q of school A\n%s", s, rec.Body)
						}
					}
				})
			}
		}
		if n < 30 {
			t.Fatalf("only %d routes take an ID", n)
		}
	})
}
