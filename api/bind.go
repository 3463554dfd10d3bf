package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"qixue/domain"
	"reflect"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// MaxBodyBytes bounds request bodies.
const MaxBodyBytes = 1 << 20

// MaxJSONDepth bounds the nesting of arrays and objects in a JSON body.
// No request of the API nests deeper than 6; a deeper body is refused
// with 422 json_too_deep (limit json_depth) before it is decoded, so
// neither the decoder nor the field check recurses on a hostile depth.
const MaxJSONDepth = 32

// LimitJSONDepth names MaxJSONDepth in a refusal.
const LimitJSONDepth = "json_depth"

// jsonDepthOver returns the offset at which body's nesting of arrays and
// objects first passes max, or -1. Strings are skipped with their
// escapes; one pass, no recursion.
func jsonDepthOver(body []byte, max int) int {
	depth, inString, escaped := 0, false, false
	for i, b := range body {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
		case b == '"':
			inString = true
		case b == '[' || b == '{':
			if depth++; depth > max {
				return i
			}
		case b == ']' || b == '}':
			depth--
		}
	}
	return -1
}

func itoa(n int) string { return strconv.Itoa(n) }

// jsonEncoder returns an encoder that does not escape HTML, so Chinese
// text and symbols stay readable.
func jsonEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// Bind decodes the JSON request body into v strictly: the content type
// must be JSON (application/json or +json; a body with no Content-Type is
// refused too, as a cross-site page can send one without a preflight),
// unknown fields, wrong types, trailing data and bodies over
// MaxBodyBytes are refused with a 400, 413 or 415 *Error naming the field.
func Bind(c echo.Context, v any) error {
	r := c.Request()
	ct := r.Header.Get(echo.HeaderContentType)
	if ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type"}
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), r.Body, MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Args: []any{MaxBodyBytes}}
		}
		return &Error{Status: http.StatusBadRequest, Code: "invalid_json", Args: []any{0}}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return &Error{Status: http.StatusBadRequest, Code: "empty_body"}
	}
	if ct == "" {
		return &Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type"}
	}
	if at := jsonDepthOver(body, MaxJSONDepth); at >= 0 {
		return &Error{Status: http.StatusUnprocessableEntity, Code: "json_too_deep", Args: []any{MaxJSONDepth, at}}
	}
	// First as a generic value, to find every field at fault by its JSON
	// path; then into v, which cannot fail on what passed the check.
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var generic any
	if err := dec.Decode(&generic); err != nil {
		return decodeError(err, dec)
	}
	if _, err := dec.Token(); err != io.EOF {
		return &Error{Status: http.StatusBadRequest, Code: "invalid_json", Args: []any{int(dec.InputOffset())}}
	}
	if t := reflect.TypeOf(v); t != nil && t.Kind() == reflect.Pointer {
		if problems := checkBody(generic, t.Elem()); len(problems) > 0 {
			return bodyError(problems)
		}
	}
	dec = json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err, dec)
	}
	return nil
}

func decodeError(err error, dec *json.Decoder) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &Error{Status: http.StatusBadRequest, Code: "invalid_json", Args: []any{int(syn.Offset)}}
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "(body)"
		}
		return &Error{Status: http.StatusBadRequest, Code: "invalid_type", Args: []any{field, jsonType(jsonTypeName(typ.Type.Kind().String()))},
			Fields: []domain.FieldError{{Field: field, Code: "invalid_type"}}}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{Status: http.StatusBadRequest, Code: "invalid_json", Args: []any{int(dec.InputOffset())}}
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name, _ = strconv.Unquote(name)
		return &Error{Status: http.StatusBadRequest, Code: "unknown_field", Args: []any{name},
			Fields: []domain.FieldError{{Field: name, Code: "unknown_field"}}}
	}
	return &Error{Status: http.StatusBadRequest, Code: "invalid_json", Args: []any{int(dec.InputOffset())}}
}

// jsonTypeName names a Go kind as a JSON type.
func jsonTypeName(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "array"
	case "map", "struct":
		return "object"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "integer"
	case "float32", "float64":
		return "number"
	}
	return kind
}
