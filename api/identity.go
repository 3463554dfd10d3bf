package api

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"qixue/csvsafe"
	"qixue/domain"
	"qixue/identity"
)

// identityHandlers serve authentication, schools, users, classes and
// enrollments.
type identityHandlers struct {
	svc    *identity.Service
	badges badgeCards
}

func newIdentityHandlers(svc *identity.Service, badges badgeCards) *identityHandlers {
	return &identityHandlers{svc: svc, badges: badges}
}

// register adds the identity routes; the login-like ones (no token) run
// behind sameSite, which refuses cross-site browser requests.
func (h *identityHandlers) register(v1 *echo.Group, auth, sameSite echo.MiddlewareFunc) {
	v1.POST("/auth/login", h.login, sameSite)
	v1.POST("/auth/refresh", h.refresh, sameSite)
	v1.POST("/auth/class-names", h.classNames, sameSite)
	v1.POST("/auth/logout", h.logout, sameSite)
	v1.GET("/me", h.me, auth)
	v1.POST("/me/password", h.changePassword, auth)

	v1.GET("/schools", h.listSchools, auth)
	v1.POST("/schools", h.createSchool, auth)
	v1.GET("/schools/:id", h.getSchool, auth)
	v1.PATCH("/schools/:id", h.updateSchool, auth)
	v1.DELETE("/schools/:id", h.deleteSchool, auth)

	v1.GET("/users", h.listUsers, auth)
	v1.POST("/users", h.createUser, auth)
	v1.GET("/users/:id", h.getUser, auth)
	v1.PATCH("/users/:id", h.updateUser, auth)
	v1.DELETE("/users/:id", h.deleteUser, auth)
	v1.PUT("/users/:id/password", h.setPassword, auth)
	v1.POST("/users/:id/pin", h.resetPIN, auth)
	v1.DELETE("/users/:id/login-lock", h.clearLoginLock, auth)
	v1.DELETE("/login-locks/:address", h.clearAddressLock, auth)

	v1.GET("/classes", h.listClasses, auth)
	v1.POST("/classes", h.createClass, auth)
	v1.GET("/classes/:id", h.getClass, auth)
	v1.PATCH("/classes/:id", h.updateClass, auth)
	v1.DELETE("/classes/:id", h.deleteClass, auth)
	v1.GET("/classes/:id/enrollments", h.listEnrollments, auth)
	v1.POST("/classes/:id/enrollments", h.enroll, auth)
	v1.DELETE("/classes/:id/enrollments/:user_id", h.unenroll, auth)
	v1.POST("/classes/:id/students", h.createStudents, auth)
	v1.POST("/classes/:id/login-cards", h.reissueLoginCards, auth)
	h.registerBadges(v1, auth, sameSite)
}

func (h *identityHandlers) login(c echo.Context) error {
	var req loginRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	s, err := h.svc.Login(c.Request().Context(), identity.Credentials{
		Username: req.Username, Password: req.Password, ClassCode: req.ClassCode, PIN: req.PIN,
	}, c.RealIP())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSessionResponse(s))
}

// classNames answers a class's login list (first names and usernames)
// to anyone who knows its login code; an unknown code counts as a failed
// login of the address.
func (h *identityHandlers) classNames(c echo.Context) error {
	var req classNamesRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	n, err := h.svc.ClassNameList(c.Request().Context(), req.ClassCode, c.RealIP())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassNamesResponse(n))
}

