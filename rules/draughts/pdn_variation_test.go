package draughts

import (
	"os"
	"strings"
	"testing"
)

// lineString writes a variation played from pos as "18-23 {c} 38-32
// (37-32 12-18) 12-18", comments with their spaces folded.
func lineString(pos Position, v Variation) string {
	var parts []string
	comment := func(c string) {
		if c != "" {
			parts = append(parts, "{"+commentText(c)+"}")
		}
	}
	comment(v.Comment)
	for _, m := range v.Moves {
		parts = append(parts, pos.Notation(m.Move))
		comment(m.Comment)
		for _, sub := range m.Variations {
			parts = append(parts, "("+lineString(pos, sub)+")")
		}
		pos = pos.apply(m.Move)
	}
	return strings.Join(parts, " ")
}

// gameLines lists every variation of g by the ply it belongs to.
func gameLines(g *Game) map[int][]string {
	out := map[int][]string{}
	for ply := 1; ply <= len(g.moves); ply++ {
		for _, v := range g.Variations(ply) {
			out[ply] = append(out[ply], lineString(g.positions[ply-1], v))
		}
	}
	return out
}

func TestPDNVariationsFile(t *testing.T) {
	data, err := os.ReadFile("testdata/variations.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := ParsePDNGames(string(data))
	if len(games) != 2 || games[0].Err != nil || games[1].Err != nil {
		t.Fatalf("%+v", games)
	}
	g := games[0].Game
	if n := len(g.Moves()); n != 9 {
		t.Fatalf("%d main-line moves, want 9", n)
	}
	want := map[int][]string{
		2: {"18-23 {also good} 38-32 (37-32 {calmer} 12-18) 12-18"},
		5: {"34-29 23x34 39x30 {an even trade}", "33-28 23x32 38x27 {the other capture}"},
		// The nested (4... 18x28?) takes the wrong way: dropped, and its
		// parent goes on with 5. 34x23.
		6: {"23-28 32x23 18x29 34x23", "20-24 32-27 24-30 35x24 {White takes back}"},
		// (!?) after 4. 41-37 is an annotation, not a variation; 5... 19x30
		// takes nothing and cuts its variation.
		8: {"14-19 46-41"},
	}
	got := gameLines(g)
	if len(got) != len(want) {
		t.Errorf("variations at %d plies, want %d: %v", len(got), len(want), got)
	}
	for ply, w := range want {
		if strings.Join(got[ply], " | ") != strings.Join(w, " | ") {
			t.Errorf("ply %d: %q, want %q", ply, got[ply], w)
		}
	}
	if g.Comment(0) != "White opens in the centre." || g.Comment(2) != "" {
		t.Errorf("main-line comments %q %q", g.Comment(0), g.Comment(2))
	}
	ws := g.Warnings()
	if len(ws) != 2 {
		t.Fatalf("warnings %+v", ws)
	}
	for i, tt := range []struct {
		ply    int
		en, zh string
	}{
		{8, "variation, move 4 18x28?: no capture of the piece on 18 goes that way", "变着中第 4 回合 18x28?"},
		{10, "variation, move 5 19x30: 19x30 is not a capture", "变着中第 5 回合 19x30"},
	} {
		w := ws[i]
		if w.Code() != WarnVariationMove || w.Ply != tt.ply || !strings.HasPrefix(w.Message("en"), tt.en) ||
			!strings.HasSuffix(w.Message("en"), "the variation is cut there") || !strings.HasPrefix(w.Message("zh-CN"), tt.zh) {
			t.Errorf("warning %d: %s ply %d %q / %q", i+1, w.Code(), w.Ply, w.Message("en"), w.Message("zh-CN"))
		}
	}
	g2 := games[1].Game
	if l := gameLines(g2); len(l) != 1 || len(l[1]) != 1 || l[1][0] != "32-28 {written as a capture} 19-23" {
		t.Errorf("game 2 variations %v", l)
	}
	if w := g2.Warnings(); len(w) != 1 || w[0].Code() != WarnCaptureMark || w[0].Ply != 1 || !strings.HasPrefix(w[0].Message("en"), "variation, move 1 32x28 takes nothing") {
		t.Errorf("game 2 warnings %+v", w)
	}

	wantPDN := `[Event "Club analysis"]
[White "Li"]
[Black "Wang"]
[Result "*"]
[GameType "20"]

{White opens in the centre.} 1. 32-28 19-23 (1... 18-23 {also good} 2. 38-32
(2. 37-32 {calmer} 2... 12-18) 2... 12-18) 2. 28x19 14x23 3. 37-32 (3. 34-29
23x34 4. 39x30 {an even trade}) (3. 33-28 23x32 4. 38x27 {the other capture})
3... 10-14 (3... 23-28 4. 32x23 18x29 5. 34x23) (3... 20-24 4. 32-27 24-30
5. 35x24 {White takes back}) 4. 41-37 5-10 (4... 14-19 5. 46-41) 5. 46-41 *
`
	out := g.PDN()
	if out != wantPDN {
		t.Errorf("PDN:\n%s\nwant:\n%s", out, wantPDN)
	}
	back, err := ParsePDN(out)
	if err != nil {
		t.Fatal(err)
	}
	if back.PDN() != out || back.Position() != g.Position() || len(back.Warnings()) != 0 {
		t.Errorf("round trip: warnings %+v\n%s", back.Warnings(), back.PDN())
	}
	for ply, w := range want {
		if strings.Join(gameLines(back)[ply], " | ") != strings.Join(w, " | ") {
			t.Errorf("round trip ply %d: %q", ply, gameLines(back)[ply])
		}
	}
}

func TestPDNVariationEdges(t *testing.T) {
	tests := []struct {
		in    string
		lines map[int][]string
		warns []string // English warnings, by prefix
	}{
		// A variation before the first move varies nothing.
		{"(1. 31-27) 1. 32-28 19-23 *", map[int][]string{}, nil},
		// Only a comment: nothing to keep.
		{"1. 32-28 ({just a note}) 19-23 *", map[int][]string{}, nil},
		// A leading comment, a black first move, ';' comments, NAGs and
		// a result inside.
		{"1. 32-28 19-23 ({or} 1... 18-23 $1 ; fine\n 2. 38-32 *) *",
			map[int][]string{2: {"{or} 18-23 {fine} 38-32"}}, nil},
		// Free text cuts the variation where it stands.
		{"1. 32-28 (1. 31-27 see game 2) 19-23 *", map[int][]string{1: {"31-27"}},
			[]string{`variation, move 1 see: "see" is not a move`}},
		// An illegal first move drops the variation; the game is kept.
		{"1. 32-28 19-23 2. 28x19 (2. 33-29 14-20) 14x23 *", map[int][]string{},
			[]string{"variation, move 2 33-29: capture is mandatory: 28x19 is available"}},
		// A ';' comment runs to the end of its line, parentheses and
		// braces in it too.
		{"1. 32-28 (1. 31-27 ; a ) { b\n) 19-23 *", map[int][]string{1: {"31-27 {a ) { b}"}}, nil},
		// Nested twice.
		{"1. 32-28 (1. 31-27 (1. 33-29 (1. 34-29 17-21) 18-23)) 19-23 *",
			map[int][]string{1: {"31-27 (33-29 (34-29 17-21) 18-23)"}}, nil},
	}
	for _, tt := range tests {
		g, err := ParsePDN(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		// Each game is 1. 32-28 19-23, with 2. 28x19 14x23 in one.
		if n := len(g.Moves()); n != 2+2*strings.Count(tt.in, "14x23") {
			t.Errorf("%q: %d main-line moves", tt.in, len(g.Moves()))
		}
		got := gameLines(g)
		if len(got) != len(tt.lines) {
			t.Errorf("%q: variations %v, want %v", tt.in, got, tt.lines)
		}
		for ply, w := range tt.lines {
			if strings.Join(got[ply], " | ") != strings.Join(w, " | ") {
				t.Errorf("%q: ply %d %q, want %q", tt.in, ply, got[ply], w)
			}
		}
		ws := g.Warnings()
		if len(ws) != len(tt.warns) {
			t.Errorf("%q: warnings %+v, want %q", tt.in, ws, tt.warns)
			continue
		}
		for i, w := range ws {
			if w.Code() != WarnVariationMove || !strings.HasPrefix(w.Message("en"), tt.warns[i]) || w.Message("zh-CN") == w.Message("en") {
				t.Errorf("%q: warning %s %q, want %q", tt.in, w.Code(), w.Message("en"), tt.warns[i])
			}
		}
	}
	// Unclosed variations and comments still refuse the game, as before.
	for _, in := range []string{"1. 32-28 (19-23 *", "1. 32-28 (1. 31-27 {x) 19-23 *"} {
		if _, err := ParsePDN(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestVariationsCopy(t *testing.T) {
	g, err := ParsePDN("1. 32-28 (1. 31-27 {a} (1. 33-29) 17-21) 19-23 *")
	if err != nil {
		t.Fatal(err)
	}
	v := g.Variations(1)
	v[0].Moves[0].Comment = "changed"
	v[0].Moves[0].Variations[0].Comment = "changed"
	if l := gameLines(g)[1][0]; l != "31-27 {a} (33-29) 17-21" {
		t.Errorf("Variations returned the game's own lines: %q", l)
	}
	if g.Variations(2) != nil || g.Variations(0) != nil {
		t.Error("variations at a ply without any")
	}
}
