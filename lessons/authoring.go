package lessons

import (
	"context"
	"fmt"
	"strings"

	"qixue/exercises"
	"qixue/identity"
)

// SearchQuery filters SearchLessons: Text is matched (case-insensitively,
// in both languages) against a lesson's title, objectives and blocks; Tag
// is a skill tag; Game a game; Band the grade band of the lesson's
// curriculum. Lessons of curricula visible to SchoolID only; with
// AssignedOnly (a student's view) the school's own lessons only when in
// Assigned.
type SearchQuery struct {
	SchoolID     string
	Text         string
	Tag          string
	Game         exercises.Game
	Band         exercises.Band
	AssignedOnly bool
	Assigned     []string
}

// FoundLesson is a lesson found by SearchLessons with the curriculum it
// belongs to: its ID, game and grade band.
type FoundLesson struct {
	Lesson
	CurriculumID string
	Game         exercises.Game
	Band         exercises.Band
}

// Authoring is what the school-authoring use cases need from a Store.
// Every method refuses a built-in curriculum (or its units and lessons)
// with ErrBuiltInReadOnly and another school's with ErrNotFound.
type Authoring interface {
	CreateCurriculum(ctx context.Context, c Curriculum) (Curriculum, error)
	UpdateCurriculum(ctx context.Context, c Curriculum) (Curriculum, error)
	DeleteCurriculum(ctx context.Context, schoolID, id string) error
	CreateUnit(ctx context.Context, schoolID, curriculumID string, u Unit) (Unit, error)
	UpdateUnit(ctx context.Context, schoolID string, u Unit) (Unit, error)
	DeleteUnit(ctx context.Context, schoolID, id string) error
	CreateLesson(ctx context.Context, schoolID, unitID string, l Lesson) (Lesson, error)
	UpdateLesson(ctx context.Context, schoolID string, l Lesson) (Lesson, error)
	DeleteLesson(ctx context.Context, schoolID, id string) error
	// SearchLessons returns up to p.Limit lessons after p.After in ID
	// order, and the cursor of the next page ("" on the last).
	SearchLessons(ctx context.Context, q SearchQuery, p identity.Page) ([]FoundLesson, string, error)
}

// ValidationError lists what is wrong with an authored curriculum, unit or
// lesson, by field ("title", "blocks[2].position").
type ValidationError struct {
	Fields []identity.FieldError
}

// Error lists the fields at fault.
func (e *ValidationError) Error() string {
	var parts []string
	for _, f := range e.Fields {
		parts = append(parts, f.Field+": "+f.Code)
	}
	return "invalid content: " + strings.Join(parts, ", ")
}

// Code is "validation_failed".
func (e *ValidationError) Code() string { return "validation_failed" }

// Message says that fields are invalid, in lang.
func (e *ValidationError) Message(lang string) string {
	if lang == "en" {
		return "Some fields are invalid."
	}
	return "有些字段不正确。"
}

// validation collects field errors.
type validation []identity.FieldError

func (v *validation) add(field, code string) {
	*v = append(*v, identity.FieldError{Field: field, Code: code})
}

func (v *validation) text(field string, t Text) {
	if strings.TrimSpace(t.ZH) == "" || strings.TrimSpace(t.EN) == "" {
		v.add(field, "required")
	}
}

func (v validation) err() error {
	if len(v) == 0 {
		return nil
	}
	return &ValidationError{Fields: v}
}

// ValidateCurriculum checks an authored curriculum's own fields (not its
// units): a known game and band, title and description in both languages.
func ValidateCurriculum(c Curriculum) error {
	var v validation
	if g, err := exercises.ParseGame(string(c.Game)); err != nil || g != c.Game {
		v.add("game", "invalid")
	}
	if b, err := exercises.ParseBand(string(c.Band)); err != nil || b != c.Band {
		v.add("band", "invalid")
	}
	v.text("title", c.Title)
	v.text("description", c.Description)
	return v.err()
}

// ValidateUnit checks an authored unit's title.
func ValidateUnit(u Unit) error {
	var v validation
	v.text("title", u.Title)
	return v.err()
}

// ValidateLesson checks an authored lesson of a game: title and objectives
// in both languages, tags, 1-MaxMinutes minutes, and blocks that are
// complete (both languages, diagrams that render). exists reports whether
// an exercise block's reference (a bank key or an exercise ID) names an
// exercise of the game the author may use.
func ValidateLesson(game exercises.Game, l Lesson, exists func(ref string) bool) error {
	var v validation
	v.text("title", l.Title)
	if len(l.Objectives) == 0 {
		v.add("objectives", "required")
	}
	for i, o := range l.Objectives {
		v.text(fmt.Sprintf("objectives[%d]", i), o)
	}
	for i, t := range l.Tags {
		if strings.TrimSpace(t) == "" || len(t) > 64 {
			v.add(fmt.Sprintf("tags[%d]", i), "invalid")
		}
	}
	if l.Minutes < 1 || l.Minutes > MaxMinutes {
		v.add("minutes", "out_of_range")
	}
	if len(l.Blocks) == 0 {
		v.add("blocks", "required")
	}
	for i, b := range l.Blocks {
		at := fmt.Sprintf("blocks[%d]", i)
		switch b.Type {
		case BlockText:
			v.text(at+".text", b.Text)
		case BlockDiagram:
			if b.Caption.ZH != "" || b.Caption.EN != "" {
				v.text(at+".caption", b.Caption)
			}
			if err := renderable(game, b); err != "" {
				v.add(at+"."+err, "invalid")
			}
		case BlockExercise:
			if b.Exercise == "" || !exists(b.Exercise) {
				v.add(at+".exercise", "invalid")
			}
		default:
			v.add(at+".type", "invalid")
		}
	}
	return v.err()
}
