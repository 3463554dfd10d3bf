package lessons

import (
	"qixue/domain"
	"qixue/exercises"
	"qixue/rules/game"
)

// Curriculum is one course for one game and grade band: built-in (SchoolID
// empty, loaded from the embedded content) or authored by a school.
type Curriculum struct {
	ID          string
	Version     int // bumped by the author whenever a built-in file changes
	Game        game.Name
	Band        exercises.Band
	Title       domain.Text
	Description domain.Text
	SchoolID    string // empty for built-in curricula
	CopiedFrom  string // the curriculum a school copy was made from
	Units       []Unit
}

// BuiltIn reports whether the curriculum ships with Qixue (read-only).
func (c Curriculum) BuiltIn() bool { return c.SchoolID == "" }

// Unit is a chapter of a curriculum: an ordered list of lessons.
type Unit struct {
	ID      string
	Title   domain.Text
	Lessons []Lesson
}

// Lesson is one lesson: what it teaches and its ordered blocks.
type Lesson struct {
	ID         string
	Title      domain.Text
	Objectives []domain.Text // learning objectives
	Tags       []string      // skill tags, e.g. "numchess.board"
	Minutes    int           // estimated duration
	Blocks     []Block
}

// ExerciseKeys returns the bank keys of the lesson's exercise blocks, in
// order.
func (l Lesson) ExerciseKeys() []string {
	var keys []string
	for _, b := range l.Blocks {
		if b.Type == BlockExercise {
			keys = append(keys, b.Exercise)
		}
	}
	return keys
}

// BlockType says what a block holds.
type BlockType string

// The block types.
const (
	BlockText     BlockType = "text"     // Markdown in both languages
	BlockDiagram  BlockType = "diagram"  // a position drawn by lessons/diagram
	BlockExercise BlockType = "exercise" // a bank exercise, by key
)

// Block is one part of a lesson. Which fields are used depends on Type:
// Text for text blocks; Position, Highlight, Arrows, Last, Flip and Caption
// for diagrams; Exercise for exercises.
type Block struct {
	Type      BlockType
	Text      domain.Text
	Position  string      // in the game's notation, as diagram.Options takes it
	Highlight []string    // squares or points to mark
	Arrows    []string    // from-to pairs
	Last      string      // the last move
	Flip      bool        // view from the other side
	Caption   domain.Text // optional
	Exercise  string      // the bank key, e.g. "numchess/lesson-board-001"
}
