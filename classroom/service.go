package classroom

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"qixue/domain"
	"qixue/exercises"
)

// Practice is what a lesson needs of the exercises: reading them as the
// teacher may, grading a student's answer and recording it as an attempt
// (exercises.Service).
type Practice interface {
	Readable(ctx context.Context, p domain.Principal, ids []string) (map[string]exercises.Exercise, error)
	GradeFor(ctx context.Context, p domain.Principal, id string, in exercises.AnswerInput) (exercises.Graded, error)
	Record(ctx context.Context, g exercises.Graded) (exercises.Attempt, bool, error)
	HintFor(ctx context.Context, p domain.Principal, id string, step int) (exercises.HintView, error)
}

// Event is a change of a lesson for the class's and the teacher's
// screens: Kind is "opened", "answered" (the tally of item Index
// changed: Tally is set, for the teacher), "closed" (the item's time ran
// out), "revealed" or "ended".
type Event struct {
	Kind   string
	Lesson Lesson
	Index  int
	Tally  *Tally
}

// Config configures a Service.
type Config struct {
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Announce hands an event to the sockets (nil: none).
	Announce func(ctx context.Context, ev Event)
}

// Service runs the live-lesson use cases.
type Service struct {
	store    Store
	practice Practice
	now      func() time.Time
	announce func(context.Context, Event)
}

// NewService returns the service on store and practice.
func NewService(store Store, practice Practice, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Service{store: store, practice: practice, now: cfg.Now, announce: cfg.Announce}
}

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

func (s *Service) tell(ctx context.Context, ev Event) {
	if s.announce != nil {
		s.announce(context.WithoutCancel(ctx), ev)
	}
}

// Draft is a new lesson.
type Draft struct {
	ClassID     string
	Title       string
	ExerciseIDs []string
	Options     Options
}

// check validates a draft's own fields.
func (d Draft) check() error {
	var f domain.FieldErrors
	switch {
	case d.ClassID == "":
		f.Add("class_id", "required")
	case len(d.ClassID) > 64:
		f.Add("class_id", "invalid")
	}
	switch {
	case len(d.ExerciseIDs) == 0:
		f.Add("exercise_ids", "required")
	case len(d.ExerciseIDs) > MaxItems:
		f.Add("exercise_ids", "too_many")
	}
	for i, id := range d.ExerciseIDs {
		if id == "" || len(id) > 64 {
			f.Add(fmt.Sprintf("exercise_ids[%d]", i), "invalid")
		}
	}
	if utf8.RuneCountInString(d.Title) > MaxTitleLen {
		f.Add("title", "too_long")
	} else if !utf8.ValidString(d.Title) || strings.ContainsAny(d.Title, "\x00\r\n") {
		f.Add("title", "invalid")
	}
	if n := d.Options.ItemSeconds; n != 0 && (n < MinItemSeconds || n > MaxItemSeconds) {
		f.Add("options.item_seconds", "out_of_range")
	}
	return f.Err()
}

// staff reports whether p may run lessons of the class: a school admin
// of its school, a platform admin, or one of its teachers.
func (s *Service) staff(ctx context.Context, p domain.Principal, schoolID, classID string) error {
	switch p.Role {
	case domain.RolePlatformAdmin:
		return nil
	case domain.RoleSchoolAdmin:
		if p.SchoolID == schoolID {
			return nil
		}
		return domain.ErrNotFound
	case domain.RoleTeacher:
		role, ok, err := s.store.Member(ctx, schoolID, classID, p.UserID)
		if err != nil {
			return err
		}
		if ok && role == domain.RoleTeacher {
			return nil
		}
		return domain.ErrNotFound
	}
	return domain.ErrForbidden
}

// Create makes a lesson of the draft for its class: the caller must run
// lessons of the class (see staff), every exercise must be one the caller
// may read (an exercise_ids[i] not_found otherwise). With Shuffle the
// items are put in a random order now, once.
func (s *Service) Create(ctx context.Context, p domain.Principal, d Draft) (Lesson, error) {
	return s.create(ctx, p, d, "")
}

