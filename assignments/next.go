package assignments

import (
	"context"
	"slices"
	"time"

	"qixue/domain"
	"qixue/progress"
)

// Reason says why an exercise is suggested.
type Reason string

// The reasons of a suggestion: an open assignment, or practice (see
// progress.Practice.Suggest): the review of a skill the student missed
// and is due to see again, a weak skill, or at the student's rating.
const (
	ReasonAssignment Reason = "assignment"
	ReasonWeakSkill  Reason = Reason(progress.ReasonWeakSkill)
	ReasonRating     Reason = Reason(progress.ReasonRating)
	ReasonReview     Reason = Reason(progress.ReasonReview)
)

// Suggestion is an exercise a student should do next: one of an open
// assignment (AssignmentID and DueAt set), or practice of a weak skill
// (Tag set) or at the student's rating.
type Suggestion struct {
	ExerciseID   string
	Reason       Reason
	AssignmentID string
	DueAt        time.Time
	// Tag is the weak skill of ReasonWeakSkill or the skill reviewed of
	// ReasonReview.
	Tag string
}

// MaxSuggestions bounds the length of Next.
const MaxSuggestions = 50

// Next suggests up to limit exercises the student has not solved: first
// those of the student's open, unfinished assignments that the student
// may still answer (attempts left), earliest due first and in item order, then practice of the student's grade band
// suggested by progress.Practice.Suggest: reviews of the skills it missed
// that are due (at most one in three practice suggestions, unless its
// class turned review off), its weakest skills, then exercises closest
// to its rating in each game, leaving out what it tried in the last
// progress.RetryAfter. Only students have suggestions
// (ErrForbidden otherwise).
func (s *Service) Next(ctx context.Context, p domain.Principal, limit int) ([]Suggestion, error) {
	if p.Role != domain.RoleStudent {
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
			if seen[id] {
				continue
			}
			seen[id] = true
			if !usedUp(mine, id) && !locked(mine, id) {
				out = append(out, Suggestion{ExerciseID: id, Reason: ReasonAssignment, AssignmentID: sa.Assignment.ID, DueAt: sa.Assignment.DueAt})
			}
		}
	}
	if len(out) == limit {
		return out, nil
	}
	now := s.clock()
	practice, err := s.store.Practice(ctx, p.UserID, p.SchoolID, now.Add(-progress.RetryAfter), now)
	if err != nil {
		return nil, err
	}
	for _, r := range practice.Suggest(limit-len(out), func(id string) bool { return seen[id] }) {
		out = append(out, Suggestion{ExerciseID: r.ExerciseID, Reason: Reason(r.Reason), Tag: r.Tag})
	}
	return out, nil
}

// usedUp reports whether the student has no attempts left on exercise id:
// every assignment of mine that lists it has a limit the student used up
// (see Assignment.UsedUp), so opening it would be refused.
func usedUp(mine []StudentAssignment, id string) bool {
	listed := false
	for _, sa := range mine {
		if !slices.Contains(sa.Assignment.ExerciseIDs(), id) {
			continue
		}
		listed = true
		if !slices.Contains(sa.UsedUp, id) {
			return false
		}
	}
	return listed
}

// locked reports whether every assignment of mine that lists exercise id
// keeps it behind a mastery gate, so answering it would be refused.
func locked(mine []StudentAssignment, id string) bool {
	listed := false
	for _, sa := range mine {
		if !slices.Contains(sa.Assignment.ExerciseIDs(), id) {
			continue
		}
		listed = true
		if !slices.Contains(sa.Locked, id) {
			return false
		}
	}
	return listed
}
