package api

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/rules/game"
)

// rulesHandlers serve the stateless rules endpoints. Every signed-in user
// may play moves (/play: legal or not and why, the position that follows).
// Everything that would give a puzzle's answer away (move lists, analysis,
// move counts, expression checks against a target) is for teachers and
// admins, and for students of a class whose teacher switched free
// analysis on; searching for the answer itself (mate_in, vcf, solve)
// stays with staff.
type rulesHandlers struct {
	// games holds the four games' adapters.
	games *game.Registry
	// band returns a student's class band for the number-chess ruleset;
	// nil when the server has no exercise service.
	band func(ctx context.Context, p domain.Principal) (exercises.Band, bool, error)
	// analysis reports whether a caller may analyse (see
	// identity.Service.FreeAnalysis).
	analysis func(ctx context.Context, p domain.Principal) (bool, error)
}

func newRulesHandlers(games *game.Registry, practice *exercises.Service, ids *identity.Service) *rulesHandlers {
	h := &rulesHandlers{games: games, analysis: ids.FreeAnalysis}
	if practice != nil {
		h.band = practice.StudentBand
	}
	return h
}

func (h *rulesHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	v1.POST("/rules/:game/moves", h.moves, auth)
	v1.POST("/rules/:game/play", h.play, auth)
	v1.POST("/rules/:game/analyze", h.analyze, auth)
	v1.POST("/rules/numchess/check-expression", h.checkExpression, auth)
	v1.POST("/positions/check", h.checkPosition, auth)
}

// Request and response bodies of the rules routes.

type rulesRequest struct {
	// Position is a FEN (chess, draughts), a number-chess position, or a
	// gomoku record from the empty board ("h8 h9 i9"); empty is the start.
	Position string   `json:"position"`
	Moves    []string `json:"moves"`
	// Ruleset is K1, G23 or G46 (number chess; students get their class's)
	// or renju, standard, freestyle (gomoku, default renju).
	Ruleset string `json:"ruleset"`
	// MateIn asks for the mating moves in N (chess, staff only).
	MateIn int `json:"mate_in"`
	// VCF asks for a victory by continuous fours (gomoku, staff only).
	VCF bool `json:"vcf"`
	// ClaimDraw is a chess move the player to move writes down to claim a
	// draw with (FIDE 9.2.1.1, 9.3.1), after Moves (chess play only).
	ClaimDraw string `json:"claim_draw"`
}

type movesResponse struct {
	Position string   `json:"position"`
	Turn     string   `json:"turn"`
	Moves    []string `json:"moves"`
}

type playResponse struct {
	Position string   `json:"position"`
	Turn     string   `json:"turn"`
	Moves    []string `json:"moves"`
	Result   string   `json:"result"`
	Reason   string   `json:"reason,omitempty"`
	// Claimable names the draw the player to move may claim now (chess:
	// threefold_repetition or fifty_moves).
	Claimable string `json:"claimable,omitempty"`
	// Claim is the verdict on a chess claim_draw.
	Claim *drawClaimResponse `json:"claim,omitempty"`
}

// drawClaimResponse is the verdict on a draw claimed with a move.
type drawClaimResponse struct {
	Move    string `json:"move"`
	Correct bool   `json:"correct"`
	// Method is threefold_repetition or fifty_moves when correct.
	Method  string `json:"method,omitempty"`
	Message string `json:"message"`
}

// refusal wraps an engine error found at field (a position, a move) into a
// 422 problem when it explains itself, or a validation error otherwise.
func refusal(field string, index int, err error) error {
	var l interface {
		error
		Code() string
		Message(lang string) string
	}
	if index >= 0 {
		field = "moves[" + strconv.Itoa(index) + "]"
	}
	if errors.As(err, &l) {
		return fieldProblem{field: field, err: l}
	}
	return domain.Invalid(field, "invalid")
}

