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

// FuzzBind checks that no request body makes Bind panic, that every
// refusal is an *Error with a 4xx status, and that accepted bodies are
// valid JSON.
func FuzzBind(f *testing.F) {
	for _, s := range []string{`{"name":"a"}`, `{"name":`, `[]`, `null`, `{"name":1}`, `{"x":1}`, `{"name":"a"} 1`, "", `"\ud800"`, `{"students":[{"real_name":"x"}]}`} {
		f.Add(s)
	}
	e := echo.New()
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		c := e.NewContext(req, httptest.NewRecorder())
		var v struct {
			Name     string `json:"name"`
			Students []struct {
				RealName string `json:"real_name"`
			} `json:"students"`
		}
		err := Bind(c, &v)
		if err == nil {
			if !json.Valid([]byte(body)) {
				t.Fatalf("accepted invalid JSON %q", body)
			}
			return
		}
		var ae *Error
		if !errors.As(err, &ae) || ae.Status < 400 || ae.Status > 499 {
			t.Fatalf("Bind(%q) = %v", body, err)
		}
		if _, ok := messages[ae.Code]; !ok {
			t.Fatalf("code %q has no message", ae.Code)
		}
	})
}

// FuzzLang checks that any lang parameter and Accept-Language header give
// one of the two supported languages.
func FuzzLang(f *testing.F) {
	f.Add("", "en-US,en;q=0.9")
	f.Add("en", "")
	f.Add("fr", "zh-TW;q=0.1, en;q=0")
	f.Add("%zz", "*;q=abc")
	f.Fuzz(func(t *testing.T, lang, accept string) {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		q := req.URL.Query()
		q.Set("lang", lang)
		req.URL.RawQuery = q.Encode()
		req.Header.Set("Accept-Language", accept)
		if got := Lang(req); got != LangZH && got != LangEN {
			t.Fatalf("Lang(%q, %q) = %q", lang, accept, got)
		}
	})
}

// FuzzPageParams checks that limit and cursor parameters are either
// accepted within bounds or refused with a 400.
func FuzzPageParams(f *testing.F) {
	f.Add("10", "MDFhMg")
	f.Add("0", "")
	f.Add("-1", "***")
	f.Add("201", "=")
	f.Fuzz(func(t *testing.T, limit, cursor string) {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		q := req.URL.Query()
		q.Set("limit", limit)
		q.Set("cursor", cursor)
		req.URL.RawQuery = q.Encode()
		c := echo.New().NewContext(req, httptest.NewRecorder())
		p, err := PageParams(c)
		if err != nil {
			var ae *Error
			if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest {
				t.Fatalf("PageParams(%q, %q) = %v", limit, cursor, err)
			}
			return
		}
		if p.Limit < 0 || p.Limit > 200 {
			t.Fatalf("limit %d accepted", p.Limit)
		}
	})
}
