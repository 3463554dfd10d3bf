package exercises

// The chess kinds, checked by qixue/rules/chess. Positions are FEN; moves
// may be written in any notation the engine reads (SAN with or without "x"
// and "+", long algebraic, UCI); the server always answers in SAN.
//
// chess.escape_check ("help the king", 给国王帮帮忙): the side to move is in
// check; any legal move out of check is right. The prompt may demand a
// method, "king" (躲将), "block" (垫将) or "capture" (消将); then an escape
// of another method is wrong and the feedback names the method used.
//
//	prompt:   {"fen": "...", "method": "block"}
//	solution: {"move": "Bd7", "explanation": {...}}
//	answer:   {"move": "Bd7"}
//
// chess.all_escapes: list every legal answer to a check. Graded as a set:
// (right - wrong) / number of escapes, at least 0; exact set is correct.
//
//	prompt:   {"fen": "..."}
//	solution: {"moves": ["Kd7", "Bd7", ...], "explanation": {...}}
//	answer:   {"moves": ["Kd7", "Bd7"]}
//
// chess.mate_in: mate in n (1-3). Any move that still forces mate within
// the moves left is accepted at each step. After a student move that does
// not mate at once the server plays the defence that resists longest (the
// reply after which the mate is furthest away; ties go to the reply with
// the smallest UCI string, so the same line always gets the same reply).
// A line sent back (or a solution line) may carry any other legal defence
// instead: every defence is checked, as Lichess solution lines pick one of
// several (Nxf6+ gxf6 Qh7# where the server would answer Qxf6).
//
//	prompt:   {"fen": "...", "n": 2}
//	solution: {"moves": ["Qh5+", "Kg8", "Qh7#"], "explanation": {...}}
//	answer:   {"moves": ["Qh5+", "Kg8", "Qh7#"]} (or {"move": "Qh7#"} for n = 1)
//
// chess.best_move: a line of only-moves (Lichess style). At each step the
// student's move must be the solution's move, or any move that mates at
// once; the server replies with the solution's next move.
//
//	prompt:   {"fen": "..."}
//	solution: {"moves": ["Rxe8+", "Rxe8", "Rxe8#"], "explanation": {...}}
//	answer:   {"moves": ["Rxe8+"]}, then {"moves": ["Rxe8+", "Rxe8", "Rxe8#"]}
//
// chess.piece_moves (beginners): mark every square the piece on a square can
// move to (the piece belongs to the side to move). Graded as a set like
// chess.all_escapes; an empty set is right when the piece cannot move
// (pinned or blocked).
//
//	prompt:   {"fen": "...", "square": "b1"}
//	solution: {"squares": ["a3", "c3", "d2"], "explanation": {...}}
//	answer:   {"squares": ["a3", "c3"]}
//
// Multi-step answers follow the package convention: the student's moves at
// even indexes, the server's replies at odd indexes, ending with a student
// move; a reply the server would not have given is an AnswerError
// "reply_mismatch".
//
// Skill tags used by the chess bank and generators:
//
//	chess.check.escape       answering a check (any method)
//	chess.check.king         躲将, moving the king
//	chess.check.block        垫将, blocking the line
//	chess.check.capture      消将, taking the checking piece
//	chess.check.all_escapes  listing every answer to a check
//	chess.mate.1, chess.mate.2, chess.mate.3   mate in n
//	chess.mate.back_rank, chess.mate.smothered  named mating patterns
//	chess.tactics.line       an only-move line (best_move)
//	chess.tactics.fork, chess.tactics.pin, chess.tactics.skewer,
//	chess.tactics.discovered, chess.tactics.double_check,
//	chess.tactics.remove_defender   themed tactics (a best_move line that
//	                         wins material, a mate, or a question on it)
//	chess.mate.ladder, chess.mate.queen, chess.mate.rook   two rooks, queen
//	                         and king, rook and king against a lone king
//	chess.moves.<piece>      how a piece moves (king, queen, rook, bishop, knight, pawn)
//	chess.moves.pin          a pinned piece
//	chess.rules.<topic>      rules questions (choice, number)
//	chess.rules.etiquette    manners at a competition: handshakes, quiet
//	                         (touch-move and the clock have their own tags)
//	chess.notation.error     finding an impossible move in a written game

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/game"
)

// chessErr is the localized error interface of the chess engine.
type chessErr interface {
	error
	Code() string
	Message(lang string) string
}

// chessText returns an engine error's message in both languages.
func chessText(err chessErr) domain.Text {
	return domain.Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
}

