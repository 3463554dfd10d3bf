package models_test

import (
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/assignments"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// assignmentFixture is a school with a teacher, a class of two students
// (s2 joined at t0, s1 ten days earlier) and two bank exercises.
type assignmentFixture struct {
	school, teacher, class, s1, s2 string
	e1, e2                         string
	t0                             time.Time
}

func newAssignmentFixture(t *testing.T, db *gorm.DB) assignmentFixture {
	t.Helper()
	is := models.NewIdentityStore(db)
	t0 := time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)
	f := assignmentFixture{school: id(), teacher: id(), class: id(), s1: id(), s2: id(), t0: t0}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(is.CreateSchool(ctx, identity.School{ID: f.school, Name: "S", CreatedAt: t0, UpdatedAt: t0}))
	for _, u := range []struct {
		id, name string
		role     identity.Role
	}{{f.teacher, "T", identity.RoleTeacher}, {f.s1, "Wang", identity.RoleStudent}, {f.s2, "Li", identity.RoleStudent}} {
		must(is.CreateUser(ctx, identity.User{ID: u.id, SchoolID: f.school, Role: u.role, Username: "u" + u.id[24:],
			RealName: u.name, CreatedAt: t0, UpdatedAt: t0}))
	}
	g, _ := identity.ParseGrade(2)
	must(is.CreateClass(ctx, identity.Class{ID: f.class, SchoolID: f.school, Name: "2A", Grade: g, LoginCode: f.class[24:],
		CreatedAt: t0.AddDate(0, 0, -20), UpdatedAt: t0}, []string{f.teacher}))
	must(is.Enroll(ctx, identity.Enrollment{ClassID: f.class, UserID: f.s1, SchoolID: f.school, Role: identity.RoleStudent, CreatedAt: t0.AddDate(0, 0, -10)}))
	must(is.Enroll(ctx, identity.Enrollment{ClassID: f.class, UserID: f.s2, SchoolID: f.school, Role: identity.RoleStudent, CreatedAt: t0}))
	es := models.NewExerciseStore(db)
	bank := []exercises.Exercise{choiceExercise("chess/as-1", "a"), choiceExercise("chess/as-2", "b")}
	_, _, err := es.SyncBank(ctx, bank, t0)
	must(err)
	f.e1, f.e2 = bank[0].ID, bank[1].ID
	return f
}

