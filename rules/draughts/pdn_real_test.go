package draughts

import (
	"os"
	"strings"
	"testing"
)

// replay plays moves from start with PlayNotation and returns the final FEN.
func replay(t *testing.T, start string, moves string) string {
	t.Helper()
	g := NewGame(mustFEN(t, start))
	for _, m := range strings.Fields(moves) {
		if _, err := g.PlayNotation(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g.Position().FEN()
}

// TestParsePDNGamesRealFile reads a file with the slips of real tournament
// files: a byte order mark, 1/2-1/2, padded squares, a separate ellipsis, a
// FEN with side "?" and a trailing comma, a legacy W:B: prefix, moves after
// a threefold repetition, a capture mark on a quiet move, a bad game in the
// middle, text after a result and mail headers between games.
func TestParsePDNGamesRealFile(t *testing.T) {
	data, err := os.ReadFile("testdata/real_games.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := ParsePDNGames(string(data))
	if len(games) != 8 {
		for i, g := range games {
			t.Logf("game %d: %+v", i+1, g)
		}
		t.Fatalf("%d games, want 8", len(games))
	}
	for i, g := range games {
		bad := i == 3 || i == 6
		if (g.Err != nil) != bad || (g.Game == nil) != bad {
			t.Fatalf("game %d: err %v, want bad %v", i+1, g.Err, bad)
		}
	}
	g1 := games[0].Game
	if v, _ := g1.Tag("Event"); v != "Schools cup, round 1" {
		t.Errorf("game 1 Event %q: the byte order mark was not skipped", v)
	}
	want1 := replay(t, InitialFEN, "31-27 20-24 35-30 24x35 34-29 16-21 27x16 18-23 29x18 12x23 32-28 23x32 37x28 15-20 39-34 8-12 33-29 20-25 28-23 19x28 29-24 10-15 42-37 13-19")
	if g1.Position().FEN() != want1 || g1.result != "1-1" {
		t.Errorf("game 1: %s result %q, want %s 1-1", g1.Position().FEN(), g1.result, want1)
	}
	g2 := games[1].Game
	if len(g2.Moves()) != 24 || g2.Comment(11) != "White takes back at once." {
		t.Errorf("game 2: %d moves, comment %q", len(g2.Moves()), g2.Comment(11))
	}
	g3 := games[2].Game
	if g3.Start().Turn() != Black || len(g3.Moves()) != 2 {
		t.Errorf("game 3: start turn %v, %d moves", g3.Start().Turn(), len(g3.Moves()))
	}
	if e := games[3].Err; !strings.Contains(e.Error(), "two side letters (W:B:)") || e.Message("zh-CN") == e.Error() {
		t.Errorf("game 4: %v", e)
	}
	g5 := games[4].Game
	ply, o, ok := g5.DrawnAt()
	if !ok || ply != 8 || o.Reason != ReasonRepetition || g5.Outcome() != o || len(g5.Moves()) != 10 {
		t.Errorf("game 5: drawn at %d %v %v, outcome %v, %d moves", ply, o, ok, g5.Outcome(), len(g5.Moves()))
	}
	if w := g5.Warnings(); len(w) != 1 || w[0].Code() != WarnAfterDraw || w[0].Ply != 9 {
		t.Errorf("game 5 warnings %+v", w)
	}
	g6 := games[5].Game
	if w := g6.Warnings(); len(w) != 1 || w[0].Code() != WarnCaptureMark || w[0].Ply != 1 || !strings.Contains(w[0].Message("en"), "read as 32-28") {
		t.Errorf("game 6 warnings %+v", w)
	}
	if g6.Position().FEN() != replay(t, InitialFEN, "32-28 19-23 28x19 14x23") {
		t.Errorf("game 6: %s", g6.Position().FEN())
	}
	if e := games[6].Err; !strings.Contains(e.Error(), "move 2 33-29: capture is mandatory") {
		t.Errorf("game 7: %v", e)
	}
	if v, _ := games[7].Game.Tag("Event"); v != "Last game" || len(games[7].Game.Moves()) != 4 {
		t.Errorf("game 8: Event %q, %d moves", v, len(games[7].Game.Moves()))
	}
}

func TestParsePDNSeparators(t *testing.T) {
	want := replay(t, InitialFEN, "32-28 19-23 28x19 14x23")
	for _, in := range []string{
		"1. 32 - 28 19 -23 2. 28 x19 14 x 23 *",
		"1.32-28 ... 19-23 2.28x19 … 14x23 *",
		"1. 32-28 1... 19-23 2. 28:19 14X23 *",
		"\ufeff1. 32-28 19-23 2. 28x19 14x23 1/2-1/2",
	} {
		g, err := ParsePDN(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if g.Position().FEN() != want {
			t.Errorf("%q: %s, want %s", in, g.Position().FEN(), want)
		}
	}
}

func TestParsePDNBetweenGames(t *testing.T) {
	tests := []struct {
		in    string
		games int
	}{
		{"1. 32-28 * *", 1},
		{"[Event \"a\"]\n1. 32-28 2-0 ff\n[Event \"b\"]\n1. 31-27 *", 2},
		{"1. 32-28 *\nReceived: from mail.example.org\nSubject: round 2\n\n1. 31-27 *", 2},
		{"{only a note} *", 0},
	}
	for _, tt := range tests {
		games := ParsePDNGames(tt.in)
		if len(games) != tt.games {
			t.Errorf("%q: %d games, want %d", tt.in, len(games), tt.games)
		}
		for _, g := range games {
			if g.Err != nil {
				t.Errorf("%q: %v", tt.in, g.Err)
			}
		}
	}
}

func TestParsePDNKeepsGoodGames(t *testing.T) {
	in := "[Event \"1\"]\n1. 32-28 *\n\n[Event \"2\"]\n[FEN \"W:W51\"]\n1. 32-28 *\n\n" +
		"[Event \"3\"]\n1. 32-28 {never closed\n\n"
	games := ParsePDNGames(in)
	if len(games) != 3 || games[0].Err != nil || games[1].Err == nil || games[2].Err == nil {
		t.Fatalf("%+v", games)
	}
	if !strings.Contains(games[1].Err.Error(), "no square 51") {
		t.Errorf("game 2: %v", games[1].Err)
	}
}

func TestParseFENSlips(t *testing.T) {
	p, err := ParseFEN("W:W31,32,:B1,2,")
	if err != nil || p.FEN() != "W:W31,32:B1,2" {
		t.Errorf("trailing comma: %v %v", p, err)
	}
	for _, tt := range []struct{ in, msg string }{
		{"?:W31:B1", `side to move is not known ("?")`},
		{"W:B:W31-50:B1-20", "two side letters (W:B:)"},
		{"B:W:W31:B1", "two side letters (B:W:)"},
	} {
		_, err := ParseFEN(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseFEN(%q) = %v, want %q", tt.in, err, tt.msg)
		}
	}
	if _, err := ParsePDN("[FEN \"?:W31:B1\"]\n*"); err == nil || !strings.Contains(err.Error(), "no first move") {
		t.Errorf("side ? without a move: %v", err)
	}
	if _, err := ParsePDN("[FEN \"?:W31:B1\"]\n1. 28-23 *"); err == nil || !strings.Contains(err.Error(), "empty square") {
		t.Errorf("side ? from an empty square: %v", err)
	}
}

func TestEndgameFiveMovesMessage(t *testing.T) {
	// FMJD 6.4 covers a king and a man against a lone king.
	o := Outcome{Result: Draw, Reason: ReasonEndgameFiveMoves}
	if !strings.Contains(o.Message("en"), "a king and a man") || !strings.Contains(o.Message("zh-CN"), "一王一兵") {
		t.Errorf("%q / %q", o.Message("en"), o.Message("zh-CN"))
	}
}
