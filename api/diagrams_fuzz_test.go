package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// FuzzDiagramQuery sends arbitrary paths and queries to the diagram route:
// no panic, and every answer is a diagram, a 304 or a 4xx problem.
func FuzzDiagramQuery(f *testing.F) {
	for _, s := range [][2]string{
		{"chess.svg", ""},
		{"chess.svg", "position=rnbqkbnr%2Fpppppppp%2F8%2F8%2F4P3%2F8%2FPPPP1PPP%2FRNBQKBNR+b+KQkq+-+0+1&last=e2e4&arrows=d7d5&highlight=d5,e4&flip=1"},
		{"draughts.svg", "position=W:W31-50:B1-20&arrows=32-28&last=19x30x39"},
		{"gomoku.svg", "position=h8+h9+i9&numbers&highlight=o15&arrows=a1-o15"},
		{"numchess.svg", "position=start&coords=true&last=0a1-e5%5B9-5-4%5D&lang=en"},
		{"go.svg", "flip=maybe"},
		{"chess", "position=%ff%fe"},
		{"numchess.svg", "highlight=a1&highlight=b2&position=a&position=b"},
	} {
		f.Add(s[0], s[1])
	}
	e := echo.New()
	e.HTTPErrorHandler = errorHandler(slog.New(slog.NewJSONHandler(io.Discard, nil)), 15, nil)
	newDiagramHandlers().register(e.Group("/v1"))
	f.Fuzz(func(t *testing.T, file, query string) {
		req, err := http.NewRequest(http.MethodGet, "/v1/diagrams/x", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.URL.Path = "/v1/diagrams/" + file
		req.URL.RawPath = ""
		req.URL.RawQuery = query
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		switch {
		case rec.Code == http.StatusOK:
			if rec.Header().Get(echo.HeaderContentType) != DiagramContentType {
				t.Fatalf("200 with %q", rec.Header().Get(echo.HeaderContentType))
			}
		case rec.Code == http.StatusNotModified:
		case rec.Code >= 400 && rec.Code < 500:
			if rec.Header().Get(echo.HeaderContentType) != ProblemContentType {
				t.Fatalf("%d with %q", rec.Code, rec.Header().Get(echo.HeaderContentType))
			}
		default:
			t.Fatalf("%s?%s: status %d\n%s", file, query, rec.Code, rec.Body.String())
		}
	})
}
