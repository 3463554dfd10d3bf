package exercises

import (
	"context"
	"math/rand/v2"
	"qixue/domain"
)

// GenerateInput asks for fresh exercises. Seed makes the set
// reproducible (random when nil). With Save the exercises are stored as
// the school's (SchoolID required from platform admins).
type GenerateInput struct {
	Kind     string
	Band     string
	Count    int
	Seed     *uint64
	Save     bool
	SchoolID string
}

// Generate returns up to Count fresh, verified exercises of a kind for a
// band, for teachers and admins. Saved exercises get IDs; unsaved ones
// have none.
func (s *Service) Generate(ctx context.Context, p domain.Principal, in GenerateInput) ([]Exercise, error) {
	if !isStaff(p) {
		return nil, domain.ErrForbidden
	}
	var fields []domain.FieldError
	if _, ok := KindByName(in.Kind); !ok {
		fields = append(fields, domain.FieldError{Field: "kind", Code: "invalid"})
	}
	band, err := ParseBand(in.Band)
	if err != nil {
		fields = append(fields, domain.FieldError{Field: "band", Code: "invalid"})
	}
	if in.Count < 1 || in.Count > MaxGenerated {
		fields = append(fields, domain.FieldError{Field: "count", Code: "out_of_range"})
	}
	school := ""
	if in.Save {
		if school, err = authorSchool(p, in.SchoolID); err != nil {
			return nil, err
		}
	}
	if len(fields) > 0 {
		return nil, domain.Validation(fields...)
	}
	g, ok := GeneratorFor(in.Kind)
	if !ok {
		return nil, ErrNoGenerator
	}
	seed := rand.Uint64()
	if in.Seed != nil {
		seed = *in.Seed
	}
	exs, err := g.Generate(SeededRand(seed), band, in.Count)
	if err != nil {
		return nil, err
	}
	if !in.Save || len(exs) == 0 {
		return exs, nil
	}
	return s.saveAs(ctx, school, exs)
}

// SaveGenerated stores exercises that Generate made without saving as the
// school's (the caller's own; platform admins name schoolID), all in one
// transaction, and returns them with their new IDs. Each is validated by
// its kind first, as an authored exercise is, so nothing but a checked
// exercise is stored; a refusal stores none.
func (s *Service) SaveGenerated(ctx context.Context, p domain.Principal, schoolID string, exs []Exercise) ([]Exercise, error) {
	school, err := authorSchool(p, schoolID)
	if err != nil {
		return nil, err
	}
	for _, ex := range exs {
		k, ok := KindByName(ex.Kind)
		if !ok {
			return nil, domain.Invalid("kind", "invalid")
		}
		if err := k.Validate(ex.Prompt, ex.Solution); err != nil {
			return nil, err
		}
	}
	if len(exs) == 0 {
		return exs, nil
	}
	return s.saveAs(ctx, school, exs)
}

// saveAs gives generated exercises IDs and stores them as the school's.
func (s *Service) saveAs(ctx context.Context, school string, exs []Exercise) ([]Exercise, error) {
	for i := range exs {
		exs[i].ID, exs[i].SchoolID, exs[i].Key = newPracticeID(), school, ""
	}
	if err := s.store.CreateExercises(ctx, exs, s.clock()); err != nil {
		return nil, err
	}
	return exs, nil
}

// SeededRand returns the random source that generators draw from for a
// seed: the same seed gives the same exercises through the API and the
// CLI.
func SeededRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}
