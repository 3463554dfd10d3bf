package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/classroom"
	"qixue/domain"
	"qixue/exercises"
	"qixue/realtime"
)

// classroomHandlers serve live lessons (/v1/live-lessons).
type classroomHandlers struct {
	svc       *classroom.Service
	exercises *exercises.Service
	now       func() time.Time
}

func (h *classroomHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	addRoutes(v1, auth, h.svc != nil && h.exercises != nil, []route{
		{http.MethodPost, "/live-lessons", h.create},
		{http.MethodGet, "/live-lessons", h.list},
		{http.MethodGet, "/live-lessons/:id", h.get},
		{http.MethodPost, "/live-lessons/:id/open", h.open},
		{http.MethodPost, "/live-lessons/:id/reveal", h.reveal},
		{http.MethodPost, "/live-lessons/:id/end", h.end},
		{http.MethodPost, "/live-lessons/:id/answers", h.answer},
		{http.MethodPost, "/live-lessons/:id/hints", h.hint},
		{http.MethodPost, "/live-lessons/:id/copy", h.copy},
		{http.MethodGet, "/live-lessons/:id/summary", h.summary},
	})
}

func (h *classroomHandlers) clock() time.Time {
	if h.now != nil {
		return h.now().UTC()
	}
	return time.Now().UTC()
}

