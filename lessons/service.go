package lessons

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"qixue/domain"
	"qixue/exercises"
	"qixue/rules/game"
)

// Service is the lessons use cases on a Store.
type Service struct {
	store  Store
	now    func() time.Time
	lookup ExerciseLookup
}

// NewService returns the service on store; now is the clock (nil: the
// system clock); lookup finds the exercises of authored lessons (nil: no
// exercise block can be authored).
func NewService(store Store, now func() time.Time, lookup ExerciseLookup) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now, lookup: lookup}
}

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// LoadBuiltIn stores the embedded curricula (see BuiltIn) idempotently by
// ID and version; curricula, units and lessons gone from the content are
// retired. It fails without writing if the content has problems.
func (s *Service) LoadBuiltIn(ctx context.Context) (SyncResult, error) {
	curricula, err := BuiltIn()
	if err != nil {
		return SyncResult{}, fmt.Errorf("load built-in curricula: %w", err)
	}
	return s.store.SyncBuiltIn(ctx, curricula, s.clock())
}

// Students read the school-authored lessons only when assigned: a
// school's lesson is theirs to read while an assignment that applies to
// them (not withdrawn, open, meant for them in a class where they are an
// active student) has it as a lesson item. Built-in curricula and lessons
// are open to everyone. A school's curriculum is shown to a student only
// with the lessons assigned to them (units left empty are dropped), and
// not at all, like another school's, when none is.

// assigned returns, for a student, the lessons assigned to them (see
// above) and true; for staff nil and false.
func (s *Service) assigned(ctx context.Context, p domain.Principal) ([]string, bool, error) {
	if p.Role != domain.RoleStudent {
		return nil, false, nil
	}
	ids, err := s.store.AssignedLessons(ctx, p.SchoolID, p.UserID, s.clock())
	return ids, true, err
}

// Curriculum returns a curriculum the caller may read (built-in or of
// the caller's school) with its units and lessons, or ErrNotFound. A
// student sees a school's curriculum only with the lessons assigned to
// them.
func (s *Service) Curriculum(ctx context.Context, p domain.Principal, id string) (Curriculum, error) {
	cu, err := s.store.Curriculum(ctx, p.SchoolID, id)
	if err != nil || cu.BuiltIn() {
		return cu, err
	}
	ids, student, err := s.assigned(ctx, p)
	if err != nil || !student {
		return cu, err
	}
	var units []Unit
	for _, u := range cu.Units {
		var kept []Lesson
		for _, l := range u.Lessons {
			if slices.Contains(ids, l.ID) {
				kept = append(kept, l)
			}
		}
		if len(kept) > 0 {
			u.Lessons = kept
			units = append(units, u)
		}
	}
	if len(units) == 0 {
		return Curriculum{}, fmt.Errorf("curriculum %s: %w", id, ErrNotFound)
	}
	cu.Units = units
	return cu, nil
}

// Copy deep-copies a curriculum visible to schoolID into that school, with
// new IDs and CopiedFrom set, so that the school can edit the copy.
func (s *Service) Copy(ctx context.Context, schoolID, id string) (Curriculum, error) {
	return s.store.CopyCurriculum(ctx, schoolID, id, s.clock())
}

// Curricula returns the curricula the caller may read (built-in and the
// caller's school's; of those, a student sees the ones holding a lesson
// assigned to them) of game and band (either may be empty). When
// preferred is set, that band's curricula come first; the rest follow in
// game, band and ID order.
func (s *Service) Curricula(ctx context.Context, p domain.Principal, game game.Name, band, preferred exercises.Band) ([]Curriculum, error) {
	ids, student, err := s.assigned(ctx, p)
	if err != nil {
		return nil, err
	}
	list, err := s.store.ListCurricula(ctx, ListQuery{SchoolID: p.SchoolID, Game: game, Band: band, AssignedOnly: student, Assigned: ids})
	if err != nil {
		return nil, err
	}
	if preferred != "" {
		sort.SliceStable(list, func(i, j int) bool {
			return list[i].Band == preferred && list[j].Band != preferred
		})
	}
	return list, nil
}

