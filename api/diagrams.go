package api

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"qixue/lessons/diagram"
)

// DiagramContentType is the media type of a diagram.
const DiagramContentType = "image/svg+xml"

// diagramCacheControl lets browsers and proxies keep a diagram for a week:
// it is a pure function of the path and the query (and the language of
// its title, hence Vary).
const diagramCacheControl = "public, max-age=604800"

// diagramGameParam is how Echo names the path parameter of
// /diagrams/:game.svg: a parameter runs to the next '/', so its name and
// its value both keep the ".svg".
const diagramGameParam = "game.svg"

// Longest raw query values of a diagram request; longer ones are a 400
// before any parsing.
var diagramParamLimits = []struct {
	name  string
	limit int
}{
	{"position", diagram.MaxPositionLen},
	{"highlight", 4096},
	{"arrows", 4096},
	{"last", diagram.MaxMarkLen},
}

// diagramHandlers serve board diagrams. Diagrams reveal nothing: they are
// public, so that an <img src> in a lesson works without a token.
type diagramHandlers struct{}

func newDiagramHandlers() *diagramHandlers { return &diagramHandlers{} }

func (h *diagramHandlers) register(v1 *echo.Group) {
	v1.GET("/diagrams/:"+diagramGameParam, h.render)
}

// render answers GET /v1/diagrams/{game}.svg.
func (h *diagramHandlers) render(c echo.Context) error {
	name, ok := strings.CutSuffix(c.Param(diagramGameParam), ".svg")
	if !ok {
		return &Error{Status: http.StatusNotFound, Code: "route_not_found", Args: []any{c.Request().URL.Path}}
	}
	game, err := diagram.ParseGame(name)
	if err != nil {
		return diagramProblem(err)
	}
	opts, err := diagramOptions(c.QueryParams(), langOf(c))
	if err != nil {
		return err
	}
	svg, err := diagram.Render(game, opts)
	if err != nil {
		return diagramProblem(err)
	}
	sum := sha256.Sum256(svg)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	hd := c.Response().Header()
	hd.Set("Cache-Control", diagramCacheControl)
	hd.Set("ETag", etag)
	hd.Add("Vary", "Accept-Language")
	// Lessons on other origins embed diagrams as images.
	hd.Set("Cross-Origin-Resource-Policy", "cross-origin")
	if etagMatches(c.Request().Header.Get("If-None-Match"), etag) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, DiagramContentType, svg)
}

// diagramOptions reads the query of a diagram request. Lists
// (highlight, arrows) are separated by commas or spaces and may also be
// repeated parameters. It returns a 400 *Error naming the parameter that
// is too long, repeated where it may not be, or not a boolean.
func diagramOptions(q url.Values, lang string) (diagram.Options, error) {
	o := diagram.Options{Lang: lang}
	for _, l := range diagramParamLimits {
		total := 0
		for _, v := range q[l.name] {
			total += len(v)
		}
		if total > l.limit {
			return o, invalidParameter(l.name)
		}
	}
	for _, name := range []string{"position", "last", "flip", "coords", "numbers"} {
		if len(q[name]) > 1 {
			return o, invalidParameter(name)
		}
	}
	o.Position = q.Get("position")
	o.LastMove = q.Get("last")
	for _, v := range q["highlight"] {
		o.Highlights = append(o.Highlights, diagram.SplitList(v)...)
	}
	for _, v := range q["arrows"] {
		o.Arrows = append(o.Arrows, diagram.SplitList(v)...)
	}
	for _, b := range []struct {
		name string
		to   *bool
	}{{"flip", &o.Flip}, {"coords", &o.Coords}, {"numbers", &o.Numbers}} {
		vs, ok := q[b.name]
		if !ok {
			continue
		}
		if vs[0] == "" { // ?flip alone means true
			*b.to = true
			continue
		}
		v, err := strconv.ParseBool(vs[0])
		if err != nil {
			return o, invalidParameter(b.name)
		}
		*b.to = v
	}
	return o, nil
}

func invalidParameter(name string) error { return queryError(name) }

// diagramProblem turns a refusal of the diagram package into a 422 that
// names the parameter in errors and explains it in detail.
func diagramProblem(err error) error {
	var de *diagram.Error
	if errors.As(err, &de) {
		return fieldProblem{field: de.Param, err: de}
	}
	return err
}

// etagMatches reports whether an If-None-Match header lists etag (or *).
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}
