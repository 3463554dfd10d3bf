package assignments_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
	"qixue/progress"
)

var t0 = time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)

func TestStatusAt(t *testing.T) {
	due := t0
	for _, tc := range []struct {
		p    assignments.Progress
		now  time.Time
		want assignments.Status
	}{
		{assignments.Progress{Total: 3}, due.Add(-time.Hour), assignments.NotStarted},
		{assignments.Progress{Total: 3, Tried: 1}, due.Add(-time.Hour), assignments.Struggling},
		{assignments.Progress{Solved: 1, Total: 3, Tried: 1}, due.Add(-time.Hour), assignments.Partial},
		{assignments.Progress{Total: 3, Tried: 3}, due.Add(time.Second), assignments.Overdue},
		{assignments.Progress{Solved: 1, Total: 3}, due.Add(-time.Hour), assignments.Partial},
		{assignments.Progress{Solved: 1, Total: 3}, due.Add(time.Second), assignments.Overdue},
		{assignments.Progress{Total: 3}, due.Add(time.Second), assignments.Overdue},
		{assignments.Progress{Solved: 3, Total: 3}, due.Add(time.Hour), assignments.Done},
		{assignments.Progress{Solved: 3, SolvedLate: 1, Total: 3}, due.Add(time.Hour), assignments.Late},
		{assignments.Progress{}, due.Add(time.Hour), assignments.Done},
	} {
		if got := assignments.StatusAt(tc.p, due, tc.now); got != tc.want {
			t.Errorf("StatusAt(%+v, now-due=%v) = %s, want %s", tc.p, tc.now.Sub(due), got, tc.want)
		}
	}
}

func TestDueSoonAndFilters(t *testing.T) {
	due := t0
	if !assignments.DueSoon(due, due.Add(-48*time.Hour)) || assignments.DueSoon(due, due.Add(-49*time.Hour)) ||
		assignments.DueSoon(due, due.Add(time.Second)) {
		t.Error("DueSoon window is not (now, now+48h]")
	}
	now := due.Add(-time.Hour)
	for _, tc := range []struct {
		f    assignments.Filter
		st   assignments.Status
		want bool
	}{
		{assignments.FilterOpen, assignments.Partial, true},
		{assignments.FilterOpen, assignments.Done, false},
		{assignments.FilterDueSoon, assignments.NotStarted, true},
		{assignments.FilterOverdue, assignments.Overdue, true},
		{assignments.FilterOverdue, assignments.Partial, false},
		{assignments.FilterDone, assignments.Late, true},
		{assignments.FilterAll, assignments.Overdue, true},
	} {
		if got := tc.f.Keeps(tc.st, due, now); got != tc.want {
			t.Errorf("%q keeps %s = %v", tc.f, tc.st, got)
		}
	}
	if _, err := assignments.ParseFilter("later"); !errors.Is(err, assignments.ErrValidation) {
		t.Errorf("ParseFilter(later) = %v", err)
	}
}

func TestForAndOpen(t *testing.T) {
	a := assignments.Assignment{StudentIDs: []string{"s1"}, OpensAt: t0}
	if !a.For("s1", true) || a.For("s2", true) || a.For("s1", false) {
		t.Error("chosen students")
	}
	a.StudentIDs = nil
	if !a.For("s2", true) || a.For("s2", false) {
		t.Error("whole class")
	}
	if a.Open(t0.Add(-time.Second)) || !a.Open(t0) {
		t.Error("open time")
	}
	a.WithdrawnAt = t0
	if a.Open(t0.Add(time.Hour)) {
		t.Error("withdrawn assignment is open")
	}
}

// fakeStore keeps assignments in memory for the permission tests.
type fakeStore struct {
	members map[[2]string]assignments.Member // class, user
	classes map[string]string                // class -> school
	saved   map[string]assignments.Assignment
	bands   map[string]string // item ID -> band; none when absent
}

