package numchess

import "testing"

func TestRowsAndCamps(t *testing.T) {
	if len(AllPoints()) != 121 {
		t.Fatalf("points = %d", len(AllPoints()))
	}
	// The camp points as the spec lists them.
	red := map[string]int{"a1": 0, "a2": 9, "b2": 8, "a3": 5, "b3": 6, "c3": 7, "a4": 4, "b4": 2, "c4": 3, "d4": 1}
	blue := map[string]int{"a14": 1, "b14": 3, "c14": 2, "d14": 4, "a15": 7, "b15": 6, "c15": 5, "a16": 8, "b16": 9, "a17": 0}
	count := 0
	for _, q := range AllPoints() {
		owner, n, ok := q.CampOf()
		if !ok {
			continue
		}
		count++
		want := red
		if owner == Blue {
			want = blue
		}
		if w, found := want[q.String()]; !found || w != n {
			t.Errorf("%s: camp %v %d, want %v", q, owner, n, w)
		}
	}
	if count != 20 {
		t.Errorf("camp points = %d, want 20", count)
	}
	for s := Red; s <= Blue; s++ {
		for n := 0; n < 10; n++ {
			q := CampPoint(s, n)
			if o, m, ok := q.CampOf(); !ok || o != s || m != n {
				t.Errorf("CampPoint(%v,%d) = %s", s, n, q)
			}
		}
	}
}

func TestCoordinatesAndNeighbours(t *testing.T) {
	for _, q := range AllPoints() {
		r, x := q.Row(), q.X()
		// doubled coordinates as the spec gives them
		inUp := r <= 13 && x >= -(r-1) && x <= r-1 && (x+r-1)%2 == 0
		inDown := r >= 5 && x >= -(17-r) && x <= 17-r && (x+17-r)%2 == 0
		if !inUp && !inDown {
			t.Errorf("%s at (%d,%d) is outside both triangles", q, r, x)
		}
		p, err := ParsePoint(q.String())
		if err != nil || p != q {
			t.Errorf("ParsePoint(%s) = %v, %v", q, p, err)
		}
		for d := Left; d <= BackRight; d++ {
			nb := Neighbour(q, Red, d)
			if !nb.Valid() {
				continue
			}
			back := Neighbour(nb, Red, [6]Direction{Right, Left, BackRight, BackLeft, ForwardRight, ForwardLeft}[d])
			if back != q {
				t.Errorf("%s %v -> %s does not come back", q, d, nb)
			}
			// Blue sees every direction turned half way round.
			if Neighbour(nb, Blue, d) != q {
				t.Errorf("Blue %v from %s is not the reverse of Red's", d, nb)
			}
		}
	}
	// The classic diagonal 0, 9, 5, 4 on Red's left, then e5.
	q := CampPoint(Red, 0)
	var got []string
	for i := 0; i < 4; i++ {
		q = Neighbour(q, Red, ForwardLeft)
		got = append(got, q.String())
	}
	if want := "[a2 a3 a4 e5]"; fmtList(got) != want {
		t.Errorf("forward-left from a1: %v, want %v", got, want)
	}
	if n := Neighbour(mustPoint(t, "d4"), Red, ForwardRight); n.String() != "i5" {
		t.Errorf("d4 forward-right = %s, want i5", n)
	}
	if n := Neighbour(mustPoint(t, "a17"), Blue, ForwardLeft); n.String() != "b16" {
		t.Errorf("Blue a17 forward-left = %s, want b16 (Blue's 9)", n)
	}
}

func TestParsePointErrors(t *testing.T) {
	for in, code := range map[string]string{"": "bad_point", "e": "bad_point", "z5": "off_board", "a18": "off_board",
		"e4": "off_board", "A5": "bad_point", "e05": "bad_point", "e+5": "bad_point", "e1000": "bad_point", "n5": "off_board"} {
		_, err := ParsePoint(in)
		pe, ok := err.(*ParseError)
		if !ok || pe.Code() != code {
			t.Errorf("ParsePoint(%q) = %v, want code %s", in, err, code)
		}
	}
}

func mustPoint(t testing.TB, s string) Point {
	t.Helper()
	p, err := ParsePoint(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func fmtList(ss []string) string {
	out := "["
	for i, s := range ss {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out + "]"
}
