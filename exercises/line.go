package exercises

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"qixue/domain"
)

// illegalMove is the Result for a well-formed move the rules engine
// refuses, naming the move and saying why (why does not repeat the move).
func illegalMove(move string, why domain.Text) Result {
	named := movedAsTyped(move)
	return Result{Outcome: Wrong, Feedback: domain.Text{
		ZH: "这步棋（" + named.ZH + "）不能走：" + why.ZH,
		EN: "That move (" + named.EN + ") is not allowed: " + why.EN,
	}}
}

// movedAsTyped names a move the way the child gave it; a move typed or
// sent as squares ("e1d2") is named the way the lessons write it: from one
// square to the other.
func movedAsTyped(move string) domain.Text {
	if m := coordinateMove.FindStringSubmatch(strings.TrimSpace(move)); m != nil {
		return domain.Text{ZH: "从 " + m[1] + " 走到 " + m[2], EN: m[1] + " to " + m[2]}
	}
	return domain.Text{ZH: move, EN: move}
}

// coordinateMove is a chess move given as its two squares ("e1d2",
// "e1-d2", "e7e8q").
var coordinateMove = regexp.MustCompile(`^([a-h][1-8])[-x]?([a-h][1-8])(?:=?[qrbnQRBN])?$`)

// onlyMoves is what gradeOnlyMoves needs of a game whose exercise is a
// line of only-moves: the student's moves at even places, the opponent's
// forced replies at odd ones.
type onlyMoves[P any, M comparable] struct {
	// position reads the prompt's FEN (a *PromptError when bad).
	position func(fen string) (P, error)
	// solutionMove reads a move of the solution line (a *PromptError
	// naming field when it is not legal in pos).
	solutionMove func(pos P, in, field string) (M, error)
	// forced, when set, must hold for the position before each reply of
	// the solution (draughts: the reply is the only legal move).
	forced func(pos P) bool
	// parse reads the move in at field in pos; illegal explains a
	// well-formed move the rules refuse, err is a malformed one.
	parse    func(pos P, in, field string) (m M, illegal *domain.Text, err error)
	play     func(pos P, m M) P
	notation func(pos P, m M) string
	// words says a move in the feedback (the notation when nil): chess
	// says it in words, since notation is taught late (G46).
	words func(pos P, m M) domain.Text
	// won reports whether the student's move won at once (a mate, an
	// opponent left without moves): always right, wherever in the line.
	won func(after P) bool
	// wonText, doneText and goOnText are the feedback of a winning move,
	// of the line's last move and of a right move the opponent answers
	// with reply; whyNot explains a legal move that is not the line's.
	wonText, doneText func(move domain.Text) domain.Text
	goOnText          func(reply domain.Text) domain.Text
	whyNot            func(pos P, m M) domain.Text
}

// said is how the feedback says move m in pos.
func (g onlyMoves[P, M]) said(pos P, m M) domain.Text {
	if g.words != nil {
		return g.words(pos, m)
	}
	n := g.notation(pos, m)
	return domain.Text{ZH: n, EN: n}
}

// gradeOnlyMoves grades the newest student move of line, played from pos
// against the solution sol (which ends with a student move). Replies in
// line must be those the server gave; a line that goes on after it ended
// or has no move is an AnswerError.
func gradeOnlyMoves[P any, M comparable](g onlyMoves[P, M], pos P, sol []M, line []string) (Result, error) {
	if len(line) > len(sol) {
		return Result{}, lineEnded(len(sol))
	}
	for i, in := range line {
		field := fmt.Sprintf("moves[%d]", i)
		m, illegal, err := g.parse(pos, in, field)
		if i%2 == 1 {
			if err != nil || illegal != nil || m != sol[i] {
				return Result{}, replyMismatch(i, g.notation(pos, sol[i]))
			}
			pos = g.play(pos, m)
			continue
		}
		if err != nil {
			return Result{}, err
		}
		var res Result
		if illegal != nil {
			res = illegalMove(in, *illegal)
		} else {
			nt := g.said(pos, m)
			after := g.play(pos, m)
			switch {
			case g.won(after):
				res = Result{Outcome: Correct, Score: 1, Feedback: g.wonText(nt)}
			case m == sol[i] && i == len(sol)-1:
				res = Result{Outcome: Correct, Score: 1, Feedback: g.doneText(nt)}
			case m == sol[i]:
				reply := g.notation(after, sol[i+1])
				res = Result{Outcome: Continue, Reply: reply, Feedback: g.goOnText(g.said(after, sol[i+1]))}
			default:
				res = Result{Outcome: Wrong, Feedback: g.whyNot(pos, m)}
			}
		}
		if i == len(line)-1 {
			res.Details = map[string]any{"step": i / 2}
			return res, nil
		}
		if res.Outcome != Continue {
			return Result{}, lineEnded(i + 1)
		}
		pos = g.play(pos, m)
	}
	return Result{}, badAnswer("missing_move", "moves", "还没有写着法", "no move was given")
}

// parseOnlyMoves reads an only-move exercise: the start position from the
// prompt's FEN and the solution line, which must be legal, end with a
// student move and, where g.forced is set, have forced replies.
func parseOnlyMoves[P any, M comparable](g onlyMoves[P, M], prompt, solution json.RawMessage) (P, []M, error) {
	var zero P
	var p struct {
		FEN string `json:"fen"`
	}
	var sol chessMovesSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return zero, nil, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &sol); err != nil {
		return zero, nil, promptJSONError("solution", err)
	}
	start, err := g.position(p.FEN)
	if err != nil {
		return start, nil, err
	}
	if len(sol.Moves) == 0 || len(sol.Moves)%2 == 0 {
		return start, nil, badPrompt("bad_solution_line", "moves", "答案要是一串以自己着法结束的着法", "the solution must be a line ending with the student's move")
	}
	pos := start
	line := make([]M, len(sol.Moves))
	for i, in := range sol.Moves {
		field := fmt.Sprintf("moves[%d]", i)
		m, err := g.solutionMove(pos, in, field)
		if err != nil {
			return start, nil, err
		}
		if i%2 == 1 && g.forced != nil && !g.forced(pos) {
			return start, nil, badPrompt("reply_not_forced", field,
				"对手的应着必须是唯一的着法："+in+" 不是被迫的", "the opponent's replies must be forced: "+in+" is not the only move")
		}
		line[i] = m
		pos = g.play(pos, m)
	}
	return start, line, nil
}

// validate checks an only-move exercise's prompt and solution line (see
// parseOnlyMoves).
func (g onlyMoves[P, M]) validate(prompt, solution json.RawMessage) error {
	_, _, err := parseOnlyMoves(g, prompt, solution)
	return err
}

// check grades the newest student move of the line in sub's answer.
func (g onlyMoves[P, M]) check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	pos, sol, err := parseOnlyMoves(g, prompt, solution)
	if err != nil {
		return Result{}, err
	}
	line, err := lineAnswer(sub.Answer)
	if err != nil {
		return Result{}, err
	}
	return gradeOnlyMoves(g, pos, sol, line)
}
