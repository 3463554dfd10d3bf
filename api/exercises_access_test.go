package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models/modelstest"
)

// rootPrincipal is a platform admin acting without a token.
var rootPrincipal = domain.Principal{Role: domain.RolePlatformAdmin}

// assign creates an assignment through the API as token and returns its
// ID; body gives class_id and items, and may override the title, the due
// time and the rest.
func assign(t *testing.T, h *apitest.Harness, token string, body map[string]any) string {
	t.Helper()
	req := map[string]any{"title": "练习", "due_at": time.Now().Add(48 * time.Hour).UTC()}
	for k, v := range body {
		req[k] = v
	}
	rec := h.Do(t, "POST", "/v1/assignments", token, req, nil)
	if rec.Code != 201 {
		t.Fatalf("assign: %d %s", rec.Code, rec.Body)
	}
	return apitest.Decode[struct{ ID string }](t, rec).ID
}

// schoolChoice is a choice exercise draft of a school, answered right with
// {"choice": 0}.
var schoolChoice = map[string]any{
	"kind": "choice", "title": map[string]any{"zh-CN": "规则", "en": "Rules"}, "body": map[string]any{"zh-CN": "选一个", "en": "Pick one"},
	"prompt":     map[string]any{"game": "chess", "options": []any{map[string]any{"zh-CN": "一", "en": "one"}, map[string]any{"zh-CN": "二", "en": "two"}}},
	"solution":   map[string]any{"correct": []int{0}},
	"difficulty": 1, "band": "G23",
}

// TestStudentsReadAssignedSchoolExercises checks "R when assigned": a
// student reads, lists and works on a school's exercise only while an
// assignment meant for them contains it; staff always.
func TestStudentsReadAssignedSchoolExercises(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		rec := p.Do(t, "POST", "/v1/exercises", a.TeacherToken, schoolChoice, nil)
		if rec.Code != 201 {
			t.Fatalf("author: %d %s", rec.Code, rec.Body)
		}
		id := apitest.Decode[struct{ ID string }](t, rec).ID
		path := "/v1/exercises/" + id
		answer := map[string]any{"answer": map[string]any{"choice": 0}}
		unseen := func(token, k string) []apitest.Case {
			return []apitest.Case{
				{Name: "not read " + k, Method: "GET", Path: path, Token: token, Status: 404, Code: "not_found"},
				{Name: "not listed " + k, Method: "GET", Path: "/v1/exercises?source=school", Token: token, Status: 200, Check: itemIDs()},
				{Name: "not listed among all " + k, Method: "GET", Path: "/v1/exercises?band=G23", Token: token, Status: 200, Check: itemIDs(p.Number.ID)},
				{Name: "no answer " + k, Method: "POST", Path: path + "/attempts", Token: token, Header: key("n-" + k), Body: answer, Status: 404, Code: "not_found"},
				{Name: "no give-up " + k, Method: "POST", Path: path + "/give-up", Token: token, Header: key("g-" + k), Status: 404, Code: "not_found"},
			}
		}
		staff := []apitest.Case{
			{Name: "teacher reads it", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200, Contains: []string{`"solution"`}},
			{Name: "another teacher of the school reads it", Method: "GET", Path: path, Token: a.OtherTeacherToken, Status: 200},
			{Name: "school admin lists it", Method: "GET", Path: "/v1/exercises?source=school", Token: a.AdminToken, Status: 200, Check: itemIDs(id)},
		}
		p.Run(t, append(unseen(a.StudentToken, "before"), staff...))

		// Assigned to the class: its student reads and works on it; a
		// student of the same school outside the class does not.
		asg := assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID,
			"items": []map[string]string{{"kind": "exercise", "id": id}}})
		p.Run(t, append([]apitest.Case{
			{Name: "read when assigned", Method: "GET", Path: path, Token: a.StudentToken, Status: 200, Check: noSolution},
			{Name: "listed when assigned", Method: "GET", Path: "/v1/exercises?source=school", Token: a.StudentToken, Status: 200, Check: itemIDs(id)},
			{Name: "listed among the band", Method: "GET", Path: "/v1/exercises?band=G23", Token: a.StudentToken, Status: 200, Check: itemIDs(slices.Sorted(slices.Values([]string{p.Number.ID, id}))...)},
			{Name: "answered when assigned", Method: "POST", Path: path + "/attempts", Token: a.StudentToken, Header: key("a1"), Body: answer, Status: 201},
		}, unseen(a.OtherStudentToken, "outside the class")...))

		// Withdrawn: gone again for the student, staff unchanged.
		if rec := p.Do(t, "POST", "/v1/assignments/"+asg+"/withdraw", a.TeacherToken, nil, nil); rec.Code != 200 {
			t.Fatalf("withdraw: %d %s", rec.Code, rec.Body)
		}
		p.Run(t, append(unseen(a.StudentToken, "after withdrawal"), staff...))

		// Assigned to chosen students only, and not open yet.
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "opens_at": time.Now().Add(time.Hour).UTC(),
			"items": []map[string]string{{"kind": "exercise", "id": id}}})
		p.Run(t, unseen(a.StudentToken, "before it opens"))
		if _, err := p.Identity.Enroll(t.Context(), rootPrincipal, a.Class.ID, a.OtherStudent.ID); err != nil {
			t.Fatal(err)
		}
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "student_ids": []string{a.OtherStudent.ID},
			"items": []map[string]string{{"kind": "exercise", "id": id}}})
		p.Run(t, append([]apitest.Case{
			{Name: "the chosen student reads it", Method: "GET", Path: path, Token: a.OtherStudentToken, Status: 200},
		}, unseen(a.StudentToken, "not chosen")...))
	})
}

