package assignments

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"qixue/domain"
	"qixue/progress"
)

// Limits of a draft. MaxItems bounds the items with the exercises of the
// practice sets added.
const (
	MaxItems        = 100
	MaxTitleLen     = 200
	MaxAttempts     = 100
	MaxChosenPupils = 200
	MaxPracticeSets = 10
)

// Draft is a teacher's input for a new or edited assignment.
type Draft struct {
	ClassID         string
	Title           string
	StudentIDs      []string
	Items           []Item
	OpensAt         time.Time
	DueAt           time.Time
	AttemptsAllowed int
	// MasteryGate opens each lesson only once the one before it is
	// mastered (see Assignment.MasteryGate).
	MasteryGate bool
	// Practice asks for sets of fresh generated exercises, made when the
	// draft is saved and appended to Items as exercise items.
	Practice []PracticeSet
}

// PracticeSet asks for Count fresh exercises of a generated Kind for a
// grade Band ("" is the band of the class's grade), drawn from Seed
// (random when nil; a seed reproduces a set).
type PracticeSet struct {
	Kind  string
	Band  string
	Count int
	Seed  *uint64
}

// PracticeMaker makes practice sets: it generates verified exercises and
// stores them as a school's exercises. The API wires one over the
// exercises service.
type PracticeMaker interface {
	// MakePractice checks every set for p and a class of grade (a kind
	// that has a generator, a band, a count the generator allows), then
	// generates all of them and, only when each can be made in full,
	// stores them as exercises of schoolID. It returns the new exercise
	// IDs, set after set. A set that is invalid or cannot be made in full
	// is ErrValidation naming the field (practice[i].kind, .band or
	// .count); nothing is stored then.
	MakePractice(ctx context.Context, p domain.Principal, schoolID string, grade int, sets []PracticeSet) ([]string, error)
}

// validate checks the fields that need no storage, returning ErrValidation
// with every bad field.
func (d Draft) validate() error {
	var fields []domain.FieldError
	bad := func(f, c string) { fields = append(fields, domain.FieldError{Field: f, Code: c}) }
	if strings.TrimSpace(d.Title) == "" {
		bad("title", "required")
	} else if utf8.RuneCountInString(d.Title) > MaxTitleLen {
		bad("title", "too_long")
	}
	switch {
	case len(d.Items) == 0 && len(d.Practice) == 0:
		bad("items", "required")
	case len(d.Items) > MaxItems:
		bad("items", "too_many")
	}
	for _, it := range d.Items {
		if (it.Kind != LessonItem && it.Kind != ExerciseItem) || it.ID == "" {
			bad("items", "invalid")
			break
		}
	}
	generated := 0
	for i, ps := range d.Practice {
		field := "practice[" + strconv.Itoa(i) + "]."
		if strings.TrimSpace(ps.Kind) == "" {
			bad(field+"kind", "required")
		}
		if ps.Count < 1 {
			bad(field+"count", "out_of_range")
		}
		generated += max(ps.Count, 0)
	}
	if len(d.Practice) > MaxPracticeSets || (len(d.Items) <= MaxItems && len(d.Items)+generated > MaxItems) {
		bad("practice", "too_many")
	}
	if d.DueAt.IsZero() {
		bad("due_at", "required")
	} else if !d.OpensAt.IsZero() && !d.OpensAt.Before(d.DueAt) {
		bad("due_at", "before_opens_at")
	}
	if d.AttemptsAllowed < 0 || d.AttemptsAllowed > MaxAttempts {
		bad("attempts_allowed", "out_of_range")
	}
	if len(d.StudentIDs) > MaxChosenPupils {
		bad("student_ids", "too_many")
	}
	if len(fields) > 0 {
		return domain.Validation(fields...)
	}
	return nil
}

// Member is an active enrollment as seen by this domain.
type Member struct {
	Role     domain.Role
	JoinedAt time.Time
}

// Query filters a list of assignments. Zero fields do not filter, except
// that SchoolID is always applied unless empty (platform admins).
type Query struct {
	SchoolID string
	ClassID  string
	// TeacherID keeps the classes this user teaches.
	TeacherID string
	// WithWithdrawn includes withdrawn assignments.
	WithWithdrawn bool
}

// StudentAssignment is an assignment with one student's progress.
type StudentAssignment struct {
	Assignment Assignment
	Progress   Progress
	Status     Status
	// Items is the student's progress on each item, in item order.
	Items []ItemProgress
	// Unsolved are the exercises (ExerciseIDs) the student has not solved
	// since joining the class, in item order.
	Unsolved []string
	// UsedUp are the exercises of Unsolved on which the student has no
	// attempts left under this assignment's limit (see Assignment.UsedUp).
	UsedUp []string
	// Locked are the exercises of the items a mastery gate keeps locked
	// (see LockedExercises); Items says which lesson unlocks them.
	Locked []string
}

