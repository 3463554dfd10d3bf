package exercises

// The international draughts kinds, checked by qixue/rules/draughts.
// Positions are PDN FEN ("W:W28,K45:B12,19"); moves are PDN ("32-28",
// "28x19", "28x17x8"), a capture with only its start and end squares when
// that is unambiguous. The server always answers in the shortest
// unambiguous PDN.
//
// draughts.capture: capturing is compulsory and the capture must take the
// most pieces; any maximal capture is right.
//
//	prompt:   {"fen": "W:W..."}
//	solution: {"move": "28x17x8", "explanation": {...}}
//	answer:   {"move": "28x8"}
//
// draughts.shot: a combination (打击): the student sacrifices, the opponent's
// replies are forced (each is the opponent's only legal move, which
// Validate enforces), and the student's last move takes back more. At each
// step the student's move must be the solution's, or a move after which
// the opponent cannot move at all (an immediate win).
//
//	prompt:   {"fen": "W:W..."}
//	solution: {"moves": ["27-22", "18x27", "32x5"], "explanation": {...}}
//	answer:   {"moves": ["27-22"]}, then {"moves": ["27-22", "18x27", "32x5"]}
//
// Skill tags used by the draughts bank:
//
//	draughts.capture.man       a man's capture (forward and backward)
//	draughts.capture.majority  the capture that takes the most pieces
//	draughts.capture.king      a flying king's capture
//	draughts.capture.turkish   the Turkish strike (no piece jumped twice)
//	draughts.shot              a combination with forced replies
//	draughts.combination       a shot with two or more forced sacrifices
//	draughts.endgame.kings     kings against a lone king (or king and man)
//	draughts.rules.<topic>     rules questions (choice, number)

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/draughts"
	"qixue/rules/game"
)

// draughtsText returns an engine error's message in both languages.
func draughtsText(err interface{ Message(string) string }) domain.Text {
	return domain.Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
}

// draughtsPosition parses the FEN of a prompt.
func draughtsPosition(fen string) (draughts.Position, error) {
	if strings.TrimSpace(fen) == "" {
		return draughts.Position{}, badPrompt("missing_fen", "fen", "题目缺少 FEN 局面", "the prompt has no FEN")
	}
	pos, err := draughts.ParseFEN(fen)
	if err != nil {
		var fe *draughts.FormatError
		if errors.As(err, &fe) {
			return pos, &PromptError{Code: fe.Code(), Field: "fen", Message: draughtsText(fe)}
		}
		return pos, &PromptError{Code: "bad_fen", Field: "fen", Message: domain.Text{ZH: err.Error(), EN: err.Error()}}
	}
	if !pos.HasLegalMoves() {
		return pos, badPrompt("no_legal_moves", "fen", "走棋的一方已经无子可动", "the side to move has no legal move")
	}
	return pos, nil
}

// draughtsMoveInput reads a student's move. Unreadable or ambiguous
// notation is an *AnswerError; a readable move that is not allowed gives
// illegal, the reason, for a Wrong result. Reasons that would name the
// legal captures (and so give the answer away) are replaced by a hint.
func draughtsMoveInput(pos draughts.Position, input, field string) (m draughts.Move, illegal *domain.Text, err error) {
	if strings.TrimSpace(input) == "" {
		return m, nil, badAnswer("missing_move", field, "还没有写着法", "no move was given")
	}
	m, perr := pos.ParseMove(input)
	if perr == nil {
		return m, nil, nil
	}
	var ie *draughts.IllegalMoveError
	if !errors.As(perr, &ie) {
		return m, nil, badAnswer("bad_move", field, perr.Error(), perr.Error())
	}
	switch ie.Code() {
	case draughts.CodeBadMoveSyntax, draughts.CodeNoSuchSquare, draughts.CodeAmbiguousMove:
		return m, nil, &AnswerError{Code: ie.Code(), Field: field, Message: draughtsText(ie)}
	case draughts.CodeCaptureMandatory:
		return m, &domain.Text{
			ZH: "有吃必吃！找一找哪个棋子可以吃子。",
			EN: "capturing is compulsory! Find a piece that can take.",
		}, nil
	case draughts.CodeIllegalMove:
		if draughtsCanCaptureFrom(pos, input) && !strings.ContainsAny(input, "xX:×") {
			return m, &domain.Text{
				ZH: "有吃必吃：这个棋子能吃子，就必须吃，不能走普通的一步。数一数它能跳过哪些棋子。",
				EN: "capturing is compulsory: this piece can capture, so it must, not make a plain move. Follow its jumps.",
			}, nil
		}
		if draughtsCanCaptureFrom(pos, input) {
			return m, &domain.Text{
				ZH: "这个棋子可以吃子，但不是这样吃的，再数一数它能跳过哪些棋子。",
				EN: "this piece can capture, but not that way; follow its jumps again.",
			}, nil
		}
	}
	t := draughtsText(ie)
	return m, &t, nil
}

