package chess_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"qixue/players"
	chessplayer "qixue/players/chess"
	"qixue/rules/game"
)

func replay(t *testing.T, rules game.Rules, moves ...string) (game.Position, []game.Move) {
	t.Helper()
	start, err := rules.Start("")
	if err != nil {
		t.Fatal(err)
	}
	p := start
	var ms []game.Move
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return start, ms
}

func TestPlayerChoose(t *testing.T) {
	reg := game.NewRegistry()
	rules := reg.Must(game.Chess)
	p := chessplayer.NewPlayer()
	if len(p.Levels()) != chessplayer.Levels || p.Levels()[0].Name("en") != "Snail" || p.Levels()[0].Name("zh-CN") != "小蜗牛" {
		t.Fatalf("levels %v", p.Levels())
	}
	start, moves := replay(t, rules, "e4", "e5", "Nf3", "Nc6", "Bc4", "Nd4")
	ctx := context.Background()
	for level := 1; level <= chessplayer.Levels; level++ {
		c, err := p.Choose(ctx, start, moves, players.Request{Level: level, Seed: 3, Nodes: 30000})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := p.Choose(ctx, start, moves, players.Request{Level: level, Seed: 3, Nodes: 30000})
		if c.Move.String() != again.Move.String() {
			t.Errorf("level %d: %s then %s", level, c.Move, again.Move)
		}
	}
	for _, level := range []int{0, 11} {
		_, err := p.Choose(ctx, start, moves, players.Request{Level: level})
		var pe *players.Error
		if !errors.As(err, &pe) || pe.Code() != "level_out_of_range" || pe.Field() != "level" || !strings.Contains(pe.Message("zh-CN"), "级") {
			t.Errorf("level %d: %v", level, err)
		}
	}
	gomoku, _ := reg.Must(game.Gomoku).Start("")
	if _, err := p.Choose(ctx, gomoku, nil, players.Request{Level: 1}); err == nil {
		t.Error("a gomoku position was played")
	}
	s, mate := replay(t, rules, "f3", "e5", "g4", "Qh4")
	_, err := p.Choose(ctx, s, mate, players.Request{Level: 5})
	var pe *players.Error
	if !errors.As(err, &pe) || pe.Code() != "game_over" {
		t.Errorf("mated: %v", err)
	}
	if e, err := p.Evaluate(ctx, s, mate, players.Budget{}); err != nil || e.Win != 0 || e.Best != nil {
		t.Errorf("mated position evaluated %+v %v", e, err)
	}
}

// TestReview: in 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7# the turning point
// is Black's third move, with a move that stops the mate.
func TestReview(t *testing.T) {
	reg := game.NewRegistry()
	rules := reg.Must(game.Chess)
	start, moves := replay(t, rules, "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
	rv, err := players.Analyse(context.Background(), chessplayer.NewPlayer(), rules, start, moves, players.Budget{Nodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	if len(rv.Plies) != 7 {
		t.Fatalf("%d plies", len(rv.Plies))
	}
	six := rv.Plies[5]
	if six.Kind != players.Blunder || six.WinAfter > 0.01 || six.Best == "" {
		t.Errorf("Nf6: %+v", six)
	}
	if rv.Plies[6].Loss != 0 || rv.Plies[6].FirstWin < 0.99 {
		t.Errorf("Qxf7#: %+v", rv.Plies[6])
	}
	if len(rv.Turning) == 0 || rv.Turning[len(rv.Turning)-1].Ply != 6 {
		t.Fatalf("turning points %+v", rv.Turning)
	}
	tp := rv.Turning[len(rv.Turning)-1]
	if !strings.Contains(tp.Text("zh-CN"), "第 6 手") || !strings.Contains(tp.Text("zh-CN"), "黑方") ||
		!strings.Contains(tp.Text("en"), "Move 6") || !strings.Contains(tp.Text("en"), "Better was") {
		t.Errorf("texts %q / %q", tp.Text("zh-CN"), tp.Text("en"))
	}
	t.Log(tp.Text("zh-CN"), " / ", tp.Text("en"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := players.Analyse(ctx, chessplayer.NewPlayer(), rules, start, moves, players.Budget{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled analysis: %v", err)
	}
}

func TestRegistry(t *testing.T) {
	reg, err := players.NewRegistry(chessplayer.NewPlayer())
	if err != nil {
		t.Fatal(err)
	}
	if p, err := reg.Get(game.Chess); err != nil || p.Game() != game.Chess {
		t.Errorf("Get chess: %v", err)
	}
	var pe *players.Error
	if _, err := reg.Get(game.Draughts); !errors.As(err, &pe) || pe.Code() != "no_player" {
		t.Errorf("Get draughts: %v", err)
	}
	if g := reg.Games(); len(g) != 1 || g[0] != game.Chess {
		t.Errorf("Games %v", g)
	}
	if _, err := players.NewRegistry(chessplayer.NewPlayer(), chessplayer.NewPlayer()); !errors.As(err, &pe) || pe.Code() != "duplicate_player" {
		t.Errorf("two chess players: %v", err)
	}
}