// Store keeps assignments. Unknown IDs, and IDs of another school than a
// non-empty schoolID, are ErrNotFound.
type Store interface {
	// ClassSchool returns the school of a class visible to schoolID ("" sees
	// every school).
	ClassSchool(ctx context.Context, schoolID, classID string) (string, error)
	// ClassGrade returns the grade of a class of schoolID (0 preschool
	// .. 6).
	ClassGrade(ctx context.Context, schoolID, classID string) (int, error)
	// Member returns the user's active enrollment in the class; ok is
	// false when there is none or the class is deactivated (which grants
	// nothing).
	Member(ctx context.Context, classID, userID string) (m Member, ok bool, err error)
	// Items returns what the warnings of a draft need to know about each
	// item that names a lesson or exercise schoolID may use (built-in or
	// its own); items it may not use, or that do not exist, are absent.
	Items(ctx context.Context, schoolID string, items []Item) (map[Item]ItemInfo, error)
	Create(ctx context.Context, a Assignment) error
	// Update saves the editable fields and WithdrawnAt of a.
	Update(ctx context.Context, a Assignment) error
	Assignment(ctx context.Context, schoolID, id string) (Assignment, error)
	// List returns up to page.Limit+1 assignments matching q after
	// page.After, in ID order, so that callers can tell whether another
	// page exists.
	List(ctx context.Context, q Query, page domain.Page) ([]Assignment, error)
	// ForStudent returns the open assignments (at now) of the student's
	// active classes meant for the student, with LessonExercises resolved
	// and progress (Track) counting only attempts made since the student
	// joined the class, and UsedUp set.
	ForStudent(ctx context.Context, studentID string, now time.Time) ([]StudentAssignment, error)
	// ClassProgress returns the active students of a class, its
	// assignments that are not withdrawn (with LessonExercises resolved),
	// and the students' work since joining on the exercises of those
	// assignments (ExerciseIDs; a Solve for each exercise tried), in a
	// fixed number of queries whatever the size of the class.
	ClassProgress(ctx context.Context, classID string) ([]ClassStudent, []Assignment, []Solve, error)
	// Practice returns what the student's practice suggestions are made
	// from (see progress.Practice): the live built-in exercises of its
	// grade band (the lowest grade of its active classes) that it never
	// solved nor tried since since, its skills and its ratings, in a fixed
	// number of queries, and its skills due to review at now (none while
	// an active class of its has review off), bringing its review
	// schedule up to date first. A student in no class has no candidates.
	Practice(ctx context.Context, studentID, schoolID string, since, now time.Time) (progress.Practice, error)
}

// Service runs the assignment use cases with their permission checks.
type Service struct {
	store    Store
	now      func() time.Time
	practice PracticeMaker
}

// NewService returns a Service on store; now is the clock (time.Now when
// nil).
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// WithPractice lets s make the practice sets of drafts with m, and
// returns s. Without a PracticeMaker a draft with practice sets is
// ErrValidation (practice: not_allowed).
func (s *Service) WithPractice(m PracticeMaker) *Service {
	s.practice = m
	return s
}

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// Now returns the service clock's time, in UTC.
func (s *Service) Now() time.Time { return s.clock() }

// schoolOf is the store scope of a principal: "" for platform admins.
func schoolOf(p domain.Principal) string {
	if p.Role == domain.RolePlatformAdmin {
		return ""
	}
	return p.SchoolID
}

// writableClass returns the school of a class that p may assign to:
// school admins any class of their school, teachers the classes they
// teach, platform admins any. Students are ErrForbidden; invisible
// classes ErrNotFound.
func (s *Service) writableClass(ctx context.Context, p domain.Principal, classID string) (string, error) {
	if p.Role == domain.RoleStudent || p.Role == "" {
		return "", ErrForbidden
	}
	school, err := s.store.ClassSchool(ctx, schoolOf(p), classID)
	if err != nil {
		return "", err
	}
	if p.Role == domain.RoleTeacher {
		m, ok, err := s.store.Member(ctx, classID, p.UserID)
		if err != nil {
			return "", err
		}
		if !ok || m.Role != domain.RoleTeacher {
			return "", ErrNotFound
		}
	}
	return school, nil
}

// ReadableClass returns the school of a class whose assignments and
// progress p may read: as writableClass. It is used by the progress
// matrix.
func (s *Service) ReadableClass(ctx context.Context, p domain.Principal, classID string) (string, error) {
	return s.writableClass(ctx, p, classID)
}

