package exercises

import "fmt"

// illegalMove is the Result for a well-formed move the rules engine
// refuses, saying why.
func illegalMove(why Text) Result {
	return Result{Outcome: Wrong, Feedback: Text{ZH: "这步棋不能走：" + why.ZH, EN: "That move is not allowed: " + why.EN}}
}

// onlyMoves is what gradeOnlyMoves needs of a game whose exercise is a
// line of only-moves: the student's moves at even places, the opponent's
// forced replies at odd ones.
type onlyMoves[P any, M comparable] struct {
	// parse reads the move in at field in pos; illegal explains a
	// well-formed move the rules refuse, err is a malformed one.
	parse    func(pos P, in, field string) (m M, illegal *Text, err error)
	play     func(pos P, m M) P
	notation func(pos P, m M) string
	// won reports whether the student's move won at once (a mate, an
	// opponent left without moves): always right, wherever in the line.
	won func(after P) bool
	// wonText, doneText and goOnText are the feedback of a winning move,
	// of the line's last move and of a right move the opponent answers
	// with reply; whyNot explains a legal move that is not the line's.
	wonText, doneText func(move string) Text
	goOnText          func(reply string) Text
	whyNot            func(pos P, m M) Text
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
			res = illegalMove(*illegal)
		} else {
			nt := g.notation(pos, m)
			after := g.play(pos, m)
			switch {
			case g.won(after):
				res = Result{Outcome: Correct, Score: 1, Feedback: g.wonText(nt)}
			case m == sol[i] && i == len(sol)-1:
				res = Result{Outcome: Correct, Score: 1, Feedback: g.doneText(nt)}
			case m == sol[i]:
				reply := g.notation(after, sol[i+1])
				res = Result{Outcome: Continue, Reply: reply, Feedback: g.goOnText(reply)}
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
