package games

import (
	"context"
	"errors"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/record"
)

const twoChessGames = `[Event "Club"]
[Date "2026.11.03"]
[Round "1"]
[White "Wang Xiaoming"]
[Black "Li Hua"]
[ECO "C50"]

1. e4 {the centre} e5 2. Nf3 (2. f4 exf4) Nc6 3. Bc4 Bc5 1-0

[Event "Club"]
[White "A"]
[Black "B"]

1. e4 e5 2. Ke3 Nf6 *
`

func TestReadPGNKeepsGoodGamesAndNumbersBadOnes(t *testing.T) {
	rs := readDefault(game.Chess, "", twoChessGames)
	if len(rs) != 2 {
		t.Fatalf("%d games", len(rs))
	}
	g := rs[0].Rec
	if rs[0].Bad != nil || g.Date != "2026-11-03" || g.White.Name != "Wang Xiaoming" || g.Result != FirstWins || g.Plies != 6 || !strings.HasPrefix(g.Opening, "C50 Italian Game") {
		t.Fatalf("game 1: %+v %+v", rs[0].Bad, g)
	}
	if rs[1].Bad == nil || rs[1].Number != 2 || !strings.Contains(rs[1].Bad.EN, "move 2") || !strings.Contains(rs[1].Bad.ZH, "第2回合") {
		t.Fatalf("game 2: %+v", rs[1].Bad)
	}
	rp, err := replay(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(rp.Plies) != 6 || rp.Plies[0].Comments[0] != "the centre" || rp.Plies[2].Variations[0] != "f4 exf4" {
		t.Fatalf("replay %+v", rp.Plies)
	}
	if p := rp.Plies[2]; p.Notation != "Nf3" || p.Move.ZH != "马 g1-f3" || p.Position != "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" || p.LastMove != "g1f3" {
		t.Errorf("ply 3 %+v", p)
	}
	text, err := export(g, "王小明", "Li Hua")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, `[White "王小明"]`) || !strings.Contains(text, "(2. f4 exf4)") || !strings.Contains(text, "{the centre}") {
		t.Errorf("export:\n%s", text)
	}
	back := readDefault(game.Chess, "", text)
	if len(back) != 1 || back[0].Bad != nil || back[0].Rec.Final != g.Final {
		t.Errorf("export does not read back:\n%s", text)
	}
}

func TestReadPDN(t *testing.T) {
	text := "[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1/2-1/2\"]\n\n1. 32-28 {start} 19-23 2. 28x19 14x23 1/2-1/2\n\n[White \"C\"]\n\n1. 32-27 32-28 *\n"
	rs := readDefault(game.Draughts, "", text)
	if len(rs) != 2 || rs[0].Bad != nil || rs[1].Bad == nil {
		t.Fatalf("%+v", rs)
	}
	g := rs[0].Rec
	if g.Result != Draw || g.Plies != 4 {
		t.Fatalf("%+v", g)
	}
	rp, err := replay(g)
	if err != nil {
		t.Fatal(err)
	}
	if rp.Plies[2].Notation != "28x19" || rp.Plies[2].Move.ZH != "28×19" || rp.Plies[0].Comments[0] != "start" {
		t.Errorf("%+v", rp.Plies)
	}
	text2, err := export(g, "Ann", "Bo")
	if err != nil || !strings.Contains(text2, "1-1") {
		t.Errorf("%v\n%s", err, text2)
	}
}

