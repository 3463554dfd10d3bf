package exercises

// The chess kinds that are played step by step: chess.mate_in and
// chess.best_move (see kinds_chess.go for the kinds' documents and tags).

import (
	"encoding/json"
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/game"
)

// ---- chess.mate_in

type chessMatePrompt struct {
	FEN string `json:"fen"`
	N   int    `json:"n"`
}

// chessMateKind is mate in n (1-3).
type chessMateKind struct{}

func (chessMateKind) Name() string    { return "chess.mate_in" }
func (chessMateKind) Game() game.Name { return game.Chess }
func (chessMateKind) Steps() bool     { return true }
func (chessMateKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen", "n"`, chessFENProp+`, "n": {"type": "integer", "minimum": 1, "maximum": 3, "description": "mate in n moves"}`)
}
func (chessMateKind) AnswerSchema() json.RawMessage {
	return json.RawMessage(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "additionalProperties": false,
  "properties": {` + chessMoveProp + `, "moves": {"type": "array", "minItems": 1, "items": {"type": "string"}, "description": "the line so far: student moves at even indexes, server replies at odd indexes, ending with a student move"}},
  "oneOf": [{"required": ["move"]}, {"required": ["moves"]}]}`)
}
func (chessMateKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"moves"`, chessMovesProp+", "+chessExplanationProp)
}

func (chessMateKind) parse(prompt, solution json.RawMessage) (chessMatePrompt, chessMovesSolution, chess.Position, error) {
	var p chessMatePrompt
	var s chessMovesSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return p, s, chess.Position{}, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return p, s, chess.Position{}, promptJSONError("solution", err)
	}
	if p.N < 1 || p.N > 3 {
		return p, s, chess.Position{}, badPrompt("bad_n", "n", "n 只能是 1、2 或 3", "n must be 1, 2 or 3")
	}
	pos, err := chessPosition(p.FEN)
	if err != nil {
		return p, s, pos, err
	}
	mates, complete := pos.MateInWithin(p.N, chess.MateSearchBudget)
	if !complete {
		return p, s, pos, badPrompt("too_complex", "fen",
			fmt.Sprintf("这个局面太复杂，服务器无法在限定时间内确认有 %d 步杀；请减少棋子", p.N),
			fmt.Sprintf("this position is too complex to confirm a mate in %d in the time allowed; use fewer pieces", p.N))
	}
	if len(mates) == 0 {
		return p, s, pos, badPrompt("no_mate", "fen",
			fmt.Sprintf("这个局面没有 %d 步杀", p.N), fmt.Sprintf("there is no mate in %d here", p.N))
	}
	return p, s, pos, nil
}

// lineAnswer reads the answer of a step-by-step kind: {"moves": [...]} or,
// for a one-move line, {"move": "..."}.
func lineAnswer(raw json.RawMessage) ([]string, error) {
	var a chessMovesAnswer
	if err := unmarshalStrict(raw, &a); err != nil {
		return nil, answerJSONError(err)
	}
	switch {
	case a.Move != nil && a.Moves != nil:
		return nil, badAnswer("move_and_moves", "move", "只能写 move 或 moves 其中一个", "give either move or moves, not both")
	case a.Move != nil:
		return []string{*a.Move}, nil
	case len(a.Moves) == 0:
		return nil, badAnswer("missing_move", "moves", "还没有写着法", "no move was given")
	case len(a.Moves)%2 == 0:
		return nil, badAnswer("line_ends_with_reply", "moves",
			"着法列表要以你自己的着法结束", "the line must end with your own move, not the reply")
	}
	return a.Moves, nil
}

// lineEnded is the AnswerError for a line that goes on after it ended.
func lineEnded(i int) *AnswerError {
	return badAnswer("line_ended", fmt.Sprintf("moves[%d]", i),
		"这道题在这一步之前已经结束了", "the exercise ended before this move")
}

// replyMismatch is the AnswerError for a reply the server did not give.
func replyMismatch(i int, want string) *AnswerError {
	return badAnswer("reply_mismatch", fmt.Sprintf("moves[%d]", i),
		"对手的应着不对，应该是 "+want, "the opponent's reply here is "+want)
}

// replyNotLegal is the AnswerError for an opponent's reply that cannot be
// played; want is the reply the server gives.
func replyNotLegal(i int, in, want string) *AnswerError {
	return badAnswer("reply_mismatch", fmt.Sprintf("moves[%d]", i),
		fmt.Sprintf("对手在这里不能走 %s，对手的应着是 %s", in, want),
		fmt.Sprintf("the opponent cannot play %s here; the opponent's reply is %s", in, want))
}

