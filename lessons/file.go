package lessons

import (
	"qixue/domain"
	"qixue/exercises"
	"qixue/rules/game"
)

// The structs below are the content file format (content/README.md). They
// are converted to the domain types by curriculum().

type fileCurriculum struct {
	ID          string      `json:"id"`
	Version     int         `json:"version"`
	Game        string      `json:"game"`
	Band        string      `json:"band"`
	Title       domain.Text `json:"title"`
	Description domain.Text `json:"description"`
	Units       []fileUnit  `json:"units"`
}

type fileUnit struct {
	ID      string       `json:"id"`
	Title   domain.Text  `json:"title"`
	Lessons []fileLesson `json:"lessons"`
}

type fileLesson struct {
	ID         string        `json:"id"`
	Title      domain.Text   `json:"title"`
	Objectives []domain.Text `json:"objectives"`
	Tags       []string      `json:"tags"`
	Minutes    int           `json:"minutes"`
	Blocks     []fileBlock   `json:"blocks"`
}

type fileBlock struct {
	Type      string      `json:"type"`
	Text      domain.Text `json:"text"`
	Position  string      `json:"position"`
	Highlight []string    `json:"highlight"`
	Arrows    []string    `json:"arrows"`
	Last      string      `json:"last"`
	Flip      bool        `json:"flip"`
	Caption   domain.Text `json:"caption"`
	Exercise  string      `json:"exercise"`
}

// curriculum converts a decoded file to the domain type.
func (f fileCurriculum) curriculum() Curriculum {
	c := Curriculum{
		ID: f.ID, Version: f.Version, Game: game.Name(f.Game),
		Band: exercises.Band(f.Band), Title: f.Title, Description: f.Description,
	}
	for _, fu := range f.Units {
		u := Unit{ID: fu.ID, Title: fu.Title}
		for _, fl := range fu.Lessons {
			l := Lesson{
				ID: fl.ID, Title: fl.Title, Objectives: fl.Objectives,
				Tags: fl.Tags, Minutes: fl.Minutes,
			}
			for _, fb := range fl.Blocks {
				l.Blocks = append(l.Blocks, fb.block())
			}
			u.Lessons = append(u.Lessons, l)
		}
		c.Units = append(c.Units, u)
	}
	return c
}
