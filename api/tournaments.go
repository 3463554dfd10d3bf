package api

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/tournaments"
)

// tournamentHandlers serve class tournaments: creating and running them,
// what students see of them, printable sheets and TRF files.
type tournamentHandlers struct {
	svc *tournaments.Service
	// names looks up the shown names of other children for students.
	names shownNamer
	// games scores number-chess boards entered by their moves.
	games *game.Registry
}

func (h *tournamentHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []route{
		{http.MethodPost, "/tournaments", h.create},
		{http.MethodGet, "/tournaments", h.list},
		{http.MethodPost, "/tournaments/import", h.importTRF},
		{http.MethodGet, "/tournaments/:id", h.get},
		{http.MethodPost, "/tournaments/:id/players", h.enter},
		{http.MethodDelete, "/tournaments/:id/players/:user_id", h.withdraw},
		{http.MethodPost, "/tournaments/:id/byes", h.bye},
		{http.MethodPost, "/tournaments/:id/rounds", h.pair},
		{http.MethodDelete, "/tournaments/:id/rounds/current", h.unpair},
		{http.MethodPost, "/tournaments/:id/results", h.result},
		{http.MethodGet, "/tournaments/:id/pairings", h.pairings},
		{http.MethodGet, "/tournaments/:id/pairing-cards", h.cards},
		{http.MethodGet, "/tournaments/:id/standings", h.standings},
		{http.MethodGet, "/tournaments/:id/trf", h.trf},
		{http.MethodPost, "/tournaments/:id/decisions", h.decide},
		{http.MethodPut, "/tournaments/:id/queue", h.queue},
		{http.MethodGet, "/tournaments/:id/bracket", h.bracket},
		{http.MethodGet, "/tournaments/:id/arena", h.arena},
		{http.MethodGet, "/me/tournaments", h.mine},
	}
	addRoutes(v1, auth, h.svc != nil, routes)
}

// tournamentReply answers with status and the tournament a use case
// returned, or with its refusal.
func (h *tournamentHandlers) tournamentReply(c echo.Context, status int) func(*tournaments.Event, error) error {
	return func(ev *tournaments.Event, err error) error {
		if err != nil {
			return err
		}
		n, err := h.namesFor(c, ev)
		if err != nil {
			return err
		}
		return c.JSON(status, toTournamentResponse(ev, n))
	}
}

// namesFor is how the entrants of the events are named to the caller.
func (h *tournamentHandlers) namesFor(c echo.Context, evs ...*tournaments.Event) (names, error) {
	return namesIn(c.Request().Context(), h.names, Caller(c), evs...)
}

func (h *tournamentHandlers) create(c echo.Context) error {
	var req tournamentRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	ev, err := h.svc.Create(c.Request().Context(), Caller(c), req.draft())
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/tournaments/"+ev.ID)
	return h.tournamentReply(c, http.StatusCreated)(ev, nil)
}

func (h *tournamentHandlers) importTRF(c echo.Context) error {
	var req tournamentImportRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	d, err := req.draft()
	if err != nil {
		return err
	}
	ev, err := h.svc.Import(c.Request().Context(), Caller(c), d)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/tournaments/"+ev.ID)
	return h.tournamentReply(c, http.StatusCreated)(ev, nil)
}

func (h *tournamentHandlers) list(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	list, next, err := h.svc.List(c.Request().Context(), Caller(c), c.QueryParam("class_id"),
		page)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toTournamentSummary))
}

func (h *tournamentHandlers) get(c echo.Context) error {
	return h.tournamentReply(c, http.StatusOK)(h.svc.Get(c.Request().Context(), Caller(c), c.Param("id")))
}

func (h *tournamentHandlers) enter(c echo.Context) error {
	var req entryRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	return h.tournamentReply(c, http.StatusOK)(h.svc.Register(c.Request().Context(), Caller(c), c.Param("id"), req.StudentIDs))
}

func (h *tournamentHandlers) withdraw(c echo.Context) error {
	return h.tournamentReply(c, http.StatusOK)(h.svc.Withdraw(c.Request().Context(), Caller(c), c.Param("id"), c.Param("user_id")))
}

func (h *tournamentHandlers) bye(c echo.Context) error {
	var req byeRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	return h.tournamentReply(c, http.StatusOK)(h.svc.RequestBye(c.Request().Context(), Caller(c), c.Param("id"), req.StudentID, req.Round))
}

func (h *tournamentHandlers) pair(c echo.Context) error {
	ev, err := h.svc.Pair(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/tournaments/"+ev.ID+"/pairings?round="+itoa(ev.PairedRounds))
	n, err := h.namesFor(c, ev)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toRoundResponse(ev, ev.PairedRounds, n))
}

func (h *tournamentHandlers) unpair(c echo.Context) error {
	return h.tournamentReply(c, http.StatusOK)(h.svc.Unpair(c.Request().Context(), Caller(c), c.Param("id")))
}

