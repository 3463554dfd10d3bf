package models

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"qixue/domain"
	"qixue/exercises"
	"qixue/lessons"
	"qixue/rules/game"
)

// curriculumRow is a row of curricula: built-in (SchoolID NULL, ID from the
// content file) or a school's own (SchoolID set, a UUID; CopiedFrom names
// the curriculum it was copied from). RetiredAt is set when a built-in
// curriculum leaves the content files.
type curriculumRow struct {
	ID         string  `gorm:"primaryKey;size:120"`
	SchoolID   *string `gorm:"size:36;index"`
	CopiedFrom *string `gorm:"size:120"`
	Game       string  `gorm:"size:16;not null;index:idx_curricula_game_band,priority:1"`
	Band       string  `gorm:"size:8;not null;index:idx_curricula_game_band,priority:2"`
	Version    int     `gorm:"not null"`
	TitleZH    string  `gorm:"column:title_zh;not null;default:''"`
	TitleEN    string  `gorm:"column:title_en;not null;default:''"`
	DescZH     string  `gorm:"column:description_zh;not null;default:''"`
	DescEN     string  `gorm:"column:description_en;not null;default:''"`
	// ContentHash is the hash of a built-in curriculum as loaded, so that
	// a file changed without a version bump is still reloaded.
	ContentHash string `gorm:"size:64;not null;default:''"`
	RetiredAt   *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (curriculumRow) TableName() string { return "curricula" }

// unitRow is a unit of a curriculum, ordered by Position.
type unitRow struct {
	ID           string `gorm:"primaryKey;size:120"`
	CurriculumID string `gorm:"size:120;not null;index"`
	Position     int    `gorm:"not null"`
	TitleZH      string `gorm:"column:title_zh;not null;default:''"`
	TitleEN      string `gorm:"column:title_en;not null;default:''"`
	RetiredAt    *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (unitRow) TableName() string { return "curriculum_units" }

// lessonRow is a lesson of a unit, ordered by Position. Objectives, Tags
// and Blocks are JSON documents (lessonObjective, []string, []lessonBlock).
type lessonRow struct {
	ID           string `gorm:"primaryKey;size:120"`
	CurriculumID string `gorm:"size:120;not null;index"`
	UnitID       string `gorm:"size:120;not null;index"`
	Position     int    `gorm:"not null"`
	TitleZH      string `gorm:"column:title_zh;not null;default:''"`
	TitleEN      string `gorm:"column:title_en;not null;default:''"`
	Objectives   string `gorm:"not null;default:'[]'"`
	Tags         string `gorm:"not null;default:'[]'"`
	Minutes      int    `gorm:"not null"`
	Blocks       string `gorm:"not null;default:'[]'"`
	RetiredAt    *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (lessonRow) TableName() string { return "lessons" }

// lessonBlock is a block as stored in lessons.blocks.
type lessonBlock struct {
	Type      string      `json:"type"`
	Text      domain.Text `json:"text,omitzero"`
	Position  string      `json:"position,omitempty"`
	Highlight []string    `json:"highlight,omitempty"`
	Arrows    []string    `json:"arrows,omitempty"`
	Last      string      `json:"last,omitempty"`
	Flip      bool        `json:"flip,omitempty"`
	Caption   domain.Text `json:"caption,omitzero"`
	Exercise  string      `json:"exercise,omitempty"`
}

func toCurriculumRow(c lessons.Curriculum, now time.Time) curriculumRow {
	r := curriculumRow{
		ID: c.ID, Game: string(c.Game), Band: string(c.Band), Version: c.Version,
		TitleZH: c.Title.ZH, TitleEN: c.Title.EN, DescZH: c.Description.ZH, DescEN: c.Description.EN,
		CreatedAt: now, UpdatedAt: now,
	}
	if c.SchoolID != "" {
		r.SchoolID = &c.SchoolID
	}
	if c.CopiedFrom != "" {
		r.CopiedFrom = &c.CopiedFrom
	}
	return r
}

func (r curriculumRow) toCurriculum() lessons.Curriculum {
	c := lessons.Curriculum{
		ID: r.ID, Version: r.Version, Game: game.Name(r.Game), Band: exercises.Band(r.Band),
		Title:       domain.Text{ZH: r.TitleZH, EN: r.TitleEN},
		Description: domain.Text{ZH: r.DescZH, EN: r.DescEN},
	}
	if r.SchoolID != nil {
		c.SchoolID = *r.SchoolID
	}
	if r.CopiedFrom != nil {
		c.CopiedFrom = *r.CopiedFrom
	}
	return c
}

func toUnitRow(curriculumID string, pos int, u lessons.Unit, now time.Time) unitRow {
	return unitRow{
		ID: u.ID, CurriculumID: curriculumID, Position: pos,
		TitleZH: u.Title.ZH, TitleEN: u.Title.EN, CreatedAt: now, UpdatedAt: now,
	}
}

func (r unitRow) toUnit() lessons.Unit {
	return lessons.Unit{ID: r.ID, Title: domain.Text{ZH: r.TitleZH, EN: r.TitleEN}}
}

func toLessonRow(curriculumID, unitID string, pos int, l lessons.Lesson, now time.Time) lessonRow {
	objectives, _ := json.Marshal(nonNilTexts(l.Objectives))
	tags, _ := json.Marshal(nonNil(l.Tags))
	blocks := make([]lessonBlock, len(l.Blocks))
	for i, b := range l.Blocks {
		blocks[i] = lessonBlock{
			Type: string(b.Type), Text: b.Text, Position: b.Position, Highlight: b.Highlight,
			Arrows: b.Arrows, Last: b.Last, Flip: b.Flip, Caption: b.Caption, Exercise: b.Exercise,
		}
	}
	blocksJSON, _ := json.Marshal(blocks)
	return lessonRow{
		ID: l.ID, CurriculumID: curriculumID, UnitID: unitID, Position: pos,
		TitleZH: l.Title.ZH, TitleEN: l.Title.EN, Objectives: string(objectives),
		Tags: string(tags), Minutes: l.Minutes, Blocks: string(blocksJSON),
		CreatedAt: now, UpdatedAt: now,
	}
}

func (r lessonRow) toLesson() lessons.Lesson {
	l := lessons.Lesson{ID: r.ID, Title: domain.Text{ZH: r.TitleZH, EN: r.TitleEN}, Minutes: r.Minutes}
	_ = json.Unmarshal([]byte(r.Objectives), &l.Objectives)
	_ = json.Unmarshal([]byte(r.Tags), &l.Tags)
	var blocks []lessonBlock
	_ = json.Unmarshal([]byte(r.Blocks), &blocks)
	for _, b := range blocks {
		l.Blocks = append(l.Blocks, lessons.Block{
			Type: lessons.BlockType(b.Type), Text: b.Text, Position: b.Position, Highlight: b.Highlight,
			Arrows: b.Arrows, Last: b.Last, Flip: b.Flip, Caption: b.Caption, Exercise: b.Exercise,
		})
	}
	return l
}

func nonNilTexts(t []domain.Text) []domain.Text {
	if t == nil {
		return []domain.Text{}
	}
	return t
}

// curriculumHash is the hash of everything a built-in curriculum holds.
func curriculumHash(c lessons.Curriculum) string {
	data, _ := json.Marshal(c)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
