package api_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// newAssignmentsServer is a harness whose server has assignments, with two
// exercises of school A.
// The assignments service has its own clock (*now), so that tests can
// move past due times without expiring the harness's tokens.
func newAssignmentsServer(t *testing.T, db *gorm.DB, now *time.Time) (*apitest.Harness, apitest.Fixture, []string) {
	t.Helper()
	h := apitest.New(t, db)
	f := h.Fixture(t)
	*now = h.Now
	store := models.NewExerciseStore(db)
	var ids []string
	var exs []exercises.Exercise
	for _, n := range []string{"1", "2", "3"} {
		ex := exercises.Exercise{ID: uuid.Must(uuid.NewV7()).String(), SchoolID: f.A.School.ID, Kind: "choice",
			Title: exercises.Text{ZH: "题" + n, EN: "Q" + n}, Body: exercises.Text{ZH: "选", EN: "Pick"},
			Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
			Solution:   json.RawMessage(`{"correct":[1]}`),
			Difficulty: len(exs) + 1, Band: exercises.G23, Tags: []string{"t"}}
		exs = append(exs, ex)
		ids = append(ids, ex.ID)
	}
	if err := store.CreateExercises(context.Background(), exs, h.Now); err != nil {
		t.Fatal(err)
	}
	h.Echo = api.NewServer(api.Deps{
		Identity:    h.Identity,
		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises:   exercises.NewService(store, nil),
		Assignments: assignments.NewService(models.NewAssignmentStore(db), func() time.Time { return *now }),
	})
	return h, f, ids
}

