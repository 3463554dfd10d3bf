package tournaments

import (
	"bytes"
	"strings"
	"testing"
)

// TestWriteTRFNonASCIINames writes players with Chinese names (3 bytes a
// character in UTF-8) and a name longer than the 33-byte column: the file
// reads back with the same names (the long one cut at a character
// boundary) and the points in their columns. Before the fix the name was
// padded to 33 characters, not bytes, and every later column moved.
func TestWriteTRFNonASCIINames(t *testing.T) {
	long := strings.Repeat("欧阳", 8) // 48 bytes
	tr := &Tournament{Rounds: 2, Points: Standard, Players: []*Player{
		{ID: 1, Name: "赵小龙", Rounds: []Entry{{Opponent: 2, Color: White, Result: Win}}},
		{ID: 2, Name: long, Rounds: []Entry{{Opponent: 1, Color: Black, Result: Loss}}},
	}}
	var b bytes.Buffer
	if err := WriteTRF(&b, tr); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTRF(&b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if got.Player(1).Name != "赵小龙" || got.Player(2).Name != strings.Repeat("欧阳", 5)+"欧" {
		t.Fatalf("names %q %q", got.Player(1).Name, got.Player(2).Name)
	}
	if got.Player(1).Declared != 10 || got.Player(1).Rounds[0] != tr.Players[0].Rounds[0] {
		t.Fatalf("player 1: %+v", got.Player(1))
	}
}

// TestWriteTRFByePoints writes a 2-1-0 tournament with a requested
// half-point bye: the file reads back with the bye worth a draw (1 point)
// and the declared points agree. Before the fix XXS did not carry the
// points of requested byes, the reader kept ½ for H, and the file was
// refused as inconsistent.
func TestWriteTRFByePoints(t *testing.T) {
	ps := Scorings["2-1-0"]
	tr := &Tournament{Rounds: 3, Points: ps, Players: []*Player{
		{ID: 1, Rounds: []Entry{{Opponent: 2, Color: White, Result: Win}, {Result: HalfPointBye}}},
		{ID: 2, Rounds: []Entry{{Opponent: 1, Color: Black, Result: Loss}, {Result: FullPointBye}}},
	}}
	var b bytes.Buffer
	if err := WriteTRF(&b, tr); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTRF(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if got.Points.HalfBye != 10 || got.Points.FullBye != 20 || got.Score(got.Player(1), 2) != 30 {
		t.Fatalf("points %+v\n%s", got.Points, b.String())
	}
}
