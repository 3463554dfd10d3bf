package api

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/heavy"
	"qixue/rules/record"
)

// ProblemContentType is the media type of every error response.
const ProblemContentType = "application/problem+json"

// Problem is an RFC 9457 problem document with Qixue's extensions: a
// stable Code, the request ID and per-field errors.
type Problem struct {
	Type      string         `json:"type"`
	Title     string         `json:"title"`
	Status    int            `json:"status"`
	Detail    string         `json:"detail"`
	Instance  string         `json:"instance,omitempty"`
	Code      string         `json:"code"`
	RequestID string         `json:"request_id,omitempty"`
	Errors    []FieldProblem `json:"errors,omitempty"`
	// Limit names the limit a refused input passed (code limit_exceeded,
	// and body_too_large) and where.
	Limit *ProblemLimit `json:"limit,omitempty"`
	// Refutation is the move that refutes a stated solution (code
	// invalid_exercise): the defence a claimed mate does not meet, the
	// block after which a claimed VCF has no four.
	Refutation string `json:"refutation,omitempty"`
}

// ProblemLimit is the limit an input passed: its name (bytes, games,
// plies, variations, depth, comment_bytes, tags, tag_bytes), its value,
// and the game (1-based) and main-line ply where it was passed (0 or
// absent: not within a game, or before its first move).
type ProblemLimit struct {
	Name string `json:"name"`
	Max  int64  `json:"max"`
	Game int    `json:"game,omitempty"`
	Ply  int    `json:"ply,omitempty"`
}

