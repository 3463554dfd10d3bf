package gomoku

import (
	"os"
	"strings"
	"testing"
)

func mustPoint(t testing.TB, s string) Point {
	t.Helper()
	p, err := ParsePoint(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestOpeningsUnderSymmetry places each of the 26 openings in all 8
// orientations and expects the same name back.
func TestOpeningsUnderSymmetry(t *testing.T) {
	check := func(cells [13]openingCell, wx, wy int) {
		for _, c := range cells {
			for s := range symmetry(8) {
				w2 := s.point(Point{i: uint8((wy+7)*Size + wx + 7)})
				b3 := s.point(Point{i: uint8((c.dy+7)*Size + c.dx + 7)})
				got, err := IdentifyOpening(Tengen, w2, b3)
				if err != nil || got != c.o {
					t.Errorf("h8 %s %s: got %v, %v; want %s", w2, b3, got, err, c.o.Name)
				}
			}
		}
	}
	check(directOpenings, 0, 1)
	check(indirectOpenings, 1, 1)
}

func TestOpeningsCoverCentre(t *testing.T) {
	// Every placement of White 2 next to tengen and Black 3 in the 5x5
	// square is exactly one of the 26 openings.
	seen := map[string]bool{}
	for w := range NumPoints {
		for b := range NumPoints {
			o, err := IdentifyOpening(Tengen, PointAt(w), PointAt(b))
			if err != nil {
				continue
			}
			seen[o.Name] = true
		}
	}
	if len(seen) != 26 {
		t.Errorf("found %d distinct openings, want 26", len(seen))
	}
}

func TestOpeningExamples(t *testing.T) {
	for _, tc := range []struct{ moves, want string }{
		{"h8 h9 h10", "寒星"}, {"h8 h9 i9", "花月"}, {"h8 h9 j6", "游星"}, {"h8 i9 j10", "长星"},
		{"h8 i9 i7", "浦月"}, {"h8 i9 f6", "彗星"}, {"h8 i9 g7", "斜月"}, {"h8 g8 f9", "溪月"}, {"h8 g8 g6", "残月"},
		{"h8 g7 f7", "峡月"}, {"h8 g7 h6", "恒星"}, {"h8 h7 j9", "新月"}, {"h8 i8 g9", "丘月"},
	} {
		var p [3]Point
		for i, f := range splitFields(tc.moves) {
			p[i] = mustPoint(t, f)
		}
		o, err := IdentifyOpening(p[0], p[1], p[2])
		if err != nil || o.Name != tc.want {
			t.Errorf("%s: got %v %v, want %s", tc.moves, o, err, tc.want)
		}
	}
	for _, bad := range []string{"h9 h8 h10", "h8 h10 h11", "h8 h9 h11", "h8 h9 h9"} {
		f := splitFields(bad)
		_, err := IdentifyOpening(mustPoint(t, f[0]), mustPoint(t, f[1]), mustPoint(t, f[2]))
		if e, ok := err.(*Error); !ok || e.Code() != "bad_opening" || e.Move == 0 {
			t.Errorf("%s: got %v", bad, err)
		}
	}
}

func TestEquivalent(t *testing.T) {
	b := &Board{}
	b.Put(Tengen, Black)
	b.Put(mustPoint(t, "h9"), White)
	// mirror in the h column: g10 and i10 are the same shape, g10 and i11 not
	if !b.Equivalent(mustPoint(t, "g10"), mustPoint(t, "i10")) {
		t.Error("g10 and i10 should be equivalent")
	}
	if b.Equivalent(mustPoint(t, "g10"), mustPoint(t, "i11")) {
		t.Error("g10 and i11 should not be equivalent")
	}
}

func splitFields(s string) []string { return strings.Fields(s) }

// TestOpeningsTestdata reads the 26 openings as written in the RIF
// diagrams and checks each in all 8 orientations, through the record
// parser.
func TestOpeningsTestdata(t *testing.T) {
	data, err := os.ReadFile("testdata/openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 || strings.HasPrefix(line, "#") {
			continue
		}
		names[f[3]] = true
		moves, err := ParseRecord(strings.Join(f[:3], " "))
		if err != nil {
			t.Fatal(err)
		}
		for s := range symmetry(8) {
			var p [3]Point
			for i, m := range moves {
				p[i] = s.point(m.Point)
			}
			o, err := IdentifyOpening(p[0], p[1], p[2])
			if err != nil || o.Name != f[3] {
				t.Errorf("%s %s %s: got %v %v, want %s", p[0], p[1], p[2], o.Name, err, f[3])
			}
		}
	}
	if len(names) != 26 {
		t.Errorf("%d names in testdata, want 26", len(names))
	}
}