// create makes the lesson of d, a copy of lesson from when not empty.
func (s *Service) create(ctx context.Context, p domain.Principal, d Draft, from string) (Lesson, error) {
	if p.Role == domain.RoleStudent {
		return Lesson{}, domain.ErrForbidden
	}
	if err := d.check(); err != nil {
		return Lesson{}, err
	}
	school := p.SchoolScope()
	if school == "" {
		return Lesson{}, domain.ErrForbidden // a lesson belongs to a school's teacher
	}
	if err := s.staff(ctx, p, school, d.ClassID); err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return Lesson{}, domain.ErrNotFound.WithFields(domain.FieldError{Field: "class_id", Code: "not_found"})
		}
		return Lesson{}, err
	}
	readable, err := s.practice.Readable(ctx, p, d.ExerciseIDs)
	if err != nil {
		return Lesson{}, err
	}
	var missing domain.FieldErrors
	for i, id := range d.ExerciseIDs {
		if _, ok := readable[id]; !ok {
			missing.Add(fmt.Sprintf("exercise_ids[%d]", i), "not_found")
		}
	}
	if len(missing) > 0 {
		return Lesson{}, domain.ErrValidation.WithFields(missing...)
	}
	ids := append([]string(nil), d.ExerciseIDs...)
	if d.Options.Shuffle {
		shuffle(ids)
	}
	now := s.clock()
	l := Lesson{
		ID: newLessonID(), SchoolID: school, ClassID: d.ClassID, TeacherID: p.UserID, CopiedFrom: from,
		Title: strings.TrimSpace(d.Title), Options: d.Options, Status: Ready, Current: -1, Version: 1,
		CreatedAt: now, UpdatedAt: now,
	}
	for _, id := range ids {
		l.Items = append(l.Items, Item{ExerciseID: id})
	}
	if err := s.store.Create(ctx, l); err != nil {
		return Lesson{}, err
	}
	return l, nil
}

// shuffle puts ids in a uniformly random order.
func shuffle(ids []string) {
	for i := len(ids) - 1; i > 0; i-- {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
		if err != nil {
			return
		}
		j := int(n.Int64())
		ids[i], ids[j] = ids[j], ids[i]
	}
}

// Get returns a lesson the caller may see (its class's staff and
// students) with its answers. A student's screen shows only their own
// answer and, after the reveal, the class's counts (the API's view).
func (s *Service) Get(ctx context.Context, p domain.Principal, id string) (Lesson, []Answer, error) {
	l, err := s.store.Lesson(ctx, p.SchoolScope(), id)
	if err != nil {
		return Lesson{}, nil, err
	}
	if p.Role == domain.RoleStudent {
		if err := s.student(ctx, p, l); err != nil {
			return Lesson{}, nil, err
		}
		all, err := s.store.Answers(ctx, l.ID)
		if err != nil {
			return Lesson{}, nil, err
		}
		return l, all, nil
	}
	if err := s.staff(ctx, p, l.SchoolID, l.ClassID); err != nil {
		return Lesson{}, nil, err
	}
	answers, err := s.store.Answers(ctx, l.ID)
	if err != nil {
		return Lesson{}, nil, err
	}
	return l, answers, nil
}

// student checks that p is an active student of the lesson's class.
func (s *Service) student(ctx context.Context, p domain.Principal, l Lesson) error {
	role, ok, err := s.store.Member(ctx, l.SchoolID, l.ClassID, p.UserID)
	if err != nil {
		return err
	}
	if !ok || role != domain.RoleStudent {
		return ErrNotInClass
	}
	return nil
}

// Students returns the students of the lesson's class by shown name.
func (s *Service) Students(ctx context.Context, l Lesson) ([]Student, error) {
	return s.store.Students(ctx, l.SchoolID, l.ClassID)
}

