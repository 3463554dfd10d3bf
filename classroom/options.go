package classroom

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"qixue/domain"
	"qixue/exercises"
)

// Hint opens hint step of item index for a student of the class, while
// the item is shown and takes answers, when the teacher allowed hints
// (ErrHintsOff otherwise). The hint is recorded as on an exercise, so the
// student's answer counts it (fewer stars).
func (s *Service) Hint(ctx context.Context, p domain.Principal, id string, index, step int) (exercises.HintView, error) {
	if p.Role != domain.RoleStudent {
		return exercises.HintView{}, domain.ErrForbidden
	}
	l, err := s.store.Lesson(ctx, p.SchoolID, id)
	if err != nil {
		return exercises.HintView{}, err
	}
	if err := s.student(ctx, p, l); err != nil {
		return exercises.HintView{}, err
	}
	if index < 0 || index >= len(l.Items) {
		return exercises.HintView{}, domain.Invalid("index", "out_of_range")
	}
	if !l.Options.Hints {
		return exercises.HintView{}, ErrHintsOff
	}
	if err := takes(l, index, s.clock()); err != nil {
		return exercises.HintView{}, err
	}
	return s.practice.HintFor(ctx, p, l.Items[index].ExerciseID, step)
}

// CopyInput is a copy of a lesson: for ClassID ("" the same class), with
// Options when set (else the original's) and Title when not empty.
type CopyInput struct {
	ClassID string
	Title   string
	Options *Options
}

// Copy makes a new lesson, ready, of another's items (in the original's
// order, shuffled again when the copy shuffles) for a class the caller
// runs lessons of: a lesson is saved, copied and run again with another
// class this way. The caller must see the original as its class's staff
// or be its teacher.
func (s *Service) Copy(ctx context.Context, p domain.Principal, id string, in CopyInput) (Lesson, error) {
	if p.Role == domain.RoleStudent {
		return Lesson{}, domain.ErrForbidden
	}
	src, err := s.store.Lesson(ctx, p.SchoolScope(), id)
	if err != nil {
		return Lesson{}, err
	}
	if src.TeacherID != p.UserID {
		if err := s.staff(ctx, p, src.SchoolID, src.ClassID); err != nil {
			return Lesson{}, err
		}
	}
	d := Draft{ClassID: in.ClassID, Title: strings.TrimSpace(in.Title), Options: src.Options}
	if d.ClassID == "" {
		d.ClassID = src.ClassID
	}
	if d.Title == "" {
		d.Title = src.Title
	}
	if in.Options != nil {
		d.Options = *in.Options
	}
	for _, it := range src.Items {
		d.ExerciseIDs = append(d.ExerciseIDs, it.ExerciseID)
	}
	l, err := s.create(ctx, p, d, src.ID)
	return l, err
}

// Sweep closes the shown items whose time ran out and tells the class
// (event "closed"); it returns how many it closed. Answers past an
// item's deadline are refused whether or not the sweep has run.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	due, err := s.store.Due(ctx, s.clock(), 100)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, d := range due {
		closed := false
		l, err := s.store.Change(ctx, d.SchoolID, d.LessonID, func(l *Lesson) error {
			now := s.clock()
			if l.Status != Running || l.Current != d.Index || l.Current < 0 || l.Current >= len(l.Items) {
				return nil
			}
			it := &l.Items[l.Current]
			if !it.ClosedAt.IsZero() || it.Deadline.IsZero() || now.Before(it.Deadline) {
				return nil
			}
			it.ClosedAt, l.UpdatedAt, closed = it.Deadline, now, true
			return nil
		})
		if err != nil {
			if errors.Is(err, domain.ErrNotFound) || errors.Is(err, domain.ErrConflict) {
				continue
			}
			return n, err
		}
		if closed {
			n++
			s.tell(ctx, Event{Kind: "closed", Lesson: l, Index: d.Index})
		}
	}
	return n, nil
}

// Sweeper runs Sweep every Interval (default 500 ms) until ctx ends.
type Sweeper struct {
	Service  *Service
	Interval time.Duration
	Logger   *slog.Logger
}

// Run sweeps until ctx ends.
func (w *Sweeper) Run(ctx context.Context) {
	every := w.Interval
	if every <= 0 {
		every = 500 * time.Millisecond
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := w.Service.Sweep(ctx); err != nil && ctx.Err() == nil && w.Logger != nil {
			w.Logger.Warn("live lessons: sweep failed", "error", err.Error())
		}
	}
}

func newLessonID() string { return uuid.Must(uuid.NewV7()).String() }
