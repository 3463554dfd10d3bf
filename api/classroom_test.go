package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// liveLesson is a live lesson as the tests read it.
type liveLesson struct {
	ID       string
	Status   string
	Current  int
	Version  int
	Items    []liveLessonItem
	Item     *liveLessonItem
	Students []struct {
		ID, Name string
		Answered bool
		Correct  int
	}
}

type liveLessonItem struct {
	Index      int
	ExerciseID string `json:"exercise_id"`
	Open       bool
	Revealed   bool
	Answered   int
	Correct    *int
	Answers    []struct {
		Answer  json.RawMessage
		Count   int
		Correct *bool
	}
	AnsweredBy  []string `json:"answered_by"`
	Solution    json.RawMessage
	CommonWrong []struct {
		Answer   json.RawMessage
		Count    int
		Feedback string
	} `json:"common_wrong"`
	Mine *struct {
		Answer    json.RawMessage
		AttemptID string `json:"attempt_id"`
		Outcome   string
		Correct   *bool
		Feedback  string
	}
	Exercise *struct {
		ID     string
		Kind   string
		Prompt json.RawMessage
		Hints  []struct{ Text string }
	}
}

// lessonWorld is the live world with a lesson made by school A's teacher
// of two items: the bank's chess choice (right: 1) and a school exercise
// no assignment holds (right: 0).
type lessonWorld struct {
	*liveWorld
	lesson  string
	private string
}

func newLessonWorld(t *testing.T, db *gorm.DB) *lessonWorld {
	t.Helper()
	w := &lessonWorld{liveWorld: newLiveWorld(t, db)}
	a := w.F.A
	w.private = w.create(t, "POST", "/v1/exercises", a.TeacherToken, map[string]any{
		"kind": "choice", "title": map[string]any{"zh-CN": "课堂题", "en": "Class item"},
		"body":       map[string]any{"zh-CN": "选一个", "en": "Pick one"},
		"prompt":     map[string]any{"game": "chess", "options": []any{map[string]any{"zh-CN": "甲", "en": "A"}, map[string]any{"zh-CN": "乙", "en": "B"}}},
		"solution":   map[string]any{"correct": []int{0}},
		"difficulty": 1, "band": "G23", "tags": []string{"chess.rules"},
	}, nil)
	w.lesson = w.create(t, "POST", "/v1/live-lessons", a.TeacherToken, map[string]any{
		"class_id": a.Class.ID, "exercise_ids": []string{w.Bank, w.private}, "title": "第一课",
	}, nil)
	return w
}

func (w *lessonWorld) get(t *testing.T, token string) liveLesson {
	t.Helper()
	rec := w.Do(t, "GET", "/v1/live-lessons/"+w.lesson, token, nil, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("get lesson: %d %s", rec.Code, rec.Body)
	}
	return apitest.Decode[liveLesson](t, rec)
}