// draughtsCanCaptureFrom reports whether the piece on the first square of
// input has a legal capture.
func draughtsCanCaptureFrom(pos draughts.Position, input string) bool {
	end := strings.IndexFunc(input, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(input)
	}
	n, err := strconv.Atoi(input[:end])
	if err != nil {
		return false
	}
	for _, m := range pos.LegalMoves() {
		if m.IsCapture() && m.From().Number() == n {
			return true
		}
	}
	return false
}

// draughtsSolutionMove reads a move of a solution, which must be legal.
func draughtsSolutionMove(pos draughts.Position, input, field string) (draughts.Move, error) {
	m, err := pos.ParseMove(input)
	if err != nil {
		msg := domain.Text{ZH: err.Error(), EN: err.Error()}
		var ie *draughts.IllegalMoveError
		if errors.As(err, &ie) {
			msg = draughtsText(ie)
		}
		return m, &PromptError{Code: "solution_move_illegal", Field: field, Message: msg}
	}
	return m, nil
}

// draughtsSquares lists the squares of a move's captured pieces.
func draughtsSquares(m draughts.Move) []int {
	out := []int{}
	for _, s := range m.Captured() {
		out = append(out, s.Number())
	}
	return out
}

const (
	draughtsFENProp  = `"fen": {"type": "string", "description": "the position in PDN FEN, e.g. W:W28,K45:B12,19"}`
	draughtsMoveProp = `"move": {"type": "string", "description": "a move in PDN: 32-28, 28x19 or 28x17x8"}`
)

// ---- draughts.capture

type draughtsFENPrompt struct {
	FEN string `json:"fen"`
}

// draughtsCaptureKind asks for the mandatory maximal capture.
type draughtsCaptureKind struct{}

