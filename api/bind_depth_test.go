package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestBindJSONDepth: a body nested up to MaxJSONDepth is read; one level
// more is 422 json_too_deep naming the limit and the byte where it was
// passed, in arrays and in objects alike; brackets inside strings (with
// escaped quotes) do not count; and the problem carries limit json_depth.
func TestBindJSONDepth(t *testing.T) {
	e := echo.New()
	bind := func(body string) error {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		var v struct {
			X any `json:"x"`
		}
		return Bind(e.NewContext(req, httptest.NewRecorder()), &v)
	}
	arrays := func(n int) string { return `{"x":` + strings.Repeat("[", n-1) + strings.Repeat("]", n-1) + `}` }
	objects := func(n int) string { return strings.Repeat(`{"x":`, n) + `1` + strings.Repeat(`}`, n) }
	for name, body := range map[string]string{
		"arrays at the limit":  arrays(MaxJSONDepth),
		"objects at the limit": objects(MaxJSONDepth),
		"brackets in a string": `{"x":"` + strings.Repeat(`[{\"`, 1000) + `"}`,
	} {
		if err := bind(body); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, tc := range map[string]struct {
		body string
		at   int
	}{
		"arrays one deeper":  {arrays(MaxJSONDepth + 1), 5 + MaxJSONDepth - 1},
		"objects one deeper": {objects(MaxJSONDepth + 1), 5 * MaxJSONDepth},
		"a million deep":     {`{"x":` + strings.Repeat("[", 1<<20-10), 5 + MaxJSONDepth - 1},
	} {
		err := bind(tc.body)
		var ae *Error
		if !errors.As(err, &ae) || ae.Status != http.StatusUnprocessableEntity || ae.Code != "json_too_deep" {
			t.Errorf("%s: %v, want 422 json_too_deep", name, err)
			continue
		}
		if len(ae.Args) != 2 || ae.Args[0] != MaxJSONDepth || ae.Args[1] != tc.at {
			t.Errorf("%s: args %v, want [%d %d]", name, ae.Args, MaxJSONDepth, tc.at)
		}
		rec := httptest.NewRecorder()
		c := e.NewContext(httptest.NewRequest(http.MethodPost, "/v1/x", nil), rec)
		p := problemFor(err, "en", c, 15)
		if p.Limit == nil || p.Limit.Name != LimitJSONDepth || p.Limit.Max != MaxJSONDepth || !strings.Contains(p.Detail, "32") {
			b, _ := json.Marshal(p)
			t.Errorf("%s: problem %s, want limit json_depth 32", name, b)
		}
	}
}
