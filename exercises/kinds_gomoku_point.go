package exercises

import (
	"encoding/json"
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// ---------------------------------------------------------------------------
// gomoku.key_point

// gomokuKeyPoint is the kind "gomoku.key_point": play the one stone a
// tactic needs. The goal says which:
//
//   - "four_three" (四三): a stone that wins by force with a four and then
//     an open four: the opponent must block the four, and after any block
//     the player makes an open four (or a double four) that is not
//     forbidden to it;
//   - "block_four" (防冲四): a stone after which the opponent has no five;
//   - "block_three" (防活三): a stone after which the opponent has no five
//     and no move that makes an open four.
//
// Any point that reaches the goal is correct, not only the stored one;
// every other point gets its own reason from the engine (a forbidden
// point, no four, the block that still leaves a five or an open four,
// naming the point). The player to move must have no five of its own
// (then the exercise would be "make five"), and for the blocking goals
// the opponent must have the shape to stop.
//
// Prompt:   {"board": "...", "rules": "renju", "colour": "black", "goal": "four_three"}
// Answer:   {"point": "h8"}
// Solution: {"point": "h8", "explanation": {...}}
//
// Its tags (gomoku.attack.four_three, gomoku.defend.four,
// gomoku.defend.three) are listed with the others in kinds_gomoku.go.
type gomokuKeyPoint struct{}

type gmKeyPrompt struct {
	Board         string `json:"board"`
	Rules         string `json:"rules"`
	Colour        string `json:"colour"`
	Goal          string `json:"goal"`
	ShowForbidden bool   `json:"show_forbidden,omitempty"`
}

// gmKeyTask is a parsed key-point prompt.
type gmKeyTask struct {
	gmWinTask
	goal string
}

func (gomokuKeyPoint) Name() string    { return "gomoku.key_point" }
func (gomokuKeyPoint) Game() game.Name { return game.Gomoku }
func (gomokuKeyPoint) Steps() bool     { return false }

func (gomokuKeyPoint) PromptSchema() json.RawMessage {
	return json.RawMessage(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["board", "rules", "colour", "goal"],
  "additionalProperties": false,
  "properties": {
    "board": ` + gmBoardSchema + `,
    "rules": {"enum": ["renju", "standard", "freestyle"]},
    "colour": {"enum": ["black", "white"], "description": "the side to play"},
    "goal": {"enum": ["four_three", "block_four", "block_three"]},
    "show_forbidden": ` + gmShowForbiddenSchema + `
  }
}`)
}

func (gomokuKeyPoint) AnswerSchema() json.RawMessage { return gomokuWinIn1{}.AnswerSchema() }

func (gomokuKeyPoint) SolutionSchema() json.RawMessage { return gomokuWinIn1{}.SolutionSchema() }

func (gomokuKeyPoint) parsePrompt(prompt json.RawMessage) (gmKeyTask, error) {
	var p gmKeyPrompt
	if err := ncDecode(prompt, &p); err != nil {
		return gmKeyTask{}, gmPromptDecodeErr(err)
	}
	task, err := gmTask(gmWinPrompt{Board: p.Board, Rules: p.Rules, Colour: p.Colour})
	t := gmKeyTask{gmWinTask: task, goal: p.Goal}
	if err != nil {
		return t, err
	}
	if len(gomoku.WinIn1(t.b, t.r, t.c)) > 0 {
		return t, ncPromptErr("own_five", "board", "轮到的一方可以直接成五", "the side to play can make five at once")
	}
	them := t.c.Opponent()
	switch t.goal {
	case "four_three":
		if len(gomoku.WinIn1(t.b, t.r, them)) > 0 {
			return t, ncPromptErr("opponent_four", "board", "对方有冲四，必须先挡", "the opponent has a four that must be blocked first")
		}
	case "block_four":
		if len(gomoku.WinIn1(t.b, t.r, them)) == 0 {
			return t, ncPromptErr("no_four", "board", "对方没有冲四", "the opponent has no four to block")
		}
	case "block_three":
		if len(gomoku.WinIn1(t.b, t.r, them)) > 0 {
			return t, ncPromptErr("opponent_four", "board", "对方有冲四，这不是挡活三的题", "the opponent has a four, not a three")
		}
		if _, ok := gmOpenFourPoint(t.b, t.r, them); !ok {
			return t, ncPromptErr("no_three", "board", "对方没有活三", "the opponent has no open three to stop")
		}
	default:
		return t, ncPromptErr("bad_goal", "goal", "goal 只能是 four_three、block_four 或 block_three", "goal must be four_three, block_four or block_three")
	}
	return t, nil
}

// gmForbiddenTo reports whether p is forbidden to c under r, with the
// engine's reason.
func gmForbiddenTo(b *gomoku.Board, r gomoku.Ruleset, c gomoku.Colour, p gomoku.Point) (Result, bool) {
	if c != gomoku.Black || r != gomoku.Renju {
		return Result{}, false
	}
	f, ok := b.ExplainForbidden(p)
	if !ok {
		return Result{}, false
	}
	e := f.Err()
	return Result{Outcome: Wrong, Feedback: ncTextOf(e), Details: map[string]any{"code": e.Code()}}, true
}

// gmOpenFourPoint returns a point where c makes an open four or a double
// four (two points that make five) and that c may play.
func gmOpenFourPoint(b *gomoku.Board, r gomoku.Ruleset, c gomoku.Colour) (gomoku.Point, bool) {
	for i := range gomoku.NumPoints {
		p := gomoku.PointAt(i)
		if b.At(p) != gomoku.Empty {
			continue
		}
		if c == gomoku.Black && r == gomoku.Renju && b.IsForbidden(p) {
			continue
		}
		nb := *b
		_ = nb.Put(p, c)
		if len(gomoku.WinIn1(&nb, r, c)) >= 2 {
			return p, true
		}
	}
	return gomoku.Point{}, false
}

// fourThree reports whether c's stone at p (already on nb) wins by force
// with a four and then an open four; why names the opponent's answer that
// refutes it.
func (t gmKeyTask) fourThree(nb *gomoku.Board, p gomoku.Point) (bool, domain.Text) {
	them := t.c.Opponent()
	fives := gomoku.WinIn1(nb, t.r, t.c)
	if len(fives) == 0 {
		return false, domain.Text{
			ZH: fmt.Sprintf("下在 %s 没有冲四，对方不用马上挡，可以去挡你的三或者自己进攻。", p),
			EN: fmt.Sprintf("%s makes no four, so the opponent is not forced to block and has time to stop your three or attack.", p),
		}
	}
	if len(fives) >= 2 {
		return true, domain.Text{}
	}
	q := fives[0]
	if them == gomoku.Black && t.r == gomoku.Renju && nb.IsForbidden(q) {
		return true, domain.Text{}
	}
	after := *nb
	_ = after.Put(q, them)
	if w := gomoku.WinIn1(&after, t.r, them); len(w) > 0 {
		return false, domain.Text{
			ZH: fmt.Sprintf("下在 %s 冲四，对方挡在 %s，同时自己也冲四了（%s 成五），你要先去挡。", p, q, w[0]),
			EN: fmt.Sprintf("%s makes a four, but the block on %s makes a four for the opponent too (five on %s), so you must block instead.", p, q, w[0]),
		}
	}
	if _, ok := gmOpenFourPoint(&after, t.r, t.c); !ok {
		return false, domain.Text{
			ZH: fmt.Sprintf("下在 %s 只是冲四：对方挡在 %s 以后，你没有活三可以变成活四了。", p, q),
			EN: fmt.Sprintf("%s is only a four: after the block on %s you have no three left to turn into an open four.", p, q),
		}
	}
	return true, domain.Text{}
}

// grade grades point p.
func (t gmKeyTask) grade(p gomoku.Point) Result {
	if c := t.b.At(p); c != gomoku.Empty {
		return Result{Outcome: Wrong, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s 上已经有%s了", p, gmColourText(c).ZH),
			EN: fmt.Sprintf("there is already a %s stone on %s", strings.ToLower(gmColourText(c).EN), p),
		}}
	}
	if r, ok := gmForbiddenTo(t.b, t.r, t.c, p); ok {
		return r
	}
	nb := *t.b
	_ = nb.Put(p, t.c)
	them := t.c.Opponent()
	switch t.goal {
	case "four_three":
		if ok, why := t.fourThree(&nb, p); !ok {
			return Result{Outcome: Wrong, Feedback: why}
		}
		return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
			ZH: fmt.Sprintf("对了！下在 %s 冲四，对方只能去挡，挡完你就能走出活四。", p),
			EN: fmt.Sprintf("Right! %s makes a four the opponent must block, and after the block you make an open four.", p),
		}}
	default:
		if w := gomoku.WinIn1(&nb, t.r, them); len(w) > 0 {
			return Result{Outcome: Wrong, Feedback: domain.Text{
				ZH: fmt.Sprintf("下在 %s 以后，%s还能在 %s 连成五。", p, gmColourText(them).ZH, w[0]),
				EN: fmt.Sprintf("After %s, %s can still make five on %s.", p, gmColourText(them).EN, w[0]),
			}}
		}
		if t.goal == "block_three" {
			if q, ok := gmOpenFourPoint(&nb, t.r, them); ok {
				return Result{Outcome: Wrong, Feedback: domain.Text{
					ZH: fmt.Sprintf("下在 %s 没有挡住活三：%s下 %s 就成活四，两头都挡不住了。", p, gmColourText(them).ZH, q),
					EN: fmt.Sprintf("%s does not stop the open three: %s plays %s and has an open four, which cannot be blocked at both ends.", p, gmColourText(them).EN, q),
				}}
			}
			return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
				ZH: fmt.Sprintf("挡住了！下在 %s 以后，对方的三不能再变成活四。", p),
				EN: fmt.Sprintf("Stopped! After %s the three can no longer become an open four.", p),
			}}
		}
		return Result{Outcome: Correct, Score: 1, Feedback: domain.Text{
			ZH: fmt.Sprintf("挡住了！下在 %s 以后，对方连不成五。", p),
			EN: fmt.Sprintf("Blocked! After %s the opponent cannot make five.", p),
		}}
	}
}

func (k gomokuKeyPoint) Validate(prompt, solution json.RawMessage) error {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return err
	}
	return gmValidatePoint(solution, t.grade)
}

func (k gomokuKeyPoint) Check(prompt, _ json.RawMessage, s Submission) (Result, error) {
	t, err := k.parsePrompt(prompt)
	if err != nil {
		return Result{}, err
	}
	return gmCheckPoint(s.Answer, t.grade)
}
