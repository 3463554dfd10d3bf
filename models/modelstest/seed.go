package modelstest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/lessons"
	"qixue/models"
	"qixue/rules/game"
)

// Class is what SeedClass stores: a class of a school with assignments
// and attempts, for benchmarks and tests of the progress matrix.
type Class struct {
	// SchoolID, TeacherID and ClassID name an existing school, its
	// teacher and their class; when ClassID is empty, SeedClass creates
	// all three.
	SchoolID, TeacherID, ClassID string
	// Students are enrolled in the class; Assignments each hold five
	// exercise items taken in turn from a bank of Exercises choice
	// exercises; Attempts (a third correct) fall on random bank
	// exercises, spread over the students in turn.
	Students, Assignments, Exercises, Attempts int
	// Lessons adds to each assignment a lesson item (a school lesson of
	// the two bank exercises after its own five).
	Lessons bool
}

// SeedClass stores c and returns the class ID and a time after every due
// date. The bank exercises' keys are unique to the call, so several
// classes can share a database. On PostgreSQL it ends with ANALYZE.
func SeedClass(tb testing.TB, db *gorm.DB, c Class) (string, time.Time) {
	tb.Helper()
	ctx := context.Background()
	must := func(err error) {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
	}
	newID := func() string { return uuid.Must(uuid.NewV7()).String() }
	is := models.NewIdentityStore(db)
	t0 := time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)
	if c.ClassID == "" {
		c.SchoolID, c.TeacherID, c.ClassID = newID(), newID(), newID()
		must(is.CreateSchool(ctx, identity.School{ID: c.SchoolID, Name: "S", CreatedAt: t0, UpdatedAt: t0}))
		must(is.CreateUser(ctx, identity.User{ID: c.TeacherID, SchoolID: c.SchoolID, Role: domain.RoleTeacher,
			Username: "t" + c.TeacherID[24:], RealName: "T", CreatedAt: t0, UpdatedAt: t0}))
		g, _ := identity.ParseGrade(3)
		must(is.CreateClass(ctx, identity.Class{ID: c.ClassID, SchoolID: c.SchoolID, Name: "3A", Grade: g,
			LoginCode: c.ClassID[24:], CreatedAt: t0, UpdatedAt: t0}, []string{c.TeacherID}))
	}
	students := make([]string, c.Students)
	for i := range students {
		students[i] = newID()
		must(is.CreateUser(ctx, identity.User{ID: students[i], SchoolID: c.SchoolID, Role: domain.RoleStudent,
			Username: "s" + students[i][24:], RealName: fmt.Sprintf("学生%03d", i), CreatedAt: t0, UpdatedAt: t0}))
		must(is.Enroll(ctx, identity.Enrollment{ClassID: c.ClassID, UserID: students[i], SchoolID: c.SchoolID,
			Role: domain.RoleStudent, CreatedAt: t0}, ""))
	}
	bank := make([]exercises.Exercise, c.Exercises)
	run := c.ClassID[24:]
	for i := range bank {
		key := fmt.Sprintf("chess/seed-%s-%03d", run, i)
		bank[i] = exercises.Exercise{
			ID: exercises.BankID(key), Key: key, Kind: "choice",
			Title: domain.Text{ZH: "题", EN: "Q"}, Body: domain.Text{ZH: "选", EN: "Pick"},
			Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"甲","en":"A"},{"zh-CN":"乙","en":"B"}]}`),
			Solution:   json.RawMessage(`{"correct":[1]}`),
			Difficulty: 1, Band: exercises.K1, Tags: []string{"a"},
		}
	}
	_, _, err := models.NewExerciseStore(db).SyncBank(ctx, bank, t0)
	must(err)
	as := models.NewAssignmentStore(db)
	var unit string
	ls := models.NewLessonStore(db)
	if c.Lessons {
		cur, err := ls.CreateCurriculum(ctx, lessons.Curriculum{SchoolID: c.SchoolID, Game: game.Chess, Band: exercises.G23,
			Title: domain.Text{ZH: "校本", EN: "School"}})
		must(err)
		u, err := ls.CreateUnit(ctx, c.SchoolID, cur.ID, lessons.Unit{Title: domain.Text{ZH: "单元", EN: "Unit"}})
		must(err)
		unit = u.ID
	}
	for j := range c.Assignments {
		a := assignments.Assignment{ID: newID(), SchoolID: c.SchoolID, ClassID: c.ClassID, Title: fmt.Sprintf("A%03d", j),
			DueAt: t0.AddDate(0, 0, j+1), CreatedBy: c.TeacherID, CreatedAt: t0, UpdatedAt: t0}
		for k := range 5 {
			a.Items = append(a.Items, assignments.Item{Kind: assignments.ExerciseItem, ID: bank[(j*5+k)%len(bank)].ID})
		}
		if c.Lessons {
			blocks := []lessons.Block{{Type: lessons.BlockText, Text: domain.Text{ZH: "读", EN: "Read"}}}
			for k := 5; k < 7; k++ {
				blocks = append(blocks, lessons.Block{Type: lessons.BlockExercise, Exercise: bank[(j*5+k)%len(bank)].Key})
			}
			l, err := ls.CreateLesson(ctx, c.SchoolID, unit, lessons.Lesson{Title: domain.Text{ZH: "课", EN: "Lesson"}, Minutes: 10, Blocks: blocks})
			must(err)
			a.Items = append(a.Items, assignments.Item{Kind: assignments.LessonItem, ID: l.ID})
		}
		must(as.Create(ctx, a))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rows := make([]map[string]any, 0, 1000)
	flush := func() {
		if len(rows) > 0 {
			must(db.Table("attempts").Create(rows).Error)
			rows = rows[:0]
		}
	}
	for i := range c.Attempts {
		out := exercises.Wrong
		if rng.IntN(3) == 0 {
			out = exercises.Correct
		}
		rows = append(rows, map[string]any{"id": newID(), "school_id": c.SchoolID, "user_id": students[i%len(students)],
			"exercise_id": bank[rng.IntN(len(bank))].ID, "answer": "", "outcome": string(out), "score": 0.0, "result": "{}",
			"time_ms": 1000, "gave_up": false, "first_attempt": false, "idempotency_key": newID(), "request_hash": "h",
			"created_at": t0.Add(time.Duration(rng.IntN(60*24)) * time.Hour)})
		if len(rows) == cap(rows) {
			flush()
		}
	}
	flush()
	if db.Dialector.Name() == "postgres" {
		must(db.Exec("ANALYZE").Error)
	}
	return c.ClassID, t0.AddDate(0, 0, c.Assignments+90)
}
