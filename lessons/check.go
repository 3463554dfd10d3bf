package lessons

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"qixue/domain"
	"qixue/exercises"
	"qixue/lessons/diagram"
	"qixue/rules/game"
)

// MinExercises is the least number of exercise blocks a lesson must have.
const MinExercises = 3

// MaxMinutes is the longest estimated duration of one lesson.
const MaxMinutes = 120

// Problem is one thing wrong with a content file: the file (slash-separated,
// relative to the folder checked), the JSON path inside it ("$.units[0].id")
// and what is wrong, in English for content authors.
type Problem struct {
	File    string
	Path    string
	Message string
}

// String formats the problem as "file: path: message".
func (p Problem) String() string {
	return p.File + ": " + p.Path + ": " + p.Message
}

// idPattern is the shape of every curriculum, unit and lesson ID.
var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Check reads every *.json file below fsys as one curriculum (other files,
// such as README.md, are skipped) and checks it against the content rules:
// the fields are known and complete in both languages, IDs are well formed,
// prefixed by their curriculum's ID and unique across all files, every block
// is complete, every diagram renders, every exercise exists in bank, belongs
// to the curriculum's game, passes its kind's checker and (number chess) is
// of the curriculum's band and ruleset, every lesson has at least
// MinExercises exercises, and the last unit is a review unit. It returns the
// curricula that had no problem, sorted by ID, and every problem found,
// sorted by file.
func Check(fsys fs.FS, bank []exercises.Exercise) ([]Curriculum, []Problem) {
	c := &checker{
		bank:    map[string]exercises.Exercise{},
		ids:     map[string]string{},
		checked: map[string]error{},
	}
	for _, ex := range bank {
		if ex.Key != "" {
			c.bank[ex.Key] = ex
		}
	}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			c.add(p, "$", "%s", err)
			return nil
		}
		if d.IsDir() || path.Ext(p) != ".json" {
			return nil
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			c.add(p, "$", "%s", err)
			return nil
		}
		before := len(c.problems)
		cur, ok := c.file(p, data)
		if ok && len(c.problems) == before {
			c.curricula = append(c.curricula, cur)
		}
		return nil
	})
	if err != nil {
		c.add(".", "$", "%s", err)
	}
	sort.Slice(c.curricula, func(i, j int) bool { return c.curricula[i].ID < c.curricula[j].ID })
	sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].File < c.problems[j].File })
	return c.curricula, c.problems
}

// ProblemsError is the error of BuiltIn when the embedded content has
// problems.
type ProblemsError struct {
	Problems []Problem
}

// Error lists the problems, one a line.
func (e *ProblemsError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return fmt.Sprintf("lessons: %d content problem(s):\n%s", len(e.Problems), strings.Join(lines, "\n"))
}

// checker collects problems across the files of one Check.
type checker struct {
	bank      map[string]exercises.Exercise
	ids       map[string]string // ID -> "file: path" of its first use
	checked   map[string]error  // bank key -> its checker's verdict
	curricula []Curriculum
	problems  []Problem
}

func (c *checker) add(file, at, format string, a ...any) {
	c.problems = append(c.problems, Problem{File: file, Path: at, Message: fmt.Sprintf(format, a...)})
}

// file decodes and checks one content file.
func (c *checker) file(name string, data []byte) (Curriculum, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f fileCurriculum
	if err := dec.Decode(&f); err != nil {
		c.add(name, "$", "%s", decodeMessage(data, err))
		return Curriculum{}, false
	}
	if dec.More() {
		c.add(name, "$", "more than one JSON value in the file")
		return Curriculum{}, false
	}
	c.curriculum(name, f)
	return f.curriculum(), true
}

// decodeMessage says where a JSON decoding error is, as a line and column.
func decodeMessage(data []byte, err error) string {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
		if te.Field != "" {
			return fmt.Sprintf("field %s: %s at line %d", te.Field, err, lineOf(data, off))
		}
	}
	if off >= 0 {
		return fmt.Sprintf("%s at line %d", err, lineOf(data, off))
	}
	return err.Error()
}

