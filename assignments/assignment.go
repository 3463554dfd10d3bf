// Package assignments is the domain of homework: a teacher assigns
// lessons and exercises to a class or to chosen students of it, with an
// optional open time, a due time and a number of attempts allowed; each
// student's status on an assignment is derived from the student's
// attempts.
//
// The package owns the types, the rules (who sees an assignment, which
// status a student has), the Store interface that models implements, and
// the Service with the permission checks of the platform design
// (assignments: RW own classes for teachers, all of the school for school
// admins, R own for students).
//
// Usage:
//
//	svc := assignments.NewService(store, time.Now)
//	a, err := svc.Create(ctx, teacher, assignments.Draft{ClassID: classID,
//		Items: []assignments.Item{{Kind: assignments.ExerciseItem, ID: exID}},
//		DueAt: due})
//	mine, err := svc.Mine(ctx, student, assignments.FilterOpen)
//
// A draft may also ask for practice sets of fresh generated exercises
// (Draft.Practice), which a PracticeMaker given to Service.WithPractice
// makes and stores before the assignment lists them as exercise items.
package assignments

import (
	"slices"
	"time"
)

// ItemKind says what an item of an assignment is.
type ItemKind string

// The kinds of items.
const (
	LessonItem   ItemKind = "lesson"
	ExerciseItem ItemKind = "exercise"
)

// Item is one lesson or exercise of an assignment, by ID. An exercise
// item counts towards a student's status; a lesson item counts through
// the exercises of its blocks (Assignment.LessonExercises), and a lesson
// without exercise blocks is reading that adds nothing.
type Item struct {
	Kind ItemKind
	ID   string
}

// Assignment is work given to a class, or to chosen students of it when
// StudentIDs is not empty.
type Assignment struct {
	ID       string
	SchoolID string
	ClassID  string
	// StudentIDs are the chosen students; empty means the whole class.
	StudentIDs []string
	Items      []Item
	// OpensAt is when students first see it; zero means at once.
	OpensAt time.Time
	DueAt   time.Time
	// AttemptsAllowed bounds the attempts per exercise; 0 is unlimited.
	AttemptsAllowed int
	// MasteryGate opens each lesson item only once the student masters
	// the lesson item before it (see Mastered and LockItems); off by
	// default.
	MasteryGate bool
	Title       string
	CreatedBy   string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	// WithdrawnAt is when the teacher withdrew it (zero while active).
	// Withdrawn assignments are hidden from students and kept for the
	// record.
	WithdrawnAt time.Time
	// LessonExercises are the exercise IDs of the lesson items, by lesson
	// ID, in block order. The store resolves them when it reads an
	// assignment for progress (ForStudent, ClassProgress), since lessons
	// can be edited after they are assigned; they are not stored with the
	// assignment. A retired lesson is absent and adds nothing.
	LessonExercises map[string][]string
	// Warnings are notes on the draft that was just saved (Create,
	// Update, Copy), for the teacher; they are not stored.
	Warnings []Warning
}

// Withdrawn reports whether the assignment was withdrawn.
func (a Assignment) Withdrawn() bool { return !a.WithdrawnAt.IsZero() }

// Open reports whether students may see the assignment at now: not
// withdrawn and past its open time.
func (a Assignment) Open(now time.Time) bool {
	return !a.Withdrawn() && !now.Before(a.OpensAt)
}

// ItemExercises returns the exercises of item it: the exercise itself, or
// a lesson's resolved exercises in block order (none for reading).
func (a Assignment) ItemExercises(it Item) []string {
	if it.Kind == ExerciseItem {
		return []string{it.ID}
	}
	return a.LessonExercises[it.ID]
}

