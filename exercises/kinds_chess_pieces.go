package exercises

// chess.piece_moves, the beginners' kind (see kinds_chess.go).

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/game"
)

// ---- chess.piece_moves

type chessPiecePrompt struct {
	FEN    string `json:"fen"`
	Square string `json:"square"`
}

type chessSquaresSolution struct {
	Squares     []string    `json:"squares"`
	Explanation domain.Text `json:"explanation"`
}

type chessSquaresAnswer struct {
	Squares []string `json:"squares"`
}

// chessPieceMovesKind asks for every square a piece can move to.
type chessPieceMovesKind struct{}

func (chessPieceMovesKind) Name() string    { return "chess.piece_moves" }
func (chessPieceMovesKind) Game() game.Name { return game.Chess }
func (chessPieceMovesKind) Steps() bool     { return false }
func (chessPieceMovesKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen", "square"`, chessFENProp+`, "square": {"type": "string", "pattern": "^[a-h][1-8]$"}`)
}
func (chessPieceMovesKind) AnswerSchema() json.RawMessage {
	return chessSchema(`"squares"`, `"squares": {"type": "array", "items": {"type": "string"}}`)
}
func (chessPieceMovesKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"squares"`, `"squares": {"type": "array", "items": {"type": "string"}}, `+chessExplanationProp)
}

// parse returns the position, the piece's square and its destinations.
func (chessPieceMovesKind) parse(prompt, solution json.RawMessage) (chessSquaresSolution, chess.Position, chess.Square, map[chess.Square]bool, error) {
	var p chessPiecePrompt
	var s chessSquaresSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return s, chess.Position{}, 0, nil, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return s, chess.Position{}, 0, nil, promptJSONError("solution", err)
	}
	pos, err := chessPosition(p.FEN)
	if err != nil {
		return s, pos, 0, nil, err
	}
	from, err := chess.ParseSquare(p.Square)
	if err != nil {
		return s, pos, 0, nil, badPrompt("bad_square", "square", "格子名称不对："+p.Square, "not a square: "+p.Square)
	}
	pc := pos.PieceAt(from)
	if pc == chess.NoPiece || pc.Color() != pos.Turn() {
		return s, pos, from, nil, badPrompt("no_piece_to_move", "square",
			p.Square+" 上没有轮到走棋一方的棋子", "there is no piece of the side to move on "+p.Square)
	}
	dest := map[chess.Square]bool{}
	for _, m := range pos.LegalMoves() {
		if m.From() == from {
			dest[m.To()] = true
		}
	}
	return s, pos, from, dest, nil
}

// Validate checks the piece and that the solution lists exactly its
// destinations.
func (k chessPieceMovesKind) Validate(prompt, solution json.RawMessage) error {
	s, _, _, dest, err := k.parse(prompt, solution)
	if err != nil {
		return err
	}
	seen := map[chess.Square]bool{}
	for i, in := range s.Squares {
		sq, err := chess.ParseSquare(in)
		if err != nil || !dest[sq] {
			return badPrompt("solution_square_wrong", fmt.Sprintf("squares[%d]", i),
				"这个棋子走不到 "+in, "the piece cannot move to "+in)
		}
		seen[sq] = true
	}
	if len(seen) != len(dest) {
		return badPrompt("solution_incomplete", "squares",
			fmt.Sprintf("答案列了 %d 个格子，其实有 %d 个", len(seen), len(dest)),
			fmt.Sprintf("the solution lists %d squares; there are %d", len(seen), len(dest)))
	}
	return nil
}

// Check grades the marked squares with partial credit.
func (k chessPieceMovesKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	_, pos, from, dest, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	var a chessSquaresAnswer
	if err := unmarshalStrict(sub.Answer, &a); err != nil {
		return Result{}, answerJSONError(err)
	}
	if a.Squares == nil {
		return Result{}, badAnswer("squares_required", "squares", "请把格子写成一个列表", "list the squares as \"squares\"")
	}
	marked := map[chess.Square]bool{}
	for i, in := range a.Squares {
		sq, err := chess.ParseSquare(strings.ToLower(strings.TrimSpace(in)))
		if err != nil {
			return Result{}, badAnswer("bad_square", fmt.Sprintf("squares[%d]", i), "不是棋盘上的格子："+in, "not a square on the board: "+in)
		}
		marked[sq] = true
	}
	var bad []chess.Square
	right := 0
	for sq := range marked {
		if dest[sq] {
			right++
		} else {
			bad = append(bad, sq)
		}
	}
	sort.Slice(bad, func(i, j int) bool { return bad[i] < bad[j] })
	var whyZH, whyEN []string
	var wrong []map[string]any
	for _, sq := range bad {
		why := chessWhyNotSquare(pos, from, sq)
		wrong = append(wrong, map[string]any{"square": sq.String(), "reason": why})
		whyZH = append(whyZH, why.ZH)
		whyEN = append(whyEN, why.EN)
	}
	if len(dest) == 0 && len(marked) == 0 {
		return Result{Outcome: Correct, Score: 1, Details: map[string]any{"right": 0, "missed": 0},
			Feedback: domain.Text{ZH: "对了，这个棋子现在一步也不能走！", EN: "Right: this piece cannot move at all now!"}}, nil
	}
	return setResult(right, len(bad), len(dest), whyZH, whyEN, map[string]any{"wrong": wrong}), nil
}

// chessWhyNotSquare asks the engine why the piece on from cannot go to.
func chessWhyNotSquare(pos chess.Position, from, to chess.Square) domain.Text {
	promo := chess.NoPieceType
	if pos.PieceAt(from).Type() == chess.Pawn && (to.Rank() == 0 || to.Rank() == 7) {
		promo = chess.Queen
	}
	if from == to {
		return domain.Text{ZH: to.String() + "：棋子本来就在这里", EN: to.String() + ": the piece is already there"}
	}
	_, err := pos.Play(chess.NewMove(from, to, promo))
	if ie, ok := err.(*chess.IllegalMoveError); ok {
		bare := *ie // the reason alone: the square names the move
		bare.Input = ""
		t := chessText(&bare)
		return domain.Text{ZH: to.String() + "：" + t.ZH, EN: to.String() + ": " + t.EN}
	}
	return domain.Text{ZH: to.String() + "：走不到这里", EN: to.String() + ": the piece cannot go there"}
}
