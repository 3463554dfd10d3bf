package api

import (
	"encoding/json"
	"math"
	"net/http"
	"qixue/domain"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
)

// bodyProblem is one thing wrong with a request body, found before it is
// decoded into its Go type: the JSON path of the value ("items[0].id",
// "answer.move") and a field code of fieldMessages.
type bodyProblem struct {
	path, code string
	// want is the JSON type the field must have (invalid_type only).
	want string
}

// checkBody walks the generic JSON value v against the request type t and
// returns every unknown field, every value of the wrong JSON type, every
// time that is not RFC 3339 and every string with a character a request
// may not carry. Paths are JSON paths, so a client (and a person) can find
// the value at fault.
func checkBody(v any, t reflect.Type) []bodyProblem {
	var c bodyChecker
	c.walk(v, t, "", "")
	sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].path < c.problems[j].path })
	return c.problems
}

type bodyChecker struct{ problems []bodyProblem }

func (c *bodyChecker) add(path, code, want string) {
	if path == "" {
		path = "(body)"
	}
	c.problems = append(c.problems, bodyProblem{path: path, code: code, want: want})
}

var (
	timeType       = reflect.TypeFor[time.Time]()
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	numberType     = reflect.TypeFor[json.Number]()
	unmarshalerTyp = reflect.TypeFor[json.Unmarshaler]()
)

// walk checks v (decoded with UseNumber) against t. key is the last object
// key on the way to v, which decides whether v is a name.
func (c *bodyChecker) walk(v any, t reflect.Type, path, key string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v == nil { // null leaves the Go value zero
		return
	}
	switch {
	case t == timeType:
		s, ok := v.(string)
		if !ok {
			c.add(path, "invalid_time", "")
			return
		}
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			c.add(path, "invalid_time", "")
		}
		return
	case t == rawMessageType, t.Kind() == reflect.Interface:
		c.strings(v, path, key)
		return
	case t == numberType:
		if _, ok := v.(json.Number); !ok {
			c.add(path, "invalid_type", "number")
		}
		return
	case reflect.PointerTo(t).Implements(unmarshalerTyp):
		// A type that decodes itself: only its strings are checked here.
		c.strings(v, path, key)
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			c.add(path, "invalid_type", "object")
			return
		}
		fields := jsonFields(t)
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			f, ok := fields[k]
			if !ok {
				f, ok = foldField(fields, k)
			}
			if !ok {
				c.add(joinPath(path, k), "unknown_field", "")
				continue
			}
			c.walk(obj[k], f.typ, joinPath(path, k), k)
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			c.add(path, "invalid_type", "object")
			return
		}
		for k, e := range obj {
			if bad := badChar(k, false); bad != "" {
				c.add(joinPath(path, k), bad, "")
			}
			c.walk(e, t.Elem(), joinPath(path, k), k)
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			if _, ok := v.(string); !ok {
				c.add(path, "invalid_type", "string")
			}
			return
		}
		arr, ok := v.([]any)
		if !ok {
			c.add(path, "invalid_type", "array")
			return
		}
		for i, e := range arr {
			c.walk(e, t.Elem(), path+"["+strconv.Itoa(i)+"]", key)
		}
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			c.add(path, "invalid_type", "string")
			return
		}
		if bad := badChar(s, isNameKey(key)); bad != "" {
			c.add(path, bad, "")
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			c.add(path, "invalid_type", "boolean")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(json.Number)
		if !ok {
			c.add(path, "invalid_type", "integer")
			return
		}
		i, err := strconv.ParseInt(n.String(), 10, 64)
		if err != nil || reflect.Zero(t).OverflowInt(i) {
			c.add(path, "invalid_type", "integer")
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(json.Number)
		if !ok {
			c.add(path, "invalid_type", "integer")
			return
		}
		i, err := strconv.ParseUint(n.String(), 10, 64)
		if err != nil || reflect.Zero(t).OverflowUint(i) {
			c.add(path, "invalid_type", "integer")
		}
	case reflect.Float32, reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			c.add(path, "invalid_type", "number")
			return
		}
		if f, err := n.Float64(); err != nil || math.IsInf(f, 0) || t.Kind() == reflect.Float32 && math.Abs(f) > math.MaxFloat32 {
			c.add(path, "invalid_type", "number")
		}
	}
}

