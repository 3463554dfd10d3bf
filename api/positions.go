package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// The board editor's check: a teacher sets a position up by hand and the
// engine says whether it can stand (Rules.Setup), and if so how it stands.
// Staff only: the answer lists renju's forbidden points, which would give
// gomoku.forbidden exercises away.

// maxPositionLen bounds the position text of a check: the longest notation
// (a gomoku diagram, a crowded draughts FEN) is far shorter.
const maxPositionLen = 1000

type positionCheckRequest struct {
	Game     string `json:"game"`
	Ruleset  string `json:"ruleset"`
	Position string `json:"position"`
}

type positionCheckResponse struct {
	// Legal is true: a position that cannot stand is a 422.
	Legal   bool   `json:"legal"`
	Game    string `json:"game"`
	Ruleset string `json:"ruleset"`
	// Position is the position in the game's canonical notation, which
	// exercises and the rules routes read.
	Position string `json:"position"`
	Turn     string `json:"turn"`
	TurnName string `json:"turn_name"`
	// MoveCount is the number of legal moves of the side to move; absent
	// when number chess could not count them in time.
	MoveCount *int   `json:"move_count,omitempty"`
	Result    string `json:"result"`
	Reason    string `json:"reason,omitempty"`
	// ForbiddenPoints are the empty points forbidden to Black (renju).
	ForbiddenPoints []string `json:"forbidden_points,omitempty"`
	Message         string   `json:"message"`
}

var positionStands = text{"局面可以成立：轮到%s走。", "The position can stand: %s to move."}
var positionOver = text{"局面可以成立，但对局已经结束：%s", "The position can stand, but the game is over: %s"}

func (h *rulesHandlers) checkPosition(c echo.Context) error {
	if err := staffOnly(c); err != nil {
		return err
	}
	var req positionCheckRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Game == "" {
		return domain.Invalid("game", "required")
	}
	if len(req.Position) > maxPositionLen {
		return domain.Invalid("position", "too_long")
	}
	rules, err := h.games.Lookup(req.Game)
	if err != nil {
		return refusal("game", -1, err)
	}
	if _, err := rules.Start(req.Ruleset); err != nil {
		return refusal("ruleset", -1, err)
	}
	pos, err := rules.Setup(req.Ruleset, req.Position)
	if err != nil {
		return refusal("position", -1, err)
	}
	lang := langOf(c)
	res := positionCheckResponse{Legal: true, Game: string(rules.Name()), Ruleset: pos.Variant(), Position: pos.String(),
		Turn: rules.SideName(pos.Turn(), ""), TurnName: rules.SideName(pos.Turn(), lang)}
	o := pos.Outcome()
	res.Result = rules.ResultText(o)
	if o.Over() {
		res.Reason = rules.Message(o, lang)
		res.Message = positionOver.in(lang, res.Reason)
	} else {
		res.Message = positionStands.in(lang, res.TurnName)
		ctx, cancel := rulesContext(c)
		moves, err := pos.Moves(ctx)
		cancel()
		if err == nil {
			n := len(moves)
			res.MoveCount = &n
		}
	}
	if g, ok := game.GomokuGame(pos); ok && g.Rules() == gomoku.Renju {
		for _, p := range g.Board().ForbiddenPoints() {
			res.ForbiddenPoints = append(res.ForbiddenPoints, p.String())
		}
	}
	return c.JSON(http.StatusOK, res)
}
