package exercises

// gomoku.forbidden (see kinds_gomoku.go for the tags and board format).

import (
	"encoding/json"
	"errors"
	"fmt"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// ---------------------------------------------------------------------------
// gomoku.forbidden

// gomokuForbidden is the kind "gomoku.forbidden" (renju): either say
// whether one point is forbidden to Black and why, or mark every point
// forbidden to Black.
//
// Prompt:   {"board": "...", "point": "h8"}  or  {"board": "...", "mode": "all"}
// Answer:   {"forbidden": true, "reason": "double_three"} ("reason" is
// "double_three", "double_four" or "overline", needed when forbidden is
// true), or {"points": ["h8", ...]} for mode "all".
// Solution: the same shape as the answer, plus "explanation".
//
// One point: right verdict and reason is correct; forbidden but the wrong
// reason is partial (0.5). All points: graded as a set, with partial credit.
type gomokuForbidden struct{}

type gmForbiddenPrompt struct {
	Board string `json:"board"`
	Point string `json:"point,omitempty"`
	Mode  string `json:"mode,omitempty"`
}

type gmForbiddenAnswer struct {
	Forbidden *bool    `json:"forbidden,omitempty"`
	Reason    string   `json:"reason,omitempty"`
	Points    []string `json:"points,omitempty"`
}

type gmForbiddenSolution struct {
	Forbidden   *bool       `json:"forbidden,omitempty"`
	Reason      string      `json:"reason,omitempty"`
	Points      []string    `json:"points,omitempty"`
	Explanation domain.Text `json:"explanation"`
}

// gmReasons maps answer reasons to the engine's kinds.
var gmReasons = map[string]gomoku.ForbiddenKind{
	"double_three": gomoku.DoubleThree,
	"double_four":  gomoku.DoubleFour,
	"overline":     gomoku.Overline,
}

// gmReasonText names a forbidden kind in both languages.
func gmReasonText(k gomoku.ForbiddenKind) domain.Text {
	switch k {
	case gomoku.DoubleThree:
		return domain.Text{ZH: "三三禁手", EN: "double three"}
	case gomoku.DoubleFour:
		return domain.Text{ZH: "四四禁手", EN: "double four"}
	case gomoku.Overline:
		return domain.Text{ZH: "长连禁手", EN: "overline"}
	}
	return domain.Text{ZH: "不是禁手", EN: "not forbidden"}
}

func (gomokuForbidden) Name() string    { return "gomoku.forbidden" }
func (gomokuForbidden) Game() game.Name { return game.Gomoku }
func (gomokuForbidden) Steps() bool     { return false }

func (gomokuForbidden) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board"],
  "additionalProperties": false,
  "oneOf": [{"required": ["point"]}, {"required": ["mode"]}],
  "properties": {
    "board": ` + gmBoardSchema + `,
    "point": {"type": "string", "description": "the empty point asked about"},
    "mode": {"const": "all", "description": "mark every point forbidden to Black"}
  }
}`)
}

func (gomokuForbidden) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "oneOf": [{"required": ["forbidden"]}, {"required": ["points"]}],
  "properties": {
    "forbidden": {"type": "boolean"},
    "reason": {"enum": ["double_three", "double_four", "overline"]},
    "points": {"type": "array", "items": {"type": "string"}}
  }
}`)
}

