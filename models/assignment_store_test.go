package models_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/lessons"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

// assignmentFixture is a school with a teacher, a class of two students
// (s2 joined at t0, s1 ten days earlier) and three bank exercises.
type assignmentFixture struct {
	school, teacher, class, s1, s2 string
	e1, e2, e3                     string
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
		role     domain.Role
	}{{f.teacher, "T", domain.RoleTeacher}, {f.s1, "Wang", domain.RoleStudent}, {f.s2, "Li", domain.RoleStudent}} {
		must(is.CreateUser(ctx, identity.User{ID: u.id, SchoolID: f.school, Role: u.role, Username: "u" + u.id[24:],
			RealName: u.name, CreatedAt: t0, UpdatedAt: t0}))
	}
	g, _ := identity.ParseGrade(2)
	must(is.CreateClass(ctx, identity.Class{ID: f.class, SchoolID: f.school, Name: "2A", Grade: g, LoginCode: f.class[24:],
		CreatedAt: t0.AddDate(0, 0, -20), UpdatedAt: t0}, []string{f.teacher}))
	must(is.Enroll(ctx, identity.Enrollment{ClassID: f.class, UserID: f.s1, SchoolID: f.school, Role: domain.RoleStudent, CreatedAt: t0.AddDate(0, 0, -10)}, ""))
	must(is.Enroll(ctx, identity.Enrollment{ClassID: f.class, UserID: f.s2, SchoolID: f.school, Role: domain.RoleStudent, CreatedAt: t0}, ""))
	es := models.NewExerciseStore(db)
	bank := []exercises.Exercise{choiceExercise("chess/as-1", "a"), choiceExercise("chess/as-2", "b"), choiceExercise("chess/as-3", "c")}
	_, _, err := es.SyncBank(ctx, bank, t0)
	must(err)
	f.e1, f.e2, f.e3 = bank[0].ID, bank[1].ID, bank[2].ID
	return f
}

