package draughts

import (
	"strings"
	"testing"
)

const sampleGame = `[Event "School cup"]
[White "Li \"Lei\""]
[Black "Han Meimei"]
[Result "2-0"]
{A short game.}
1. 32-28 19-23 {Black offers an exchange} 2. 28x19 14x23 3.34-30 (3. 33-28 {the other way}) 10-14 $1 ; line comment
4. 30-25 2-0
`

func TestParsePDN(t *testing.T) {
	g, err := ParsePDN(sampleGame)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Tag("White"); v != `Li "Lei"` {
		t.Errorf("White = %q", v)
	}
	if len(g.Moves()) != 7 {
		t.Fatalf("%d moves", len(g.Moves()))
	}
	if g.Comment(0) != "A short game." || g.Comment(2) != "Black offers an exchange" || g.Comment(6) != "line comment" {
		t.Errorf("comments %q %q %q", g.Comment(0), g.Comment(2), g.Comment(6))
	}
	want := `[Event "School cup"]
[White "Li \"Lei\""]
[Black "Han Meimei"]
[Result "2-0"]
[GameType "20"]

{A short game.} 1. 32-28 19-23 {Black offers an exchange} 2. 28x19 14x23
3. 34-30 (3. 33-28 {the other way}) 3... 10-14 {line comment} 4. 30-25 2-0
`
	if got := g.PDN(); got != want {
		t.Errorf("PDN:\n%s\nwant:\n%s", got, want)
	}
	g2, err := ParsePDN(g.PDN())
	if err != nil {
		t.Fatal(err)
	}
	if g2.PDN() != g.PDN() || g2.Position() != g.Position() {
		t.Error("PDN does not round-trip")
	}
}

func TestPDNFromFEN(t *testing.T) {
	g := NewGame(mustFEN(t, "B:W28,K46:B19,23"))
	if _, err := g.PlayNotation("23x32"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.PlayNotation("46x14"); err != nil { // takes 32, then 19
		t.Fatal(err)
	}
	if err := g.SetComment(1, "forced"); err != nil {
		t.Fatal(err)
	}
	g.SetTag("Event", "Puzzle")
	out := g.PDN()
	for _, s := range []string{`[FEN "B:W28,K46:B19,23"]`, `[Event "Puzzle"]`, "1... 23x32 {forced} 2. 46x14"} {
		if !strings.Contains(out, s) {
			t.Errorf("PDN lacks %q:\n%s", s, out)
		}
	}
	g2, err := ParsePDN(out)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Position() != g.Position() || g2.Comment(1) != "forced" {
		t.Errorf("round trip: %s", g2.PDN())
	}
	if err := g.SetComment(5, "x"); err == nil {
		t.Error("SetComment out of range accepted")
	}
}

func TestParsePDNGames(t *testing.T) {
	text := sampleGame + "\n[Event \"Second\"]\n1. 31-27 *\n\n[Event \"Third\"]\n"
	pgs := ParsePDNGames(text)
	var gs []*Game
	for _, pg := range pgs {
		if pg.Err != nil {
			t.Fatal(pg.Err)
		}
		gs = append(gs, pg.Game)
	}
	if len(gs) != 3 || len(gs[1].Moves()) != 1 || len(gs[2].Moves()) != 0 {
		t.Fatalf("%d games", len(gs))
	}
	if v, _ := gs[2].Tag("Event"); v != "Third" {
		t.Errorf("third game Event %q", v)
	}
}

func TestParsePDNErrors(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"", "no game found"},
		{"1. 32-28 {unclosed", "never closed"},
		{"[Event \"x\"", "never closed"},
		{"[Event x]", "no game found"}, // a broken tag line is skipped
		{"1. 32-28 (19-23", "never closed"},
		{"1. 32-28 )", "unexpected"},
		{"[FEN \"W:W51\"]\n1. 32-28", "FEN tag: invalid FEN: there is no square 51"},
		{"[GameType \"21\"]", "not international draughts"},
		{"1. 32-28 19-23 2. 33-29", "move 2 33-29: capture is mandatory: 28x19 is available"},
		{"[FEN \"W:W32,34,36:B27,17,29\"]\n1. 34x23", "move 1 34x23: you must take 2 pieces, this takes 1"},
		{"1. 32-28 28-23", "move 1 28-23: the piece on 28 is White's"},
		{"1. 32-28 25-30", "move 1 25-30: there is no piece on 25"},
		{"1. hello", "not a move"},
		// A match score written as the game's result (a real DUWO Mini-WK
		// 2007 file): named as such, not read as the move 4-6.
		{"[Result \"4-6\"]\n1. 32-28 18-23 4-6", "\"4-6\" is the Result tag's score, not a move"},
	}
	for _, tt := range tests {
		_, err := ParsePDN(tt.in)
		fe, ok := err.(*FormatError)
		if !ok {
			t.Errorf("ParsePDN(%q) err = %v, want *FormatError", tt.in, err)
			continue
		}
		if fe.Code() != CodeInvalidPDN || !strings.Contains(fe.Error(), tt.msg) {
			t.Errorf("ParsePDN(%q) = %q, want %q", tt.in, fe.Error(), tt.msg)
		}
		if fe.Message("zh-CN") == fe.Error() {
			t.Errorf("ParsePDN(%q): no Chinese message", tt.in)
		}
	}
}
