package diagram

import (
	"net/url"
	"strings"

	"qixue/rules/game"
)

// Path returns the API path that draws the diagram, for links in lesson
// content: "/v1/diagrams/chess.svg?arrows=e2e4&position=...". Parameters
// come in a fixed order and empty ones are left out, so equal options
// give equal links (and share a cache entry). Lang is not part of the
// link: the reader's language picks the title.
func Path(game game.Name, o Options) string {
	q := url.Values{}
	set := func(name, v string) {
		if v != "" {
			q.Set(name, v)
		}
	}
	set("position", o.Position)
	set("highlight", strings.Join(o.Highlights, ","))
	set("arrows", strings.Join(o.Arrows, ","))
	set("last", o.LastMove)
	for _, b := range []struct {
		name string
		on   bool
	}{{"flip", o.Flip}, {"coords", o.Coords}, {"numbers", o.Numbers}} {
		if b.on {
			q.Set(b.name, "1")
		}
	}
	p := "/v1/diagrams/" + url.PathEscape(string(game)) + ".svg"
	if len(q) == 0 {
		return p
	}
	return p + "?" + q.Encode()
}