func TestAssignmentsAPI(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a, b := f.A, f.B
		due := h.Now.Add(24 * time.Hour).UTC().Truncate(time.Second)
		body := map[string]any{"class_id": a.Class.ID, "title": "第一周", "due_at": due,
			"items": []map[string]string{{"kind": "exercise", "id": ex[0]}, {"kind": "exercise", "id": ex[1]}}}
		var created struct{ ID string }
		h.Run(t, []apitest.Case{
			{Name: "student cannot assign", Method: "POST", Path: "/v1/assignments", Token: a.StudentToken, Body: body, Status: 403, Code: "forbidden"},
			{Name: "teacher of another class", Method: "POST", Path: "/v1/assignments", Token: a.OtherTeacherToken, Body: body, Status: 404, Code: "not_found"},
			{Name: "other school", Method: "POST", Path: "/v1/assignments", Token: b.TeacherToken, Body: body, Status: 404, Code: "not_found"},
			{Name: "no items", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body: map[string]any{"class_id": a.Class.ID, "title": "x", "due_at": due, "items": []any{}}, Status: 422, Code: "validation_failed"},
			{Name: "unknown item", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body:   map[string]any{"class_id": a.Class.ID, "title": "x", "due_at": due, "items": []map[string]string{{"kind": "lesson", "id": "nope"}}},
				Header: map[string]string{"Accept-Language": "en"}, Status: 422, Code: "unknown_item", Contains: []string{"does not exist"}},
			{Name: "chosen student outside the class", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body: map[string]any{"class_id": a.Class.ID, "title": "x", "due_at": due, "student_ids": []string{a.OtherStudent.ID},
					"items": []map[string]string{{"kind": "exercise", "id": ex[0]}}}, Status: 422, Code: "student_not_in_class"},
			{Name: "create", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken, Body: body, Status: 201,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					created = apitest.Decode[struct{ ID string }](t, rec)
				}},
		})
		path := "/v1/assignments/" + created.ID
		h.Run(t, []apitest.Case{
			{Name: "school admin lists the school", Method: "GET", Path: "/v1/assignments", Token: a.AdminToken, Status: 200, Contains: []string{created.ID}},
			{Name: "teacher lists own classes", Method: "GET", Path: "/v1/assignments", Token: a.TeacherToken, Status: 200, Contains: []string{created.ID}},
			{Name: "paged list", Method: "GET", Path: "/v1/assignments?limit=1&class_id=" + a.Class.ID, Token: a.TeacherToken, Status: 200,
				Contains: []string{created.ID, `"next_cursor":null`}},
			{Name: "bad cursor", Method: "GET", Path: "/v1/assignments?cursor=%25", Token: a.TeacherToken, Status: 400, Code: "invalid_parameter"},
			{Name: "other teacher sees none", Method: "GET", Path: "/v1/assignments", Token: a.OtherTeacherToken, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "other school admin", Method: "GET", Path: path, Token: b.AdminToken, Status: 404, Code: "not_found"},
			{Name: "student of the class reads it", Method: "GET", Path: path, Token: a.StudentToken, Status: 200},
			{Name: "student outside the class", Method: "GET", Path: path, Token: a.OtherStudentToken, Status: 404},
			{Name: "student list forbidden", Method: "GET", Path: "/v1/assignments", Token: a.StudentToken, Status: 403},
			{Name: "edit", Method: "PUT", Path: path, Token: a.TeacherToken,
				Body: map[string]any{"title": "第一周（改）", "due_at": due, "attempts_allowed": 3,
					"items": []map[string]string{{"kind": "exercise", "id": ex[0]}, {"kind": "exercise", "id": ex[1]}}},
				Status: 200, Contains: []string{`"attempts_allowed":3`}},
			{Name: "my open assignments", Method: "GET", Path: "/v1/me/assignments?status=due_soon", Token: a.StudentToken, Status: 200,
				Contains: []string{created.ID, `"status":"not_started"`, `"due_soon":true`}},
			{Name: "next: the assignment's exercises; school exercises are not practice", Method: "GET", Path: "/v1/me/next?limit=3", Token: a.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					l := apitest.Decode[struct {
						Items []struct {
							ExerciseID   string `json:"exercise_id"`
							Reason       string
							AssignmentID *string `json:"assignment_id"`
						}
					}](t, rec)
					if len(l.Items) != 2 || l.Items[0].ExerciseID != ex[0] || l.Items[1].ExerciseID != ex[1] ||
						l.Items[0].AssignmentID == nil || *l.Items[0].AssignmentID != created.ID || l.Items[1].Reason != "assignment" {
						t.Errorf("next %+v", l.Items)
					}
				}},
			{Name: "next limit out of range", Method: "GET", Path: "/v1/me/next?limit=0", Token: a.StudentToken, Status: 400, Code: "invalid_parameter"},
			{Name: "next is for students", Method: "GET", Path: "/v1/me/next", Token: a.TeacherToken, Status: 403},
			{Name: "bad status filter", Method: "GET", Path: "/v1/me/assignments?status=later", Token: a.StudentToken, Status: 422, Code: "validation_failed"},
			{Name: "teacher has no own list", Method: "GET", Path: "/v1/me/assignments", Token: a.TeacherToken, Status: 403},
		})

		// The student solves the first exercise on time and the second
		// after the due time.
		store := models.NewExerciseStore(db)
		for i, at := range []time.Time{h.Now.Add(time.Hour), due.Add(time.Hour)} {
			_, _, err := store.RecordAttempt(context.Background(), exercises.Attempt{ID: uuid.Must(uuid.NewV7()).String(),
				SchoolID: a.School.ID, UserID: a.Student.ID, ExerciseID: ex[i], Outcome: exercises.Correct,
				IdempotencyKey: uuid.NewString(), RequestHash: "h", CreatedAt: at})
			if err != nil {
				t.Fatal(err)
			}
		}
		now = now.Add(30 * time.Hour)
		progress := "/v1/classes/" + a.Class.ID + "/progress"
		h.Run(t, []apitest.Case{
			{Name: "done late", Method: "GET", Path: "/v1/me/assignments?status=done", Token: a.StudentToken, Status: 200,
				Contains: []string{`"status":"late"`, `"solved":2`, `"solved_late":1`}},
			{Name: "nothing overdue", Method: "GET", Path: "/v1/me/assignments?status=overdue", Token: a.StudentToken, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "matrix", Method: "GET", Path: progress + "?sort=completion", Token: a.TeacherToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					m := apitest.Decode[struct {
						Students []struct {
							ID    string
							Cells []*struct{ Status string }
						}
						Assignments []struct{ Totals struct{ Late, Assigned int } }
					}](t, rec)
					if len(m.Students) != 1 || m.Students[0].ID != a.Student.ID || m.Students[0].Cells[0].Status != "late" ||
						m.Assignments[0].Totals.Late != 1 || m.Assignments[0].Totals.Assigned != 1 {
						t.Errorf("matrix %+v", m)
					}
				}},
			{Name: "matrix csv", Method: "GET", Path: progress + ".csv", Token: a.AdminToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n")
					if len(lines) != 2 || !strings.Contains(lines[1], "late 2/2") || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
						t.Errorf("csv:\n%s", rec.Body.String())
					}
				}},
			{Name: "matrix bad sort", Method: "GET", Path: progress + "?sort=age", Token: a.TeacherToken, Status: 422, Code: "validation_failed"},
			{Name: "matrix other teacher", Method: "GET", Path: progress, Token: a.OtherTeacherToken, Status: 404},
			{Name: "matrix other school", Method: "GET", Path: progress, Token: b.AdminToken, Status: 404},
			{Name: "matrix student", Method: "GET", Path: progress, Token: a.StudentToken, Status: 403},
			{Name: "copy to a class of another school", Method: "POST", Path: path + "/copy", Token: a.TeacherToken,
				Body: map[string]string{"class_id": b.Class.ID}, Status: 404},
			{Name: "withdraw", Method: "POST", Path: path + "/withdraw", Token: a.TeacherToken, Status: 200, Contains: []string{`"withdrawn_at":"`}},
			{Name: "student no longer sees it", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "edit withdrawn", Method: "PUT", Path: path, Token: a.TeacherToken,
				Body:   map[string]any{"title": "x", "due_at": due, "items": []map[string]string{{"kind": "exercise", "id": ex[0]}}},
				Status: 422, Code: "assignment_withdrawn"},
		})
	})
}

