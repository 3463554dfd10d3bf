package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// numchessMove is the kind "numchess.move": from a position, play one move
// of the side to move that reaches a goal. Goals:
//
//	{"type": "enter_camp", "to": "b15"}            end on that point of the opponent's camp
//	{"type": "hop", "to": "a14"}                    make a hop (邻) over the piece next to it, optionally with a given piece or to a given point
//	{"type": "span", "piece": 7}                    make a span (single or chain), optionally with a given piece or to a given point
//	{"type": "chain", "to": "d5"}                   make a chain span (连跨), optionally with a given piece or to a given point
//
// Prompt:   {"ruleset": "G23", "position": "r:... r 1", "goal": {...}}
// Answer:   {"move": "8b2-f5[6-2]-d5[4]"} (machine form), or the parts:
// {"piece": 8, "path": ["f5", "d5"], "exprs": ["6-2", "4"]}, one
// expression per landing point ("" for a step, a hop or a one-piece segment).
// Solution: {"move": "8b2-f5[6-2]-d5[4]", "explanation": {...}}
//
// Any legal move under the ruleset that meets the goal is correct. A move
// that does not parse is an AnswerError; an illegal one is Wrong with the
// engine's reason; a legal one that misses the goal is Wrong saying how.
type numchessMove struct{}

type ncMoveGoal struct {
	Type  string `json:"type"`
	Piece *int   `json:"piece,omitempty"`
	To    string `json:"to,omitempty"`
}

type ncMovePrompt struct {
	Ruleset  string     `json:"ruleset"`
	Position string     `json:"position"`
	Goal     ncMoveGoal `json:"goal"`
}

type ncMoveAnswer struct {
	Move  string   `json:"move,omitempty"`
	Piece *int     `json:"piece,omitempty"`
	Path  []string `json:"path,omitempty"`
	Exprs []string `json:"exprs,omitempty"`
}

type ncMoveSolution struct {
	Move        string      `json:"move"`
	Explanation domain.Text `json:"explanation"`
}

// ncMoveGoalTypes are the goals of numchess.move.
var ncMoveGoalTypes = map[string]bool{"enter_camp": true, "hop": true, "span": true, "chain": true}

func (numchessMove) Name() string    { return "numchess.move" }
func (numchessMove) Game() game.Name { return game.NumChess }
func (numchessMove) Steps() bool     { return false }

func (numchessMove) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["ruleset", "position", "goal"],
  "additionalProperties": false,
  "properties": {
    "ruleset": {"enum": ["K1", "G23", "G46"]},
    "position": {"type": "string", "description": "machine notation, e.g. r:0a1,...;b:0a17,... r 1"},
    "goal": {
      "type": "object",
      "required": ["type"],
      "additionalProperties": false,
      "properties": {
        "type": {"enum": ["enter_camp", "hop", "span", "chain"]},
        "piece": {"type": "integer", "minimum": 0, "maximum": 9, "description": "the piece that must move"},
        "to": {"type": "string", "description": "the point where the move must end (required for enter_camp)"}
      }
    }
  }
}`)
}

func (numchessMove) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "oneOf": [{"required": ["move"]}, {"required": ["piece", "path"]}],
  "properties": {
    "move": {"type": "string", "description": "machine form, e.g. 8b2-f5[6-2]-d5[4]"},
    "piece": {"type": "integer", "minimum": 0, "maximum": 9},
    "path": {"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "every landing point in order"},
    "exprs": {"type": "array", "items": {"type": "string"}, "description": "the expression of each landing point's segment, optionally with its result (6-2=4); empty for a step or hop"}
  }
}`)
}