// clearLoginLock lets a user locked out by failed logins log in again.
func (h *identityHandlers) clearLoginLock(c echo.Context) error {
	if err := h.svc.ClearLoginLock(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// clearAddressLock lets logins from an address locked by failed logins be
// checked again.
func (h *identityHandlers) clearAddressLock(c echo.Context) error {
	addr, err := url.PathUnescape(c.Param("address"))
	if err != nil {
		return domain.Invalid("address", "invalid")
	}
	if err := h.svc.ClearAddressLock(c.Request().Context(), Caller(c), addr, c.RealIP()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// changePassword sets the caller's own password and answers with a new
// session: every earlier session of the user has ended.
func (h *identityHandlers) changePassword(c echo.Context) error {
	var req changePasswordRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	s, err := h.svc.ChangePassword(c.Request().Context(), Caller(c), req.CurrentPassword, req.NewPassword)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSessionResponse(s))
}

func (h *identityHandlers) refresh(c echo.Context) error {
	var req refreshRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	s, err := h.svc.Refresh(c.Request().Context(), req.RefreshToken)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSessionResponse(s))
}

func (h *identityHandlers) logout(c echo.Context) error {
	var req refreshRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if err := h.svc.Logout(c.Request().Context(), req.RefreshToken); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *identityHandlers) me(c echo.Context) error {
	u, err := h.svc.Me(c.Request().Context(), Caller(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponseFor(Caller(c))(u))
}

func (h *identityHandlers) listSchools(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	list, next, err := h.svc.Schools(c.Request().Context(), Caller(c), page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toSchoolResponse))
}

func (h *identityHandlers) createSchool(c echo.Context) error {
	var req schoolRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	s, err := h.svc.CreateSchool(c.Request().Context(), Caller(c), identity.SchoolInput{Name: req.Name})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toSchoolResponse(s))
}

func (h *identityHandlers) getSchool(c echo.Context) error {
	s, err := h.svc.School(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSchoolResponse(s))
}

func (h *identityHandlers) updateSchool(c echo.Context) error {
	var req schoolRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	s, err := h.svc.UpdateSchool(c.Request().Context(), Caller(c), c.Param("id"), identity.SchoolInput{Name: req.Name})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSchoolResponse(s))
}

func (h *identityHandlers) deleteSchool(c echo.Context) error {
	if err := h.svc.DeleteSchool(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *identityHandlers) listUsers(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	q := identity.UserListQuery{SchoolID: c.QueryParam("school_id"), ClassID: c.QueryParam("class_id")}
	if r := c.QueryParam("role"); r != "" {
		role, err := domain.ParseRole(r)
		if err != nil {
			return queryError("role")
		}
		q.Role = role
	}
	if q.Status, err = statusParam(c); err != nil {
		return err
	}
	list, next, err := h.svc.Users(c.Request().Context(), Caller(c), q, page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toUserResponseFor(Caller(c))))
}

// statusParam reads ?status=active|inactive|all (default active).
func statusParam(c echo.Context) (identity.Status, error) {
	st, err := identity.ParseStatus(c.QueryParam("status"))
	if err != nil {
		return st, queryError("status")
	}
	return st, nil
}

func (h *identityHandlers) createUser(c echo.Context) error {
	var req createUserRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	u, err := h.svc.CreateUser(c.Request().Context(), Caller(c), identity.NewUser{
		SchoolID: req.SchoolID, Role: domain.Role(req.Role), Username: req.Username,
		RealName: req.RealName, GivenName: req.GivenName, Email: req.Email, Password: req.Password,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toUserResponseFor(Caller(c))(u))
}

func (h *identityHandlers) getUser(c echo.Context) error {
	u, err := h.svc.User(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponseFor(Caller(c))(u))
}

func (h *identityHandlers) updateUser(c echo.Context) error {
	var req updateUserRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	patch := identity.UserPatch{RealName: req.RealName, GivenName: req.GivenName, Nickname: req.Nickname, Email: req.Email, Active: req.Active}
	if req.Role != nil {
		r := domain.Role(*req.Role)
		patch.Role = &r
	}
	u, err := h.svc.UpdateUser(c.Request().Context(), Caller(c), c.Param("id"), patch)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponseFor(Caller(c))(u))
}

func (h *identityHandlers) deleteUser(c echo.Context) error {
	if err := h.svc.DeleteUser(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *identityHandlers) setPassword(c echo.Context) error {
	var req passwordRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if err := h.svc.SetPassword(c.Request().Context(), Caller(c), c.Param("id"), req.Password); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *identityHandlers) resetPIN(c echo.Context) error {
	u, pin, err := h.svc.ResetPIN(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, loginCard{UserID: u.ID, Username: u.Username, RealName: u.RealName, PIN: pin})
}

func (h *identityHandlers) listClasses(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	q := identity.ClassListQuery{SchoolID: c.QueryParam("school_id")}
	if q.Status, err = statusParam(c); err != nil {
		return err
	}
	list, next, err := h.svc.Classes(c.Request().Context(), Caller(c), q, page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toClassResponseFor(Caller(c))))
}

