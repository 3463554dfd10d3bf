package numchess_test

import (
	"context"
	"errors"
	"testing"

	"qixue/players"
	numplayer "qixue/players/numchess"
	"qixue/rules/game"
)

// TestGamePlayerPlaysAGame: through rules/game, two levels play a K1 game
// to its end, the winner calling stop with players.Choice.Claim.
func TestGamePlayerPlaysAGame(t *testing.T) {
	ctx := context.Background()
	rules := game.NewRegistry().Must(game.NumChess)
	start, err := rules.Start("K1")
	if err != nil {
		t.Fatal(err)
	}
	reg, err := players.NewRegistry(numplayer.NewGamePlayer())
	if err != nil {
		t.Fatal(err)
	}
	p, err := reg.Get(game.NumChess)
	if err != nil {
		t.Fatal(err)
	}
	g := game.NewGame(start)
	for ply := 0; ply < 300 && !g.Outcome().Over(); ply++ {
		level := 4
		if g.Position().Turn() == game.Second {
			level = 2
		}
		c, err := p.Choose(ctx, g.Start(), g.Moves(), players.Request{Level: level, Seed: uint64(ply)})
		if err != nil {
			t.Fatal(err)
		}
		if c.Claim != "" {
			if _, err := g.Claim(g.Position().Turn(), c.Claim, ""); err != nil {
				t.Fatalf("ply %d: claim %s: %v", ply, c.Claim, err)
			}
			break
		}
		if err := g.PlayMove(c.Move); err != nil {
			t.Fatalf("ply %d: %s: %v", ply, c.Move, err)
		}
	}
	if o := g.Outcome(); !o.Over() || o.Rule != game.Stop {
		t.Fatalf("after %d plies: %+v", g.Ply(), o)
	}
	// A review of the first plies.
	moves := g.Moves()[:8]
	rv, err := players.Analyse(ctx, p, rules, start, moves, players.Budget{Nodes: 30})
	if err != nil {
		t.Fatal(err)
	}
	if len(rv.Plies) != len(moves) {
		t.Fatalf("review of %d plies has %d", len(moves), len(rv.Plies))
	}
}

func TestGamePlayerRefuses(t *testing.T) {
	ctx := context.Background()
	reg := game.NewRegistry()
	start, _ := reg.Must(game.NumChess).Start("G46")
	p := numplayer.NewGamePlayer()
	var pe *players.Error
	if _, err := p.Choose(ctx, start, nil, players.Request{Level: 11}); !errors.As(err, &pe) || pe.Code() != "level_out_of_range" {
		t.Fatalf("level 11: %v", err)
	}
	chess, _ := reg.Must(game.Chess).Start("")
	if _, err := p.Choose(ctx, chess, nil, players.Request{Level: 1}); !errors.As(err, &pe) || pe.Code() != "wrong_game" {
		t.Fatalf("a chess position: %v", err)
	}
}
