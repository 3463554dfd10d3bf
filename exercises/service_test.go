package exercises_test

import (
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

// TestBankIDStable pins the IDs of built-in exercises: attempts and
// progress refer to them, so the derivation from the key must never change.
func TestBankIDStable(t *testing.T) {
	if got, want := exercises.BankID("chess/escape-001"), exercises.BankID("chess/escape-001"); got != want {
		t.Fatalf("BankID not deterministic: %s %s", got, want)
	}
	if got := exercises.BankID("numchess/expression-021"); got != "03b82695-a4eb-5684-aadc-c02034d3df40" {
		t.Fatalf("BankID(numchess/expression-021) = %s; the derivation changed", got)
	}
	if exercises.BankID("a") == exercises.BankID("b") {
		t.Fatal("two keys share an ID")
	}
}

func TestGameOf(t *testing.T) {
	for _, tc := range []struct {
		ex   exercises.Exercise
		want game.Name
	}{
		{exercises.Exercise{Kind: "numchess.expression"}, game.NumChess},
		{exercises.Exercise{Kind: "choice", Prompt: json.RawMessage(`{"game":"draughts","options":[]}`)}, game.Draughts},
		{exercises.Exercise{Kind: "number", Key: "gomoku/rules-001", Prompt: json.RawMessage(`{}`)}, game.Gomoku},
		{exercises.Exercise{Kind: "number", Prompt: json.RawMessage(`{}`)}, ""},
	} {
		if got := exercises.GameOf(tc.ex); got != tc.want {
			t.Errorf("GameOf(%+v) = %q, want %q", tc.ex, got, tc.want)
		}
	}
}

// TestCommonAnswerPathQueries checks that a student's answer to an
// exercise in no limited assignment costs no database statement beyond
// the attempt's insert (which goes straight to database/sql), once the
// store's snapshot of limited exercises is warm; a store that reads the
// snapshot every time shows that the count works.
func TestCommonAnswerPathQueries(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var statements atomic.Int64
		count := func(*gorm.DB) { statements.Add(1) }
		for name, err := range map[string]error{
			"query": db.Callback().Query().Before("gorm:query").Register("test:count", count),
			"row":   db.Callback().Row().Before("gorm:row").Register("test:count", count),
			"raw":   db.Callback().Raw().Before("gorm:raw").Register("test:count", count),
		} {
			if err != nil {
				t.Fatal(name, err)
			}
		}
		ex := exercises.Exercise{Key: "chess/test-path-001", Kind: "choice", Difficulty: 1, Band: exercises.K1,
			Title: domain.Text{ZH: "题", EN: "Q"}, Body: domain.Text{ZH: "选", EN: "Pick"},
			Prompt:   json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
			Solution: json.RawMessage(`{"correct":[1]}`)}
		student := domain.Principal{UserID: uuid.NewString(), SchoolID: uuid.NewString(), Role: domain.RoleStudent}
		for _, tc := range []struct {
			ttl  time.Duration
			want func(int64) bool
		}{
			{time.Hour, func(n int64) bool { return n == 0 }},
			{0, func(n int64) bool { return n > 0 }},
		} {
			svc := exercises.NewService(models.NewExerciseStore(db, models.WithLimitsTTL(tc.ttl)), nil)
			if _, _, err := svc.SyncBank(t.Context(), []exercises.Exercise{ex}); err != nil {
				t.Fatal(err)
			}
			submit := func() {
				t.Helper()
				_, err := svc.Submit(t.Context(), student, exercises.BankID(ex.Key), exercises.AnswerInput{
					Answer: json.RawMessage(`{"choice":0}`), IdempotencyKey: uuid.NewString()})
				if err != nil {
					t.Fatal(err)
				}
			}
			submit() // warms the snapshot
			statements.Store(0)
			submit()
			if n := statements.Load(); !tc.want(n) {
				t.Errorf("TTL %v: %d statements besides the insert", tc.ttl, n)
			}
		}
	})
}

