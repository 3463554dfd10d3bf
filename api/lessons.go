package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/exercises"
	"qixue/lessons"
	"qixue/rules/game"
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
	routes := []route{
		{http.MethodGet, "/curricula", h.listCurricula},
		{http.MethodGet, "/curricula/:id", h.getCurriculum},
		{http.MethodPost, "/curricula/:id/copy", h.copyCurriculum},
		{http.MethodGet, "/lessons/:id", h.getLesson},
		{http.MethodPost, "/curricula", h.createCurriculum},
		{http.MethodPut, "/curricula/:id", h.updateCurriculum},
		{http.MethodDelete, "/curricula/:id", h.deleteCurriculum},
		{http.MethodPost, "/curricula/:id/units", h.createUnit},
		{http.MethodPut, "/units/:id", h.updateUnit},
		{http.MethodDelete, "/units/:id", h.deleteUnit},
		{http.MethodPost, "/units/:id/lessons", h.createLesson},
		{http.MethodPut, "/lessons/:id", h.updateLesson},
		{http.MethodDelete, "/lessons/:id", h.deleteLesson},
		{http.MethodGet, "/lessons", h.searchLessons},
	}
	addRoutes(v1, auth, h.svc != nil && h.exercises != nil, routes)
}

// listCurricula lists the curricula the caller may read, filtered by game
// and grade (1-6, as its band). The band of grade, or else a student's own
// band, comes first.
func (h *lessonHandlers) listCurricula(c echo.Context) error {
	p := Caller(c)
	var game game.Name
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
		if err != nil || g < 0 || g > 6 { // 0 is kindergarten, in K1
			return queryError("grade")
		}
		band = exercises.BandOfGrade(g)
	}
	if band == "" && p.Role == domain.RoleStudent {
		b, ok, err := h.svc.StudentBand(c.Request().Context(), p.UserID)
		if err != nil {
			return err
		}
		if ok {
			preferred = b
		}
	}
	list, err := h.svc.Curricula(c.Request().Context(), p, game, band, preferred)
	if err != nil {
		return err
	}
	lang := langOf(c)
	return c.JSON(http.StatusOK, NewList(c, list, "", func(cu lessons.Curriculum) curriculumResponse {
		return toCurriculumResponse(cu, lang, false)
	}))
}

func (h *lessonHandlers) getCurriculum(c echo.Context) error {
	cu, err := h.svc.Curriculum(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toCurriculumResponse(cu, langOf(c), true))
}

// getLesson returns a lesson's blocks in the caller's language; exercise
// blocks carry the exercise without its solution, diagram blocks the url of
// their SVG. Students read a school's lesson only while it is assigned to
// them (404 otherwise).
func (h *lessonHandlers) getLesson(c echo.Context) error {
	return h.replyLesson(c, http.StatusOK, c.Param("id"))
}

// replyLesson reads a lesson as the caller and writes it with status.
func (h *lessonHandlers) replyLesson(c echo.Context, status int, id string) error {
	ctx := c.Request().Context()
	p := Caller(c)
	cu, l, err := h.svc.Lesson(ctx, p, id)
	if err != nil {
		return err
	}
	var refs []string
	for _, b := range l.Blocks {
		if b.Type == lessons.BlockExercise {
			refs = append(refs, lessons.ExerciseID(b.Exercise))
		}
	}
	exs, err := h.exercises.Readable(ctx, p, refs)
	if err != nil {
		return err
	}
	lang := langOf(c)
	r := lessonResponse{
		lessonSummaryResponse: toLessonSummary(l, lang),
		CurriculumID:          cu.ID, Game: string(cu.Game), Band: string(cu.Band),
		Blocks: make([]blockResponse, len(l.Blocks)),
	}
	for i, b := range l.Blocks {
		r.Blocks[i] = toBlockResponse(b, game.Name(cu.Game), lang)
		if b.Type != lessons.BlockExercise {
			continue
		}
		ex, ok := exs[lessons.ExerciseID(b.Exercise)]
		if !ok {
			// A school exercise deleted after the lesson was written:
			// the block stays, without its exercise.
			continue
		}
		er := toExerciseResponse(exercises.View{Exercise: ex}, lang)
		r.Blocks[i].Exercise = &er
	}
	return c.JSON(status, r)
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
	case domain.RoleTeacher, domain.RoleSchoolAdmin:
	case domain.RolePlatformAdmin:
		school = req.SchoolID
		if school == "" {
			return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed",
				Fields: []domain.FieldError{{Field: "school_id", Code: "required"}}}
		}
	default:
		return &Error{Status: http.StatusForbidden, Code: "forbidden"}
	}
	cu, err := h.svc.Copy(c.Request().Context(), school, c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toCurriculumResponse(cu, langOf(c), true))
}

