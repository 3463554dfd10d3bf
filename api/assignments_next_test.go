package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
)

type nextBody struct {
	Items []struct {
		ExerciseID   string  `json:"exercise_id"`
		Reason       string  `json:"reason"`
		Tag          *string `json:"tag"`
		AssignmentID *string `json:"assignment_id"`
	} `json:"items"`
}

// TestNextPractice: through the API, a student weak at a tag gets that
// tag's exercises first, a strong student gets harder exercises than a
// weak one, and solved (or just failed) exercises do not come back.
func TestNextPractice(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		store := models.NewExerciseStore(db)
		exSvc := exercises.NewService(store, nil)
		h.Echo = api.NewServer(api.Deps{
			Identity:    h.Identity,
			Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
			Exercises:   exSvc,
			Assignments: assignments.NewService(models.NewAssignmentStore(db), nil),
		})
		// The class is grade 2: band G23.
		ids := map[string]string{} // name -> ID
		names := map[string]string{}
		var bank []exercises.Exercise
		add := func(name, game string, band exercises.Band, d int, tag string) {
			ex := exercises.Exercise{Key: game + "/next-" + name, Kind: "choice",
				Title: domain.Text{ZH: "题", EN: "Q"}, Body: domain.Text{ZH: "选", EN: "Pick"},
				Prompt:     json.RawMessage(`{"game":"` + game + `","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
				Solution:   json.RawMessage(`{"correct":[1]}`),
				Difficulty: d, Band: band, Tags: []string{tag}}
			bank = append(bank, ex)
			ids[name], names[exercises.BankID(ex.Key)] = exercises.BankID(ex.Key), name
		}
		for i := 1; i <= 5; i++ {
			add(fmt.Sprint("w", i), "chess", exercises.G23, 3, "chess.weak")
			add(fmt.Sprint("c", i), "chess", exercises.G23, i, "chess.other")
		}
		for i := 1; i <= 3; i++ {
			add(fmt.Sprint("s", i), "chess", exercises.G23, 3, "chess.strong")
			add(fmt.Sprint("d", i), "draughts", exercises.G23, 3, "draughts.other")
		}
		add("k1", "chess", exercises.K1, 3, "chess.other")
		if _, _, err := exSvc.SyncBank(context.Background(), bank); err != nil {
			t.Fatal(err)
		}
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		if _, err := h.Identity.Enroll(context.Background(), root, a.Class.ID, a.OtherStudent.ID); err != nil {
			t.Fatal(err)
		}
		next := func(token string) []string {
			t.Helper()
			rec := h.Do(t, "GET", "/v1/me/next?limit=50", token, nil, nil)
			if rec.Code != 200 {
				t.Fatalf("next: %d %s", rec.Code, rec.Body)
			}
			var out []string
			for _, it := range apitest.Decode[nextBody](t, rec).Items {
				s := names[it.ExerciseID] + " " + it.Reason
				if it.Tag != nil {
					s += " " + *it.Tag
				}
				out = append(out, s)
			}
			return out
		}
		answer := func(token, name string, choice int) {
			t.Helper()
			rec := h.Do(t, "POST", "/v1/exercises/"+ids[name]+"/attempts", token,
				map[string]any{"answer": map[string]int{"choice": choice}, "time_ms": 1000}, key(uuid.NewString()))
			if rec.Code != 201 {
				t.Fatalf("answer %s: %d %s", name, rec.Code, rec.Body)
			}
		}

		fresh := next(a.StudentToken)
		if len(fresh) != 16 || slices.ContainsFunc(fresh, func(s string) bool { return s[:2] == "k1" }) {
			t.Fatalf("a new student gets the band's 16 exercises: %v", fresh)
		}
		// Difficulty 3 first (c3, w*, s* of chess, d* of draughts), the
		// games in turn.
		for i, want := range []string{"chess", "draughts", "chess", "draughts", "chess", "draughts"} {
			n := fresh[i][:2]
			if got := map[bool]string{true: "draughts", false: "chess"}[n[0] == 'd']; got != want || (n[0] == 'c' && n != "c3") {
				t.Errorf("a new student starts at difficulty 3, games in turn: %v", fresh)
				break
			}
		}

		// The weak student fails the first three chess.weak exercises;
		// the strong one solves the chess.strong ones.
		for _, n := range []string{"w1", "w2", "w3"} {
			answer(a.StudentToken, n, 0)
		}
		for _, n := range []string{"s1", "s2", "s3"} {
			answer(a.OtherStudentToken, n, 1)
		}
		if _, err := models.NewProgressStore(db).RatePending(context.Background(), "", time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		weak, strong := next(a.StudentToken), next(a.OtherStudentToken)
		if len(weak) < 3 || !slices.Equal(slices.Sorted(slices.Values(weak[:2])), []string{"w4 weak_skill chess.weak", "w5 weak_skill chess.weak"}) ||
			weak[2][3:] != "rating" {
			t.Errorf("weak student: the weak skill's exercises first: %v", weak)
		}
		for _, n := range []string{"w1", "w2", "w3"} {
			if slices.ContainsFunc(weak, func(s string) bool { return s[:2] == n }) {
				t.Errorf("weak student: %s, just failed, is back: %v", n, weak)
			}
		}
		for _, n := range []string{"s1", "s2", "s3"} {
			if slices.ContainsFunc(strong, func(s string) bool { return s[:2] == n }) {
				t.Errorf("strong student: %s, solved, is back: %v", n, strong)
			}
		}
		at := func(list []string, name string) int {
			return slices.IndexFunc(list, func(s string) bool { return s[:2] == name })
		}
		if !(at(strong, "c5") < at(strong, "c1")) || !(at(weak, "c1") < at(weak, "c5")) {
			t.Errorf("the strong student gets c5 before c1, the weak one c1 before c5:\nstrong %v\nweak %v", strong, weak)
		}
		if !(at(strong, "c5") < at(weak, "c5")) {
			t.Errorf("c5 comes earlier for the strong student:\nstrong %v\nweak %v", strong, weak)
		}

		// An assignment comes before practice.
		due := time.Now().Add(24 * time.Hour).UTC().Truncate(time.Second)
		rec := h.Do(t, "POST", "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID, "title": "作业", "due_at": due,
			"items": []map[string]string{{"kind": "exercise", "id": ids["c2"]}}}, nil)
		if rec.Code != 201 {
			t.Fatalf("assign: %d %s", rec.Code, rec.Body)
		}
		h.Run(t, []apitest.Case{
			{Name: "assignment first", Method: "GET", Path: "/v1/me/next?limit=3", Token: a.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					l := apitest.Decode[nextBody](t, rec).Items
					if len(l) != 3 || names[l[0].ExerciseID] != "c2" || l[0].Reason != "assignment" || l[0].AssignmentID == nil ||
						l[0].Tag != nil || names[l[1].ExerciseID][0] != 'w' || l[1].Tag == nil || *l[1].Tag != "chess.weak" {
						t.Errorf("next %+v", l)
					}
				}},
		})
		for _, s := range next(a.StudentToken)[1:] {
			if s[:2] == "c2" {
				t.Errorf("c2 suggested twice")
			}
		}
	})
}
