package diagram

import (
	"bytes"
	"math"
	"strconv"
	"strings"
)

// fontSans is the font list of labels and numbers.
const fontSans = "DejaVu Sans, Noto Sans, Helvetica, Arial, sans-serif"

// canvas writes an SVG document. Numbers are printed with at most two
// decimals so that the output is the same on every machine.
type canvas struct {
	b bytes.Buffer
}

func newCanvas(w, h float64, title string) *canvas {
	c := &canvas{}
	c.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	c.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="`, num(w), `" height="`, num(h),
		`" viewBox="0 0 `, num(w), " ", num(h), `" role="img" aria-labelledby="title">`, "\n")
	c.printf(`<title id="title">`, esc(title), "</title>\n")
	return c
}

// printf writes its arguments in order (strings only, no formatting).
func (c *canvas) printf(parts ...string) {
	for _, p := range parts {
		c.b.WriteString(p)
	}
}

func (c *canvas) done() []byte {
	c.b.WriteString("</svg>\n")
	return c.b.Bytes()
}

// attrs renders name/value pairs as attributes.
func attrs(kv ...string) string {
	var sb strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			continue
		}
		sb.WriteString(" ")
		sb.WriteString(kv[i])
		sb.WriteString(`="`)
		sb.WriteString(esc(kv[i+1]))
		sb.WriteString(`"`)
	}
	return sb.String()
}

func (c *canvas) rect(x, y, w, h float64, kv ...string) {
	c.printf("<rect", attrs("x", num(x), "y", num(y), "width", num(w), "height", num(h)), attrs(kv...), "/>\n")
}

func (c *canvas) circle(x, y, r float64, kv ...string) {
	c.printf("<circle", attrs("cx", num(x), "cy", num(y), "r", num(r)), attrs(kv...), "/>\n")
}

func (c *canvas) line(x1, y1, x2, y2 float64, kv ...string) {
	c.printf("<line", attrs("x1", num(x1), "y1", num(y1), "x2", num(x2), "y2", num(y2)), attrs(kv...), "/>\n")
}

func (c *canvas) path(d string, kv ...string) {
	c.printf("<path", attrs("d", d), attrs(kv...), "/>\n")
}

func (c *canvas) polygon(pts []float64, kv ...string) {
	c.printf("<polygon", attrs("points", pointList(pts)), attrs(kv...), "/>\n")
}

// text writes s centred on (x, y) (its middle, not its baseline).
func (c *canvas) text(x, y, size float64, s string, kv ...string) {
	c.printf("<text", attrs("x", num(x), "y", num(y), "font-size", num(size), "text-anchor", "middle",
		"dominant-baseline", "central", "font-family", fontSans), attrs(kv...), ">", esc(s), "</text>\n")
}

func (c *canvas) open(kv ...string) { c.printf("<g", attrs(kv...), ">\n") }
func (c *canvas) close()            { c.b.WriteString("</g>\n") }

// arrow draws a straight arrow from (x1, y1) to (x2, y2) whose head ends
// at the target; width is the shaft's width.
func (c *canvas) arrow(x1, y1, x2, y2, width float64, colour string) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	head := width * 3
	if head > l*0.6 {
		head = l * 0.6
	}
	bx, by := x2-ux*head, y2-uy*head
	c.line(x1, y1, bx, by, "stroke", colour, "stroke-width", num(width), "stroke-linecap", "round", "stroke-opacity", "0.85")
	hw := width * 1.6
	c.polygon([]float64{x2, y2, bx - uy*hw, by + ux*hw, bx + uy*hw, by - ux*hw}, "fill", colour, "fill-opacity", "0.85")
}

// polylineArrow draws a path through pts (x, y pairs) with an arrow head
// at its end.
func (c *canvas) polylineArrow(pts []float64, width float64, colour string) {
	n := len(pts)
	if n < 4 {
		return
	}
	if n > 4 {
		var sb strings.Builder
		for i := 0; i+3 < n-2; i += 2 {
			if i == 0 {
				sb.WriteString("M" + num(pts[0]) + " " + num(pts[1]))
			}
			sb.WriteString(" L" + num(pts[i+2]) + " " + num(pts[i+3]))
		}
		c.path(sb.String(), "fill", "none", "stroke", colour, "stroke-width", num(width),
			"stroke-linecap", "round", "stroke-linejoin", "round", "stroke-opacity", "0.85")
	}
	c.arrow(pts[n-4], pts[n-3], pts[n-2], pts[n-1], width, colour)
}

func pointList(pts []float64) string {
	var sb strings.Builder
	for i := 0; i+1 < len(pts); i += 2 {
		if i > 0 {
			sb.WriteString(" ")
		}
		sb.WriteString(num(pts[i]) + "," + num(pts[i+1]))
	}
	return sb.String()
}

// num prints v rounded to two decimals, without trailing zeros.
func num(v float64) string {
	r := math.Round(v*100) / 100
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

// esc escapes s for XML text and attribute values; it also drops
// characters XML 1.0 does not allow.
func esc(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == 0x9 || r == 0xA || r == 0xD || (r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF) {
			return r
		}
		return -1
	}, s)
	return escaper.Replace(s)
}
