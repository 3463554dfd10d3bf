package api

import (
	"encoding/base64"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"qixue/identity"
)

// List is the envelope of every list response. NextCursor is null on the
// last page; pass it as ?cursor= to get the next one.
type List[T any] struct {
	Items      []T     `json:"items"`
	NextCursor *string `json:"next_cursor"`
}

// PageParams reads ?limit= (1..200, default 50) and ?cursor= into a page.
func PageParams(c echo.Context) (identity.Page, error) {
	var p identity.Page
	if s := c.QueryParam("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > identity.MaxPageLimit {
			return p, queryError("limit")
		}
		p.Limit = n
	}
	if s := c.QueryParam("cursor"); s != "" {
		b, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil || len(b) == 0 {
			return p, queryError("cursor")
		}
		p.After = string(b)
	}
	return p, nil
}

// NewList converts a page of domain values into the list envelope.
func NewList[D, T any](items []D, next string, convert func(D) T) List[T] {
	out := List[T]{Items: make([]T, len(items))}
	for i, it := range items {
		out.Items[i] = convert(it)
	}
	if next != "" {
		s := base64.RawURLEncoding.EncodeToString([]byte(next))
		out.NextCursor = &s
	}
	return out
}

// queryError is the 400 of an invalid query parameter.
func queryError(name string) error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid_parameter", Args: []any{name},
		Fields: []identity.FieldError{{Field: name, Code: "invalid"}}}
}
