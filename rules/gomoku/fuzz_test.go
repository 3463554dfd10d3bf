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