// fieldProblem is an engine refusal of one request field (the position, or
// moves[i] for a move of a list): a 422 naming that field.
type fieldProblem struct {
	field string
	err   interface {
		error
		Code() string
		Message(lang string) string
	}
}

func (p fieldProblem) Error() string              { return p.err.Error() }
func (p fieldProblem) Code() string               { return p.err.Code() }
func (p fieldProblem) Message(lang string) string { return p.err.Message(lang) }
func (p fieldProblem) Fields() []domain.FieldError {
	return []domain.FieldError{{Field: p.field, Code: p.err.Code()}}
}

// mayAnalyse refuses callers who may not list moves, analyse or check
// expressions: 403 analysis_off for a student none of whose classes has
// free analysis on.
func (h *rulesHandlers) mayAnalyse(c echo.Context) error {
	ok, err := h.analysis(c.Request().Context(), Caller(c))
	if err != nil {
		return err
	}
	if !ok {
		return &Error{Status: http.StatusForbidden, Code: "analysis_off"}
	}
	return nil
}

// staffOnly refuses students the answer-searching parts of a request.
func staffOnly(c echo.Context) error {
	if !isStaffRole(Caller(c).Role) {
		return domain.ErrForbidden
	}
	return nil
}

func isStaffRole(r domain.Role) bool {
	return r == domain.RoleTeacher || r == domain.RoleSchoolAdmin || r == domain.RolePlatformAdmin
}

// request reads the game of the path (404 for an unknown one) and the
// request body. claim_draw is refused (422 not_allowed) unless claims is
// set and the game knows claims made with a move (chess).
func (h *rulesHandlers) request(c echo.Context, claims bool) (game.Rules, rulesRequest, error) {
	var req rulesRequest
	rules, err := h.games.Get(game.Name(c.Param("game")))
	if err != nil {
		return nil, req, &Error{Status: http.StatusNotFound, Code: "not_found"}
	}
	if err := Bind(c, &req); err != nil {
		return nil, req, err
	}
	if req.ClaimDraw != "" && (!claims || !game.ClaimsWithMove(rules)) {
		return nil, req, domain.Invalid("claim_draw", "not_allowed")
	}
	return rules, req, nil
}

// position parses the request's position (the start when empty) under the
// ruleset the caller plays: a student's class band when it is one of the
// game's rulesets (number chess), otherwise the requested one, or the
// game's default. An unknown ruleset is 422 invalid on ruleset; a bad
// position a refusal naming position.
func (h *rulesHandlers) position(c echo.Context, rules game.Rules, req rulesRequest) (game.Position, error) {
	variant, err := h.variant(c, rules, req.Ruleset)
	if err != nil {
		return nil, err
	}
	pos, err := rules.Parse(variant, req.Position)
	if err != nil {
		return nil, refusal("position", -1, err)
	}
	return pos, nil
}

// variant returns the ruleset of a request: a student's class band when the
// game has a ruleset of that name (whatever they asked), otherwise the
// requested one, checked ("" is the game's default).
func (h *rulesHandlers) variant(c echo.Context, rules game.Rules, requested string) (string, error) {
	if p := Caller(c); p.Role == domain.RoleStudent && h.band != nil {
		b, ok, err := h.band(c.Request().Context(), p)
		if err != nil {
			return "", err
		}
		if ok && slices.Contains(rules.Variants(), string(b)) {
			return string(b), nil
		}
	}
	if _, err := rules.Start(requested); err != nil {
		return "", domain.Invalid("ruleset", "invalid")
	}
	return requested, nil
}

// rulesContext returns the request's context bounded by numchessDeadline:
// move generation and analysis stop there (number chess can otherwise run
// for seconds on a crowded position).
func rulesContext(c echo.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(c.Request().Context(), numchessDeadline)
}

// searchError turns a search that stopped at its deadline into 422
// too_complex on position; other errors pass.
func searchError(err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return tooComplex{field: "position", err: err}
	}
	return err
}

