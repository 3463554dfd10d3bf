// Package qrsvg draws QR codes as small SVG documents, for the students'
// login badges (printed on login cards and shown in the teacher
// dashboard). The QR encoding is rsc.io/qr's (BSD licence); this package
// only turns its modules into one SVG path, with the quiet zone the QR
// standard asks for, so the code prints sharp at any size.
package qrsvg

import (
	"fmt"
	"strings"

	"rsc.io/qr"
)

// quiet is the width of the blank margin around the code, in modules.
const quiet = 4

// SVG returns an SVG document of text as a QR code with error correction
// level M (15% of the code may be smudged), sized to its container
// (viewBox only) and labelled by title for screen readers. It fails only
// for a text too long for any QR code (about 2,300 bytes).
func SVG(text, title string) (string, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", fmt.Errorf("qrsvg: %w", err)
	}
	n := c.Size + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" shape-rendering="crispEdges">`, n, n)
	b.WriteString(`<title>`)
	escape(&b, title)
	b.WriteString(`</title>`)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Black(x, y) {
				x++
				continue
			}
			run := 1 // one horizontal run of dark modules is one rectangle
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}

func escape(b *strings.Builder, s string) {
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&#34;")
		default:
			b.WriteRune(r)
		}
	}
}
