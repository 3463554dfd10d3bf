package assignments

import (
	"context"
	"time"

	"qixue/identity"
)

// Suggestion is an exercise a student should do next: one of an open
// assignment (AssignmentID and DueAt set) or practice of the student's
// band.
type Suggestion struct {
	ExerciseID   string
	AssignmentID string
	DueAt        time.Time
}

// MaxSuggestions bounds the length of Next.
const MaxSuggestions = 50

// Next suggests up to limit exercises the student has not solved: first
// those of the student's open, unfinished assignments, earliest due first
// and in item order, then exercises of the student's grade band, easiest
// first. Only students have suggestions (ErrForbidden otherwise).
func (s *Service) Next(ctx context.Context, p identity.Principal, limit int) ([]Suggestion, error) {
	if p.Role != identity.RoleStudent {
		return nil, ErrForbidden
	}
	if limit <= 0 || limit > MaxSuggestions {
		limit = MaxSuggestions
	}
	mine, err := s.Mine(ctx, p, FilterAll)
	if err != nil {
		return nil, err
	}
	var out []Suggestion
	seen := map[string]bool{}
	for _, sa := range mine {
		if sa.Status == Done || sa.Status == Late {
			continue
		}
		for _, id := range sa.Unsolved {
			if len(out) == limit {
				return out, nil
			}
			if !seen[id] {
				seen[id] = true
				out = append(out, Suggestion{ExerciseID: id, AssignmentID: sa.Assignment.ID, DueAt: sa.Assignment.DueAt})
			}
		}
	}
	if len(out) == limit {
		return out, nil
	}
	more, err := s.store.Practice(ctx, p.UserID, p.SchoolID, limit-len(out)+len(seen))
	if err != nil {
		return nil, err
	}
	for _, id := range more {
		if len(out) == limit {
			break
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, Suggestion{ExerciseID: id})
		}
	}
	return out, nil
}