// chessSide names a colour for a child.
func chessSide(c chess.Color) domain.Text {
	if c == chess.White {
		return domain.Text{ZH: "白方", EN: "White"}
	}
	return domain.Text{ZH: "黑方", EN: "Black"}
}

// chessPosition parses the FEN of a prompt.
func chessPosition(fen string) (chess.Position, error) {
	if strings.TrimSpace(fen) == "" {
		return chess.Position{}, badPrompt("missing_fen", "fen", "题目缺少 FEN 局面", "the prompt has no FEN")
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		var fe *chess.FENError
		if errors.As(err, &fe) {
			return pos, &PromptError{Code: fe.Code(), Field: "fen", Message: chessText(fe)}
		}
		return pos, &PromptError{Code: "bad_fen", Field: "fen", Message: domain.Text{ZH: err.Error(), EN: err.Error()}}
	}
	return pos, nil
}

// chessMoveInput reads a student's move. Unreadable or ambiguous notation
// is an *AnswerError; a readable move that is not allowed gives illegal,
// the engine's reason, for a Wrong result.
func chessMoveInput(pos chess.Position, input, field string) (m chess.Move, illegal *domain.Text, err error) {
	if strings.TrimSpace(input) == "" {
		return m, nil, badAnswer("missing_move", field, "还没有写着法", "no move was given")
	}
	if len(input) > 32 { // no move is that long: do not let such input fill the cache
		m, illegal, aerr := chessParseMove(pos, input, field)
		if aerr != nil {
			return m, nil, aerr
		}
		return m, illegal, nil
	}
	key := pos.FEN() + "|" + field + "|" + input
	if c, ok := chessParseCache.get(key); ok {
		if c.err != nil {
			e := *c.err
			return c.m, nil, &e
		}
		return c.m, c.illegal, nil
	}
	m, illegal, aerr := chessParseMove(pos, input, field)
	chessParseCache.put(key, chessParsed{m: m, illegal: illegal, err: aerr})
	if aerr != nil {
		e := *aerr
		return m, nil, &e
	}
	return m, illegal, nil
}

// chessParseMove is chessMoveInput without the cache.
func chessParseMove(pos chess.Position, input, field string) (chess.Move, *domain.Text, *AnswerError) {
	m, perr := pos.ParseMove(input)
	if perr == nil {
		return m, nil, nil
	}
	ie, ok := perr.(*chess.IllegalMoveError)
	if !ok {
		return m, nil, badAnswer("bad_move", field, perr.Error(), perr.Error())
	}
	switch ie.Reason {
	case chess.ReasonBadNotation, chess.ReasonAmbiguous:
		msg := chessText(ie)
		if len(ie.Candidates) > 0 {
			msg.ZH += "（可能是 " + strings.Join(ie.Candidates, "、") + "）"
			msg.EN += " (could be " + strings.Join(ie.Candidates, ", ") + ")"
		}
		return m, nil, &AnswerError{Code: ie.Reason, Field: field, Message: msg}
	}
	bare := *ie // the reason alone: illegalMove names the move
	bare.Input = ""
	t := chessText(&bare)
	return m, &t, nil
}

// chessSolutionMove reads a move of a solution, which must be legal.
func chessSolutionMove(pos chess.Position, input, field string) (chess.Move, error) {
	m, illegal, err := chessMoveInput(pos, input, field)
	if err != nil {
		var ae *AnswerError
		if errors.As(err, &ae) {
			return m, &PromptError{Code: "solution_move_illegal", Field: field, Message: ae.Message}
		}
		return m, err
	}
	if illegal != nil {
		return m, &PromptError{Code: "solution_move_illegal", Field: field, Message: *illegal}
	}
	return m, nil
}

