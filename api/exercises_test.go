package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// practice is a harness whose server has the exercise and assignment
// services, with a small bank of generic exercises loaded. Its store
// reads the snapshot of limited exercises afresh on every submission.
type practice struct {
	*apitest.Harness
	F      apitest.Fixture
	Svc    *exercises.Service
	Choice exercises.Exercise // chess K1, answer {"choice": 1}
	Number exercises.Exercise // draughts G23, answer {"value": 20}
}

func newPractice(t testing.TB, db *gorm.DB, extra ...exercises.Exercise) *practice {
	t.Helper()
	h := apitest.New(t, db)
	p := &practice{Harness: h, F: h.Fixture(t)}
	p.Svc = exercises.NewService(models.NewExerciseStore(db, models.WithLimitsTTL(0)), nil)
	h.Echo = api.NewServer(api.Deps{
		Identity:    h.Identity,
		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises:   p.Svc,
		Assignments: assignments.NewService(models.NewAssignmentStore(db), nil),
	})
	p.Choice = exercises.Exercise{
		Key: "chess/test-choice-001", Kind: "choice",
		Title: domain.Text{ZH: "王车易位", EN: "Castling"}, Body: domain.Text{ZH: "哪个对？", EN: "Which is right?"},
		Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"王走三格","en":"The king moves three squares"},{"zh-CN":"王走两格","en":"The king moves two squares"}]}`),
		Solution:   json.RawMessage(`{"correct":[1],"explanation":{"zh-CN":"王走两格。","en":"The king moves two squares."}}`),
		Difficulty: 1, Band: exercises.K1, Tags: []string{"chess.rules.castling"},
	}
	p.Number = exercises.Exercise{
		Key: "draughts/test-number-001", Kind: "number",
		Title: domain.Text{ZH: "棋子", EN: "Pieces"}, Body: domain.Text{ZH: "每方几个棋子？", EN: "How many pieces per side?"},
		Prompt:     json.RawMessage(`{"game":"draughts"}`),
		Solution:   json.RawMessage(`{"value":20}`),
		Difficulty: 1, Band: exercises.G23, Tags: []string{"draughts.rules.setup"},
	}
	bank := append([]exercises.Exercise{p.Choice, p.Number}, extra...)
	if _, _, err := p.Svc.SyncBank(context.Background(), bank); err != nil {
		t.Fatal(err)
	}
	p.Choice.ID, p.Number.ID = exercises.BankID(p.Choice.Key), exercises.BankID(p.Number.Key)
	return p
}

func key(k string) map[string]string { return map[string]string{api.HeaderIdempotencyKey: k} }

func en(k string) map[string]string {
	return map[string]string{api.HeaderIdempotencyKey: k, "Accept-Language": "en"}
}

func noSolution(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	if strings.Contains(rec.Body.String(), `"solution"`) || strings.Contains(rec.Body.String(), "moves two squares.") {
		t.Errorf("solution leaked to a student:\n%s", rec.Body.String())
	}
}

func countAttempts(t *testing.T, db *gorm.DB, userID string) int64 {
	t.Helper()
	var n int64
	if err := db.Table("attempts").Where("user_id = ?", userID).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestExercisesAndAttempts(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a, b := p.F.A, p.F.B
		choice := "/v1/exercises/" + p.Choice.ID
		number := "/v1/exercises/" + p.Number.ID
		wrong := map[string]any{"answer": map[string]any{"choice": 0}, "time_ms": 4200}
		right := map[string]any{"answer": map[string]any{"choice": 1}, "time_ms": 5000}
		var firstAttempt string
		p.Run(t, []apitest.Case{
			{Name: "kinds", Method: "GET", Path: "/v1/kinds", Token: a.StudentToken, Status: 200, Contains: []string{`"name":"choice"`, `"answer_schema"`}},
			{Name: "kinds need a token", Method: "GET", Path: "/v1/kinds", Status: 401},
			{Name: "list as student in no class hides solutions", Method: "GET", Path: "/v1/exercises", Token: a.OtherStudentToken, Status: 200,
				Contains: []string{p.Choice.ID, p.Number.ID, "王车易位"}, Check: noSolution},
			{Name: "list in english", Method: "GET", Path: "/v1/exercises?band=K1&lang=en", Token: a.StudentToken, Status: 200, Contains: []string{"Castling"}},
			{Name: "list as teacher has solutions", Method: "GET", Path: "/v1/exercises?game=chess", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"solution"`}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					l := apitest.Decode[api.List[map[string]any]](t, rec)
					if len(l.Items) != 1 || l.Items[0]["id"] != p.Choice.ID || l.Items[0]["game"] != "chess" {
						t.Errorf("game filter: %+v", l.Items)
					}
				}},
			{Name: "filter band", Method: "GET", Path: "/v1/exercises?band=G23", Token: a.StudentToken, Status: 200,
				Check: itemIDs(p.Number.ID)},
			{Name: "filter tag", Method: "GET", Path: "/v1/exercises?tag=chess.rules.castling", Token: a.OtherStudentToken, Status: 200,
				Check: itemIDs(p.Choice.ID)},
			{Name: "filter kind", Method: "GET", Path: "/v1/exercises?kind=number&source=builtin", Token: a.StudentToken, Status: 200,
				Check: itemIDs(p.Number.ID)},
			{Name: "pagination", Method: "GET", Path: "/v1/exercises?limit=1", Token: a.OtherStudentToken, Status: 200,
				Contains: []string{`"next_cursor":"`}},
			{Name: "bad band", Method: "GET", Path: "/v1/exercises?band=G99", Token: a.StudentToken, Status: 400, Code: "invalid_parameter"},
			{Name: "school filter is for platform admins", Method: "GET", Path: "/v1/exercises?school_id=" + b.School.ID, Token: a.TeacherToken, Status: 400, Code: "invalid_parameter"},
			{Name: "get as student hides solution", Method: "GET", Path: choice, Token: a.StudentToken, Status: 200, Check: noSolution},
			{Name: "get as teacher shows solution", Method: "GET", Path: choice, Token: a.TeacherToken, Status: 200, Contains: []string{`"solution"`}},
			{Name: "unknown exercise", Method: "GET", Path: "/v1/exercises/0190f5a4-0000-7000-8000-000000000000", Token: a.StudentToken, Status: 404},
			{Name: "malformed id", Method: "GET", Path: "/v1/exercises/nope", Token: a.StudentToken, Status: 404},

			{Name: "student needs an idempotency key", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Body: wrong, Status: 422,
				Code: "validation_failed", Contains: []string{"Idempotency-Key"}},
			{Name: "malformed answer", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: en("m1"),
				Body: map[string]any{"answer": map[string]any{"choice": 7}}, Status: 422, Code: "invalid_answer",
				Contains: []string{`"field":"answer.choices[0]"`, "there is no option 7"}},
			{Name: "answer of the wrong shape", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("m2"),
				Body: map[string]any{"answer": "b"}, Status: 422, Code: "invalid_answer"},
			{Name: "missing answer", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("m3"),
				Body: map[string]any{"time_ms": 3}, Status: 422, Code: "validation_failed"},
			{Name: "unknown body field", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("m4"),
				Body: map[string]any{"answer": map[string]any{"choice": 1}, "correct": true}, Status: 400, Code: "unknown_field"},
			{Name: "answer that is not UTF-8", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("m5"),
				Body: "{\"answer\":{\"choice\":\"\xff\"}}", Status: 422, Code: "validation_failed"},
			{Name: "idempotency key that is not printable ASCII", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("ключ"),
				Body: right, Status: 422, Code: "validation_failed"},
			{Name: "no attempt for malformed answers", Method: "GET", Path: "/v1/me/attempts", Token: a.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if n := countAttempts(t, db, a.Student.ID); n != 0 {
						t.Errorf("%d attempts after malformed answers", n)
					}
				}},

			{Name: "wrong answer", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: en("k1"), Body: wrong, Status: 201,
				Contains: []string{`"correct":false`, `"outcome":"wrong"`, `"recorded":true`, `"first_attempt":true`}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					noSolution(t, rec)
					v := apitest.Decode[map[string]any](t, rec)
					firstAttempt, _ = v["attempt_id"].(string)
					if fb, _ := v["feedback"].(string); fb == "" || strings.ContainsAny(fb, "的了") {
						t.Errorf("feedback %q, want English", fb)
					}
				}},
			{Name: "retry returns the first verdict", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("k1"), Body: wrong, Status: 200,
				Contains: []string{`"replayed":true`, `"correct":false`}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if rec.Header().Get("Idempotent-Replayed") != "true" {
						t.Error("no Idempotent-Replayed header")
					}
					if v := apitest.Decode[map[string]any](t, rec); v["attempt_id"] != firstAttempt {
						t.Errorf("replayed attempt %v, want %s", v["attempt_id"], firstAttempt)
					}
					if n := countAttempts(t, db, a.Student.ID); n != 1 {
						t.Errorf("%d attempts after a retry, want 1", n)
					}
				}},
			{Name: "retry with the timer moved on", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("k1"),
				Body: map[string]any{"answer": map[string]any{"choice": 0}, "time_ms": 9999}, Status: 200, Contains: []string{`"replayed":true`}},
			{Name: "reused key with another body", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("k1"), Body: right, Status: 422,
				Code: "idempotency_key_reused"},
			{Name: "reused key on another exercise", Method: "POST", Path: number + "/attempts", Token: a.StudentToken, Header: key("k1"),
				Body: map[string]any{"answer": map[string]any{"value": 20}}, Status: 422, Code: "idempotency_key_reused"},
			{Name: "right answer shows the solution", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("k2"), Body: right, Status: 201,
				Contains: []string{`"correct":true`, `"score":1`, `"first_attempt":false`, `"solution"`}},
			{Name: "solved exercise shows its solution", Method: "GET", Path: choice, Token: a.StudentToken, Status: 200, Contains: []string{`"solution"`}},
			{Name: "another student still sees no solution", Method: "GET", Path: choice, Token: a.OtherStudentToken, Status: 200, Check: noSolution},
			{Name: "give up", Method: "POST", Path: number + "/give-up", Token: a.StudentToken, Header: key("g1"), Status: 201,
				Contains: []string{`"correct":false`, `"solution"`, `"recorded":true`}},
			{Name: "give up retried", Method: "POST", Path: number + "/give-up", Token: a.StudentToken, Header: key("g1"), Body: map[string]any{}, Status: 200,
				Contains: []string{`"replayed":true`}},
			{Name: "give up needs a key", Method: "POST", Path: number + "/give-up", Token: a.StudentToken, Status: 422, Code: "validation_failed"},
			{Name: "my attempts", Method: "GET", Path: "/v1/me/attempts?limit=2&lang=en", Token: a.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					l := apitest.Decode[api.List[map[string]any]](t, rec)
					if len(l.Items) != 2 || l.NextCursor == nil || l.Items[0]["gave_up"] != true || l.Items[0]["answer"] != nil {
						t.Errorf("attempts page: %+v", l)
					}
				}},
			{Name: "my attempts of one exercise", Method: "GET", Path: "/v1/me/attempts?exercise_id=" + p.Choice.ID, Token: a.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if l := apitest.Decode[api.List[map[string]any]](t, rec); len(l.Items) != 2 {
						t.Errorf("%d attempts of the choice exercise, want 2", len(l.Items))
					}
				}},
			{Name: "teacher tries without recording", Method: "POST", Path: choice + "/attempts", Token: a.TeacherToken, Body: wrong, Status: 200,
				Contains: []string{`"recorded":false`, `"solution"`}},
		})
		if n := countAttempts(t, db, a.Student.ID); n != 3 {
			t.Errorf("%d attempts recorded, want 3 (wrong, right, give-up)", n)
		}
	})
}