func (h *identityHandlers) createClass(c echo.Context) error {
	var req createClassRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Grade == nil {
		return domain.Invalid("grade", "required")
	}
	cl, err := h.svc.CreateClass(c.Request().Context(), Caller(c), identity.NewClass{
		SchoolID: req.SchoolID, Name: req.Name, Grade: *req.Grade, TeacherIDs: req.TeacherIDs,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toClassResponseFor(Caller(c))(cl))
}

func (h *identityHandlers) getClass(c echo.Context) error {
	cl, err := h.svc.Class(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassResponseFor(Caller(c))(cl))
}

func (h *identityHandlers) updateClass(c echo.Context) error {
	var req updateClassRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	cl, err := h.svc.UpdateClass(c.Request().Context(), Caller(c), c.Param("id"), identity.ClassPatch{
		Name: req.Name, Grade: req.Grade, NewLoginCode: req.NewLoginCode, Active: req.Active, FreeAnalysis: req.FreeAnalysis, NameList: req.NameList, Review: req.Review,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassResponseFor(Caller(c))(cl))
}

func (h *identityHandlers) deleteClass(c echo.Context) error {
	if err := h.svc.DeleteClass(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *identityHandlers) listEnrollments(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	status, err := statusParam(c)
	if err != nil {
		return err
	}
	list, next, err := h.svc.Enrollments(c.Request().Context(), Caller(c), c.Param("id"), status, page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toEnrollmentResponseFor(Caller(c))))
}

func (h *identityHandlers) enroll(c echo.Context) error {
	var req enrollRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	e, err := h.svc.Enroll(c.Request().Context(), Caller(c), c.Param("id"), req.UserID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toEnrollmentResponseFor(Caller(c))(e))
}

func (h *identityHandlers) unenroll(c echo.Context) error {
	if err := h.svc.Unenroll(c.Request().Context(), Caller(c), c.Param("id"), c.Param("user_id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// createStudents bulk-creates managed students and answers with their
// login cards: JSON, or CSV for ?format=csv or Accept: text/csv.
func (h *identityHandlers) createStudents(c echo.Context) error {
	var req bulkStudentsRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	names := make([]identity.StudentNames, len(req.Students))
	for i, s := range req.Students {
		names[i] = identity.StudentNames{RealName: s.RealName, GivenName: s.GivenName, Nickname: s.Nickname}
	}
	cl, students, err := h.svc.CreateNamedStudents(c.Request().Context(), Caller(c), c.Param("id"), names)
	if err != nil {
		return err
	}
	return replyLoginCards(c, http.StatusCreated, cl, students)
}

// reissueLoginCards gives every student of the class a new PIN and
// answers with the new login cards, as createStudents does.
func (h *identityHandlers) reissueLoginCards(c echo.Context) error {
	cl, students, err := h.svc.ReissueLoginCards(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return replyLoginCards(c, http.StatusOK, cl, students)
}

func replyLoginCards(c echo.Context, status int, cl identity.Class, students []identity.NewStudent) error {
	res := loginCardsResponse{ClassID: cl.ID, ClassName: cl.Name, ClassCode: cl.LoginCode, Students: make([]loginCard, len(students))}
	for i, s := range students {
		res.Students[i] = loginCard{UserID: s.User.ID, Username: s.User.Username, RealName: s.User.RealName, ClassCode: cl.LoginCode, PIN: s.PIN}
	}
	if wantsCSV(c) {
		return writeLoginCardsCSV(c, status, res)
	}
	return c.JSON(status, res)
}

func wantsCSV(c echo.Context) bool {
	return c.QueryParam("format") == "csv" || strings.Contains(c.Request().Header.Get(echo.HeaderAccept), "text/csv")
}

// writeLoginCardsCSV writes printable login cards, one row per student,
// with a byte-order mark so spreadsheet programs read the Chinese names.
func writeLoginCardsCSV(c echo.Context, status int, res loginCardsResponse) error {
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	w.Header().Set(echo.HeaderContentDisposition, `attachment; filename="login-cards.csv"`)
	w.WriteHeader(status)
	rows := [][]string{{"class", "class_code", "real_name", "username", "pin"}}
	for _, s := range res.Students {
		rows = append(rows, []string{res.ClassName, res.ClassCode, s.RealName, s.Username, s.PIN})
	}
	return csvsafe.NewWriterBOM(w).WriteAll(rows)
}
