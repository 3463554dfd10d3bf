package exercises

import (
	"context"

	"qixue/domain"
)

// ErrNoHints refuses a hint of an exercise that has none.
var ErrNoHints = &Refusal{code: "no_hints", msg: domain.Text{
	ZH: "这道题没有提示。",
	EN: "this exercise has no hints",
}}

// HintView is one opened hint.
type HintView struct {
	// Step is the hint's number, 1 to Total.
	Step  int
	Total int
	Hint  Hint
	// Opened is how many of the exercise's hints the caller has opened in
	// all (0 for staff, who are not recorded).
	Opened int
}

// Hint opens hint step (1 to the number of hints) of an exercise the
// caller may read (see access: a student reaches a school's exercise only
// while assigned). For a student it records hints 1 to step as opened,
// once each: asking for a step again changes nothing and returns the same
// hint, so a retry is safe. The hints a student opened are recorded with
// each later attempt of the exercise and lower its stars (see MaxStars).
// Staff see every hint and nothing is recorded. Hints obey the mastery
// gate as answers do: in a lesson every applicable assignment keeps locked
// a student gets the same *LockedError (the last hint may all but give the
// answer away). A hint never carries the solution itself, so students may
// open hints whatever their attempts left. Step out of range is a validation error on "step"; an exercise
// without hints is ErrNoHints.
func (s *Service) Hint(ctx context.Context, p domain.Principal, id string, step int) (HintView, error) {
	ex, _, err := s.access(ctx, p, id, true)
	if err != nil {
		return HintView{}, err
	}
	return s.openHint(ctx, p, ex, step)
}

// openHint opens hint step of ex for p (see Hint).
func (s *Service) openHint(ctx context.Context, p domain.Principal, ex Exercise, step int) (HintView, error) {
	var err error
	if len(ex.Hints) == 0 {
		return HintView{}, ErrNoHints
	}
	if step < 1 || step > len(ex.Hints) {
		return HintView{}, domain.Invalid("step", "out_of_range")
	}
	v := HintView{Step: step, Total: len(ex.Hints), Hint: ex.Hints[step-1]}
	if p.Role != domain.RoleStudent {
		return v, nil
	}
	if v.Opened, err = s.store.OpenHints(ctx, p.SchoolID, p.UserID, ex.ID, step, s.clock()); err != nil {
		return HintView{}, err
	}
	return v, nil
}
