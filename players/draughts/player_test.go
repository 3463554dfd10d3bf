package draughts

import (
	"context"
	"errors"
	"testing"
	"time"

	rules "qixue/rules/draughts"
)

func TestLegalAndDeterministic(t *testing.T) {
	a, _ := New(5, 9)
	b, _ := New(5, 9)
	g := rules.NewGame(rules.Initial())
	for ply := 0; ply < 30 && g.Outcome().Result == rules.Ongoing; ply++ {
		pos := g.Position()
		da, err := a.Decide(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		db, _ := b.Decide(context.Background(), pos)
		if da.Move != db.Move {
			t.Fatalf("ply %d: same seed, %s and %s", ply, da.Move, db.Move)
		}
		if !pos.IsLegal(da.Move) {
			t.Fatalf("ply %d: %s is not legal", ply, da.Move)
		}
		if err := g.Play(da.Move); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFinishesWonEndgame: the player ahead finishes the game: three men
// against two promote and catch Black's men (some 70 plies), four kings
// catch a lone king (FMJD 6.3 does not apply to four pieces).
func TestFinishesWonEndgame(t *testing.T) {
	for _, fen := range []string{"W:W31,36,41:B5,10", "B:WK2,K3,K4,K48:BK23"} {
		start, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		w, _ := New(6, 1)
		b, _ := New(6, 2)
		g, end, err := PlayGame(context.Background(), start, w, b, 200, nil)
		if err != nil {
			t.Fatal(err)
		}
		if end.Result != rules.WhiteWins {
			t.Fatalf("%s: the won endgame ended %v (%s) after %v", fen, end.Result, end.Reason, g.Moves())
		}
	}
}

// TestDrawAwareness: a lone king on the long diagonal against two kings is
// a draw: the value stays near zero.
func TestDrawAwareness(t *testing.T) {
	pos, err := rules.ParseFEN("W:WK1,K3:BK46")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := New(8, 1)
	d, err := p.Decide(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if d.Value > 150 || d.Value < -150 {
		t.Fatalf("two kings against a lone king valued %d", d.Value)
	}
}

func TestLevelsAndContext(t *testing.T) {
	if len(Levels()) != 10 {
		t.Fatal(len(Levels()))
	}
	for _, n := range []int{0, 11} {
		var le *LevelError
		if _, err := New(n, 1); !errors.As(err, &le) {
			t.Fatalf("level %d: %v", n, err)
		}
	}
	p, _ := New(10, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Decide(ctx, rules.Initial()); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	d, err := p.DecideNodes(ctx, rules.Initial(), 1<<40)
	if time.Since(start) > time.Second {
		t.Fatalf("a 20 ms deadline took %v", time.Since(start))
	}
	if err == nil && !rules.Initial().IsLegal(d.Move) {
		t.Fatal("illegal move under a deadline")
	}
}

func TestBeatsRandom(t *testing.T) {
	for i := 0; i < 2; i++ {
		p, _ := New(4, uint64(i))
		r := NewRandom(uint64(i))
		w, b, want := Chooser(p), Chooser(r), rules.WhiteWins
		if i == 1 {
			w, b, want = r, p, rules.BlackWins
		}
		_, end, err := PlayGame(context.Background(), rules.Initial(), w, b, 300, nil)
		if err != nil {
			t.Fatal(err)
		}
		if end.Result != want {
			t.Fatalf("game %d: %v %s", i, end.Result, end.Reason)
		}
	}
}
