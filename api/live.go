package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/classroom"
	"qixue/domain"
	"qixue/identity"
	"qixue/play"
	"qixue/realtime"
	"qixue/rules/game"
)

// liveHandlers serve live games: starting them (pairs, simuls, a
// tournament round on tablets, challenges), playing them over REST, and
// the socket that carries the same actions and every change
// (live_socket.go).
type liveHandlers struct {
	svc      *play.Service
	identity *identity.Service
	hub      *realtime.Hub
	reg      *game.Registry
	tablets  Tablets
	origins  []string
	now      func() time.Time
	// lessons, when set, lets the socket follow live lessons: a student's
	// socket follows the lessons of their classes, staff subscribe to a
	// lesson's tallies (lesson_subscribe).
	lessons *classroom.Service
}

// Tablets opens the boards of a tournament's current round as live
// games (the tournament service's round, as the caller may see it).
type Tablets interface {
	// Round returns the game, ruleset, event name, the current round and
	// its boards with both players (byes left out).
	Round(ctx context.Context, c domain.Principal, tournamentID string) (TabletRound, error)
}

// TabletRound is a tournament round to open on tablets.
type TabletRound struct {
	Game, Ruleset, Event string
	Round                int
	Boards               []TabletBoard
}

// TabletBoard is one board of it, White (the first player) first, and
// whether its result is already in.
type TabletBoard struct {
	Board        int
	First, Other string
	Done         bool
}

func (h *liveHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []route{
		{http.MethodPost, "/live-games", h.create},
		{http.MethodGet, "/live-games", h.list},
		{http.MethodPost, "/live-games/pairs", h.pairs},
		{http.MethodPost, "/live-games/simuls", h.simul},
		{http.MethodGet, "/live-games/:id", h.get},
		{http.MethodPost, "/live-games/:id/moves", h.move},
		{http.MethodPost, "/live-games/:id/pass", h.pass},
		{http.MethodPost, "/live-games/:id/resign", h.resign},
		{http.MethodPost, "/live-games/:id/abort", h.abort},
		{http.MethodPost, "/live-games/:id/draw-offer", h.drawOffer},
		{http.MethodPost, "/live-games/:id/draw-answer", h.drawAnswer},
		{http.MethodPost, "/live-games/:id/swap", h.swap},
		{http.MethodPost, "/live-games/:id/fifth-offers", h.offer},
		{http.MethodPost, "/live-games/:id/fifth-choice", h.choose},
		{http.MethodPost, "/live-games/:id/claim", h.claim},
		{http.MethodPost, "/live-games/:id/stop", h.stop},
		{http.MethodPost, "/live-games/:id/takeback", h.takeback},
		{http.MethodPost, "/tournaments/:id/live-round", h.tabletRound},
		{http.MethodPost, "/team-tournaments/:id/live-round", h.tabletRound},
		{http.MethodPost, "/challenges", h.challenge},
		{http.MethodGet, "/challenges", h.challenges},
		{http.MethodPost, "/challenges/:id/answer", h.answer},
		{http.MethodGet, "/me/classmates", h.classmates},
	}
	addRoutes(v1, auth, h.svc != nil, routes)
	v1.GET("/live/socket", h.socket)
}

// sides names a side of a game in lang through the game's adapter.
func (h *liveHandlers) sides(name string, side int, lang string) string {
	r, err := h.reg.Lookup(name)
	if err != nil {
		return ""
	}
	return r.SideName(game.Side(side), lang)
}

func (h *liveHandlers) clock() time.Time {
	if h.now != nil {
		return h.now().UTC()
	}
	return time.Now().UTC()
}

// view is what the caller sees of names.
func (h *liveHandlers) view(c echo.Context, full bool) liveView {
	p := Caller(c)
	v := liveView{student: p.Role == domain.RoleStudent, self: p.UserID, lang: langOf(c), full: full}
	return v
}

// reply answers with a game as the caller sees it.
func (h *liveHandlers) reply(c echo.Context, status int, g *play.Game, err error) error {
	if err != nil {
		return liveError(err)
	}
	v := h.view(c, true)
	if v.student {
		v.classes = h.classesOf(c.Request().Context(), Caller(c))
	}
	return c.JSON(status, h.whole(c.Request().Context(), g, v))
}

