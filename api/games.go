package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/games"
	"qixue/progress"
	"qixue/rules/game"
)

// GamesUploadPath is the route of game uploads, which may exceed the
// server's body limit (up to the games service's UploadBytes limit as a
// multipart file).
const GamesUploadPath = "/v1/games"

// gameHandlers serve the club game archive: uploads, lists, replay,
// export, confirmation and corrections.
type gameHandlers struct {
	svc *games.Service
	// progress gives the puzzle ratings shown beside the levels (nil:
	// none shown).
	progress *progress.Service
}

func (h *gameHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []route{
		{http.MethodPost, "/games", h.upload},
		{http.MethodGet, "/games", h.list},
		{http.MethodGet, "/games/:id", h.get},
		{http.MethodPatch, "/games/:id", h.edit},
		{http.MethodDelete, "/games/:id", h.delete},
		{http.MethodPost, "/games/:id/confirm", h.confirm},
		{http.MethodGet, "/games/:id/replay", h.replay},
		{http.MethodGet, "/games/:id/export", h.export},
		{http.MethodGet, "/classes/:id/games/monthly", h.classMonthly},
		{http.MethodGet, "/schools/:id/games/monthly", h.schoolMonthly},
		{http.MethodGet, "/me/level", h.myLevel},
	}
	addRoutes(v1, auth, h.svc != nil, routes)
}

// upload adds the games of a file: JSON ({game, text, ...}) or a
// multipart form with the same fields and the file in "file".
func (h *gameHandlers) upload(c echo.Context) error {
	var req gameUploadRequest
	if strings.HasPrefix(c.Request().Header.Get(echo.HeaderContentType), echo.MIMEMultipartForm) {
		max := h.svc.Limits().UploadBytes
		c.Request().Body = http.MaxBytesReader(c.Response(), c.Request().Body, int64(max)+64<<10)
		if err := req.fromForm(c, max); err != nil {
			return err
		}
	} else {
		if c.Request().ContentLength > MaxBodyBytes {
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{MaxBodyBytes}}
		}
		if err := Bind(c, &req); err != nil {
			return err
		}
	}
	rep, err := h.svc.Upload(c.Request().Context(), Caller(c), req.upload())
	if err != nil {
		return err
	}
	status := http.StatusOK
	if len(rep.Stored) > 0 {
		status = http.StatusCreated
	}
	return c.JSON(status, toUploadResponse(rep, langOf(c)))
}

// fromForm reads a multipart upload.
func (r *gameUploadRequest) fromForm(c echo.Context, max int) error {
	fh, err := c.FormFile("file")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{max}}
		}
		return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed",
			Fields: []domain.FieldError{{Field: "file", Code: "required"}}}
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return err
	}
	if len(data) > max {
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{max}}
	}
	r.Text = string(data)
	r.Game, r.Variant = c.FormValue("game"), c.FormValue("variant")
	r.WhiteID, r.BlackID, r.TournamentID = c.FormValue("white_id"), c.FormValue("black_id"), c.FormValue("tournament_id")
	for _, f := range []struct {
		name string
		to   **int
	}{{"round", &r.Round}, {"board", &r.Board}} {
		if v := c.FormValue(f.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed",
					Fields: []domain.FieldError{{Field: f.name, Code: "invalid"}}}
			}
			*f.to = &n
		}
	}
	return nil
}

func (h *gameHandlers) list(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	f := games.Filter{PlayerID: c.QueryParam("user_id"), ClassID: c.QueryParam("class_id"), Game: game.Name(c.QueryParam("game")),
		Event: c.QueryParam("event"), From: c.QueryParam("from"), To: c.QueryParam("to"), Opening: c.QueryParam("opening"),
		Status: games.Status(c.QueryParam("status"))}
	list, next, err := h.svc.List(c.Request().Context(), Caller(c), f, domain.Page{Limit: page.Limit, After: page.After})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toGameResponse))
}

func (h *gameHandlers) get(c echo.Context) error {
	rec, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toGameResponse(rec))
}

func (h *gameHandlers) edit(c echo.Context) error {
	var req gameEditRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	rec, err := h.svc.Edit(c.Request().Context(), Caller(c), c.Param("id"), req.edit())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toGameResponse(rec))
}

func (h *gameHandlers) delete(c echo.Context) error {
	if err := h.svc.Delete(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *gameHandlers) confirm(c echo.Context) error {
	rec, err := h.svc.Confirm(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toGameResponse(rec))
}

// replay answers every ply, or with ?ply=N the position after ply N
// alone (0: the start). Only the ply asked for is built; every ply is
// written as it is made, so a long game is never held in memory whole.
func (h *gameHandlers) replay(c echo.Context) error {
	ply := games.All
	if v := c.QueryParam("ply"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return queryError("ply")
		}
		ply = n
	}
	var w *replayWriter
	err := h.svc.ReplayEach(c.Request().Context(), Caller(c), c.Param("id"), ply,
		func(rp *games.Replay) error {
			w = newReplayWriter(c, rp)
			return w.begin()
		},
		func(p games.Ply) error { return w.ply(p) })
	if err != nil {
		if w == nil || !c.Response().Committed {
			var de *domain.Error
			if errors.As(err, &de) && len(de.Fields()) == 1 && de.Fields()[0].Field == "ply" {
				return queryError("ply")
			}
			return err
		}
		return err // the answer has begun: only the log can tell
	}
	return w.end()
}

func (h *gameHandlers) export(c echo.Context) error {
	rec, text, err := h.svc.Export(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	ext, _ := games.FormatOf(rec.Game)
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+string(rec.Game)+"-"+rec.ID[:8]+"."+ext+`"`)
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(text))
}
