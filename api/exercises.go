package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/exercises"
)

// HeaderIdempotencyKey names the header that makes an answer submission
// safe to retry.
const HeaderIdempotencyKey = "Idempotency-Key"

// exerciseHandlers serve exercises, attempts, kinds and generators.
type exerciseHandlers struct {
	svc *exercises.Service
}

func newExerciseHandlers(svc *exercises.Service) *exerciseHandlers {
	return &exerciseHandlers{svc: svc}
}

func (h *exerciseHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	addRoutes(v1, auth, h.svc != nil, exerciseRoutes(h))
}

func exerciseRoutes(h *exerciseHandlers) []route {
	return []route{
		{http.MethodGet, "/kinds", h.listKinds},
		{http.MethodGet, "/exercises", h.listExercises},
		{http.MethodPost, "/exercises", h.createExercise},
		{http.MethodPost, "/exercises/generate", h.generate},
		{http.MethodPost, "/exercises/import", h.importExercises},
		{http.MethodGet, "/exercises/:id", h.getExercise},
		{http.MethodPut, "/exercises/:id", h.updateExercise},
		{http.MethodDelete, "/exercises/:id", h.deleteExercise},
		{http.MethodPost, "/exercises/:id/attempts", h.submit},
		{http.MethodPost, "/exercises/:id/give-up", h.giveUp},
		{http.MethodPost, "/exercises/:id/hints", h.openHint},
		{http.MethodGet, "/me/attempts", h.myAttempts},
	}
}

// exerciseError turns the kinds' refusals and a used-up attempts limit
// into problems; other errors pass through to the error handler.
func exerciseError(err error) error {
	var ae *exercises.AnswerError
	var pe *exercises.PromptError
	var xe *exercises.ExhaustedError
	var le *exercises.LockedError
	switch {
	case errors.As(err, &ae):
		return answerProblem{ae}
	case errors.As(err, &pe):
		return promptProblem{pe}
	case errors.As(err, &xe):
		return &Error{Status: http.StatusConflict, Code: "attempts_exhausted", Args: []any{xe.Title, xe.Allowed}}
	case errors.As(err, &le):
		name := text{le.Lesson.ZH, le.Lesson.EN}
		if name.zh == "" || name.en == "" {
			name = text{le.UnlockedBy, le.UnlockedBy}
		}
		return &Error{Status: http.StatusConflict, Code: "lesson_locked", Args: []any{le.Title, name}}
	}
	return err
}

func (h *exerciseHandlers) listKinds(c echo.Context) error {
	return c.JSON(http.StatusOK, NewList(c, exercises.Kinds(), "", toKindResponse))
}

func (h *exerciseHandlers) listExercises(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	q := exercises.ListQuery{
		Game: c.QueryParam("game"), Kind: c.QueryParam("kind"), Band: c.QueryParam("band"), Tag: c.QueryParam("tag"),
		Source: c.QueryParam("source"), SchoolID: c.QueryParam("school_id"),
	}
	list, next, err := h.svc.Exercises(c.Request().Context(), Caller(c), q, page)
	if err != nil {
		return err
	}
	lang := langOf(c)
	return c.JSON(http.StatusOK, NewList(c, list, next, func(v exercises.View) exerciseResponse { return toExerciseResponse(v, lang) }))
}

func (h *exerciseHandlers) getExercise(c echo.Context) error {
	v, err := h.svc.Exercise(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toExerciseResponse(v, langOf(c)))
}

func (h *exerciseHandlers) createExercise(c echo.Context) error {
	var req exerciseRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	ex, err := h.svc.CreateExercise(c.Request().Context(), Caller(c), req.draft())
	if err != nil {
		return exerciseError(err)
	}
	return c.JSON(http.StatusCreated, toExerciseResponse(exercises.View{Exercise: ex, ShowSolution: true, HintsShown: len(ex.Hints)}, langOf(c)))
}

func (h *exerciseHandlers) updateExercise(c echo.Context) error {
	var req exerciseRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	ex, err := h.svc.UpdateExercise(c.Request().Context(), Caller(c), c.Param("id"), req.draft())
	if err != nil {
		return exerciseError(err)
	}
	return c.JSON(http.StatusOK, toExerciseResponse(exercises.View{Exercise: ex, ShowSolution: true, HintsShown: len(ex.Hints)}, langOf(c)))
}

func (h *exerciseHandlers) deleteExercise(c echo.Context) error {
	if err := h.svc.DeleteExercise(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *exerciseHandlers) submit(c echo.Context) error {
	var req attemptRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	v, err := h.svc.Submit(c.Request().Context(), Caller(c), c.Param("id"), exercises.AnswerInput{
		Answer: req.Answer, TimeMS: req.TimeMS, IdempotencyKey: c.Request().Header.Get(HeaderIdempotencyKey),
	})
	if err != nil {
		return exerciseError(err)
	}
	return replyVerdict(c, v)
}

// replyVerdict sends a verdict: 201 when an attempt was recorded now, 200
// otherwise (a continuing step, a staff preview, or a replay, which is
// also marked by the Idempotent-Replayed header).
func replyVerdict(c echo.Context, v exercises.Verdict) error {
	status := http.StatusOK
	switch {
	case v.Replayed:
		c.Response().Header().Set("Idempotent-Replayed", "true")
	case v.Attempt != nil:
		status = http.StatusCreated
	}
	return c.JSON(status, toVerdictResponse(v, langOf(c)))
}

func (h *exerciseHandlers) giveUp(c echo.Context) error {
	var req giveUpRequest
	if c.Request().ContentLength != 0 {
		if err := Bind(c, &req); err != nil {
			return err
		}
	}
	v, err := h.svc.GiveUp(c.Request().Context(), Caller(c), c.Param("id"), exercises.GiveUpInput{
		TimeMS: req.TimeMS, IdempotencyKey: c.Request().Header.Get(HeaderIdempotencyKey),
	})
	if err != nil {
		return exerciseError(err)
	}
	return replyVerdict(c, v)
}

func (h *exerciseHandlers) myAttempts(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	list, next, err := h.svc.MyAttempts(c.Request().Context(), Caller(c), c.QueryParam("exercise_id"), page)
	if err != nil {
		return err
	}
	lang := langOf(c)
	return c.JSON(http.StatusOK, NewList(c, list, next, func(a exercises.Attempt) attemptResponse { return toAttemptResponse(a, lang) }))
}

func (h *exerciseHandlers) generate(c echo.Context) error {
	var req generateRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	list, err := h.svc.Generate(c.Request().Context(), Caller(c), exercises.GenerateInput{
		Kind: req.Kind, Band: req.Band, Count: req.Count, Seed: req.Seed, Save: req.Save, SchoolID: req.SchoolID,
	})
	if err != nil {
		return exerciseError(err)
	}
	status := http.StatusOK
	if req.Save {
		status = http.StatusCreated
	}
	return c.JSON(status, NewList(c, list, "", toGeneratedResponse))
}

// openHint opens one hint of an exercise (see exercises.Service.Hint).
func (h *exerciseHandlers) openHint(c echo.Context) error {
	var req openHintRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	v, err := h.svc.Hint(c.Request().Context(), Caller(c), c.Param("id"), req.Step)
	if err != nil {
		return exerciseError(err)
	}
	return c.JSON(http.StatusOK, openedHintResponse{hintResponse: toHintResponse(v.Step, v.Hint, langOf(c)), Total: v.Total, Opened: v.Opened})
}
