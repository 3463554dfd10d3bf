package gomoku

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// A Gomocup-style game on a 15x15 board: Black plays down the middle
// column from the top (x 8, y 1..5 in PSQ is h15..h11 here) and wins.
const psqGame = "Piskvorky 15x15, 11:11, 0\r\n" +
	"8,8,0\r\n9,8,120\r\n8,9,250\r\n9,9,80\r\n8,10,33\r\n9,10,41\r\n8,11,500\r\n9,11,12\r\n8,12,7\r\n" +
	"pbrain-one.exe\r\npbrain-two.exe\r\n-1\r\n1,Freestyle\r\n"

func TestParsePSQ(t *testing.T) {
	g, err := ParsePSQ(psqGame)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range g.Moves {
		got = append(got, m.String())
	}
	if strings.Join(got, " ") != "h8 i8 h7 i7 h6 i6 h5 i5 h4" || g.Times[1] != 120 {
		t.Errorf("moves %v times %v", got, g.Times)
	}
	if !reflect.DeepEqual(g.Trailer, []string{"pbrain-one.exe", "pbrain-two.exe", "-1", "1,Freestyle"}) {
		t.Errorf("trailer %q", g.Trailer)
	}
	game, err := NewGameFromRecord(Freestyle, g.Moves)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := game.Result(); r != BlackWins {
		t.Errorf("result %v", r)
	}
	out, err := WritePSQ(g)
	if err != nil || out != strings.ReplaceAll(psqGame, "\r\n", "\n") {
		t.Errorf("WritePSQ = %q, %v", out, err)
	}
}

func TestParsePSQRefusals(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "line 1: a PSQ file starts"},
		{"8,8,0\n", "line 1: a PSQ file starts"},
		{"Piskvorky 20x20, 11:11, 0\n10,10,0\n", "line 1: the game is on a 20x20 board"},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n16,3,0\n", "line 3: the point 16,3 is off"},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n3,0,0\n", "line 3: the point 3,0 is off"},
		{"Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n", "line 4: the point 8,8 (h8) already has a stone"},
	} {
		_, err := ParsePSQ(c.text)
		var e *Error
		if !errors.As(err, &e) || e.Code() != "bad_psq" || !strings.HasPrefix(e.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.text, err, c.want)
		}
	}
	if _, err := WritePSQ(PSQGame{Moves: []Move{{Kind: Swap}}}); err == nil {
		t.Error("a swap was written into a PSQ file")
	}
}

func FuzzParsePSQ(f *testing.F) {
	f.Add(psqGame)
	f.Add("Piskvorky 15x15, 1:1, 0\n1,1,0\n15,15,-3\nx\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParsePSQ(s)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Code() != "bad_psq" {
				t.Fatalf("error %v is not a bad_psq *Error", err)
			}
			return
		}
		out, err := WritePSQ(g)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParsePSQ(out)
		if err != nil || !reflect.DeepEqual(again.Moves, g.Moves) || !reflect.DeepEqual(again.Times, g.Times) {
			t.Fatalf("%q wrote %q, read back %+v, %v", s, out, again, err)
		}
	})
}
