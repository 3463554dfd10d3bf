package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"qixue/exercises"
	"qixue/identity"
	"qixue/lessons"
	"qixue/lessons/diagram"
)

// lessonHandlers serve curricula and lessons.
type lessonHandlers struct {
	svc       *lessons.Service
	exercises *exercises.Service
}

func newLessonHandlers(svc *lessons.Service, ex *exercises.Service) *lessonHandlers {
	return &lessonHandlers{svc: svc, exercises: ex}
}

func (h *lessonHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []struct {
		method, path string
		handler      echo.HandlerFunc
	}{
		{http.MethodGet, "/curricula", h.listCurricula},
		{http.MethodGet, "/curricula/:id", h.getCurriculum},
		{http.MethodPost, "/curricula/:id/copy", h.copyCurriculum},
		{http.MethodGet, "/lessons/:id", h.getLesson},
	}
	for _, r := range routes {
		handler := r.handler
		if h.svc == nil || h.exercises == nil {
			// The routes exist (and are documented) even on a server
			// built without storage; they answer 503.
			handler = func(echo.Context) error {
				return &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"}
			}
		}
		v1.Add(r.method, r.path, handler, auth)
	}
}

// lessonError turns the lessons refusals into problems; other errors pass
// through to the error handler.
func lessonError(err error) error {
	switch {
	case errors.Is(err, lessons.ErrNotFound):
		return &Error{Status: http.StatusNotFound, Code: "not_found"}
	case errors.Is(err, lessons.ErrBuiltInReadOnly):
		return &Error{Status: http.StatusConflict, Code: "conflict"}
	}
	return err
}

// listCurricula lists the curricula the caller may read, filtered by game
// and grade (1-6, as its band). The band of grade, or else a student's own
// band, comes first.
func (h *lessonHandlers) listCurricula(c echo.Context) error {
	p := Caller(c)
	var game exercises.Game
	if s := c.QueryParam("game"); s != "" {
		g, err := exercises.ParseGame(s)
		if err != nil {
			return queryError("game")
		}
		game = g
	}
	var band, preferred exercises.Band
	if s := c.QueryParam("grade"); s != "" {
		g, err := strconv.Atoi(s)
		if err != nil || g < 1 || g > 6 {
			return queryError("grade")
		}
		band = exercises.BandOfGrade(g)
	}
	if band == "" && p.Role == identity.RoleStudent {
		b, ok, err := h.svc.StudentBand(c.Request().Context(), p.UserID)
		if err != nil {
			return err
		}
		if ok {
			preferred = b
		}
	}
	list, err := h.svc.Curricula(c.Request().Context(), p.SchoolID, game, band, preferred)
	if err != nil {
		return err
	}
	lang := langOf(c)
	return c.JSON(http.StatusOK, NewList(list, "", func(cu lessons.Curriculum) curriculumResponse {
		return toCurriculumResponse(cu, lang, false)
	}))
}

func (h *lessonHandlers) getCurriculum(c echo.Context) error {
	cu, err := h.svc.Curriculum(c.Request().Context(), Caller(c).SchoolID, c.Param("id"))
	if err != nil {
		return lessonError(err)
	}
	return c.JSON(http.StatusOK, toCurriculumResponse(cu, langOf(c), true))
}

// getLesson returns a lesson's blocks in the caller's language; exercise
// blocks carry the exercise without its solution, diagram blocks the url of
// their SVG.
func (h *lessonHandlers) getLesson(c echo.Context) error {
	ctx := c.Request().Context()
	p := Caller(c)
	cu, l, err := h.svc.Lesson(ctx, p.SchoolID, c.Param("id"))
	if err != nil {
		return lessonError(err)
	}
	lang := langOf(c)
	r := lessonResponse{
		lessonSummaryResponse: toLessonSummary(l, lang),
		CurriculumID:          cu.ID, Game: string(cu.Game), Band: string(cu.Band),
		Blocks: make([]blockResponse, len(l.Blocks)),
	}
	for i, b := range l.Blocks {
		r.Blocks[i] = toBlockResponse(b, diagram.Game(cu.Game), lang)
		if b.Type != lessons.BlockExercise {
			continue
		}
		v, err := h.exercises.Exercise(ctx, p, exercises.BankID(b.Exercise))
		if err != nil {
			return err
		}
		v.ShowSolution = false
		er := toExerciseResponse(v, lang)
		r.Blocks[i].Exercise = &er
	}
	return c.JSON(http.StatusOK, r)
}

// copyCurriculum copies a curriculum into the caller's school (teachers
// and school admins) or into body.school_id (platform admins).
func (h *lessonHandlers) copyCurriculum(c echo.Context) error {
	p := Caller(c)
	var req copyRequest
	if c.Request().ContentLength != 0 {
		if err := Bind(c, &req); err != nil {
			return err
		}
	}
	school := p.SchoolID
	switch p.Role {
	case identity.RoleTeacher, identity.RoleSchoolAdmin:
	case identity.RolePlatformAdmin:
		school = req.SchoolID
		if school == "" {
			return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed",
				Fields: []identity.FieldError{{Field: "school_id", Code: "required"}}}
		}
	default:
		return &Error{Status: http.StatusForbidden, Code: "forbidden"}
	}
	cu, err := h.svc.Copy(c.Request().Context(), school, c.Param("id"))
	if err != nil {
		return lessonError(err)
	}
	return c.JSON(http.StatusCreated, toCurriculumResponse(cu, langOf(c), true))
}