// StudentBand returns the grade band of a student's classes (their lowest
// grade); false when the user is in no class as a student.
func (s *Service) StudentBand(ctx context.Context, userID string) (exercises.Band, bool, error) {
	g, ok, err := s.store.StudentGrade(ctx, userID)
	if err != nil || !ok {
		return "", false, err
	}
	return exercises.BandOfGrade(g), true, nil
}

// Lesson returns a lesson the caller may read and its curriculum
// (without units), or ErrNotFound: a student reads a school's lesson
// only while it is assigned to them.
func (s *Service) Lesson(ctx context.Context, p domain.Principal, id string) (Curriculum, Lesson, error) {
	cu, l, err := s.store.Lesson(ctx, p.SchoolID, id)
	if err != nil || cu.BuiltIn() {
		return cu, l, err
	}
	ids, student, err := s.assigned(ctx, p)
	if err != nil {
		return Curriculum{}, Lesson{}, err
	}
	if student && !slices.Contains(ids, l.ID) {
		return Curriculum{}, Lesson{}, fmt.Errorf("lesson %s: %w", id, ErrNotFound)
	}
	return cu, l, nil
}

// ExerciseLookup finds an exercise the caller may read by a lesson block's
// reference: a bank key ("chess/escape-001") or an exercise ID.
type ExerciseLookup func(ctx context.Context, p domain.Principal, ref string) (exercises.Exercise, error)

// author returns the school a caller authors in: their own for teachers
// and school admins, requested for platform admins (who must name one when
// creating a curriculum; "" lets them edit any school's).
func author(p domain.Principal, requested string) (string, error) {
	switch p.Role {
	case domain.RoleTeacher, domain.RoleSchoolAdmin:
		return p.SchoolID, nil
	case domain.RolePlatformAdmin:
		return requested, nil
	}
	return "", ErrForbidden
}

// CreateCurriculum creates a school curriculum (version 1, no units) in
// the caller's school, or c.SchoolID for platform admins.
func (s *Service) CreateCurriculum(ctx context.Context, p domain.Principal, c Curriculum) (Curriculum, error) {
	school, err := author(p, c.SchoolID)
	if err != nil {
		return Curriculum{}, err
	}
	if school == "" {
		return Curriculum{}, domain.Invalid("school_id", "required")
	}
	c.SchoolID, c.CopiedFrom, c.Version, c.Units = school, "", 1, nil
	if err := ValidateCurriculum(c); err != nil {
		return Curriculum{}, err
	}
	return s.store.CreateCurriculum(ctx, c)
}

// UpdateCurriculum rewrites a school curriculum's game, band, title and
// description and bumps its version.
func (s *Service) UpdateCurriculum(ctx context.Context, p domain.Principal, c Curriculum) (Curriculum, error) {
	school, err := author(p, "")
	if err != nil {
		return Curriculum{}, err
	}
	c.SchoolID = school
	if err := ValidateCurriculum(c); err != nil {
		return Curriculum{}, err
	}
	return s.store.UpdateCurriculum(ctx, c)
}

// DeleteCurriculum retires a school curriculum with its units and lessons.
func (s *Service) DeleteCurriculum(ctx context.Context, p domain.Principal, id string) error {
	school, err := author(p, "")
	if err != nil {
		return err
	}
	return s.store.DeleteCurriculum(ctx, school, id)
}

// CreateUnit appends a unit to a school curriculum.
func (s *Service) CreateUnit(ctx context.Context, p domain.Principal, curriculumID string, u Unit) (Unit, error) {
	school, err := author(p, "")
	if err != nil {
		return Unit{}, err
	}
	if err := ValidateUnit(u); err != nil {
		return Unit{}, err
	}
	return s.store.CreateUnit(ctx, school, curriculumID, u)
}