// attempt records an attempt of user on exercise at time at.
func (f assignmentFixture) attempt(t *testing.T, db *gorm.DB, user, exercise string, correct bool, at time.Time) {
	t.Helper()
	out := exercises.Wrong
	if correct {
		out = exercises.Correct
	}
	_, _, err := models.NewExerciseStore(db).RecordAttempt(ctx, exercises.Attempt{ID: id(), SchoolID: f.school, UserID: user,
		ExerciseID: exercise, Outcome: out, IdempotencyKey: id(), RequestHash: "h", CreatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAssignmentStoreRoundTripAndProgress(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		f := newAssignmentFixture(t, db)
		s := models.NewAssignmentStore(db)
		due := f.t0.Add(48 * time.Hour)
		a := assignments.Assignment{ID: id(), SchoolID: f.school, ClassID: f.class, Title: "Week 1", DueAt: due,
			Items:     []assignments.Item{{Kind: assignments.ExerciseItem, ID: f.e1}, {Kind: assignments.ExerciseItem, ID: f.e2}},
			CreatedBy: f.teacher, CreatedAt: f.t0, UpdatedAt: f.t0}
		chosen := a
		chosen.ID, chosen.Title, chosen.StudentIDs = id(), "Only Li", []string{f.s2}
		for _, x := range []assignments.Assignment{a, chosen} {
			if err := s.Create(ctx, x); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Assignment(ctx, f.school, chosen.ID)
		if err != nil || len(got.Items) != 2 || got.Items[1].ID != f.e2 || len(got.StudentIDs) != 1 || !got.DueAt.Equal(due) {
			t.Fatalf("round trip: %+v, %v", got, err)
		}
		if _, err := s.Assignment(ctx, id(), a.ID); !errors.Is(err, assignments.ErrNotFound) {
			t.Errorf("another school reads it: %v", err)
		}
		if ok, err := s.ItemsVisible(ctx, f.school, []assignments.Item{{Kind: assignments.ExerciseItem, ID: f.e1}, {Kind: assignments.LessonItem, ID: "no-such-lesson"}}); ok || err != nil {
			t.Errorf("unknown lesson visible: %v %v", ok, err)
		}
		if m, ok, err := s.Member(ctx, f.class, f.teacher); !ok || err != nil || m.Role != identity.RoleTeacher {
			t.Errorf("teacher membership %+v %v %v", m, ok, err)
		}

		// s1 solves e1 on time and e2 late after a wrong try; s2 solved e1
		// before joining (does not count) and e2 on time.
		f.attempt(t, db, f.s1, f.e1, true, f.t0.Add(time.Hour))
		f.attempt(t, db, f.s1, f.e2, false, f.t0.Add(2*time.Hour))
		f.attempt(t, db, f.s1, f.e2, true, due.Add(time.Hour))
		f.attempt(t, db, f.s1, f.e2, true, due.Add(2*time.Hour))
		f.attempt(t, db, f.s2, f.e1, true, f.t0.Add(-time.Hour))
		f.attempt(t, db, f.s2, f.e2, true, f.t0.Add(time.Hour))

		mine, err := s.ForStudent(ctx, f.s1, due.Add(3*time.Hour))
		if err != nil || len(mine) != 1 || mine[0].Progress != (assignments.Progress{Solved: 2, SolvedLate: 1, Total: 2}) {
			t.Fatalf("s1 assignments: %+v, %v", mine, err)
		}
		mine, err = s.ForStudent(ctx, f.s2, due.Add(3*time.Hour))
		if err != nil || len(mine) != 2 || mine[0].Progress != (assignments.Progress{Solved: 1, Total: 2}) {
			t.Fatalf("s2 assignments: %+v, %v", mine, err)
		}
		if len(mine[0].Unsolved) != 1 || mine[0].Unsolved[0] != f.e1 {
			t.Errorf("s2 unsolved %v, want e1 (solved only before joining)", mine[0].Unsolved)
		}

		students, list, solves, err := s.ClassProgress(ctx, f.class)
		if err != nil || len(students) != 2 || len(list) != 2 || len(solves) != 3 {
			t.Fatalf("class progress: %d students, %d assignments, %d solves (%v)", len(students), len(list), len(solves), err)
		}
		m := assignments.BuildMatrix(f.class, students, list, solves, due.Add(3*time.Hour), assignments.SortName)
		if m.Students[0].ID != f.s2 || m.Cells[1][0].Status != assignments.Late || m.Cells[0][0].Status != assignments.Overdue ||
			m.Cells[1][1].Assigned {
			t.Errorf("matrix %+v", m.Cells)
		}

		a.WithdrawnAt, a.Title = due, "Withdrawn"
		if err := s.Update(ctx, a); err != nil {
			t.Fatal(err)
		}
		if mine, _ := s.ForStudent(ctx, f.s1, due); len(mine) != 0 {
			t.Errorf("withdrawn assignment listed for s1: %+v", mine)
		}
		teacherList, err := s.List(ctx, assignments.Query{SchoolID: f.school, TeacherID: f.teacher, WithWithdrawn: true}, identity.Page{Limit: 10})
		if err != nil || len(teacherList) != 2 {
			t.Errorf("teacher list %d (%v)", len(teacherList), err)
		}
		page, err := s.List(ctx, assignments.Query{SchoolID: f.school, WithWithdrawn: true}, identity.Page{After: teacherList[0].ID, Limit: 1})
		if err != nil || len(page) != 1 || page[0].ID != teacherList[1].ID {
			t.Errorf("second page %+v (%v)", page, err)
		}
		if other, _ := s.List(ctx, assignments.Query{SchoolID: f.school, TeacherID: f.s1}, identity.Page{Limit: 10}); len(other) != 0 {
			t.Errorf("non-teacher sees %d", len(other))
		}
	})
}