// whole is a game as one caller sees it in full: the position, the
// scores and, for the player to move in number chess, the moves the
// screen lights.
func (h *liveHandlers) whole(ctx context.Context, g *play.Game, v liveView) liveGameResponse {
	r := toLiveGame(g, v, h.sides, h.svc.Scores, h.clock())
	r.Position = h.svc.Position(g)
	if s := g.ToMove(); s >= 0 && g.Players[s].UserID == v.self {
		for _, t := range h.svc.Targets(ctx, g) {
			r.Targets = append(r.Targets, liveTarget{Piece: t.Piece, Kind: t.Kind, From: t.From, Path: t.Path, Spans: t.Spans})
		}
	}
	return r
}

func (h *liveHandlers) classesOf(ctx context.Context, p domain.Principal) []string {
	m, err := h.svc.Member(ctx, p)
	if err != nil {
		return nil
	}
	return m.Classes
}

func (h *liveHandlers) create(c echo.Context) error {
	var req liveGameRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	in, err := req.newGame()
	if err != nil {
		return err
	}
	g, err := h.svc.Create(c.Request().Context(), Caller(c), in)
	if err == nil {
		c.Response().Header().Set(echo.HeaderLocation, "/v1/live-games/"+g.ID)
	}
	return h.reply(c, http.StatusCreated, g, err)
}

// liveList is a list of live games.
type liveList struct {
	Items []liveGameResponse `json:"items"`
}

func (h *liveHandlers) list(c echo.Context) error {
	q := play.Query{ClassID: c.QueryParam("class_id"), TournamentID: c.QueryParam("tournament_id"), Status: play.Status(c.QueryParam("status"))}
	switch q.Status {
	case "", play.Playing, play.Finished:
	default:
		return queryError("status")
	}
	if s := c.QueryParam("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 500 {
			return queryError("limit")
		}
		q.Limit = n
	}
	list, err := h.svc.List(c.Request().Context(), Caller(c), q)
	if err != nil {
		return liveError(err)
	}
	v := h.view(c, false)
	if v.student {
		v.classes = h.classesOf(c.Request().Context(), Caller(c))
	}
	out := liveList{Items: make([]liveGameResponse, len(list))}
	now := h.clock()
	for i, g := range list {
		out.Items[i] = toLiveGame(g, v, h.sides, nil, now)
	}
	return c.JSON(http.StatusOK, out)
}

// liveGames is the answer of the routes that start several games.
type liveGames struct {
	Games []liveGameResponse `json:"games"`
}

func (h *liveHandlers) many(c echo.Context, list []*play.Game, err error) error {
	if err != nil {
		return liveError(err)
	}
	out := liveGames{Games: make([]liveGameResponse, len(list))}
	v, now := h.view(c, false), h.clock()
	for i, g := range list {
		out.Games[i] = toLiveGame(g, v, h.sides, nil, now)
	}
	return c.JSON(http.StatusCreated, out)
}

func (h *liveHandlers) pairs(c echo.Context) error {
	var req pairsRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	clk, err := req.Clock.clock()
	if err != nil {
		return err
	}
	if len(req.Pairs) == 0 || len(req.Pairs) > 100 {
		return fieldError("pairs", "invalid")
	}
	var ins []play.NewGame
	for i, p := range req.Pairs {
		if len(p) != 2 {
			return fieldError("pairs["+itoa(i)+"]", "invalid")
		}
		ins = append(ins, play.NewGame{Game: req.Game, Ruleset: req.Ruleset, Players: [2]string{p[0], p[1]}, Clock: clk,
			Mode: play.Mode(req.Mode), Event: req.Event, Round: req.Round})
	}
	list, err := h.svc.CreateMany(c.Request().Context(), Caller(c), ins)
	return h.many(c, list, err)
}

