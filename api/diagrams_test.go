package api_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/lessons/diagram"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

var svgDecoder sync.Once

// isSVG checks a diagram response: status, headers and a body that parses
// as XML with an <svg> root.
func isSVG(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != api.DiagramContentType {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.HasPrefix(cc, "public, max-age=") {
		t.Errorf("Cache-Control %q", cc)
	}
	if rec.Header().Get("ETag") == "" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Language") {
		t.Errorf("ETag %q, Vary %q", rec.Header().Get("ETag"), rec.Header().Get("Vary"))
	}
	d := xml.NewDecoder(bytes.NewReader(rec.Body.Bytes()))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("root element %q", root)
	}
}

func TestDiagrams(t *testing.T) {
	svgDecoder.Do(func() { openapi3filter.RegisterBodyDecoder(api.DiagramContentType, openapi3filter.FileBodyDecoder) })
	h := apitest.New(t, modelstest.SQLite(t))
	f := h.Fixture(t)
	q := func(path string, kv ...string) string {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Add(kv[i], kv[i+1])
		}
		if len(v) == 0 {
			return path
		}
		return path + "?" + v.Encode()
	}
	chess := "/v1/diagrams/chess.svg"
	h.Run(t, []apitest.Case{
		{Name: "chess start without a token", Method: "GET", Path: chess, Status: 200, Check: isSVG,
			Contains: []string{"国际象棋棋图"}},
		{Name: "chess with marks for a student", Method: "GET", Token: f.A.StudentToken, Status: 200, Check: isSVG,
			Path:     q(chess, "position", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "last", "e2e4", "highlight", "d5,e4", "arrows", "d7d5", "flip", "true", "lang", "en"),
			Contains: []string{"Chess diagram, Black to move"}},
		{Name: "English title from Accept-Language", Method: "GET", Path: chess, Header: map[string]string{"Accept-Language": "en-GB"}, Status: 200,
			Contains: []string{"Chess diagram"}},
		{Name: "draughts", Method: "GET", Path: q("/v1/diagrams/draughts.svg", "position", "W:WK4,28:B12,K46", "last", "32-28"), Status: 200, Check: isSVG},
		{Name: "gomoku record with numbers", Method: "GET", Path: q("/v1/diagrams/gomoku.svg", "position", "h8 h9 i9", "numbers", ""), Status: 200, Check: isSVG,
			Contains: []string{">3</text>"}},
		{Name: "number chess with coordinates, flipped", Method: "GET", Path: q("/v1/diagrams/numchess.svg", "position", "start", "coords", "1", "flip", "1", "last", "0a1-e5[9-5-4]"), Status: 200, Check: isSVG},
		{Name: "unknown game", Method: "GET", Path: "/v1/diagrams/go.svg", Status: 422, Code: "unknown_game", Contains: []string{`"field":"game"`}},
		{Name: "unreadable FEN", Method: "GET", Path: q(chess, "position", "not a fen"), Header: map[string]string{"Accept-Language": "en"}, Status: 422,
			Contains: []string{`"field":"position"`, "position: "}},
		{Name: "square off the board", Method: "GET", Path: q(chess, "highlight", "e4,i9"), Status: 422, Code: "invalid_square", Contains: []string{`"field":"highlight"`}},
		{Name: "arrow without an end", Method: "GET", Path: q("/v1/diagrams/numchess.svg", "arrows", "a1"), Status: 422, Code: "invalid_arrow", Contains: []string{`"field":"arrows"`}},
		{Name: "unreadable last move", Method: "GET", Path: q("/v1/diagrams/draughts.svg", "last", "32"), Status: 422, Code: "invalid_last_move", Contains: []string{`"field":"last"`}},
		{Name: "gomoku point played twice", Method: "GET", Path: q("/v1/diagrams/gomoku.svg", "position", "h8 h9 h8"), Status: 422, Contains: []string{`"field":"position"`}},
		{Name: "flip is a boolean", Method: "GET", Path: q(chess, "flip", "maybe"), Status: 400, Code: "invalid_parameter", Contains: []string{`flip`}},
		{Name: "position too long", Method: "GET", Path: q(chess, "position", strings.Repeat("8/", 700)), Status: 400, Code: "invalid_parameter", Contains: []string{"position"}},
		{Name: "too many highlights", Method: "GET", Path: q(chess, "highlight", strings.Repeat("e4,", 122)), Status: 422, Code: "too_many"},
		{Name: "no suffix", Method: "GET", Path: "/v1/diagrams/chess", Status: 404},
	})

	// The ETag is stable and answers If-None-Match with 304.
	first := h.Do(t, "GET", chess, "", nil, nil)
	again := h.Do(t, "GET", chess, "", nil, nil)
	etag := first.Header().Get("ETag")
	if etag == "" || etag != again.Header().Get("ETag") || first.Body.String() != again.Body.String() {
		t.Fatalf("ETag %q then %q", etag, again.Header().Get("ETag"))
	}
	if rec := h.Do(t, "GET", chess, "", nil, map[string]string{"If-None-Match": etag}); rec.Code != 304 || rec.Body.Len() != 0 {
		t.Errorf("If-None-Match: %d %q", rec.Code, rec.Body.String())
	}
	if rec := h.Do(t, "GET", chess+"?flip=1", "", nil, map[string]string{"If-None-Match": etag}); rec.Code != 200 {
		t.Errorf("another diagram with the same If-None-Match: %d", rec.Code)
	}
	// Links made by diagram.Path draw exactly what Render draws.
	for _, l := range []struct {
		game game.Name
		opts diagram.Options
	}{
		{game.Chess, diagram.Options{Position: "4k3/8/8/8/4R3/8/8/4K3 b - - 0 1", Highlights: []string{"e8", "e4"}, Arrows: []string{"e4e7"}, LastMove: "e1e4", Flip: true}},
		{game.Draughts, diagram.Options{Position: "B:WK4,28:B12,K46", LastMove: "23x34x45"}},
		{game.Gomoku, diagram.Options{Position: "h8 h9 i9 g7", Numbers: true, Arrows: []string{"h8-l12"}}},
		{game.NumChess, diagram.Options{Position: "start", Coords: true, LastMove: "0a1-e5[9-5-4]", Highlights: []string{"e5", "a2"}}},
	} {
		rec := h.Do(t, "GET", diagram.Path(l.game, l.opts), "", nil, nil)
		want, err := diagram.Render(l.game, l.opts)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Code != 200 || rec.Body.String() != string(want) {
			t.Errorf("%s: %d, body differs from Render: %v", diagram.Path(l.game, l.opts), rec.Code, rec.Body.String() != string(want))
		}
	}
	// A bad token does not matter on a public route.
	if rec := h.Do(t, "GET", chess, "not-a-token", nil, nil); rec.Code != 200 {
		t.Errorf("with a bad token: %d", rec.Code)
	}
}
