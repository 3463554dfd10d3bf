package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// specOp is one operation of openapi.yaml with its parameters (those of
// its path item and its own).
type specOp struct {
	method, path string
	op           *openapi3.Operation
	params       []*openapi3.Parameter
}

func (o specOp) String() string { return o.method + " " + o.path }

// specOps lists every operation of openapi.yaml in a stable order.
func specOps(w *world) []specOp {
	var out []specOp
	for path, item := range w.Spec.Paths.Map() {
		for method, op := range item.Operations() {
			o := specOp{method: method, path: path, op: op}
			for _, p := range append(item.Parameters, op.Parameters...) {
				o.params = append(o.params, p.Value)
			}
			out = append(out, o)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

var pathParam = regexp.MustCompile(`\{([a-z_]+)\}`)

// fill puts the IDs of school s of the world into a path template. A
// parameter the world cannot fill fails the test, so that a new route
// cannot skip the tests generated from the spec.
func (w *world) fill(t *testing.T, s string, template string) string {
	t.Helper()
	fs, ws := w.F.A, w.A
	if s == "B" {
		fs, ws = w.F.B, w.B
	}
	prefixes := []struct{ prefix, id string }{
		{"/v1/schools/", fs.School.ID}, {"/v1/users/", fs.Student.ID}, {"/v1/classes/", fs.Class.ID},
		{"/v1/exercises/", ws.Exercise}, {"/v1/students/", fs.Student.ID}, {"/v1/roster/imports/", ws.Import},
		{"/v1/roster/classes/", fs.Class.ID}, {"/v1/curricula/", ws.Curriculum}, {"/v1/units/", ws.Unit},
		{"/v1/lessons/", ws.Lesson}, {"/v1/assignments/", ws.Assignment}, {"/v1/tournaments/", ws.Tournament},
		{"/v1/games/", ws.Game}, {"/v1/live-games/", ws.LiveGame}, {"/v1/team-tournaments/", ws.TeamTournament}, {"/v1/challenges/", ws.LiveGame},
		{"/v1/live-lessons/", ws.LiveLesson},
	}
	return pathParam.ReplaceAllStringFunc(template, func(m string) string {
		switch name := m[1 : len(m)-1]; name {
		case "game":
			return "chess"
		case "user_id":
			return fs.Student.ID
		case "eid":
			return ws.Exercise
		case "address":
			// A client address, not the caller's own (httptest's is
			// 192.0.2.1): no school owns it, only platform admins lift it.
			return "198.51.100.7"
		case "id":
			for _, p := range prefixes {
				if strings.HasPrefix(template, p.prefix) {
					return p.id
				}
			}
		}
		t.Fatalf("%s: the world cannot fill %s; add it to world.fill", template, m)
		return ""
	})
}

// reader returns a token of school A that may call the route.
func (w *world) reader(path string) string {
	switch {
	case strings.HasPrefix(path, "/v1/me"):
		return w.F.A.StudentToken
	case path == "/v1/schools", strings.HasPrefix(path, "/v1/schools/"):
		return w.F.AdminToken
	}
	return w.F.A.AdminToken
}

// withQuery adds name=value to a path.
func withQuery(path, name, value string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return path + sep + url.QueryEscape(name) + "=" + url.QueryEscape(value)
}

func problemOf(t *testing.T, rec *httptest.ResponseRecorder) api.Problem {
	t.Helper()
	var p api.Problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("not a problem: %d %s", rec.Code, rec.Body)
	}
	return p
}

// wantParamProblem checks a 400 with code naming the parameter.
func wantParamProblem(t *testing.T, rec *httptest.ResponseRecorder, code, param string) {
	t.Helper()
	if rec.Code != http.StatusBadRequest {
		t.Errorf("status %d, want 400\n%s", rec.Code, rec.Body)
		return
	}
	p := problemOf(t, rec)
	if p.Code != code || len(p.Errors) == 0 || p.Errors[0].Field != param {
		t.Errorf("problem %s naming %v, want %s naming %s\n%s", p.Code, p.Errors, code, param, rec.Body)
	}
}

// TestSpecControlCharactersInParameters sends a NUL (and other control
// characters) in every path and query parameter of every route: each is
// 400 invalid_parameter naming the parameter, on both databases (a NUL
// reached PostgreSQL and gave 500 before).
func TestSpecControlCharactersInParameters(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		for _, o := range specOps(w) {
			for _, p := range o.params {
				if p.In != "path" && p.In != "query" {
					continue
				}
				for _, bad := range []string{"a\x00b", "\x1b", "a\u0085"} {
					t.Run(fmt.Sprintf("%s/%s/%q", o, p.Name, bad), func(t *testing.T) {
						path := w.fill(t, "A", o.path)
						if p.In == "path" {
							path = strings.Replace(o.path, "{"+p.Name+"}", url.PathEscape(bad), 1)
							path = w.fill(t, "A", path)
						} else {
							path = withQuery(path, p.Name, bad)
						}
						rec := w.Do(t, o.method, path, w.reader(o.path), nil, nil)
						wantParamProblem(t, rec, "invalid_parameter", p.Name)
					})
				}
			}
		}
	})
}

