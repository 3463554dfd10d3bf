package lessons

import (
	"context"
	"fmt"
	"sort"
	"time"

	"qixue/exercises"
)

// Service is the lessons use cases on a Store.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the service on store; now is the clock (nil: the
// system clock).
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
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

// Curriculum returns a curriculum visible to schoolID (built-in or the
// school's own) with its units and lessons, or ErrNotFound.
func (s *Service) Curriculum(ctx context.Context, schoolID, id string) (Curriculum, error) {
	return s.store.Curriculum(ctx, schoolID, id)
}

// Copy deep-copies a curriculum visible to schoolID into that school, with
// new IDs and CopiedFrom set, so that the school can edit the copy.
func (s *Service) Copy(ctx context.Context, schoolID, id string) (Curriculum, error) {
	return s.store.CopyCurriculum(ctx, schoolID, id, s.clock())
}

// Curricula returns the curricula visible to schoolID of game and band
// (either may be empty). When preferred is set, that band's curricula come
// first; the rest follow in game, band and ID order.
func (s *Service) Curricula(ctx context.Context, schoolID string, game exercises.Game, band, preferred exercises.Band) ([]Curriculum, error) {
	list, err := s.store.ListCurricula(ctx, ListQuery{SchoolID: schoolID, Game: game, Band: band})
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

// Lesson returns a lesson visible to schoolID and its curriculum (without
// units), or ErrNotFound.
func (s *Service) Lesson(ctx context.Context, schoolID, id string) (Curriculum, Lesson, error) {
	return s.store.Lesson(ctx, schoolID, id)
}