// ExerciseIDs returns the distinct exercises of the assignment, those
// that count towards a student's status: exercise items and the resolved
// exercises of lesson items, in item order (a lesson's in block order).
// An exercise in two items is listed once.
func (a Assignment) ExerciseIDs() []string {
	var ids []string
	seen := map[string]bool{}
	for _, it := range a.Items {
		for _, id := range a.ItemExercises(it) {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// For reports whether the assignment is meant for a student who is an
// active member of its class (member) since joined: a chosen student, or,
// when none are chosen, any member of the class. Membership is required
// either way, so a student who left the class no longer sees it.
func (a Assignment) For(studentID string, member bool) bool {
	if !member {
		return false
	}
	return len(a.StudentIDs) == 0 || slices.Contains(a.StudentIDs, studentID)
}

// Status is a student's state on an assignment.
type Status string

// The statuses, from nothing done to everything done.
const (
	NotStarted Status = "not_started"
	// Struggling: tried (a wrong answer or a give-up) but nothing solved
	// yet, before the due time; the student may need help.
	Struggling Status = "struggling"
	Partial    Status = "partial"
	// Overdue: the due time passed with exercises left to solve.
	Overdue Status = "overdue"
	// Late: every exercise solved, at least one first after the due time.
	Late Status = "late"
	Done Status = "done"
)

// Progress is what a student has solved of an assignment's exercises.
type Progress struct {
	// Solved counts exercises with a correct attempt; SolvedLate those
	// whose first correct attempt came after the due time.
	Solved, SolvedLate int
	// Total is the number of distinct exercises (ExerciseIDs).
	Total int
	// Tried counts exercises attempted (answered or given up) but not
	// solved.
	Tried int
	// Locked counts the exercises a mastery gate still keeps closed (see
	// LockedExercises), so that teachers see the gate's state.
	Locked int
}

// ItemProgress is what a student has solved of one item: 0 or 1 of 1 for
// an exercise, of its exercises for a lesson (0 of 0 for reading).
type ItemProgress struct {
	Solved, Total int
	// Locked is set on a lesson item of a gated assignment (MasteryGate)
	// while the student has not mastered UnlockedBy, the lesson item
	// before it.
	Locked     bool
	UnlockedBy string
}

// MasteryShare is the share of a lesson's exercises a student must have
// solved to master it, for mastery gates: 4 in 5.
const MasteryShare = 0.8

// Mastered reports whether a lesson item's progress is mastery: at
// least MasteryShare of its exercises solved (a lesson without exercises,
// reading, is mastered).
func (p ItemProgress) Mastered() bool {
	return float64(p.Solved) >= MasteryShare*float64(p.Total)
}

// LockItems applies a gated assignment's mastery gate to the student's
// item progress: a lesson item is locked while the lesson item before it
// (the nearest earlier one with exercises) is not mastered or is itself
// locked. Exercise items and the first lesson stay open. Nothing is
// locked when the assignment has no gate.
func LockItems(a Assignment, items []ItemProgress) {
	if !a.MasteryGate {
		return
	}
	prev := -1
	for i, it := range a.Items {
		if it.Kind != LessonItem {
			continue
		}
		if prev >= 0 && (items[prev].Locked || !items[prev].Mastered()) {
			items[i].Locked, items[i].UnlockedBy = true, a.Items[prev].ID
		}
		if items[i].Total > 0 {
			prev = i
		}
	}
}

// LockedExercises returns the exercises of a's locked items (see
// LockItems) that no open item of a also gives.
func LockedExercises(a Assignment, items []ItemProgress) []string {
	open := map[string]bool{}
	for i, it := range a.Items {
		if !items[i].Locked {
			for _, id := range a.ItemExercises(it) {
				open[id] = true
			}
		}
	}
	var out []string
	for i, it := range a.Items {
		if items[i].Locked {
			for _, id := range a.ItemExercises(it) {
				if !open[id] && !slices.Contains(out, id) {
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// Work is a student's work on one exercise since joining the class.
type Work struct {
	// SolvedAt is the first correct attempt; zero while unsolved.
	SolvedAt time.Time
	// Attempts counts the attempts (answers and give-ups).
	Attempts int
}

// Solved reports whether the exercise was answered correctly.
func (w Work) Solved() bool { return !w.SolvedAt.IsZero() }

// Track derives a student's progress on a from work, which tells what the
// student did on an exercise (counting only attempts since the student
// joined the class). It fills Assignment, Progress, Items and Unsolved;
// the caller sets Status at its own clock.
func Track(a Assignment, work func(exerciseID string) Work) StudentAssignment {
	return trackIDs(a, a.ExerciseIDs(), work)
}

// trackIDs is Track with a.ExerciseIDs() given, for callers that track
// many students on one assignment.
func trackIDs(a Assignment, ids []string, work func(exerciseID string) Work) StudentAssignment {
	sa := StudentAssignment{Assignment: a, Items: make([]ItemProgress, len(a.Items))}
	for _, id := range ids {
		sa.Progress.Total++
		w := work(id)
		if !w.Solved() {
			sa.Unsolved = append(sa.Unsolved, id)
			if w.Attempts > 0 {
				sa.Progress.Tried++
			}
			continue
		}
		sa.Progress.Solved++
		if w.SolvedAt.After(a.DueAt) {
			sa.Progress.SolvedLate++
		}
	}
	for i, it := range a.Items {
		for _, id := range a.ItemExercises(it) {
			sa.Items[i].Total++
			if work(id).Solved() {
				sa.Items[i].Solved++
			}
		}
	}
	LockItems(a, sa.Items)
	sa.Locked = LockedExercises(a, sa.Items)
	sa.Progress.Locked = len(sa.Locked)
	return sa
}

// CountsFrom is when the assignment starts counting a student's attempts
// against AttemptsAllowed: the latest of its creation and its open time
// (and of the student joining the class, which the caller applies).
func (a Assignment) CountsFrom() time.Time {
	if a.OpensAt.After(a.CreatedAt) {
		return a.OpensAt
	}
	return a.CreatedAt
}

// UsedUp reports whether attempts (the times of a student's attempts of
// one exercise since joining the class) leave none under the assignment's
// limit; never for an assignment without one.
func (a Assignment) UsedUp(attempts []time.Time) bool {
	if a.AttemptsAllowed <= 0 {
		return false
	}
	n := 0
	for _, at := range attempts {
		if !at.Before(a.CountsFrom()) {
			n++
		}
	}
	return n >= a.AttemptsAllowed
}

// StatusAt returns the status of progress p on an assignment due at due,
// at now. An assignment with no exercises is done once it is open.
func StatusAt(p Progress, due, now time.Time) Status {
	switch {
	case p.Solved >= p.Total && p.SolvedLate > 0:
		return Late
	case p.Solved >= p.Total:
		return Done
	case now.After(due):
		return Overdue
	case p.Solved > 0:
		return Partial
	case p.Tried > 0:
		return Struggling
	}
	return NotStarted
}

// Unfinished reports whether st is the status of work still open: not
// started, struggling or partial (not finished, not past due).
func (st Status) Unfinished() bool {
	return st == NotStarted || st == Struggling || st == Partial
}

// DueSoonWindow is how close a due time must be for an open assignment to
// be due soon.
const DueSoonWindow = 48 * time.Hour

// DueSoon reports whether due is still ahead of now and within
// DueSoonWindow.
func DueSoon(due, now time.Time) bool {
	return !now.After(due) && due.Sub(now) <= DueSoonWindow
}

// Filter picks a student's assignments by state.
type Filter string

// The filters of a student's list; the zero Filter keeps all.
const (
	FilterAll     Filter = ""
	FilterOpen    Filter = "open"     // not finished and not past due
	FilterDueSoon Filter = "due_soon" // open and due within DueSoonWindow
	FilterOverdue Filter = "overdue"  // past due, not finished
	FilterDone    Filter = "done"     // finished, on time or late
)

// ParseFilter returns the Filter named s, or ErrValidation naming the
// field status.
func ParseFilter(s string) (Filter, error) {
	switch f := Filter(s); f {
	case FilterAll, FilterOpen, FilterDueSoon, FilterOverdue, FilterDone:
		return f, nil
	}
	return "", invalid("status", "invalid")
}

// Keeps reports whether a student's assignment with status st, due at
// due, passes the filter at now.
func (f Filter) Keeps(st Status, due, now time.Time) bool {
	switch f {
	case FilterOpen:
		return st.Unfinished()
	case FilterDueSoon:
		return st.Unfinished() && DueSoon(due, now)
	case FilterOverdue:
		return st == Overdue
	case FilterDone:
		return st == Done || st == Late
	}
	return true
}
