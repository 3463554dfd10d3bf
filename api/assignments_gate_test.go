package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestMasteryGate: an assignment of two lessons with a mastery gate shows
// the second as locked (unlocked by the first), leaves its exercise out
// of /me/next and refuses answers to it (409 lesson_locked, in both
// languages) until the student masters the first lesson.
func TestMasteryGate(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		exSvc := exercises.NewService(models.NewExerciseStore(db, models.WithLimitsTTL(0)), nil)
		h.Echo = api.NewServer(api.Deps{
			Identity:    h.Identity,
			Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
			Exercises:   exSvc,
			Assignments: assignments.NewService(models.NewAssignmentStore(db), nil),
		})
		var bank []exercises.Exercise
		for _, k := range []string{"one", "two"} {
			bank = append(bank, exercises.Exercise{Key: "chess/gate-" + k, Kind: "choice",
				Title: domain.Text{ZH: "题", EN: "Q"}, Body: domain.Text{ZH: "选", EN: "Pick"},
				Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
				Solution:   json.RawMessage(`{"correct":[1]}`),
				Difficulty: 3, Band: exercises.G23, Tags: []string{"chess.gate"},
				Hints: []exercises.Hint{{Text: domain.Text{ZH: "选乙", EN: "Pick B"}}}})
		}
		if _, _, err := exSvc.SyncBank(context.Background(), bank); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		if err := db.Exec(`INSERT INTO curricula (id, game, band, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
			"cur", "chess", "G23", 1, now, now).Error; err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"one", "two"} {
			if err := db.Exec(`INSERT INTO lessons (id, curriculum_id, unit_id, position, title_zh, title_en, minutes, blocks, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				"gate-"+k, "cur", "unit", 1, "第"+k+"课", "Lesson "+k, 5, `[{"type":"exercise","exercise":"chess/gate-`+k+`"}]`, now, now).Error; err != nil {
				t.Fatal(err)
			}
		}
		var asg struct {
			ID          string `json:"id"`
			MasteryGate bool   `json:"mastery_gate"`
		}
		rec := h.Do(t, "POST", "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "闯关", "mastery_gate": true,
			"items":  []map[string]string{{"kind": "lesson", "id": "gate-one"}, {"kind": "lesson", "id": "gate-two"}},
			"due_at": now.Add(72 * time.Hour).Format(time.RFC3339)}, nil)
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &asg) != nil || !asg.MasteryGate {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		one, two := "/v1/exercises/"+exercises.BankID("chess/gate-one"), "/v1/exercises/"+exercises.BankID("chess/gate-two")
		right := map[string]any{"answer": map[string]any{"choice": 1}}
		lockedItems := func(want string) func(t *testing.T, rec *httptest.ResponseRecorder) {
			return func(t *testing.T, rec *httptest.ResponseRecorder) {
				t.Helper()
				var l struct {
					Items []struct {
						Items []struct {
							ID         string  `json:"id"`
							Locked     bool    `json:"locked"`
							UnlockedBy *string `json:"unlocked_by"`
						} `json:"items"`
					} `json:"items"`
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &l); err != nil || len(l.Items) != 1 {
					t.Fatalf("my assignments %s", rec.Body)
				}
				got := ""
				for _, it := range l.Items[0].Items {
					if it.Locked {
						got += fmt.Sprintf("%s<%v", it.ID, *it.UnlockedBy)
					}
				}
				if got != want {
					t.Errorf("locked %q, want %q", got, want)
				}
			}
		}
		nextHas := func(id string, want bool) func(t *testing.T, rec *httptest.ResponseRecorder) {
			return func(t *testing.T, rec *httptest.ResponseRecorder) {
				t.Helper()
				var body nextBody
				json.Unmarshal(rec.Body.Bytes(), &body)
				has := false
				for _, it := range body.Items {
					has = has || (it.ExerciseID == id && it.AssignmentID != nil)
				}
				if has != want {
					t.Errorf("next lists %s for the assignment: %v, want %v", id, has, want)
				}
			}
		}
		h.Run(t, []apitest.Case{
			{Name: "the second lesson is locked", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200, Check: lockedItems("gate-two<gate-one")},
			{Name: "the teacher sees the gate closed", Method: "GET", Path: "/v1/classes/" + a.Class.ID + "/progress", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"mastery_gate":true`, `"locked":1`}},
			{Name: "next leaves it out", Method: "GET", Path: "/v1/me/next", Token: a.StudentToken, Status: 200, Check: nextHas(exercises.BankID("chess/gate-two"), false)},
			{Name: "its exercise is refused", Method: "POST", Path: two + "/attempts", Token: a.StudentToken, Header: key("g1"), Body: right, Status: 409,
				Code: "lesson_locked", Contains: []string{"“第one课”", "闯关"}},
			{Name: "in english", Method: "POST", Path: two + "/attempts", Token: a.StudentToken, Header: en("g2"), Body: right, Status: 409,
				Code: "lesson_locked", Contains: []string{`master the lesson before it, \"Lesson one\"`}},
			{Name: "giving it up too", Method: "POST", Path: two + "/give-up", Token: a.StudentToken, Header: key("g3"), Status: 409, Code: "lesson_locked"},
			{Name: "and its hints (F9)", Method: "POST", Path: two + "/hints", Token: a.StudentToken, Body: map[string]int{"step": 1}, Status: 409, Code: "lesson_locked"},
			{Name: "the teacher reads them", Method: "POST", Path: two + "/hints", Token: a.TeacherToken, Body: map[string]int{"step": 1}, Status: 200},
			{Name: "another student not in the class is not gated", Method: "POST", Path: two + "/attempts", Token: a.OtherStudentToken, Header: key("g4"), Body: right, Status: 201},
			{Name: "the first lesson is open", Method: "POST", Path: one + "/attempts", Token: a.StudentToken, Header: key("g5"), Body: right, Status: 201},
			{Name: "now the second is open", Method: "GET", Path: "/v1/me/assignments", Token: a.StudentToken, Status: 200, Check: lockedItems("")},
			{Name: "the teacher sees it open", Method: "GET", Path: "/v1/classes/" + a.Class.ID + "/progress", Token: a.TeacherToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if strings.Contains(rec.Body.String(), `"locked":1`) {
						t.Errorf("still locked: %s", rec.Body)
					}
				}},
			{Name: "and listed", Method: "GET", Path: "/v1/me/next", Token: a.StudentToken, Status: 200, Check: nextHas(exercises.BankID("chess/gate-two"), true)},
			{Name: "and its hint opens", Method: "POST", Path: two + "/hints", Token: a.StudentToken, Body: map[string]int{"step": 1}, Status: 200},
			{Name: "and answered", Method: "POST", Path: two + "/attempts", Token: a.StudentToken, Header: key("g6"), Body: right, Status: 201},
		})
	})
}
