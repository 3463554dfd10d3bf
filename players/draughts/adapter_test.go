package draughts_test

import (
	"context"
	"errors"
	"testing"

	"qixue/players"
	draughtsplayer "qixue/players/draughts"
	"qixue/rules/game"
)

// TestGamePlayerPlaysAGame: through rules/game (which applies the FMJD
// draw rules), level 5 beats level 1 as White.
func TestGamePlayerPlaysAGame(t *testing.T) {
	ctx := context.Background()
	rules := game.NewRegistry().Must(game.Draughts)
	start, err := rules.Start("")
	if err != nil {
		t.Fatal(err)
	}
	p := draughtsplayer.NewGamePlayer()
	g := game.NewGame(start)
	for ply := 0; ply < 300 && !g.Outcome().Over(); ply++ {
		level := 5
		if g.Position().Turn() == game.Second {
			level = 1
		}
		c, err := p.Choose(ctx, g.Start(), g.Moves(), players.Request{Level: level, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayMove(c.Move); err != nil {
			t.Fatalf("ply %d: %s: %v", ply, c.Move, err)
		}
	}
	if o := g.Outcome(); !o.Over() || o.Result != game.FirstWins {
		t.Fatalf("after %d plies: %+v", g.Ply(), o)
	}
	rv, err := players.Analyse(ctx, p, rules, start, g.Moves()[:10], players.Budget{Nodes: 2000})
	if err != nil || len(rv.Plies) != 10 {
		t.Fatalf("review: %v", err)
	}
	var pe *players.Error
	if _, err := p.Choose(ctx, start, nil, players.Request{Level: 0}); !errors.As(err, &pe) || pe.Code() != "level_out_of_range" {
		t.Fatalf("level 0: %v", err)
	}
}
