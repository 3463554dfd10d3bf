package lessons

import (
	"context"
	"time"

	"qixue/domain"
	"qixue/exercises"
	"qixue/rules/game"
)

// The refusals of the lessons service, *domain.Error values; a
// validation error (domain.ErrValidation) names the fields at fault
// ("title", "blocks[2].position").
var (
	// ErrNotFound: no such curriculum, unit or lesson, or one of another
	// school.
	ErrNotFound = domain.ErrNotFound
	// ErrForbidden: only teachers and admins may author curricula.
	ErrForbidden = domain.ErrForbidden
	// ErrBuiltInReadOnly: built-in curricula cannot be changed; copy the
	// curriculum to the school and edit the copy. Its code is "conflict".
	ErrBuiltInReadOnly = domain.NewError("conflict")
)

// SyncResult counts what SyncBuiltIn changed.
type SyncResult struct {
	Inserted  int // curricula stored for the first time
	Updated   int // curricula whose version changed
	Unchanged int // curricula already stored at their version and content
	Retired   int // curricula, units and lessons no longer in the content
}

// Store keeps curricula. Implementations return ErrNotFound (wrapped or
// not) for unknown or invisible IDs. A schoolID of "" (platform admins)
// sees every school's curricula.
type Store interface {
	// SyncBuiltIn stores the built-in curricula idempotently by ID and
	// version: a curriculum stored at the same version with the same
	// content is left alone; a new version (or changed content under the
	// old one) rewrites the curriculum, its units and its lessons in
	// place (same IDs, so progress stays). Built-in curricula, units and
	// lessons missing from builtIn are retired, not deleted; they come
	// back if they return.
	SyncBuiltIn(ctx context.Context, builtIn []Curriculum, now time.Time) (SyncResult, error)
	// Curriculum returns a curriculum with its units and lessons, if it
	// is built-in or belongs to schoolID.
	Curriculum(ctx context.Context, schoolID, id string) (Curriculum, error)
	// CopyCurriculum deep-copies a curriculum visible to schoolID into
	// schoolID with new IDs, CopiedFrom set to the original.
	CopyCurriculum(ctx context.Context, schoolID, id string, now time.Time) (Curriculum, error)
	// ListCurricula returns the curricula matching q without their units,
	// sorted by game, band and ID.
	ListCurricula(ctx context.Context, q ListQuery) ([]Curriculum, error)
	// Lesson returns a lesson visible to schoolID and its curriculum
	// (without units).
	Lesson(ctx context.Context, schoolID, id string) (Curriculum, Lesson, error)
	// StudentGrade returns the lowest grade of the user's classes as a
	// student; false when the user is in none.
	StudentGrade(ctx context.Context, userID string) (int, bool, error)
	// UnitCurriculum returns the curriculum (without units) of a unit
	// visible to schoolID.
	UnitCurriculum(ctx context.Context, schoolID, unitID string) (Curriculum, error)
	// AssignedLessons returns the IDs of the lessons that the
	// assignments of schoolID applying to the student at now have as
	// lesson items: not withdrawn, open, meant for the student in a
	// class where the student is an active student.
	AssignedLessons(ctx context.Context, schoolID, userID string, now time.Time) ([]string, error)
	Authoring
}

// ListQuery filters ListCurricula: the curricula visible to SchoolID
// (built-in and the school's own), of Game and Band when set. With
// AssignedOnly (a student's view) the school's curricula are kept only
// when they hold a live lesson of Assigned.
type ListQuery struct {
	SchoolID     string
	Game         game.Name
	Band         exercises.Band
	AssignedOnly bool
	Assigned     []string
}
