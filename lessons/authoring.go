package lessons

import (
	"context"
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/exercises"
	"qixue/rules/game"
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
	Game         game.Name
	Band         exercises.Band
	AssignedOnly bool
	Assigned     []string
}

// FoundLesson is a lesson found by SearchLessons with the curriculum it
// belongs to: its ID, game and grade band.
type FoundLesson struct {
	Lesson
	CurriculumID string
	Game         game.Name
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
	SearchLessons(ctx context.Context, q SearchQuery, p domain.Page) ([]FoundLesson, string, error)
}

// requireText names field "required" when either language of t is blank.
func requireText(v *domain.FieldErrors, field string, t domain.Text) {
	if strings.TrimSpace(t.ZH) == "" || strings.TrimSpace(t.EN) == "" {
		v.Add(field, "required")
	}
}

// ValidateCurriculum checks an authored curriculum's own fields (not its
// units): a known game and band, title and description in both languages.
func ValidateCurriculum(c Curriculum) error {
	var v domain.FieldErrors
	if g, err := exercises.ParseGame(string(c.Game)); err != nil || g != c.Game {
		v.Add("game", "invalid")
	}
	if b, err := exercises.ParseBand(string(c.Band)); err != nil || b != c.Band {
		v.Add("band", "invalid")
	}
	requireText(&v, "title", c.Title)
	requireText(&v, "description", c.Description)
	return v.Err()
}

// ValidateUnit checks an authored unit's title.
func ValidateUnit(u Unit) error {
	var v domain.FieldErrors
	requireText(&v, "title", u.Title)
	return v.Err()
}

// ValidateLesson checks an authored lesson of a game: title and objectives
// in both languages, tags, 1-MaxMinutes minutes, and blocks that are
// complete (both languages, diagrams that render). exists reports whether
// an exercise block's reference (a bank key or an exercise ID) names an
// exercise of the game the author may use.
func ValidateLesson(game game.Name, l Lesson, exists func(ref string) bool) error {
	var v domain.FieldErrors
	requireText(&v, "title", l.Title)
	if len(l.Objectives) == 0 {
		v.Add("objectives", "required")
	}
	for i, o := range l.Objectives {
		requireText(&v, fmt.Sprintf("objectives[%d]", i), o)
	}
	for i, t := range l.Tags {
		if strings.TrimSpace(t) == "" || len(t) > 64 {
			v.Add(fmt.Sprintf("tags[%d]", i), "invalid")
		}
	}
	if l.Minutes < 1 || l.Minutes > MaxMinutes {
		v.Add("minutes", "out_of_range")
	}
	if len(l.Blocks) == 0 {
		v.Add("blocks", "required")
	}
	for i, b := range l.Blocks {
		at := fmt.Sprintf("blocks[%d]", i)
		switch b.Type {
		case BlockText:
			requireText(&v, at+".text", b.Text)
		case BlockDiagram:
			if b.Caption.ZH != "" || b.Caption.EN != "" {
				requireText(&v, at+".caption", b.Caption)
			}
			if err := renderable(game, b); err != "" {
				v.Add(at+"."+err, "invalid")
			}
		case BlockExercise:
			if b.Exercise == "" || !exists(b.Exercise) {
				v.Add(at+".exercise", "invalid")
			}
		default:
			v.Add(at+".type", "invalid")
		}
	}
	return v.Err()
}