// chessMateStep grades student move m in pos with left moves to mate.
// The feedback says the moves in words: mates come from G23, notation in
// G46.
func chessMateStep(pos chess.Position, m chess.Move, left int) Result {
	w := chessMoveWords(pos, m)
	W := ncCap(w.EN)
	after, _ := pos.Play(m)
	if chessMated(after) {
		return Result{Outcome: Correct, Score: 1, Feedback: chessMatedText(w)}
	}
	if left > 1 && chessContains(chessMateIn(pos, left), m) {
		r, _ := chessDefence(after, left-1)
		return Result{Outcome: Continue, Reply: after.SAN(r), Feedback: chessGoOnText(chessMoveWords(after, r))}
	}
	if after.Outcome().Method == chess.Stalemate {
		return Result{Outcome: Wrong, Feedback: domain.Text{
			ZH: w.ZH + "：之后对方无棋可走，但王没有被将军：这是逼和，不是将死！",
			EN: W + ": then the opponent cannot move but is not in check: that is stalemate, a draw, not mate!",
		}}
	}
	if left == 1 {
		if !after.InCheck() {
			return Result{Outcome: Wrong, Feedback: domain.Text{
				ZH: w.ZH + "：没有将军，对方的王没有受到攻击。",
				EN: W + ": that is not check; the king is not attacked.",
			}}
		}
		esc, _ := after.Escapes()
		e := esc.Moves[0]
		mt := chessMethodText(e.Method)
		ew := chessMoveWords(after, e.Move)
		return Result{Outcome: Wrong, Details: map[string]any{"refutation": after.SAN(e.Move)}, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s：是将军，但还没有将死：对方可以%s（%s）。", w.ZH, ew.ZH, mt.ZH),
			EN: fmt.Sprintf("%s: that is check but not mate: the opponent can answer, %s (%s).", W, ew.EN, mt.EN),
		}}
	}
	for _, r := range after.LegalMoves() {
		next, _ := after.Play(r)
		if next.MateDistance(left-1) == 0 {
			rw := chessMoveWords(after, r)
			return Result{Outcome: Wrong, Details: map[string]any{"refutation": after.SAN(r)}, Feedback: domain.Text{
				ZH: fmt.Sprintf("%s：不能在 %d 步内将死：对方可以这样防守：%s。", w.ZH, left, rw.ZH),
				EN: fmt.Sprintf("%s: that does not mate in %d: the opponent can defend, %s.", W, left, rw.EN),
			}}
		}
	}
	return Result{Outcome: Wrong, Feedback: domain.Text{
		ZH: fmt.Sprintf("%s：不能在 %d 步内将死。", w.ZH, left),
		EN: fmt.Sprintf("%s: that does not mate in %d.", W, left),
	}}
}

// chessMatedText praises a mating move w.
func chessMatedText(w domain.Text) domain.Text {
	return domain.Text{ZH: "将死了！" + w.ZH + "，真棒！", EN: "Checkmate! " + ncCap(w.EN) + ": great!"}
}

// chessGoOnText is the feedback of a right move the opponent answers with
// the reply said in words.
func chessGoOnText(reply domain.Text) domain.Text {
	return domain.Text{ZH: fmt.Sprintf("好棋！对手这样走：%s。继续。", reply.ZH), EN: fmt.Sprintf("Good move! The opponent answers: %s. Go on.", reply.EN)}
}

// chessMateLine replays a mate-in-n line and grades its last move; it is
// shared by Check and Validate.
func chessMateLine(pos chess.Position, n int, line []string) (Result, error) {
	if len(line) > 2*n-1 {
		return Result{}, badAnswer("line_too_long", "moves",
			fmt.Sprintf("%d 步杀最多只有 %d 步着法", n, 2*n-1), fmt.Sprintf("a mate in %d has at most %d moves in its line", n, 2*n-1))
	}
	for i, in := range line {
		field := fmt.Sprintf("moves[%d]", i)
		left := n - i/2
		if i%2 == 1 {
			// Any legal defence. The student's move before it was accepted
			// only as a member of MateIn(left), which forces mate within
			// left-1 more moves against every reply, so no legal reply can
			// carry the line past n.
			m, illegal, err := chessMoveInput(pos, in, field)
			if err != nil || illegal != nil {
				want, _ := chessDefence(pos, left)
				return Result{}, replyNotLegal(i, in, pos.SAN(want))
			}
			pos, _ = pos.Play(m)
			continue
		}
		m, illegal, err := chessMoveInput(pos, in, field)
		if err != nil {
			return Result{}, err
		}
		last := i == len(line)-1
		if illegal != nil {
			if !last {
				return Result{}, lineEnded(i + 1)
			}
			return illegalMove(in, *illegal), nil
		}
		res := chessMateStep(pos, m, left)
		if last {
			if res.Details == nil {
				res.Details = map[string]any{}
			}
			res.Details["step"], res.Details["moves_left"] = i/2, left
			return res, nil
		}
		if res.Outcome != Continue {
			return Result{}, lineEnded(i + 1)
		}
		pos, _ = pos.Play(m)
	}
	return Result{}, badAnswer("missing_move", "moves", "还没有写着法", "no move was given")
}

