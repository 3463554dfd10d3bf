package api_test

import (
	"context"
	"encoding/json"
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

// TestNextReview: a skill a student missed two days ago comes first in
// its practice suggestions (reason review, with the tag); its teacher
// turns review off for the class (audited) and the review is gone.
func TestNextReview(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		exSvc := exercises.NewService(models.NewExerciseStore(db), nil)
		h.Echo = api.NewServer(api.Deps{
			Identity:    h.Identity,
			Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
			Exercises:   exSvc,
			Assignments: assignments.NewService(models.NewAssignmentStore(db), nil),
		})
		var bank []exercises.Exercise
		for _, k := range []string{"pin-1", "pin-2", "other-1", "other-2", "other-3"} {
			bank = append(bank, exercises.Exercise{Key: "chess/review-" + k, Kind: "choice",
				Title: domain.Text{ZH: "题", EN: "Q"}, Body: domain.Text{ZH: "选", EN: "Pick"},
				Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
				Solution:   json.RawMessage(`{"correct":[1]}`),
				Difficulty: 3, Band: exercises.G23, Tags: []string{"chess." + k[:len(k)-2]}})
		}
		if _, _, err := exSvc.SyncBank(context.Background(), bank); err != nil {
			t.Fatal(err)
		}
		pin1 := exercises.BankID("chess/review-pin-1")
		if rec := h.Do(t, "POST", "/v1/exercises/"+pin1+"/attempts", a.StudentToken, map[string]any{"answer": map[string]any{"choice": 0}}, key("r1")); rec.Code != 201 {
			t.Fatalf("answer: %d %s", rec.Code, rec.Body)
		}
		if err := db.Exec("UPDATE attempts SET created_at = ? WHERE user_id = ?", time.Now().UTC().Add(-48*time.Hour), a.Student.ID).Error; err != nil {
			t.Fatal(err)
		}
		first := func() (string, string) {
			t.Helper()
			rec := h.Do(t, "GET", "/v1/me/next?limit=3", a.StudentToken, nil, nil)
			var body nextBody
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 200 || len(body.Items) == 0 {
				t.Fatalf("next: %d %s", rec.Code, rec.Body)
			}
			tag := ""
			if body.Items[0].Tag != nil {
				tag = *body.Items[0].Tag
			}
			return body.Items[0].Reason, tag
		}
		if reason, tag := first(); reason != "review" || tag != "chess.pin" {
			t.Fatalf("first suggestion %s %s, want a review of chess.pin", reason, tag)
		}
		class := "/v1/classes/" + a.Class.ID
		h.Run(t, []apitest.Case{
			{Name: "a class shows review on", Method: "GET", Path: class, Token: a.TeacherToken, Status: 200, Contains: []string{`"review":true`}},
			{Name: "a student may not turn it off", Method: "PATCH", Path: class, Token: a.StudentToken, Body: map[string]any{"review": false}, Status: 403},
			{Name: "another school's teacher", Method: "PATCH", Path: class, Token: f.B.TeacherToken, Body: map[string]any{"review": false}, Status: 404},
			{Name: "its teacher turns it off", Method: "PATCH", Path: class, Token: a.TeacherToken, Body: map[string]any{"review": false}, Status: 200, Contains: []string{`"review":false`}},
			{Name: "again: nothing changes", Method: "PATCH", Path: class, Token: a.TeacherToken, Body: map[string]any{"review": false}, Status: 200, Contains: []string{`"review":false`}},
		})
		var n int64
		if err := db.Table("audit_entries").Where("action = ? AND target_id = ?", "class_review_changed", a.Class.ID).Count(&n).Error; err != nil || n != 1 {
			t.Errorf("%d audit entries (%v), want 1", n, err)
		}
		if reason, _ := first(); reason == "review" {
			t.Error("a review with review off")
		}
	})
}
