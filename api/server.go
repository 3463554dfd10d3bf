package api

import (
	"context"
	"crypto/subtle"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"qixue/assignments"
	"qixue/audit"
	"qixue/classroom"
	"qixue/exercises"
	"qixue/games"
	"qixue/heavy"
	"qixue/identity"
	"qixue/lessons"
	"qixue/play"
	"qixue/progress"
	"qixue/realtime"
	"qixue/roster"
	"qixue/rules/game"
	"qixue/tournaments"
)

// Deps are what the server needs. Identity and Ping are required.
type Deps struct {
	// Identity runs the identity use cases and verifies access tokens.
	Identity *identity.Service
	// Ping checks the database for /readyz.
	Ping func(context.Context) error
	// Unavailable reports whether a storage error means the database
	// cannot be reached (models.IsUnavailable); such errors answer 503
	// service_unavailable with Retry-After instead of 500. Nil: none do.
	Unavailable func(error) bool
	// Logger receives JSON request logs (default: discard).
	Logger *slog.Logger
	// Registry collects metrics for /metrics (default: a new registry with
	// Go and process collectors).
	Registry *prometheus.Registry
	// MetricsToken, when set, is the bearer token /metrics requires;
	// empty leaves /metrics open (expose it only inside the cluster then).
	MetricsToken string
	// CORSOrigins lists browser origins allowed to call the API; empty
	// disables CORS.
	CORSOrigins []string
	// PublicURL is the app's public origin (scheme, host and port, no
	// path: "https://qixue.example.org"), used in the badge QR codes and
	// every absolute link; never taken from a request's Host header.
	// Empty: DefaultPublicURL.
	PublicURL string
	// TrustProxy takes the client address from X-Forwarded-For (set it
	// only behind a proxy that overwrites the header).
	TrustProxy bool
	// RateLimitWindow is the login rate-limit window, for Retry-After.
	RateLimitWindow time.Duration
	// Exercises runs the exercise and attempt use cases; without it the
	// exercise routes answer 503.
	Exercises *exercises.Service
	// Roster runs roster imports, exports and login cards; without it
	// the roster routes answer 503.
	Roster *roster.Importer
	// Lessons runs the curricula and lessons use cases (with Exercises);
	// without them the curricula and lessons routes answer 503.
	Lessons *lessons.Service
	// Assignments runs the assignment use cases and the class progress
	// matrix; without it the assignment routes answer 503.
	Assignments *assignments.Service
	// Progress runs the progress and puzzle-rating use cases; without it
	// the progress routes answer 503.
	Progress *progress.Service
	// Audit reads the audit log (GET /v1/audit); without it that route
	// answers 503. Identity and the roster store write their entries
	// themselves, in the transactions of their changes.
	Audit *audit.Service
	// Tournaments runs class tournaments; without it the tournament
	// routes answer 503.
	Tournaments *tournaments.Service
	// Games runs the club game archive; without it the game routes
	// answer 503.
	Games *games.Service
	// Live runs live games; without it the live-game and challenge routes
	// answer 503. LiveHub carries their events to this process's sockets
	// (required with Live). Tablets opens tournament rounds as live games
	// (nil: that route answers 503).
	Live    *play.Service
	LiveHub *realtime.Hub
	Tablets Tablets
	// Classroom runs live lessons (with Exercises); without it the
	// live-lesson routes answer 503. Its events reach the sockets through
	// LiveHub (see LessonAnnouncer).
	Classroom *classroom.Service
	// Rules holds the four games' adapters for the rules routes and the
	// number-chess tournament scoring (default: a new registry).
	Rules *game.Registry
	// Heavy admits the heavy routes (heavyRoutes: uploads, imports,
	// analysis, searches) under a per-school and a total concurrency
	// limit and a wall-time budget; nil runs them unguarded.
	Heavy *heavy.Guard
}

