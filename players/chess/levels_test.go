package chess

import (
	"context"
	"errors"
	"testing"
	"time"

	rc "qixue/rules/chess"
)

func TestLevels(t *testing.T) {
	if len(levels) != Levels {
		t.Fatalf("%d level specs, Levels is %d", len(levels), Levels)
	}
	for _, n := range []int{0, -1, Levels + 1} {
		if _, err := LevelInfo(n); !errors.Is(err, ErrLevel) {
			t.Errorf("LevelInfo(%d): %v, want ErrLevel", n, err)
		}
		if _, err := New(n, 0, 0); !errors.Is(err, ErrLevel) {
			t.Errorf("New(%d): %v, want ErrLevel", n, err)
		}
	}
	seen := map[string]bool{}
	for n := 1; n <= Levels; n++ {
		l, err := LevelInfo(n)
		if err != nil || l.NameZH == "" || l.NameEN == "" || seen[l.NameEN] || seen[l.NameZH] {
			t.Errorf("level %d: %+v %v", n, l, err)
		}
		seen[l.NameEN], seen[l.NameZH] = true, true
	}
}

// TestDeterministic: the same level, seed and node budget give the same
// move and the same node count.
func TestDeterministic(t *testing.T) {
	pos := mustFEN(t, middlegame)
	for _, level := range []int{1, 5, Levels} {
		var first Result
		for i := 0; i < 2; i++ {
			e, _ := New(level, 42, 16)
			r, err := e.Search(context.Background(), pos, nil, Limits{Nodes: 20000}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = r
			} else if r.Move != first.Move || r.Nodes != first.Nodes || r.Score != first.Score {
				t.Errorf("level %d: %v/%d/%d then %v/%d/%d", level, first.Move, first.Nodes, first.Score, r.Move, r.Nodes, r.Score)
			}
		}
	}
}

// TestStopsOnContext: a cancelled search still answers with a legal move,
// at once.
func TestStopsOnContext(t *testing.T) {
	pos := mustFEN(t, middlegame)
	e, _ := New(Levels, 1, 16)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	r, err := e.Search(ctx, pos, nil, Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped after %s", d)
	}
	if _, err := pos.Play(r.Move); err != nil {
		t.Errorf("move %s: %v", r.Move, err)
	}
	r, err = e.Search(ctx, pos, nil, Limits{}, nil) // already cancelled
	if err != nil || r.Depth != 1 {
		t.Errorf("cancelled before the start: depth %d, %v", r.Depth, err)
	}
}

func TestErrors(t *testing.T) {
	e, _ := New(3, 1, 16)
	mate := mustFEN(t, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
	if _, err := e.Search(context.Background(), mate, nil, Limits{}, nil); !errors.Is(err, ErrNoMoves) {
		t.Errorf("mated: %v", err)
	}
	if _, err := e.Search(context.Background(), rc.StartPosition(), []rc.Move{rc.NewMove(rc.E1, rc.E8, 0)}, Limits{}, nil); err == nil {
		t.Error("an illegal history move was accepted")
	}
}

// TestBook: every book move is legal, and different seeds open
// differently.
func TestBook(t *testing.T) {
	if len(book) < 20 {
		t.Fatalf("book has %d positions", len(book))
	}
	firsts := map[rc.Move]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		e, _ := New(Levels, seed, 16)
		pos := rc.StartPosition()
		var moves []rc.Move
		for ply := 0; ply < 6; ply++ {
			r, err := e.Search(context.Background(), rc.StartPosition(), moves, Limits{Depth: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			next, err := pos.Play(r.Move)
			if err != nil {
				t.Fatalf("seed %d ply %d: %s: %v", seed, ply, r.Move, err)
			}
			if ply == 0 {
				firsts[r.Move] = true
			}
			pos, moves = next, append(moves, r.Move)
		}
	}
	if len(firsts) < 3 {
		t.Errorf("40 seeds open with only %v", firsts)
	}
}

// TestRepetitionIsDraw: a side a queen down takes the repetition the
// game's history offers, which the search scores as a draw.
func TestRepetitionIsDraw(t *testing.T) {
	start := mustFEN(t, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1")
	var moves []rc.Move
	p := start
	for _, s := range []string{"e1d1", "e8d8", "d1e1"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p, _ = p.Play(m)
		moves = append(moves, m)
	}
	e, _ := New(Levels, 1, 16)
	r, err := e.Search(context.Background(), start, moves, Limits{Depth: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Move.String() != "d8e8" || r.Score != 0 {
		t.Errorf("played %s with score %d, want the repetition d8e8 at 0", r.Move, r.Score)
	}
}
