package api

import (
	"errors"
	"html/template"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/identity"
	"qixue/roster"
)

// RosterUploadPath is the route of roster uploads, which may exceed the
// server-wide body limit up to the importer's own limit.
const RosterUploadPath = "/v1/roster/imports"

// rosterHandlers serve roster imports, exports and login cards.
type rosterHandlers struct {
	im     *roster.Importer
	ids    *identity.Service
	badges badgeCards
}

func newRosterHandlers(im *roster.Importer, ids *identity.Service, badges badgeCards) *rosterHandlers {
	return &rosterHandlers{im: im, ids: ids, badges: badges}
}

func rosterRoutes(h *rosterHandlers) []route {
	return []route{
		{http.MethodPost, "/roster/imports", h.submit},
		{http.MethodGet, "/roster/imports", h.list},
		{http.MethodGet, "/roster/imports/:id", h.get},
		{http.MethodGet, "/roster/export", h.export},
		{http.MethodPost, "/roster/classes/:id/login-cards", h.loginCards},
	}
}

func (h *rosterHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	addRoutes(v1, auth, h.im != nil, rosterRoutes(h))
}

// rosterError maps upload refusals to HTTP errors; others pass through.
func (h *rosterHandlers) rosterError(err error) error {
	if errors.Is(err, roster.ErrTooLarge) {
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{h.im.Limits().MaxUpload}}
	}
	return err
}

// submit stores an uploaded zip (multipart field "file") as a queued
// import job and answers 202 with the job.
func (h *rosterHandlers) submit(c echo.Context) error {
	if err := roster.CanImport(Caller(c)); err != nil {
		return err
	}
	limit := h.im.Limits().MaxUpload
	r := c.Request()
	if r.ContentLength > limit+1<<20 {
		return h.rosterError(roster.ErrTooLarge)
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, limit+1<<20)
	dryRun, err := boolQuery(c, "dry_run")
	if err != nil {
		return err
	}
	fh, err := c.FormFile("file")
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return h.rosterError(roster.ErrTooLarge)
		}
		return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed",
			Fields: []domain.FieldError{{Field: "file", Code: "required"}}}
	}
	if fh.Size > limit {
		return h.rosterError(roster.ErrTooLarge)
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return err
	}
	j, err := h.im.Submit(r.Context(), Caller(c), fh.Filename, data, dryRun)
	if err != nil {
		return h.rosterError(err)
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/roster/imports/"+j.ID)
	return c.JSON(http.StatusAccepted, toRosterJobResponse(j, langOf(c)))
}

func (h *rosterHandlers) get(c echo.Context) error {
	j, err := h.im.Job(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toRosterJobResponse(j, langOf(c)))
}

func (h *rosterHandlers) list(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	jobs, next, err := h.im.Jobs(c.Request().Context(), Caller(c), page)
	if err != nil {
		return err
	}
	lang := langOf(c)
	return c.JSON(http.StatusOK, NewList(c, jobs, next, func(j roster.Job) rosterJobResponse { return toRosterJobResponse(j, lang) }))
}

// export answers a zip of OneRoster CSV files of one school's current
// roster (school_id is required from platform admins).
func (h *rosterHandlers) export(c echo.Context) error {
	data, err := h.im.Export(c.Request().Context(), Caller(c), c.QueryParam("school_id"))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="oneroster-`+time.Now().UTC().Format("20060102")+`.zip"`)
	return c.Blob(http.StatusOK, "application/zip", data)
}

// addBadges issues the carded students' QR login badges and puts their
// QR codes on the cards.
func (h *rosterHandlers) addBadges(c echo.Context, cards []roster.Card) error {
	for i := range cards {
		b, err := h.badges.issue(c, h.ids, cards[i].UserID)
		if err != nil {
			return err
		}
		cards[i].QR = template.HTML(b.QRSVG) // made by qrsvg: no script, the title escaped
	}
	return nil
}

// loginCards issues PINs to the class's students who never had one (new
// imported students) and answers their login cards as CSV, or as a
// printable HTML page with format=html, which with badges=true also
// issues each student's QR login badge and prints it on the card.
func (h *rosterHandlers) loginCards(c echo.Context) error {
	badges, err := boolQuery(c, "badges")
	if err != nil {
		return err
	}
	cards, err := h.im.LoginCards(c.Request().Context(), h.ids, Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	if c.QueryParam("format") == "html" {
		if badges {
			if err := h.addBadges(c, cards); err != nil {
				return err
			}
		}
		c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
		c.Response().Header().Set("Content-Security-Policy", roster.CardsCSP)
		c.Response().Header().Set("Cache-Control", "no-store")
		c.Response().WriteHeader(http.StatusOK)
		return roster.WriteCardsHTML(c.Response(), cards, langOf(c))
	}
	c.Response().Header().Set(echo.HeaderContentType, "text/csv; charset=utf-8")
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="login-cards.csv"`)
	c.Response().Header().Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
	return roster.WriteCardsCSV(c.Response(), cards)
}