// TestAttemptsAllowed checks the limit of an assignment on a built-in
// exercise: refused once used up, each step of a line too; replays and
// give-ups; an unlimited assignment lifts it.
func TestAttemptsAllowed(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		bank, err := exercises.Bank()
		if err != nil {
			t.Fatal(err)
		}
		var mate2 exercises.Exercise
		for _, ex := range bank {
			if ex.Key == "chess/mate2-001" {
				mate2 = ex
			}
		}
		p := newPractice(t, db, mate2)
		a := p.F.A
		mateID := exercises.BankID(mate2.Key)
		choice := "/v1/exercises/" + p.Choice.ID
		wrong := map[string]any{"answer": map[string]any{"choice": 0}}
		right := map[string]any{"answer": map[string]any{"choice": 1}}
		step := map[string]any{"answer": map[string]any{"moves": []string{"Kc7"}}}
		mated := map[string]any{"answer": map[string]any{"moves": []string{"Kc7", "Ka7", "Ra1#"}}}
		mate := "/v1/exercises/" + mateID

		p.Run(t, []apitest.Case{
			{Name: "no assignment, no limit", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("free"), Body: wrong, Status: 201},
		})
		asg := assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "第二周", "attempts_allowed": 2,
			"items": []map[string]string{{"kind": "exercise", "id": p.Choice.ID}, {"kind": "exercise", "id": mateID}}})
		p.Run(t, []apitest.Case{
			{Name: "first of two", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("c1"), Body: wrong, Status: 201},
			{Name: "give-up counts as the second", Method: "POST", Path: choice + "/give-up", Token: a.StudentToken, Header: key("c2"), Status: 201},
			{Name: "third refused", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: en("c3"), Body: right, Status: 409,
				Code: "attempts_exhausted", Contains: []string{`In the assignment \"第二周\" this exercise allows 2 attempts`}},
			{Name: "refused in Chinese", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("c4"), Body: right, Status: 409,
				Contains: []string{`这道题在作业“第二周”里只能做 2 次，你已经用完了。`}},
			{Name: "a retry still replays", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("c1"), Body: wrong, Status: 200,
				Contains: []string{`"replayed":true`, `"correct":false`}},
			{Name: "a give-up retry still replays", Method: "POST", Path: choice + "/give-up", Token: a.StudentToken, Header: key("c2"), Status: 200,
				Contains: []string{`"replayed":true`, `"solution"`}},
			{Name: "give-up shows the solution, records nothing", Method: "POST", Path: choice + "/give-up", Token: a.StudentToken, Header: en("c5"), Status: 200,
				Contains: []string{`"solution"`, "not recorded"}},
			{Name: "a teacher is not limited", Method: "POST", Path: choice + "/attempts", Token: a.TeacherToken, Body: right, Status: 200},
			{Name: "another student is not limited", Method: "POST", Path: choice + "/attempts", Token: a.OtherStudentToken, Header: key("o1"), Body: right, Status: 201},

			{Name: "a step of a line", Method: "POST", Path: mate + "/attempts", Token: a.StudentToken, Header: key("m1"), Body: step, Status: 200,
				Contains: []string{`"outcome":"continue"`}},
			{Name: "a line ends: first", Method: "POST", Path: mate + "/attempts", Token: a.StudentToken, Header: key("m2"), Body: mated, Status: 201},
			{Name: "a line ends: second", Method: "POST", Path: mate + "/attempts", Token: a.StudentToken, Header: key("m3"), Body: mated, Status: 201},
			{Name: "no step once used up", Method: "POST", Path: mate + "/attempts", Token: a.StudentToken, Header: key("m4"), Body: step, Status: 409,
				Code: "attempts_exhausted"},
		})
		if n := countAttempts(t, db, a.Student.ID); n != 5 {
			t.Errorf("%d attempts, want 5 (1 free, 2 limited choice, 2 mates)", n)
		}

		// Another limited assignment of the exercise gives its own
		// attempts; an unlimited one lifts the limit.
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "attempts_allowed": 3,
			"items": []map[string]string{{"kind": "exercise", "id": p.Choice.ID}}})
		p.Run(t, []apitest.Case{
			{Name: "a second limited assignment", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("d1"), Body: wrong, Status: 201},
		})
		if rec := p.Do(t, "PUT", "/v1/assignments/"+asg, a.TeacherToken, map[string]any{"title": "第二周", "due_at": time.Now().Add(time.Hour).UTC(),
			"items": []map[string]string{{"kind": "exercise", "id": p.Choice.ID}}}, nil); rec.Code != 200 {
			t.Fatalf("edit: %d %s", rec.Code, rec.Body)
		}
		p.Run(t, []apitest.Case{
			{Name: "limit lifted", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("d2"), Body: wrong, Status: 201},
			{Name: "and again", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("d3"), Body: wrong, Status: 201},
			{Name: "and again", Method: "POST", Path: choice + "/attempts", Token: a.StudentToken, Header: key("d4"), Body: right, Status: 201},
		})
	})
}

