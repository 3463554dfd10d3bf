package players

import (
	"context"
	"strings"
	"testing"

	"qixue/rules/game"
)

// scripted is a Player whose evaluations are given: win[i] is the side to
// move's expected score after i moves, and its best move is always the
// first legal one.
type scripted struct{ win []float64 }

func (scripted) Game() game.Name { return game.Chess }
func (scripted) Levels() []Level { return []Level{{1, "一", "one"}} }
func (scripted) Choose(context.Context, game.Position, []game.Move, Request) (Choice, error) {
	return Choice{}, nil
}
func (s scripted) Evaluate(ctx context.Context, start game.Position, moves []game.Move, _ Budget) (Eval, error) {
	p := start
	for _, m := range moves {
		p, _ = p.Play(m)
	}
	ms, _ := p.Moves(ctx)
	return Eval{Win: s.win[len(moves)], Best: ms[0]}, nil
}

func TestTurningPoints(t *testing.T) {
	rules := game.NewRegistry().Must(game.Chess)
	start, _ := rules.Start("")
	var moves []game.Move
	p := start
	for _, s := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p, _ = p.Play(m)
		moves = append(moves, m)
	}
	win := []float64{0.5, 0.5, 0.65, 0.71, 0.3, 0.96, 0.04, 0.9}
	rv, err := Analyse(context.Background(), scripted{win}, rules, start, moves, Budget{})
	if err != nil {
		t.Fatal(err)
	}
	var losses []float64
	for _, r := range rv.Plies {
		losses = append(losses, r.Loss)
	}
	// Loss of ply i = win[i-1] + win[i] - 1: 0, 0.15, 0.36, 0.01, 0.26, 0, 0.
	want := []Kind{Good, Inaccuracy, Blunder, Good, Mistake, Good, Good}
	for i, r := range rv.Plies {
		if r.Kind != want[i] {
			t.Errorf("ply %d: loss %.2f kind %q, want %q (losses %v)", i+1, r.Loss, r.Kind, want[i], losses)
		}
	}
	if len(rv.Turning) != 3 || rv.Turning[0].Ply != 2 || rv.Turning[1].Ply != 3 || rv.Turning[2].Ply != 5 {
		t.Fatalf("turning points %+v", rv.Turning)
	}
	if !strings.Contains(rv.Turning[1].Text("zh-CN"), "白方") || !strings.Contains(rv.Turning[0].Text("en"), "Black") {
		t.Errorf("texts %q, %q", rv.Turning[1].Text("zh-CN"), rv.Turning[0].Text("en"))
	}
	if rv.Plies[0].FirstWin != 0.5 || rv.Plies[1].FirstWin != 0.65 {
		t.Errorf("first side's graph: %v %v", rv.Plies[0].FirstWin, rv.Plies[1].FirstWin)
	}
}

func TestWinChance(t *testing.T) {
	if WinChance(0, 0) != 0.5 || WinChance(0, 3) != 1 || WinChance(0, -2) != 0 || WinChance(300, 0) < 0.7 || WinChance(-300, 0) > 0.3 {
		t.Error("WinChance")
	}
	if LevelError(0, 10).Field() != "level" || GameOverError().Code() != "game_over" || !strings.Contains(LevelError(12, 10).Message("en"), "1 to 10") {
		t.Error("errors")
	}
}
