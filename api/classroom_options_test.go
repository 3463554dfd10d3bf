package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestLiveLessonOptions: the countdown closes an item (answers past it are
// refused at once, the sweep marks it closed and tells the class), hints
// only when the teacher allows them (recorded with the answer), and a
// lesson copied to run again with another class.
func TestLiveLessonOptions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLessonWorld(t, db)
		a := w.F.A
		hinted := w.create(t, "POST", "/v1/exercises", a.TeacherToken, map[string]any{
			"kind": "choice", "title": map[string]any{"zh-CN": "有提示", "en": "With hints"},
			"body":       map[string]any{"zh-CN": "选一个", "en": "Pick one"},
			"prompt":     map[string]any{"game": "chess", "options": []any{map[string]any{"zh-CN": "甲", "en": "A"}, map[string]any{"zh-CN": "乙", "en": "B"}}},
			"solution":   map[string]any{"correct": []int{1}},
			"hints":      []map[string]any{{"text": map[string]any{"zh-CN": "想一想乙", "en": "Think of B"}}},
			"difficulty": 1, "band": "G23", "tags": []string{"chess.rules"},
		}, nil)
		timed := w.create(t, "POST", "/v1/live-lessons", a.TeacherToken, map[string]any{
			"class_id": a.Class.ID, "exercise_ids": []string{hinted, w.Bank},
			"options": map[string]any{"item_seconds": 10, "hints": true, "named": true},
		}, nil)
		path := "/v1/live-lessons/" + timed
		w.Run(t, []apitest.Case{
			{Name: "hints in a lesson without them", Method: "POST", Path: "/v1/live-lessons/" + w.lesson + "/hints", Token: a.StudentToken,
				Body: map[string]any{"index": 0, "step": 1}, Status: 403, Code: "lesson_hints_off"},
			{Name: "open with a countdown", Method: "POST", Path: path + "/open", Token: a.TeacherToken, Body: map[string]any{"index": 0},
				Status: 200, Contains: []string{`"item_seconds":10`}},
			{Name: "a hint", Method: "POST", Path: path + "/hints", Token: w.tokens[0], Body: map[string]any{"index": 0, "step": 1},
				Status: 200, Contains: []string{"想一想乙"}},
			{Name: "a hint past the last", Method: "POST", Path: path + "/hints", Token: w.tokens[0], Body: map[string]any{"index": 0, "step": 2},
				Status: 422, Code: "validation_failed"},
			{Name: "an answer after the hint", Method: "POST", Path: path + "/answers", Token: w.tokens[0],
				Body: map[string]any{"index": 0, "answer": map[string]any{"choice": 1}}, Status: 201},
		})
		var hints int
		if err := w.DB.Table("attempts").Select("hints_used").Where("user_id = ? AND exercise_id = ?", w.ids[0], hinted).Scan(&hints).Error; err != nil || hints != 1 {
			t.Fatalf("hints used recorded: %d %v", hints, err)
		}
		if s := w.get2(t, timed, w.tokens[0]); s.Item == nil || s.Item.Exercise == nil || len(s.Item.Exercise.Hints) != 1 {
			t.Fatalf("the opened hint on reload: %+v", s.Item)
		}
		w.Advance(10 * time.Second)
		w.Run(t, []apitest.Case{
			{Name: "an answer when the time ran out", Method: "POST", Path: path + "/answers", Token: w.tokens[1],
				Body: map[string]any{"index": 0, "answer": map[string]any{"choice": 1}}, Status: 409, Code: "lesson_item_closed"},
			{Name: "a hint when the time ran out", Method: "POST", Path: path + "/hints", Token: w.tokens[1],
				Body: map[string]any{"index": 0, "step": 1}, Status: 409, Code: "lesson_item_closed"},
		})
		sub := w.Hub.Subscribe("lessons:" + a.Class.ID)
		defer sub.Close()
		if n, err := w.Lessons.Sweep(context.Background()); err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		select {
		case msg := <-sub.C:
			if !strings.Contains(string(msg), `"kind":"closed"`) || !strings.Contains(string(msg), timed) {
				t.Fatalf("event: %s", msg)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no closed event")
		}
		if n, _ := w.Lessons.Sweep(context.Background()); n != 0 {
			t.Fatalf("swept again: %d", n)
		}
		l := w.get2(t, timed, a.TeacherToken)
		if l.Items[0].Open || l.Items[0].Answered != 1 {
			t.Fatalf("closed item: %+v", l.Items[0])
		}
		// Run it again with another class: school A's second teacher has one.
		class := w.create(t, "POST", "/v1/classes", a.AdminToken, map[string]any{"name": "二班", "grade": 2, "teacher_ids": []string{a.OtherTeacher.ID}}, nil)
		w.Run(t, []apitest.Case{
			{Name: "copy to a class the teacher does not teach", Method: "POST", Path: path + "/copy", Token: a.TeacherToken,
				Body: map[string]any{"class_id": class}, Status: 404, Code: "not_found", Contains: []string{`"field":"class_id"`}},
			{Name: "copy by a teacher who cannot see it", Method: "POST", Path: path + "/copy", Token: a.OtherTeacherToken,
				Body: map[string]any{"class_id": class}, Status: 404},
			{Name: "copy for the same class", Method: "POST", Path: path + "/copy", Token: a.TeacherToken, Status: 201,
				Contains: []string{`"copied_from":"` + timed + `"`, `"status":"ready"`, `"item_seconds":10`}},
			{Name: "copy with other options", Method: "POST", Path: path + "/copy", Token: a.TeacherToken,
				Body: map[string]any{"title": "再来一次", "options": map[string]any{"ranking": true}}, Status: 201,
				Contains: []string{`"title":"再来一次"`, `"ranking":true`, `"item_seconds":0`}},
			{Name: "another school", Method: "POST", Path: path + "/copy", Token: w.F.B.TeacherToken, Status: 404},
		})
	})
}

func (w *lessonWorld) get2(t *testing.T, id, token string) liveLesson {
	t.Helper()
	rec := w.Do(t, "GET", "/v1/live-lessons/"+id, token, nil, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("get lesson: %d %s", rec.Code, rec.Body)
	}
	return apitest.Decode[liveLesson](t, rec)
}
