package chess

import (
	"os"
	"strings"
	"testing"
)

// replayFEN plays SAN moves from fen and returns the final FEN.
func replayFEN(t *testing.T, fen, moves string) string {
	t.Helper()
	p := mustFEN(t, fen)
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p = p.after(m)
	}
	return p.FEN()
}

// TestParsePGNRealFile reads a file with what real files contain:
// full-width moves, lower-case promotions, null moves, a bad move inside a
// variation, text after a result, a second "*", mail headers between games
// and games of other variants.
func TestParsePGNRealFile(t *testing.T) {
	data, err := os.ReadFile("testdata/real_games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := ParsePGN(string(data))
	if len(games) != 7 {
		for i, g := range games {
			t.Logf("game %d: %v %v", i+1, g.Tags, g.Err)
		}
		t.Fatalf("%d games, want 7", len(games))
	}
	g := games[0]
	if g.Err != nil || g.Result != "1-0" || g.Final().FEN() != replayFEN(t, StartFEN, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7") {
		t.Errorf("game 1 (full-width): %v %q %s", g.Err, g.Result, g.Final().FEN())
	}
	if c := g.Moves[5].Comments; len(c) != 1 || c[0] != "白方：Ｂｘｃ６ 也可以" {
		t.Errorf("game 1 comment changed: %q", c)
	}
	g = games[1]
	if g.Err != nil || len(g.Moves) != 3 || g.Moves[0].SAN != "exd8=Q+" || !strings.HasPrefix(g.Moves[2].SAN, "c8=N") {
		t.Errorf("game 2 (promotions): %v %+v", g.Err, g.Moves)
	}
	g = games[2]
	if g.Err != nil || len(g.Moves) != 7 || !g.Moves[3].Null || g.Moves[3].SAN != "--" {
		t.Fatalf("game 3 (null moves): %v %d moves", g.Err, len(g.Moves))
	}
	if v := g.Moves[5].Variations; len(v) != 1 || !v[0][0].Null || len(v[0]) != 7 {
		t.Errorf("game 3 variation: %+v", v)
	}
	if want := "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 4"; g.Final().FEN() != want {
		t.Errorf("game 3 final %s, want %s", g.Final().FEN(), want)
	}
	if out := g.PGN(); !strings.Contains(out, "2. Nf3 -- 3. Bc4") || !strings.Contains(out, "(3... -- 4. Ng5") {
		t.Errorf("game 3 PGN:\n%s", out)
	}
	g = games[3]
	if g.Err != nil || g.Result != "0-1" || len(g.Moves) != 4 {
		t.Errorf("game 4 (bad variation): %v %d moves", g.Err, len(g.Moves))
	}
	if len(g.Warnings) != 1 || !g.Warnings[0].Variation || g.Warnings[0].Number != 5 ||
		g.Warnings[0].Error() != "variation, move 5 (white): Ne4: no knight can reach e4" ||
		g.Warnings[0].Message("zh-CN") != "变着中第5回合（白方）：Ne4：没有马能走到 e4" {
		t.Errorf("game 4 warnings: %v", g.Warnings)
	}
	if v := g.Moves[2].Variations; len(v) != 1 || len(v[0]) != 6 {
		t.Errorf("game 4: the variation keeps the moves before the bad one: %+v", v)
	}
	for i, name := range map[int]string{4: "Antichess", 5: "Crazyhouse"} {
		g := games[i]
		if g.Err == nil || g.Err.Code() != "unsupported_variant" || !strings.Contains(g.Err.Error(), name) || len(g.Moves) != 0 {
			t.Errorf("game %d: %v", i+1, g.Err)
		}
	}
	if !strings.Contains(games[4].Err.Message("zh-CN"), "输棋") {
		t.Errorf("zh-CN variant name: %s", games[4].Err.Message("zh-CN"))
	}
	if g := games[6]; g.Err != nil || g.Result != "1/2-1/2" {
		t.Errorf("game 7: %v", g.Err)
	}
}

func TestParsePGNPromotionErrors(t *testing.T) {
	for _, tt := range []struct{ text, code string }{
		{"[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8=K *", ReasonBadPromotion},
		{"[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. e8 *", ReasonPromotionNeeded},
		{"[FEN \"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. exd8 *", ReasonPromotionNeeded},
		{"[FEN \"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n1. exd8=P *", ReasonBadPromotion},
	} {
		gs := ParsePGN(tt.text)
		if len(gs) != 1 || gs[0].Err == nil || gs[0].Err.Code() != tt.code {
			t.Errorf("%q: %v, want %s", tt.text, gs[0].Err, tt.code)
		}
	}
}

func TestParsePGNNullMoveInCheckIsMove(t *testing.T) {
	// "--" is read as a null move; "Z0" inside a word is not.
	gs := ParsePGN("1. e4 Z0 2. Z0x *")
	if len(gs) != 1 || gs[0].Err == nil || len(gs[0].Moves) != 2 {
		t.Fatalf("%+v", gs[0])
	}
}

func TestParseFENFieldCountMessage(t *testing.T) {
	_, err := ParseFEN("8/8/8/8/8/8/8/8 w")
	if err == nil || !strings.Contains(err.Error(), "expected 4 to 6 fields") || !strings.Contains(err.(*FENError).Message("zh-CN"), "4 到 6 个字段") {
		t.Errorf("%v", err)
	}
}
