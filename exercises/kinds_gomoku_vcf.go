package exercises

// gomoku.vcf (see kinds_gomoku.go for the tags and board format).

import (
	"encoding/json"
	"errors"
	"fmt"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// ---------------------------------------------------------------------------
// gomoku.vcf

// gomokuVCF is the kind "gomoku.vcf": win by continuous fours (连续冲四胜),
// played step by step. Every move of the attacker must make a four (and,
// for Black in renju, must not be forbidden) while the defender has no five
// to play; the server answers each four with the defender's forced block;
// the line ends with the attacker's five (or with a four whose every block
// is forbidden to a Black defender). Any such line is correct, not only the
// stored one; a four after whose block no win by fours is left (the
// engine's FindVCF) is wrong at once, as a dead end.
//
// Prompt:   {"board": "...", "rules": "renju", "attacker": "black"}
// Answer:   {"moves": ["h8", "h9", "i9"]} (attacker's moves at even indexes,
// the server's replies at odd ones, ending with an attacker's move)
// Solution: {"line": ["h8", "h9", ..., "k8"], "explanation": {...}}, a full
// line in the same form, ending with the five.
type gomokuVCF struct{}

type gmVCFPrompt struct {
	Board         string `json:"board"`
	Rules         string `json:"rules"`
	Attacker      string `json:"attacker"`
	ShowForbidden bool   `json:"show_forbidden,omitempty"`
}

type gmMovesAnswer struct {
	Moves []string `json:"moves"`
}

type gmVCFSolution struct {
	Line        []string    `json:"line"`
	Explanation domain.Text `json:"explanation"`
}

func (gomokuVCF) Name() string    { return "gomoku.vcf" }
func (gomokuVCF) Game() game.Name { return game.Gomoku }
func (gomokuVCF) Steps() bool     { return true }

func (gomokuVCF) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "attacker"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "attacker": {"enum": ["black", "white"], "description": "the side that plays the fours (the student)"},
    "show_forbidden": ` + gmShowForbiddenSchema + `
  }
}`)
}

func (gomokuVCF) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["moves"],
  "additionalProperties": false,
  "properties": {
    "moves": {"type": "array", "items": {"type": "string"}, "minItems": 1,
      "description": "the line so far: the student's moves at even indexes, the server's replies at odd ones, ending with a student move"}
  }
}`)
}