func (f *fakeStore) ClassSchool(_ context.Context, school, class string) (string, error) {
	s, ok := f.classes[class]
	if !ok || (school != "" && s != school) {
		return "", assignments.ErrNotFound
	}
	return s, nil
}
func (f *fakeStore) ClassGrade(_ context.Context, school, class string) (int, error) {
	if s, ok := f.classes[class]; !ok || s != school {
		return 0, assignments.ErrNotFound
	}
	return 2, nil
}
func (f *fakeStore) Member(_ context.Context, class, user string) (assignments.Member, bool, error) {
	m, ok := f.members[[2]string{class, user}]
	return m, ok, nil
}
func (f *fakeStore) Items(_ context.Context, _ string, items []assignments.Item) (map[assignments.Item]assignments.ItemInfo, error) {
	out := map[assignments.Item]assignments.ItemInfo{}
	for _, it := range items {
		if it.ID != "missing" {
			out[it] = assignments.ItemInfo{Band: exercises.Band(f.bands[it.ID])}
		}
	}
	return out, nil
}
func (f *fakeStore) Create(_ context.Context, a assignments.Assignment) error {
	f.saved[a.ID] = a
	return nil
}
func (f *fakeStore) Update(_ context.Context, a assignments.Assignment) error {
	f.saved[a.ID] = a
	return nil
}
func (f *fakeStore) Assignment(_ context.Context, school, id string) (assignments.Assignment, error) {
	a, ok := f.saved[id]
	if !ok || (school != "" && a.SchoolID != school) {
		return a, assignments.ErrNotFound
	}
	return a, nil
}
func (f *fakeStore) List(context.Context, assignments.Query, domain.Page) ([]assignments.Assignment, error) {
	return nil, nil
}
func (f *fakeStore) ForStudent(context.Context, string, time.Time) ([]assignments.StudentAssignment, error) {
	return nil, nil
}

func (f *fakeStore) ClassProgress(context.Context, string) ([]assignments.ClassStudent, []assignments.Assignment, []assignments.Solve, error) {
	return nil, nil, nil, nil
}

func (f *fakeStore) Practice(context.Context, string, string, time.Time, time.Time) (progress.Practice, error) {
	return progress.Practice{}, nil
}

func TestServicePermissions(t *testing.T) {
	ctx := context.Background()
	f := &fakeStore{
		classes: map[string]string{"c1": "A", "c2": "A", "cB": "B"},
		members: map[[2]string]assignments.Member{
			{"c1", "t1"}: {Role: domain.RoleTeacher}, {"c1", "s1"}: {Role: domain.RoleStudent},
			{"c2", "t2"}: {Role: domain.RoleTeacher},
		},
		saved: map[string]assignments.Assignment{},
	}
	svc := assignments.NewService(f, func() time.Time { return t0 })
	t1 := domain.Principal{UserID: "t1", SchoolID: "A", Role: domain.RoleTeacher}
	t2 := domain.Principal{UserID: "t2", SchoolID: "A", Role: domain.RoleTeacher}
	admin := domain.Principal{UserID: "a", SchoolID: "A", Role: domain.RoleSchoolAdmin}
	adminB := domain.Principal{UserID: "b", SchoolID: "B", Role: domain.RoleSchoolAdmin}
	s1 := domain.Principal{UserID: "s1", SchoolID: "A", Role: domain.RoleStudent}
	d := assignments.Draft{ClassID: "c1", Title: "Week 1", DueAt: t0.Add(24 * time.Hour),
		Items: []assignments.Item{{Kind: assignments.ExerciseItem, ID: "e1"}}}

	if _, err := svc.Create(ctx, s1, d); !errors.Is(err, assignments.ErrForbidden) {
		t.Errorf("student create: %v", err)
	}
	if _, err := svc.Create(ctx, t2, d); !errors.Is(err, assignments.ErrNotFound) {
		t.Errorf("teacher of another class: %v", err)
	}
	bad := d
	bad.Items, bad.DueAt = nil, time.Time{}
	if _, err := svc.Create(ctx, t1, bad); !errors.Is(err, assignments.ErrValidation) {
		t.Errorf("empty draft: %v", err)
	}
	bad = d
	bad.StudentIDs = []string{"t2"}
	if _, err := svc.Create(ctx, t1, bad); !errors.Is(err, assignments.ErrNotInClass) {
		t.Errorf("chosen non-student: %v", err)
	}
	bad = d
	bad.Items = []assignments.Item{{Kind: assignments.LessonItem, ID: "missing"}}
	if _, err := svc.Create(ctx, t1, bad); !errors.Is(err, assignments.ErrUnknownItem) {
		t.Errorf("unknown item: %v", err)
	}
	a, err := svc.Create(ctx, t1, d)
	if err != nil || a.SchoolID != "A" || a.CreatedBy != "t1" {
		t.Fatalf("create: %+v, %v", a, err)
	}
	if _, err := svc.Get(ctx, adminB, a.ID); !errors.Is(err, assignments.ErrNotFound) {
		t.Errorf("other school's admin: %v", err)
	}
	if _, err := svc.Get(ctx, admin, a.ID); err != nil {
		t.Errorf("school admin: %v", err)
	}
	if _, err := svc.Get(ctx, s1, a.ID); err != nil {
		t.Errorf("student of the class: %v", err)
	}
	if _, err := svc.Copy(ctx, t1, a.ID, "c2"); !errors.Is(err, assignments.ErrNotFound) {
		t.Errorf("copy to a class the teacher does not teach: %v", err)
	}
	w, err := svc.Withdraw(ctx, t1, a.ID)
	if err != nil || !w.Withdrawn() {
		t.Fatalf("withdraw: %+v, %v", w, err)
	}
	if _, err := svc.Get(ctx, s1, a.ID); !errors.Is(err, assignments.ErrNotFound) {
		t.Errorf("student sees a withdrawn assignment: %v", err)
	}
	if _, err := svc.Update(ctx, t1, a.ID, d); !errors.Is(err, assignments.ErrWithdrawn) {
		t.Errorf("edit withdrawn: %v", err)
	}
}

