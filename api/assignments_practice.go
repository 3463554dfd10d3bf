package api

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"

	"qixue/assignments"
	"qixue/exercises"
	"qixue/identity"
)

// practiceMaker makes the practice sets of assignments with the exercise
// service's generators.
type practiceMaker struct{ svc *exercises.Service }

// PracticeMaker returns the assignments.PracticeMaker that generates
// practice sets with svc (exercises.Service.Generate) and saves them as
// the school's exercises.
func PracticeMaker(svc *exercises.Service) assignments.PracticeMaker { return practiceMaker{svc: svc} }

// MakePractice generates every set once without saving, so that a set
// the generator refuses or cannot make in full refuses the draft before
// anything is stored, then generates them again from the same seeds (the
// same exercises) and saves them. The generator's field errors are named
// practice[i].kind, .band and .count.
func (m practiceMaker) MakePractice(ctx context.Context, p identity.Principal, schoolID string, grade int, sets []assignments.PracticeSet) ([]string, error) {
	inputs := make([]exercises.GenerateInput, len(sets))
	var fields []identity.FieldError
	for i, ps := range sets {
		in := exercises.GenerateInput{Kind: ps.Kind, Band: ps.Band, Count: ps.Count, Seed: ps.Seed, SchoolID: schoolID}
		if in.Band == "" {
			in.Band = string(exercises.BandOfGrade(grade))
		}
		if in.Seed == nil {
			seed := rand.Uint64()
			in.Seed = &seed
		}
		inputs[i] = in
		exs, err := m.svc.Generate(ctx, p, in)
		prefix := "practice[" + strconv.Itoa(i) + "]."
		var wf withFields
		switch {
		case errors.Is(err, exercises.ErrNoGenerator):
			fields = append(fields, identity.FieldError{Field: prefix + "kind", Code: "no_generator"})
		case errors.Is(err, identity.ErrValidation) && errors.As(err, &wf):
			for _, f := range wf.Fields() {
				fields = append(fields, identity.FieldError{Field: prefix + f.Field, Code: f.Code})
			}
		case err != nil:
			return nil, err
		case len(exs) < in.Count:
			fields = append(fields, identity.FieldError{Field: prefix + "count", Code: "exhausted"})
		}
	}
	if len(fields) > 0 {
		return nil, identity.ValidationError(fields...)
	}
	var ids []string
	for _, in := range inputs {
		in.Save = true
		exs, err := m.svc.Generate(ctx, p, in)
		if err != nil {
			return nil, err
		}
		for _, ex := range exs {
			ids = append(ids, ex.ID)
		}
	}
	return ids, nil
}