func (draughtsCaptureKind) Name() string    { return "draughts.capture" }
func (draughtsCaptureKind) Game() game.Name { return game.Draughts }
func (draughtsCaptureKind) Steps() bool     { return false }
func (draughtsCaptureKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen"`, draughtsFENProp)
}
func (draughtsCaptureKind) AnswerSchema() json.RawMessage {
	return chessSchema(`"move"`, draughtsMoveProp)
}
func (draughtsCaptureKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"move"`, draughtsMoveProp+", "+chessExplanationProp)
}

func (draughtsCaptureKind) parse(prompt, solution json.RawMessage) (chessMoveSolution, draughts.Position, error) {
	var p draughtsFENPrompt
	var s chessMoveSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return s, draughts.Position{}, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return s, draughts.Position{}, promptJSONError("solution", err)
	}
	pos, err := draughtsPosition(p.FEN)
	if err != nil {
		return s, pos, err
	}
	if !pos.LegalMoves()[0].IsCapture() {
		return s, pos, badPrompt("no_capture", "fen", "这个局面里没有可以吃的子", "there is no capture in this position")
	}
	return s, pos, nil
}

// Validate checks that the position has a capture and the solution is one
// of the maximal captures.
func (k draughtsCaptureKind) Validate(prompt, solution json.RawMessage) error {
	s, pos, err := k.parse(prompt, solution)
	if err != nil {
		return err
	}
	_, err = draughtsSolutionMove(pos, s.Move, "solution.move")
	return err
}

// Check grades a capture: any legal move is a maximal capture here.
func (k draughtsCaptureKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	_, pos, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	var a chessMoveAnswer
	if err := unmarshalStrict(sub.Answer, &a); err != nil {
		return Result{}, answerJSONError(err)
	}
	m, illegal, err := draughtsMoveInput(pos, a.Move, "move")
	if err != nil {
		return Result{}, err
	}
	if illegal != nil {
		return illegalMove(a.Move, *illegal), nil
	}
	n := m.CaptureCount()
	return Result{Outcome: Correct, Score: 1,
		Details: map[string]any{"move": pos.Notation(m), "captured": draughtsSquares(m)},
		Feedback: domain.Text{
			ZH: fmt.Sprintf("对了！%s，吃掉 %d 个棋子。", draughtsCaptureWords(pos.Notation(m)).ZH, n),
			EN: fmt.Sprintf("Right! %s takes %d %s.", draughtsCaptureWords(pos.Notation(m)).EN, n, map[bool]string{true: "piece", false: "pieces"}[n == 1]),
		}}, nil
}

// draughtsCaptureWords says a capture in words, as the lessons before the
// notation lesson do: "28x17x8" is "从 28 吃到 17，再吃到 8" and
// "Capturing from 28 to 17 and on to 8".
func draughtsCaptureWords(notation string) domain.Text {
	sq := strings.Split(notation, "x")
	zh, en := "从 "+sq[0], "Capturing from "+sq[0]
	for i, s := range sq[1:] {
		if i == 0 {
			zh += " 吃到 " + s
			en += " to " + s
		} else {
			zh += "，再吃到 " + s
			en += " and on to " + s
		}
	}
	return domain.Text{ZH: zh, EN: en}
}

// ---- draughts.shot

// draughtsShotKind is a combination with forced replies.
type draughtsShotKind struct{}

func (draughtsShotKind) Name() string    { return "draughts.shot" }
func (draughtsShotKind) Game() game.Name { return game.Draughts }
func (draughtsShotKind) Steps() bool     { return true }
func (draughtsShotKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen"`, draughtsFENProp)
}
func (draughtsShotKind) AnswerSchema() json.RawMessage { return chessMateKind{}.AnswerSchema() }
func (draughtsShotKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"moves"`, chessMovesProp+", "+chessExplanationProp)
}

// Validate checks that the line is legal and every reply forced.
func (draughtsShotKind) Validate(prompt, solution json.RawMessage) error {
	return draughtsOnlyMoves.validate(prompt, solution)
}

// Check grades the newest student move of a shot.
func (draughtsShotKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	return draughtsOnlyMoves.check(prompt, solution, sub)
}

// draughtsOnlyMoves grades draughts.shot lines: leaving the opponent
// without a move is always right.
var draughtsOnlyMoves = onlyMoves[draughts.Position, draughts.Move]{
	position:     draughtsPosition,
	solutionMove: draughtsSolutionMove,
	forced:       func(pos draughts.Position) bool { return len(pos.LegalMoves()) == 1 },
	parse:        draughtsMoveInput,
	play: func(pos draughts.Position, m draughts.Move) draughts.Position {
		after, _ := pos.Play(m)
		return after
	},
	notation: draughts.Position.Notation,
	won:      func(after draughts.Position) bool { return !after.HasLegalMoves() },
	wonText: func(nt domain.Text) domain.Text {
		return domain.Text{ZH: "赢了！" + nt.ZH + " 之后对方无子可动。", EN: "You win! After " + nt.EN + " the opponent cannot move."}
	},
	doneText: func(nt domain.Text) domain.Text {
		return domain.Text{ZH: "漂亮的打击！" + nt.ZH + " 完成了组合。", EN: "A fine shot! " + nt.EN + " finishes the combination."}
	},
	goOnText: func(reply domain.Text) domain.Text {
		return domain.Text{ZH: fmt.Sprintf("好棋！对手只能走 %s，继续。", reply.ZH), EN: fmt.Sprintf("Good move! The opponent must play %s; go on.", reply.EN)}
	},
	whyNot: draughtsWhyNotShot,
}

// draughtsWhyNotShot explains why a legal move is not the shot.
func draughtsWhyNotShot(pos draughts.Position, m draughts.Move) domain.Text {
	nt := pos.Notation(m)
	after, _ := pos.Play(m)
	best := 0
	for _, r := range after.LegalMoves() {
		best = max(best, r.CaptureCount())
	}
	if best > m.CaptureCount() {
		return domain.Text{
			ZH: fmt.Sprintf("%s 之后对方可以吃掉你 %d 个棋子，得不偿失。", nt, best),
			EN: fmt.Sprintf("After %s the opponent can take %d of your pieces: you lose more than you win.", nt, best),
		}
	}
	return domain.Text{
		ZH: nt + " 不是这里的组合。想一想：送掉一个子，能不能让对方被迫吃子，然后你一下吃回更多？",
		EN: nt + " is not the combination here. Think: can you give a piece so that the opponent must take, and then take back more?",
	}
}