func (h *classroomHandlers) create(c echo.Context) error {
	var req liveLessonRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	l, err := h.svc.Create(c.Request().Context(), Caller(c), classroom.Draft{
		ClassID: req.ClassID, Title: req.Title, ExerciseIDs: req.ExerciseIDs, Options: req.Options.options(),
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/live-lessons/"+l.ID)
	return h.reply(c, http.StatusCreated, l, nil)
}

func (h *classroomHandlers) list(c echo.Context) error {
	limit := 0
	if s := c.QueryParam("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 200 {
			return queryError("limit")
		}
		limit = n
	}
	if len(c.QueryParam("class_id")) > 64 {
		return queryError("class_id")
	}
	list, err := h.svc.List(c.Request().Context(), Caller(c), c.QueryParam("class_id"), classroom.Status(c.QueryParam("status")), limit)
	if err != nil {
		return err
	}
	now := h.clock()
	return c.JSON(http.StatusOK, NewList(c, list, "", func(l classroom.Lesson) liveLessonResponse {
		return toLiveLesson(l, liveLessonView{now: now, lang: langOf(c)})
	}))
}

func (h *classroomHandlers) get(c echo.Context) error {
	l, answers, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return h.reply(c, http.StatusOK, l, answers)
}

// reply sends the lesson as the caller sees it.
func (h *classroomHandlers) reply(c echo.Context, status int, l classroom.Lesson, answers []classroom.Answer) error {
	ctx := c.Request().Context()
	p := Caller(c)
	v := liveLessonView{staff: p.Staff(), self: p.UserID, lang: langOf(c), now: h.clock(), answers: answers}
	ids := make([]string, 0, len(l.Items))
	for i, it := range l.Items {
		if v.staff || i == l.Current {
			ids = append(ids, it.ExerciseID)
		}
	}
	var err error
	if v.exercises, err = h.exercises.InSchool(ctx, l.SchoolID, ids); err != nil {
		return err
	}
	if v.staff {
		if v.students, err = h.svc.Students(ctx, l); err != nil {
			return err
		}
	} else if l.Options.Hints && l.Current >= 0 && l.Current < len(l.Items) {
		// The hints the student opened come back with the item.
		id := l.Items[l.Current].ExerciseID
		if ex, ok := v.exercises[id]; ok && len(ex.Hints) > 0 {
			n, err := h.exercises.HintsOpened(ctx, p.UserID, id)
			if err != nil {
				return err
			}
			v.hints = map[string]int{id: n}
		}
	}
	return c.JSON(status, toLiveLesson(l, v))
}

// changed replies to a teacher's change with the lesson and its answers.
func (h *classroomHandlers) changed(c echo.Context, l classroom.Lesson, err error) error {
	if err != nil {
		return err
	}
	_, answers, err := h.svc.Get(c.Request().Context(), Caller(c), l.ID)
	if err != nil {
		return err
	}
	return h.reply(c, http.StatusOK, l, answers)
}

func (h *classroomHandlers) open(c echo.Context) error {
	var req liveOpenRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Index == nil {
		return domain.Invalid("index", "required")
	}
	l, err := h.svc.Open(c.Request().Context(), Caller(c), c.Param("id"), *req.Index)
	return h.changed(c, l, err)
}

func (h *classroomHandlers) reveal(c echo.Context) error {
	l, err := h.svc.Reveal(c.Request().Context(), Caller(c), c.Param("id"))
	return h.changed(c, l, err)
}

func (h *classroomHandlers) end(c echo.Context) error {
	l, err := h.svc.End(c.Request().Context(), Caller(c), c.Param("id"))
	return h.changed(c, l, err)
}

func (h *classroomHandlers) answer(c echo.Context) error {
	var req liveAnswerRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Index == nil {
		return domain.Invalid("index", "required")
	}
	v, err := h.svc.Answer(c.Request().Context(), Caller(c), c.Param("id"), classroom.AnswerInput{
		Index: *req.Index, Answer: req.Answer, TimeMS: req.TimeMS,
	})
	if err != nil {
		return exerciseError(err)
	}
	r := liveAnswerResponse{Index: *req.Index, Done: v.Done, Recorded: v.Done}
	if !v.Done {
		r.Reply, r.ForbiddenPoints = v.Graded.Result.Reply, v.Graded.ForbiddenPoints
		return c.JSON(http.StatusOK, r)
	}
	r.AttemptID, r.Answer = v.Attempt.ID, v.Answer.Answer
	return c.JSON(http.StatusCreated, r)
}

// lessonEvent is the body of a live lesson's socket event: what changed
// and where the lesson stands; a screen reads the lesson again
// (GET /v1/live-lessons/{id}) for the item's board. "answered" events go
// only to the screens that follow the lesson (lesson_subscribe) and carry
// the item's tally.
type lessonEvent struct {
	Type       string              `json:"type"`
	Kind       string              `json:"kind"`
	LessonID   string              `json:"lesson_id"`
	ClassID    string              `json:"class_id"`
	Status     string              `json:"status"`
	Index      int                 `json:"index"`
	Current    int                 `json:"current"`
	Version    int                 `json:"version"`
	Revealed   bool                `json:"revealed"`
	Deadline   *time.Time          `json:"deadline,omitempty"`
	Answered   *int                `json:"answered,omitempty"`
	Answers    []liveCountResponse `json:"answers,omitempty"`
	AnsweredBy []string            `json:"answered_by,omitempty"`
	At         time.Time           `json:"at"`
}

// Topics of live lessons' events: a class's students follow
// LessonClassTopic (their sockets subscribe on connect), the screens of a
// lesson's staff LessonStaffTopic (lesson_subscribe); the teacher's own
// sockets get the opens, reveals and ends through user:<id> too.
func LessonClassTopic(classID string) string  { return "lessons:" + classID }
func LessonStaffTopic(lessonID string) string { return "lesson-staff:" + lessonID }

// EncodeLessonEvent builds the notice of a lesson's event (nil when it
// has none); a body too large for a notice drops the tally's answers.
func EncodeLessonEvent(ev classroom.Event, at time.Time) []byte {
	l := ev.Lesson
	body := lessonEvent{Type: "lesson", Kind: ev.Kind, LessonID: l.ID, ClassID: l.ClassID, Status: string(l.Status),
		Index: ev.Index, Current: l.Current, Version: l.Version, At: at.UTC()}
	if ev.Index >= 0 && ev.Index < len(l.Items) {
		it := l.Items[ev.Index]
		body.Revealed, body.Deadline = it.Revealed, timeOrNil(it.Deadline)
	}
	topics := []string{LessonClassTopic(l.ClassID), LessonStaffTopic(l.ID), "user:" + l.TeacherID}
	if ev.Tally != nil {
		// Only the screens that follow the lesson (lesson_subscribe): a
		// teacher's other sockets do not get every answer of it.
		topics = []string{LessonStaffTopic(l.ID)}
		n := ev.Tally.Answered
		body.Answered, body.AnsweredBy = &n, ev.Tally.Users
		for _, c := range ev.Tally.Answers {
			body.Answers = append(body.Answers, liveCountResponse{Answer: c.Answer, Count: c.Count})
		}
	}
	b, _ := json.Marshal(body)
	if len(b) > maxNotice {
		body.Answers, body.AnsweredBy = nil, nil
		b, _ = json.Marshal(body)
	}
	return realtime.Pack(topics, b)
}

// Notifier sends a notice to every replica (the live store's pg_notify).
type Notifier interface {
	Broadcasts() bool
	Notify(ctx context.Context, notice []byte) error
}

// LessonAnnouncer returns the classroom's Announce: on PostgreSQL through
// the notices every replica's listener hands its hub, otherwise straight
// to this process's hub.
func LessonAnnouncer(hub *realtime.Hub, n Notifier, now func() time.Time) func(context.Context, classroom.Event) {
	if now == nil {
		now = time.Now
	}
	return func(ctx context.Context, ev classroom.Event) {
		notice := EncodeLessonEvent(ev, now())
		if n != nil && n.Broadcasts() {
			n.Notify(ctx, notice)
			return
		}
		if hub != nil {
			hub.Publish(notice)
		}
	}
}

// hint opens a hint of the item shown (when the teacher allowed hints).
func (h *classroomHandlers) hint(c echo.Context) error {
	var req liveHintRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Index == nil {
		return domain.Invalid("index", "required")
	}
	v, err := h.svc.Hint(c.Request().Context(), Caller(c), c.Param("id"), *req.Index, req.Step)
	if err != nil {
		return exerciseError(err)
	}
	return c.JSON(http.StatusOK, openedHintResponse{hintResponse: toHintResponse(v.Step, v.Hint, langOf(c)), Total: v.Total, Opened: v.Opened})
}

// copy makes a new lesson of a lesson's items (run again, another class).
func (h *classroomHandlers) copy(c echo.Context) error {
	var req liveCopyRequest
	if c.Request().ContentLength != 0 {
		if err := Bind(c, &req); err != nil {
			return err
		}
	}
	in := classroom.CopyInput{ClassID: req.ClassID, Title: req.Title}
	if req.Options != nil {
		o := req.Options.options()
		in.Options = &o
	}
	l, err := h.svc.Copy(c.Request().Context(), Caller(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/live-lessons/"+l.ID)
	return h.reply(c, http.StatusCreated, l, nil)
}
