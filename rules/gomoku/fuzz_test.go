package gomoku

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParseRecord: any text either fails with an *Error or parses into
// moves that print back to a record that parses to the same moves; a
// parsed record replays under every ruleset without panicking.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"h8 h9 h10", "H8 I9 j10 swap k11 l12,m13:l12 pass", "", "pass pass", "a1 o15 p1 a0 h08", "h8,h9:h8", "h8 h9 i9 swap"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseRecord(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T %v is not *Error", err, err)
			}
			return
		}
		parts := make([]string, len(moves))
		for i, m := range moves {
			parts[i] = m.String()
		}
		again, err := ParseRecord(strings.Join(parts, " "))
		if err != nil || len(again) != len(moves) {
			t.Fatalf("%q printed as %q does not parse back: %v", s, parts, err)
		}
		for i := range moves {
			if !reflect.DeepEqual(again[i], moves[i]) {
				t.Fatalf("move %d: %v became %v", i+1, moves[i], again[i])
			}
		}
		for _, r := range []Ruleset{Freestyle, Standard, Renju} {
			g, err := NewGameFromRecord(r, moves)
			if err != nil {
				if e, ok := err.(*Error); !ok || e.Code() == "" || e.Message("zh-CN") == "" {
					t.Fatalf("refusal %v is not a usable *Error", err)
				}
				continue
			}
			if g.Board().Stones() > len(moves) {
				t.Fatalf("more stones than moves")
			}
		}
	})
}

// FuzzParseBoard: a diagram either fails with an *Error or round-trips,
// and the fast forbidden check agrees with the reference on it.
func FuzzParseBoard(f *testing.F) {
	empty := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", 15)+"/", 15), "/")
	f.Add(empty)
	f.Add(strings.Replace(empty, "..............", "......xx.x....", 1))
	f.Add("xx/oo")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T is not *Error", err)
			}
			return
		}
		b2, err := ParseBoard(b.String())
		if err != nil || *b2 != *b {
			t.Fatalf("diagram does not round-trip: %v", err)
		}
		ref := refFromBoard(b)
		for i := range NumPoints {
			if b.cells[i] == Empty && b.IsForbidden(PointAt(i)) != ref.refForbidden(i) {
				t.Fatalf("%s: fast and reference disagree on %s", b, PointAt(i))
			}
		}
	})
}

// FuzzParsePoint: coordinates round-trip in lower case.
func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"h8", "H8", "a1", "o15", "p1", "a16", "h08", " h8 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePoint(s)
		if err != nil {
			return
		}
		if q, err := ParsePoint(p.String()); err != nil || q != p {
			t.Fatalf("%q -> %s does not round-trip", s, p)
		}
		if !strings.EqualFold(strings.TrimSpace(s), p.String()) {
			t.Fatalf("%q parsed as %s", s, p)
		}
	})
}

// FuzzParseSetup: any text either fails with an *Error or reads as a board
// and a colour that print back to the same; a position CheckSetup lets
// stand starts a game under every ruleset it stands in, and a refused one
// is refused with a code and both languages.
func FuzzParseSetup(f *testing.F) {
	empty := strings.Repeat(strings.Repeat(".", 15)+"/", 14) + strings.Repeat(".", 15)
	for _, s := range []string{empty + " black", empty + " white", empty + " b", "x/o black", empty, strings.Replace(empty, ".", "x", 1) + " w", "", "   ", strings.Repeat("x", 400)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, c, err := ParseSetup(s)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Code() == "" || e.Message("en") == "" || e.Message("zh-CN") == "" {
				t.Fatalf("ParseSetup(%q) error %T %v", s, err, err)
			}
			return
		}
		b2, c2, err := ParseSetup(SetupString(b, c))
		if err != nil || *b2 != *b || c2 != c {
			t.Fatalf("%q printed as %q does not read back: %v", s, SetupString(b, c), err)
		}
		for _, r := range []Ruleset{Freestyle, Standard, Renju} {
			g, err := NewGameFromBoard(r, b, c)
			if err != nil {
				if e, ok := err.(*Error); !ok || e.Code() == "" || e.Message("zh-CN") == "" {
					t.Fatalf("NewGameFromBoard refused with %T %v", err, err)
				}
				continue
			}
			if g.ToMove() != c || !g.FromBoard() {
				t.Fatalf("game from %q: to move %v, from board %v", s, g.ToMove(), g.FromBoard())
			}
			if res, _ := g.Result(); res == Ongoing && len(g.LegalPoints()) > 0 {
				if _, err := g.Play(Move{Kind: Place, Point: g.LegalPoints()[0]}); err != nil {
					t.Fatalf("the first legal point does not play: %v", err)
				}
			}
		}
	})
}