// schoolLesson stores a lesson of school whose blocks are a text and one
// exercise block per ref (a bank key or a school exercise ID), and
// returns its ID. Without refs it is a reading lesson.
func schoolLesson(t testing.TB, db *gorm.DB, school string, refs ...string) string {
	t.Helper()
	ls := models.NewLessonStore(db)
	c, err := ls.CreateCurriculum(ctx, lessons.Curriculum{SchoolID: school, Game: game.Chess, Band: exercises.G23,
		Title: domain.Text{ZH: "校本", EN: "School"}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := ls.CreateUnit(ctx, school, c.ID, lessons.Unit{Title: domain.Text{ZH: "单元", EN: "Unit"}})
	if err != nil {
		t.Fatal(err)
	}
	blocks := []lessons.Block{{Type: lessons.BlockText, Text: domain.Text{ZH: "读", EN: "Read"}}}
	for _, ref := range refs {
		blocks = append(blocks, lessons.Block{Type: lessons.BlockExercise, Exercise: ref})
	}
	l, err := ls.CreateLesson(ctx, school, u.ID, lessons.Lesson{Title: domain.Text{ZH: "课", EN: "Lesson"}, Minutes: 10, Blocks: blocks})
	if err != nil {
		t.Fatal(err)
	}
	return l.ID
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
		if got, err := s.Items(ctx, f.school, []assignments.Item{{Kind: assignments.ExerciseItem, ID: f.e1}, {Kind: assignments.LessonItem, ID: "no-such-lesson"}}); len(got) != 1 || err != nil {
			t.Errorf("unknown lesson visible: %v %v", got, err)
		}
		if m, ok, err := s.Member(ctx, f.class, f.teacher); !ok || err != nil || m.Role != domain.RoleTeacher {
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
		teacherList, err := s.List(ctx, assignments.Query{SchoolID: f.school, TeacherID: f.teacher, WithWithdrawn: true}, domain.Page{Limit: 10})
		if err != nil || len(teacherList) != 2 {
			t.Errorf("teacher list %d (%v)", len(teacherList), err)
		}
		page, err := s.List(ctx, assignments.Query{SchoolID: f.school, WithWithdrawn: true}, domain.Page{After: teacherList[0].ID, Limit: 1})
		if err != nil || len(page) != 1 || page[0].ID != teacherList[1].ID {
			t.Errorf("second page %+v (%v)", page, err)
		}
		if other, _ := s.List(ctx, assignments.Query{SchoolID: f.school, TeacherID: f.s1}, domain.Page{Limit: 10}); len(other) != 0 {
			t.Errorf("non-teacher sees %d", len(other))
		}
	})
}

// TestAssignmentLessonItemsCount assigns a lesson of two exercises, one
// of which is also an exercise item, and a reading lesson: the lesson's
// exercises count once each, the reading adds nothing, and a lesson
// edited after it was assigned counts as it reads now.
func TestAssignmentLessonItemsCount(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		f := newAssignmentFixture(t, db)
		s := models.NewAssignmentStore(db)
		lesson := schoolLesson(t, db, f.school, "chess/as-1", f.e3)
		reading := schoolLesson(t, db, f.school)
		due := f.t0.Add(48 * time.Hour)
		mixed := assignments.Assignment{ID: id(), SchoolID: f.school, ClassID: f.class, Title: "Mixed", DueAt: due,
			Items: []assignments.Item{{Kind: assignments.LessonItem, ID: lesson}, {Kind: assignments.ExerciseItem, ID: f.e1},
				{Kind: assignments.LessonItem, ID: reading}, {Kind: assignments.ExerciseItem, ID: f.e2}},
			CreatedBy: f.teacher, CreatedAt: f.t0, UpdatedAt: f.t0}
		onlyLesson := mixed
		onlyLesson.ID, onlyLesson.Title, onlyLesson.DueAt = id(), "Lesson", due.Add(24*time.Hour)
		onlyLesson.Items = []assignments.Item{{Kind: assignments.LessonItem, ID: lesson}}
		for _, a := range []assignments.Assignment{mixed, onlyLesson} {
			if err := s.Create(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := s.Items(ctx, f.school, mixed.Items); len(got) != len(mixed.Items) || err != nil {
			t.Fatalf("lesson items not visible: %v %v", got, err)
		}

		// s1: the lesson's two exercises on time, e2 after the due time.
		// s2: only the lesson's second exercise.
		f.attempt(t, db, f.s1, f.e1, true, f.t0.Add(time.Hour))
		f.attempt(t, db, f.s1, f.e3, true, f.t0.Add(2*time.Hour))
		f.attempt(t, db, f.s2, f.e3, true, f.t0.Add(time.Hour))

		mine, err := s.ForStudent(ctx, f.s1, f.t0.Add(3*time.Hour))
		if err != nil || len(mine) != 2 {
			t.Fatalf("s1 assignments: %+v, %v", mine, err)
		}
		got := mine[0]
		if got.Assignment.ID != mixed.ID || got.Progress != (assignments.Progress{Solved: 2, Total: 3}) {
			t.Errorf("mixed: %+v", got.Progress)
		}
		if st := assignments.StatusAt(got.Progress, due, f.t0.Add(3*time.Hour)); st != assignments.Partial {
			t.Errorf("mixed status %s, want partial", st)
		}
		wantItems := []assignments.ItemProgress{{Solved: 2, Total: 2}, {Solved: 1, Total: 1}, {}, {Total: 1}}
		if !slices.Equal(got.Items, wantItems) || !slices.Equal(got.Unsolved, []string{f.e2}) {
			t.Errorf("mixed items %+v unsolved %v, want %+v and [e2]", got.Items, got.Unsolved, wantItems)
		}
		if p := mine[1].Progress; p != (assignments.Progress{Solved: 2, Total: 2}) ||
			assignments.StatusAt(p, onlyLesson.DueAt, f.t0.Add(3*time.Hour)) != assignments.Done {
			t.Errorf("lesson only: %+v, want done", p)
		}
		mine, err = s.ForStudent(ctx, f.s2, f.t0.Add(3*time.Hour))
		if err != nil || len(mine) != 2 || mine[1].Progress != (assignments.Progress{Solved: 1, Total: 2}) ||
			!slices.Equal(mine[1].Unsolved, []string{f.e1}) {
			t.Fatalf("s2 lesson only: %+v, %v", mine, err)
		}

		f.attempt(t, db, f.s1, f.e2, true, due.Add(time.Hour))
		late := due.Add(2 * time.Hour)
		mine, _ = s.ForStudent(ctx, f.s1, late)
		if p := mine[0].Progress; p != (assignments.Progress{Solved: 3, SolvedLate: 1, Total: 3}) ||
			assignments.StatusAt(p, due, late) != assignments.Late {
			t.Errorf("mixed after the late solve: %+v", p)
		}

		students, list, solves, err := s.ClassProgress(ctx, f.class)
		if err != nil || len(students) != 2 || len(list) != 2 {
			t.Fatalf("class progress: %d students, %d assignments (%v)", len(students), len(list), err)
		}
		if len(solves) != 4 {
			t.Errorf("solves %+v, want s1's e1, e2, e3 and s2's e3 (lesson exercises included)", solves)
		}
		m := assignments.BuildMatrix(f.class, students, list, solves, late, assignments.SortName)
		li, wang := m.Cells[0], m.Cells[1]
		if li[0].Status != assignments.Overdue || li[0].Progress != (assignments.Progress{Solved: 1, Total: 3}) ||
			li[1].Status != assignments.Partial || li[1].Progress.Total != 2 {
			t.Errorf("Li: %+v", li)
		}
		if wang[0].Status != assignments.Late || wang[1].Status != assignments.Done {
			t.Errorf("Wang: %+v", wang)
		}
		if tot := m.AssignmentTotals[1]; tot != (assignments.Totals{Assigned: 2, Partial: 1, Done: 1}) {
			t.Errorf("lesson column totals %+v", tot)
		}

		// The teacher adds e2 to the lesson: it counts from now on.
		ls := models.NewLessonStore(db)
		_, l, err := ls.Lesson(ctx, f.school, lesson)
		if err != nil {
			t.Fatal(err)
		}
		l.Blocks = append(l.Blocks, lessons.Block{Type: lessons.BlockExercise, Exercise: "chess/as-2"})
		if _, err := ls.UpdateLesson(ctx, f.school, l); err != nil {
			t.Fatal(err)
		}
		mine, _ = s.ForStudent(ctx, f.s2, late)
		if p := mine[1].Progress; p != (assignments.Progress{Solved: 1, Total: 3}) {
			t.Errorf("s2 after the lesson grew: %+v", p)
		}
	})
}