func lineOf(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// id checks an ID's form, its prefix and its uniqueness.
func (c *checker) id(file, at, id, prefix string) {
	switch {
	case id == "":
		c.add(file, at, "missing id")
		return
	case !idPattern.MatchString(id):
		c.add(file, at, "id %q: use lowercase letters, digits and single hyphens", id)
	case prefix != "" && !strings.HasPrefix(id, prefix+"-"):
		c.add(file, at, "id %q does not start with %q", id, prefix+"-")
	}
	if first, dup := c.ids[id]; dup {
		c.add(file, at, "id %q is already used at %s", id, first)
		return
	}
	c.ids[id] = file + ": " + at
}

// text checks that a text has both languages.
func (c *checker) text(file, at string, t domain.Text) {
	zh, en := strings.TrimSpace(t.ZH) == "", strings.TrimSpace(t.EN) == ""
	switch {
	case zh && en:
		c.add(file, at, "empty: needs zh-CN and en")
	case zh:
		c.add(file, at, "missing zh-CN")
	case en:
		c.add(file, at, "missing en")
	}
}

func (c *checker) curriculum(file string, f fileCurriculum) {
	c.id(file, "$.id", f.ID, "")
	if f.Version < 1 {
		c.add(file, "$.version", "version must be 1 or more")
	}
	game, gameErr := exercises.ParseGame(f.Game)
	if gameErr != nil || f.Game != string(game) {
		c.add(file, "$.game", "game %q is not one of chess, draughts, gomoku, numchess", f.Game)
	}
	band, bandErr := exercises.ParseBand(f.Band)
	if bandErr != nil || f.Band != string(band) {
		c.add(file, "$.band", "band %q is not one of K1, G23, G46", f.Band)
	}
	if dir := path.Dir(file); gameErr == nil && dir != "." && path.Base(dir) != f.Game {
		c.add(file, "$.game", "a %s curriculum belongs in a folder named %s", f.Game, f.Game)
	}
	if bandErr == nil && path.Base(file) != strings.ToLower(f.Band)+".json" {
		c.add(file, "$.band", "the %s curriculum's file should be named %s.json", f.Band, strings.ToLower(f.Band))
	}
	c.text(file, "$.title", f.Title)
	c.text(file, "$.description", f.Description)
	if len(f.Units) == 0 {
		c.add(file, "$.units", "a curriculum needs units")
		return
	}
	for i, u := range f.Units {
		at := fmt.Sprintf("$.units[%d]", i)
		c.id(file, at+".id", u.ID, f.ID)
		c.text(file, at+".title", u.Title)
		if len(u.Lessons) == 0 {
			c.add(file, at+".lessons", "a unit needs lessons")
		}
		for j, l := range u.Lessons {
			c.lesson(file, fmt.Sprintf("%s.lessons[%d]", at, j), l, f.ID, game, band, gameErr == nil, bandErr == nil)
		}
	}
	if last := f.Units[len(f.Units)-1]; !strings.HasSuffix(last.ID, "-review") {
		c.add(file, fmt.Sprintf("$.units[%d].id", len(f.Units)-1), "the last unit must be the review unit (its id ends in -review), not %q", last.ID)
	}
}

func (c *checker) lesson(file, at string, l fileLesson, curID string, game game.Name, band exercises.Band, gameOK, bandOK bool) {
	c.id(file, at+".id", l.ID, curID)
	c.text(file, at+".title", l.Title)
	if len(l.Objectives) == 0 {
		c.add(file, at+".objectives", "a lesson needs at least one objective")
	}
	for i, o := range l.Objectives {
		c.text(file, fmt.Sprintf("%s.objectives[%d]", at, i), o)
	}
	if len(l.Tags) == 0 {
		c.add(file, at+".tags", "a lesson needs at least one skill tag")
	}
	for i, t := range l.Tags {
		if strings.TrimSpace(t) == "" || t != strings.TrimSpace(t) {
			c.add(file, fmt.Sprintf("%s.tags[%d]", at, i), "tag %q is empty or has spaces around it", t)
		}
	}
	if l.Minutes < 1 || l.Minutes > MaxMinutes {
		c.add(file, at+".minutes", "minutes %d is not 1-%d", l.Minutes, MaxMinutes)
	}
	n := 0
	for i, b := range l.Blocks {
		bat := fmt.Sprintf("%s.blocks[%d]", at, i)
		switch BlockType(b.Type) {
		case BlockText:
			c.text(file, bat+".text", b.Text)
			c.unused(file, bat, b, "text")
		case BlockDiagram:
			c.diagram(file, bat, b, game, gameOK)
		case BlockExercise:
			n++
			c.exercise(file, bat+".exercise", b.Exercise, game, band, gameOK, bandOK)
			c.unused(file, bat, b, "exercise")
		default:
			c.add(file, bat+".type", "block type %q is not text, diagram or exercise", b.Type)
		}
	}
	if n < MinExercises {
		c.add(file, at+".blocks", "a lesson needs at least %d exercise blocks, has %d", MinExercises, n)
	}
}

// unused reports fields that a text or exercise block does not take, so a
// mistyped block is not silently shown empty.
func (c *checker) unused(file, at string, b fileBlock, keep string) {
	if keep != "text" && (b.Text.ZH != "" || b.Text.EN != "") {
		c.add(file, at+".text", "a %s block has no text", keep)
	}
	if keep != "exercise" && b.Exercise != "" {
		c.add(file, at+".exercise", "a %s block has no exercise", keep)
	}
	if b.Position != "" || len(b.Highlight) > 0 || len(b.Arrows) > 0 || b.Last != "" || b.Flip || b.Caption.ZH != "" || b.Caption.EN != "" {
		c.add(file, at, "only diagram blocks take position, highlight, arrows, last, flip and caption")
	}
}

func (c *checker) diagram(file, at string, b fileBlock, game game.Name, gameOK bool) {
	if b.Text.ZH != "" || b.Text.EN != "" || b.Exercise != "" {
		c.add(file, at, "a diagram block takes no text or exercise (use caption)")
	}
	if b.Caption.ZH != "" || b.Caption.EN != "" {
		c.text(file, at+".caption", b.Caption)
	}
	if !gameOK {
		return
	}
	if field, err := renderErr(game, b.block()); err != nil {
		c.add(file, at+"."+field, "the diagram does not render: %s", err)
	}
}

// renderErr draws a diagram block and returns the field at fault and the
// error when it does not render.
func renderErr(g game.Name, b Block) (string, error) {
	_, err := diagram.Render(g, DiagramOptions(b, "en"))
	if err == nil {
		return "", nil
	}
	field := "position"
	var de *diagram.Error
	if errors.As(err, &de) && de.Param != "" {
		field = de.Param
	}
	return field, err
}

// renderable returns the field at fault when a diagram block does not
// render, "" when it does.
func renderable(game game.Name, b Block) string {
	field, err := renderErr(game, b)
	if err != nil {
		return field
	}
	return ""
}

func (c *checker) exercise(file, at, key string, g game.Name, band exercises.Band, gameOK, bandOK bool) {
	if key == "" {
		c.add(file, at, "missing exercise key")
		return
	}
	ex, ok := c.bank[key]
	if !ok {
		c.add(file, at, "exercise %q is not in the bank", key)
		return
	}
	err, done := c.checked[key]
	if !done {
		err = validateExercise(ex)
		c.checked[key] = err
	}
	if err != nil {
		c.add(file, at, "exercise %q fails its checker: %s", key, err)
	}
	if gameOK {
		if eg := exercises.GameOf(ex); eg != g {
			c.add(file, at, "exercise %q is a %s exercise, not %s", key, eg, g)
		}
	}
	if gameOK && bandOK && g == game.NumChess {
		if ex.Band != band {
			c.add(file, at, "exercise %q is of band %s, the curriculum is %s", key, ex.Band, band)
		}
		if rs := rulesetOf(ex); rs != "" && rs != string(band) {
			c.add(file, at, "exercise %q uses the %s ruleset, the curriculum's band is %s", key, rs, band)
		}
	}
}

// validateExercise runs an exercise's kind checker on its prompt and
// solution.
func validateExercise(ex exercises.Exercise) error {
	k, ok := exercises.KindByName(ex.Kind)
	if !ok {
		return fmt.Errorf("unknown kind %q", ex.Kind)
	}
	return k.Validate(ex.Prompt, ex.Solution)
}

// rulesetOf returns the number-chess ruleset named by an exercise's prompt,
// "" when it names none.
func rulesetOf(ex exercises.Exercise) string {
	var p struct {
		Ruleset string `json:"ruleset"`
	}
	_ = json.Unmarshal(ex.Prompt, &p)
	return p.Ruleset
}

// block converts a file block to the domain type.
func (b fileBlock) block() Block {
	return Block{
		Type: BlockType(b.Type), Text: b.Text, Position: b.Position,
		Highlight: b.Highlight, Arrows: b.Arrows, Last: b.Last,
		Flip: b.Flip, Caption: b.Caption, Exercise: b.Exercise,
	}
}

// DiagramOptions returns the options that draw a diagram block in lang.
// A position of "start" or "" is the game's start position.
func DiagramOptions(b Block, lang string) diagram.Options {
	return diagram.Options{
		Position: b.Position, Highlights: b.Highlight, Arrows: b.Arrows,
		LastMove: b.Last, Flip: b.Flip, Lang: lang,
	}
}