func TestReadPDNKeepsVariations(t *testing.T) {
	text := "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. 32-28 19-23 (1... 18-23 {also good} 2. 38-32 (2. 37-32 12-18) 12-18) " +
		"2. 28x19 (2. 33-29? 14-20) 14x23 (2... 13x24 {the other way} 3. 31-27 24x29) 3. 37-32 *\n"
	rs := readDefault(game.Draughts, "", text)
	if len(rs) != 1 || rs[0].Bad != nil {
		t.Fatalf("%+v", rs)
	}
	r := rs[0]
	// 2. 33-29 misses the capture: the variation is dropped with a warning
	// naming it; 24x29 takes nothing: read as 24-29.
	if len(r.Warnings) != 2 || !strings.Contains(r.Warnings[0].EN, "variation, move 2 33-29?: capture is mandatory") ||
		!strings.Contains(r.Warnings[0].ZH, "变着中第 2 回合 33-29?") || !strings.Contains(r.Warnings[1].EN, "variation, move 3 24x29 takes nothing: read as 24-29") {
		t.Fatalf("warnings %+v", r.Warnings)
	}
	if r.Rec.Plies != 5 || strings.Join(r.Moves, " ") != "32-28 19-23 28x19 14x23 37-32" {
		t.Fatalf("main line %d %q", r.Rec.Plies, r.Moves)
	}
	rp, err := replay(r.Rec)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range rp.Plies {
		got = append(got, strings.Join(p.Variations, " | "))
	}
	if want := []string{"", "18-23 38-32 12-18", "", "13x24 31-27 24-29", ""}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("replay variations %q, want %q", got, want)
	}
	text2, err := export(r.Rec, "Ann", "Bo")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"(1... 18-23 {also good} 2. 38-32 (2. 37-32 12-18) 2... 12-18)", "(2... 13x24 {the other way} 3. 31-27 24-29)"} {
		if !strings.Contains(text2, s) {
			t.Errorf("export lacks %q:\n%s", s, text2)
		}
	}
	movetext := func(s string) string { _, m, _ := strings.Cut(s, "\n\n"); return m }
	back := readDefault(game.Draughts, "", text2)
	if len(back) != 1 || back[0].Bad != nil || movetext(back[0].Rec.Text) != movetext(r.Rec.Text) || len(back[0].Warnings) != 0 {
		t.Errorf("export does not read back as the same record:\n%s", text2)
	}
}

func TestReadGomoku(t *testing.T) {
	text := "[Black \"Ann\"]\n[White \"Bo\"]\n[Rule \"renju\"]\n\n1. h8 2. h9 3. j10 {flower moon} 4. g9 5. j9,k11:j9\n\n" +
		"h8 h9 h9\n\n" +
		"h8 h7 i8 i7 j8 j7 k8 k7 l8\n"
	rs := readDefault(game.Gomoku, "", text)
	if len(rs) != 3 {
		t.Fatalf("%d games", len(rs))
	}
	if rs[0].Bad != nil || rs[0].Rec.Opening == "" || rs[0].Rec.Variant != "renju" || rs[0].Rec.Plies != 5 {
		t.Fatalf("game 1 %+v %+v", rs[0].Bad, rs[0].Rec)
	}
	if rs[1].Bad == nil || rs[1].Number != 2 {
		t.Fatalf("game 2 %+v", rs[1])
	}
	if rs[2].Bad != nil || rs[2].Rec.Result != FirstWins || rs[2].Rec.Variant != "freestyle" {
		t.Fatalf("game 3 %+v %+v", rs[2].Bad, rs[2].Rec)
	}
	rp, err := replay(rs[0].Rec)
	if err != nil {
		t.Fatal(err)
	}
	if rp.Plies[2].Comments[0] != "flower moon" || rp.Plies[4].LastMove != "j9" || !strings.HasPrefix(rp.Plies[4].Move.ZH, "五手两打") {
		t.Errorf("%+v", rp.Plies)
	}
	out, err := export(rs[0].Rec, "Ann", "Bo")
	if err != nil || len(readDefault(game.Gomoku, "", out)) != 1 || readDefault(game.Gomoku, "", out)[0].Bad != nil {
		t.Errorf("%v\n%s", err, out)
	}
}

func TestReadNumChessScoresTheFinalPosition(t *testing.T) {
	rs := readDefault(game.NumChess, "", "[Red \"Ann\"]\n[Blue \"Bo\"]\n\n1d4-i5 0-1\n\n1d4-z9\n")
	if len(rs) != 2 {
		t.Fatalf("%d games", len(rs))
	}
	if rs[1].Bad == nil {
		t.Errorf("game 2 read: %+v", rs[1].Rec)
	}
	if rs[0].Bad != nil {
		t.Fatalf("game 1: %v", rs[0].Bad)
	}
	if g := rs[0].Rec; g.White.Name != "Ann" || g.Plies != 1 || g.Result == "" {
		t.Errorf("%+v", g)
	}
	rp, err := replay(rs[0].Rec)
	if err != nil || len(rp.Plies) != 1 || rp.Plies[0].Move.ZH == "" {
		t.Fatalf("%v %+v", err, rp)
	}
}