func TestBuildMatrix(t *testing.T) {
	due := t0
	ex := func(id string) assignments.Item { return assignments.Item{Kind: assignments.ExerciseItem, ID: id} }
	list := []assignments.Assignment{
		{ID: "a1", DueAt: due, Items: []assignments.Item{ex("e1"), ex("e2"), {Kind: assignments.LessonItem, ID: "l1"}}},
		{ID: "a2", DueAt: due.Add(72 * time.Hour), StudentIDs: []string{"s2"}, Items: []assignments.Item{ex("e3")}},
	}
	students := []assignments.ClassStudent{{ID: "s1", RealName: "Wang"}, {ID: "s2", RealName: "Li"}}
	solves := []assignments.Solve{
		{UserID: "s1", ExerciseID: "e1", At: due.Add(-time.Hour), Attempts: 1},
		{UserID: "s1", ExerciseID: "e2", At: due.Add(time.Hour), Attempts: 2},
		{UserID: "s2", ExerciseID: "e1", At: due.Add(-time.Hour), Attempts: 1},
	}
	m := assignments.BuildMatrix("c", students, list, solves, due.Add(2*time.Hour), assignments.SortName)
	if m.Students[0].ID != "s2" {
		t.Fatalf("by name: %+v", m.Students)
	}
	li, wang := m.Cells[0], m.Cells[1]
	if li[0].Status != assignments.Overdue || li[0].Progress != (assignments.Progress{Solved: 1, Total: 2}) ||
		li[1].Status != assignments.NotStarted {
		t.Errorf("Li: %+v", li)
	}
	if wang[0].Status != assignments.Late || wang[1].Assigned {
		t.Errorf("Wang: %+v", wang)
	}
	if got := m.AssignmentTotals[0]; got != (assignments.Totals{Assigned: 2, Overdue: 1, Late: 1}) {
		t.Errorf("a1 totals %+v", got)
	}
	if got := m.StudentTotals[1]; got.Assigned != 1 || got.Completion() != 1 {
		t.Errorf("Wang totals %+v", got)
	}
	m = assignments.BuildMatrix("c", students, list, solves, due.Add(2*time.Hour), assignments.SortCompletion)
	if m.Students[0].ID != "s2" || m.StudentTotals[0].Completion() != 0 {
		t.Errorf("by completion: %+v %+v", m.Students, m.StudentTotals)
	}
}

