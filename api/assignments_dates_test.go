package api_test

import (
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestAssignmentDates: a due_at that is not a time is 400 invalid_time
// naming due_at; one before opens_at says so; one in the past is accepted
// with a due_in_past warning.
func TestAssignmentDates(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a := f.A
		body := func(due any, opens any) map[string]any {
			b := map[string]any{"class_id": a.Class.ID, "title": "日期", "due_at": due,
				"items": []map[string]string{{"kind": "exercise", "id": ex[0]}}}
			if opens != nil {
				b["opens_at"] = opens
			}
			return b
		}
		later := h.Now.Add(48 * time.Hour).UTC().Format(time.RFC3339)
		sooner := h.Now.Add(24 * time.Hour).UTC().Format(time.RFC3339)
		past := h.Now.Add(-24 * time.Hour).UTC().Format(time.RFC3339)
		cases := []apitest.Case{
			{Name: "past due is warned", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken, Body: body(past, nil), Status: 201,
				Contains: []string{`"warnings":[{"code":"due_in_past","field":"due_at","message":"截止时间已经过去了`}},
			{Name: "future due has no warnings", Method: "POST", Path: "/v1/assignments?lang=en", Token: a.TeacherToken, Body: body(later, nil), Status: 201,
				Contains: []string{`"warnings":[]`}},
			{Name: "due before opens says so", Method: "POST", Path: "/v1/assignments?lang=en", Token: a.TeacherToken, Body: body(sooner, later), Status: 422,
				Contains: []string{`{"field":"due_at","code":"before_opens_at","message":"must be later than opens_at"}`}},
		}
		for _, bad := range []any{"tomorrow", 5, "2030-13-45"} {
			cases = append(cases, apitest.Case{Name: "bad due_at " + fmt.Sprint(bad), Method: "POST", Path: "/v1/assignments",
				Token: a.TeacherToken, Body: body(bad, nil), Status: 400, Code: "invalid_time",
				Contains: []string{`"errors":[{"field":"due_at","code":"invalid_time"`}})
		}
		h.Run(t, cases)
	})
}