// TestAttemptsAllowedParallel checks that the limit holds exactly under
// parallel submissions of one student (PostgreSQL serializes them with an
// advisory lock, SQLite with its single connection).
func TestAttemptsAllowedParallel(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "attempts_allowed": 3,
			"items": []map[string]string{{"kind": "exercise", "id": p.Choice.ID}}})
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body, _ := json.Marshal(map[string]any{"answer": map[string]any{"choice": i % 2}})
				rec := httptest.NewRecorder()
				req := httptest.NewRequest("POST", "/v1/exercises/"+p.Choice.ID+"/attempts", bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+a.StudentToken)
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Idempotency-Key", uuid.NewString())
				p.Echo.ServeHTTP(rec, req)
				mu.Lock()
				codes[rec.Code]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[201] != 3 || codes[409] != 7 {
			t.Errorf("statuses %v, want 3 × 201 and 7 × 409", codes)
		}
		if n := countAttempts(t, db, a.Student.ID); n != 3 {
			t.Errorf("%d attempts recorded, want exactly 3", n)
		}
	})
}

// TestAttemptsCountSinceJoining checks that attempts made before a
// student joined the class do not count towards its assignment's limit.
func TestAttemptsCountSinceJoining(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		choice := "/v1/exercises/" + p.Choice.ID
		wrong := map[string]any{"answer": map[string]any{"choice": 0}}
		assign(t, p.Harness, a.TeacherToken, map[string]any{"class_id": a.Class.ID, "attempts_allowed": 1,
			"items": []map[string]string{{"kind": "exercise", "id": p.Choice.ID}}})
		// After the assignment, before joining its class: not limited,
		// and not counted later.
		var cases []apitest.Case
		for i := range 3 {
			cases = append(cases, apitest.Case{Name: fmt.Sprint("before joining ", i), Method: "POST", Path: choice + "/attempts",
				Token: a.OtherStudentToken, Header: key(fmt.Sprint("b", i)), Body: wrong, Status: 201})
		}
		p.Run(t, cases)
		// The student joins now (the identity clock is the harness's).
		p.Advance(time.Since(p.Now) + time.Millisecond)
		if _, err := p.Identity.Enroll(t.Context(), rootPrincipal, a.Class.ID, a.OtherStudent.ID); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond)
		p.Run(t, []apitest.Case{
			{Name: "one attempt after joining", Method: "POST", Path: choice + "/attempts", Token: a.OtherStudentToken, Header: key("j1"), Body: wrong, Status: 201},
			{Name: "then none", Method: "POST", Path: choice + "/attempts", Token: a.OtherStudentToken, Header: key("j2"), Body: wrong, Status: 409},
		})
	})
}