// TestAssignmentsParallelSubmissions has two students answer an
// assignment's exercises at the same time through the router; the class
// matrix then matches the stored attempts exactly.
func TestAssignmentsParallelSubmissions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a := f.A
		root := identity.Principal{Role: identity.RolePlatformAdmin}
		if _, err := h.Identity.Enroll(context.Background(), root, a.Class.ID, a.OtherStudent.ID); err != nil {
			t.Fatal(err)
		}
		rec := h.Do(t, "POST", "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "P",
			"due_at": now.Add(24 * time.Hour), "items": []map[string]string{{"kind": "exercise", "id": ex[0]},
				{"kind": "exercise", "id": ex[1]}, {"kind": "exercise", "id": ex[2]}}}, nil)
		if rec.Code != 201 {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		// s1 answers every exercise wrong then right; s2 solves the first two.
		plan := map[string][]int{a.StudentToken: {0, 1, 2}, a.OtherStudentToken: {0, 1}}
		var wg sync.WaitGroup
		for token, items := range plan {
			for _, i := range items {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for _, choice := range []int{0, 1} {
						rec := h.Do(t, "POST", "/v1/exercises/"+ex[i]+"/attempts", token,
							map[string]any{"answer": map[string]int{"choice": choice}, "time_ms": 1000},
							map[string]string{"Idempotency-Key": uuid.NewString()})
						if rec.Code != 200 && rec.Code != 201 {
							t.Errorf("submit: %d %s", rec.Code, rec.Body)
						}
					}
				}()
			}
		}
		wg.Wait()
		var correct []struct {
			UserID string
			N      int
		}
		db.Table("attempts").Select("user_id, COUNT(DISTINCT exercise_id) AS n").Where("outcome = ?", "correct").
			Group("user_id").Scan(&correct)
		solved := map[string]int{}
		for _, c := range correct {
			solved[c.UserID] = c.N
		}
		if solved[a.Student.ID] != 3 || solved[a.OtherStudent.ID] != 2 {
			t.Fatalf("stored solves %v", solved)
		}
		rec = h.Do(t, "GET", "/v1/classes/"+a.Class.ID+"/progress", a.TeacherToken, nil, nil)
		m := apitest.Decode[struct {
			Students []struct {
				ID    string
				Cells []*struct {
					Status string
					Solved int
				}
			}
			Assignments []struct{ Totals struct{ Done, Partial int } }
		}](t, rec)
		for _, s := range m.Students {
			if c := s.Cells[0]; c == nil || c.Solved != solved[s.ID] {
				t.Errorf("student %s: cell %+v, stored solves %d", s.ID, c, solved[s.ID])
			}
		}
		if tot := m.Assignments[0].Totals; tot.Done != 1 || tot.Partial != 1 {
			t.Errorf("totals %+v", tot)
		}
	})
}