// List returns the lessons the caller may see, newest first: for a
// student the ready and running lessons of their classes (the home
// screen's "join"), for teachers the lessons they made, for admins the
// school's, or a class's (classID) for those who run lessons of it;
// status filters.
func (s *Service) List(ctx context.Context, p domain.Principal, classID string, status Status, limit int) ([]Lesson, error) {
	if status != "" && status != Ready && status != Running && status != Ended {
		return nil, domain.Invalid("status", "invalid")
	}
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	q := Query{SchoolID: p.SchoolScope(), Status: status, Limit: limit}
	if p.Role == domain.RoleStudent {
		classes, err := s.store.Classes(ctx, p.SchoolID, p.UserID)
		if err != nil {
			return nil, err
		}
		if classID != "" {
			if !contains(classes, classID) {
				return nil, nil
			}
			classes = []string{classID}
		}
		if len(classes) == 0 {
			return nil, nil
		}
		q.ClassIDs, q.NotEnded = classes, status == ""
		return s.store.Lessons(ctx, q)
	}
	if classID != "" {
		if err := s.staff(ctx, p, p.SchoolScope(), classID); err != nil {
			return nil, nil
		}
		q.ClassIDs = []string{classID}
	} else if p.Role == domain.RoleTeacher {
		q.TeacherID = p.UserID
	}
	return s.store.Lessons(ctx, q)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// change runs fn on the lesson as one of its staff.
func (s *Service) change(ctx context.Context, p domain.Principal, id string, fn func(l *Lesson, now time.Time) error) (Lesson, error) {
	if p.Role == domain.RoleStudent {
		return Lesson{}, domain.ErrForbidden
	}
	l, err := s.store.Lesson(ctx, p.SchoolScope(), id)
	if err != nil {
		return Lesson{}, err
	}
	if err := s.staff(ctx, p, l.SchoolID, l.ClassID); err != nil {
		return Lesson{}, err
	}
	return s.store.Change(ctx, l.SchoolID, id, func(l *Lesson) error {
		now := s.clock()
		if err := fn(l, now); err != nil {
			return err
		}
		l.UpdatedAt = now
		return nil
	})
}

// closeCurrent stops the shown item taking answers.
func closeCurrent(l *Lesson, now time.Time) {
	if l.Current >= 0 && l.Current < len(l.Items) && l.Items[l.Current].ClosedAt.IsZero() {
		c := &l.Items[l.Current]
		c.ClosedAt = now
		if !c.Deadline.IsZero() && c.Deadline.Before(now) {
			c.ClosedAt = c.Deadline
		}
	}
}

// Open shows item index to the class: the item shown before stops taking
// answers; an item opened again takes answers again from the students
// who have not answered it, unless it was revealed. ErrEnded once the
// lesson ended.
func (s *Service) Open(ctx context.Context, p domain.Principal, id string, index int) (Lesson, error) {
	l, err := s.change(ctx, p, id, func(l *Lesson, now time.Time) error {
		if l.Status == Ended {
			return ErrEnded
		}
		if index < 0 || index >= len(l.Items) {
			return domain.Invalid("index", "out_of_range")
		}
		closeCurrent(l, now)
		l.Status, l.Current = Running, index
		it := &l.Items[index]
		it.OpenedAt, it.ClosedAt, it.Deadline = now, time.Time{}, time.Time{}
		if l.Options.ItemSeconds > 0 {
			it.Deadline = now.Add(time.Duration(l.Options.ItemSeconds) * time.Second)
		}
		if it.Revealed {
			it.ClosedAt = now
		}
		return nil
	})
	if err == nil {
		s.tell(ctx, Event{Kind: "opened", Lesson: l, Index: index})
	}
	return l, err
}

// Reveal shows the solution of the item shown; it takes no more answers.
// ErrNothingOpen before the first item is opened.
func (s *Service) Reveal(ctx context.Context, p domain.Principal, id string) (Lesson, error) {
	l, err := s.change(ctx, p, id, func(l *Lesson, now time.Time) error {
		if l.Status == Ended {
			return ErrEnded
		}
		if l.Current < 0 {
			return ErrNothingOpen
		}
		closeCurrent(l, now)
		l.Items[l.Current].Revealed = true
		return nil
	})
	if err == nil {
		s.tell(ctx, Event{Kind: "revealed", Lesson: l, Index: l.Current})
	}
	return l, err
}

// End ends the lesson: no item takes answers any more.
func (s *Service) End(ctx context.Context, p domain.Principal, id string) (Lesson, error) {
	l, err := s.change(ctx, p, id, func(l *Lesson, now time.Time) error {
		if l.Status == Ended {
			return ErrEnded
		}
		closeCurrent(l, now)
		l.Status = Ended
		return nil
	})
	if err == nil {
		s.tell(ctx, Event{Kind: "ended", Lesson: l, Index: l.Current})
	}
	return l, err
}

// AnswerInput is a student's answer to item Index, the answer document as
// for an exercise attempt (a multi-step line's steps included).
type AnswerInput struct {
	Index  int
	Answer json.RawMessage
	TimeMS int
}

// Verdict is what a student is told of an answer: a continuing step of a
// multi-step line (Done false: the reply to play on, nothing recorded),
// or a finished answer recorded as Answer and Attempt. The outcome is
// the student's to see once the item is revealed.
type Verdict struct {
	Done    bool
	Graded  exercises.Verdict
	Answer  Answer
	Attempt exercises.Attempt
}

// attemptKey is the idempotency key of a student's attempt at item index
// of a lesson: one attempt per student and item whatever happens.
func attemptKey(lessonID string, index int) string {
	return fmt.Sprintf("live-lesson:%s:%d", lessonID, index)
}

// Answer grades and records a student's answer to the item shown. The
// refusals, each recording nothing: domain.ErrForbidden (not a student),
// ErrNotFound (another school's lesson), ErrNotInClass, an index
// out_of_range, ErrEnded, ErrItemNotOpen (another item), ErrItemClosed
// (revealed, or its time ran out), ErrAnswered (a second answer),
// the kind's *exercises.AnswerError (a malformed answer). The answer and
// its attempt are stored in one transaction that a reveal waits for.
func (s *Service) Answer(ctx context.Context, p domain.Principal, id string, in AnswerInput) (Verdict, error) {
	if p.Role != domain.RoleStudent {
		return Verdict{}, domain.ErrForbidden
	}
	l, err := s.store.Lesson(ctx, p.SchoolID, id)
	if err != nil {
		return Verdict{}, err
	}
	if err := s.student(ctx, p, l); err != nil {
		return Verdict{}, err
	}
	if in.Index < 0 || in.Index >= len(l.Items) {
		return Verdict{}, domain.Invalid("index", "out_of_range")
	}
	if err := takes(l, in.Index, s.clock()); err != nil {
		return Verdict{}, err
	}
	mine, err := s.store.Answered(ctx, l.ID, in.Index, p.UserID)
	if err != nil {
		return Verdict{}, err
	}
	if mine {
		return Verdict{}, ErrAnswered
	}
	g, err := s.practice.GradeFor(ctx, p, l.Items[in.Index].ExerciseID, exercises.AnswerInput{
		Answer: in.Answer, TimeMS: in.TimeMS, IdempotencyKey: attemptKey(l.ID, in.Index),
	})
	if err != nil {
		return Verdict{}, err
	}
	if !g.Done() {
		return Verdict{Graded: g.Verdict}, nil
	}
	var att exercises.Attempt
	l, a, err := s.store.Answer(ctx, p.SchoolID, id, func(ctx context.Context, l Lesson) (Answer, error) {
		if err := takes(l, in.Index, s.clock()); err != nil {
			return Answer{}, err
		}
		stored, created, err := s.practice.Record(ctx, g)
		if err != nil {
			return Answer{}, err
		}
		if !created {
			return Answer{}, ErrAnswered
		}
		att = stored
		return Answer{
			LessonID: l.ID, Index: in.Index, UserID: p.UserID, ExerciseID: stored.ExerciseID, AttemptID: stored.ID,
			Answer: exercises.Canonical(stored.Answer), Outcome: stored.Outcome, Score: stored.Score, Feedback: stored.Feedback,
			TimeMS: stored.TimeMS, At: stored.CreatedAt,
		}, nil
	})
	if err != nil {
		return Verdict{}, err
	}
	if s.announce != nil {
		if all, err := s.store.Answers(ctx, l.ID); err == nil {
			t := TallyOf(all, in.Index)
			s.tell(ctx, Event{Kind: "answered", Lesson: l, Index: in.Index, Tally: &t})
		}
	}
	return Verdict{Done: true, Graded: g.Verdict, Answer: a, Attempt: att}, nil
}

// takes says why item i of l takes no answer at now (nil when it does).
func takes(l Lesson, i int, now time.Time) error {
	switch {
	case l.Status == Ended:
		return ErrEnded
	case l.Status != Running || i != l.Current:
		return ErrItemNotOpen
	case !l.Open(i, now):
		return ErrItemClosed
	}
	return nil
}

// Count is how many students gave one answer to an item.
type Count struct {
	Answer  json.RawMessage
	Count   int
	Outcome exercises.Outcome
	// Feedback is what the checker said of the answer.
	Feedback domain.Text
}

// Tally is the class's answers to one item: how many answered, how many
// were right, and each distinct answer with its count, most given first.
type Tally struct {
	Answered int
	Correct  int
	Answers  []Count
	// Users are the students who answered, in the order they did.
	Users []string
}

// TallyOf counts the answers to item index.
func TallyOf(answers []Answer, index int) Tally {
	var t Tally
	at := map[string]int{}
	for _, a := range answers {
		if a.Index != index {
			continue
		}
		t.Answered++
		t.Users = append(t.Users, a.UserID)
		if a.Outcome == exercises.Correct {
			t.Correct++
		}
		k := string(a.Answer)
		if i, ok := at[k]; ok {
			t.Answers[i].Count++
			continue
		}
		at[k] = len(t.Answers)
		t.Answers = append(t.Answers, Count{Answer: a.Answer, Count: 1, Outcome: a.Outcome, Feedback: a.Feedback})
	}
	sort.SliceStable(t.Answers, func(i, j int) bool { return t.Answers[i].Count > t.Answers[j].Count })
	return t
}

// CommonWrong returns up to n of the tally's most given answers that are
// not correct, most given first.
func (t Tally) CommonWrong(n int) []Count {
	var out []Count
	for _, c := range t.Answers {
		if c.Outcome != exercises.Correct && len(out) < n {
			out = append(out, c)
		}
	}
	return out
}
