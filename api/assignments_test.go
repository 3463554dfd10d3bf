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
	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/lessons"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
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
			Title: domain.Text{ZH: "题" + n, EN: "Q" + n}, Body: domain.Text{ZH: "选", EN: "Pick"},
			Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
			Solution:   json.RawMessage(`{"correct":[1]}`),
			Difficulty: len(exs) + 1, Band: exercises.G23, Tags: []string{"t"}}
		exs = append(exs, ex)
		ids = append(ids, ex.ID)
	}
	if err := store.CreateExercises(context.Background(), exs, h.Now); err != nil {
		t.Fatal(err)
	}
	practice := exercises.NewService(store, nil)
	h.Echo = api.NewServer(api.Deps{
		Identity:  h.Identity,
		Ping:      func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises: practice,
		Assignments: assignments.NewService(models.NewAssignmentStore(db), func() time.Time { return *now }).
			WithPractice(api.PracticeMaker(practice)),
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
			{Name: "bad cursor", Method: "GET", Path: "/v1/assignments?cursor=%25", Token: a.TeacherToken, Status: 400, Code: "invalid_cursor"},
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
			{Name: "bad status filter", Method: "GET", Path: "/v1/me/assignments?status=later", Token: a.StudentToken, Status: 400, Code: "invalid_parameter"},
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
			{Name: "matrix csv", Method: "GET", Path: progress + ".csv?lang=en", Token: a.AdminToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n")
					if len(lines) != 2 || !strings.Contains(lines[1], "late 2/2") || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
						t.Errorf("csv:\n%s", rec.Body.String())
					}
				}},
			{Name: "matrix bad sort", Method: "GET", Path: progress + "?sort=age", Token: a.TeacherToken, Status: 400, Code: "invalid_parameter"},
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
		root := domain.Principal{Role: domain.RolePlatformAdmin}
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

