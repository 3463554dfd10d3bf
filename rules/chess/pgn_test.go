package chess

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestSeedGame reads the school game from seed 002: moves without x and +
// signs, run together; its 26th black move is impossible.
func TestSeedGame(t *testing.T) {
	data, err := os.ReadFile("testdata/seed_game.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := ParsePGN(string(data))
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	if g.Err == nil {
		t.Fatal("want an error at move 26")
	}
	if got, want := g.Err.Error(), "move 26 (black): Ne4: no knight can reach e4"; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	if g.Err.Number != 26 || g.Err.Side != Black || g.Err.Code() != ReasonNoPieceCanReach {
		t.Errorf("error fields %+v", g.Err)
	}
	if !strings.Contains(g.Err.Message("zh-CN"), "第26回合（黑方）") {
		t.Errorf("zh message %q", g.Err.Message("zh-CN"))
	}
	if len(g.Moves) != 51 {
		t.Fatalf("kept %d moves, want 51 (up to 26.Rd2)", len(g.Moves))
	}
	var sans []string
	for _, m := range g.Moves {
		sans = append(sans, m.SAN)
	}
	want := "e4 e5 Nf3 Nc6 Bc4 Nf6 Nc3 d6 O-O Bg4 d3 Be7 Re1 O-O Re3 Re8 b3 Rc8 Ba3 Nh5 h3 Be6 " +
		"Nh4 Bxh4 Qxh5 Na5 Bxe6 fxe6 Rf3 Bf6 b4 Nc6 b5 Na5 Bb4 b6 Ne2 Rf8 Qg4 Qe8 d4 exd4 Rg3 Qf7 " +
		"Nf4 e5 Nh5 Nc4 Rd1 Nb2 Rd2"
	if got := strings.Join(sans, " "); got != want {
		t.Errorf("moves\n got %s\nwant %s", got, want)
	}
	if got := g.Final().FEN(); got != "2r2rk1/p1p2qpp/1p1p1b2/1P2p2N/1B1pP1Q1/6RP/PnPR1PP1/6K1 b - - 5 26" {
		t.Errorf("final FEN %s", got)
	}
	// The moves before the mistake export as standard PGN and read back.
	back := ParsePGN(g.PGN())
	if len(back) != 1 || back[0].Err != nil || !reflect.DeepEqual(back[0].Moves, g.Moves) {
		t.Errorf("seed game export does not read back:\n%s", g.PGN())
	}
}

// TestSeedGameRaw reads the game exactly as the seed prints it: a Chinese
// header line with a date, no tag pairs.
func TestSeedGameRaw(t *testing.T) {
	data, err := os.ReadFile("testdata/seed_game_raw.txt")
	if err != nil {
		t.Fatal(err)
	}
	games := ParsePGN(string(data))
	if len(games) != 1 || games[0].Err == nil || len(games[0].Moves) != 51 ||
		games[0].Err.Error() != "move 26 (black): Ne4: no knight can reach e4" {
		t.Fatalf("raw seed game: %d games, %+v", len(games), games)
	}
	if got := games[0].Moves[0].Before; len(got) != 1 || !strings.Contains(got[0], "2012年2月27日") {
		t.Errorf("header kept as comment: %q", got)
	}
}

func TestPGNFeatures(t *testing.T) {
	text := `[Event "Test"]
[White "A \"quoted\" name"]
[Black "B"]

{Opening comment} 1. e4 $1 e5!? 2. Nf3 (2. f4 exf4 {King's gambit} (2... d5) 3. Nf3) 2... Nc6 ; a line comment
3. Bb5 a6 {Ruy} 4. Ba4 Nf6 5. O-O 1/2-1/2

[Event "Second"]

1.d4 d5 2.c4 dxc4 3.e4 b5 4.a4 c6 5.axb5 cxb5 6.Qf3 0-1

[Event "Broken"]
1. e4 e5 2. Ke3 Nc6 *

[Event "Fourth"]
1. f3 e5 2. g4 Qh4# 0-1
`
	games := ParsePGN(text)
	if len(games) != 4 {
		t.Fatalf("got %d games", len(games))
	}
	g := games[0]
	if v, _ := g.Tag("White"); v != `A "quoted" name` {
		t.Errorf("White tag %q", v)
	}
	if g.Err != nil || len(g.Moves) != 9 || g.Result != "1/2-1/2" {
		t.Fatalf("game 1: err %v, %d moves, result %q", g.Err, len(g.Moves), g.Result)
	}
	if !reflect.DeepEqual(g.Moves[0].Before, []string{"Opening comment"}) || !reflect.DeepEqual(g.Moves[0].NAGs, []int{1}) {
		t.Errorf("first move %+v", g.Moves[0])
	}
	if !reflect.DeepEqual(g.Moves[1].NAGs, []int{5}) {
		t.Errorf("e5!? NAGs %v", g.Moves[1].NAGs)
	}
	v := g.Moves[2].Variations
	if len(v) != 1 || len(v[0]) != 3 || v[0][0].SAN != "f4" || len(v[0][1].Variations) != 1 || v[0][1].Variations[0][0].SAN != "d5" {
		t.Fatalf("variations %+v", v)
	}
	if !reflect.DeepEqual(g.Moves[3].Comments, []string{"a line comment"}) {
		t.Errorf("line comment %+v", g.Moves[3].Comments)
	}
	if games[1].Err != nil || games[1].Result != "0-1" || len(games[1].Moves) != 11 {
		t.Errorf("game 2: %v %q %d", games[1].Err, games[1].Result, len(games[1].Moves))
	}
	if e := games[2].Err; e == nil || e.Error() != "move 2 (white): Ke3: no king can reach e3" || len(games[2].Moves) != 2 {
		t.Errorf("game 3 error: %v", e)
	}
	if g := games[3]; g.Err != nil || g.Game().Outcome() != (Outcome{Method: Checkmate, Winner: Black}) {
		t.Errorf("game 4: %v %+v", g.Err, g.Game().Outcome())
	}

	// Export and read back: same moves, comments, NAGs and variations.
	for i, g := range games {
		out := g.PGN()
		back := ParsePGN(out)
		if len(back) != 1 || back[0].Err != nil {
			t.Fatalf("game %d re-read: %v\n%s", i, back, out)
		}
		if !reflect.DeepEqual(back[0].Moves, g.Moves) || back[0].Result != g.Result && g.Result != "" {
			t.Errorf("game %d round trip differs:\n%s", i, out)
		}
		if back[0].PGN() != out {
			t.Errorf("game %d export not stable", i)
		}
	}
}

func TestPGNLenientMoveText(t *testing.T) {
	cases := []struct{ text, want string }{
		{"1 e4 e5 2 Nf3 *", "e4 e5 Nf3"},
		{"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.O-O f6 6.d4 exd4 7.Nxd4 c5 8.Nb3 Qxd1 9.Rxd1 *", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4 c5 Nb3 Qxd1 Rxd1"},
		{"1.e4 d5 2.e5 f5 3.exf6 e.p. Nxf6 *", "e4 d5 e5 f5 exf6 Nxf6"},
		{"1.e4 d5 2.e5 f5 3.ef Nxf6 *", "e4 d5 e5 f5 exf6 Nxf6"},
		{"1.e4 d5 2.e5 f5 3.exf6 (ep) Nxf6 *", "e4 d5 e5 f5 exf6 Nxf6"},
		{"1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 *", "e4 e5 Nf3 Nc6"},
		{"1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7# 1-0", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"},
		{"1.e4!! e5?? 2.Nf3!? Nc6?! *", "e4 e5 Nf3 Nc6"},
	}
	for _, c := range cases {
		games := ParsePGN(c.text)
		if len(games) != 1 || games[0].Err != nil {
			t.Errorf("%q: %d games, err %v", c.text, len(games), games[0].Err)
			continue
		}
		var sans []string
		for _, m := range games[0].Moves {
			sans = append(sans, m.SAN)
		}
		if got := strings.Join(sans, " "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.text, got, c.want)
		}
	}
}

func TestPGNGarbage(t *testing.T) {
	for _, text := range []string{
		"1. e4 zz 2. d4",
		"[Event \"x\"]\n1. e4 e5 2. Qxf7 Ke7",
		"1. e4 e5 ((((",
		"1. e4 {unterminated",
		"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4",
	} {
		games := ParsePGN(text)
		if len(games) == 0 {
			t.Errorf("%q: no game", text)
			continue
		}
		t.Logf("%q: %v", text, games[0].Err)
	}
	if g := ParsePGN("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4")[0]; g.Err == nil || !errors.As(g.Err, new(*FENError)) {
		t.Errorf("bad FEN tag: %v", g.Err)
	}
	if g := ParsePGN("1. e4 zz 2. d4")[0]; g.Err == nil || g.Err.Code() != ReasonBadNotation || len(g.Moves) != 1 {
		t.Errorf("garbage move: %v", g.Err)
	}
}

func TestGameToPGN(t *testing.T) {
	g := NewGame(mustFEN(t, "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1"))
	for _, s := range []string{"O-O", "Kd7", "b8=N+", "Kc7"} {
		if err := g.PlayMove(s); err != nil {
			t.Fatal(s, err)
		}
	}
	pg := g.PGNGame(Tag{Name: "Event", Value: "Lesson"})
	out := pg.PGN()
	want := "[Event \"Lesson\"]\n[SetUp \"1\"]\n[FEN \"4k3/1P6/8/8/8/8/8/4K2R w K - 0 1\"]\n[Result \"*\"]\n\n1. O-O Kd7 2. b8=N+ Kc7 *\n"
	if out != want {
		t.Errorf("PGN:\n%s\nwant:\n%s", out, want)
	}
	back := ParsePGN(out)
	if len(back) != 1 || back[0].Err != nil || back[0].Final().FEN() != g.Position().FEN() {
		t.Errorf("read back: %+v", back)
	}
}