func (gomokuForbidden) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "forbidden": {"type": "boolean"},
    "reason": {"enum": ["double_three", "double_four", "overline"]},
    "points": {"type": "array", "items": {"type": "string"}},
    "explanation": ` + gmTextSchema + `
  }
}`)
}

// gmForbiddenTask is a parsed forbidden prompt; all is true in "all" mode.
type gmForbiddenTask struct {
	b     *gomoku.Board
	point gomoku.Point
	all   bool
}

func (gomokuForbidden) parsePrompt(prompt json.RawMessage) (gmForbiddenTask, error) {
	var p gmForbiddenPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmForbiddenTask{}, gmPromptDecodeErr(err)
	}
	var t gmForbiddenTask
	var err error
	if t.b, err = gmBoard(p.Board); err != nil {
		return t, err
	}
	switch {
	case p.Mode == "all" && p.Point == "":
		t.all = true
	case p.Mode == "" && p.Point != "":
		if t.point, err = gomoku.ParsePoint(p.Point); err != nil {
			return t, ncPromptErr("bad_point", "point", "题目的点写错了", "the prompt's point does not parse")
		}
		if t.b.At(t.point) != gomoku.Empty {
			return t, ncPromptErr("bad_point", "point", "题目问的点上已经有棋子", "the point asked about is not empty")
		}
	default:
		return t, ncPromptErr("bad_prompt", "mode", `要写 point 或者 "mode": "all"，只能写一个`, `give either point or "mode": "all"`)
	}
	if gmHasWinner(t.b, gomoku.Renju) {
		return t, ncPromptErr("game_over", "board", "棋盘上已经有五连了", "the board already holds a five")
	}
	return t, nil
}

// grade grades an answer (assumed of the right shape for the task).
func (gomokuForbidden) grade(t gmForbiddenTask, a gmForbiddenAnswer) (Result, error) {
	if t.all {
		if a.Points == nil || a.Forbidden != nil || a.Reason != "" {
			return Result{}, &AnswerError{Code: "bad_answer", Field: "points", Message: domain.Text{
				ZH: "这道题要标出所有禁手点：写 points", EN: "this question asks for every forbidden point: give points",
			}}
		}
		marked, err := gmPointSet("points", a.Points)
		if err != nil {
			return Result{}, err
		}
		want := map[gomoku.Point]bool{}
		for _, p := range t.b.ForbiddenPoints() {
			want[p] = true
		}
		return gmGradeSet(marked, want, domain.Text{ZH: "禁手点", EN: "forbidden points"}), nil
	}
	if a.Forbidden == nil || a.Points != nil {
		return Result{}, &AnswerError{Code: "bad_answer", Field: "forbidden", Message: domain.Text{
			ZH: "这道题问一个点是不是禁手：写 forbidden（true 或 false）", EN: "this question asks about one point: give forbidden (true or false)",
		}}
	}
	var kind gomoku.ForbiddenKind
	if *a.Forbidden {
		k, ok := gmReasons[a.Reason]
		if !ok {
			return Result{}, &AnswerError{Code: "bad_reason", Field: "reason", Message: domain.Text{
				ZH: "说是禁手，还要选出是哪一种：三三禁手、四四禁手还是长连禁手",
				EN: `a forbidden point needs its reason: "double_three", "double_four" or "overline"`,
			}}
		}
		kind = k
	} else if a.Reason != "" {
		return Result{}, &AnswerError{Code: "bad_reason", Field: "reason", Message: domain.Text{
			ZH: "不是禁手就不用写原因", EN: "a point that is not forbidden has no reason",
		}}
	}
	f, isForbidden := t.b.ExplainForbidden(t.point)
	switch {
	case isForbidden && *a.Forbidden && f.Kind == kind:
		return Result{Outcome: Correct, Score: 1, Feedback: ncTextOf(f.Err())}, nil
	case isForbidden && *a.Forbidden:
		return Result{Outcome: Partial, Score: 0.5, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 确实是禁手，但不是%s。", t.point, gmReasonText(kind).ZH),
			EN: fmt.Sprintf("%s is forbidden, but it is not a %s.", t.point, gmReasonText(kind).EN),
		}}, nil
	case isForbidden:
		return Result{Outcome: Wrong, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 是禁手。数一数黑棋下在这里会同时形成几个活三、几个四，或者是不是六子以上。", t.point),
			EN: fmt.Sprintf("%s is forbidden. Count the open threes and fours Black would make there, and check for six in a row.", t.point),
		}}, nil
	}
	nb := *t.b
	_ = nb.Put(t.point, gomoku.Black)
	five := false
	for _, s := range gomoku.Shapes(&nb, gomoku.Renju) {
		if s.Kind == gomoku.ShapeFive && s.Colour == gomoku.Black {
			five = true
		}
	}
	if *a.Forbidden {
		if five {
			return Result{Outcome: Wrong, Feedback: domain.Text{
				ZH: fmt.Sprintf("%s 不是禁手：黑棋下在这里正好连成五子，成五就赢，不算禁手。", t.point),
				EN: fmt.Sprintf("%s is not forbidden: Black makes exactly five there, and a five wins even with a forbidden shape.", t.point),
			}}, nil
		}
		return Result{Outcome: Wrong, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 不是禁手。看仔细：有的“三”其实变不成活四（比如另一头被挡住，或者要下的点本身是禁手），就不算活三。", t.point),
			EN: fmt.Sprintf("%s is not forbidden. Look closely: a three that cannot become an open four (blocked at one end, or its point is itself forbidden) is not a real three.", t.point),
		}}, nil
	}
	return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
		ZH: fmt.Sprintf("对了，%s 不是禁手，黑棋可以下。", t.point),
		EN: fmt.Sprintf("Right, %s is not forbidden: Black may play there.", t.point),
	}}, nil
}

func (k gomokuForbidden) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s gmForbiddenSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	r, err := k.grade(t, gmForbiddenAnswer{Forbidden: s.Forbidden, Reason: s.Reason, Points: s.Points})
	if err != nil {
		var ae *AnswerError
		errors.As(err, &ae)
		return ncPromptErr("bad_solution", "solution", "答案格式不对："+ae.Message.ZH, "malformed solution: "+ae.Message.EN)
	}
	if r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution", "答案和引擎的判断不一样："+r.Feedback.ZH, "the solution disagrees with the engine: "+r.Feedback.EN)
	}
	return nil
}

func (k gomokuForbidden) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmForbiddenAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return k.grade(t, a)
}