func (h *rulesHandlers) moves(c echo.Context) error {
	rules, req, err := h.request(c, false)
	if err != nil {
		return err
	}
	if err := h.mayAnalyse(c); err != nil {
		return err
	}
	pos, err := h.position(c, rules, req)
	if err != nil {
		return err
	}
	ctx, cancel := rulesContext(c)
	defer cancel()
	moves, err := pos.Moves(ctx)
	if err != nil {
		return searchError(err)
	}
	res := movesResponse{Position: pos.String(), Turn: rules.SideName(pos.Turn(), ""), Moves: make([]string, 0, len(moves))}
	for _, m := range moves {
		res.Moves = append(res.Moves, pos.Notation(m))
	}
	return c.JSON(http.StatusOK, res)
}

// play plays the moves as a game (so repetitions and FMJD's draws count)
// and, in chess, judges a draw claimed with the move claim_draw: a correct
// claim leaves the move unplayed, a wrong one plays it (FIDE 9.5.3).
func (h *rulesHandlers) play(c echo.Context) error {
	rules, req, err := h.request(c, true)
	if err != nil {
		return err
	}
	pos, err := h.position(c, rules, req)
	if err != nil {
		return err
	}
	lang := langOf(c)
	g := game.NewGame(pos)
	res := playResponse{Moves: []string{}}
	for i, s := range req.Moves {
		_, played, err := g.Play(s)
		if err != nil {
			return refusal("", i, err)
		}
		res.Moves = append(res.Moves, played)
	}
	if req.ClaimDraw != "" {
		cl, err := g.Claim(g.Position().Turn(), game.NoRule, req.ClaimDraw)
		if err != nil {
			return refusal("claim_draw", -1, err)
		}
		res.Claim = &drawClaimResponse{Move: cl.Move, Correct: cl.Correct, Message: cl.Message(lang)}
		if cl.Correct {
			res.Claim.Method = string(cl.Rule)
		}
		if cl.Played {
			res.Moves = append(res.Moves, cl.Move)
		}
	}
	o := g.Outcome()
	now := g.Position()
	res.Position, res.Turn, res.Result = now.String(), rules.SideName(now.Turn(), ""), rules.ResultText(o)
	if o.Over() {
		res.Reason = reason(rules, o, lang)
	} else if cl := g.Claimable(now.Turn()); len(cl) > 0 && game.ClaimsWithMove(rules) {
		res.Claimable = string(cl[0])
	}
	return c.JSON(http.StatusOK, res)
}

// reason is how /play says why a game ended: the rule's code in chess, the
// explanation in the request's language in draughts, the engine's English
// detail in gomoku (e.g. "black made five: d8-h8"); the number chess of
// this route never gave one.
func reason(rules game.Rules, o game.Outcome, lang string) string {
	switch {
	case o.Detail != "":
		return o.Detail
	case o.Rule == game.InPlace:
		return ""
	case game.ClaimsWithMove(rules):
		return string(o.Rule)
	}
	return rules.Message(o, lang)
}

func (h *rulesHandlers) analyze(c echo.Context) error {
	rules, req, err := h.request(c, false)
	if err != nil {
		return err
	}
	if err := h.mayAnalyse(c); err != nil {
		return err
	}
	if req.MateIn != 0 || req.VCF {
		if err := staffOnly(c); err != nil {
			return err
		}
	}
	pos, err := h.position(c, rules, req)
	if err != nil {
		return err
	}
	ctx, cancel := rulesContext(c)
	defer cancel()
	out, err := game.Analyze(ctx, pos, game.AnalysisRequest{MateIn: req.MateIn, VCF: req.VCF})
	if err != nil {
		var ge *game.Error
		if errors.As(err, &ge) {
			return domain.Invalid(ge.Field(), ge.Code())
		}
		return searchError(err)
	}
	out["position"], out["turn"] = pos.String(), rules.SideName(pos.Turn(), "")
	return c.JSON(http.StatusOK, out)
}