// TestSpecControlCharactersInBodies puts a NUL into each top-level string
// property of every JSON request body (the login body included): 422
// validation_failed naming the property, and nothing is written.
func TestSpecControlCharactersInBodies(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		n := 0
		for _, o := range specOps(w) {
			schema := jsonBodySchema(o)
			if schema == nil {
				continue
			}
			for name, prop := range schema.Properties {
				if prop.Value == nil || !prop.Value.Type.Is("string") || prop.Value.Format == "date-time" {
					continue
				}
				n++
				t.Run(o.String()+"/"+name, func(t *testing.T) {
					rec := w.Do(t, o.method, w.fill(t, "A", o.path), w.reader(o.path), map[string]any{name: "a\x00b"}, nil)
					if rec.Code != http.StatusUnprocessableEntity {
						t.Fatalf("status %d, want 422\n%s", rec.Code, rec.Body)
					}
					p := problemOf(t, rec)
					if p.Code != "validation_failed" || len(p.Errors) != 1 || p.Errors[0].Field != name || p.Errors[0].Code != "control_character" {
						t.Errorf("problem %s\n%s", p.Code, rec.Body)
					}
				})
			}
		}
		if n < 20 {
			t.Fatalf("only %d string properties found in request bodies", n)
		}
		// Names also refuse line breaks and direction overrides.
		for _, name := range []string{"Ann\u202eli", "Ann\nLi", "Ann\u2066Li"} {
			rec := w.Do(t, "POST", "/v1/schools", w.F.AdminToken, map[string]any{"name": name}, nil)
			if rec.Code != http.StatusUnprocessableEntity || problemOf(t, rec).Errors[0].Field != "name" {
				t.Errorf("school name %q: %d %s", name, rec.Code, rec.Body)
			}
		}
	})
}

// jsonBodySchema is the object schema of an operation's JSON body, or nil.
func jsonBodySchema(o specOp) *openapi3.Schema {
	if o.op.RequestBody == nil || o.op.RequestBody.Value == nil {
		return nil
	}
	mt := o.op.RequestBody.Value.Content.Get("application/json")
	if mt == nil || mt.Schema == nil || mt.Schema.Value == nil {
		return nil
	}
	return mt.Schema.Value
}

// goInternals are what a Go decoder error says and a person should never
// read.
var goInternals = regexp.MustCompile(`json:|Go value|Go struct|struct field|unmarshal|[a-z]+\.[a-z][A-Za-z]*[A-Z]|\bint64\b|\bfloat64\b|map\[|\[\]`)