func (h *liveHandlers) simul(c echo.Context) error {
	var req simulRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	clk, err := req.Clock.clock()
	if err != nil {
		return err
	}
	if len(req.Students) == 0 || len(req.Students) > 40 {
		return fieldError("students", "invalid")
	}
	p := Caller(c)
	var ins []play.NewGame
	for _, s := range req.Students {
		players := [2]string{s, p.UserID}
		if req.TeacherFirst {
			players = [2]string{p.UserID, s}
		}
		ins = append(ins, play.NewGame{Game: req.Game, Ruleset: req.Ruleset, Players: players, Clock: clk,
			Mode: play.Mode(req.Mode), Event: req.Event})
	}
	list, err := h.svc.CreateMany(c.Request().Context(), p, ins)
	return h.many(c, list, err)
}

func (h *liveHandlers) tabletRound(c echo.Context) error {
	if h.tablets == nil {
		return &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"}
	}
	var req tabletsRequest
	if c.Request().ContentLength != 0 {
		if err := Bind(c, &req); err != nil {
			return err
		}
	}
	clk, err := req.Clock.clock()
	if err != nil {
		return err
	}
	p := Caller(c)
	if p.Role == domain.RoleStudent {
		return domain.ErrForbidden
	}
	ctx := c.Request().Context()
	round, err := h.tablets.Round(ctx, p, c.Param("id"))
	if err != nil {
		return err
	}
	var ins []play.NewGame
	for _, b := range round.Boards {
		if b.Done {
			continue
		}
		ins = append(ins, play.NewGame{Game: round.Game, Ruleset: round.Ruleset, Players: [2]string{b.First, b.Other},
			Clock: clk, Mode: play.Mode(req.Mode), Event: round.Event, Round: itoa(round.Round),
			Tournament: &play.Board{TournamentID: c.Param("id"), Round: round.Round, Board: b.Board}})
	}
	if len(ins) == 0 {
		return liveError(play.ErrNotNow)
	}
	list, err := h.svc.CreateMany(ctx, p, ins)
	return h.many(c, list, err)
}

func (h *liveHandlers) get(c echo.Context) error {
	g, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) move(c echo.Context) error {
	var req moveRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Ply == 0 {
		return fieldError("ply", "required")
	}
	g, err := h.svc.Move(c.Request().Context(), Caller(c), c.Param("id"), req.Ply, req.Move)
	return h.reply(c, http.StatusOK, g, err)
}

// optionalBody binds a body when there is one.
func optionalBody(c echo.Context, v any) error {
	if c.Request().ContentLength == 0 {
		return nil
	}
	return Bind(c, v)
}

func (h *liveHandlers) pass(c echo.Context) error {
	var req plyRequest
	if err := optionalBody(c, &req); err != nil {
		return err
	}
	ctx, p, id := c.Request().Context(), Caller(c), c.Param("id")
	ply := req.Ply
	if ply == 0 {
		g, err := h.svc.Get(ctx, p, id)
		if err != nil {
			return liveError(err)
		}
		ply = len(g.Moves) + 1
	}
	g, err := h.svc.Move(ctx, p, id, ply, "pass")
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) resign(c echo.Context) error {
	g, err := h.svc.Resign(c.Request().Context(), Caller(c), c.Param("id"))
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) abort(c echo.Context) error {
	g, err := h.svc.Abort(c.Request().Context(), Caller(c), c.Param("id"))
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) drawOffer(c echo.Context) error {
	g, err := h.svc.OfferDraw(c.Request().Context(), Caller(c), c.Param("id"))
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) drawAnswer(c echo.Context) error {
	var req answerRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	g, err := h.svc.AnswerDraw(c.Request().Context(), Caller(c), c.Param("id"), req.Accept)
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) swap(c echo.Context) error {
	g, err := h.svc.Swap(c.Request().Context(), Caller(c), c.Param("id"))
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) offer(c echo.Context) error {
	var req offerRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	g, err := h.svc.Offer(c.Request().Context(), Caller(c), c.Param("id"), req.Ply, req.Moves)
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) choose(c echo.Context) error {
	var req choiceRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	ctx, p, id := c.Request().Context(), Caller(c), c.Param("id")
	keep := req.Keep
	switch {
	case keep != "" && req.Remove != "":
		return fieldError("remove", "conflict")
	case keep == "" && req.Remove == "":
		return fieldError("keep", "required")
	case keep == "":
		g, err := h.svc.Get(ctx, p, id)
		if err != nil {
			return liveError(err)
		}
		if len(g.Offered) != 2 {
			return fieldError("remove", "invalid")
		}
		switch req.Remove {
		case g.Offered[0]:
			keep = g.Offered[1]
		case g.Offered[1]:
			keep = g.Offered[0]
		default:
			return fieldError("remove", "not_offered")
		}
	}
	g, err := h.svc.Choose(ctx, p, id, keep)
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) claim(c echo.Context) error {
	var req claimRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Claim == "" {
		return fieldError("claim", "required")
	}
	g, err := h.svc.Claim(c.Request().Context(), Caller(c), c.Param("id"), req.Claim, req.Move)
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) stop(c echo.Context) error {
	g, err := h.svc.Claim(c.Request().Context(), Caller(c), c.Param("id"), "stop", "")
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) takeback(c echo.Context) error {
	g, err := h.svc.Takeback(c.Request().Context(), Caller(c), c.Param("id"))
	return h.reply(c, http.StatusOK, g, err)
}