// NewServer returns the Echo server with every route, middleware and the
// problem+json error handler.
func NewServer(d Deps) *echo.Echo {
	if d.Logger == nil {
		d.Logger = slog.New(slog.NewJSONHandler(io.Discard, nil))
	}
	if d.Registry == nil {
		d.Registry = prometheus.NewRegistry()
		d.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	if d.Rules == nil {
		d.Rules = game.NewRegistry()
	}
	if d.RateLimitWindow == 0 {
		d.RateLimitWindow = 15 * time.Minute
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = errorHandler(d.Logger, int(d.RateLimitWindow/time.Minute), d.Unavailable)
	e.IPExtractor = echo.ExtractIPDirect()
	if d.TrustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	}

	e.Pre(headAsGet)
	e.Use(requestIDMiddleware)
	e.Use(observe(d.Logger, newMetrics(d.Registry)))
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{
		DisableStackAll: true,
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			d.Logger.ErrorContext(c.Request().Context(), "panic", "error", err.Error(), "request_id", requestID(c), "stack", string(stack))
			return err
		},
	}))
	e.Use(securityHeaders)
	e.Use(checkHeaders)
	e.Use(withCursorKey(d.Identity.DerivedKey("list-cursor")))
	e.Use(checkParams)
	if len(d.CORSOrigins) > 0 {
		e.Use(middleware.CORSWithConfig(middleware.CORSConfig{
			AllowOrigins:  d.CORSOrigins,
			AllowMethods:  []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete},
			AllowHeaders:  []string{echo.HeaderAuthorization, echo.HeaderContentType, "Accept-Language", HeaderRequestID, HeaderIdempotencyKey},
			ExposeHeaders: []string{HeaderRequestID},
			MaxAge:        600,
		}))
	}
	// Roster zips have their own, larger limit (Deps.Roster).
	// Game files too (Deps.Games, its UploadBytes limit as multipart).
	e.Use(bodyLimit(MaxBodyBytes, func(c echo.Context) bool {
		p := c.Request().URL.Path
		return p == RosterUploadPath && d.Roster != nil || p == GamesUploadPath && d.Games != nil && c.Request().Method == http.MethodPost
	}))

	registerOps(e, d.Ping, d.Registry, d.MetricsToken)
	v1 := e.Group("/v1")
	auth := guardHeavy(d.Heavy, RequireAuth(d.Identity))
	badges := badgeCards{origin: strings.TrimSuffix(d.PublicURL, "/")}
	if badges.origin == "" {
		badges.origin = DefaultPublicURL
	}
	newIdentityHandlers(d.Identity, badges).register(v1, auth, sameOrigin(d.Logger, append([]string{badges.origin}, d.CORSOrigins...)...))
	newExerciseHandlers(d.Exercises).register(v1, auth)
	newRosterHandlers(d.Roster, d.Identity, badges).register(v1, auth)
	newRulesHandlers(d.Rules, d.Exercises, d.Identity).register(v1, auth)
	newDiagramHandlers().register(v1)
	newLessonHandlers(d.Lessons, d.Exercises).register(v1, auth)
	newAssignmentHandlers(d.Assignments).register(v1, auth)
	newProgressHandlers(d.Progress).register(v1, auth)
	(&auditHandlers{svc: d.Audit}).register(v1, auth)
	(&tournamentHandlers{svc: d.Tournaments, names: d.Identity, games: d.Rules}).register(v1, auth)
	(&teamHandlers{svc: d.Tournaments.Teams()}).register(v1, auth)
	(&gameHandlers{svc: d.Games, progress: d.Progress}).register(v1, auth)
	live := &liveHandlers{svc: d.Live, identity: d.Identity, hub: d.LiveHub, tablets: d.Tablets, origins: originHosts(d.CORSOrigins), lessons: d.Classroom}
	if d.Live != nil {
		live.reg = d.Live.Registry()
	}
	(&classroomHandlers{svc: d.Classroom, exercises: d.Exercises}).register(v1, auth)
	live.register(v1, auth)
	live.registerComputer(v1, auth)
	return e
}

func registerOps(e *echo.Echo, ping func(context.Context) error, reg *prometheus.Registry, metricsToken string) {
	e.GET("/healthz", func(c echo.Context) error {
		return c.JSON(http.StatusOK, Status{Status: "ok"})
	})
	e.GET("/readyz", func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
		defer cancel()
		if err := ping(ctx); err != nil {
			return &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"}
		}
		return c.JSON(http.StatusOK, Status{Status: "ok"})
	})
	metrics := echo.WrapHandler(promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	e.GET("/metrics", func(c echo.Context) error {
		if metricsToken != "" && !bearerIs(c.Request().Header.Get(echo.HeaderAuthorization), metricsToken) {
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			return &Error{Status: http.StatusUnauthorized, Code: "unauthenticated"}
		}
		return metrics(c)
	})
}

// originHosts turns CORS origins ("https://school.example") into the
// host patterns the socket accepts from browsers.
func originHosts(origins []string) []string {
	var out []string
	for _, o := range origins {
		_, host, ok := strings.Cut(o, "://")
		if !ok {
			host = o
		}
		out = append(out, host)
	}
	return out
}

// bearerIs reports whether an Authorization header carries the bearer
// token want, comparing in constant time.
func bearerIs(header, want string) bool {
	got, ok := strings.CutPrefix(header, "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// Status is the body of /healthz and /readyz.
type Status struct {
	Status string `json:"status"`
}

// route is one endpoint of a domain's handlers, relative to /v1.
type route struct {
	method, path string
	handler      echo.HandlerFunc
}

// addRoutes registers routes behind auth. When the domain's service is not
// available (a server built without storage) the routes still exist, as
// openapi.yaml documents them, and answer 503.
func addRoutes(v1 *echo.Group, auth echo.MiddlewareFunc, available bool, routes []route) {
	for _, r := range routes {
		handler := r.handler
		if !available {
			handler = func(echo.Context) error {
				return &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"}
			}
		}
		v1.Add(r.method, r.path, handler, auth)
	}
}