// itemIDs checks that a list holds exactly the given IDs.
func itemIDs(ids ...string) func(t *testing.T, rec *httptest.ResponseRecorder) {
	return func(t *testing.T, rec *httptest.ResponseRecorder) {
		t.Helper()
		l := apitest.Decode[api.List[map[string]any]](t, rec)
		var got []string
		for _, it := range l.Items {
			got = append(got, it["id"].(string))
		}
		if strings.Join(got, ",") != strings.Join(ids, ",") {
			t.Errorf("items %v, want %v", got, ids)
		}
	}
}

func TestSchoolExercises(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a, b := p.F.A, p.F.B
		draft := map[string]any{
			"kind": "choice", "title": map[string]any{"zh-CN": "数棋", "en": "Number chess"},
			"body":       map[string]any{"zh-CN": "选一个", "en": "Pick one"},
			"prompt":     map[string]any{"game": "numchess", "options": []any{map[string]any{"zh-CN": "一", "en": "one"}, map[string]any{"zh-CN": "二", "en": "two"}}},
			"solution":   map[string]any{"correct": []int{0}},
			"difficulty": 2, "band": "G23", "tags": []string{"numchess.rules"},
		}
		bad := map[string]any{}
		for k, v := range draft {
			bad[k] = v
		}
		bad["solution"] = map[string]any{"correct": []int{5}}
		var id string
		p.Run(t, []apitest.Case{
			{Name: "student may not author", Method: "POST", Path: "/v1/exercises", Token: a.StudentToken, Body: draft, Status: 403},
			{Name: "own solution fails", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Body: bad, Header: map[string]string{"Accept-Language": "en"},
				Status: 422, Code: "invalid_exercise"},
			{Name: "unknown kind", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Body: withField(draft, "kind", "chess.nope"), Status: 422, Code: "validation_failed"},
			{Name: "platform admin needs a school", Method: "POST", Path: "/v1/exercises", Token: p.F.AdminToken, Body: draft, Status: 422, Code: "validation_failed"},
			{Name: "teacher authors", Method: "POST", Path: "/v1/exercises", Token: a.TeacherToken, Body: draft, Status: 201,
				Contains: []string{`"source":"school"`, `"game":"numchess"`, a.School.ID}, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					id = apitest.Decode[map[string]any](t, rec)["id"].(string)
				}},
		})
		path := "/v1/exercises/" + id
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "items": []map[string]string{{"kind": "exercise", "id": id}}})
		p.Run(t, []apitest.Case{
			{Name: "own school's student reads it", Method: "GET", Path: path, Token: a.StudentToken, Status: 200, Check: noSolution},
			{Name: "listed for own school", Method: "GET", Path: "/v1/exercises?source=school", Token: a.StudentToken, Status: 200, Check: itemIDs(id)},
			{Name: "not listed for another school", Method: "GET", Path: "/v1/exercises?source=school", Token: b.StudentToken, Status: 200, Check: itemIDs()},
			{Name: "platform admin lists it by school", Method: "GET", Path: "/v1/exercises?source=school&school_id=" + a.School.ID, Token: p.F.AdminToken, Status: 200, Check: itemIDs(id)},
			{Name: "other school's student", Method: "GET", Path: path, Token: b.StudentToken, Status: 404},
			{Name: "other school's student answers", Method: "POST", Path: path + "/attempts", Token: b.StudentToken, Header: key("x1"),
				Body: map[string]any{"answer": map[string]any{"choice": 0}}, Status: 404},
			{Name: "other school's student gives up", Method: "POST", Path: path + "/give-up", Token: b.StudentToken, Header: key("x2"), Status: 404},
			{Name: "other school's teacher edits", Method: "PUT", Path: path, Token: b.TeacherToken, Body: draft, Status: 404},
			{Name: "other school's admin deletes", Method: "DELETE", Path: path, Token: b.AdminToken, Status: 404},
			{Name: "student answers right", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("y1"),
				Body: map[string]any{"answer": map[string]any{"choice": 0}}, Status: 201, Contains: []string{`"correct":true`}},
			{Name: "edit refused by the checker", Method: "PUT", Path: path, Token: a.TeacherToken, Body: bad, Status: 422, Code: "invalid_exercise"},
			{Name: "edit", Method: "PUT", Path: path, Token: a.OtherTeacherToken, Body: withField(draft, "difficulty", 4), Status: 200, Contains: []string{`"difficulty":4`}},
			{Name: "built-in exercises are read-only", Method: "PUT", Path: "/v1/exercises/" + p.Choice.ID, Token: p.F.AdminToken, Body: draft, Status: 422, Code: "builtin_exercise"},
			{Name: "built-in exercises cannot be deleted", Method: "DELETE", Path: "/v1/exercises/" + p.Choice.ID, Token: a.AdminToken, Status: 422, Code: "builtin_exercise"},
			{Name: "student may not delete", Method: "DELETE", Path: path, Token: a.StudentToken, Status: 403},
			{Name: "school admin deletes", Method: "DELETE", Path: path, Token: a.AdminToken, Status: 204},
			{Name: "gone", Method: "GET", Path: path, Token: a.TeacherToken, Status: 404},
		})
		if n := countAttempts(t, db, a.Student.ID); n != 1 {
			t.Errorf("%d attempts left after deleting the exercise, want the 1 kept", n)
		}
	})
}

