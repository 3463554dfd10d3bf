package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"qixue/exercises"
	"qixue/identity"
	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/gomoku"
	"qixue/rules/numchess"
)

// rulesHandlers serve the stateless rules endpoints. Every signed-in user
// may play moves (/play: legal or not and why, the position that follows).
// Everything that would give a puzzle's answer away (move lists, analysis,
// move counts, expression checks against a target) is for teachers and
// admins, and for students of a class whose teacher switched free
// analysis on; searching for the answer itself (mate_in, vcf, solve)
// stays with staff.
type rulesHandlers struct {
	// band returns a student's class band for the number-chess ruleset;
	// nil when the server has no exercise service.
	band func(ctx context.Context, p identity.Principal) (exercises.Band, bool, error)
	// analysis reports whether a caller may analyse (see
	// identity.Service.FreeAnalysis).
	analysis func(ctx context.Context, p identity.Principal) (bool, error)
}

func newRulesHandlers(practice *exercises.Service, ids *identity.Service) *rulesHandlers {
	h := &rulesHandlers{analysis: ids.FreeAnalysis}
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
	return identity.ValidationError(identity.FieldError{Field: field, Code: "invalid"})
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
func (p fieldProblem) Fields() []identity.FieldError {
	return []identity.FieldError{{Field: p.field, Code: p.err.Code()}}
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
		return identity.ErrForbidden
	}
	return nil
}

func isStaffRole(r identity.Role) bool {
	return r == identity.RoleTeacher || r == identity.RoleSchoolAdmin || r == identity.RolePlatformAdmin
}

func (h *rulesHandlers) game(c echo.Context) (string, error) {
	switch g := c.Param("game"); g {
	case "chess", "draughts", "gomoku", "numchess":
		return g, nil
	}
	return "", &Error{Status: http.StatusNotFound, Code: "not_found"}
}

// request reads the game of the path and the request body. claim_draw is
// refused (422 not_allowed) unless claims is set and the game is chess.
func (h *rulesHandlers) request(c echo.Context, claims bool) (string, rulesRequest, error) {
	var req rulesRequest
	game, err := h.game(c)
	if err != nil {
		return "", req, err
	}
	if err := Bind(c, &req); err != nil {
		return "", req, err
	}
	if req.ClaimDraw != "" && (!claims || game != "chess") {
		return "", req, identity.ValidationError(identity.FieldError{Field: "claim_draw", Code: "not_allowed"})
	}
	return game, req, nil
}

func (h *rulesHandlers) moves(c echo.Context) error {
	game, req, err := h.request(c, false)
	if err != nil {
		return err
	}
	if err := h.mayAnalyse(c); err != nil {
		return err
	}
	var res movesResponse
	switch game {
	case "chess":
		pos, err := chessPosition(req.Position)
		if err != nil {
			return err
		}
		res = movesResponse{Position: pos.FEN(), Turn: pos.Turn().String(), Moves: []string{}}
		for _, m := range pos.LegalMoves() {
			res.Moves = append(res.Moves, pos.SAN(m))
		}
	case "draughts":
		pos, err := draughtsPosition(req.Position)
		if err != nil {
			return err
		}
		res = movesResponse{Position: pos.FEN(), Turn: pos.Turn().String(), Moves: []string{}}
		for _, m := range pos.LegalMoves() {
			res.Moves = append(res.Moves, pos.Notation(m))
		}
	case "gomoku":
		g, err := gomokuGame(req.Ruleset, req.Position)
		if err != nil {
			return err
		}
		res = movesResponse{Position: gomokuRecord(g), Turn: g.ToMove().String(), Moves: []string{}}
		if r, _ := g.Result(); r == gomoku.Ongoing {
			b := g.Board()
			for i := range gomoku.NumPoints {
				p := gomoku.PointAt(i)
				if b.At(p) != gomoku.Empty {
					continue
				}
				if g.Rules() == gomoku.Renju && g.ToMove() == gomoku.Black && b.IsForbidden(p) {
					continue
				}
				res.Moves = append(res.Moves, p.String())
			}
		}
	case "numchess":
		eng, err := h.numchessEngine(c, req.Ruleset)
		if err != nil {
			return err
		}
		pos, err := numchessPosition(req.Position)
		if err != nil {
			return err
		}
		ctx, cancel := numchessContext(c)
		defer cancel()
		moves, err := eng.LegalMovesContext(ctx, pos)
		if err != nil {
			return tooComplex{field: "position", err: err}
		}
		res = movesResponse{Position: pos.String(), Turn: pos.Turn().String(), Moves: []string{}}
		for _, m := range moves {
			res.Moves = append(res.Moves, m.String())
		}
	}
	return c.JSON(http.StatusOK, res)
}