// schoolLesson stores a lesson of school with a text block and one
// exercise block per exercise ID, and returns its ID.
func schoolLesson(t *testing.T, db *gorm.DB, school string, exerciseIDs ...string) string {
	t.Helper()
	ctx := context.Background()
	ls := models.NewLessonStore(db)
	c, err := ls.CreateCurriculum(ctx, lessons.Curriculum{SchoolID: school, Game: game.Chess, Band: exercises.G23,
		Title: domain.Text{ZH: "校本", EN: "School"}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := ls.CreateUnit(ctx, school, c.ID, lessons.Unit{Title: domain.Text{ZH: "单元", EN: "Unit"}})
	if err != nil {
		t.Fatal(err)
	}
	blocks := []lessons.Block{{Type: lessons.BlockText, Text: domain.Text{ZH: "读", EN: "Read"}}}
	for _, id := range exerciseIDs {
		blocks = append(blocks, lessons.Block{Type: lessons.BlockExercise, Exercise: id})
	}
	l, err := ls.CreateLesson(ctx, school, u.ID, lessons.Lesson{Title: domain.Text{ZH: "课", EN: "Lesson"}, Minutes: 5, Blocks: blocks})
	if err != nil {
		t.Fatal(err)
	}
	return l.ID
}

// myAssignments is the body of GET /v1/me/assignments.
type myAssignments struct {
	Items []struct {
		Assignment struct{ ID string }
		Progress   struct {
			Status        string
			Solved, Total int
			SolvedLate    int `json:"solved_late"`
		}
		Items []struct {
			Kind, ID      string
			Solved, Total int
		}
	}
}

// TestAssignmentLessonItemsAPI assigns a lesson of two exercises beside
// an exercise and a reading lesson: the student's status and the class
// matrix count the lesson's exercises, per item too.
func TestAssignmentLessonItemsAPI(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a := f.A
		lesson := schoolLesson(t, db, a.School.ID, ex[0], ex[2])
		reading := schoolLesson(t, db, a.School.ID)
		due := h.Now.Add(24 * time.Hour).UTC().Truncate(time.Second)
		ids := map[string]string{}
		for _, c := range []struct {
			title string
			due   time.Time
			items []map[string]string
		}{
			{"mixed", due, []map[string]string{{"kind": "lesson", "id": lesson}, {"kind": "exercise", "id": ex[1]}, {"kind": "lesson", "id": reading}}},
			{"lesson", due.Add(48 * time.Hour), []map[string]string{{"kind": "lesson", "id": lesson}}},
		} {
			rec := h.Do(t, "POST", "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": c.title,
				"due_at": c.due, "items": c.items}, nil)
			if rec.Code != 201 {
				t.Fatalf("create %s: %d %s", c.title, rec.Code, rec.Body)
			}
			ids[c.title] = apitest.Decode[struct{ ID string }](t, rec).ID
		}
		solve := func(i int) {
			t.Helper()
			rec := h.Do(t, "POST", "/v1/exercises/"+ex[i]+"/attempts", a.StudentToken,
				map[string]any{"answer": map[string]int{"choice": 1}, "time_ms": 1000}, map[string]string{"Idempotency-Key": uuid.NewString()})
			if rec.Code != 200 && rec.Code != 201 {
				t.Fatalf("submit: %d %s", rec.Code, rec.Body)
			}
		}
		mine := func() myAssignments {
			t.Helper()
			rec := h.Do(t, "GET", "/v1/me/assignments", a.StudentToken, nil, nil)
			if rec.Code != 200 {
				t.Fatalf("mine: %d %s", rec.Code, rec.Body)
			}
			return apitest.Decode[myAssignments](t, rec)
		}

		solve(0)
		m := mine()
		if len(m.Items) != 2 || m.Items[0].Assignment.ID != ids["mixed"] {
			t.Fatalf("mine %+v", m)
		}
		mixed := m.Items[0]
		if mixed.Progress.Status != "partial" || mixed.Progress.Solved != 1 || mixed.Progress.Total != 3 {
			t.Errorf("mixed after one lesson exercise: %+v", mixed.Progress)
		}
		if len(mixed.Items) != 3 || mixed.Items[0].ID != lesson || mixed.Items[0].Solved != 1 || mixed.Items[0].Total != 2 ||
			mixed.Items[1].Total != 1 || mixed.Items[1].Solved != 0 || mixed.Items[2].Total != 0 {
			t.Errorf("mixed items %+v", mixed.Items)
		}

		solve(2)
		m = mine()
		if p := m.Items[1].Progress; p.Status != "done" || p.Solved != 2 || p.Total != 2 {
			t.Errorf("lesson only, both exercises solved: %+v", p)
		}
		// The exercise item is solved after the due time: late.
		now = due.Add(2 * time.Hour)
		rec := h.Do(t, "GET", "/v1/me/assignments?status=overdue", a.StudentToken, nil, nil)
		if !strings.Contains(rec.Body.String(), ids["mixed"]) {
			t.Errorf("mixed not overdue with one exercise left: %s", rec.Body)
		}
		if _, _, err := models.NewExerciseStore(db).RecordAttempt(context.Background(), exercises.Attempt{ID: uuid.Must(uuid.NewV7()).String(),
			SchoolID: a.School.ID, UserID: a.Student.ID, ExerciseID: ex[1], Outcome: exercises.Correct,
			IdempotencyKey: uuid.NewString(), RequestHash: "h", CreatedAt: due.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		m = mine()
		if p := m.Items[0].Progress; p.Status != "late" || p.Solved != 3 || p.SolvedLate != 1 {
			t.Errorf("mixed after the late solve: %+v", p)
		}
		h.Run(t, []apitest.Case{
			{Name: "matrix counts lesson exercises", Method: "GET", Path: "/v1/classes/" + a.Class.ID + "/progress", Token: a.TeacherToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					m := apitest.Decode[struct {
						Students []struct {
							Cells []*struct {
								Status        string
								Solved, Total int
							}
						}
						Assignments []struct {
							ID     string
							Totals struct{ Late, Done, Assigned int }
						}
					}](t, rec)
					cells := m.Students[0].Cells
					if len(cells) != 2 || cells[0].Status != "late" || cells[0].Total != 3 || cells[1].Status != "done" || cells[1].Total != 2 {
						t.Errorf("cells %+v %+v", cells[0], cells[1])
					}
					if m.Assignments[0].Totals.Late != 1 || m.Assignments[1].Totals.Done != 1 {
						t.Errorf("totals %+v", m.Assignments)
					}
				}},
		})
	})
}

