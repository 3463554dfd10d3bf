// Package classroom runs live lessons: a teacher puts exercises up for a
// class one at a time, every student of the class answers on a tablet,
// the teacher sees the class's answers as they come and reveals the
// solution. Answers are checked and recorded by the exercises package as
// ordinary attempts (once each); the store keeps the lessons and, in the
// same transaction as each attempt, the lesson's answer.
//
//	svc := classroom.NewService(store, practice, classroom.Config{Announce: send})
//	l, err := svc.Create(ctx, teacher, classroom.Draft{ClassID: id, ExerciseIDs: ids})
//	l, err = svc.Open(ctx, teacher, l.ID, 0)
//	v, err := svc.Answer(ctx, student, l.ID, classroom.AnswerInput{Index: 0, Answer: doc})
//	l, err = svc.Reveal(ctx, teacher, l.ID)
package classroom

import (
	"context"
	"encoding/json"
	"time"

	"qixue/domain"
	"qixue/exercises"
)

// Limits of a lesson.
const (
	MaxItems       = 60
	MinItemSeconds = 5
	MaxItemSeconds = 600
	MaxTitleLen    = 200
)

// Status is where a lesson is: Ready (made, nothing shown yet), Running
// (an item has been opened), Ended.
type Status string

// The statuses of a lesson.
const (
	Ready   Status = "ready"
	Running Status = "running"
	Ended   Status = "ended"
)

// Options are the teacher's choices for a lesson.
type Options struct {
	// Named shows the students' first names (their shown names) on the
	// projector; the default is anonymous.
	Named bool
	// Ranking shows a ranking of the students; the default is one score
	// for the whole class.
	Ranking bool
	// ItemSeconds is the time for each item (0: no countdown); when it
	// runs out the server closes the item.
	ItemSeconds int
	// Hints lets students open an item's hints.
	Hints bool
	// Shuffle puts the items in a random order when the lesson is made.
	Shuffle bool
}

// Item is one exercise of a lesson and what happened to it.
type Item struct {
	ExerciseID string
	// OpenedAt is when the item was last opened (zero: never).
	OpenedAt time.Time
	// Deadline is when an open item closes by itself (zero: no countdown).
	Deadline time.Time
	// ClosedAt is when the item stopped taking answers (its time ran out,
	// it was revealed, or another item was opened); zero while open.
	ClosedAt time.Time
	// Revealed is set once the teacher showed the solution.
	Revealed bool
}

// Lesson is one live lesson of a class.
type Lesson struct {
	ID, SchoolID, ClassID, TeacherID string
	Title                            string
	Items                            []Item
	Options                          Options
	Status                           Status
	// Current is the index of the item shown, -1 before the first.
	Current int
	// CopiedFrom names the lesson this one was copied from ("" when none).
	CopiedFrom string
	Version    int
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// Open reports whether item i takes answers at now.
func (l Lesson) Open(i int, now time.Time) bool {
	if l.Status != Running || i != l.Current || i < 0 || i >= len(l.Items) {
		return false
	}
	it := l.Items[i]
	return it.ClosedAt.IsZero() && !it.Revealed && (it.Deadline.IsZero() || now.Before(it.Deadline))
}

// Answer is one student's finished answer to one item of a lesson,
// recorded with the attempt it is.
type Answer struct {
	LessonID   string
	Index      int
	UserID     string
	ExerciseID string
	AttemptID  string
	// Answer is the answer document in its canonical spelling
	// (exercises.Canonical): equal answers count together.
	Answer   json.RawMessage
	Outcome  exercises.Outcome
	Score    float64
	Feedback domain.Text
	TimeMS   int
	At       time.Time
}

// Student is a student of the lesson's class as the lesson shows them:
// by their shown name only (a given name or a nickname).
type Student struct {
	UserID string
	Name   string
}

// Query filters a list of lessons. Zero fields do not filter.
type Query struct {
	SchoolID  string
	ClassIDs  []string
	TeacherID string
	Status    Status
	// NotEnded keeps the ready and running lessons.
	NotEnded bool
	Limit    int
}

// Due is an open item whose time ran out.
type Due struct {
	SchoolID, LessonID string
	Index              int
}

// Store keeps lessons and their answers. Lesson and Change see only the
// school's lessons ("" sees all); a missing one is ErrNotFound.
type Store interface {
	Create(ctx context.Context, l Lesson) error
	Lesson(ctx context.Context, schoolID, id string) (Lesson, error)
	// Lessons lists lessons, newest first.
	Lessons(ctx context.Context, q Query) ([]Lesson, error)
	// Change runs fn on the lesson with its row locked and saves what fn
	// made of it (its Version one more); an error of fn is returned as is
	// and nothing is saved.
	Change(ctx context.Context, schoolID, id string, fn func(l *Lesson) error) (Lesson, error)
	// Answer reads the lesson, holding it against a concurrent Change,
	// and runs fn in one transaction (ctx carries it, so the attempt fn
	// records is stored in it); it then stores the answer fn returns. A
	// second answer of the user to the item is ErrAnswered and nothing of
	// the transaction is kept.
	Answer(ctx context.Context, schoolID, id string, fn func(ctx context.Context, l Lesson) (Answer, error)) (Lesson, Answer, error)
	// Answers returns a lesson's answers in the order they came.
	Answers(ctx context.Context, lessonID string) ([]Answer, error)
	// Answered reports whether the user has answered item index.
	Answered(ctx context.Context, lessonID string, index int, userID string) (bool, error)
	// Member returns the user's role in an active class of schoolID, and
	// false when the user is not an active member of it.
	Member(ctx context.Context, schoolID, classID, userID string) (domain.Role, bool, error)
	// Students returns the active students of a class, by shown name.
	Students(ctx context.Context, schoolID, classID string) ([]Student, error)
	// Classes returns the active classes of schoolID the user is an
	// active student of.
	Classes(ctx context.Context, schoolID, userID string) ([]string, error)
	// Due returns the open items of running lessons whose deadline is
	// at or before now.
	Due(ctx context.Context, now time.Time, limit int) ([]Due, error)
}