func (numchessMove) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["move"],
  "additionalProperties": false,
  "properties": {
    "move": {"type": "string"},
    "explanation": {"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}
  }
}`)
}

// ncMoveTask is a parsed numchess.move prompt.
type ncMoveTask struct {
	rs   numchess.Ruleset
	pos  numchess.Position
	goal ncMoveGoal
	to   numchess.Point // NoPoint when the goal names none
}

func (numchessMove) parsePrompt(prompt json.RawMessage) (ncMoveTask, error) {
	var p ncMovePrompt
	if err := ncDecode(prompt, &p); err != nil {
		return ncMoveTask{}, ncDecodeErr("bad_prompt", "", err)
	}
	rs, err := ncPromptRuleset(p.Ruleset)
	if err != nil {
		return ncMoveTask{}, err
	}
	pos, err := numchess.ParsePosition(p.Position)
	if err != nil {
		var pe *numchess.ParseError
		errors.As(err, &pe)
		return ncMoveTask{}, ncPromptErr("bad_position", "position", pe.Message("zh-CN"), pe.Message("en"))
	}
	t := ncMoveTask{rs: rs, pos: pos, goal: p.Goal}
	if !ncMoveGoalTypes[p.Goal.Type] {
		return t, ncPromptErr("bad_goal", "goal.type", "不认识的目标 "+strconv.Quote(p.Goal.Type), "unknown goal type "+strconv.Quote(p.Goal.Type))
	}
	if p.Goal.Piece != nil && (*p.Goal.Piece < 0 || *p.Goal.Piece > 9) {
		return t, ncPromptErr("bad_goal", "goal.piece", "棋子号码是 0 到 9", "a piece number is 0 to 9")
	}
	if p.Goal.To != "" {
		t.to, err = numchess.ParsePoint(p.Goal.To)
		if err != nil {
			return t, ncPromptErr("bad_goal", "goal.to", "目标点写错了："+p.Goal.To, "bad goal point: "+err.Error())
		}
	}
	if p.Goal.Type == "enter_camp" {
		owner, _, ok := t.to.CampOf()
		if !t.to.Valid() || !ok || owner == pos.Turn() {
			return t, ncPromptErr("bad_goal", "goal.to", "“进营”的目标要是对方阵营里的一个点", "an enter_camp goal needs a point of the opponent's camp")
		}
	}
	return t, nil
}

// parseAnswer reads a move answer in either form for the side to move.
func (numchessMove) parseAnswer(pos numchess.Position, raw json.RawMessage) (numchess.Move, error) {
	var a ncMoveAnswer
	if err := ncDecode(raw, &a); err != nil {
		return numchess.Move{}, ncBadAnswer(err)
	}
	if a.Move != "" {
		if a.Piece != nil || a.Path != nil || a.Exprs != nil {
			return numchess.Move{}, &AnswerError{Code: "bad_answer", Field: "move", Message: domain.Text{
				ZH: "写 move，或者写 piece、path、exprs，不要两种都写",
				EN: "give either move or piece, path and exprs, not both",
			}}
		}
		m, err := numchess.ParseMove(a.Move)
		if err != nil {
			var pe *numchess.ParseError
			if !errors.As(err, &pe) {
				return numchess.Move{}, err
			}
			return numchess.Move{}, &AnswerError{Code: pe.Code(), Field: "move", Message: ncTextOf(pe)}
		}
		return m, nil
	}
	if a.Piece == nil || len(a.Path) == 0 {
		return numchess.Move{}, &AnswerError{Code: "bad_answer", Field: "path", Message: domain.Text{
			ZH: "要写出走哪枚棋子（piece）和落点（path）",
			EN: "give the piece and the points it lands on (path)",
		}}
	}
	if len(a.Exprs) > len(a.Path) {
		return numchess.Move{}, &AnswerError{Code: "bad_answer", Field: "exprs", Message: domain.Text{
			ZH: "算式比落点多：每个落点最多一个算式",
			EN: "more expressions than landing points: one expression per landing point at most",
		}}
	}
	m := numchess.Move{Piece: *a.Piece, From: pos.Where(pos.Turn(), *a.Piece)}
	for i, s := range a.Path {
		q, err := numchess.ParsePoint(s)
		if err != nil {
			return numchess.Move{}, &AnswerError{Code: "bad_point", Field: fmt.Sprintf("path[%d]", i), Message: domain.Text{
				ZH: fmt.Sprintf("%q 不是棋盘上的点", s),
				EN: fmt.Sprintf("%q is not a point of the board: %v", s, err),
			}}
		}
		m.Path = append(m.Path, q)
	}
	for i, s := range a.Exprs {
		if s == "" {
			m.Exprs = append(m.Exprs, nil)
			continue
		}
		field := fmt.Sprintf("exprs[%d]", i)
		// Children write a segment's sum with its result ("6+2=8"), as the
		// expression items accept; the result must be what the sum makes.
		s, claimed, err := ncSplitEquals(s)
		if err != nil {
			var ae *AnswerError
			if errors.As(err, &ae) {
				ae.Field = field
			}
			return numchess.Move{}, err
		}
		e, err := arith.Parse(s)
		if err != nil {
			var se *arith.SyntaxError
			if !errors.As(err, &se) {
				return numchess.Move{}, err
			}
			return numchess.Move{}, &AnswerError{Code: "bad_expression", Field: field, Message: ncTextOf(se)}
		}
		if claimed != nil {
			if v, err := e.Eval(); err == nil && v.Cmp(arith.Int(*claimed)) != 0 {
				return numchess.Move{}, &AnswerError{Code: "bad_expression", Field: field, Message: domain.Text{
					ZH: fmt.Sprintf("%s 算出来是 %s，不是 %d", e, v, *claimed),
					EN: fmt.Sprintf("%s makes %s, not %d", e, v, *claimed),
				}}
			}
		}
		m.Exprs = append(m.Exprs, e)
	}
	return m, nil
}

// grade checks m in the task's position under rs and against the goal.
func (numchessMove) grade(t ncMoveTask, rs numchess.Ruleset, m numchess.Move) Result {
	mi, err := ncEngine(rs).Check(t.pos, m)
	if err != nil {
		var ie *numchess.IllegalMoveError
		if errors.As(err, &ie) {
			return Result{Outcome: Wrong, Feedback: ncIllegalText(ie, rs), Details: map[string]any{"code": ie.Code(), "ruleset": rs.Name}}
		}
		return Result{Outcome: Wrong, Feedback: domain.Text{ZH: "这步棋不合规则", EN: "that move is not legal"}}
	}
	details := map[string]any{"move": mi.Machine(), "zh-CN": mi.Chinese(), "en": mi.English(), "ruleset": rs.Name}
	miss := func(code, zh, en string) Result {
		details["code"] = code
		return Result{Outcome: Wrong, Feedback: domain.Text{ZH: "这步棋可以走，但是" + zh, EN: "That move is legal, but " + en}, Details: details}
	}
	if g := t.goal; g.Piece != nil && mi.Move.Piece != *g.Piece {
		return miss("wrong_piece", fmt.Sprintf("要走的是 %d 号棋子，不是 %d 号。", *g.Piece, mi.Move.Piece),
			fmt.Sprintf("the piece to move is %d, not %d.", *g.Piece, mi.Move.Piece))
	}
	switch t.goal.Type {
	case "hop":
		if mi.Kind != numchess.Hop {
			return miss("not_a_hop", fmt.Sprintf("它是%s，不是邻：邻要跳过紧挨着的一枚棋子。", mi.Kind.Chinese()),
				fmt.Sprintf("it is a %s, not a hop: a hop jumps over the one piece right next to it.", mi.Kind))
		}
	case "span":
		if mi.Kind != numchess.SingleSpan && mi.Kind != numchess.ChainSpan {
			return miss("not_a_span", fmt.Sprintf("它是%s，不是跨。", mi.Kind.Chinese()), fmt.Sprintf("it is a %s, not a span.", mi.Kind))
		}
	case "chain":
		if mi.Kind != numchess.ChainSpan {
			return miss("not_a_chain", fmt.Sprintf("它是%s，不是连跨。", mi.Kind.Chinese()), fmt.Sprintf("it is a %s, not a chain span.", mi.Kind))
		}
	}
	if t.to.Valid() && mi.To() != t.to && rs.Name == "K1" {
		// Grade 1 has not learnt point names: the board circles the goal.
		return miss("wrong_point", "它没有停在画着圆圈的那个点上。", "it does not end on the circled point.")
	}
	if t.to.Valid() && mi.To() != t.to {
		return miss("wrong_point", fmt.Sprintf("它停在 %s，没有到 %s。", mi.To(), t.to), fmt.Sprintf("it ends on %s, not on %s.", mi.To(), t.to))
	}
	said := ncMoveWords(mi, rs)
	return Result{Outcome: Correct, Score: 1, Details: details, Feedback: domain.Text{
		ZH: "对了！" + said.ZH,
		EN: "Right! " + ncCap(said.EN),
	}}
}

func (k numchessMove) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s ncMoveSolution
	if err := ncDecode(solution, &s); err != nil {
		return ncDecodeErr("bad_solution", "solution", err)
	}
	m, err := numchess.ParseMove(s.Move)
	if err != nil {
		return ncPromptErr("bad_solution", "solution.move", "答案棋步写错了："+s.Move, "the solution's move does not parse: "+err.Error())
	}
	if r := k.grade(t, t.rs, m); r.Outcome != Correct {
		return ncPromptErr("solution_fails", "solution.move", "答案棋步不对："+r.Feedback.ZH, "the solution's move fails: "+r.Feedback.EN)
	}
	return nil
}

func (k numchessMove) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	rs := t.rs
	m, err := k.parseAnswer(t.pos, s.Answer)
	if err != nil {
		return Result{}, err
	}
	return k.grade(t, rs, m), nil
}