func withField(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for kk, vv := range m {
		out[kk] = vv
	}
	out[k] = v
	return out
}

// TestNumchessRulesetFromPrompt checks that a student's number-chess
// answer is graded under the ruleset of the prompt, whatever the grade
// band of the student's class.
func TestNumchessRulesetFromPrompt(t *testing.T) {
	if _, ok := exercises.KindByName("numchess.expression"); !ok {
		t.Skip("numchess.expression is not registered")
	}
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ex := exercises.Exercise{
			Key: "numchess/test-expr-001", Kind: "numchess.expression",
			Title: domain.Text{ZH: "算一算", EN: "Make it"}, Body: domain.Text{ZH: "用 2 和 3 算出 6", EN: "Make 6 from 2 and 3"},
			Prompt:     json.RawMessage(`{"ruleset":"G46","digits":[2,3],"target":6}`),
			Solution:   json.RawMessage(`{"expression":"2×3"}`),
			Difficulty: 2, Band: exercises.G46,
		}
		p := newPractice(t, db, ex)
		a := p.F.A
		one := 1
		if _, err := p.Identity.UpdateClass(context.Background(), domain.Principal{Role: domain.RolePlatformAdmin}, a.Class.ID, identity.ClassPatch{Grade: &one}); err != nil {
			t.Fatal(err)
		}
		path := "/v1/exercises/" + exercises.BankID(ex.Key) + "/attempts"
		times := map[string]any{"answer": map[string]any{"expression": "2*3"}}
		p.Run(t, []apitest.Case{
			{Name: "teacher: prompt ruleset G46 allows ×", Method: "POST", Path: path, Token: a.TeacherToken, Body: times, Status: 200, Contains: []string{`"correct":true`}},
			{Name: "grade-1 student: the prompt's G46 allows × too", Method: "POST", Path: path, Token: a.StudentToken, Header: en("n1"), Body: times, Status: 201,
				Contains: []string{`"correct":true`}},
			{Name: "unparsable expression", Method: "POST", Path: path, Token: a.StudentToken, Header: key("n2"),
				Body: map[string]any{"answer": map[string]any{"expression": "2*(3"}}, Status: 422, Code: "invalid_answer"},
		})
	})
}

