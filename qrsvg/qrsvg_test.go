package qrsvg

import (
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rsc.io/qr"
)

var move = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`)

// TestSVGModules reads the drawn rectangles back into modules and compares
// them with the encoder's, quiet zone included.
func TestSVGModules(t *testing.T) {
	const text = "https://school.example/login#badge=Qx3vL0nG-s3cret_Of43Chars0123456789abcdefgh"
	svg, err := SVG(text, `Badge of <Li & "Mei">`)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v\n%s", err, svg)
	}
	if !strings.Contains(svg, "<title>Badge of &lt;Li &amp; &#34;Mei&#34;&gt;</title>") {
		t.Errorf("title not escaped: %s", svg[:200])
	}
	c, _ := qr.Encode(text, qr.M)
	n := c.Size + 2*quiet
	if !strings.Contains(svg, `viewBox="0 0 `+strconv.Itoa(n)+" "+strconv.Itoa(n)+`"`) {
		t.Errorf("viewBox is not %d modules wide", n)
	}
	drawn := map[[2]int]bool{}
	for _, m := range move.FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[2])
		w, _ := strconv.Atoi(m[3])
		if m[3] != m[4] {
			t.Fatalf("run %q does not close", m[0])
		}
		for i := 0; i < w; i++ {
			drawn[[2]int{x + i - quiet, y - quiet}] = true
		}
	}
	for y := -quiet; y < c.Size+quiet; y++ {
		for x := -quiet; x < c.Size+quiet; x++ {
			in := x >= 0 && y >= 0 && x < c.Size && y < c.Size
			if want := in && c.Black(x, y); drawn[[2]int{x, y}] != want {
				t.Fatalf("module (%d,%d) drawn=%v, want %v", x, y, !want, want)
			}
		}
	}
}

func TestSVGTooLong(t *testing.T) {
	if _, err := SVG(strings.Repeat("x", 5000), ""); err == nil {
		t.Error("5000 bytes encoded")
	}
}