func TestTrackLessonItems(t *testing.T) {
	due := t0
	a := assignments.Assignment{DueAt: due, Items: []assignments.Item{
		{Kind: assignments.LessonItem, ID: "l1"}, {Kind: assignments.ExerciseItem, ID: "e2"},
		{Kind: assignments.LessonItem, ID: "reading"}, {Kind: assignments.LessonItem, ID: "retired"},
		{Kind: assignments.ExerciseItem, ID: "e4"}},
		LessonExercises: map[string][]string{"l1": {"e3", "e2", "e1"}, "reading": nil}}
	if got := a.ExerciseIDs(); !slices.Equal(got, []string{"e3", "e2", "e1", "e4"}) {
		t.Errorf("ExerciseIDs %v, want lesson blocks first, e2 once", got)
	}
	solved := map[string]time.Time{"e2": due.Add(-time.Hour), "e1": due.Add(time.Hour)}
	sa := assignments.Track(a, func(id string) assignments.Work {
		if at, ok := solved[id]; ok {
			return assignments.Work{SolvedAt: at, Attempts: 1}
		}
		if id == "e4" {
			return assignments.Work{Attempts: 2} // tried, not solved
		}
		return assignments.Work{}
	})
	if sa.Progress != (assignments.Progress{Solved: 2, SolvedLate: 1, Total: 4, Tried: 1}) {
		t.Errorf("progress %+v", sa.Progress)
	}
	if want := []assignments.ItemProgress{{Solved: 2, Total: 3}, {Solved: 1, Total: 1}, {}, {}, {Total: 1}}; !slices.Equal(sa.Items, want) {
		t.Errorf("items %+v, want %+v", sa.Items, want)
	}
	if !slices.Equal(sa.Unsolved, []string{"e3", "e4"}) {
		t.Errorf("unsolved %v", sa.Unsolved)
	}
}

// fakeMaker makes practice sets of IDs "<kind>-<n>", refusing the kind
// "impossible" as a generator would a set it cannot make in full.
type fakeMaker struct {
	calls  int
	school string
	grade  int
}

func (m *fakeMaker) MakePractice(_ context.Context, _ domain.Principal, school string, grade int, sets []assignments.PracticeSet) ([]string, error) {
	m.calls++
	m.school, m.grade = school, grade
	var ids []string
	for i, ps := range sets {
		if ps.Kind == "impossible" {
			return nil, domain.Validation(domain.FieldError{Field: fmt.Sprintf("practice[%d].count", i), Code: "exhausted"})
		}
		for n := range ps.Count {
			ids = append(ids, fmt.Sprintf("%s-%d", ps.Kind, n))
		}
	}
	return ids, nil
}

func fieldsOf(err error) []string {
	var wf interface{ Fields() []domain.FieldError }
	if !errors.As(err, &wf) {
		return nil
	}
	var out []string
	for _, f := range wf.Fields() {
		out = append(out, f.Field+":"+f.Code)
	}
	return out
}

