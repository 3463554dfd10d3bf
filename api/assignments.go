package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"qixue/assignments"
	"qixue/csvsafe"
)

// assignmentHandlers serve assignments and the class progress matrix.
type assignmentHandlers struct{ svc *assignments.Service }

func newAssignmentHandlers(svc *assignments.Service) *assignmentHandlers {
	return &assignmentHandlers{svc: svc}
}

func (h *assignmentHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []route{
		{http.MethodPost, "/assignments", h.create},
		{http.MethodGet, "/assignments", h.list},
		{http.MethodGet, "/assignments/:id", h.get},
		{http.MethodPut, "/assignments/:id", h.update},
		{http.MethodPost, "/assignments/:id/withdraw", h.withdraw},
		{http.MethodPost, "/assignments/:id/copy", h.copy},
		{http.MethodGet, "/me/assignments", h.mine},
		{http.MethodGet, "/me/next", h.next},
		{http.MethodGet, "/classes/:id/progress", h.classProgress},
		{http.MethodGet, "/classes/:id/progress.csv", h.classProgressCSV},
	}
	addRoutes(v1, auth, h.svc != nil, routes)
}

// create assigns work to a class (teachers of the class, school admins).
func (h *assignmentHandlers) create(c echo.Context) error {
	var req assignmentRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	a, err := h.svc.Create(c.Request().Context(), Caller(c), req.draft())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, h.saved(c, a))
}

// list pages through the assignments of ?class_id=, or all the caller may
// read, in creation order.
func (h *assignmentHandlers) list(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	list, next, err := h.svc.List(c.Request().Context(), Caller(c), c.QueryParam("class_id"), page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toAssignmentResponse))
}

// saved is the answer to a created, edited or copied assignment, with
// warnings about what was accepted but may not be meant: a due time that
// has already passed.
func (h *assignmentHandlers) saved(c echo.Context, a assignments.Assignment) savedAssignmentResponse {
	lang := langOf(c)
	r := toSavedAssignment(a, lang)
	if a.DueAt.Before(h.svc.Now()) {
		r.Warnings = append(r.Warnings, newWarning(lang, "due_in_past", "due_at"))
	}
	return r
}

func (h *assignmentHandlers) get(c echo.Context) error {
	a, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toAssignmentResponse(a))
}

func (h *assignmentHandlers) update(c echo.Context) error {
	var req assignmentRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	a, err := h.svc.Update(c.Request().Context(), Caller(c), c.Param("id"), req.draft())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, h.saved(c, a))
}

func (h *assignmentHandlers) withdraw(c echo.Context) error {
	a, err := h.svc.Withdraw(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toAssignmentResponse(a))
}

func (h *assignmentHandlers) copy(c echo.Context) error {
	var req copyAssignmentRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	a, err := h.svc.Copy(c.Request().Context(), Caller(c), c.Param("id"), req.ClassID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, h.saved(c, a))
}

// mine lists the calling student's open assignments, filtered by ?status=.
func (h *assignmentHandlers) mine(c echo.Context) error {
	f, err := assignments.ParseFilter(c.QueryParam("status"))
	if err != nil {
		return err
	}
	list, err := h.svc.Mine(c.Request().Context(), Caller(c), f)
	if err != nil {
		return err
	}
	now := h.svc.Now()
	out := myAssignmentList{Items: make([]myAssignment, len(list))}
	for i, sa := range list {
		out.Items[i] = toMyAssignment(sa, now)
	}
	return c.JSON(http.StatusOK, out)
}

func (h *assignmentHandlers) matrix(c echo.Context) (assignments.Matrix, error) {
	by, err := assignments.ParseSort(c.QueryParam("sort"))
	if err != nil {
		return assignments.Matrix{}, err
	}
	return h.svc.ClassMatrix(c.Request().Context(), Caller(c), c.Param("id"), by)
}

// classProgress is the students × assignments matrix of a class.
func (h *assignmentHandlers) classProgress(c echo.Context) error {
	m, err := h.matrix(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassProgress(m))
}

// csvHeads are the fixed column heads of progress.csv.
var csvHeads = struct{ realName, username, done, late, overdue, completion text }{
	realName: text{"姓名", "real name"}, username: text{"用户名", "username"},
	done: text{"按时完成", "done"}, late: text{"迟交完成", "late"}, overdue: text{"逾期未完成", "overdue"},
	completion: text{"完成率", "completion"},
}

// statusNames are the assignment statuses as a teacher reads them.
var statusNames = map[assignments.Status]text{
	assignments.NotStarted: {"未开始", "not started"},
	assignments.Struggling: {"做错未解出", "struggling"},
	assignments.Partial:    {"部分完成", "partly done"},
	assignments.Overdue:    {"逾期", "overdue"},
	assignments.Late:       {"迟交完成", "late"},
	assignments.Done:       {"完成", "done"},
}

// classProgressCSV is the matrix as a spreadsheet: one row per student
// with each assignment's status, then the student's totals, with heads
// and statuses in the request's language.
func (h *assignmentHandlers) classProgressCSV(c echo.Context) error {
	m, err := h.matrix(c)
	if err != nil {
		return err
	}
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	w.Header().Set(echo.HeaderContentDisposition, `attachment; filename="class-progress.csv"`)
	w.WriteHeader(http.StatusOK)
	lang := langOf(c)
	cw := csvsafe.NewWriterBOM(w)
	head := []string{csvHeads.realName.in(lang), csvHeads.username.in(lang)}
	for _, a := range m.Assignments {
		head = append(head, a.Title)
	}
	cw.Write(append(head, csvHeads.done.in(lang), csvHeads.late.in(lang), csvHeads.overdue.in(lang), csvHeads.completion.in(lang)))
	for i, s := range m.Students {
		row := []string{s.RealName, s.Username}
		for _, cell := range m.Cells[i] {
			v := ""
			if cell.Assigned {
				v = statusNames[cell.Status].in(lang) + " " + strconv.Itoa(cell.Progress.Solved) + "/" + strconv.Itoa(cell.Progress.Total)
			}
			row = append(row, v)
		}
		t := m.StudentTotals[i]
		cw.Write(append(row, strconv.Itoa(t.Done), strconv.Itoa(t.Late), strconv.Itoa(t.Overdue),
			strconv.FormatFloat(t.Completion(), 'f', 2, 64)))
	}
	cw.Flush()
	return cw.Error()
}

// next suggests the calling student's next exercises (?limit=, at most
// 50): unsolved exercises of open assignments, earliest due first, then
// practice of the student's weak skills and at its rating.
func (h *assignmentHandlers) next(c echo.Context) error {
	limit := 10
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > assignments.MaxSuggestions {
			return queryError("limit")
		}
		limit = n
	}
	list, err := h.svc.Next(c.Request().Context(), Caller(c), limit)
	if err != nil {
		return err
	}
	out := nextList{Items: make([]nextItem, len(list))}
	for i, sg := range list {
		out.Items[i] = toNextItem(sg)
	}
	return c.JSON(http.StatusOK, out)
}