// FieldProblem is one invalid field of a request.
type FieldProblem struct {
	Field   string `json:"field"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error is an error raised by the HTTP layer itself (bad JSON, bad query
// parameters, ...) with its status, code and the arguments of its
// localized detail.
type Error struct {
	Status int
	Code   string
	Args   []any
	Fields []domain.FieldError
}

// Error returns the code.
func (e *Error) Error() string { return e.Code }

// statuses is the one table mapping the codes of domain refusals
// (*domain.Error) to HTTP statuses. The HTTP layer's own errors (*Error)
// carry their status.
var statuses = map[string]int{
	"not_found":            http.StatusNotFound,
	"unknown_class_code":   http.StatusNotFound,
	"forbidden":            http.StatusForbidden,
	"analysis_off":         http.StatusForbidden,
	"unauthenticated":      http.StatusUnauthorized,
	"invalid_credentials":  http.StatusUnauthorized,
	"badge_invalid":        http.StatusUnauthorized,
	"token_invalid":        http.StatusUnauthorized,
	"token_expired":        http.StatusUnauthorized,
	"refresh_token_reused": http.StatusUnauthorized,
	"rate_limited":         http.StatusTooManyRequests,
	"service_unavailable":  http.StatusServiceUnavailable,
	"validation_failed":    http.StatusUnprocessableEntity,
	"username_taken":       http.StatusConflict,
	"conflict":             http.StatusConflict,
	"school_not_empty":     http.StatusConflict,
	"attempts_exhausted":   http.StatusConflict,
	"lesson_locked":        http.StatusConflict,
	"too_complex":          http.StatusUnprocessableEntity,

	"enrollment_needs_school_admin": http.StatusForbidden,

	// tournaments
	"tournament_changed":     http.StatusConflict,
	"round_incomplete":       http.StatusConflict,
	"rounds_complete":        http.StatusConflict,
	"no_valid_pairing":       http.StatusUnprocessableEntity,
	"too_few_players":        http.StatusConflict,
	"nothing_to_unpair":      http.StatusConflict,
	"results_entered":        http.StatusConflict,
	"result_already_entered": http.StatusConflict,
	"results_disagree":       http.StatusConflict,
	"round_robin_started":    http.StatusConflict,
	"trf_invalid":            http.StatusUnprocessableEntity,
	"trf_unknown_player":     http.StatusUnprocessableEntity,
	"tournament_started":     http.StatusConflict,
	"decision_needed":        http.StatusConflict,
	"bracket_changed":        http.StatusConflict,

	// live lessons
	"not_in_class":            http.StatusForbidden,
	"lesson_item_not_open":    http.StatusConflict,
	"lesson_item_closed":      http.StatusConflict,
	"lesson_already_answered": http.StatusConflict,
	"lesson_ended":            http.StatusConflict,
	"lesson_nothing_open":     http.StatusConflict,
	"lesson_hints_off":        http.StatusForbidden,

	// roster imports
	"roster_invalid":   http.StatusUnprocessableEntity,
	"roster_too_large": http.StatusUnprocessableEntity,
	"roster_not_zip":   http.StatusUnprocessableEntity,

	// games
	"no_games":               http.StatusUnprocessableEntity,
	"game_already_confirmed": http.StatusConflict,
	"own_submission":         http.StatusForbidden,
	"duplicate":              http.StatusConflict,
}

// coded is a domain error with a stable code.
type coded interface{ Code() string }

// localized is a domain error that explains itself in zh-CN or en (the
// rules engines' refusals).
type localized interface{ Message(lang string) string }

// waiting is an error that says how long to wait before trying again
// (identity's rate limits and busy hashing); it sets Retry-After.
type waiting interface{ RetryAfter() time.Duration }

// retryAfter is the wait err asks for, or zero.
func retryAfter(err error) time.Duration {
	var w waiting
	if errors.As(err, &w) {
		return w.RetryAfter()
	}
	return 0
}

// withFields is a validation error listing invalid fields.
type withFields interface{ Fields() []domain.FieldError }

// refuted is a refusal that names the move refuting what was stated.
type refuted interface{ Refutation() string }

// RetryAfterUnavailable is the Retry-After, in seconds, of 503 answers.
const RetryAfterUnavailable = 5

// errorHandler is the server's one error handler: every error becomes a
// problem+json response. Unknown errors are a 500 whose cause is only
// logged.
// A database error that unavailable recognizes (the database cannot be
// reached) is a 503 service_unavailable with Retry-After.
func errorHandler(logger *slog.Logger, rateWindowMinutes int, unavailable func(error) bool) echo.HTTPErrorHandler {
	return func(cause error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		err := cause
		if unavailable != nil && unavailable(cause) {
			err = &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"}
		}
		lang := langOf(c)
		p := problemFor(err, lang, c, rateWindowMinutes)
		if p.Status >= 500 {
			logger.ErrorContext(c.Request().Context(), "request failed",
				"error", cause.Error(), "request_id", requestID(c), "method", requestMethod(c), "path", c.Request().URL.Path)
		}
		if p.Status == http.StatusServiceUnavailable {
			c.Response().Header().Set("Retry-After", itoa(RetryAfterUnavailable))
		}
		if p.Status == http.StatusUnauthorized {
			c.Response().Header().Set("WWW-Authenticate", `Bearer realm="qixue"`)
		}
		if wait := retryAfter(err); wait > 0 {
			c.Response().Header().Set("Retry-After", itoa(int((wait+time.Second-1)/time.Second)))
		} else if p.Status == http.StatusTooManyRequests {
			c.Response().Header().Set("Retry-After", itoa(rateWindowMinutes*60))
		}
		writeProblem(c, p)
	}
}

func writeProblem(c echo.Context, p Problem) {
	c.Response().Header().Set(echo.HeaderContentType, ProblemContentType)
	c.Response().WriteHeader(p.Status)
	if requestMethod(c) == http.MethodHead {
		return
	}
	enc := jsonEncoder(c.Response())
	enc.Encode(p)
}

// problemFor builds the problem document of err.
func problemFor(err error, lang string, c echo.Context, rateWindowMinutes int) Problem {
	var (
		status int
		code   string
		args   []any
		fields []domain.FieldError
		detail string
	)
	var apiErr *Error
	var httpErr *echo.HTTPError
	var de *domain.Error
	var cd coded
	var tooLarge *http.MaxBytesError
	var limit *record.LimitError
	var pl *ProblemLimit
	var busy *heavy.Busy
	switch {
	case errors.As(err, &busy):
		status, code, args = http.StatusTooManyRequests, busy.Code(), []any{busy.Max}
		pl = &ProblemLimit{Name: busy.Limit, Max: int64(busy.Max)}
	case errors.As(err, &limit):
		status, code, detail = http.StatusUnprocessableEntity, limit.Code(), limit.Message(lang)
		if limit.Limit == record.LimitBytes {
			status = http.StatusRequestEntityTooLarge
		}
		pl = &ProblemLimit{Name: limit.Limit, Max: int64(limit.Max), Game: limit.Game, Ply: limit.Ply}
	case errors.As(err, &apiErr):
		status, code, args, fields = apiErr.Status, apiErr.Code, apiErr.Args, apiErr.Fields
	case errors.As(err, &tooLarge):
		status, code, args = http.StatusRequestEntityTooLarge, "body_too_large", []any{tooLarge.Limit}
	case errors.As(err, &httpErr):
		status, code, args = echoStatus(httpErr, c)
	case errors.As(err, &de):
		code, fields, args = de.Code(), de.Fields(), de.Args()
		var ok bool
		if status, ok = statuses[code]; !ok {
			status, code, fields, args = http.StatusInternalServerError, "internal", nil, nil
		}
		if code == "rate_limited" {
			args = []any{rateWindowMinutes}
			if wait := de.RetryAfter(); wait > 0 {
				args = []any{int((wait + time.Minute - 1) / time.Minute)}
			}
		}
	case errors.As(err, &cd):
		// A refusal of a rules engine explains itself.
		code = cd.Code()
		var ok bool
		if status, ok = statuses[code]; !ok {
			status, code = http.StatusInternalServerError, "internal"
			var l localized
			if errors.As(err, &l) {
				status, code, detail = http.StatusUnprocessableEntity, cd.Code(), l.Message(lang)
			}
		}
		var wf withFields
		if errors.As(err, &wf) {
			fields = wf.Fields()
		}
	default:
		status, code = http.StatusInternalServerError, "internal"
	}
	if code == "validation_failed" && onlyQuery(c, fields) {
		// A domain refusing a filter or sort value: the one convention for
		// query parameters is 400 invalid_parameter naming it.
		status, code, args = http.StatusBadRequest, "invalid_parameter", []any{fields[0].Field}
	}
	m, ok := messages[code]
	if !ok {
		m = messages["unprocessable"]
	}
	if detail == "" {
		detail = m.detail.in(lang, localize(args, lang)...)
	}
	p := Problem{
		Type:      "urn:qixue:problem:" + code,
		Title:     m.title.in(lang),
		Status:    status,
		Detail:    detail,
		Instance:  c.Request().URL.Path,
		Code:      code,
		RequestID: requestID(c),
		Limit:     pl,
	}
	if code == "body_too_large" && pl == nil && len(args) == 1 {
		if n, ok := asInt64(args[0]); ok {
			p.Limit = &ProblemLimit{Name: record.LimitBytes, Max: n}
		}
	}
	if code == "json_too_deep" && len(args) == 2 {
		if n, ok := asInt64(args[0]); ok {
			p.Limit = &ProblemLimit{Name: LimitJSONDepth, Max: n}
		}
	}
	var rf refuted
	if errors.As(err, &rf) {
		p.Refutation = rf.Refutation()
	}
	for _, f := range fields {
		p.Errors = append(p.Errors, FieldProblem{Field: f.Field, Code: f.Code, Message: fieldMessage(f.Code, lang)})
	}
	return p
}

// echoStatus translates Echo's own errors (unknown route, wrong method,
// body limit).
func echoStatus(e *echo.HTTPError, c echo.Context) (int, string, []any) {
	switch e.Code {
	case http.StatusNotFound:
		return e.Code, "route_not_found", []any{c.Request().URL.Path}
	case http.StatusMethodNotAllowed:
		return e.Code, "method_not_allowed", []any{requestMethod(c)}
	case http.StatusRequestEntityTooLarge:
		return e.Code, "body_too_large", []any{MaxBodyBytes}
	case http.StatusUnauthorized:
		return e.Code, "unauthenticated", nil
	case http.StatusForbidden:
		return e.Code, "forbidden", nil
	case http.StatusUnsupportedMediaType:
		return e.Code, "unsupported_media_type", nil
	case http.StatusServiceUnavailable:
		return e.Code, "service_unavailable", nil
	case http.StatusTooManyRequests:
		return e.Code, "rate_limited", []any{1}
	}
	if e.Code >= 400 && e.Code < 500 {
		return http.StatusBadRequest, "invalid_parameter", []any{""}
	}
	return http.StatusInternalServerError, "internal", nil
}

// localize puts the texts among a detail's arguments into lang.
func localize(args []any, lang string) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if t, ok := a.(text); ok {
			a = t.in(lang)
		}
		out[i] = a
	}
	return out
}

// onlyQuery reports whether every field of a validation error is a query
// parameter of a request without a body.
func onlyQuery(c echo.Context, fields []domain.FieldError) bool {
	if len(fields) == 0 || c.Request().ContentLength > 0 {
		return false
	}
	q := c.QueryParams()
	for _, f := range fields {
		if _, ok := q[f.Field]; !ok {
			return false
		}
	}
	return true
}

// asInt64 reads a byte count of any integer type.
func asInt64(a any) (int64, bool) {
	switch n := a.(type) {
	case int:
		return int64(n), true
	case int64:
		return n, true
	}
	return 0, false
}