func (h *lessonHandlers) createCurriculum(c echo.Context) error {
	var req curriculumRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	cu, err := h.svc.CreateCurriculum(c.Request().Context(), Caller(c), req.curriculum(""))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toCurriculumResponse(cu, langOf(c), true))
}

func (h *lessonHandlers) updateCurriculum(c echo.Context) error {
	var req curriculumRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	cu, err := h.svc.UpdateCurriculum(c.Request().Context(), Caller(c), req.curriculum(c.Param("id")))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toCurriculumResponse(cu, langOf(c), true))
}

func (h *lessonHandlers) deleteCurriculum(c echo.Context) error {
	if err := h.svc.DeleteCurriculum(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *lessonHandlers) createUnit(c echo.Context) error {
	var req unitRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	u, err := h.svc.CreateUnit(c.Request().Context(), Caller(c), c.Param("id"), lessons.Unit{Title: req.Title.text()})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, unitResponse{ID: u.ID, Title: u.Title.In(langOf(c)), Lessons: []lessonSummaryResponse{}})
}

func (h *lessonHandlers) updateUnit(c echo.Context) error {
	var req unitRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	u, err := h.svc.UpdateUnit(c.Request().Context(), Caller(c), lessons.Unit{ID: c.Param("id"), Title: req.Title.text()})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, unitResponse{ID: u.ID, Title: u.Title.In(langOf(c)), Lessons: []lessonSummaryResponse{}})
}

func (h *lessonHandlers) deleteUnit(c echo.Context) error {
	if err := h.svc.DeleteUnit(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *lessonHandlers) createLesson(c echo.Context) error {
	var req lessonRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	l, err := h.svc.CreateLesson(c.Request().Context(), Caller(c), c.Param("id"), req.lesson(""))
	if err != nil {
		return err
	}
	return h.replyLesson(c, http.StatusCreated, l.ID)
}

func (h *lessonHandlers) updateLesson(c echo.Context) error {
	var req lessonRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	l, err := h.svc.UpdateLesson(c.Request().Context(), Caller(c), req.lesson(c.Param("id")))
	if err != nil {
		return err
	}
	return h.replyLesson(c, http.StatusOK, l.ID)
}

func (h *lessonHandlers) deleteLesson(c echo.Context) error {
	if err := h.svc.DeleteLesson(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// searchLessons finds lessons by text (both languages), tag, game and
// band; each item names its curriculum, game and band.
func (h *lessonHandlers) searchLessons(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	q := lessons.SearchQuery{Text: c.QueryParam("q"), Tag: c.QueryParam("tag")}
	if s := c.QueryParam("game"); s != "" {
		g, err := exercises.ParseGame(s)
		if err != nil {
			return queryError("game")
		}
		q.Game = g
	}
	if s := c.QueryParam("band"); s != "" {
		b, err := exercises.ParseBand(s)
		if err != nil {
			return queryError("band")
		}
		q.Band = b
	}
	list, next, err := h.svc.SearchLessons(c.Request().Context(), Caller(c), q, page)
	if err != nil {
		return err
	}
	lang := langOf(c)
	return c.JSON(http.StatusOK, NewList(c, list, next, func(l lessons.FoundLesson) lessonListItemResponse {
		return lessonListItemResponse{lessonSummaryResponse: toLessonSummary(l.Lesson, lang),
			CurriculumID: l.CurriculumID, Game: string(l.Game), Band: string(l.Band)}
	}))
}
