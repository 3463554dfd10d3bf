package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/heavy"
)

// heavyRoutes are the routes whose work grows with untrusted input:
// uploads and imports, generation and analysis. They run under
// Deps.Heavy. Paged reads (the archive list, one replay ply) and the
// moves a student's exercise screen plays (/rules/:game/play, bounded by
// the body limit) are light and stay out: a whole class calls them at
// once.
var heavyRoutes = map[string]bool{
	"POST /v1/games":               true,
	"POST /v1/exercises/import":    true,
	"POST /v1/exercises/generate":  true,
	"POST /v1/roster/imports":      true,
	"POST /v1/tournaments/import":  true,
	"POST /v1/rules/:game/analyze": true,
}

// isHeavy reports whether the matched route of c runs under the guard.
func isHeavy(c echo.Context) bool {
	return heavyRoutes[c.Request().Method+" "+c.Path()]
}

// guardHeavy runs after auth (it needs the caller's school): a heavy
// route's request enters g or is refused with 429
// too_many_heavy_requests naming the limit, with Retry-After; admitted,
// its context carries the budget's deadline, and work that stops on it
// answers 503 work_budget_exceeded. Other routes pass untouched.
func guardHeavy(g *heavy.Guard, auth echo.MiddlewareFunc) echo.MiddlewareFunc {
	if g == nil {
		return auth
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		guarded := func(c echo.Context) error {
			if !isHeavy(c) {
				return next(c)
			}
			ctx, release, err := g.Enter(c.Request().Context(), Caller(c).SchoolID, Caller(c).UserID)
			if err != nil {
				return err
			}
			defer release()
			c.SetRequest(c.Request().WithContext(ctx))
			err = next(c)
			if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && !c.Response().Committed {
				return &Error{Status: http.StatusServiceUnavailable, Code: "work_budget_exceeded", Args: []any{int(g.Config().Budget.Seconds())}}
			}
			return err
		}
		return auth(guarded)
	}
}