// Validate checks that the position has a mate in n and that the solution
// line is a mate with the server's own replies.
func (k chessMateKind) Validate(prompt, solution json.RawMessage) error {
	p, s, pos, err := k.parse(prompt, solution)
	if err != nil {
		return err
	}
	if len(s.Moves) == 0 || len(s.Moves)%2 == 0 {
		return badPrompt("bad_solution_line", "solution.moves", "答案要是一串以将死结束的着法", "the solution must be a line ending with the mating move")
	}
	// Each of the stated moves in turn, so that a move that does not mate
	// in time is named with the defence that refutes it, not only the
	// line's end.
	for j := 0; j < len(s.Moves); j += 2 {
		res, err := chessMateLine(pos, p.N, s.Moves[:j+1])
		if err != nil {
			ae, _ := err.(*AnswerError)
			if ae == nil {
				return err
			}
			return &PromptError{Code: "solution_" + ae.Code, Field: solutionField(ae.Field), Message: ae.Message}
		}
		last := j == len(s.Moves)-1
		switch {
		case res.Outcome == Correct && !last:
			return &PromptError{Code: "solution_line_ended", Field: fmt.Sprintf("solution.moves[%d]", j+1),
				Message: domain.Text{ZH: "这一步已经将死了，答案后面不能再有着法", EN: "this move already mates; the solution cannot go on after it"}}
		case res.Outcome == Correct:
			return nil
		case res.Outcome == Continue && last:
			return &PromptError{Code: "solution_too_short", Field: fmt.Sprintf("solution.moves[%d]", j),
				Message: domain.Text{ZH: fmt.Sprintf("答案在将死之前就停了：对方会走 %s，请把将死的着法也写上", res.Reply),
					EN: fmt.Sprintf("the solution stops before the mate: the opponent answers %s; give the line up to the mating move", res.Reply)}}
		case res.Outcome != Continue:
			ref, _ := res.Details["refutation"].(string)
			return &PromptError{Code: "solution_not_mate", Field: fmt.Sprintf("solution.moves[%d]", j), Message: res.Feedback, Refutation: ref}
		}
	}
	return nil
}

// solutionField names a field of the solution document from the answer
// field of the same line ("moves[2]" becomes "solution.moves[2]").
func solutionField(f string) string {
	if f == "" {
		return "solution"
	}
	return "solution." + f
}

// Check grades the newest student move of a mate-in-n line.
func (k chessMateKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	p, _, pos, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	line, err := lineAnswer(sub.Answer)
	if err != nil {
		return Result{}, err
	}
	return chessMateLine(pos, p.N, line)
}

// ---- chess.best_move

// chessBestKind is a line of only-moves; a mate at once is always right.
type chessBestKind struct{}