func TestServicePractice(t *testing.T) {
	ctx := context.Background()
	f := &fakeStore{
		classes: map[string]string{"c1": "A"},
		members: map[[2]string]assignments.Member{{"c1", "t1"}: {Role: domain.RoleTeacher}},
		saved:   map[string]assignments.Assignment{},
	}
	t1 := domain.Principal{UserID: "t1", SchoolID: "A", Role: domain.RoleTeacher}
	d := assignments.Draft{ClassID: "c1", Title: "Practice", DueAt: t0.Add(24 * time.Hour),
		Practice: []assignments.PracticeSet{{Kind: "numchess.expression", Count: 2}}}

	if _, err := assignments.NewService(f, func() time.Time { return t0 }).Create(ctx, t1, d); !slices.Equal(fieldsOf(err), []string{"practice:not_allowed"}) {
		t.Errorf("without a maker: %v", err)
	}
	m := &fakeMaker{}
	svc := assignments.NewService(f, func() time.Time { return t0 }).WithPractice(m)
	for _, tc := range []struct {
		name  string
		edit  func(*assignments.Draft)
		check func(error) bool
	}{
		{"bad sets", func(d *assignments.Draft) {
			d.Practice = []assignments.PracticeSet{{Kind: "", Count: 1}, {Kind: "k", Count: 0}}
		}, func(err error) bool {
			return slices.Equal(fieldsOf(err), []string{"practice[0].kind:required", "practice[1].count:out_of_range"})
		}},
		{"too many exercises", func(d *assignments.Draft) {
			d.Items = []assignments.Item{{Kind: assignments.ExerciseItem, ID: "e1"}}
			d.Practice = []assignments.PracticeSet{{Kind: "k", Count: 50}, {Kind: "k", Count: 50}}
		}, func(err error) bool { return slices.Equal(fieldsOf(err), []string{"practice:too_many"}) }},
		{"unknown item", func(d *assignments.Draft) {
			d.Items = []assignments.Item{{Kind: assignments.LessonItem, ID: "missing"}}
		}, func(err error) bool { return errors.Is(err, assignments.ErrUnknownItem) }},
		{"no title", func(d *assignments.Draft) { d.Title = "" }, func(err error) bool {
			return slices.Equal(fieldsOf(err), []string{"title:required"})
		}},
	} {
		bad := d
		tc.edit(&bad)
		if _, err := svc.Create(ctx, t1, bad); !tc.check(err) {
			t.Errorf("%s: %v %v", tc.name, err, fieldsOf(err))
		}
	}
	if m.calls != 0 || len(f.saved) != 0 {
		t.Fatalf("an invalid draft made %d practice calls and saved %d", m.calls, len(f.saved))
	}
	impossible := d
	impossible.Practice = append(slices.Clone(d.Practice), assignments.PracticeSet{Kind: "impossible", Count: 1})
	if _, err := svc.Create(ctx, t1, impossible); !slices.Equal(fieldsOf(err), []string{"practice[1].count:exhausted"}) || len(f.saved) != 0 {
		t.Errorf("impossible set: %v, %d saved", err, len(f.saved))
	}

	d.Items = []assignments.Item{{Kind: assignments.ExerciseItem, ID: "e1"}}
	a, err := svc.Create(ctx, t1, d)
	want := []assignments.Item{{Kind: assignments.ExerciseItem, ID: "e1"},
		{Kind: assignments.ExerciseItem, ID: "numchess.expression-0"}, {Kind: assignments.ExerciseItem, ID: "numchess.expression-1"}}
	if err != nil || !slices.Equal(a.Items, want) || !slices.Equal(f.saved[a.ID].Items, want) || m.school != "A" || m.grade != 2 {
		t.Fatalf("create with practice: %+v, %v (maker %+v)", a.Items, err, m)
	}
	edit := assignments.Draft{Title: "Practice", DueAt: d.DueAt, Items: a.Items,
		Practice: []assignments.PracticeSet{{Kind: "chess.mate_in", Count: 1}}}
	a, err = svc.Update(ctx, t1, a.ID, edit)
	if err != nil || len(a.Items) != 4 || a.Items[3].ID != "chess.mate_in-0" {
		t.Errorf("edit adds a set: %+v, %v", a.Items, err)
	}
}

func TestAboveBandWarnings(t *testing.T) {
	ctx := context.Background()
	f := &fakeStore{
		classes: map[string]string{"c1": "A"}, // grade 2: G23
		members: map[[2]string]assignments.Member{{"c1", "t1"}: {Role: domain.RoleTeacher}},
		saved:   map[string]assignments.Assignment{},
		bands:   map[string]string{"k1": "K1", "g23": "G23", "g46": "G46"},
	}
	svc := assignments.NewService(f, func() time.Time { return t0 })
	t1 := domain.Principal{UserID: "t1", SchoolID: "A", Role: domain.RoleTeacher}
	d := assignments.Draft{ClassID: "c1", Title: "Mixed", DueAt: t0.Add(24 * time.Hour), Items: []assignments.Item{
		{Kind: assignments.ExerciseItem, ID: "k1"}, {Kind: assignments.ExerciseItem, ID: "g46"},
		{Kind: assignments.LessonItem, ID: "g23"}, {Kind: assignments.ExerciseItem, ID: "none"}}}
	a, err := svc.Create(ctx, t1, d)
	if err != nil {
		t.Fatal(err)
	}
	want := []assignments.Warning{{Code: assignments.WarnAboveBand, Field: "items[1]", Band: exercises.G46, ClassBand: exercises.G23}}
	if !slices.Equal(a.Warnings, want) {
		t.Errorf("warnings %+v, want %+v", a.Warnings, want)
	}
	if _, ok := f.saved[a.ID]; !ok || len(f.saved[a.ID].Warnings) != 0 {
		t.Errorf("warnings stored: %+v", f.saved[a.ID])
	}
	d.Items = d.Items[:1]
	if a, err = svc.Update(ctx, t1, a.ID, d); err != nil || len(a.Warnings) != 0 {
		t.Errorf("update within the band: %+v %v", a.Warnings, err)
	}
}