func (h *rulesHandlers) play(c echo.Context) error {
	game, req, err := h.request(c, true)
	if err != nil {
		return err
	}
	res := playResponse{Moves: []string{}}
	switch game {
	case "chess":
		pos, err := chessPosition(req.Position)
		if err != nil {
			return err
		}
		if res.Claim, err = playChess(chess.NewGame(pos), req.Moves, req.ClaimDraw, langOf(c), &res); err != nil {
			return err
		}
	case "draughts":
		pos, err := draughtsPosition(req.Position)
		if err != nil {
			return err
		}
		g := draughts.NewGame(pos)
		for i, s := range req.Moves {
			before := g.Position()
			m, err := g.PlayNotation(s)
			if err != nil {
				return refusal("", i, err)
			}
			res.Moves = append(res.Moves, before.Notation(m))
		}
		o := g.Outcome()
		res.Position, res.Turn, res.Result, res.Reason = g.Position().FEN(), g.Position().Turn().String(), o.Result.String(), o.Message(langOf(c))
	case "gomoku":
		g, err := gomokuGame(req.Ruleset, req.Position)
		if err != nil {
			return err
		}
		for i, s := range req.Moves {
			m, err := gomoku.ParseMove(s)
			if err != nil {
				return refusal("", i, err)
			}
			if g, err = g.Play(m); err != nil {
				return refusal("", i, err)
			}
			res.Moves = append(res.Moves, m.String())
		}
		r, why := g.Result()
		res.Position, res.Turn, res.Result, res.Reason = gomokuRecord(g), g.ToMove().String(), r.String(), why
	case "numchess":
		eng, err := h.numchessEngine(c, req.Ruleset)
		if err != nil {
			return err
		}
		pos, err := numchessPosition(req.Position)
		if err != nil {
			return err
		}
		for i, s := range req.Moves {
			m, err := numchess.ParseMove(s)
			if err != nil {
				if m, err = numchess.ParseChinese(pos, s); err != nil {
					return refusal("", i, err)
				}
			}
			info, err := eng.Check(pos, m)
			if err != nil {
				return refusal("", i, err)
			}
			res.Moves = append(res.Moves, info.Machine())
			if pos, err = eng.Play(pos, m); err != nil {
				return refusal("", i, err)
			}
		}
		res.Position, res.Turn, res.Result = pos.String(), pos.Turn().String(), "ongoing"
		if pos.InPlace(numchess.Red) || pos.InPlace(numchess.Blue) {
			res.Result = pos.Result(eng.Ruleset()).String()
		}
	}
	return c.JSON(http.StatusOK, res)
}

// playChess plays moves in g, as a game (so repetitions count), fills
// res with what follows, and judges a draw claimed with the move claim
// (none when empty): a correct claim leaves the move unplayed, a wrong one
// plays it (FIDE 9.5.3).
func playChess(g *chess.Game, moves []string, claim, lang string, res *playResponse) (*drawClaimResponse, error) {
	for i, s := range moves {
		pos := g.Position()
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, refusal("", i, err)
		}
		if err := g.Play(m); err != nil {
			return nil, refusal("", i, err)
		}
		res.Moves = append(res.Moves, pos.SAN(m))
	}
	var verdict *drawClaimResponse
	if claim != "" {
		pos := g.Position()
		m, err := pos.ParseMove(claim)
		if err != nil {
			return nil, refusal("claim_draw", -1, err)
		}
		c, err := g.ClaimDrawWith(m)
		if err != nil {
			return nil, refusal("claim_draw", -1, err)
		}
		verdict = &drawClaimResponse{Move: c.SAN, Correct: c.Correct(), Message: c.Message(lang)}
		if c.Correct() {
			verdict.Method = c.Method.String()
		} else {
			res.Moves = append(res.Moves, c.SAN)
		}
	}
	pos, o := g.Position(), g.Outcome()
	res.Position, res.Turn, res.Result = pos.FEN(), pos.Turn().String(), o.Result()
	switch {
	case verdict != nil && verdict.Correct:
		res.Result, res.Reason = "1/2-1/2", verdict.Method
	case o.Over():
		res.Reason = o.Method.String()
	default:
		if d := g.ClaimableDraw(); d != chess.Ongoing {
			res.Claimable = d.String()
		}
	}
	return verdict, nil
}

