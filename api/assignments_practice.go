package api

import (
	"context"
	"errors"
	"strconv"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
)

// practiceMaker makes the practice sets of assignments with the exercise
// service's generators.
type practiceMaker struct{ svc *exercises.Service }

// PracticeMaker returns the assignments.PracticeMaker that generates
// practice sets with svc (exercises.Service.Generate) and saves them as
// the school's exercises.
func PracticeMaker(svc *exercises.Service) assignments.PracticeMaker { return practiceMaker{svc: svc} }

// MakePractice generates every set without saving, so that a set the
// generator refuses or cannot make in full refuses the draft before
// anything is stored, then saves the exercises of all the sets together
// in one transaction. The generator's field errors are named
// practice[i].kind, .band and .count.
func (m practiceMaker) MakePractice(ctx context.Context, p domain.Principal, schoolID string, grade int, sets []assignments.PracticeSet) ([]string, error) {
	var made []exercises.Exercise
	var fields []domain.FieldError
	for i, ps := range sets {
		in := exercises.GenerateInput{Kind: ps.Kind, Band: ps.Band, Count: ps.Count, Seed: ps.Seed, SchoolID: schoolID}
		if in.Band == "" {
			in.Band = string(exercises.BandOfGrade(grade))
		}
		exs, err := m.svc.Generate(ctx, p, in)
		prefix := "practice[" + strconv.Itoa(i) + "]."
		var wf withFields
		switch {
		case errors.Is(err, exercises.ErrNoGenerator):
			fields = append(fields, domain.FieldError{Field: prefix + "kind", Code: "no_generator"})
		case errors.Is(err, domain.ErrValidation) && errors.As(err, &wf):
			for _, f := range wf.Fields() {
				fields = append(fields, domain.FieldError{Field: prefix + f.Field, Code: f.Code})
			}
		case err != nil:
			return nil, err
		case len(exs) < in.Count:
			fields = append(fields, domain.FieldError{Field: prefix + "count", Code: "exhausted"})
		}
		made = append(made, exs...)
	}
	if len(fields) > 0 {
		return nil, domain.Validation(fields...)
	}
	saved, err := m.svc.SaveGenerated(ctx, p, schoolID, made)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(saved))
	for i, ex := range saved {
		ids[i] = ex.ID
	}
	return ids, nil
}