func TestRecordDate(t *testing.T) {
	for in, want := range map[string]string{"2026.11.03": "2026-11-03", "2026-11-03": "2026-11-03", "2026.??.??": "", "2026.13.01": "", "": ""} {
		if got := recordDate(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestReadPSQ(t *testing.T) {
	text := "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,9,0\n9,8,0\n9,9,0\n10,8,0\n10,9,0\n11,8,0\n11,9,0\n12,8,0\n-1\n"
	rs := readDefault(game.Gomoku, "", text)
	if len(rs) != 1 || rs[0].Bad != nil {
		t.Fatalf("%+v", rs)
	}
	g := rs[0].Rec
	if g.Result != FirstWins || g.Plies != 9 || g.Variant != "freestyle" {
		t.Fatalf("%+v", g)
	}
	if rp, err := replay(g); err != nil || len(rp.Plies) != 9 || rp.Plies[8].LastMove != "l8" {
		t.Fatalf("%v %+v", err, rp)
	}
	if bad := readDefault(game.Gomoku, "", "Piskvorky 20x20, 11:11, 0\n1,1,0\n"); len(bad) != 1 || bad[0].Bad == nil || !strings.Contains(bad[0].Bad.EN, "15x15") {
		t.Errorf("20x20: %+v", bad)
	}
}

func TestReadNumChessChineseNotationAndWrongResult(t *testing.T) {
	rs := readDefault(game.NumChess, "", "[Red \"小明\"]\n[Blue \"小红\"]\n[Ruleset \"K1\"]\n\n1. 1d4-i5 {先走一步} 1-0\n")
	if len(rs) != 1 || rs[0].Bad != nil {
		t.Fatalf("%+v", rs[0].Bad)
	}
	g := rs[0].Rec
	if g.Variant != "K1" || g.White.Name != "小明" || g.Black.Name != "小红" {
		t.Fatalf("%+v", g)
	}
	if g.Result != FirstWins && len(rs[0].Warnings) == 0 {
		t.Errorf("result %s without a warning", g.Result)
	}
	out, err := export(g, "小明", "小红")
	if err != nil || !strings.Contains(out, `[Red "小明"]`) || !strings.Contains(out, "{先走一步}") {
		t.Errorf("%v\n%s", err, out)
	}
	rp, err := replay(g)
	if err != nil || rp.Plies[0].Comments[0] != "先走一步" || !strings.Contains(rp.Plies[0].Move.ZH, "1") {
		t.Errorf("%v %+v", err, rp)
	}
}

func TestOpeningsNamedWhenTheFileHasNone(t *testing.T) {
	c := readDefault(game.Chess, "", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 *\n")
	if len(c) != 1 || !strings.HasPrefix(c[0].Rec.Opening, "C5") || !strings.Contains(c[0].Rec.Opening, "/ ") {
		t.Errorf("chess opening %q", c[0].Rec.Opening)
	}
	d := readDefault(game.Draughts, "", "1. 32-28 18-23 *\n")
	if len(d) != 1 || d[0].Bad != nil || !strings.HasPrefix(d[0].Rec.Opening, "32-28 18-23") {
		t.Errorf("draughts opening %+v", d[0])
	}
	r := readDefault(game.Gomoku, "renju", "h8 h9 j10\n")
	if len(r) != 1 || r[0].Bad != nil || r[0].Rec.Opening == "" {
		t.Errorf("renju opening %+v %+v", r[0].Bad, r[0].Rec)
	}
}

func TestNumChessRulesetFromTheUpload(t *testing.T) {
	g := readDefault(game.NumChess, "K1", "1. 1d4-i5 *\n\n[Ruleset \"G23\"]\n1. 1d4-i5 *\n")
	if len(g) != 2 || g[0].Bad != nil || g[1].Bad != nil {
		t.Fatalf("%+v", g)
	}
	if g[0].Rec.Variant != "K1" || g[1].Rec.Variant != "G23" {
		t.Errorf("variants %s %s", g[0].Rec.Variant, g[1].Rec.Variant)
	}
	if rp, err := replay(g[0].Rec); err != nil || len(rp.Plies) != 1 {
		t.Errorf("replay %v", err)
	}
	if bad := readDefault(game.NumChess, "X9", "1. 1d4-i5 *\n"); len(bad) != 1 || bad[0].Bad == nil {
		t.Errorf("unknown ruleset %+v", bad)
	}
}

// Issue 30: a renju record ending on Black's forbidden move is stored as
// White's win; a Soosorv record with its second swap is read; both come
// back from the archive as they went in.
func TestReadRenjuFoulAndSoosorv(t *testing.T) {
	text := "[Rule \"renju\"]\nh8 h9 i8 a15 g7 c15 g6 e15 b3 g15 l3 o1 g8 0-1\n\n" +
		"[Rule \"renju\"]\n[Opening \"Soosorv-8\"]\nh8 h9 i10 swap a1 swap g11,j12,k5:j12 a2 *\n"
	rs := readDefault(game.Gomoku, "renju", text)
	if len(rs) != 2 || rs[0].Bad != nil || rs[1].Bad != nil {
		t.Fatalf("%+v", rs)
	}
	if rs[0].Rec.Result != SecondWins || rs[0].Rec.Plies != 13 {
		t.Errorf("foul game %+v", rs[0].Rec)
	}
	for i, r := range rs {
		if _, err := replay(r.Rec); err != nil {
			t.Errorf("game %d does not replay from the archive: %v", i+1, err)
		}
	}
	if !strings.Contains(rs[1].Rec.Text, "Soosorv-8") {
		t.Errorf("opening rule lost:\n%s", rs[1].Rec.Text)
	}
}

// readDefault reads a file within the default limits, which the tests'
// files never pass.
func readDefault(g game.Name, variant, text string) []read {
	rs, err := readFile(context.Background(), g, variant, text, record.DefaultLimits())
	if err != nil {
		panic(err)
	}
	return rs
}

// TestReplayEachBuildsOnePly: a replay of one ply builds that ply alone
// and stops there; begin comes first, once, even when no ply is wanted.
func TestReplayEachBuildsOnePly(t *testing.T) {
	for _, tc := range []struct {
		g    game.Name
		text string
	}{{game.Chess, "{start} 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"}, {game.Draughts, "{start} 1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 *"},
		{game.Gomoku, "{start} h8 h9 i9 i10 j10 j11\n"}, {game.NumChess, "{start} 1d4-i5 1a14-e13 {two} 1-0\n"}} {
		rs := readDefault(tc.g, "", tc.text)
		if len(rs) != 1 || rs[0].Bad != nil {
			t.Fatalf("%s: %+v", tc.g, rs)
		}
		for _, only := range []int{0, 2, All} {
			var got []int
			begins := 0
			_, err := replayStream(rs[0].Rec, only, func(rp *Replay) error {
				if begins++; len(got) > 0 || len(rp.Comments) != 1 || rp.Comments[0] != "start" {
					t.Errorf("%s: begin after %v with %v", tc.g, got, rp.Comments)
				}
				return nil
			}, func(p Ply) error { got = append(got, p.Ply); return nil })
			want := map[int]int{0: 0, 2: 1, All: rs[0].Rec.Plies}[only]
			if err != nil || begins != 1 || len(got) != want || only == 2 && got[0] != 2 {
				t.Errorf("%s only %d: plies %v, begins %d, %v", tc.g, only, got, begins, err)
			}
		}
	}
}

// TestReadFileStopsWithContext: a file read under an ended context (a
// heavy request past its budget) stops with the context's error for every
// game, whatever the file holds, and reads nothing.
func TestReadFileStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	files := map[game.Name]string{
		game.Chess:    strings.Repeat("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n", 50),
		game.Draughts: strings.Repeat("[White \"A\"]\n[Black \"B\"]\n\n1. 32-28 19-23 *\n\n", 50),
		game.Gomoku:   "[Black \"A\"]\n[White \"B\"]\n\n1. h8 2. h9 3. j8 *\n",
		game.NumChess: "[Red \"A\"]\n[Blue \"B\"]\n\n*\n",
	}
	for g, text := range files {
		reads, err := readFile(ctx, g, "", text, record.DefaultLimits())
		if !errors.Is(err, context.Canceled) || reads != nil {
			t.Errorf("%s: %d reads, %v; want none and context.Canceled", g, len(reads), err)
		}
		if reads, err := readFile(context.Background(), g, "", text, record.DefaultLimits()); err != nil || len(reads) == 0 {
			t.Errorf("%s under a live context: %d reads, %v", g, len(reads), err)
		}
	}
}