// checkDraft validates d for the class in school: chosen students must be
// students of the class and items visible to the school. It returns the
// class's grade and the warnings of the draft (see bandWarnings).
func (s *Service) checkDraft(ctx context.Context, school string, d Draft) (int, []Warning, error) {
	if err := d.validate(); err != nil {
		return 0, nil, err
	}
	for _, id := range d.StudentIDs {
		m, ok, err := s.store.Member(ctx, d.ClassID, id)
		if err != nil {
			return 0, nil, err
		}
		if !ok || m.Role != domain.RoleStudent {
			return 0, nil, ErrNotInClass
		}
	}
	infos, err := s.store.Items(ctx, school, d.Items)
	if err != nil {
		return 0, nil, err
	}
	for _, it := range d.Items {
		if _, ok := infos[it]; !ok {
			return 0, nil, ErrUnknownItem
		}
	}
	grade, err := s.store.ClassGrade(ctx, school, d.ClassID)
	if err != nil {
		return 0, nil, err
	}
	return grade, bandWarnings(d, infos, grade), nil
}

// addPractice makes the practice sets of d for a class of grade, once the
// rest of d is checked, and returns d with their exercises appended to its
// items.
func (s *Service) addPractice(ctx context.Context, p domain.Principal, school string, grade int, d Draft) (Draft, error) {
	if len(d.Practice) == 0 {
		return d, nil
	}
	if s.practice == nil {
		return Draft{}, invalid("practice", "not_allowed")
	}
	ids, err := s.practice.MakePractice(ctx, p, school, grade, d.Practice)
	if err != nil {
		return Draft{}, err
	}
	d.Items = slices.Clone(d.Items)
	for _, id := range ids {
		d.Items = append(d.Items, Item{Kind: ExerciseItem, ID: id})
	}
	d.Practice = nil
	return d, nil
}

// Create assigns d to its class, after making its practice sets.
// Errors: ErrForbidden (students), ErrNotFound (a class p may not assign
// to), ErrValidation, ErrNotInClass, ErrUnknownItem. Nothing is stored
// unless the whole draft is valid. The assignment's Warnings name the
// items above the class's grade band (assigned all the same).
func (s *Service) Create(ctx context.Context, p domain.Principal, d Draft) (Assignment, error) {
	school, err := s.writableClass(ctx, p, d.ClassID)
	if err != nil {
		return Assignment{}, err
	}
	grade, warnings, err := s.checkDraft(ctx, school, d)
	if err != nil {
		return Assignment{}, err
	}
	if d, err = s.addPractice(ctx, p, school, grade, d); err != nil {
		return Assignment{}, err
	}
	now := s.clock()
	a := Assignment{
		ID: uuid.Must(uuid.NewV7()).String(), SchoolID: school, ClassID: d.ClassID,
		CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now,
	}
	apply(&a, d)
	if err := s.store.Create(ctx, a); err != nil {
		return Assignment{}, err
	}
	a.Warnings = warnings
	return a, nil
}

func apply(a *Assignment, d Draft) {
	a.Title = strings.TrimSpace(d.Title)
	a.StudentIDs = slices.Compact(slices.Sorted(slices.Values(d.StudentIDs)))
	a.Items = slices.Clone(d.Items)
	a.OpensAt, a.DueAt = d.OpensAt.UTC(), d.DueAt.UTC()
	a.AttemptsAllowed = d.AttemptsAllowed
	a.MasteryGate = d.MasteryGate
}

// Get returns an assignment p may read: staff as for its class, a student
// when it is open and meant for the student. Others are ErrNotFound.
func (s *Service) Get(ctx context.Context, p domain.Principal, id string) (Assignment, error) {
	a, err := s.store.Assignment(ctx, schoolOf(p), id)
	if err != nil {
		return Assignment{}, err
	}
	if p.Role == domain.RoleStudent {
		_, ok, err := s.store.Member(ctx, a.ClassID, p.UserID)
		if err != nil {
			return Assignment{}, err
		}
		if !a.Open(s.clock()) || !a.For(p.UserID, ok) {
			return Assignment{}, ErrNotFound
		}
		return a, nil
	}
	if _, err := s.writableClass(ctx, p, a.ClassID); err != nil {
		return Assignment{}, err
	}
	return a, nil
}

