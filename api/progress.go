package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/progress"
)

// progressHandlers serve a student's progress and puzzle ratings.
type progressHandlers struct {
	svc *progress.Service
}

func newProgressHandlers(svc *progress.Service) *progressHandlers {
	return &progressHandlers{svc: svc}
}

func (h *progressHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []route{
		{http.MethodGet, "/me/progress", h.myProgress},
		{http.MethodGet, "/me/ratings/history", h.myRatingHistory},
		{http.MethodGet, "/students/:id/progress", h.studentProgress},
		{http.MethodGet, "/classes/:id/exercises/:eid/stats", h.classExerciseStats},
	}
	addRoutes(v1, auth, h.svc != nil, routes)
}

func (h *progressHandlers) myProgress(c echo.Context) error {
	sum, err := h.svc.MyProgress(c.Request().Context(), Caller(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toProgressResponse(sum))
}

func (h *progressHandlers) myRatingHistory(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	game := c.QueryParam("game")
	switch game {
	case "", "chess", "draughts", "gomoku", "numchess":
	default:
		return queryError("game")
	}
	list, next, err := h.svc.MyRatingHistory(c.Request().Context(), Caller(c), game, page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toRatingChangeResponse))
}

func (h *progressHandlers) studentProgress(c echo.Context) error {
	v, err := h.svc.StudentProgress(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toStudentProgressResponse(v))
}

func (h *progressHandlers) classExerciseStats(c echo.Context) error {
	st, err := h.svc.ClassExerciseStats(c.Request().Context(), Caller(c), c.Param("id"), c.Param("eid"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toExerciseStatsResponse(st))
}
