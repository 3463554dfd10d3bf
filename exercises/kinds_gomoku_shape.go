package exercises

// gomoku.shape and gomoku.opening_name (see kinds_gomoku.go for the tags
// and board format).

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// ---------------------------------------------------------------------------
// gomoku.shape

// gomokuShape is the kind "gomoku.shape": mark every stone of a colour's
// 活三 (open three), 活四 (open four) or 冲四 (four) on a board, graded as a
// set with partial credit.
//
// Prompt:   {"board": "...", "rules": "renju", "colour": "black", "shape": "open_three"}
// Answer:   {"points": ["f8", "g8", "h8"]}
// Solution: {"points": [...], "explanation": {...}}
type gomokuShape struct{}

type gmShapePrompt struct {
	Board         string `json:"board"`
	Rules         string `json:"rules"`
	Colour        string `json:"colour"`
	Shape         string `json:"shape"`
	ShowForbidden bool   `json:"show_forbidden,omitempty"`
}

type gmPointsAnswer struct {
	Points []string `json:"points"`
}

type gmPointsSolution struct {
	Points      []string    `json:"points"`
	Explanation domain.Text `json:"explanation"`
}

// gmShapeKinds maps shape names to the engine's kinds.
var gmShapeKinds = map[string]gomoku.ShapeKind{
	"open_three": gomoku.ShapeOpenThree,
	"open_four":  gomoku.ShapeOpenFour,
	"four":       gomoku.ShapeFour,
}

// gmShapeText names a shape in both languages (plural, for counts).
func gmShapeText(k gomoku.ShapeKind) domain.Text {
	switch k {
	case gomoku.ShapeOpenThree:
		return domain.Text{ZH: "活三的棋子", EN: "stones of open threes"}
	case gomoku.ShapeOpenFour:
		return domain.Text{ZH: "活四的棋子", EN: "stones of open fours"}
	}
	return domain.Text{ZH: "冲四的棋子", EN: "stones of fours"}
}

func (gomokuShape) Name() string    { return "gomoku.shape" }
func (gomokuShape) Game() game.Name { return game.Gomoku }
func (gomokuShape) Steps() bool     { return false }

func (gomokuShape) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "colour", "shape"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "colour": {"enum": ["black", "white"]},
    "shape": {"enum": ["open_three", "open_four", "four"], "description": "活三, 活四 or 冲四"},
    "show_forbidden": ` + gmShowForbiddenSchema + `
  }
}`)
}

func (gomokuShape) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["points"],
  "additionalProperties": false,
  "properties": {"points": {"type": "array", "items": {"type": "string"}, "description": "every stone that belongs to such a shape"}}
}`)
}

