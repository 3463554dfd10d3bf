package api

import (
	"net/http"
	"qixue/domain"

	"github.com/labstack/echo/v4"

	"qixue/exercises"
	"qixue/play"
)

// GET /v1/me/classmates: the caller's active classes, each with its other
// active students (the ones a student may challenge) and the games the
// class's grade band plays live, so that the play lobby can offer a
// "play" button per child, and who is playing or online. Names are as
// the class sees them: the real
// name (classmates see each other's) and the shown name of the class's
// login list.

// classmatesResponse is the answer of GET /v1/me/classmates.
type classmatesResponse struct {
	Classes []classmatesClass `json:"classes"`
}

type classmatesClass struct {
	ID       string           `json:"id"`
	Name     string           `json:"name"`
	Grade    int              `json:"grade"`
	Band     string           `json:"band"`
	Games    []bandGame       `json:"games"`
	Students []classmateEntry `json:"students"`
}

// bandGame is a game a class's band plays, with its ruleset and the time
// control a challenge gets when it names none.
type bandGame struct {
	Game    string    `json:"game"`
	Ruleset string    `json:"ruleset"`
	Clock   bandClock `json:"clock"`
}

type bandClock struct {
	InitialMs   int64 `json:"initial_ms"`
	IncrementMs int64 `json:"increment_ms"`
	PerMoveMs   int64 `json:"per_move_ms"`
	GameLimitMs int64 `json:"game_limit_ms"`
}

type classmateEntry struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	ShownName string `json:"shown_name"`
	InGame    bool   `json:"in_game"`
	// Online: a live socket of the student (the play lobby or a game
	// screen) is open on this server.
	Online bool `json:"online"`
}

// bandGames lists the games of a grade band as a live game plays them:
// number chess by the band's own ruleset (seed 000), gomoku freestyle for
// the youngest and renju from grade 2 (as the band's exercises), chess
// and draughts by their standard rules.
func bandGames(b exercises.Band) []bandGame {
	gomoku := "renju"
	if b == exercises.K1 {
		gomoku = "freestyle"
	}
	list := []bandGame{
		{Game: "numchess", Ruleset: string(b)},
		{Game: "gomoku", Ruleset: gomoku},
		{Game: "chess", Ruleset: "standard"},
		{Game: "draughts", Ruleset: "international"},
	}
	for i := range list {
		c := play.DefaultClock(list[i].Game)
		list[i].Clock = bandClock{InitialMs: c.Initial.Milliseconds(), IncrementMs: c.Increment.Milliseconds(),
			PerMoveMs: c.PerMove.Milliseconds(), GameLimitMs: c.GameLimit.Milliseconds()}
	}
	return list
}

func (h *liveHandlers) classmates(c echo.Context) error {
	ctx, p := c.Request().Context(), Caller(c)
	classes, err := h.identity.Classmates(ctx, p)
	if err != nil {
		return err
	}
	out := classmatesResponse{Classes: make([]classmatesClass, 0, len(classes))}
	for _, cs := range classes {
		busy := map[string]bool{}
		if p.Role == domain.RoleStudent || p.Role == domain.RoleTeacher {
			games, err := h.svc.List(ctx, p, play.Query{ClassID: cs.Class.ID, Status: play.Playing, Limit: 500})
			if err != nil {
				return liveError(err)
			}
			for _, g := range games {
				for _, pl := range g.Players {
					busy[pl.UserID] = true
				}
			}
		}
		band := exercises.BandOfGrade(cs.Class.Grade.Int())
		cc := classmatesClass{ID: cs.Class.ID, Name: cs.Class.Name, Grade: cs.Class.Grade.Int(), Band: string(band),
			Games: bandGames(band), Students: make([]classmateEntry, 0, len(cs.Students))}
		for _, u := range cs.Students {
			cc.Students = append(cc.Students, classmateEntry{ID: u.ID, Name: u.RealName, ShownName: u.Shown(), InGame: busy[u.ID],
				Online: h.hub != nil && h.hub.Has("user:"+u.ID)})
		}
		out.Classes = append(out.Classes, cc)
	}
	return c.JSON(http.StatusOK, out)
}
