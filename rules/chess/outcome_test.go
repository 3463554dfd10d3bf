package chess

import "testing"

func TestPositionOutcome(t *testing.T) {
	cases := []struct {
		fen  string
		want Outcome
	}{
		{StartFEN, Outcome{}},
		{"6Rk/5Kpp/8/8/8/8/8/8 b - - 0 1", Outcome{Method: Checkmate, Winner: White}},
		{"k7/8/1Q6/8/8/8/8/7K b - - 0 1", Outcome{Method: Stalemate}},
		{"k7/8/8/8/8/8/8/7K w - - 0 1", Outcome{Method: DeadPosition}},
		{"k7/8/8/8/8/8/8/5N1K w - - 0 1", Outcome{Method: DeadPosition}},
		{"k7/8/8/8/8/8/8/5B1K w - - 0 1", Outcome{Method: DeadPosition}},
		{"k7/8/8/3b4/8/8/8/5B1K w - - 0 1", Outcome{Method: DeadPosition}},       // both bishops on light squares
		{"k7/8/8/8/3b4/8/8/5B1K w - - 0 1", Outcome{}},                           // opposite colours
		{"k7/8/8/8/8/8/8/4NN1K w - - 0 1", Outcome{}},                            // two knights can mate (with help)
		{"k7/8/8/8/8/8/8/1R5K w - - 150 100", Outcome{Method: SeventyFiveMoves}}, // 75 moves without capture or pawn move
		{"k7/8/8/8/8/8/8/1R5K w - - 149 100", Outcome{}},
	}
	for _, c := range cases {
		if got := mustFEN(t, c.fen).Outcome(); got != c.want {
			t.Errorf("%s: outcome %+v, want %+v", c.fen, got, c.want)
		}
	}
	if r := (Outcome{Method: Checkmate, Winner: Black}).Result(); r != "0-1" {
		t.Errorf("result %s", r)
	}
}

func TestRepetition(t *testing.T) {
	g := NewGame(StartPosition())
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := 0; i < 2; i++ {
		for _, s := range shuffle {
			if err := g.PlayMove(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := g.ClaimableDraw(); got != ThreefoldRepetition {
		t.Fatalf("after two cycles: %v, want threefold", got)
	}
	if g.Outcome().Over() {
		t.Fatal("threefold must not end the game by itself")
	}
	for i := 0; i < 2; i++ {
		for _, s := range shuffle {
			if err := g.PlayMove(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got := g.Outcome(); got.Method != FivefoldRepetition {
		t.Fatalf("after four cycles: %+v, want fivefold", got)
	}
	if err := g.PlayMove("e4"); err == nil {
		t.Error("a move after fivefold repetition must be refused")
	}

	// An en-passant chance makes a position different from the same
	// placement without it.
	g = NewGame(mustFEN(t, "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1"))
	for _, s := range []string{"d4", "Kd7", "Kd1", "Ke8", "Ke1", "Kd7", "Kd1", "Ke8", "Ke1"} {
		if err := g.PlayMove(s); err != nil {
			t.Fatal(s, err)
		}
	}
	if got := g.ClaimableDraw(); got != Ongoing {
		t.Errorf("position after d4 (e.p. possible) repeated only twice: %v", got)
	}

	g = NewGame(mustFEN(t, "k7/8/8/8/8/8/8/1R5K w - - 99 80"))
	if err := g.PlayMove("Rb2"); err != nil {
		t.Fatal(err)
	}
	if got := g.ClaimableDraw(); got != FiftyMoves {
		t.Errorf("fifty-move rule: %v", got)
	}
}