// TestSpecMalformedBodies sends a table of malformed bodies to every JSON
// route: each is a 4xx whose texts are written for people (no "json:",
// no Go type names) in both languages, naming the field when there is
// one.
func TestSpecMalformedBodies(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		bodies := []string{`{"mvoe":1}`, `[]`, `"x"`, `5`, `{`, `{"a":1}{}`, `{"answer":"Kf7"}`, `{"answer":{"mvoe":"e4"}}`,
			`{"answer":{"choice":"x"}}`, `{"answer":[1]}`, `{"due_at":"tomorrow"}`, `{"due_at":5}`, `{"due_at":"2030-13-45"}`}
		for _, o := range specOps(w) {
			schema := jsonBodySchema(o)
			if schema == nil {
				continue
			}
			cases := append([]string(nil), bodies...)
			for name, prop := range schema.Properties {
				if prop.Value != nil && prop.Value.Type.Is("string") {
					cases = append(cases, fmt.Sprintf(`{%q:5}`, name), fmt.Sprintf(`{%q:{"x":1}}`, name))
				} else {
					cases = append(cases, fmt.Sprintf(`{%q:"x"}`, name), fmt.Sprintf(`{%q:[{"deep":true}]}`, name))
				}
			}
			for _, body := range cases {
				for _, lang := range []string{"zh-CN", "en"} {
					t.Run(o.String()+"/"+body+"/"+lang, func(t *testing.T) {
						token := w.reader(o.path)
						if strings.HasSuffix(o.path, "/attempts") || strings.HasSuffix(o.path, "/give-up") {
							token = w.F.A.StudentToken
						}
						rec := w.Do(t, o.method, w.fill(t, "A", o.path), token, body,
							map[string]string{"Accept-Language": lang, api.HeaderIdempotencyKey: "k" + strconv.Itoa(len(body))})
						if rec.Code < 400 || rec.Code >= 500 {
							if rec.Code < 300 {
								return // a body this route accepts (e.g. an empty object)
							}
							t.Fatalf("status %d\n%s", rec.Code, rec.Body)
						}
						p := problemOf(t, rec)
						texts := []string{p.Title, p.Detail}
						for _, e := range p.Errors {
							texts = append(texts, e.Message, e.Field)
						}
						for _, s := range texts {
							if goInternals.MatchString(s) {
								t.Errorf("Go internals reach the user: %q\n%s", s, rec.Body)
							}
						}
						if p.Code == "invalid_type" || p.Code == "unknown_field" || p.Code == "invalid_time" {
							if len(p.Errors) == 0 || p.Errors[0].Field == "" {
								t.Errorf("%s names no field\n%s", p.Code, rec.Body)
							}
						}
					})
				}
			}
		}
	})
}

// TestSpecHead calls every GET route with HEAD: the same status and
// headers as GET, and no body.
func TestSpecHead(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		n := 0
		for _, o := range specOps(w) {
			if o.method != http.MethodGet {
				continue
			}
			n++
			t.Run(o.String(), func(t *testing.T) {
				path := w.fill(t, "A", o.path)
				get := w.Do(t, "GET", path, w.reader(o.path), nil, nil)
				head := w.Do(t, "HEAD", path, w.reader(o.path), nil, nil)
				if head.Code != get.Code || head.Body.Len() != 0 || head.Header().Get("Content-Type") != get.Header().Get("Content-Type") {
					t.Errorf("HEAD %d %q (%d bytes), GET %d %q", head.Code, head.Header().Get("Content-Type"), head.Body.Len(), get.Code, get.Header().Get("Content-Type"))
				}
			})
		}
		if n < 20 {
			t.Fatalf("only %d GET routes", n)
		}
		if rec := w.Do(t, "HEAD", "/v1/nope", "", nil, nil); rec.Code != http.StatusNotFound || rec.Body.Len() != 0 {
			t.Errorf("HEAD of an unknown route: %d %q", rec.Code, rec.Body)
		}
	})
}

// badValues returns values a query parameter's schema refuses.
func badValues(s *openapi3.Schema) []string {
	var out []string
	switch {
	case len(s.Enum) > 0:
		out = append(out, "bogus")
	case s.Type.Is("integer"):
		out = append(out, "x", "1.5")
		if s.Min != nil {
			out = append(out, strconv.Itoa(int(*s.Min)-1))
		}
		if s.Max != nil {
			out = append(out, strconv.Itoa(int(*s.Max)+1))
		}
	case s.Type.Is("boolean"):
		out = append(out, "maybe")
	case s.Format == "uuid":
		out = append(out, "nope")
	}
	return out
}

