package api

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

// checkParams refuses, with 400 invalid_parameter naming the parameter,
// a path or query parameter (name or value) that is not UTF-8 or carries
// a control character: C0 (tab and line breaks included: no parameter is
// multi-line), DEL or C1. PostgreSQL cannot store NUL nor invalid UTF-8,
// and no identifier, filter or search text needs them. It runs after
// routing, so path parameters have their names.
func checkParams(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		values := c.ParamValues()
		for i, name := range c.ParamNames() {
			if i < len(values) && !cleanParam(values[i]) {
				// "game.svg" is the path parameter {game} of "{game}.svg".
				name, _, _ = strings.Cut(name, ".")
				return queryError(name)
			}
		}
		for name, vs := range c.QueryParams() {
			if !cleanParam(name) {
				return queryError("(query)")
			}
			for _, v := range vs {
				if !cleanParam(v) || !wellFormedQuery(name, v) {
					return queryError(name)
				}
			}
		}
		return next(c)
	}
}

// wellFormedQuery checks the query parameters every route reads the same
// way: a lang is zh or en, a *_id filter is a UUID (a filter that cannot
// match is an error, not an empty list), a format is one openapi.yaml
// names. Route-specific values are checked by the handlers.
func wellFormedQuery(name, v string) bool {
	switch {
	case name == "lang":
		_, ok := matchLang(v)
		return ok
	case name == "format":
		return v == "json" || v == "csv" || v == "html" || v == "lichess-csv"
	case strings.HasSuffix(name, "_id"):
		return uuid.Validate(v) == nil
	}
	return true
}

func cleanParam(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r >= 0x7f && r <= 0x9f {
			return false
		}
	}
	return true
}

// headContextKey marks a HEAD request served as a GET.
const headContextKey = "qixue.head"

// headAsGet answers HEAD on every GET route: the request is routed and
// handled as a GET, and the response keeps its status and headers but
// drops its body.
func headAsGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Method == http.MethodHead {
			r.Method = http.MethodGet
			c.Set(headContextKey, true)
			c.Response().Writer = bodyless{c.Response().Writer}
		}
		return next(c)
	}
}

// requestMethod is the method the client sent (HEAD for a HEAD request
// served as a GET).
func requestMethod(c echo.Context) string {
	if head, _ := c.Get(headContextKey).(bool); head {
		return http.MethodHead
	}
	return c.Request().Method
}

// bodyless is a response writer that sends status and headers only.
type bodyless struct{ http.ResponseWriter }

func (b bodyless) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap gives http.ResponseController the underlying writer.
func (b bodyless) Unwrap() http.ResponseWriter { return b.ResponseWriter }
