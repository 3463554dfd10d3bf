package gomoku

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func boardOf(t testing.TB, xs, os string) *Board {
	b := &Board{}
	for _, s := range splitFields(xs) {
		if err := b.Put(mustPoint(t, s), Black); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range splitFields(os) {
		if err := b.Put(mustPoint(t, s), White); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func pointsOf(t testing.TB, s string) []Point {
	var out []Point
	for _, f := range splitFields(s) {
		out = append(out, mustPoint(t, f))
	}
	return out
}

func TestWinIn1(t *testing.T) {
	b := boardOf(t, "d8 e8 f8 g8 i8 j8 k8", "c8")
	// h8 makes d8-k8, an overline: wins in freestyle, not for Black in renju or standard
	if got := WinIn1(b, Freestyle, Black); len(got) != 1 || got[0].String() != "h8" {
		t.Errorf("freestyle: %v", got)
	}
	if got := WinIn1(b, Renju, Black); len(got) != 0 {
		t.Errorf("renju: %v", got)
	}
	w := boardOf(t, "c8 l8", "d8 e8 f8 g8 i8 j8 k8")
	if got := WinIn1(w, Renju, White); len(got) != 1 {
		t.Errorf("renju white overline: %v", got)
	}
	if got := WinIn1(w, Standard, White); len(got) != 0 {
		t.Errorf("standard white overline: %v", got)
	}
}

func TestCheckVCF(t *testing.T) {
	// Black: e5 f5 g5 (d5 white) and h6 h7 h8 (h9 white): h5 is a double four.
	b := boardOf(t, "e5 f5 g5 h6 h7 h8", "d5 h9 a1 c1 a15 c15")
	for _, tc := range []struct {
		rules Ruleset
		line  string
		code  string
	}{
		{Freestyle, "h5 i5 h4", ""},
		{Freestyle, "h5 h4 i5", ""},
		{Freestyle, "h5 i5", "vcf_unfinished"},
		{Freestyle, "h5 j5 h4", "vcf_wrong_block"},
		{Freestyle, "j5 i5 h4", "vcf_not_four"},
		{Renju, "h5 i5 h4", "forbidden_double_four"},
		{Freestyle, "h5 i5 h4 a5", "vcf_unfinished"},
		{Freestyle, "h5 h5", "occupied"},
	} {
		err := CheckVCF(b, tc.rules, Black, pointsOf(t, tc.line))
		var e *Error
		switch {
		case tc.code == "" && err != nil:
			t.Errorf("%s %q: %v", tc.rules, tc.line, err)
		case tc.code != "" && (!errors.As(err, &e) || e.Code() != tc.code):
			t.Errorf("%s %q: got %v, want %s", tc.rules, tc.line, err, tc.code)
		}
	}
}

func TestFindVCF(t *testing.T) {
	b := boardOf(t, "e5 f5 g5 h6 h7 h8", "d5 h9 a1 c1 a15 c15")
	line, ok := FindVCF(b, Freestyle, Black, 10)
	if !ok || len(line) != 3 || line[0].String() != "h5" {
		t.Errorf("freestyle: %v %v", line, ok)
	}
	if line, ok := FindVCF(b, Renju, Black, 10); ok {
		t.Errorf("renju: found %v through a forbidden double four", line)
	}
	// A longer one: fours along row 3, then column e, ending in a four-four.
	b = boardOf(t, "c3 d3 f3 e5 e6 g5 h5", "b3 e8 f5 a15 c15 e15 g15")
	line, ok = FindVCF(b, Standard, Black, 10)
	if !ok {
		t.Fatal("no VCF found")
	}
	if len(line) < 5 {
		t.Errorf("expected a line of at least two fours, got %v", line)
	}
	if err := CheckVCF(b, Standard, Black, line); err != nil {
		t.Errorf("found line %v does not check: %v", line, err)
	}
}

// naiveVCF is a plain depth-limited search without a table.
func naiveVCF(b *Board, r Ruleset, a Colour, depth int) bool {
	ta, td := tableFor(r, a), tableFor(r, a.Opponent())
	if len(b.fivePoints(nil, ta, a)) > 0 {
		return true
	}
	if depth == 0 {
		return false
	}
	df := b.fivePoints(nil, td, a.Opponent())
	for i := range NumPoints {
		if b.cells[i] != Empty || !b.makesFour(r, ta, a, i) || (len(df) > 0 && (len(df) > 1 || df[0] != i)) {
			continue
		}
		b.set(i, a)
		ok := false
		if len(b.fivePoints(nil, td, a.Opponent())) == 0 {
			f := b.fivePoints(nil, ta, a)
			switch {
			case len(f) >= 2:
				ok = true
			case len(f) == 1 && r.hasForbidden(a.Opponent()) && b.IsForbidden(PointAt(f[0])):
				ok = true
			case len(f) == 1:
				b.set(f[0], a.Opponent())
				ok = naiveVCF(b, r, a, depth-1)
				b.clear(f[0])
			}
		}
		b.clear(i)
		if ok {
			return true
		}
	}
	return false
}

func TestFindVCFAgreesWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 150
	if testing.Short() {
		n = 30
	}
	found := 0
	for range n {
		b := randomBoard(rng, 14, 13, 10)
		for _, r := range []Ruleset{Renju, Standard} {
			for _, a := range []Colour{Black, White} {
				if len(WinIn1(b, r, a.Opponent())) > 0 || len(WinIn1(b, r, a)) > 0 {
					continue
				}
				line, ok := FindVCF(b, r, a, 3)
				if want := naiveVCF(b, r, a, 3); ok != want {
					t.Fatalf("%s %s on %s: FindVCF %v, naive %v", r, a, b, ok, want)
				}
				if ok {
					found++
					if err := CheckVCF(b, r, a, line); err != nil {
						t.Fatalf("%s %s on %s: line %v: %v", r, a, b, line, err)
					}
				}
			}
		}
	}
	t.Logf("%d VCFs found", found)
}