func (gomokuShape) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["points"],
  "additionalProperties": false,
  "properties": {"points": {"type": "array", "items": {"type": "string"}}, "explanation": ` + gmTextSchema + `}
}`)
}

// want returns the stones of the prompt's shapes; an error when the prompt
// is invalid or shows no such shape.
func (gomokuShape) want(prompt json.RawMessage) (map[gomoku.Point]bool, gomoku.ShapeKind, error) {
	var p gmShapePrompt
	if err := ncDecode(prompt, &p); err != nil {
		return nil, 0, gmPromptDecodeErr(err)
	}
	b, err := gmBoard(p.Board)
	if err != nil {
		return nil, 0, err
	}
	r, err := gmRules(p.Rules)
	if err != nil {
		return nil, 0, err
	}
	c, err := gmColour("colour", p.Colour)
	if err != nil {
		return nil, 0, err
	}
	kind, ok := gmShapeKinds[p.Shape]
	if !ok {
		return nil, 0, ncPromptErr("bad_shape", "shape", "棋形要写 open_three、open_four 或 four", `shape must be "open_three", "open_four" or "four"`)
	}
	want := map[gomoku.Point]bool{}
	for _, s := range gomoku.Shapes(b, r) {
		if s.Kind == kind && s.Colour == c {
			for _, q := range s.Stones {
				want[q] = true
			}
		}
	}
	if len(want) == 0 {
		return nil, 0, ncPromptErr("no_shape", "board", "棋盘上没有这种棋形", "the board shows no such shape")
	}
	return want, kind, nil
}

func (k gomokuShape) Validate(prompt, solution json.RawMessage) error {
	want, kind, err := k.want(prompt)
	if err != nil {
		return err
	}
	var s gmPointsSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	marked, err := gmPointSet("points", s.Points)
	if err != nil {
		return ncPromptErr("bad_solution", "solution.points", "答案的点写错了", "the solution's points do not parse")
	}
	if r := gmGradeSet(marked, want, gmShapeText(kind)); r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.points", "答案和引擎找到的棋形不一样："+r.Feedback.ZH, "the solution differs from the engine's shapes: "+r.Feedback.EN)
	}
	return nil
}

func (k gomokuShape) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	want, kind, err := k.want(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmPointsAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	marked, err := gmPointSet("points", a.Points)
	if err != nil {
		return Result{}, err
	}
	return gmGradeSet(marked, want, gmShapeText(kind)), nil
}

// ---------------------------------------------------------------------------
// gomoku.opening_name

// gomokuOpeningName is the kind "gomoku.opening_name": name the renju
// opening made by the first three stones (one of the 26 designated
// openings, in any rotation or reflection).
//
// Prompt:   {"stones": ["h8", "h9", "i10"], "choices": ["花月", "浦月", "松月"]}
// ("stones" are Black 1, White 2, Black 3; "choices" is optional, for a
// multiple-choice screen, and must hold the right name)
// Answer:   {"name": "花月"} (the Chinese name, or the romanised one such
// as "Kagetsu", any case)
// Solution: {"name": "花月", "explanation": {...}}
type gomokuOpeningName struct{}

type gmOpeningPrompt struct {
	Stones  []string `json:"stones"`
	Choices []string `json:"choices,omitempty"`
}

type gmOpeningAnswer struct {
	Name string `json:"name"`
}

type gmOpeningSolution struct {
	Name        string      `json:"name"`
	Explanation domain.Text `json:"explanation"`
}

// gmOpeningByName finds one of the 26 openings by its Chinese or English
// name.
func gmOpeningByName(name string) (gomoku.Opening, bool) {
	name = strings.TrimSpace(name)
	for _, o := range gomoku.Openings() {
		if name == o.Name || strings.EqualFold(name, o.English) {
			return o, true
		}
	}
	return gomoku.Opening{}, false
}

// gmFamilyText names an opening family.
func gmFamilyText(direct bool) domain.Text {
	if direct {
		return domain.Text{ZH: "直指", EN: "direct"}
	}
	return domain.Text{ZH: "斜指", EN: "indirect"}
}

func (gomokuOpeningName) Name() string    { return "gomoku.opening_name" }
func (gomokuOpeningName) Game() game.Name { return game.Gomoku }
func (gomokuOpeningName) Steps() bool     { return false }

func (gomokuOpeningName) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["stones"],
  "additionalProperties": false,
  "properties": {
    "stones": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3, "description": "Black 1, White 2, Black 3"},
    "choices": {"type": "array", "items": {"type": "string"}, "description": "names offered to choose from"}
  }
}`)
}

func (gomokuOpeningName) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["name"],
  "additionalProperties": false,
  "properties": {"name": {"type": "string", "description": "花月 or Kagetsu"}}
}`)
}

func (gomokuOpeningName) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["name"],
  "additionalProperties": false,
  "properties": {"name": {"type": "string"}, "explanation": ` + gmTextSchema + `}
}`)
}

