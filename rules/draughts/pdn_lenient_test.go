package draughts

import (
	"strings"
	"testing"
)

// The slips real PDN files carry (issue 30), each from a minimal file: the
// game is read, with a warning naming the slip.
func TestPDNLenientFiles(t *testing.T) {
	const moves = "1. 32-28 19-23 2. 28x19 14x23 *\n"
	clean, err := ParsePDN(moves)
	if err != nil {
		t.Fatal(err)
	}
	final := clean.Position().FEN()
	tests := []struct {
		name, text, code string
		games            int // games in the file, all read
	}{
		{"literal \\r after each tag", "[Event \"Open\"]\\r\n[White \"A\"]\\r\n[Black \"B\"]\\r\n\n" + moves, WarnEscapeText, 1},
		{"literal \\r\\n", "[Event \"Open\"]\\r\\n\n" + moves, WarnEscapeText, 1},
		{"stray [Empty] before the tags", "[Empty]\n[Event \"Open\"]\n\n" + moves, WarnBadTag, 1},
		{"stray [Empty] between games", "[Event \"One\"]\n\n" + moves + "\n[Empty]\n[Event \"Two\"]\n\n" + moves, WarnBadTag, 2},
		{"tag name with spaces", "[Type de jeu \"20\"]\n[Event \"Open\"]\n\n" + moves, WarnBadTag, 1},
		{"dash result", "[Result \"-\"]\n\n" + strings.TrimSuffix(moves, "*\n") + "-\n", WarnDashResult, 1},
	}
	for _, tt := range tests {
		gs := ParsePDNGames(tt.text)
		if len(gs) != tt.games {
			t.Errorf("%s: %d games, want %d", tt.name, len(gs), tt.games)
			continue
		}
		for i, pg := range gs {
			if pg.Err != nil {
				t.Errorf("%s: game %d refused: %v", tt.name, i+1, pg.Err)
				continue
			}
			if got := pg.Game.Position().FEN(); got != final {
				t.Errorf("%s: game %d final %s", tt.name, i+1, got)
			}
		}
		if pg := gs[len(gs)-1]; pg.Game != nil {
			ws := pg.Game.Warnings()
			if len(ws) != 1 || ws[0].Code() != tt.code || ws[0].Message("en") == ws[0].Message("zh-CN") {
				t.Errorf("%s: warnings %v, want one %s", tt.name, ws, tt.code)
			}
		}
	}
	gs := ParsePDNGames("[Type de jeu \"20\"]\n\n" + moves)
	if v, ok := gs[0].Game.Tag("Type de jeu"); !ok || v != "20" {
		t.Errorf("spaced tag name not kept: %q %v", v, ok)
	}
	gs = ParsePDNGames("[Result \"-\"]\n\n1. 32-28 19-23 -\n")
	if gs[0].Err != nil || gs[0].Game.result != "*" {
		t.Errorf("dash result: %+v", gs[0])
	}
	// What is truly wrong is still refused, naming the move.
	gs = ParsePDNGames("[Event \"Open\"]\\r\n\n1. 32-28 19-23 2. 17-11 *\n")
	if len(gs) != 1 || gs[0].Err == nil || !strings.Contains(gs[0].Err.Error(), "move 2 17-11") {
		t.Errorf("bad move: %+v", gs)
	}
}
