package api

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Login-like routes (password and class-code/PIN login, badge login,
// refresh, the class name list, logout) need no token, so a page on any
// other site could post to them from a teacher's or child's browser and
// spend the school address's login budget. sameOrigin refuses such
// requests: net/http's CrossOriginProtection reads Sec-Fetch-Site (every
// browser since 2023 sends it) or, without it, compares Origin with Host.
// Requests with neither header (curl, the apps, server to server) pass, as
// a browser always sends one on a cross-site POST. The trusted origins are
// the CORS origins and the public URL.

// sameOrigin returns the middleware that answers a cross-site browser
// request 403 cross_site_request before the handler runs. An entry of
// trusted that is no origin (a CORS wildcard) is logged and not trusted.
func sameOrigin(logger *slog.Logger, trusted ...string) echo.MiddlewareFunc {
	p := http.NewCrossOriginProtection()
	for _, o := range trusted {
		if o == "" {
			continue
		}
		if err := p.AddTrustedOrigin(o); err != nil {
			logger.Warn("not trusted for logins: not an origin", "origin", o, "error", err.Error())
		}
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if err := p.Check(c.Request()); err != nil {
				return &Error{Status: http.StatusForbidden, Code: "cross_site_request"}
			}
			return next(c)
		}
	}
}