// UpdateUnit renames a unit of a school curriculum.
func (s *Service) UpdateUnit(ctx context.Context, p domain.Principal, u Unit) (Unit, error) {
	school, err := author(p, "")
	if err != nil {
		return Unit{}, err
	}
	if err := ValidateUnit(u); err != nil {
		return Unit{}, err
	}
	return s.store.UpdateUnit(ctx, school, u)
}

// DeleteUnit retires a unit of a school curriculum and its lessons.
func (s *Service) DeleteUnit(ctx context.Context, p domain.Principal, id string) error {
	school, err := author(p, "")
	if err != nil {
		return err
	}
	return s.store.DeleteUnit(ctx, school, id)
}

// CreateLesson appends a lesson to a unit of a school curriculum, after
// ValidateLesson (exercises looked up as the caller).
func (s *Service) CreateLesson(ctx context.Context, p domain.Principal, unitID string, l Lesson) (Lesson, error) {
	school, err := author(p, "")
	if err != nil {
		return Lesson{}, err
	}
	cu, err := s.store.UnitCurriculum(ctx, school, unitID)
	if err != nil {
		return Lesson{}, err
	}
	if err := ValidateLesson(cu.Game, l, s.exists(ctx, p, cu.Game)); err != nil {
		return Lesson{}, err
	}
	return s.store.CreateLesson(ctx, school, unitID, l)
}

// UpdateLesson rewrites a lesson of a school curriculum.
func (s *Service) UpdateLesson(ctx context.Context, p domain.Principal, l Lesson) (Lesson, error) {
	school, err := author(p, "")
	if err != nil {
		return Lesson{}, err
	}
	cu, _, err := s.store.Lesson(ctx, school, l.ID)
	if err != nil {
		return Lesson{}, err
	}
	if cu.BuiltIn() {
		return Lesson{}, ErrBuiltInReadOnly
	}
	if err := ValidateLesson(cu.Game, l, s.exists(ctx, p, cu.Game)); err != nil {
		return Lesson{}, err
	}
	return s.store.UpdateLesson(ctx, school, l)
}

// DeleteLesson retires a lesson of a school curriculum.
func (s *Service) DeleteLesson(ctx context.Context, p domain.Principal, id string) error {
	school, err := author(p, "")
	if err != nil {
		return err
	}
	return s.store.DeleteLesson(ctx, school, id)
}

// SearchLessons finds lessons the caller may read by text (both
// languages), tag, game and band, a page at a time; a student finds the
// school's lessons only when assigned to them.
func (s *Service) SearchLessons(ctx context.Context, p domain.Principal, q SearchQuery, page domain.Page) ([]FoundLesson, string, error) {
	ids, student, err := s.assigned(ctx, p)
	if err != nil {
		return nil, "", err
	}
	q.SchoolID, q.AssignedOnly, q.Assigned = p.SchoolID, student, ids
	return s.store.SearchLessons(ctx, q, page)
}

// exists reports whether a block reference names an exercise of game that
// p may read.
func (s *Service) exists(ctx context.Context, p domain.Principal, game game.Name) func(string) bool {
	return func(ref string) bool {
		if s.lookup == nil {
			return false
		}
		ex, err := s.lookup(ctx, p, ref)
		return err == nil && exercises.GameOf(ex) == game
	}
}

// ExerciseID returns the exercise ID a block reference names: the ID of a
// bank key ("chess/escape-001", which has a slash), or the reference itself
// (a school exercise's ID).
func ExerciseID(ref string) string {
	if strings.Contains(ref, "/") {
		return exercises.BankID(ref)
	}
	return ref
}

// LookupIn returns the ExerciseLookup that reads exercises from svc as the
// caller may.
func LookupIn(svc *exercises.Service) ExerciseLookup {
	return func(ctx context.Context, p domain.Principal, ref string) (exercises.Exercise, error) {
		v, err := svc.Exercise(ctx, p, ExerciseID(ref))
		return v.Exercise, err
	}
}
