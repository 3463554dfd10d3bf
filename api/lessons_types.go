package api

import (
	"qixue/exercises"
	"qixue/lessons"
	"qixue/lessons/diagram"
	"qixue/rules/game"
)

// Response bodies of the curricula and lessons routes.

type curriculumResponse struct {
	ID          string         `json:"id"`
	Version     int            `json:"version"`
	Game        string         `json:"game"`
	Band        string         `json:"band"`
	Source      string         `json:"source"` // builtin or school
	SchoolID    *string        `json:"school_id"`
	CopiedFrom  *string        `json:"copied_from"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Units       []unitResponse `json:"units,omitempty"`
}

type unitResponse struct {
	ID      string                  `json:"id"`
	Title   string                  `json:"title"`
	Lessons []lessonSummaryResponse `json:"lessons"`
}

type lessonSummaryResponse struct {
	ID         string   `json:"id"`
	Title      string   `json:"title"`
	Objectives []string `json:"objectives"`
	Tags       []string `json:"tags"`
	Minutes    int      `json:"minutes"`
}

// lessonListItemResponse is a lesson found by GET /v1/lessons: its
// summary and its curriculum's ID, game and band.
type lessonListItemResponse struct {
	lessonSummaryResponse
	CurriculumID string `json:"curriculum_id"`
	Game         string `json:"game"`
	Band         string `json:"band"`
}

type lessonResponse struct {
	lessonSummaryResponse
	CurriculumID string          `json:"curriculum_id"`
	Game         string          `json:"game"`
	Band         string          `json:"band"`
	Blocks       []blockResponse `json:"blocks"`
}

// blockResponse is one lesson block in the reader's language: text
// (Markdown), diagram (its position and the url of its SVG) or exercise
// (the exercise's public fields, no solution).
type blockResponse struct {
	Type      string            `json:"type"`
	Text      string            `json:"text,omitempty"`
	Position  string            `json:"position,omitempty"`
	Highlight []string          `json:"highlight,omitempty"`
	Arrows    []string          `json:"arrows,omitempty"`
	Last      string            `json:"last,omitempty"`
	Flip      bool              `json:"flip,omitempty"`
	Caption   string            `json:"caption,omitempty"`
	URL       string            `json:"url,omitempty"`
	Exercise  *exerciseResponse `json:"exercise,omitempty"`
}

type copyRequest struct {
	SchoolID string `json:"school_id"`
}

func toCurriculumResponse(c lessons.Curriculum, lang string, withUnits bool) curriculumResponse {
	r := curriculumResponse{
		ID: c.ID, Version: c.Version, Game: string(c.Game), Band: string(c.Band), Source: "builtin",
		Title: c.Title.In(lang), Description: c.Description.In(lang),
	}
	if c.SchoolID != "" {
		r.Source, r.SchoolID = "school", &c.SchoolID
	}
	if c.CopiedFrom != "" {
		r.CopiedFrom = &c.CopiedFrom
	}
	if withUnits {
		r.Units = []unitResponse{}
		for _, u := range c.Units {
			ur := unitResponse{ID: u.ID, Title: u.Title.In(lang), Lessons: []lessonSummaryResponse{}}
			for _, l := range u.Lessons {
				ur.Lessons = append(ur.Lessons, toLessonSummary(l, lang))
			}
			r.Units = append(r.Units, ur)
		}
	}
	return r
}

func toLessonSummary(l lessons.Lesson, lang string) lessonSummaryResponse {
	r := lessonSummaryResponse{ID: l.ID, Title: l.Title.In(lang), Objectives: []string{}, Tags: l.Tags, Minutes: l.Minutes}
	for _, o := range l.Objectives {
		r.Objectives = append(r.Objectives, o.In(lang))
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	return r
}

// toBlockResponse converts a text or diagram block; exercise blocks are
// expanded by the handler.
func toBlockResponse(b lessons.Block, game game.Name, lang string) blockResponse {
	r := blockResponse{Type: string(b.Type)}
	switch b.Type {
	case lessons.BlockText:
		r.Text = b.Text.In(lang)
	case lessons.BlockDiagram:
		r.Position, r.Highlight, r.Arrows, r.Last, r.Flip = b.Position, b.Highlight, b.Arrows, b.Last, b.Flip
		r.Caption = b.Caption.In(lang)
		r.URL = diagram.Path(game, lessons.DiagramOptions(b, lang))
	}
	return r
}

// Request bodies of the authoring routes.

type curriculumRequest struct {
	SchoolID    string      `json:"school_id"`
	Game        string      `json:"game"`
	Band        string      `json:"band"`
	Title       textRequest `json:"title"`
	Description textRequest `json:"description"`
}

func (r curriculumRequest) curriculum(id string) lessons.Curriculum {
	return lessons.Curriculum{
		ID: id, SchoolID: r.SchoolID, Game: game.Name(r.Game), Band: exercises.Band(r.Band),
		Title: r.Title.text(), Description: r.Description.text(),
	}
}

type unitRequest struct {
	Title textRequest `json:"title"`
}

type blockRequest struct {
	Type      string      `json:"type"`
	Text      textRequest `json:"text"`
	Position  string      `json:"position"`
	Highlight []string    `json:"highlight"`
	Arrows    []string    `json:"arrows"`
	Last      string      `json:"last"`
	Flip      bool        `json:"flip"`
	Caption   textRequest `json:"caption"`
	Exercise  string      `json:"exercise"`
}

type lessonRequest struct {
	Title      textRequest    `json:"title"`
	Objectives []textRequest  `json:"objectives"`
	Tags       []string       `json:"tags"`
	Minutes    int            `json:"minutes"`
	Blocks     []blockRequest `json:"blocks"`
}

func (r lessonRequest) lesson(id string) lessons.Lesson {
	l := lessons.Lesson{ID: id, Title: r.Title.text(), Tags: r.Tags, Minutes: r.Minutes}
	for _, o := range r.Objectives {
		l.Objectives = append(l.Objectives, o.text())
	}
	for _, b := range r.Blocks {
		l.Blocks = append(l.Blocks, lessons.Block{
			Type: lessons.BlockType(b.Type), Text: b.Text.text(), Position: b.Position, Highlight: b.Highlight,
			Arrows: b.Arrows, Last: b.Last, Flip: b.Flip, Caption: b.Caption.text(), Exercise: b.Exercise,
		})
	}
	return l
}
