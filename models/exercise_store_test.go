package models_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

// choiceExercise is a valid exercise of the generic choice kind.
func choiceExercise(key, tag string) exercises.Exercise {
	return exercises.Exercise{
		ID: exercises.BankID(key), Key: key, Kind: "choice",
		Title: domain.Text{ZH: "题", EN: "Q"}, Body: domain.Text{ZH: "选", EN: "Pick"},
		Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
		Solution:   json.RawMessage(`{"correct":[1]}`),
		Difficulty: 1, Band: exercises.K1, Tags: []string{tag, "chess.rules"},
	}
}

func TestSyncBankIdempotent(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		now := time.Now().UTC()
		bank := []exercises.Exercise{choiceExercise("chess/q-001", "a"), choiceExercise("chess/q-002", "b")}
		for i, want := range [][2]int{{2, 0}, {0, 0}} {
			ins, upd, err := s.SyncBank(ctx, bank, now)
			if err != nil || ins != want[0] || upd != want[1] {
				t.Fatalf("load %d: inserted %d updated %d (%v), want %v", i, ins, upd, err, want)
			}
		}
		bank[1].Title.EN = "Changed"
		bank[1].Tags = []string{"c"}
		if ins, upd, err := s.SyncBank(ctx, bank, now); err != nil || ins != 0 || upd != 1 {
			t.Fatalf("changed load: inserted %d updated %d (%v)", ins, upd, err)
		}
		var n int64
		db.Table("exercises").Count(&n)
		if n != 2 {
			t.Fatalf("%d exercise rows, want 2", n)
		}
		got, err := s.Exercise(ctx, identity.Scope{SchoolID: id()}, bank[1].ID)
		if err != nil || got.Title.EN != "Changed" || got.Key != "chess/q-002" || len(got.Tags) != 1 {
			t.Fatalf("updated exercise %+v, %v", got, err)
		}
		for tag, want := range map[string]int{"a": 1, "b": 0, "c": 1, "chess.rules": 1} {
			list, err := s.Exercises(ctx, exercises.Query{Tag: tag}, domain.Page{Limit: 10})
			if err != nil || len(list) != want {
				t.Errorf("tag %s: %d exercises (%v), want %d", tag, len(list), err, want)
			}
		}
		list, err := s.Exercises(ctx, exercises.Query{Game: game.Chess, Band: exercises.K1}, domain.Page{Limit: 1})
		if err != nil || len(list) != 2 {
			t.Fatalf("game filter: %d (%v), want limit+1 = 2", len(list), err)
		}
	})
}

func TestSchoolExercisesScoped(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, s := models.NewIdentityStore(db), models.NewExerciseStore(db)
		a, b := mustSchool(t, is), mustSchool(t, is)
		ex := choiceExercise("", "x")
		ex.ID, ex.SchoolID = id(), a.ID
		if err := s.CreateExercises(ctx, []exercises.Exercise{ex}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Exercise(ctx, identity.Scope{SchoolID: b.ID}, ex.ID); err != domain.ErrNotFound {
			t.Fatalf("other school read: %v, want not found", err)
		}
		if err := s.DeleteExercise(ctx, identity.Scope{SchoolID: b.ID}, ex.ID, time.Now()); err != domain.ErrNotFound {
			t.Fatalf("other school delete: %v, want not found", err)
		}
		ex.SchoolID = b.ID
		if err := s.UpdateExercise(ctx, ex, time.Now()); err != domain.ErrNotFound {
			t.Fatalf("update as other school: %v, want not found", err)
		}
		bad := choiceExercise("", "x")
		bad.ID, bad.SchoolID = id(), id()
		if err := s.CreateExercises(ctx, []exercises.Exercise{bad}, time.Now()); err == nil {
			t.Fatal("exercise of a missing school stored")
		}
		if err := s.DeleteExercise(ctx, identity.Scope{SchoolID: a.ID}, ex.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
	})
}

func attempt(user, exercise, key string) exercises.Attempt {
	return exercises.Attempt{
		ID: id(), SchoolID: id(), UserID: user, ExerciseID: exercise, Answer: json.RawMessage(`{"choice":1}`),
		Outcome: exercises.Wrong, Feedback: domain.Text{ZH: "错", EN: "wrong"}, Details: map[string]any{"n": 1.0},
		TimeMS: 1500, IdempotencyKey: key, RequestHash: "h-" + key, CreatedAt: time.Now().UTC().Truncate(time.Microsecond),
	}
}

