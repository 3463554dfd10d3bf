package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"qixue/audit"
)

// HeaderRequestID carries the request ID in requests and responses.
const HeaderRequestID = "X-Request-ID"

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

type ctxKey int

const requestIDKey ctxKey = iota

// requestIDMiddleware takes a well-formed X-Request-ID from the client or
// makes one, echoes it in the response and puts it in the context, with
// the client address, as the origin that audit entries record.
func requestIDMiddleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get(HeaderRequestID)
		if !validRequestID.MatchString(id) {
			b := make([]byte, 12)
			rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Response().Header().Set(HeaderRequestID, id)
		ctx := context.WithValue(c.Request().Context(), requestIDKey, id)
		ctx = audit.WithOrigin(ctx, audit.Origin{Addr: c.RealIP(), RequestID: id})
		c.SetRequest(c.Request().WithContext(ctx))
		return next(c)
	}
}

func requestID(c echo.Context) string {
	id, _ := c.Request().Context().Value(requestIDKey).(string)
	return id
}

// metrics are the Prometheus collectors of the HTTP server.
type metrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "qixue_http_requests_total",
			Help: "HTTP requests by method, route template and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "qixue_http_request_duration_seconds",
			Help:    "HTTP request latency by method, route template and status.",
			Buckets: prometheus.DefBuckets,
		}, []string{"method", "route", "status"}),
	}
	reg.MustRegister(m.requests, m.latency)
	return m
}

// observe logs each request as JSON (never its query string, headers or
// body, which may hold credentials) and records its metrics. It runs the
// error handler itself so the logged status is the one sent.
func observe(logger *slog.Logger, m *metrics) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			if err := next(c); err != nil {
				c.Error(err)
			}
			elapsed := time.Since(start)
			status := c.Response().Status
			route := c.Path()
			if route == "" || status == http.StatusNotFound && c.Path() == "/*" {
				route = "unmatched"
			}
			labels := prometheus.Labels{"method": requestMethod(c), "route": route, "status": strconv.Itoa(status)}
			m.requests.With(labels).Inc()
			m.latency.With(labels).Observe(elapsed.Seconds())
			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelError
			}
			attrs := []slog.Attr{
				slog.String("request_id", requestID(c)),
				slog.String("method", requestMethod(c)),
				slog.String("route", route),
				slog.String("path", c.Request().URL.Path),
				slog.Int("status", status),
				slog.Int64("bytes", c.Response().Size),
				slog.Float64("latency_ms", float64(elapsed.Microseconds())/1000),
				slog.String("remote_ip", c.RealIP()),
			}
			if p := Caller(c); p.UserID != "" {
				attrs = append(attrs, slog.String("user_id", p.UserID))
			}
			logger.LogAttrs(c.Request().Context(), level, "request", attrs...)
			return nil
		}
	}
}

// bodyLimit refuses request bodies over limit bytes with 413
// body_too_large, unless skip says the route limits its own: at once when
// Content-Length says so, and while reading a body sent without one
// (chunked) through http.MaxBytesReader, whose *http.MaxBytesError Bind
// and the error handler turn into the same 413.
func bodyLimit(limit int64, skip func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if skip(c) {
				return next(c)
			}
			r := c.Request()
			if r.ContentLength > limit {
				return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{limit}}
			}
			r.Body = http.MaxBytesReader(c.Response(), r.Body, limit)
			return next(c)
		}
	}
}

// securityHeaders sets headers that make browsers treat responses as
// data, never as pages to render or frame.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
		h.Set("Cross-Origin-Resource-Policy", "same-site")
		h.Set("Cache-Control", "no-store")
		if c.IsTLS() {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		return next(c)
	}
}

// MaxHeaderBytes bounds a request's header block: the server's
// http.Server.MaxHeaderBytes, and checkHeaders for requests that reach
// the router another way. MaxHostBytes bounds the Host header (a DNS name
// is at most 253 bytes, plus a port).
const (
	MaxHeaderBytes = 16 << 10
	MaxHostBytes   = 262
)

// checkHeaders refuses a request whose headers are over MaxHeaderBytes or
// whose Host is over MaxHostBytes with 431 headers_too_large, before any
// handler (and so any write) runs.
func checkHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		n := len(r.Host) + len(r.RequestURI)
		for k, vs := range r.Header {
			for _, v := range vs {
				n += len(k) + len(v) + 4
			}
		}
		if n > MaxHeaderBytes || len(r.Host) > MaxHostBytes {
			return &Error{Status: http.StatusRequestHeaderFieldsTooLarge, Code: "headers_too_large", Args: []any{MaxHeaderBytes, MaxHostBytes}}
		}
		return next(c)
	}
}
