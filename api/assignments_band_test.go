package api_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models/modelstest"
)

// bankExercise returns the built-in exercise with key.
func bankExercise(t *testing.T, key string) exercises.Exercise {
	t.Helper()
	bank, err := exercises.Bank()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range bank {
		if ex.Key == key {
			return ex
		}
	}
	t.Fatalf("no bank exercise %s", key)
	return exercises.Exercise{}
}

// A G23 chain-span puzzle assigned to a grade-1 class is checked under
// G23, the ruleset its prompt shows, and its stored solution is right;
// the teacher is warned that it is above the class's band.
func TestAboveBandExerciseCheckedUnderItsRuleset(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		chain := bankExercise(t, "numchess/move-002")
		p := newPractice(t, db, chain)
		a := p.F.A
		grade1 := 1
		if _, err := p.Identity.UpdateClass(context.Background(), domain.Principal{Role: domain.RolePlatformAdmin},
			a.Class.ID, identity.ClassPatch{Grade: &grade1}); err != nil {
			t.Fatal(err)
		}
		id := exercises.BankID(chain.Key)
		due := p.Now.Add(48 * time.Hour).UTC().Truncate(time.Second)
		body := map[string]any{"class_id": a.Class.ID, "title": "连跨", "due_at": due, "attempts_allowed": 2,
			"items": []map[string]string{{"kind": "exercise", "id": p.Choice.ID}, {"kind": "exercise", "id": id}}}
		for _, lang := range []struct{ header, want string }{
			{"zh-CN", "「8 号棋子连跨到 d5」是二、三年级的内容，高于本班（学前和一年级）"},
			{"en", "“Chain span with 8 to d5” is G23 content, above this class's band (K1)"},
		} {
			rec := p.Do(t, "POST", "/v1/assignments", a.TeacherToken, body, map[string]string{"Accept-Language": lang.header})
			if rec.Code != 201 {
				t.Fatalf("assign: %d %s", rec.Code, rec.Body.String())
			}
			var got struct {
				Warnings []struct{ Code, Field, Message string }
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if len(got.Warnings) != 1 || got.Warnings[0].Code != "above_class_band" || got.Warnings[0].Field != "items[1]" ||
				!strings.Contains(got.Warnings[0].Message, lang.want) {
				t.Errorf("%s warnings %+v, want one above_class_band on items[1] saying %q", lang.header, got.Warnings, lang.want)
			}
		}

		rec := p.Do(t, "GET", "/v1/exercises/"+id, a.StudentToken, nil, nil)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"ruleset":"G23"`) {
			t.Fatalf("student GET: %d %s", rec.Code, rec.Body.String())
		}
		var sol struct{ Move string }
		if err := json.Unmarshal(chain.Solution, &sol); err != nil {
			t.Fatal(err)
		}
		rec = p.Do(t, "POST", "/v1/exercises/"+id+"/attempts", a.StudentToken,
			map[string]any{"answer": map[string]string{"move": sol.Move}, "time_ms": 30000}, en("chain-1"))
		if rec.Code != 201 || !strings.Contains(rec.Body.String(), `"outcome":"correct"`) {
			t.Fatalf("stored solution in a grade-1 class: %d %s", rec.Code, rec.Body.String())
		}

		// Within the class's band no warning, and the array is still there.
		body["items"] = []map[string]string{{"kind": "exercise", "id": p.Choice.ID}}
		p.Run(t, []apitest.Case{{Name: "no warning", Method: "POST", Path: "/v1/assignments", Token: a.TeacherToken,
			Body: body, Status: 201, Contains: []string{`"warnings":[]`}}})
	})
}
