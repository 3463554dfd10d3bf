package numchess

import (
	"strings"
	"testing"
)

func TestStartPosition(t *testing.T) {
	if got := Start().String(); got != StartFEN {
		t.Fatalf("Start() = %s\nwant      %s", got, StartFEN)
	}
	p, err := ParsePosition("start")
	if err != nil || p != Start() {
		t.Fatalf("ParsePosition(start) = %v, %v", p, err)
	}
	p, err = ParsePosition(StartFEN)
	if err != nil || p != Start() {
		t.Fatalf("ParsePosition(StartFEN) = %v, %v", p, err)
	}
}

func TestParsePositionRoundTrip(t *testing.T) {
	for _, in := range []string{
		"r:7c3,0a1;b: b 12",
		"r:;b:9e9 r 1",
		"r:;b: r 1",
		"r:0a17,1a14;b:0a1 b 40",
	} {
		p, err := ParsePosition(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Errorf("%s: round trip gives %s, %v", in, q, err)
		}
	}
	p, _ := ParsePosition("r:7c3,0a1;b: b 12")
	if got := p.String(); got != "r:0a1,7c3;b: b 12" {
		t.Errorf("canonical form %q", got)
	}
}

func TestParsePositionErrors(t *testing.T) {
	cases := []struct{ in, code, says string }{
		{"r:7c3,7c4;b: r 1", "duplicate_piece", "two Red 7s"},
		{"r:;b:3a1,3a2 r 1", "duplicate_piece", "two Blue 3s"},
		{"r:7z3;b: r 1", "off_board", "z3 is off the board"},
		{"r:7e4;b: r 1", "off_board", "Red 7"},
		{"r:7c3;b:1c3 r 1", "point_occupied", "two pieces on c3"},
		{"r:7c3;b: x 1", "bad_side", "r or b"},
		{"r:7c3;b: r 0", "bad_move_number", "from 1"},
		{"r:7c3;b: r", "syntax", "three parts"},
		{"b:7c3;r: r 1", "syntax", "r:...;b:"},
		{"r:c3;b: r 1", "syntax", "not a piece"},
		{"r:7cx;b: r 1", "bad_point", "not a point"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.in)
		pe, ok := err.(*ParseError)
		if !ok || pe.Code() != c.code || !strings.Contains(pe.Error(), c.says) {
			t.Errorf("ParsePosition(%q) = %v, want %s saying %q", c.in, err, c.code, c.says)
			continue
		}
		if pe.Message("zh-CN") == "" || pe.Message("zh-CN") == pe.Message("en") {
			t.Errorf("%q: no Chinese message", c.in)
		}
	}
}

func TestDiagram(t *testing.T) {
	d := Start().Diagram()
	lines := strings.Split(strings.TrimRight(d, "\n"), "\n")
	if len(lines) != 17 || !strings.Contains(lines[0], "B0") || !strings.Contains(lines[16], "R0") {
		t.Fatalf("diagram:\n%s", d)
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add(StartFEN)
	f.Add("r:7c3,0a1;b: b 12")
	f.Add("r:;b:9e9 r 1")
	f.Add("start")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("round trip of %q: %q, %v", s, p.String(), err)
		}
	})
}