// strings checks every string (and object key) inside a value whose Go
// type decodes itself or stays generic.
func (c *bodyChecker) strings(v any, path, key string) {
	switch x := v.(type) {
	case string:
		if bad := badChar(x, isNameKey(key)); bad != "" {
			c.add(path, bad, "")
		}
	case []any:
		for i, e := range x {
			c.strings(e, path+"["+strconv.Itoa(i)+"]", key)
		}
	case map[string]any:
		for k, e := range x {
			if bad := badChar(k, false); bad != "" {
				c.add(joinPath(path, k), bad, "")
			}
			c.strings(e, joinPath(path, k), k)
		}
	}
}

// badChar returns the field code of the first character s may not carry,
// or "". No string carries C0 controls other than tab, line feed and
// carriage return, DEL or C1 controls (NUL in particular, which
// PostgreSQL cannot store). Names carry none of those three either, nor
// the bidirectional overrides and isolates that make a name display as
// another one.
func badChar(s string, name bool) string {
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			if name {
				return "control_character"
			}
		case r < 0x20 || r >= 0x7f && r <= 0x9f:
			return "control_character"
		case name && (r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069):
			return "bidi_control"
		}
	}
	return ""
}

// nameKeys are the JSON keys of single-line names and titles (also of
// their zh-CN/en texts: "title.en" is checked under "title" by its
// parent, see isNameKey).
var nameKeys = map[string]bool{
	"name": true, "real_name": true, "given_name": true, "nickname": true, "username": true, "title": true, "email": true,
	"class_code": true, "login_code": true, "tag": true, "tags": true,
}

func isNameKey(key string) bool { return nameKeys[key] }

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonField is a struct field as encoding/json sees it.
type jsonField struct{ typ reflect.Type }

// jsonFields maps the JSON names of t's fields (with embedded structs
// flattened, as encoding/json does) to their types.
func jsonFields(t reflect.Type) map[string]jsonField {
	out := map[string]jsonField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					if _, ok := out[k]; !ok {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = jsonField{typ: f.Type}
	}
	return out
}

// foldField finds a field by a key that differs only in case, as
// encoding/json accepts.
func foldField(fields map[string]jsonField, k string) (jsonField, bool) {
	for name, f := range fields {
		if strings.EqualFold(name, k) {
			return f, true
		}
	}
	return jsonField{}, false
}

// bodyError turns the problems of a body into one problem document:
// 400 when the body does not have the request's shape (unknown fields,
// wrong types, times that are not times), otherwise 422 for characters a
// value may not carry. Every field at fault is listed.
func bodyError(problems []bodyProblem) error {
	var fields []domain.FieldError
	shape := false
	for _, p := range problems {
		fields = append(fields, domain.FieldError{Field: p.path, Code: p.code})
		if p.code != "control_character" && p.code != "bidi_control" {
			shape = true
		}
	}
	first := problems[0]
	if !shape {
		return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed", Fields: fields}
	}
	for _, p := range problems {
		if p.code != "control_character" && p.code != "bidi_control" {
			first = p
			break
		}
	}
	switch first.code {
	case "unknown_field":
		return &Error{Status: http.StatusBadRequest, Code: "unknown_field", Args: []any{first.path}, Fields: fields}
	case "invalid_time":
		return &Error{Status: http.StatusBadRequest, Code: "invalid_time", Args: []any{first.path}, Fields: fields}
	}
	return &Error{Status: http.StatusBadRequest, Code: "invalid_type", Args: []any{first.path, jsonType(first.want)}, Fields: fields}
}