// chessContains reports whether ms contains m.
func chessContains(ms []chess.Move, m chess.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// chessMated reports whether the side to move in p is checkmated.
func chessMated(p chess.Position) bool { return p.Outcome().Method == chess.Checkmate }

// chessCache is a bounded memo shared by concurrent checks: the engine's
// move parsing, escape lists and mate searches are repeated for every
// submission to the same exercise. When it holds max entries it is emptied.
type chessCache[V any] struct {
	mu  sync.Mutex
	m   map[string]V
	max int
}

func (c *chessCache[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *chessCache[V]) put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= c.max {
		c.m = make(map[string]V)
	}
	c.m[key] = v
}

// chessParsed is a cached result of chessMoveInput.
type chessParsed struct {
	m       chess.Move
	illegal *domain.Text
	err     *AnswerError
}

var (
	chessMateInCache  = &chessCache[[]chess.Move]{max: 4096}
	chessReplyCache   = &chessCache[chess.Move]{max: 4096}
	chessEscapesCache = &chessCache[chess.Escapes]{max: 4096}
	chessParseCache   = &chessCache[chessParsed]{max: 16384}
)

// chessMateIn returns pos.MateIn(n), cached.
func chessMateIn(pos chess.Position, n int) []chess.Move {
	key := fmt.Sprint(n, " ", pos.FEN())
	if ms, ok := chessMateInCache.get(key); ok {
		return ms
	}
	ms := pos.MateIn(n)
	chessMateInCache.put(key, ms)
	return ms
}

// chessDefence returns the defender's reply in pos (the defender to move,
// the attacker to mate within left moves): the move after which the mate is
// furthest away, ties broken by the smallest UCI string. ok is false when
// the defender has no move.
func chessDefence(pos chess.Position, left int) (chess.Move, bool) {
	key := fmt.Sprint(left, " ", pos.FEN())
	if m, ok := chessReplyCache.get(key); ok {
		return m, true
	}
	best, bestDist := chess.Move{}, -1
	for _, r := range pos.LegalMoves() {
		after, err := pos.Play(r)
		if err != nil {
			continue
		}
		d := after.MateDistance(left)
		if d == 0 {
			d = left + 1 // escapes the mate: the longest resistance of all
		}
		if d > bestDist || d == bestDist && r.String() < best.String() {
			best, bestDist = r, d
		}
	}
	if bestDist < 0 {
		return best, false
	}
	chessReplyCache.put(key, best)
	return best, true
}

const chessTextDef = `{"type": "object", "properties": {"zh-CN": {"type": "string"}, "en": {"type": "string"}}}`

// chessSchema builds a draft 2020-12 object schema from its properties.
func chessSchema(required string, props string) json.RawMessage {
	return json.RawMessage(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "additionalProperties": false, "required": [` +
		required + `], "properties": {` + props + `}}`)
}

const (
	chessFENProp         = `"fen": {"type": "string", "description": "the position in FEN"}`
	chessMoveProp        = `"move": {"type": "string", "description": "a move in SAN, long algebraic or UCI"}`
	chessMovesProp       = `"moves": {"type": "array", "items": {"type": "string"}}`
	chessExplanationProp = `"explanation": ` + chessTextDef
)

// ---- chess.escape_check

type chessEscapePrompt struct {
	FEN    string `json:"fen"`
	Method string `json:"method,omitempty"`
}

type chessMoveSolution struct {
	Move        string      `json:"move"`
	Explanation domain.Text `json:"explanation"`
}

type chessMoveAnswer struct {
	Move string `json:"move"`
}

// chessEscapeKind is "help the king": any legal move out of check.
type chessEscapeKind struct{}

func (chessEscapeKind) Name() string    { return "chess.escape_check" }
func (chessEscapeKind) Game() game.Name { return game.Chess }
func (chessEscapeKind) Steps() bool     { return false }
func (chessEscapeKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen"`, chessFENProp+`, "method": {"enum": ["king", "block", "capture"], "description": "the way the student must answer the check"}`)
}
func (chessEscapeKind) AnswerSchema() json.RawMessage { return chessSchema(`"move"`, chessMoveProp) }
func (chessEscapeKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"move"`, chessMoveProp+", "+chessExplanationProp)
}

// chessMethod returns the escape method named s.
func chessMethod(s string) (chess.EscapeMethod, bool) {
	for _, m := range []chess.EscapeMethod{chess.EscapeKing, chess.EscapeBlock, chess.EscapeCapture} {
		if m.String() == s {
			return m, true
		}
	}
	return 0, false
}

// chessMethodText names an escape method for a child.
func chessMethodText(m chess.EscapeMethod) domain.Text {
	switch m {
	case chess.EscapeKing:
		return domain.Text{ZH: "躲将", EN: "moving the king away"}
	case chess.EscapeBlock:
		return domain.Text{ZH: "垫将", EN: "blocking the check"}
	}
	return domain.Text{ZH: "消将", EN: "capturing the checking piece"}
}

// chessEscapes parses a check position and lists its escapes.
func chessEscapes(fen string) (chess.Position, chess.Escapes, error) {
	pos, err := chessPosition(fen)
	if err != nil {
		return pos, chess.Escapes{}, err
	}
	esc, ok := chessEscapesCache.get(pos.FEN())
	if !ok {
		esc, err = pos.Escapes()
		if err == nil {
			chessEscapesCache.put(pos.FEN(), esc)
		}
	}
	if err != nil {
		return pos, esc, badPrompt("not_in_check", "fen", "题目局面里要走的一方没有被将军", "the side to move is not in check")
	}
	if len(esc.Moves) == 0 {
		return pos, esc, badPrompt("checkmated", "fen", "这个局面已经被将死了，没有办法应将", "the side to move is checkmated: there is no escape")
	}
	return pos, esc, nil
}

// chessEscapeOf returns the escape that is move m.
func chessEscapeOf(esc chess.Escapes, m chess.Move) (chess.Escape, bool) {
	for _, e := range esc.Moves {
		if e.Move == m {
			return e, true
		}
	}
	return chess.Escape{}, false
}

func (chessEscapeKind) parse(prompt, solution json.RawMessage) (chessEscapePrompt, chessMoveSolution, chess.Position, chess.Escapes, error) {
	var p chessEscapePrompt
	var s chessMoveSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return p, s, chess.Position{}, chess.Escapes{}, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return p, s, chess.Position{}, chess.Escapes{}, promptJSONError("solution", err)
	}
	pos, esc, err := chessEscapes(p.FEN)
	if err != nil {
		return p, s, pos, esc, err
	}
	if p.Method != "" {
		want, ok := chessMethod(p.Method)
		if !ok {
			return p, s, pos, esc, badPrompt("unknown_method", "method", "应将方法只能是 king、block 或 capture", "the method must be king, block or capture")
		}
		found := false
		for _, e := range esc.Moves {
			found = found || e.Method == want
		}
		if !found {
			mt := chessMethodText(want)
			return p, s, pos, esc, badPrompt("method_impossible", "method",
				"这个局面不能用"+mt.ZH+"来应将", "this check cannot be answered by "+mt.EN)
		}
	}
	return p, s, pos, esc, nil
}

// Validate checks that the side to move is in check, can escape (by the
// demanded method) and that the solution move is such an escape.
func (k chessEscapeKind) Validate(prompt, solution json.RawMessage) error {
	p, s, pos, esc, err := k.parse(prompt, solution)
	if err != nil {
		return err
	}
	m, err := chessSolutionMove(pos, s.Move, "move")
	if err != nil {
		return err
	}
	e, _ := chessEscapeOf(esc, m)
	if p.Method != "" && e.Method.String() != p.Method {
		return badPrompt("solution_wrong_method", "move", "答案用的应将方法和题目要求的不一样", "the solution answers the check by another method than the one asked")
	}
	return nil
}

// Check grades one move out of check.
func (k chessEscapeKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	p, _, pos, esc, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	var a chessMoveAnswer
	if err := unmarshalStrict(sub.Answer, &a); err != nil {
		return Result{}, answerJSONError(err)
	}
	m, illegal, err := chessMoveInput(pos, a.Move, "move")
	if err != nil {
		return Result{}, err
	}
	if illegal != nil {
		return illegalMove(a.Move, *illegal), nil
	}
	e, _ := chessEscapeOf(esc, m)
	used := chessMethodText(e.Method)
	w := chessMoveWords(pos, m) // K1 and G23 children: words, not notation
	details := map[string]any{"move": e.SAN, "method": e.Method.String()}
	if p.Method != "" && e.Method.String() != p.Method {
		want, _ := chessMethod(p.Method)
		wt := chessMethodText(want)
		return Result{Outcome: Wrong, Details: details, Feedback: domain.Text{
			ZH: fmt.Sprintf("%s：确实能应将，用的是%s；可是这道题要用%s。", w.ZH, used.ZH, wt.ZH),
			EN: fmt.Sprintf("%s: that does get out of check, by %s; but this puzzle asks for %s.", ncCap(w.EN), used.EN, wt.EN),
		}}, nil
	}
	return Result{Outcome: Correct, Score: 1, Details: details, Feedback: domain.Text{
		ZH: fmt.Sprintf("对了！%s，用%s帮国王解围。", w.ZH, used.ZH),
		EN: fmt.Sprintf("Right! %s: that helps the king by %s.", ncCap(w.EN), used.EN),
	}}, nil
}

// ---- chess.all_escapes

type chessFENPrompt struct {
	FEN string `json:"fen"`
}

type chessMovesSolution struct {
	Moves       []string    `json:"moves"`
	Explanation domain.Text `json:"explanation"`
}

type chessMovesAnswer struct {
	Move  *string  `json:"move"`
	Moves []string `json:"moves"`
}

// chessAllEscapesKind asks for every escape from a check.
type chessAllEscapesKind struct{}

func (chessAllEscapesKind) Name() string    { return "chess.all_escapes" }
func (chessAllEscapesKind) Game() game.Name { return game.Chess }
func (chessAllEscapesKind) Steps() bool     { return false }
func (chessAllEscapesKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen"`, chessFENProp)
}
func (chessAllEscapesKind) AnswerSchema() json.RawMessage {
	return chessSchema(`"moves"`, chessMovesProp)
}
func (chessAllEscapesKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"moves"`, chessMovesProp+", "+chessExplanationProp)
}

func (chessAllEscapesKind) parse(prompt, solution json.RawMessage) (chessMovesSolution, chess.Position, chess.Escapes, error) {
	var p chessFENPrompt
	var s chessMovesSolution
	if err := unmarshalStrict(prompt, &p); err != nil {
		return s, chess.Position{}, chess.Escapes{}, promptJSONError("prompt", err)
	}
	if err := unmarshalStrict(solution, &s); err != nil {
		return s, chess.Position{}, chess.Escapes{}, promptJSONError("solution", err)
	}
	pos, esc, err := chessEscapes(p.FEN)
	return s, pos, esc, err
}

// Validate checks the check position and that the solution lists exactly
// its escapes.
func (k chessAllEscapesKind) Validate(prompt, solution json.RawMessage) error {
	s, pos, esc, err := k.parse(prompt, solution)
	if err != nil {
		return err
	}
	seen := map[chess.Move]bool{}
	for i, in := range s.Moves {
		m, err := chessSolutionMove(pos, in, fmt.Sprintf("moves[%d]", i))
		if err != nil {
			return err
		}
		seen[m] = true
	}
	if len(seen) != len(esc.Moves) {
		return badPrompt("solution_incomplete", "moves",
			fmt.Sprintf("答案列了 %d 种应将，其实有 %d 种", len(seen), len(esc.Moves)),
			fmt.Sprintf("the solution lists %d escapes; there are %d", len(seen), len(esc.Moves)))
	}
	return nil
}

// Check grades a set of escapes with partial credit.
func (k chessAllEscapesKind) Check(prompt, solution json.RawMessage, sub Submission) (Result, error) {
	_, pos, esc, err := k.parse(prompt, solution)
	if err != nil {
		return Result{}, err
	}
	var a chessMovesAnswer
	if err := unmarshalStrict(sub.Answer, &a); err != nil {
		return Result{}, answerJSONError(err)
	}
	if a.Move != nil || a.Moves == nil {
		return Result{}, badAnswer("moves_required", "moves", "请把所有应将的着法写成一个列表", "list the moves as \"moves\"")
	}
	chosen := map[chess.Move]bool{}
	var wrong []map[string]any
	fbZH, fbEN := []string{}, []string{}
	for i, in := range a.Moves {
		m, illegal, err := chessMoveInput(pos, in, fmt.Sprintf("moves[%d]", i))
		if err != nil {
			return Result{}, err
		}
		if illegal != nil {
			wrong = append(wrong, map[string]any{"move": in, "reason": *illegal})
			named := movedAsTyped(in)
			fbZH = append(fbZH, named.ZH+"："+illegal.ZH)
			fbEN = append(fbEN, named.EN+": "+illegal.EN)
			continue
		}
		chosen[m] = true
	}
	right := len(chosen) // every legal move of a side in check is an escape
	return setResult(right, len(wrong), len(esc.Moves), fbZH, fbEN, map[string]any{"wrong": wrong}), nil
}

// setResult grades a set answer: right correct items, wrong wrong ones, of
// total; why lists the reasons for the wrong ones.
func setResult(right, wrong, total int, whyZH, whyEN []string, details map[string]any) Result {
	missed := total - right
	details["right"], details["missed"] = right, missed
	if wrong == 0 && missed == 0 {
		return Result{Outcome: Correct, Score: 1, Details: details,
			Feedback: domain.Text{ZH: fmt.Sprintf("全部找到了，一共 %d 个！", total), EN: fmt.Sprintf("You found all %d!", total)}}
	}
	fb := domain.Text{
		ZH: fmt.Sprintf("找对了 %d 个，错了 %d 个，还漏了 %d 个。", right, wrong, missed),
		EN: fmt.Sprintf("%d right, %d wrong, %d missed.", right, wrong, missed),
	}
	if len(whyZH) > 0 {
		fb.ZH += " " + strings.Join(whyZH, "；")
		fb.EN += " " + strings.Join(whyEN, "; ")
	}
	res := Result{Outcome: Wrong, Feedback: fb, Details: details}
	if total > 0 {
		if score := float64(right-wrong) / float64(total); score > 0 {
			res.Outcome, res.Score = Partial, score
		}
	}
	return res
}