// TestConcurrentSameKey sends one submission many times at once on
// PostgreSQL: exactly one attempt is recorded and every response carries
// its ID.
func TestConcurrentSameKey(t *testing.T) {
	db := modelstest.Postgres(t)
	p := newPractice(t, db)
	a := p.F.A
	body := []byte(`{"answer":{"choice":1},"time_ms":900}`)
	const n = 24
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest("POST", "/v1/exercises/"+p.Choice.ID+"/attempts", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+a.StudentToken)
			req.Header.Set(api.HeaderIdempotencyKey, "same-key")
			rec := httptest.NewRecorder()
			p.Echo.ServeHTTP(rec, req)
			if rec.Code != http.StatusCreated && rec.Code != http.StatusOK {
				t.Errorf("status %d: %s", rec.Code, rec.Body.String())
				return
			}
			var v map[string]any
			json.Unmarshal(rec.Body.Bytes(), &v)
			ids[i], _ = v["attempt_id"].(string)
		}()
	}
	wg.Wait()
	if got := countAttempts(t, db, a.Student.ID); got != 1 {
		t.Fatalf("%d attempts for one key, want 1", got)
	}
	for i, id := range ids {
		if id != ids[0] || id == "" {
			t.Fatalf("response %d has attempt %q, want %q", i, id, ids[0])
		}
	}
}