func TestRecordAttempt(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		user, ex := id(), id()
		first, created, err := s.RecordAttempt(ctx, attempt(user, ex, "k1"))
		if err != nil || !created || !first.First {
			t.Fatalf("first attempt: %+v created=%v err=%v", first, created, err)
		}
		again := attempt(user, ex, "k1")
		again.RequestHash = "other"
		got, created, err := s.RecordAttempt(ctx, again)
		if err != nil || created || got.ID != first.ID || got.RequestHash != "h-k1" || got.Feedback.EN != "wrong" || got.Details["n"] != 1.0 {
			t.Fatalf("retry: %+v created=%v err=%v", got, created, err)
		}
		second, created, err := s.RecordAttempt(ctx, attempt(user, ex, "k2"))
		if err != nil || !created || second.First {
			t.Fatalf("second attempt: %+v created=%v err=%v", second, created, err)
		}
		if ok, err := s.Revealed(ctx, user, ex); err != nil || ok {
			t.Fatalf("revealed after wrong answers: %v %v", ok, err)
		}
		solved := attempt(user, ex, "k3")
		solved.Outcome = exercises.Correct
		if _, _, err := s.RecordAttempt(ctx, solved); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.Revealed(ctx, user, ex); err != nil || !ok {
			t.Fatalf("not revealed after solving: %v %v", ok, err)
		}
		list, err := s.Attempts(ctx, exercises.AttemptQuery{UserID: user}, domain.Page{Limit: 2})
		if err != nil || len(list) != 3 || list[0].IdempotencyKey != "k3" {
			t.Fatalf("attempts newest first: %d %v", len(list), err)
		}
		rest, err := s.Attempts(ctx, exercises.AttemptQuery{UserID: user}, domain.Page{After: list[1].ID, Limit: 2})
		if err != nil || len(rest) != 1 || rest[0].ID != first.ID {
			t.Fatalf("second page: %+v %v", rest, err)
		}
	})
}

// TestRecordAttemptConcurrent submits the same key, and distinct first
// attempts, from many goroutines: exactly one row per key and exactly one
// first attempt.
func TestRecordAttemptConcurrent(t *testing.T) {
	db := modelstest.Postgres(t)
	s := models.NewExerciseStore(db)
	user, ex := id(), id()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := "same"
			if i%2 == 1 {
				key = fmt.Sprintf("k%d", i)
			}
			if _, _, err := s.RecordAttempt(ctx, attempt(user, ex, key)); err != nil {
				errs <- err
			}
		}()
	}
	bad := make(chan error, 1)
	wg.Add(1)
	go func() { // a row PostgreSQL refuses fails only its own request
		defer wg.Done()
		a := attempt(user, ex, "bad")
		a.Answer = json.RawMessage("\"\xff\"")
		_, _, err := s.RecordAttempt(ctx, a)
		bad <- err
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if err := <-bad; err == nil {
		t.Error("an answer that is not UTF-8 was stored")
	}
	var rows, same, firsts int64
	db.Table("attempts").Where("user_id = ?", user).Count(&rows)
	db.Table("attempts").Where("user_id = ? AND idempotency_key = ?", user, "same").Count(&same)
	db.Table("attempts").Where("user_id = ? AND first_attempt", user).Count(&firsts)
	if rows != 21 || same != 1 || firsts != 1 {
		t.Fatalf("rows %d (want 21), same key %d (want 1), first attempts %d (want 1)", rows, same, firsts)
	}
}

func TestStudentGrade(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, s := models.NewIdentityStore(db), models.NewExerciseStore(db)
		sc := mustSchool(t, is)
		st := mustUser(t, is, sc.ID, domain.RoleStudent, "kid")
		if _, ok, err := s.StudentGrade(ctx, st.ID); err != nil || ok {
			t.Fatalf("grade without class: ok=%v err=%v", ok, err)
		}
		now := time.Now().UTC()
		var classes []string
		for i, g := range []int{4, 2, 1} {
			grade, _ := identity.ParseGrade(g)
			c := identity.Class{ID: id(), SchoolID: sc.ID, Name: "c", Grade: grade, LoginCode: fmt.Sprintf("CODE%d", i), CreatedAt: now, UpdatedAt: now}
			if err := is.CreateClass(ctx, c, nil); err != nil {
				t.Fatal(err)
			}
			if err := is.Enroll(ctx, identity.Enrollment{ClassID: c.ID, UserID: st.ID, SchoolID: sc.ID, Role: domain.RoleStudent, CreatedAt: now}, ""); err != nil {
				t.Fatal(err)
			}
			classes = append(classes, c.ID)
		}
		// The grade-1 class ends: the student's band comes from the
		// classes it is still in.
		if err := is.SetClassDeactivatedAt(ctx, identity.Scope{SchoolID: sc.ID}, classes[2], now, now); err != nil {
			t.Fatal(err)
		}
		if g, ok, err := s.StudentGrade(ctx, st.ID); err != nil || !ok || g != 2 {
			t.Fatalf("grade %d ok=%v err=%v, want 2", g, ok, err)
		}
		if err := is.Unenroll(ctx, identity.Scope{SchoolID: sc.ID}, classes[1], st.ID); err != nil {
			t.Fatal(err)
		}
		if g, ok, err := s.StudentGrade(ctx, st.ID); err != nil || !ok || g != 4 {
			t.Fatalf("after leaving the grade-2 class: grade %d ok=%v err=%v, want 4", g, ok, err)
		}
	})
}