func (chessBestKind) Name() string    { return "chess.best_move" }
func (chessBestKind) Game() game.Name { return game.Chess }
func (chessBestKind) Steps() bool     { return true }
func (chessBestKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen"`, chessFENProp)
}
func (chessBestKind) AnswerSchema() json.RawMessage { return chessMateKind{}.AnswerSchema() }
func (chessBestKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"moves"`, chessMovesProp+", "+chessExplanationProp)
}

// Validate checks that the solution line is legal and that its first
// move is not refuted by what a rules engine sees for sure: a mate in one
// the move passes over, or a mate in one it allows when another move does
// not.
func (chessBestKind) Validate(prompt, solution json.RawMessage) error {
	if err := chessOnlyMoves.validate(prompt, solution); err != nil {
		return err
	}
	var p chessFENPrompt
	var s chessMovesSolution
	if json.Unmarshal(prompt, &p) != nil || json.Unmarshal(solution, &s) != nil || len(s.Moves) == 0 {
		return nil // refused above
	}
	pos, err := chessPosition(p.FEN)
	if err != nil {
		return err
	}
	m, err := chessSolutionMove(pos, s.Moves[0], "solution.moves[0]")
	if err != nil {
		return err
	}
	after, _ := pos.Play(m)
	if chessMated(after) {
		return nil
	}
	w := chessMoveWords(pos, m)
	if mates := pos.MateIn(1); len(mates) > 0 {
		mw := chessMoveWords(pos, mates[0])
		return &PromptError{Code: "solution_misses_mate", Field: "solution.moves[0]", Refutation: pos.SAN(mates[0]), Message: domain.Text{
			ZH: fmt.Sprintf("%s 不是最好的一步：这里可以一步将死（%s）", w.ZH, mw.ZH),
			EN: fmt.Sprintf("%s is not the best move: there is a mate in one here (%s)", ncCap(w.EN), mw.EN)}}
	}
	replies := after.MateIn(1)
	if len(replies) == 0 {
		return nil
	}
	for _, alt := range pos.LegalMoves() {
		if a, _ := pos.Play(alt); len(a.MateIn(1)) == 0 {
			rw := chessMoveWords(after, replies[0])
			return &PromptError{Code: "solution_allows_mate", Field: "solution.moves[0]", Refutation: after.SAN(replies[0]), Message: domain.Text{
				ZH: fmt.Sprintf("%s 不是最好的一步：之后对方可以一步将死（%s），而别的走法可以避免", w.ZH, rw.ZH),
				EN: fmt.Sprintf("%s is not the best move: then the opponent mates at once (%s), which another move avoids", ncCap(w.EN), rw.EN)}}
		}
	}
	return nil
}

// Check grades the newest student move against the solution line.
func (chessBestKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	return chessOnlyMoves.check(prompt, solution, sub)
}

// chessOnlyMoves grades chess.best_move lines: a mate is always right.
var chessOnlyMoves = onlyMoves[chess.Position, chess.Move]{
	position:     chessPosition,
	solutionMove: chessSolutionMove,
	parse:        chessMoveInput,
	play: func(pos chess.Position, m chess.Move) chess.Position {
		after, _ := pos.Play(m)
		return after
	},
	notation: chess.Position.SAN,
	words:    chessMoveWords,
	won:      chessMated,
	wonText:  chessMatedText,
	doneText: func(w domain.Text) domain.Text {
		return domain.Text{ZH: "完全正确！" + w.ZH + "，这是最好的一步。", EN: "Exactly! " + ncCap(w.EN) + ": that is the best move."}
	},
	goOnText: chessGoOnText,
	whyNot:   chessWhyNotBest,
}

// chessWhyNotBest explains, as far as a rules engine can, why a legal move
// is not the best one.
func chessWhyNotBest(pos chess.Position, m chess.Move) domain.Text {
	w := chessMoveWords(pos, m)
	W := ncCap(w.EN)
	after, _ := pos.Play(m)
	if after.Outcome().Method == chess.Stalemate {
		return domain.Text{ZH: w.ZH + "：让对方无棋可走却没有将军：这是逼和！", EN: W + ": that leaves the opponent no move without check: that is stalemate!"}
	}
	if ms := after.MateIn(1); len(ms) > 0 {
		mw := chessMoveWords(after, ms[0])
		return domain.Text{
			ZH: fmt.Sprintf("%s：之后对方可以一步将死你（%s）！", w.ZH, mw.ZH),
			EN: fmt.Sprintf("%s: then the opponent mates at once (%s)!", W, mw.EN),
		}
	}
	if sq, pc, ok := chessHangs(pos, m); ok {
		name := chessPieceName(pc.Type())
		return domain.Text{
			ZH: fmt.Sprintf("%s：之后，对方可以白白吃掉你在 %s 的%s。", w.ZH, sq, name.ZH),
			EN: fmt.Sprintf("%s: then the opponent can take your %s on %s for nothing.", W, strings.ToLower(name.EN), sq),
		}
	}
	return domain.Text{
		ZH: w.ZH + "：不是这里最好的一步。想一想：有没有将军、吃子或者更强的威胁？",
		EN: W + ": that is not the best move here. Look for checks, captures and stronger threats.",
	}
}

// chessHangs finds a piece (not a pawn) of the mover that m leaves to be
// taken for nothing: after m the opponent can capture it, and the mover
// cannot take back on that square. It prefers the most valuable one.
func chessHangs(pos chess.Position, m chess.Move) (chess.Square, chess.Piece, bool) {
	after, err := pos.Play(m)
	if err != nil {
		return 0, chess.NoPiece, false
	}
	rank := map[chess.PieceType]int{chess.Knight: 1, chess.Bishop: 2, chess.Rook: 3, chess.Queen: 4}
	var best chess.Square
	bestPiece := chess.NoPiece
	for _, r := range after.LegalMoves() {
		pc := after.PieceAt(r.To())
		if pc == chess.NoPiece || rank[pc.Type()] == 0 || bestPiece != chess.NoPiece && rank[pc.Type()] <= rank[bestPiece.Type()] {
			continue
		}
		taken, _ := after.Play(r)
		recapture := false
		for _, back := range taken.LegalMoves() {
			if back.To() == r.To() {
				recapture = true
				break
			}
		}
		if !recapture {
			best, bestPiece = r.To(), pc
		}
	}
	return best, bestPiece, bestPiece != chess.NoPiece
}
