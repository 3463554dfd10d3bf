package assignments

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"qixue/domain"
	"qixue/identity"
)

// ClassStudent is an active student of a class, with the time the student
// joined it (attempts before that do not count for the class).
type ClassStudent struct {
	ID       string
	Username string
	RealName string
	JoinedAt time.Time
}

// Solve is a student's work on an exercise since joining the class: the
// first correct attempt (At, zero while unsolved) and the number of
// attempts.
type Solve struct {
	UserID     string
	ExerciseID string
	At         time.Time
	Attempts   int
}

// Cell is one student's state on one assignment. Assigned is false when
// the assignment was given to other chosen students; the other fields are
// then zero.
type Cell struct {
	Assigned bool
	Status   Status
	Progress Progress
}

// Totals count the statuses of a row or a column of the matrix.
type Totals struct {
	Assigned, NotStarted, Struggling, Partial, Overdue, Late, Done int
	// Tried counts the exercises attempted but not solved, over the
	// assigned cells (whatever their status).
	Tried int
}

// Completion is the share of assigned work finished (done or late), from
// 0 to 1; 0 when nothing is assigned.
func (t Totals) Completion() float64 {
	if t.Assigned == 0 {
		return 0
	}
	return float64(t.Done+t.Late) / float64(t.Assigned)
}

func (t *Totals) add(c Cell) {
	if !c.Assigned {
		return
	}
	t.Assigned++
	t.Tried += c.Progress.Tried
	switch c.Status {
	case NotStarted:
		t.NotStarted++
	case Struggling:
		t.Struggling++
	case Partial:
		t.Partial++
	case Overdue:
		t.Overdue++
	case Late:
		t.Late++
	case Done:
		t.Done++
	}
}

// Matrix is a class's students × assignments progress: Cells[i][j] is
// Students[i] on Assignments[j], with totals per student (row) and per
// assignment (column).
type Matrix struct {
	ClassID          string
	Students         []ClassStudent
	Assignments      []Assignment
	Cells            [][]Cell
	StudentTotals    []Totals
	AssignmentTotals []Totals
}

// Sort orders the students of a matrix.
type Sort string

// The orders of the students: by name (real name in pinyin order, see
// identity.NameSortKey, then username) or by
// completion, least complete first so that who needs help is on top
// (among equals, those with the most exercises tried but not solved
// first, then by name).
const (
	SortName       Sort = "name"
	SortCompletion Sort = "completion"
)

// ParseSort returns the Sort named s ("" is SortName), or ErrValidation
// naming the field sort.
func ParseSort(s string) (Sort, error) {
	switch Sort(s) {
	case "", SortName:
		return SortName, nil
	case SortCompletion:
		return SortCompletion, nil
	}
	return "", invalid("sort", "invalid")
}

// BuildMatrix derives the matrix at now from the class's students, its
// (not withdrawn) assignments with their LessonExercises resolved, and
// the students' first correct attempts.
func BuildMatrix(classID string, students []ClassStudent, list []Assignment, solves []Solve, now time.Time, by Sort) Matrix {
	// Work is looked up by small integers: one row per student, one
	// column per exercise of the class's assignments (a class of 200
	// students with 500 exercises has 100,000 cells, tracked 20,000
	// times).
	exIndex := map[string]int{}
	exIDs := make([][]string, len(list))
	for j, a := range list {
		exIDs[j] = a.ExerciseIDs()
		for _, id := range exIDs[j] {
			if _, ok := exIndex[id]; !ok {
				exIndex[id] = len(exIndex)
			}
		}
	}
	stIndex := make(map[string]int, len(students))
	for i, st := range students {
		stIndex[st.ID] = i
	}
	work := make([]Work, len(students)*len(exIndex))
	for _, s := range solves {
		i, ok := stIndex[s.UserID]
		k, ok2 := exIndex[s.ExerciseID]
		if ok && ok2 {
			work[i*len(exIndex)+k] = Work{SolvedAt: s.At, Attempts: s.Attempts}
		}
	}
	m := Matrix{ClassID: classID, Assignments: list, AssignmentTotals: make([]Totals, len(list))}
	type row struct {
		s      ClassStudent
		cells  []Cell
		totals Totals
		name   string // the sort key of the real name
	}
	rows := make([]row, len(students))
	for i, st := range students {
		r := row{s: st, cells: make([]Cell, len(list)), name: identity.NameSortKey(st.RealName)}
		mine := work[i*len(exIndex) : (i+1)*len(exIndex)]
		lookup := func(id string) Work {
			if k, ok := exIndex[id]; ok {
				return mine[k]
			}
			return Work{}
		}
		for j, a := range list {
			if !a.For(st.ID, true) {
				continue
			}
			p := trackIDs(a, exIDs[j], lookup).Progress
			c := Cell{Assigned: true, Progress: p, Status: StatusAt(p, a.DueAt, now)}
			r.cells[j] = c
			r.totals.add(c)
			m.AssignmentTotals[j].add(c)
		}
		rows[i] = r
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		if by == SortCompletion {
			if c := cmp.Compare(a.totals.Completion(), b.totals.Completion()); c != 0 {
				return c
			}
			if c := cmp.Compare(b.totals.Tried, a.totals.Tried); c != 0 {
				return c
			}
		}
		if c := strings.Compare(a.name, b.name); c != 0 { // by pinyin (identity.NameSortKey)
			return c
		}
		return strings.Compare(a.s.Username, b.s.Username)
	})
	for _, r := range rows {
		m.Students = append(m.Students, r.s)
		m.Cells = append(m.Cells, r.cells)
		m.StudentTotals = append(m.StudentTotals, r.totals)
	}
	return m
}

// ClassMatrix returns the progress matrix of a class that p may read
// (staff of the class; students are ErrForbidden).
func (s *Service) ClassMatrix(ctx context.Context, p domain.Principal, classID string, by Sort) (Matrix, error) {
	if _, err := s.writableClass(ctx, p, classID); err != nil {
		return Matrix{}, err
	}
	students, list, solves, err := s.store.ClassProgress(ctx, classID)
	if err != nil {
		return Matrix{}, err
	}
	return BuildMatrix(classID, students, list, solves, s.clock(), by), nil
}