// goodValues returns values a query parameter's schema accepts.
func goodValues(s *openapi3.Schema) []string {
	var out []string
	for _, e := range s.Enum {
		out = append(out, fmt.Sprint(e))
	}
	if s.Type.Is("integer") {
		if s.Min != nil {
			out = append(out, strconv.Itoa(int(*s.Min)))
		}
		if s.Max != nil {
			out = append(out, strconv.Itoa(int(*s.Max)))
		}
	}
	if s.Type.Is("boolean") {
		out = append(out, "true", "false")
	}
	return out
}

// TestSpecQueryParameters checks every query parameter of every route
// against its schema in openapi.yaml: each value the schema refuses
// (outside the enum, below min, above max, not an integer, a boolean or a
// UUID) is 400 invalid_parameter naming the parameter, and each value it
// lists (enum values, min, max) is accepted.
func TestSpecQueryParameters(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		for _, o := range specOps(w) {
			for _, p := range o.params {
				if p.In != "query" || p.Name == "cursor" || p.Schema == nil || p.Schema.Value == nil {
					continue
				}
				s := p.Schema.Value
				if s.Type.Is("array") && s.Items != nil {
					s = s.Items.Value
				}
				for _, v := range badValues(s) {
					t.Run(o.String()+"/"+p.Name+"="+v, func(t *testing.T) {
						rec := w.Do(t, o.method, withQuery(w.fill(t, "A", o.path), p.Name, v), w.reader(o.path), nil, nil)
						wantParamProblem(t, rec, "invalid_parameter", p.Name)
					})
				}
				if o.method != http.MethodGet {
					continue
				}
				for _, v := range goodValues(s) {
					t.Run(o.String()+"/"+p.Name+"="+v+"/accepted", func(t *testing.T) {
						rec := w.Do(t, o.method, withQuery(w.fill(t, "A", o.path), p.Name, v), w.reader(o.path), nil, nil)
						if rec.Code == http.StatusBadRequest {
							t.Errorf("a value openapi.yaml allows is refused\n%s", rec.Body)
						}
					})
				}
			}
		}
	})
}

// TestSpecForgedCursors sends cursors no list handed out to every route
// with a cursor parameter: each is 400 invalid_cursor. A real cursor of
// one list is refused by another, and accepted by its own.
func TestSpecForgedCursors(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		rec := w.Do(t, "GET", "/v1/users?limit=1", w.F.A.AdminToken, nil, nil)
		real := apitest.Decode[api.List[map[string]any]](t, rec).NextCursor
		if real == nil {
			t.Fatal("no next cursor")
		}
		if rec := w.Do(t, "GET", "/v1/users?limit=1&cursor="+*real, w.F.A.AdminToken, nil, nil); rec.Code != http.StatusOK {
			t.Fatalf("own cursor: %d %s", rec.Code, rec.Body)
		}
		edited := strings.Replace(*real, ".", ".A", 1)
		n := 0
		for _, o := range specOps(w) {
			has := false
			for _, p := range o.params {
				has = has || p.In == "query" && p.Name == "cursor"
			}
			if !has {
				continue
			}
			n++
			for _, c := range []string{"abc", "Zm9v", "MDFhMg", "c1.Zm9v.AAAA", edited, *real} {
				if c == *real && o.path == "/v1/users" {
					continue
				}
				t.Run(o.String()+"/"+c, func(t *testing.T) {
					rec := w.Do(t, o.method, withQuery(w.fill(t, "A", o.path), "cursor", c), w.reader(o.path), nil, nil)
					wantParamProblem(t, rec, "invalid_cursor", "cursor")
				})
			}
		}
		if n < 8 {
			t.Fatalf("only %d lists with a cursor", n)
		}
	})
}
