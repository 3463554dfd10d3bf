package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/play"
	"qixue/players"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// LiveComputer lets the games' computer players (players.Registry) play
// the computer's seats of live games (play.Computer): the start position
// and the moves go to the game's player with the level and the seed, and
// its choice comes back in the game's notation (or as a claim: number
// chess's stop).
func LiveComputer(reg *players.Registry) play.Computer {
	if reg == nil {
		return nil
	}
	return liveComputer{reg}
}

type liveComputer struct{ reg *players.Registry }

// Levels names the levels of the game's player.
func (c liveComputer) Levels(name string) []domain.Text {
	p, err := c.reg.Get(game.Name(name))
	if err != nil {
		return nil
	}
	var out []domain.Text
	for _, l := range p.Levels() {
		out = append(out, domain.Text{ZH: l.NameZH, EN: l.NameEN})
	}
	return out
}

// Think asks the game's player for its move at level.
func (c liveComputer) Think(ctx context.Context, eg *game.Game, turn play.ComputerTurn) (play.Thought, error) {
	p, err := c.reg.Get(eg.Start().Game())
	if err != nil {
		return play.Thought{}, err
	}
	req := players.Request{Level: turn.Level, Seed: turn.Seed, DrawOffered: turn.DrawOffered}
	for _, o := range turn.Offered {
		m, err := eg.Position().ParseMove(o)
		if err != nil {
			return play.Thought{}, err
		}
		req.Offered = append(req.Offered, m)
	}
	ch, err := p.Choose(ctx, eg.Start(), eg.Moves(), req)
	if err != nil {
		return play.Thought{}, err
	}
	if ch.Claim != "" {
		return play.Thought{Claim: string(ch.Claim)}, nil
	}
	if gm, ok := ch.Move.(gomoku.Move); ok && gm.Kind == gomoku.Offer {
		// Black's fifth-move offer goes as the offered points; White keeps one.
		var pts []string
		for _, q := range gm.OfferedPoints() {
			pts = append(pts, q.String())
		}
		return play.Thought{Move: strings.Join(pts, ",")}, nil
	}
	return play.Thought{Move: eg.Position().Notation(ch.Move)}, nil
}

// computerGameRequest starts a game against the computer
// (POST /v1/live-games/computer).
type computerGameRequest struct {
	Game    string        `json:"game"`
	Ruleset string        `json:"ruleset,omitempty"`
	Level   int           `json:"level"`
	Seat    *string       `json:"seat,omitempty"`
	Clock   *clockRequest `json:"clock,omitempty"`
	Mode    string        `json:"mode,omitempty"`
}

// computerLevel is one level of a game's computer player.
type computerLevel struct {
	Level  int    `json:"level"`
	Name   string `json:"name"`
	NameZH string `json:"name_zh"`
	NameEN string `json:"name_en"`
	// Player is how the computer is shown in a game at this level.
	Player string `json:"player"`
}

type computerLevels struct {
	Game   string          `json:"game"`
	Levels []computerLevel `json:"levels"`
}

func (h *liveHandlers) registerComputer(v1 *echo.Group, auth echo.MiddlewareFunc) {
	addRoutes(v1, auth, h.svc != nil, []route{
		{http.MethodPost, "/live-games/computer", h.createComputer},
		{http.MethodGet, "/players/:game/levels", h.levels},
	})
}

func (h *liveHandlers) createComputer(c echo.Context) error {
	var req computerGameRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	clk, err := req.Clock.clock()
	if err != nil {
		return err
	}
	in := play.NewComputerGame{Game: req.Game, Ruleset: req.Ruleset, Level: req.Level, Seat: -1, Clock: clk, Mode: play.Mode(req.Mode)}
	if req.Seat != nil {
		switch *req.Seat {
		case "first":
			in.Seat = 0
		case "second":
			in.Seat = 1
		case "random":
		default:
			return fieldError("seat", "invalid")
		}
	}
	g, err := h.svc.CreateComputer(c.Request().Context(), Caller(c), in)
	if err == nil {
		c.Response().Header().Set(echo.HeaderLocation, "/v1/live-games/"+g.ID)
	}
	return h.reply(c, http.StatusCreated, g, err)
}

func (h *liveHandlers) levels(c echo.Context) error {
	name := strings.ToLower(c.Param("game"))
	levels := h.svc.Levels(name)
	if len(levels) == 0 {
		return &Error{Status: http.StatusNotFound, Code: "not_found"}
	}
	lang := langOf(c)
	out := computerLevels{Game: name, Levels: []computerLevel{}}
	for i, l := range levels {
		out.Levels = append(out.Levels, computerLevel{Level: i + 1, Name: l.In(lang), NameZH: l.ZH, NameEN: l.EN,
			Player: play.ComputerName(i+1, l).In(lang)})
	}
	return c.JSON(http.StatusOK, out)
}
