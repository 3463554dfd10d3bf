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