func (gomokuOpeningName) opening(prompt json.RawMessage) (gomoku.Opening, error) {
	var p gmOpeningPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gomoku.Opening{}, gmPromptDecodeErr(err)
	}
	if len(p.Stones) != 3 {
		return gomoku.Opening{}, ncPromptErr("bad_stones", "stones", "要给出前三手棋", "give the first three stones")
	}
	var pts [3]gomoku.Point
	for i, s := range p.Stones {
		q, err := gomoku.ParsePoint(s)
		if err != nil {
			return gomoku.Opening{}, ncPromptErr("bad_stones", fmt.Sprintf("stones[%d]", i), "点写错了："+s, "bad point: "+s)
		}
		pts[i] = q
	}
	o, err := gomoku.IdentifyOpening(pts[0], pts[1], pts[2])
	if err != nil {
		var ge *gomoku.Error
		errors.As(err, &ge)
		return o, ncPromptErr("bad_opening", "stones", ge.Message("zh-CN"), ge.Message("en"))
	}
	if p.Choices != nil {
		found := false
		for i, c := range p.Choices {
			co, ok := gmOpeningByName(c)
			if !ok {
				return o, ncPromptErr("bad_choices", fmt.Sprintf("choices[%d]", i), "不认识的开局名 "+c, "unknown opening name "+c)
			}
			found = found || co == o
		}
		if !found {
			return o, ncPromptErr("bad_choices", "choices", "选项里没有正确的开局", "the choices do not include the right opening")
		}
	}
	return o, nil
}

// grade compares a named opening with the right one.
func (gomokuOpeningName) grade(o gomoku.Opening, name string) (Result, error) {
	got, ok := gmOpeningByName(name)
	if !ok {
		return Result{}, &AnswerError{Code: "unknown_opening", Field: "name", Message: domain.Text{
			ZH: fmt.Sprintf("%q 不是 26 种开局的名字", name), EN: fmt.Sprintf("%q is not one of the 26 opening names", name),
		}}
	}
	if got == o {
		return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
			ZH: fmt.Sprintf("对了！这是%s（%s %d 号）。", o.Name, gmFamilyText(o.Direct).ZH, o.Number),
			EN: fmt.Sprintf("Right! This is %s (%s, %s opening %d).", o.English, o.Name, gmFamilyText(o.Direct).EN, o.Number),
		}}, nil
	}
	if got.Direct != o.Direct {
		return Result{Outcome: Wrong, Feedback: domain.Text{
			ZH: fmt.Sprintf("不是%s。%s是%s开局，可是白 2 %s，这是%s开局。", got.Name, got.Name, gmFamilyText(got.Direct).ZH,
				map[bool]string{true: "紧挨着黑 1 的上下左右", false: "在黑 1 的斜角上"}[o.Direct], gmFamilyText(o.Direct).ZH),
			EN: fmt.Sprintf("Not %s. %s is a %s opening, but White 2 is %s Black 1, so this is a %s opening.", got.English, got.English, gmFamilyText(got.Direct).EN,
				map[bool]string{true: "straight next to", false: "diagonally next to"}[o.Direct], gmFamilyText(o.Direct).EN),
		}}, nil
	}
	return Result{Outcome: Wrong, Feedback: domain.Text{
		ZH: fmt.Sprintf("不是%s。是%s开局没错，再看看黑 3 的位置。", got.Name, gmFamilyText(o.Direct).ZH),
		EN: fmt.Sprintf("Not %s. It is a %s opening, right; look again at where Black 3 stands.", got.English, gmFamilyText(o.Direct).EN),
	}}, nil
}

func (k gomokuOpeningName) Validate(prompt, solution json.RawMessage) error {
	o, err := k.opening(prompt)
	if err != nil {
		return err
	}
	var s gmOpeningSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	r, err := k.grade(o, s.Name)
	if err != nil || r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.name", "答案的开局名不对", "the solution names the wrong opening")
	}
	return nil
}

func (k gomokuOpeningName) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	o, err := k.opening(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmOpeningAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return k.grade(o, a.Name)
}