func (h *rulesHandlers) analyze(c echo.Context) error {
	game, req, err := h.request(c, false)
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
	out := map[string]any{}
	switch game {
	case "chess":
		pos, err := chessPosition(req.Position)
		if err != nil {
			return err
		}
		o := pos.Outcome()
		out["position"], out["turn"], out["in_check"], out["result"] = pos.FEN(), pos.Turn().String(), pos.InCheck(), o.Result()
		out["outcome"] = o.Method.String()
		if pos.InCheck() {
			esc, err := pos.Escapes()
			if err == nil {
				var checkers, escapes []map[string]string
				for _, ch := range esc.Checkers {
					checkers = append(checkers, map[string]string{"square": ch.Square.String()})
				}
				for _, e := range esc.Moves {
					escapes = append(escapes, map[string]string{"move": e.SAN, "method": e.Method.String()})
				}
				out["checkers"], out["escapes"] = checkers, escapes
			}
		}
		if req.MateIn != 0 {
			if req.MateIn < 1 || req.MateIn > 3 {
				return identity.ValidationError(identity.FieldError{Field: "mate_in", Code: "out_of_range"})
			}
			mates := []string{}
			for _, m := range pos.MateIn(req.MateIn) {
				mates = append(mates, pos.SAN(m))
			}
			out["mating_moves"] = mates
		}
	case "draughts":
		pos, err := draughtsPosition(req.Position)
		if err != nil {
			return err
		}
		wm, wk := pos.Count(draughts.White)
		bm, bk := pos.Count(draughts.Black)
		out["position"], out["turn"], out["has_legal_moves"] = pos.FEN(), pos.Turn().String(), pos.HasLegalMoves()
		out["material"] = map[string]int{"white_men": wm, "white_kings": wk, "black_men": bm, "black_kings": bk}
	case "gomoku":
		g, err := gomokuGame(req.Ruleset, req.Position)
		if err != nil {
			return err
		}
		r, why := g.Result()
		out["position"], out["turn"], out["result"] = gomokuRecord(g), g.ToMove().String(), r.String()
		if why != "" {
			out["reason"] = why
		}
		b := g.Board()
		forbidden := []string{}
		if g.Rules() == gomoku.Renju {
			for _, p := range b.ForbiddenPoints() {
				forbidden = append(forbidden, p.String())
			}
		}
		wins := []string{}
		for _, p := range gomoku.WinIn1(b, g.Rules(), g.ToMove()) {
			wins = append(wins, p.String())
		}
		out["forbidden_points"], out["winning_points"] = forbidden, wins
		if req.VCF {
			line, ok := gomoku.FindVCF(b, g.Rules(), g.ToMove(), 20)
			vcf := []string{}
			for _, p := range line {
				vcf = append(vcf, p.String())
			}
			out["vcf_found"], out["vcf"] = ok, vcf
		}
	case "numchess":
		eng, err := h.numchessEngine(c, req.Ruleset)
		if err != nil {
			return err
		}
		pos, err := numchessPosition(req.Position)
		if err != nil {
			return err
		}
		out["position"], out["turn"], out["move_number"] = pos.String(), pos.Turn().String(), pos.MoveNumber()
		out["in_camp"] = map[string]int{"red": pos.InCamp(numchess.Red), "blue": pos.InCamp(numchess.Blue)}
		out["scores"] = map[string]map[string]int{
			"product":    {"red": pos.Score(numchess.Red, numchess.ProductSum), "blue": pos.Score(numchess.Blue, numchess.ProductSum)},
			"difference": {"red": pos.Score(numchess.Red, numchess.DifferenceSum), "blue": pos.Score(numchess.Blue, numchess.DifferenceSum)},
		}
		ctx, cancel := numchessContext(c)
		defer cancel()
		n, err := eng.MoveCountContext(ctx, pos)
		if err != nil {
			return tooComplex{field: "position", err: err}
		}
		out["legal_moves"] = n
	}
	return c.JSON(http.StatusOK, out)
}

func chessPosition(s string) (chess.Position, error) {
	return parsePosition(s, chess.StartPosition, chess.ParseFEN)
}

func draughtsPosition(s string) (draughts.Position, error) {
	return parsePosition(s, draughts.Initial, draughts.ParseFEN)
}

func numchessPosition(s string) (numchess.Position, error) {
	return parsePosition(s, numchess.Start, numchess.ParsePosition)
}

// parsePosition parses a game's position notation, the start position when
// s is empty; a refusal names the "position" field.
func parsePosition[P any](s string, start func() P, parse func(string) (P, error)) (P, error) {
	if s == "" {
		return start(), nil
	}
	p, err := parse(s)
	if err != nil {
		return p, refusal("position", -1, err)
	}
	return p, nil
}

// gomokuGame replays a record from the empty board under the ruleset
// (renju by default), without the opening protocol.
func gomokuGame(ruleset, record string) (*gomoku.Game, error) {
	rs := gomoku.Renju
	if ruleset != "" {
		var err error
		if rs, err = gomoku.ParseRuleset(ruleset); err != nil {
			return nil, identity.ValidationError(identity.FieldError{Field: "ruleset", Code: "invalid"})
		}
	}
	g := gomoku.NewFreeGame(rs)
	if strings.TrimSpace(record) == "" {
		return g, nil
	}
	moves, err := gomoku.ParseRecord(record)
	if err != nil {
		return nil, refusal("position", -1, err)
	}
	if g, err = g.PlayAll(moves); err != nil {
		return nil, refusal("position", -1, err)
	}
	return g, nil
}

func gomokuRecord(g *gomoku.Game) string {
	rec := make([]string, 0, len(g.Record()))
	for _, m := range g.Record() {
		rec = append(rec, m.String())
	}
	return strings.Join(rec, " ")
}