func (h *tournamentHandlers) result(c echo.Context) error {
	var req resultRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	in := tournaments.ResultInput{Round: req.Round, Board: req.Board, Result: tournaments.Outcome(req.Result)}
	if len(req.Moves) > 0 || req.Position != "" {
		ev, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
		if err != nil {
			return err
		}
		if in.Result, err = numchessOutcome(h.games, ev, req); err != nil {
			return err
		}
	}
	ev, b, st, err := h.svc.SetResult(c.Request().Context(), Caller(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	n, err := h.namesFor(c, ev)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, resultResponse{Round: b.Round, Status: st, Board: toBoardResponse(ev, b, n, pointsBefore(ev, b.Round))})
}

// roundParam reads ?round= (1..99; default the current round), which
// must be paired.
func roundParam(c echo.Context, ev *tournaments.Event) (int, error) {
	return pairedRound(c, ev.PairedRounds)
}

// pairedRound is roundParam for an event with paired rounds paired (a
// team event's too).
func pairedRound(c echo.Context, paired int) (int, error) {
	r, err := roundQuery(c)
	if err != nil {
		return 0, err
	}
	if r == 0 {
		r = paired
	}
	if r == 0 || r > paired {
		return 0, &Error{Status: http.StatusNotFound, Code: "round_not_paired", Args: []any{max(r, 1)},
			Fields: []domain.FieldError{{Field: "round", Code: "not_found"}}}
	}
	return r, nil
}

// formatParam reads ?format= among the allowed ones (default json).
func formatParam(c echo.Context, allowed ...string) (string, error) {
	f := c.QueryParam("format")
	if f == "" {
		return "json", nil
	}
	for _, a := range allowed {
		if f == a {
			return f, nil
		}
	}
	return "", queryError("format")
}

// pairings answers one round's boards as JSON, CSV or a printable sheet
// (staff only for CSV and HTML).
func (h *tournamentHandlers) pairings(c echo.Context) error {
	format, err := formatParam(c, "json", "csv", "html")
	if err != nil {
		return err
	}
	if _, err := roundQuery(c); err != nil {
		return err
	}
	ev, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	r, err := roundParam(c, ev)
	if err != nil {
		return err
	}
	n, err := h.namesFor(c, ev)
	if err != nil {
		return err
	}
	if format != "json" && n.student {
		return tournaments.ErrForbidden
	}
	switch format {
	case "csv":
		return writeTournamentCSV(c, "pairings-"+itoa(r)+".csv", pairingRows(ev, r, langOf(c)))
	case "html":
		return writeTournamentHTML(c, pairingSheet(ev, r, langOf(c)))
	}
	return c.JSON(http.StatusOK, toRoundResponse(ev, r, n))
}

// roundQuery checks ?round= before anything is loaded.
func roundQuery(c echo.Context) (int, error) {
	s := c.QueryParam("round")
	if s == "" {
		return 0, nil
	}
	r, err := strconv.Atoi(s)
	if err != nil || r < 1 || r > 99 {
		return 0, queryError("round")
	}
	return r, nil
}

// cards answers the printable pairing cards of a round (staff).
func (h *tournamentHandlers) cards(c echo.Context) error {
	if _, err := roundQuery(c); err != nil {
		return err
	}
	if Caller(c).Role == domain.RoleStudent {
		return tournaments.ErrForbidden
	}
	ev, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	r, err := roundParam(c, ev)
	if err != nil {
		return err
	}
	return writeTournamentHTML(c, pairingCards(ev, r, langOf(c)))
}

// standings answers the standings as JSON, or for staff CSV or a
// printable page.
func (h *tournamentHandlers) standings(c echo.Context) error {
	format, err := formatParam(c, "json", "csv", "html")
	if err != nil {
		return err
	}
	ev, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	n, err := h.namesFor(c, ev)
	if err != nil {
		return err
	}
	if format != "json" && n.student {
		return tournaments.ErrForbidden
	}
	switch format {
	case "csv":
		return writeTournamentCSV(c, "standings.csv", standingRows(ev, langOf(c)))
	case "html":
		return writeTournamentHTML(c, standingsSheet(ev, langOf(c)))
	}
	return c.JSON(http.StatusOK, toStandingsResponse(ev, n))
}

// trf answers the tournament as a TRF file (staff).
func (h *tournamentHandlers) trf(c echo.Context) error {
	data, err := h.svc.TRF(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="tournament.trf"`)
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", data)
}

// mine lists the calling student's tournaments with its next game.
func (h *tournamentHandlers) mine(c echo.Context) error {
	list, err := h.svc.Mine(c.Request().Context(), Caller(c))
	if err != nil {
		return err
	}
	out := List[myTournamentResponse]{Items: make([]myTournamentResponse, 0, len(list))}
	n, err := h.namesFor(c, list...)
	if err != nil {
		return err
	}
	for _, ev := range list {
		out.Items = append(out.Items, toMyTournament(ev, n))
	}
	return c.JSON(http.StatusOK, out)
}
