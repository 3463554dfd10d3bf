package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/models/modelstest"
)

// A student who used both attempts of an exercise wrongly is struggling
// (not not_started) in class progress, progress.csv and
// /v1/me/assignments, comes first in "who needs help first", and
// /v1/me/next no longer suggests the exercise that would answer 409.
func TestStrugglingAndUsedUpAttempts(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a := f.A
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		if _, err := h.Identity.Enroll(context.Background(), root, a.Class.ID, a.OtherStudent.ID); err != nil {
			t.Fatal(err)
		}
		due := h.Now.Add(48 * time.Hour).UTC().Truncate(time.Second)
		rec := h.Do(t, "POST", "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "两次机会",
			"due_at": due, "attempts_allowed": 2, "items": []map[string]string{
				{"kind": "exercise", "id": ex[0]}, {"kind": "exercise", "id": ex[1]}, {"kind": "exercise", "id": ex[2]}}}, nil)
		if rec.Code != 201 {
			t.Fatalf("assign: %d %s", rec.Code, rec.Body.String())
		}
		for i, k := range []string{"w1", "w2"} {
			rec := h.Do(t, "POST", "/v1/exercises/"+ex[0]+"/attempts", a.StudentToken,
				map[string]any{"answer": map[string]any{"choice": 0}, "time_ms": 1000}, key(k))
			if rec.Code != 201 || !strings.Contains(rec.Body.String(), `"outcome":"wrong"`) {
				t.Fatalf("wrong answer %d: %d %s", i, rec.Code, rec.Body.String())
			}
		}
		if rec := h.Do(t, "POST", "/v1/exercises/"+ex[0]+"/attempts", a.StudentToken,
			map[string]any{"answer": map[string]any{"choice": 1}}, key("w3")); rec.Code != 409 {
			t.Fatalf("third try: %d, want 409", rec.Code)
		}

		rec = h.Do(t, "GET", "/v1/me/next", a.StudentToken, nil, nil)
		body := rec.Body.String()
		if rec.Code != 200 || strings.Contains(body, ex[0]) || !strings.Contains(body, ex[1]) || !strings.Contains(body, ex[2]) {
			t.Errorf("next suggests the used-up exercise or leaves out the others: %d %s", rec.Code, body)
		}
		rec = h.Do(t, "GET", "/v1/me/assignments", a.StudentToken, nil, nil)
		if !strings.Contains(rec.Body.String(), `"status":"struggling","solved":0,"solved_late":0,"tried":1,"total":3`) {
			t.Errorf("my assignments: %s", rec.Body.String())
		}
		if rec = h.Do(t, "GET", "/v1/me/assignments?status=open", a.StudentToken, nil, nil); !strings.Contains(rec.Body.String(), `"struggling"`) {
			t.Errorf("open assignments leave out struggling work: %s", rec.Body.String())
		}

		rec = h.Do(t, "GET", "/v1/classes/"+a.Class.ID+"/progress?sort=completion", a.TeacherToken, nil, nil)
		var m struct {
			Students []struct {
				ID    string
				Cells []*struct{ Status string }
			}
			Assignments []struct {
				Totals struct {
					Struggling int
					NotStarted int `json:"not_started"`
				}
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || len(m.Students) != 2 {
			t.Fatalf("progress: %v %s", err, rec.Body.String())
		}
		if m.Students[0].ID != a.Student.ID || m.Students[0].Cells[0].Status != "struggling" || m.Students[1].Cells[0].Status != "not_started" {
			t.Errorf("who needs help first: %s", rec.Body.String())
		}
		if tot := m.Assignments[0].Totals; tot.Struggling != 1 || tot.NotStarted != 1 {
			t.Errorf("totals %+v", tot)
		}
		rec = h.Do(t, "GET", "/v1/classes/"+a.Class.ID+"/progress.csv?lang=en", a.TeacherToken, nil, nil)
		if !strings.Contains(rec.Body.String(), "struggling 0/3") {
			t.Errorf("csv: %s", rec.Body.String())
		}
	})
}

// progress.csv speaks the request's language: heads and statuses.
func TestProgressCSVLanguage(t *testing.T) {
	var now time.Time
	h, f, ex := newAssignmentsServer(t, modelstest.SQLite(t), &now)
	a := f.A
	due := h.Now.Add(48 * time.Hour).UTC().Truncate(time.Second)
	if rec := h.Do(t, "POST", "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "第一周",
		"due_at": due, "items": []map[string]string{{"kind": "exercise", "id": ex[0]}}}, nil); rec.Code != 201 {
		t.Fatalf("assign: %d", rec.Code)
	}
	for _, c := range []struct{ lang, head, row string }{
		{"zh-CN", "姓名,用户名,第一周,按时完成,迟交完成,逾期未完成,完成率\n", ",a-student,未开始 0/1,0,0,0,0.00\n"},
		{"en", "real name,username,第一周,done,late,overdue,completion\n", ",a-student,not started 0/1,0,0,0,0.00\n"},
	} {
		rec := h.Do(t, "GET", "/v1/classes/"+a.Class.ID+"/progress.csv?lang="+c.lang, a.TeacherToken, nil, nil)
		body := strings.TrimPrefix(rec.Body.String(), "\ufeff")
		if !strings.HasPrefix(body, c.head) || !strings.Contains(body, c.row) {
			t.Errorf("%s csv:\n%s", c.lang, body)
		}
	}
}