func (h *liveHandlers) challenge(c echo.Context) error {
	var req challengeRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	clk, err := req.Clock.clock()
	if err != nil {
		return err
	}
	ch, err := h.svc.Challenge(c.Request().Context(), Caller(c), play.NewChallenge{To: req.To, Game: req.Game, Ruleset: req.Ruleset, Clock: clk, Mode: play.Mode(req.Mode), Colour: play.Colour(req.Colour)})
	if err != nil {
		return liveError(err)
	}
	r := toChallenge(ch)
	h.tell(c, ch.To.UserID, r)
	return c.JSON(http.StatusCreated, r)
}

// challengeList is the caller's open challenges.
type challengeList struct {
	Items []challengeResponse `json:"items"`
}

func (h *liveHandlers) challenges(c echo.Context) error {
	list, err := h.svc.Challenges(c.Request().Context(), Caller(c))
	if err != nil {
		return liveError(err)
	}
	out := challengeList{Items: make([]challengeResponse, len(list))}
	for i, ch := range list {
		out.Items[i] = toChallenge(ch)
	}
	return c.JSON(http.StatusOK, out)
}

// challengeAnswer is the answered challenge and, when accepted, its game.
type challengeAnswer struct {
	Challenge challengeResponse `json:"challenge"`
	Game      *liveGameResponse `json:"game"`
}

func (h *liveHandlers) answer(c echo.Context) error {
	var req answerRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	ch, g, err := h.svc.AnswerChallenge(c.Request().Context(), Caller(c), c.Param("id"), req.Accept)
	if err != nil {
		return liveError(err)
	}
	out := challengeAnswer{Challenge: toChallenge(ch)}
	other := ch.From.UserID
	if Caller(c).UserID == other {
		other = ch.To.UserID
	}
	h.tell(c, other, out.Challenge)
	if g != nil {
		r := toLiveGame(g, h.view(c, false), h.sides, nil, h.clock())
		out.Game = &r
	}
	return c.JSON(http.StatusOK, out)
}

// challengeNotice is the socket message that tells a player of a
// challenge made to them, or of the answer to one of theirs (accepted:
// game_id names the game that started).
type challengeNotice struct {
	Type       string            `json:"type"`
	Challenge  challengeResponse `json:"challenge"`
	GameID     string            `json:"game_id,omitempty"`
	ServerTime time.Time         `json:"server_time"`
}

// tell sends a challenge's news to the sockets of userID on every
// replica; a notice that cannot be sent leaves the lobby's periodic read
// to show it.
func (h *liveHandlers) tell(c echo.Context, userID string, ch challengeResponse) {
	n := challengeNotice{Type: "challenge", Challenge: ch, ServerTime: h.clock()}
	if ch.GameID != nil {
		n.GameID = *ch.GameID
	}
	b, err := json.Marshal(n)
	if err != nil {
		return
	}
	h.svc.Say(c.Request().Context(), realtime.Pack([]string{"user:" + userID}, b))
}

var _ = errors.Is
