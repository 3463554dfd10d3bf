package api

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"qixue/domain"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// List is the envelope of every list response. NextCursor is null on the
// last page; pass it as ?cursor= to get the next one.
type List[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"next_cursor"`
}

// cursorContextKey holds the list-cursor key in the Echo context.
const cursorContextKey = "qixue.cursor-key"

// cursorVersion starts every cursor; a new format gets a new version.
const cursorVersion = "c1"

// withCursorKey makes key the key that signs and checks list cursors.
func withCursorKey(key []byte) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			c.Set(cursorContextKey, key)
			return next(c)
		}
	}
}

// cursorMAC signs a position of the list served at route.
func cursorMAC(c echo.Context, after string) []byte {
	key, _ := c.Get(cursorContextKey).([]byte)
	m := hmac.New(sha256.New, key)
	m.Write([]byte(cursorVersion + "\x00" + c.Path() + "\x00" + after))
	return m.Sum(nil)[:16]
}

// encodeCursor returns the cursor of the position after in the list
// served by c's route: "c1.<position>.<MAC>", both base64url.
func encodeCursor(c echo.Context, after string) string {
	enc := base64.RawURLEncoding
	return cursorVersion + "." + enc.EncodeToString([]byte(after)) + "." + enc.EncodeToString(cursorMAC(c, after))
}

// decodeCursor returns the position of a cursor this route issued, or
// false for anything else (another list's cursor, a forged or edited one).
func decodeCursor(c echo.Context, s string) (string, bool) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 || parts[0] != cursorVersion {
		return "", false
	}
	enc := base64.RawURLEncoding
	after, err1 := enc.DecodeString(parts[1])
	mac, err2 := enc.DecodeString(parts[2])
	if err1 != nil || err2 != nil || len(after) == 0 {
		return "", false
	}
	return string(after), hmac.Equal(mac, cursorMAC(c, string(after)))
}

// PageParams reads ?limit= (1..200, default 50) and ?cursor= into a page.
// A cursor the route did not hand out is 400 invalid_cursor.
func PageParams(c echo.Context) (domain.Page, error) {
	var p domain.Page
	if s := c.QueryParam("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > domain.MaxPageLimit {
			return p, queryError("limit")
		}
		p.Limit = n
	}
	if s := c.QueryParam("cursor"); s != "" {
		after, ok := decodeCursor(c, s)
		if !ok {
			return p, &Error{Status: http.StatusBadRequest, Code: "invalid_cursor",
				Fields: []domain.FieldError{{Field: "cursor", Code: "invalid_cursor"}}}
		}
		p.After = after
	}
	return p, nil
}

// NewList converts a page of domain values into the list envelope, with
// the signed cursor of the next page.
func NewList[D, T any](c echo.Context, items []D, next string, convert func(D) T) List[T] {
	out := List[T]{Items: make([]T, len(items))}
	for i, it := range items {
		out.Items[i] = convert(it)
	}
	if next != "" {
		s := encodeCursor(c, next)
		out.NextCursor = &s
	}
	return out
}

// queryError is the 400 of an invalid query or path parameter.
// boolQuery reads an optional boolean query parameter (false when
// absent); a value strconv.ParseBool does not read is invalid_parameter.
func boolQuery(c echo.Context, name string) (bool, error) {
	v := c.QueryParam(name)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, queryError(name)
	}
	return b, nil
}

func queryError(name string) error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid_parameter", Args: []any{name},
		Fields: []domain.FieldError{{Field: name, Code: "invalid"}}}
}