// Update replaces the editable fields of an assignment with d (d.ClassID
// is ignored: an assignment stays in its class; use Copy); the exercises
// of d's practice sets are added to d's items. Errors as Create, and
// ErrWithdrawn.
func (s *Service) Update(ctx context.Context, p domain.Principal, id string, d Draft) (Assignment, error) {
	a, err := s.staffAssignment(ctx, p, id)
	if err != nil {
		return Assignment{}, err
	}
	if a.Withdrawn() {
		return Assignment{}, ErrWithdrawn
	}
	d.ClassID = a.ClassID
	grade, warnings, err := s.checkDraft(ctx, a.SchoolID, d)
	if err != nil {
		return Assignment{}, err
	}
	if d, err = s.addPractice(ctx, p, a.SchoolID, grade, d); err != nil {
		return Assignment{}, err
	}
	apply(&a, d)
	a.UpdatedAt = s.clock()
	if err := s.store.Update(ctx, a); err != nil {
		return Assignment{}, err
	}
	a.Warnings = warnings
	return a, nil
}

// Withdraw hides an assignment from its students; withdrawing twice keeps
// the first time.
func (s *Service) Withdraw(ctx context.Context, p domain.Principal, id string) (Assignment, error) {
	a, err := s.staffAssignment(ctx, p, id)
	if err != nil {
		return Assignment{}, err
	}
	if a.Withdrawn() {
		return a, nil
	}
	now := s.clock()
	a.WithdrawnAt, a.UpdatedAt = now, now
	if err := s.store.Update(ctx, a); err != nil {
		return Assignment{}, err
	}
	return a, nil
}

// Copy assigns the items and times of an assignment to another class p
// may assign to, for the whole class (chosen students belong to the
// original class).
func (s *Service) Copy(ctx context.Context, p domain.Principal, id, classID string) (Assignment, error) {
	a, err := s.staffAssignment(ctx, p, id)
	if err != nil {
		return Assignment{}, err
	}
	if a.Withdrawn() {
		return Assignment{}, ErrWithdrawn
	}
	return s.Create(ctx, p, Draft{ClassID: classID, Title: a.Title, Items: a.Items,
		OpensAt: a.OpensAt, DueAt: a.DueAt, AttemptsAllowed: a.AttemptsAllowed, MasteryGate: a.MasteryGate})
}

func (s *Service) staffAssignment(ctx context.Context, p domain.Principal, id string) (Assignment, error) {
	if p.Role == domain.RoleStudent || p.Role == "" {
		return Assignment{}, ErrForbidden
	}
	a, err := s.store.Assignment(ctx, schoolOf(p), id)
	if err != nil {
		return Assignment{}, err
	}
	if _, err := s.writableClass(ctx, p, a.ClassID); err != nil {
		return Assignment{}, err
	}
	return a, nil
}

// List returns a page of the assignments staff may read, in creation
// order, and the cursor of the next page ("" at the end): a class's (when
// classID is set), else all of the school for school admins and those of
// the teacher's classes for teachers. Students are ErrForbidden (they use
// Mine).
func (s *Service) List(ctx context.Context, p domain.Principal, classID string, page domain.Page) ([]Assignment, string, error) {
	if p.Role == domain.RoleStudent || p.Role == "" {
		return nil, "", ErrForbidden
	}
	if page.Limit <= 0 {
		page.Limit = domain.DefaultPageLimit
	}
	page.Limit = min(page.Limit, domain.MaxPageLimit)
	q := Query{SchoolID: schoolOf(p), ClassID: classID, WithWithdrawn: true}
	if classID != "" {
		if _, err := s.writableClass(ctx, p, classID); err != nil {
			return nil, "", err
		}
	} else if p.Role == domain.RoleTeacher {
		q.TeacherID = p.UserID
	}
	list, err := s.store.List(ctx, q, page)
	if err != nil || len(list) <= page.Limit {
		return list, "", err
	}
	list = list[:page.Limit]
	return list, list[len(list)-1].ID, nil
}

// Mine returns the student's open assignments with their status, kept by
// f, earliest due first. Only students have assignments (ErrForbidden
// otherwise).
func (s *Service) Mine(ctx context.Context, p domain.Principal, f Filter) ([]StudentAssignment, error) {
	if p.Role != domain.RoleStudent {
		return nil, ErrForbidden
	}
	now := s.clock()
	all, err := s.store.ForStudent(ctx, p.UserID, now)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, sa := range all {
		sa.Status = StatusAt(sa.Progress, sa.Assignment.DueAt, now)
		if f.Keeps(sa.Status, sa.Assignment.DueAt, now) {
			out = append(out, sa)
		}
	}
	slices.SortStableFunc(out, func(a, b StudentAssignment) int {
		if c := a.Assignment.DueAt.Compare(b.Assignment.DueAt); c != 0 {
			return c
		}
		return strings.Compare(a.Assignment.ID, b.Assignment.ID)
	})
	return out, nil
}