func TestStrugglingFirst(t *testing.T) {
	due := t0.Add(24 * time.Hour)
	ex := func(id string) assignments.Item { return assignments.Item{Kind: assignments.ExerciseItem, ID: id} }
	list := []assignments.Assignment{{ID: "a1", DueAt: due, Items: []assignments.Item{ex("e1"), ex("e2"), ex("e3")}}}
	students := []assignments.ClassStudent{{ID: "s1", RealName: "A"}, {ID: "s2", RealName: "B"}, {ID: "s3", RealName: "C"}}
	solves := []assignments.Solve{
		{UserID: "s2", ExerciseID: "e1", Attempts: 2}, // two wrong tries
		{UserID: "s3", ExerciseID: "e1", At: t0, Attempts: 1},
	}
	m := assignments.BuildMatrix("c", students, list, solves, t0, assignments.SortCompletion)
	if ids := []string{m.Students[0].ID, m.Students[1].ID, m.Students[2].ID}; !slices.Equal(ids, []string{"s2", "s1", "s3"}) {
		t.Errorf("who needs help first: %v, want the struggling s2, then s1 who never started", ids)
	}
	if c := m.Cells[0][0]; c.Status != assignments.Struggling || c.Progress != (assignments.Progress{Total: 3, Tried: 1}) {
		t.Errorf("s2 cell %+v", c)
	}
	if c := m.Cells[1][0]; c.Status != assignments.NotStarted {
		t.Errorf("s1 cell %+v", c)
	}
	if got := m.AssignmentTotals[0]; got != (assignments.Totals{Assigned: 3, NotStarted: 1, Struggling: 1, Partial: 1, Tried: 1}) {
		t.Errorf("totals %+v", got)
	}
}

func TestUsedUp(t *testing.T) {
	a := assignments.Assignment{CreatedAt: t0, OpensAt: t0.Add(time.Hour), AttemptsAllowed: 2}
	before, after := t0.Add(30*time.Minute), t0.Add(2*time.Hour)
	if a.UsedUp([]time.Time{before, before, after}) {
		t.Error("attempts before the open time count")
	}
	if !a.UsedUp([]time.Time{before, after, after}) {
		t.Error("two attempts since opening leave none of two")
	}
	a.AttemptsAllowed = 0
	if a.UsedUp([]time.Time{after, after, after}) {
		t.Error("no limit is used up")
	}
}

// TestMasteryGate: with the gate on, each lesson item opens once the
// lesson with exercises before it has 4 in 5 of them solved (a reading
// lesson is locked with the others but locks nothing); a locked lesson locks the ones after it; exercise items and
// exercises also given by an open item stay open; without the gate
// nothing is locked.
func TestMasteryGate(t *testing.T) {
	a := assignments.Assignment{MasteryGate: true,
		Items: []assignments.Item{{Kind: assignments.LessonItem, ID: "L1"}, {Kind: assignments.LessonItem, ID: "read"},
			{Kind: assignments.LessonItem, ID: "L2"}, {Kind: assignments.ExerciseItem, ID: "x"}, {Kind: assignments.LessonItem, ID: "L3"}},
		LessonExercises: map[string][]string{"L1": {"a", "b", "c", "d", "e"}, "L2": {"f", "x"}, "L3": {"g", "a"}},
	}
	track := func(solved ...string) assignments.StudentAssignment {
		return assignments.Track(a, func(id string) assignments.Work {
			if slices.Contains(solved, id) {
				return assignments.Work{SolvedAt: t0, Attempts: 1}
			}
			return assignments.Work{}
		})
	}
	locks := func(sa assignments.StudentAssignment) string {
		s := ""
		for i, it := range sa.Items {
			if it.Locked {
				s += a.Items[i].ID + "<" + it.UnlockedBy + " "
			}
		}
		return s + fmt.Sprint(sa.Locked)
	}
	for _, c := range []struct {
		solved []string
		want   string
	}{
		{nil, "read<L1 L2<L1 L3<L2 [f g]"},
		{[]string{"a", "b", "c"}, "read<L1 L2<L1 L3<L2 [f g]"},
		{[]string{"a", "b", "c", "d"}, "L3<L2 [g]"},
		{[]string{"a", "b", "c", "d", "f"}, "L3<L2 [g]"},
		{[]string{"a", "b", "c", "d", "f", "x"}, "[]"},
	} {
		if got := locks(track(c.solved...)); got != c.want {
			t.Errorf("solved %v: locked %s, want %s", c.solved, got, c.want)
		}
	}
	a.MasteryGate = false
	if got := locks(track()); got != "[]" {
		t.Errorf("without the gate: %s", got)
	}
}