// TestSaveGenerated checks that generated exercises are stored together
// as the caller's school's, and that one whose solution fails its checker
// refuses the whole lot.
func TestSaveGenerated(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ids := models.NewIdentityStore(db)
		now := time.Now().UTC()
		school := identity.School{ID: uuid.Must(uuid.NewV7()).String(), Name: "S", CreatedAt: now, UpdatedAt: now}
		if err := ids.CreateSchool(t.Context(), school); err != nil {
			t.Fatal(err)
		}
		teacher := domain.Principal{UserID: uuid.NewString(), SchoolID: school.ID, Role: domain.RoleTeacher}
		svc := exercises.NewService(models.NewExerciseStore(db), nil)
		seed := uint64(7)
		exs, err := svc.Generate(t.Context(), teacher, exercises.GenerateInput{Kind: "numchess.expression", Band: "K1", Count: 3, Seed: &seed})
		if err != nil || len(exs) != 3 {
			t.Fatalf("generate: %d exercises, %v", len(exs), err)
		}
		count := func() int64 {
			var n int64
			if err := db.Table("exercises").Where("school_id = ?", school.ID).Count(&n).Error; err != nil {
				t.Fatal(err)
			}
			return n
		}
		bad := append([]exercises.Exercise(nil), exs...)
		bad[2].Solution = json.RawMessage(`{"expression":"1+1+1+1+1+1+1+1+1"}`)
		if _, err := svc.SaveGenerated(t.Context(), teacher, "", bad); err == nil {
			t.Fatal("a generated exercise with a wrong solution was saved")
		}
		if n := count(); n != 0 {
			t.Fatalf("%d exercises stored after a refusal", n)
		}
		saved, err := svc.SaveGenerated(t.Context(), teacher, "", exs)
		if err != nil || len(saved) != 3 || count() != 3 {
			t.Fatalf("saved %d (%v), %d stored", len(saved), err, count())
		}
		for _, ex := range saved {
			if ex.ID == "" || ex.SchoolID != school.ID {
				t.Errorf("saved %+v", ex)
			}
		}
		student := domain.Principal{UserID: uuid.NewString(), SchoolID: school.ID, Role: domain.RoleStudent}
		if _, err := svc.SaveGenerated(t.Context(), student, "", exs); err == nil {
			t.Error("a student saved exercises")
		}
	})
}

// TestImportLichess stores the good rows of a Lichess puzzle file as the
// teacher's school's exercises, reports every bad one (including a mate in
// 2 whose line does not mate, refused by its kind), writes nothing in a dry
// run, and refuses students.
func TestImportLichess(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		now := time.Now().UTC()
		ids := models.NewIdentityStore(db)
		school := identity.School{ID: uuid.Must(uuid.NewV7()).String(), Name: "S", CreatedAt: now, UpdatedAt: now}
		if err := ids.CreateSchool(t.Context(), school); err != nil {
			t.Fatal(err)
		}
		teacher := domain.Principal{UserID: uuid.NewString(), SchoolID: school.ID, Role: domain.RoleTeacher}
		svc := exercises.NewService(models.NewExerciseStore(db), nil)
		count := func() int64 {
			var n int64
			if err := db.Table("exercises").Where("school_id = ?", school.ID).Count(&n).Error; err != nil {
				t.Fatal(err)
			}
			return n
		}
		read := func() *os.File {
			f, err := os.Open("testdata/lichess_sample.csv")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			return f
		}
		rep, err := svc.ImportLichess(t.Context(), teacher, "", read(), true)
		if err != nil || rep.Imported != 3 || len(rep.Refused) != 7 || count() != 0 {
			t.Fatalf("dry run: %+v %v, %d stored", rep, err, count())
		}
		if r := rep.Refused[0]; r.PuzzleID != "q4Bad" || r.Line != 5 || r.Reason.EN == "" {
			t.Errorf("first refusal %+v", r)
		}
		rep, err = svc.ImportLichess(t.Context(), teacher, "", read(), false)
		if err != nil || rep.Imported != 3 || count() != 3 {
			t.Fatalf("import: %+v %v, %d stored", rep, err, count())
		}
		// A file without a required column: one refusal, nothing stored.
		rep, err = svc.ImportLichess(t.Context(), teacher, "", strings.NewReader("PuzzleId,FEN,Rating\nq1,8/8/8/8/8/8/k7/4K2R w K - 0 1,1500\n"), false)
		if err != nil || rep.Imported != 0 || len(rep.Refused) != 1 || rep.Refused[0].Code != exercises.CodeMissingColumn || count() != 3 {
			t.Errorf("missing column: %+v %v", rep, err)
		}
		student := domain.Principal{UserID: uuid.NewString(), SchoolID: school.ID, Role: domain.RoleStudent}
		if _, err := svc.ImportLichess(t.Context(), student, "", read(), false); err == nil {
			t.Error("a student imported puzzles")
		}
	})
}