func TestGenerateEndpoint(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		cases := []apitest.Case{
			{Name: "students may not generate", Method: "POST", Path: "/v1/exercises/generate", Token: a.StudentToken,
				Body: map[string]any{"kind": "choice", "band": "K1", "count": 1}, Status: 403},
			{Name: "kind without generator", Method: "POST", Path: "/v1/exercises/generate", Token: a.TeacherToken,
				Body: map[string]any{"kind": "choice", "band": "K1", "count": 1}, Status: 422, Code: "no_generator"},
			{Name: "count out of range", Method: "POST", Path: "/v1/exercises/generate", Token: a.TeacherToken,
				Body: map[string]any{"kind": "choice", "band": "K1", "count": 500}, Status: 422, Code: "validation_failed"},
		}
		for _, g := range exercises.Generators() {
			body := map[string]any{"kind": g.Kind(), "band": "G46", "count": 3, "seed": 7}
			var first string
			cases = append(cases,
				apitest.Case{Name: "generate " + g.Kind(), Method: "POST", Path: "/v1/exercises/generate", Token: a.TeacherToken, Body: body, Status: 200,
					Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
						first = rec.Body.String()
						l := apitest.Decode[api.List[map[string]any]](t, rec)
						if len(l.Items) == 0 {
							t.Fatal("nothing generated")
						}
						for _, it := range l.Items {
							if it["kind"] != g.Kind() || it["solution"] == nil || it["id"] != nil {
								t.Errorf("generated %+v", it)
							}
						}
					}},
				apitest.Case{Name: "same seed, same exercises " + g.Kind(), Method: "POST", Path: "/v1/exercises/generate", Token: a.TeacherToken, Body: body, Status: 200,
					Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
						if rec.Body.String() != first {
							t.Error("the same seed generated other exercises")
						}
					}},
				apitest.Case{Name: "generate and save " + g.Kind(), Method: "POST", Path: "/v1/exercises/generate", Token: a.TeacherToken,
					Body: withField(body, "save", true), Status: 201, Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
						l := apitest.Decode[api.List[map[string]any]](t, rec)
						for _, it := range l.Items {
							id, _ := it["id"].(string)
							if got := p.Do(t, "GET", "/v1/exercises/"+id, a.TeacherToken, nil, nil); got.Code != 200 {
								t.Errorf("saved exercise %s: %d", id, got.Code)
							}
							if got := p.Do(t, "GET", "/v1/exercises/"+id, a.StudentToken, nil, nil); got.Code != 404 {
								t.Errorf("saved exercise %s, not assigned, to a student: %d", id, got.Code)
							}
						}
					}},
			)
		}
		p.Run(t, cases)
	})
}

// TestExerciseRoutesWithoutService checks that a server built without the
// exercise service answers 503 on the exercise routes.
func TestExerciseRoutesWithoutService(t *testing.T) {
	h := apitest.New(t, modelstest.SQLite(t))
	f := h.Fixture(t)
	rec := h.Do(t, "GET", "/v1/kinds", f.A.StudentToken, nil, nil)
	if rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503", rec.Code)
	}
}