// attempts counts the attempts of a user recorded for the lesson's items.
func (w *lessonWorld) attempts(t *testing.T, userID string) int {
	t.Helper()
	var n int64
	if err := w.DB.Table("attempts").Where("user_id = ? AND idempotency_key LIKE ?", userID, "live-lesson:"+w.lesson+":%").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestLiveLessonFlow(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLessonWorld(t, db)
		a, b := w.F.A, w.F.B
		path := "/v1/live-lessons/" + w.lesson
		answer := func(i, choice int) map[string]any {
			return map[string]any{"index": i, "answer": map[string]any{"choice": choice}}
		}
		w.Run(t, []apitest.Case{
			{Name: "student may not make one", Method: "POST", Path: "/v1/live-lessons", Token: a.StudentToken,
				Body: map[string]any{"class_id": a.Class.ID, "exercise_ids": []string{w.Bank}}, Status: 403, Code: "forbidden"},
			{Name: "another school's class", Method: "POST", Path: "/v1/live-lessons", Token: a.TeacherToken,
				Body: map[string]any{"class_id": b.Class.ID, "exercise_ids": []string{w.Bank}}, Status: 404, Code: "not_found"},
			{Name: "a teacher not of the class", Method: "POST", Path: "/v1/live-lessons", Token: a.OtherTeacherToken,
				Body: map[string]any{"class_id": a.Class.ID, "exercise_ids": []string{w.Bank}}, Status: 404, Code: "not_found"},
			{Name: "another school's exercise", Method: "POST", Path: "/v1/live-lessons", Token: a.TeacherToken,
				Body: map[string]any{"class_id": a.Class.ID, "exercise_ids": []string{w.Bank, w.B.Exercise}}, Status: 422,
				Code: "validation_failed", Contains: []string{`"field":"exercise_ids[1]"`, `"code":"not_found"`}},
			{Name: "no items", Method: "POST", Path: "/v1/live-lessons", Token: a.TeacherToken,
				Body: map[string]any{"class_id": a.Class.ID, "exercise_ids": []string{}}, Status: 422, Code: "validation_failed",
				Contains: []string{`"field":"exercise_ids"`}},
			{Name: "countdown out of range", Method: "POST", Path: "/v1/live-lessons", Token: a.TeacherToken,
				Body:   map[string]any{"class_id": a.Class.ID, "exercise_ids": []string{w.Bank}, "options": map[string]any{"item_seconds": 1}},
				Status: 422, Code: "validation_failed", Contains: []string{`"field":"options.item_seconds"`}},
			{Name: "answer before any item is open", Method: "POST", Path: path + "/answers", Token: a.StudentToken,
				Body: answer(0, 1), Status: 409, Code: "lesson_item_not_open", Contains: []string{"老师现在展示的不是这道题"}},
			{Name: "reveal before any item is open", Method: "POST", Path: path + "/reveal", Token: a.TeacherToken,
				Status: 409, Code: "lesson_nothing_open"},
			{Name: "a student may not open", Method: "POST", Path: path + "/open", Token: a.StudentToken,
				Body: map[string]any{"index": 0}, Status: 403, Code: "forbidden"},
			{Name: "open out of range", Method: "POST", Path: path + "/open", Token: a.TeacherToken,
				Body: map[string]any{"index": 2}, Status: 422, Code: "validation_failed", Contains: []string{`"field":"index"`}},
			{Name: "open without index", Method: "POST", Path: path + "/open", Token: a.TeacherToken,
				Body: map[string]any{}, Status: 422, Code: "validation_failed", Contains: []string{`"field":"index"`}},
			{Name: "open the first item", Method: "POST", Path: path + "/open", Token: a.TeacherToken,
				Body: map[string]any{"index": 0}, Status: 200, Contains: []string{`"current":0`, `"status":"running"`}},
			{Name: "answer another item", Method: "POST", Path: path + "/answers", Token: a.StudentToken,
				Body: answer(1, 0), Status: 409, Code: "lesson_item_not_open"},
			{Name: "malformed answer", Method: "POST", Path: path + "/answers", Token: a.StudentToken,
				Body: map[string]any{"index": 0, "answer": map[string]any{"choice": "b"}}, Status: 422},
			{Name: "no answer", Method: "POST", Path: path + "/answers", Token: a.StudentToken,
				Body: map[string]any{"index": 0}, Status: 422, Code: "validation_failed", Contains: []string{`"field":"answer"`}},
			{Name: "student of another class", Method: "POST", Path: path + "/answers", Token: a.OtherStudentToken,
				Body: answer(0, 1), Status: 403, Code: "not_in_class"},
			{Name: "student of another school", Method: "POST", Path: path + "/answers", Token: b.StudentToken,
				Body: answer(0, 1), Status: 404, Code: "not_found"},
			{Name: "the teacher may not answer", Method: "POST", Path: path + "/answers", Token: a.TeacherToken,
				Body: answer(0, 1), Status: 403, Code: "forbidden"},
			{Name: "answer in English", Method: "POST", Path: path + "/answers?lang=en", Token: a.OtherStudentToken,
				Body: answer(0, 1), Status: 403, Code: "not_in_class", Contains: []string{"belongs to another class"}},
		})
		for _, id := range []string{a.Student.ID, a.OtherStudent.ID, b.Student.ID} {
			if n := w.attempts(t, id); n != 0 {
				t.Fatalf("refused answers recorded %d attempts of %s", n, id)
			}
		}
		w.Run(t, []apitest.Case{
			{Name: "right answer", Method: "POST", Path: path + "/answers", Token: w.tokens[0], Body: answer(0, 1), Status: 201,
				Contains: []string{`"recorded":true`}, Excludes: []string{`"outcome"`}},
			{Name: "second answer", Method: "POST", Path: path + "/answers", Token: w.tokens[0], Body: answer(0, 0), Status: 409,
				Code: "lesson_already_answered", Contains: []string{"每道题只能答一次"}},
			{Name: "same answer again", Method: "POST", Path: path + "/answers", Token: w.tokens[0], Body: answer(0, 1), Status: 409,
				Code: "lesson_already_answered"},
			{Name: "wrong answer", Method: "POST", Path: path + "/answers", Token: w.tokens[1], Body: answer(0, 0), Status: 201},
			{Name: "same wrong answer", Method: "POST", Path: path + "/answers", Token: w.tokens[2], Body: answer(0, 0), Status: 201},
		})
		l := w.get(t, a.TeacherToken)
		it := l.Items[0]
		if l.Current != 0 || it.Answered != 3 || len(it.Answers) != 2 || it.Answers[0].Count != 2 || string(it.Answers[0].Answer) != `{"choice":0}` {
			t.Fatalf("teacher's tally: %+v", it)
		}
		if it.Correct != nil || it.Answers[0].Correct != nil || it.Solution != nil {
			t.Fatalf("right answer shown before the reveal: %+v", it)
		}
		answered := 0
		for _, st := range l.Students {
			if st.Answered {
				answered++
			}
		}
		if len(l.Students) != 4 || answered != 3 || len(it.AnsweredBy) != 3 { // the world's class has a fourth student
			t.Fatalf("students: %+v, answered by %v", l.Students, it.AnsweredBy)
		}
		s := w.get(t, w.tokens[1])
		if s.Items != nil || s.Item == nil || s.Item.Mine == nil || string(s.Item.Mine.Answer) != `{"choice":0}` || s.Item.Mine.Outcome != "" {
			t.Fatalf("student's view before the reveal: %+v", s.Item)
		}
		if s.Item.Exercise == nil || s.Item.Exercise.Kind != "choice" || s.Item.Answers != nil {
			t.Fatalf("student's item: %+v", s.Item)
		}
		w.Run(t, []apitest.Case{
			{Name: "reveal", Method: "POST", Path: path + "/reveal", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"revealed":true`, `"common_wrong":[{"answer":{"choice":0},"count":2,"correct":false`}},
			{Name: "answer after the reveal", Method: "POST", Path: path + "/answers", Token: a.StudentToken, Body: answer(0, 1),
				Status: 409, Code: "lesson_item_closed"},
		})
		s = w.get(t, w.tokens[1])
		if s.Item.Mine.Outcome != "wrong" || s.Item.Mine.Correct == nil || *s.Item.Mine.Correct || s.Item.Solution == nil ||
			s.Item.Correct == nil || *s.Item.Correct != 1 || len(s.Item.CommonWrong) != 1 {
			t.Fatalf("student's view after the reveal: %+v", s.Item)
		}
		for i, n := range []int{1, 1, 1} {
			if got := w.attempts(t, w.ids[i]); got != n {
				t.Fatalf("student %d: %d attempts, want %d", i, got, n)
			}
		}
		// The answer is an ordinary attempt: the student's own list has it.
		rec := w.Do(t, "GET", "/v1/me/attempts?exercise_id="+w.Bank, w.tokens[0], nil, nil)
		if rec.Code != 200 || !json.Valid(rec.Body.Bytes()) || !strings.Contains(rec.Body.String(), `"outcome":"correct"`) {
			t.Fatalf("my attempts: %d %s", rec.Code, rec.Body)
		}
		// The second item is a school exercise no assignment holds.
		w.Run(t, []apitest.Case{
			{Name: "open the second", Method: "POST", Path: path + "/open", Token: a.TeacherToken, Body: map[string]any{"index": 1}, Status: 200},
			{Name: "the first is closed now", Method: "POST", Path: path + "/answers", Token: a.StudentToken, Body: answer(0, 1),
				Status: 409, Code: "lesson_item_not_open"},
			{Name: "answer the school's exercise", Method: "POST", Path: path + "/answers", Token: a.StudentToken, Body: answer(1, 0), Status: 201},
			{Name: "student's list", Method: "GET", Path: "/v1/live-lessons", Token: a.StudentToken, Status: 200,
				Contains: []string{w.lesson, `"current":1`}},
			{Name: "other class's list", Method: "GET", Path: "/v1/live-lessons", Token: a.OtherStudentToken, Status: 200,
				Excludes: []string{w.lesson}},
			{Name: "other school's view", Method: "GET", Path: path, Token: b.TeacherToken, Status: 404},
			{Name: "other class's view", Method: "GET", Path: path, Token: a.OtherStudentToken, Status: 403, Code: "not_in_class"},
			{Name: "end", Method: "POST", Path: path + "/end", Token: a.TeacherToken, Status: 200, Contains: []string{`"status":"ended"`}},
			{Name: "open after the end", Method: "POST", Path: path + "/open", Token: a.TeacherToken, Body: map[string]any{"index": 0},
				Status: 409, Code: "lesson_ended"},
			{Name: "answer after the end", Method: "POST", Path: path + "/answers", Token: w.tokens[1], Body: answer(1, 0),
				Status: 409, Code: "lesson_ended"},
			{Name: "ended lessons leave the student's list", Method: "GET", Path: "/v1/live-lessons", Token: a.StudentToken, Status: 200,
				Excludes: []string{w.lesson}},
			{Name: "teacher's list", Method: "GET", Path: "/v1/live-lessons?status=ended", Token: a.TeacherToken, Status: 200,
				Contains: []string{w.lesson}},
			{Name: "summary", Method: "GET", Path: path + "/summary", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"class":{"students":4,"answers":4,"correct":2,"percent":50}`, `"name":"李."`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					s := apitest.Decode[struct {
						Items    []struct{ Answered, Correct int } `json:"item_totals"`
						Students []struct {
							ID      string
							Correct int
							Answers []*struct{ Outcome string }
						}
					}](t, rec)
					if len(s.Items) != 2 || s.Items[0].Answered != 3 || s.Items[0].Correct != 1 || s.Items[1].Answered != 1 || s.Items[1].Correct != 1 {
						t.Fatalf("items: %+v", s.Items)
					}
					for _, st := range s.Students {
						if st.ID == w.ids[0] && (st.Correct != 2 || st.Answers[0] == nil || st.Answers[0].Outcome != "correct" || st.Answers[1] == nil) {
							t.Fatalf("student: %+v", st)
						}
						if st.ID == w.ids[1] && (st.Correct != 0 || st.Answers[0].Outcome != "wrong" || st.Answers[1] != nil) {
							t.Fatalf("student: %+v", st)
						}
					}
				}},
			{Name: "summary as CSV", Method: "GET", Path: path + "/summary?format=csv&lang=en", Token: a.TeacherToken, Status: 200,
				Contains: []string{"Student,1. Castling,2. Class item,Right,Score", "✓,✓,2/2,2", "✗,–,0/2,0", "Whole class,1/3,1/1,2/4,50%"}},
			{Name: "summary to print", Method: "GET", Path: path + "/summary?format=html", Token: a.TeacherToken, Status: 200,
				Contains: []string{"<table>", "课堂小结：第一课", "全班"},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'none'") {
						t.Fatalf("CSP: %q", rec.Header().Get("Content-Security-Policy"))
					}
				}},
			{Name: "no summary for a student", Method: "GET", Path: path + "/summary", Token: a.StudentToken, Status: 403},
			{Name: "no summary for another school", Method: "GET", Path: path + "/summary", Token: b.TeacherToken, Status: 404},
		})
	})
}