func (gomokuVCF) SolutionSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["line"],
  "additionalProperties": false,
  "properties": {
    "line": {"type": "array", "items": {"type": "string"}, "minItems": 1},
    "explanation": ` + gmTextSchema + `
  }
}`)
}

// gmVCFTask is a parsed VCF prompt.
type gmVCFTask struct {
	b   *gomoku.Board
	r   gomoku.Ruleset
	att gomoku.Colour
}

func (gomokuVCF) parsePrompt(prompt json.RawMessage) (gmVCFTask, error) {
	var p gmVCFPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmVCFTask{}, gmPromptDecodeErr(err)
	}
	var t gmVCFTask
	var err error
	if t.b, err = gmBoard(p.Board); err != nil {
		return t, err
	}
	if t.r, err = gmRules(p.Rules); err != nil {
		return t, err
	}
	if t.att, err = gmColour("attacker", p.Attacker); err != nil {
		return t, err
	}
	if gmHasWinner(t.b, t.r) {
		return t, ncPromptErr("game_over", "board", "棋盘上已经有五连了", "the board already holds a five")
	}
	return t, nil
}

// gmVCFDepth is how many more fours a line may need after a block for the
// four to count as still winning (the bank's longest line has 4 moves of
// the attacker).
const gmVCFDepth = 12

// gmStep is the verdict on one attacker move of a VCF line.
type gmStep struct {
	res   Result
	reply gomoku.Point // the defender's block when res is Continue
}

// step plays the attacker's move p on b (which it changes) and returns the
// verdict and, when the line goes on, the defender's forced block, already
// played on b.
func (t gmVCFTask) step(b *gomoku.Board, p gomoku.Point) gmStep {
	att, def := t.att, t.att.Opponent()
	attName, defName := gmColourText(att), gmColourText(def)
	if c := b.At(p); c != gomoku.Empty {
		return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "occupied"}, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 上已经有棋子了", p), EN: fmt.Sprintf("%s is not empty", p),
		}}}
	}
	for _, w := range gomoku.WinIn1(b, t.r, att) {
		if w == p {
			return gmStep{res: Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
				ZH: fmt.Sprintf("连成五子，%s胜！每一步都是冲四，对方只能挡，这就是连续冲四胜。", attName.ZH),
				EN: fmt.Sprintf("Five in a row: %s wins! Every move was a four that had to be blocked: a victory by continuous fours.", attName.EN),
			}}}
		}
	}
	if att == gomoku.Black && t.r == gomoku.Renju {
		if f, ok := b.ExplainForbidden(p); ok {
			e := f.Err()
			return gmStep{res: Result{Outcome: Wrong, Feedback: ncTextOf(e), Details: map[string]any{"code": e.Code()}}}
		}
	}
	_ = b.Put(p, att)
	if wins := gomoku.WinIn1(b, t.r, def); len(wins) > 0 {
		return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "defender_wins", "point": wins[0].String()}, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s已经有四了：%s下在 %s 就连成五子。冲四之前先看看对方有没有四。", defName.ZH, defName.ZH, wins[0]),
			EN: fmt.Sprintf("%s already has a four: %s makes five on %s. Before you play a four, check whether your opponent has one.", defName.EN, defName.EN, wins[0]),
		}}}
	}
	fives := gomoku.WinIn1(b, t.r, att)
	if len(fives) == 0 {
		return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "not_four"}, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 不是冲四：对方不必挡，可以自由走一步，连续冲四就断了。每一步都要让自己下一步能成五。", p),
			EN: fmt.Sprintf("%s is not a four: your opponent does not have to block and gets a free move, so the attack stops. Every move must threaten to make five next.", p),
		}}}
	}
	for _, blk := range fives {
		if def == gomoku.Black && t.r == gomoku.Renju && b.IsForbidden(blk) {
			continue
		}
		_ = b.Put(blk, def)
		if len(fives) == 1 {
			// A four that leaves no win by fours after the block is a dead
			// end: the child would only find out moves later.
			if _, ok := gomoku.FindVCF(b, t.r, att, gmVCFDepth); !ok {
				return gmStep{res: Result{Outcome: Wrong, Details: map[string]any{"code": "dead_four", "block": blk.String()}, Feedback: domain.Text{
					ZH: fmt.Sprintf("%s 是冲四，可是%s挡在 %s 以后，你就再也冲不出能赢的四了。找一个让对方挡不住的冲四。", p, defName.ZH, blk),
					EN: fmt.Sprintf("%s is a four, but once %s blocks on %s you have no winning four left. Look for a four your opponent cannot stop.", p, defName.EN, blk),
				}}}
			}
		}
		fb := domain.Text{ZH: fmt.Sprintf("冲四！%s只能挡在 %s。", defName.ZH, blk), EN: fmt.Sprintf("A four! %s must block on %s.", defName.EN, blk)}
		if len(fives) > 1 {
			fb = domain.Text{ZH: fmt.Sprintf("活四（或者两个四）！%s挡住 %s，可是挡不住另一个点。", defName.ZH, blk),
				EN: fmt.Sprintf("Two ways to make five! %s blocks %s but cannot block both.", defName.EN, blk)}
		}
		return gmStep{reply: blk, res: Result{Outcome: Continue, Reply: blk.String(), Feedback: fb}}
	}
	return gmStep{res: Result{Outcome: Correct, Score: 1, Details: map[string]any{"code": "block_forbidden"}, Feedback: domain.Text{
		ZH: fmt.Sprintf("冲四！黑棋要挡的点 %s 是禁手，挡不了，白胜！", fives[0]),
		EN: fmt.Sprintf("A four! Black's only block, %s, is forbidden to Black, so White wins!", fives[0]),
	}}}
}

// play grades a line: every reply must be the server's, the newest
// attacker move is graded. Malformed lines are AnswerErrors.
func (t gmVCFTask) play(line []string) (Result, error) {
	if len(line) == 0 || len(line)%2 == 0 {
		return Result{}, &AnswerError{Code: "bad_line", Field: "moves", Message: domain.Text{
			ZH: "着法要以你的一步结尾（你的、对方的、你的……）", EN: "the line must end with your move (yours, the reply, yours, ...)",
		}}
	}
	pts := make([]gomoku.Point, len(line))
	for i, s := range line {
		p, err := gmAnswerPoint(fmt.Sprintf("moves[%d]", i), s)
		if err != nil {
			return Result{}, err
		}
		pts[i] = p
	}
	b := *t.b
	last := len(pts) - 1
	for i := 0; i < last; i += 2 {
		st := t.step(&b, pts[i])
		if st.res.Outcome != Continue {
			return Result{}, &AnswerError{Code: "line_finished", Field: fmt.Sprintf("moves[%d]", i), Message: domain.Text{
				ZH: "这一步已经结束了这道题，后面不能再走", EN: "this move already ended the exercise; the line cannot go on",
			}}
		}
		if pts[i+1] != st.reply {
			return Result{}, &AnswerError{Code: "reply_mismatch", Field: fmt.Sprintf("moves[%d]", i+1), Message: domain.Text{
				ZH: fmt.Sprintf("对方在这里应该是 %s，不是 %s", st.reply, pts[i+1]),
				EN: fmt.Sprintf("the reply here is %s, not %s", st.reply, pts[i+1]),
			}}
		}
	}
	return t.step(&b, pts[last]).res, nil
}

func (k gomokuVCF) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	var s gmVCFSolution
	if err := ncDecode(solution, &s); err != nil {
		return gmSolutionErr(err)
	}
	if len(s.Line)%2 == 0 {
		return ncPromptErr("bad_solution", "solution.line", "答案着法要以进攻方成五的一步结尾", "the solution line must end with the attacker's five")
	}
	// Move by move, so that the first attacker move that is no four (or a
	// four with no win after its block, a forbidden point, a four while
	// the defender has one) is named with its reason.
	b := *t.b
	for i, in := range s.Line {
		field := fmt.Sprintf("solution.line[%d]", i)
		p, err := gmAnswerPoint(field, in)
		if err != nil {
			var ae *AnswerError
			errors.As(err, &ae)
			return ncPromptErr("bad_solution", field, "答案着法不对："+ae.Message.ZH, "bad solution line: "+ae.Message.EN)
		}
		if i%2 == 1 {
			continue // the block, checked with the four before it
		}
		st := t.step(&b, p)
		last := i == len(s.Line)-1
		switch {
		case st.res.Outcome == Continue && last:
			return ncPromptErr("solution_too_short", field, "答案在成五之前就停了："+st.res.Feedback.ZH, "the solution stops before the five: "+st.res.Feedback.EN)
		case st.res.Outcome == Continue:
			if q, _ := gomoku.ParsePoint(s.Line[i+1]); q != st.reply {
				return &PromptError{Code: "solution_reply_not_forced", Field: fmt.Sprintf("solution.line[%d]", i+1), Refutation: st.reply.String(),
					Message: domain.Text{ZH: fmt.Sprintf("对方在这里只能挡 %s，不是 %s", st.reply, s.Line[i+1]), EN: fmt.Sprintf("the defender's forced block here is %s, not %s", st.reply, s.Line[i+1])}}
			}
		case st.res.Outcome == Correct && !last:
			return ncPromptErr("solution_line_ended", fmt.Sprintf("solution.line[%d]", i+1), "这一步已经赢了，答案后面不能再有着法", "this move already wins; the solution cannot go on after it")
		case st.res.Outcome != Correct:
			ref, _ := st.res.Details["block"].(string)
			if ref == "" {
				ref, _ = st.res.Details["point"].(string)
			}
			return &PromptError{Code: "solution_not_vcf", Field: field, Refutation: ref,
				Message: domain.Text{ZH: "答案不是连续冲四胜：" + st.res.Feedback.ZH, EN: "the solution is not a victory by continuous fours: " + st.res.Feedback.EN}}
		}
	}
	return nil
}

func (k gomokuVCF) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	var a gmMovesAnswer
	if err := ncDecode(s.Answer, &a); err != nil {
		return Result{}, ncBadAnswer(err)
	}
	return t.play(a.Moves)
}
