package exercises

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"qixue/domain"
	"qixue/identity"
)

// Draft is an exercise written by a teacher or admin. SchoolID is
// required from platform admins and ignored for others.
type Draft struct {
	SchoolID   string
	Kind       string
	Title      domain.Text
	Body       domain.Text
	Prompt     json.RawMessage
	Solution   json.RawMessage
	Difficulty int
	Band       string
	Tags       []string
	Hints      []Hint
}

// Limits of authored exercises.
const (
	MaxTags      = 20
	MaxTagLen    = 64
	MaxTitleLen  = 200
	MaxBodyLen   = 20000
	MaxGenerated = 50
)

// check validates a draft into an exercise (without ID); the prompt and
// solution are checked by the kind, whose refusal is a *PromptError.
func (d Draft) check() (Exercise, error) {
	var fields []domain.FieldError
	add := func(f, c string) { fields = append(fields, domain.FieldError{Field: f, Code: c}) }
	k, ok := KindByName(d.Kind)
	if !ok {
		add("kind", "invalid")
	}
	band, err := ParseBand(d.Band)
	if err != nil {
		add("band", "invalid")
	}
	if d.Difficulty < 1 || d.Difficulty > 5 {
		add("difficulty", "out_of_range")
	}
	checkText := func(field string, t domain.Text, max int) domain.Text {
		t = domain.Text{ZH: strings.TrimSpace(t.ZH), EN: strings.TrimSpace(t.EN)}
		switch {
		case t.ZH == "" && t.EN == "":
			add(field, "required")
		case utf8.RuneCountInString(t.ZH) > max || utf8.RuneCountInString(t.EN) > max:
			add(field, "too_long")
		}
		return t
	}
	title := checkText("title", d.Title, MaxTitleLen)
	body := checkText("body", d.Body, MaxBodyLen)
	if len(d.Tags) > MaxTags {
		add("tags", "too_many")
	}
	var tags []string
	seen := map[string]bool{}
	for i, t := range d.Tags {
		t = strings.TrimSpace(t)
		if t == "" || len(t) > MaxTagLen {
			add("tags["+strconv.Itoa(i)+"]", "invalid")
		}
		if !seen[t] {
			seen[t] = true
			tags = append(tags, t)
		}
	}
	for _, doc := range []struct {
		field string
		raw   json.RawMessage
	}{{"prompt", d.Prompt}, {"solution", d.Solution}} {
		switch {
		case len(bytes.TrimSpace(doc.raw)) == 0:
			add(doc.field, "required")
		case !utf8.Valid(doc.raw):
			add(doc.field, "invalid")
		}
	}
	if len(fields) > 0 {
		return Exercise{}, domain.Validation(fields...)
	}
	if err := k.Validate(d.Prompt, d.Solution); err != nil {
		return Exercise{}, err
	}
	if err := checkSetup(k, d.Prompt); err != nil {
		return Exercise{}, err
	}
	ex := Exercise{Kind: d.Kind, Title: title, Body: body, Prompt: compactJSON(d.Prompt), Solution: compactJSON(d.Solution),
		Difficulty: d.Difficulty, Band: band, Tags: tags, Hints: trimHints(d.Hints)}
	if err := CheckHints(ex); err != nil {
		return Exercise{}, err
	}
	return ex, nil
}

// trimHints trims the texts of authored hints.
func trimHints(hs []Hint) []Hint {
	out := make([]Hint, len(hs))
	for i, h := range hs {
		out[i] = Hint{Text: domain.Text{ZH: strings.TrimSpace(h.Text.ZH), EN: strings.TrimSpace(h.Text.EN)}, Squares: h.Squares}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func compactJSON(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// authorSchool returns the school a staff member authors for.
func authorSchool(p domain.Principal, schoolID string) (string, error) {
	switch p.Role {
	case domain.RolePlatformAdmin:
		if schoolID == "" {
			return "", domain.Invalid("school_id", "required")
		}
		return schoolID, nil
	case domain.RoleSchoolAdmin, domain.RoleTeacher:
		return p.SchoolID, nil
	}
	return "", domain.ErrForbidden
}

// CreateExercise stores a school-authored exercise after its kind has
// validated the prompt and checked that the solution passes (a
// *PromptError otherwise).
func (s *Service) CreateExercise(ctx context.Context, p domain.Principal, d Draft) (Exercise, error) {
	school, err := authorSchool(p, d.SchoolID)
	if err != nil {
		return Exercise{}, err
	}
	ex, err := d.check()
	if err != nil {
		return Exercise{}, err
	}
	ex.ID, ex.SchoolID = newPracticeID(), school
	if err := s.store.CreateExercises(ctx, []Exercise{ex}, s.clock()); err != nil {
		return Exercise{}, err
	}
	return ex, nil
}

// writable loads an exercise the caller may change: school-authored, of
// the caller's school (any school for platform admins).
func (s *Service) writable(ctx context.Context, p domain.Principal, id string) (Exercise, error) {
	if !isStaff(p) {
		return Exercise{}, domain.ErrForbidden
	}
	ex, err := s.exercise(ctx, p, id)
	if err != nil {
		return Exercise{}, err
	}
	if ex.SchoolID == "" {
		return Exercise{}, ErrBuiltin
	}
	return ex, nil
}

// UpdateExercise replaces a school-authored exercise's content; the draft
// is validated as on create. Its SchoolID is ignored.
func (s *Service) UpdateExercise(ctx context.Context, p domain.Principal, id string, d Draft) (Exercise, error) {
	old, err := s.writable(ctx, p, id)
	if err != nil {
		return Exercise{}, err
	}
	ex, err := d.check()
	if err != nil {
		return Exercise{}, err
	}
	ex.ID, ex.SchoolID = old.ID, old.SchoolID
	if err := s.store.UpdateExercise(ctx, ex, s.clock()); err != nil {
		return Exercise{}, err
	}
	return ex, nil
}

// DeleteExercise deletes a school-authored exercise softly: it is no
// longer listed, read or attempted (domain.ErrNotFound), while the
// students' attempts of it stay in their history.
func (s *Service) DeleteExercise(ctx context.Context, p domain.Principal, id string) error {
	ex, err := s.writable(ctx, p, id)
	if err != nil {
		return err
	}
	return s.store.DeleteExercise(ctx, identity.Scope{SchoolID: ex.SchoolID}, ex.ID, s.clock())
}