// TestLiveLessonAnswerOnce sends one student's answer many times at once:
// one is recorded, with one attempt, and every other is 409.
func TestLiveLessonAnswerOnce(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLessonWorld(t, db)
		path := "/v1/live-lessons/" + w.lesson
		if rec := w.Do(t, "POST", path+"/open", w.F.A.TeacherToken, map[string]any{"index": 0}, nil); rec.Code != 200 {
			t.Fatalf("open: %d %s", rec.Code, rec.Body)
		}
		const n = 8
		codes := make([]int, n)
		bodies := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec := httptest.NewRecorder()
				req := httptest.NewRequest("POST", path+"/answers", strings.NewReader(fmt.Sprintf(`{"index":0,"answer":{"choice":%d}}`, i%2)))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+w.tokens[0])
				w.Echo.ServeHTTP(rec, req)
				codes[i], bodies[i] = rec.Code, rec.Body.String()
			}()
		}
		wg.Wait()
		created := 0
		for i, c := range codes {
			switch {
			case c == 201:
				created++
			case c == 409 && strings.Contains(bodies[i], "lesson_already_answered"):
			default:
				t.Errorf("answer %d: %d %s", i, c, bodies[i])
			}
		}
		if created != 1 || w.attempts(t, w.ids[0]) != 1 {
			t.Fatalf("%d recorded, %d attempts: %v", created, w.attempts(t, w.ids[0]), codes)
		}
		if l := w.get(t, w.F.A.TeacherToken); l.Items[0].Answered != 1 {
			t.Fatalf("tally: %+v", l.Items[0])
		}
	})
}