// TestAssignmentPracticeAPI assigns a generated practice set: the
// assignment lists the new exercises, the student reads and solves them,
// and a refused request stores nothing.
func TestAssignmentPracticeAPI(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a := f.A
		due := h.Now.Add(24 * time.Hour).UTC().Truncate(time.Second)
		schoolExercises := func() int64 {
			var n int64
			if err := db.Table("exercises").Where("school_id = ?", a.School.ID).Count(&n).Error; err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := schoolExercises()
		draft := func(practice ...map[string]any) map[string]any {
			return map[string]any{"class_id": a.Class.ID, "title": "练习", "due_at": due,
				"items": []map[string]string{{"kind": "exercise", "id": ex[0]}}, "practice": practice}
		}
		expr := map[string]any{"kind": "numchess.expression", "count": 3, "seed": 7}
		type item struct {
			Kind string `json:"kind"`
			ID   string `json:"id"`
		}
		var created struct {
			ID    string
			Items []item
		}
		h.Run(t, []apitest.Case{
			{Name: "kind without generator", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body: draft(expr, map[string]any{"kind": "choice", "count": 2}), Header: map[string]string{"Accept-Language": "en"},
				Status: 422, Code: "validation_failed", Contains: []string{`"field":"practice[1].kind"`, `"code":"no_generator"`, "has no generator"}},
			{Name: "unknown kind, bad band and count", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body:   draft(map[string]any{"kind": "nope", "count": 51, "band": "G99"}),
				Status: 422, Code: "validation_failed", Contains: []string{`"field":"practice[0].kind"`, `"field":"practice[0].band"`, `"field":"practice[0].count"`}},
			{Name: "zero count", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body: draft(map[string]any{"kind": "numchess.expression", "count": 0}), Status: 422, Contains: []string{`"field":"practice[0].count"`}},
			{Name: "practice with an unknown item", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
				Body: map[string]any{"class_id": a.Class.ID, "title": "x", "due_at": due, "practice": []any{expr},
					"items": []map[string]string{{"kind": "lesson", "id": "nope"}}}, Status: 422, Code: "unknown_item"},
			{Name: "student cannot assign practice", Method: "POST", Path: "/v1/assignments", Token: a.StudentToken, Body: draft(expr), Status: 403},
			{Name: "assign a practice set", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken, Body: draft(expr), Status: 201,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					created = apitest.Decode[struct {
						ID    string
						Items []item
					}](t, rec)
				}},
		})
		if len(created.Items) != 4 || created.Items[0].ID != ex[0] {
			t.Fatalf("items %+v, want ex[0] and three generated exercises", created.Items)
		}
		if n := schoolExercises(); n != before+3 {
			t.Fatalf("school exercises %d, want %d: refused requests stored some", n, before+3)
		}
		gen := []string{created.Items[1].ID, created.Items[2].ID, created.Items[3].ID}
		store := models.NewExerciseStore(db)
		var cases []apitest.Case
		for _, id := range gen {
			cases = append(cases, apitest.Case{Name: "student reads " + id, Method: "GET", Path: "/v1/exercises/" + id, Token: a.StudentToken,
				Status: 200, Contains: []string{`"kind":"numchess.expression"`, `"band":"G23"`}})
		}
		cases = append(cases, apitest.Case{Name: "the student sees the set", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200,
			Contains: []string{created.ID, gen[0], gen[2], `"total":4`, `"status":"not_started"`}})
		h.Run(t, cases)

		for _, id := range gen[:2] {
			x, err := store.Exercise(context.Background(), identity.Scope{SchoolID: a.School.ID}, id)
			if err != nil {
				t.Fatal(err)
			}
			var sol struct{ Expression string }
			if err := json.Unmarshal(x.Solution, &sol); err != nil {
				t.Fatal(err)
			}
			rec := h.Do(t, "POST", "/v1/exercises/"+id+"/attempts", a.StudentToken,
				map[string]any{"answer": map[string]string{"expression": sol.Expression}, "time_ms": 3000},
				map[string]string{"Idempotency-Key": uuid.NewString()})
			if rec.Code != 200 && rec.Code != 201 || !strings.Contains(rec.Body.String(), `"correct"`) {
				t.Fatalf("solve %s: %d %s", id, rec.Code, rec.Body)
			}
		}
		h.Run(t, []apitest.Case{
			{Name: "solving moves the status", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200,
				Contains: []string{`"status":"partial"`, `"solved":2`, `"total":4`}},
			{Name: "edit adds a set", Method: "PUT", Path: "/v1/assignments/" + created.ID, Token: a.TeacherToken,
				Body: map[string]any{"title": "练习", "due_at": due, "items": created.Items,
					"practice": []any{map[string]any{"kind": "numchess.expression", "count": 2, "band": "K1", "seed": 8}}},
				Status: 200, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					got := apitest.Decode[struct{ Items []struct{ Kind, ID string } }](t, rec)
					if len(got.Items) != 6 || got.Items[3].ID != gen[2] || got.Items[5].Kind != "exercise" {
						t.Errorf("items after the edit %+v", got.Items)
					}
				}},
		})
		if n := schoolExercises(); n != before+5 {
			t.Errorf("school exercises %d, want %d", n, before+5)
		}
	})
}
