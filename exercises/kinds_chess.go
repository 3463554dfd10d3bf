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
//	chess.moves.<piece>      how a piece moves (king, queen, rook, bishop, knight, pawn)
//	chess.moves.pin          a pinned piece
//	chess.rules.<topic>      rules questions (choice, number)
//	chess.notation.error     finding an impossible move in a written game

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"qixue/rules/chess"
)

// chessErr is the localized error interface of the chess engine.
type chessErr interface {
	error
	Code() string
	Message(lang string) string
}

// chessText returns an engine error's message in both languages.
func chessText(err chessErr) Text {
	return Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
}

// chessSide names a colour for a child.
func chessSide(c chess.Color) Text {
	if c == chess.White {
		return Text{ZH: "白方", EN: "White"}
	}
	return Text{ZH: "黑方", EN: "Black"}
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
		return pos, &PromptError{Code: "bad_fen", Field: "fen", Message: Text{ZH: err.Error(), EN: err.Error()}}
	}
	return pos, nil
}

// chessMoveInput reads a student's move. Unreadable or ambiguous notation
// is an *AnswerError; a readable move that is not allowed gives illegal,
// the engine's reason, for a Wrong result.
func chessMoveInput(pos chess.Position, input, field string) (m chess.Move, illegal *Text, err error) {
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
func chessParseMove(pos chess.Position, input, field string) (chess.Move, *Text, *AnswerError) {
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
	illegal *Text
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
	Move        string `json:"move"`
	Explanation Text   `json:"explanation"`
}

type chessMoveAnswer struct {
	Move string `json:"move"`
}

// chessEscapeKind is "help the king": any legal move out of check.
type chessEscapeKind struct{}

func (chessEscapeKind) Name() string { return "chess.escape_check" }
func (chessEscapeKind) Game() Game   { return Chess }
func (chessEscapeKind) Steps() bool  { return false }
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
func chessMethodText(m chess.EscapeMethod) Text {
	switch m {
	case chess.EscapeKing:
		return Text{ZH: "躲将", EN: "moving the king away"}
	case chess.EscapeBlock:
		return Text{ZH: "垫将", EN: "blocking the check"}
	}
	return Text{ZH: "消将", EN: "capturing the checking piece"}
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
	details := map[string]any{"move": e.SAN, "method": e.Method.String()}
	if p.Method != "" && e.Method.String() != p.Method {
		want, _ := chessMethod(p.Method)
		wt := chessMethodText(want)
		return Result{Outcome: Wrong, Details: details, Feedback: Text{
			ZH: fmt.Sprintf("%s 确实能应将，用的是%s；可是这道题要用%s。", e.SAN, used.ZH, wt.ZH),
			EN: fmt.Sprintf("%s does get out of check, by %s; but this puzzle asks for %s.", e.SAN, used.EN, wt.EN),
		}}, nil
	}
	return Result{Outcome: Correct, Score: 1, Details: details, Feedback: Text{
		ZH: fmt.Sprintf("对了！%s 用%s帮国王解围。", e.SAN, used.ZH),
		EN: fmt.Sprintf("Right! %s helps the king by %s.", e.SAN, used.EN),
	}}, nil
}

// ---- chess.all_escapes

type chessFENPrompt struct {
	FEN string `json:"fen"`
}

type chessMovesSolution struct {
	Moves       []string `json:"moves"`
	Explanation Text     `json:"explanation"`
}

type chessMovesAnswer struct {
	Move  *string  `json:"move"`
	Moves []string `json:"moves"`
}

// chessAllEscapesKind asks for every escape from a check.
type chessAllEscapesKind struct{}

func (chessAllEscapesKind) Name() string { return "chess.all_escapes" }
func (chessAllEscapesKind) Game() Game   { return Chess }
func (chessAllEscapesKind) Steps() bool  { return false }
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
			fbZH = append(fbZH, illegal.ZH)
			fbEN = append(fbEN, illegal.EN)
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
			Feedback: Text{ZH: fmt.Sprintf("全部找到了，一共 %d 个！", total), EN: fmt.Sprintf("You found all %d!", total)}}
	}
	fb := Text{
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

// ---- chess.mate_in

type chessMatePrompt struct {
	FEN string `json:"fen"`
	N   int    `json:"n"`
}

// chessMateKind is mate in n (1-3).
type chessMateKind struct{}

func (chessMateKind) Name() string { return "chess.mate_in" }
func (chessMateKind) Game() Game   { return Chess }
func (chessMateKind) Steps() bool  { return true }
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
	if len(chessMateIn(pos, p.N)) == 0 {
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
func chessMateStep(pos chess.Position, m chess.Move, left int) Result {
	san := pos.SAN(m)
	after, _ := pos.Play(m)
	if chessMated(after) {
		return Result{Outcome: Correct, Score: 1, Feedback: Text{ZH: "将死了！" + san + " 真棒！", EN: "Checkmate! " + san + " is great!"}}
	}
	if left > 1 && chessContains(chessMateIn(pos, left), m) {
		r, _ := chessDefence(after, left-1)
		rsan := after.SAN(r)
		return Result{Outcome: Continue, Reply: rsan, Feedback: Text{
			ZH: fmt.Sprintf("好棋！对手走 %s，继续。", rsan),
			EN: fmt.Sprintf("Good move! The opponent plays %s; go on.", rsan),
		}}
	}
	if after.Outcome().Method == chess.Stalemate {
		return Result{Outcome: Wrong, Feedback: Text{
			ZH: san + " 之后对方无棋可走，但王没有被将军：这是逼和，不是将死！",
			EN: "After " + san + " the opponent cannot move but is not in check: that is stalemate, a draw, not mate!",
		}}
	}
	if left == 1 {
		if !after.InCheck() {
			return Result{Outcome: Wrong, Feedback: Text{
				ZH: san + " 没有将军，对方的王没有受到攻击。",
				EN: san + " is not check: the king is not attacked.",
			}}
		}
		esc, _ := after.Escapes()
		e := esc.Moves[0]
		mt := chessMethodText(e.Method)
		return Result{Outcome: Wrong, Feedback: Text{
			ZH: fmt.Sprintf("%s 是将军，但还没有将死：对方可以走 %s（%s）。", san, e.SAN, mt.ZH),
			EN: fmt.Sprintf("%s is check but not mate: the opponent can answer %s (%s).", san, e.SAN, mt.EN),
		}}
	}
	for _, r := range after.LegalMoves() {
		next, _ := after.Play(r)
		if next.MateDistance(left-1) == 0 {
			rsan := after.SAN(r)
			return Result{Outcome: Wrong, Feedback: Text{
				ZH: fmt.Sprintf("%s 不能在 %d 步内将死：对方可以走 %s 防守。", san, left, rsan),
				EN: fmt.Sprintf("%s does not mate in %d: the opponent can defend with %s.", san, left, rsan),
			}}
		}
	}
	return Result{Outcome: Wrong, Feedback: Text{
		ZH: fmt.Sprintf("%s 不能在 %d 步内将死。", san, left),
		EN: fmt.Sprintf("%s does not mate in %d.", san, left),
	}}
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
			res.Details = map[string]any{"step": i / 2, "moves_left": left}
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
		return badPrompt("bad_solution_line", "moves", "答案要是一串以将死结束的着法", "the solution must be a line ending with the mating move")
	}
	res, err := chessMateLine(pos, p.N, s.Moves)
	if err != nil {
		ae, _ := err.(*AnswerError)
		if ae == nil {
			return err
		}
		return &PromptError{Code: "solution_" + ae.Code, Field: ae.Field, Message: ae.Message}
	}
	if res.Outcome != Correct {
		return &PromptError{Code: "solution_not_mate", Field: "moves", Message: res.Feedback}
	}
	return nil
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

func (chessBestKind) Name() string { return "chess.best_move" }
func (chessBestKind) Game() Game   { return Chess }
func (chessBestKind) Steps() bool  { return true }
func (chessBestKind) PromptSchema() json.RawMessage {
	return chessSchema(`"fen"`, chessFENProp)
}
func (chessBestKind) AnswerSchema() json.RawMessage { return chessMateKind{}.AnswerSchema() }
func (chessBestKind) SolutionSchema() json.RawMessage {
	return chessSchema(`"moves"`, chessMovesProp+", "+chessExplanationProp)
}

// Validate checks that the solution line is legal.
func (chessBestKind) Validate(prompt, solution json.RawMessage) error {
	return chessOnlyMoves.validate(prompt, solution)
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
	won:      chessMated,
	wonText: func(san string) Text {
		return Text{ZH: "将死了！" + san + " 真棒！", EN: "Checkmate! " + san + " is great!"}
	},
	doneText: func(san string) Text {
		return Text{ZH: "完全正确！" + san + " 是最好的一步。", EN: "Exactly! " + san + " is the best move."}
	},
	goOnText: func(reply string) Text {
		return Text{ZH: fmt.Sprintf("好棋！对手走 %s，继续。", reply), EN: fmt.Sprintf("Good move! The opponent plays %s; go on.", reply)}
	},
	whyNot: chessWhyNotBest,
}

// chessWhyNotBest explains, as far as a rules engine can, why a legal move
// is not the best one.
func chessWhyNotBest(pos chess.Position, m chess.Move) Text {
	san := pos.SAN(m)
	after, _ := pos.Play(m)
	if after.Outcome().Method == chess.Stalemate {
		return Text{ZH: san + " 让对方无棋可走却没有将军：这是逼和！", EN: san + " leaves the opponent no move without check: that is stalemate!"}
	}
	if ms := after.MateIn(1); len(ms) > 0 {
		return Text{
			ZH: fmt.Sprintf("%s 之后对方可以走 %s 一步将死你！", san, after.SAN(ms[0])),
			EN: fmt.Sprintf("After %s the opponent mates at once with %s!", san, after.SAN(ms[0])),
		}
	}
	return Text{
		ZH: san + " 不是这里最好的一步。想一想：有没有将军、吃子或者更强的威胁？",
		EN: san + " is not the best move here. Look for checks, captures and stronger threats.",
	}
}

// ---- chess.piece_moves

type chessPiecePrompt struct {
	FEN    string `json:"fen"`
	Square string `json:"square"`
}

type chessSquaresSolution struct {
	Squares     []string `json:"squares"`
	Explanation Text     `json:"explanation"`
}

type chessSquaresAnswer struct {
	Squares []string `json:"squares"`
}

// chessPieceMovesKind asks for every square a piece can move to.
type chessPieceMovesKind struct{}

func (chessPieceMovesKind) Name() string { return "chess.piece_moves" }
func (chessPieceMovesKind) Game() Game   { return Chess }
func (chessPieceMovesKind) Steps() bool  { return false }
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
			Feedback: Text{ZH: "对了，这个棋子现在一步也不能走！", EN: "Right: this piece cannot move at all now!"}}, nil
	}
	return setResult(right, len(bad), len(dest), whyZH, whyEN, map[string]any{"wrong": wrong}), nil
}

// chessWhyNotSquare asks the engine why the piece on from cannot go to.
func chessWhyNotSquare(pos chess.Position, from, to chess.Square) Text {
	promo := chess.NoPieceType
	if pos.PieceAt(from).Type() == chess.Pawn && (to.Rank() == 0 || to.Rank() == 7) {
		promo = chess.Queen
	}
	if from == to {
		return Text{ZH: to.String() + "：棋子本来就在这里", EN: to.String() + ": the piece is already there"}
	}
	_, err := pos.Play(chess.NewMove(from, to, promo))
	if ie, ok := err.(*chess.IllegalMoveError); ok {
		t := chessText(ie)
		return Text{ZH: to.String() + "：" + t.ZH, EN: to.String() + ": " + t.EN}
	}
	return Text{ZH: to.String() + "：走不到这里", EN: to.String() + ": the piece cannot go there"}
}
