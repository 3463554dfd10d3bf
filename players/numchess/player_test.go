package numchess

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	rules "qixue/rules/numchess"
)

// TestK1PlaysOnlyK1Moves: under K1 a player's moves are all legal under K1
// (checked again by a fresh K1 engine) and no expression uses × or ÷.
func TestK1PlaysOnlyK1Moves(t *testing.T) {
	rs := rules.K1()
	check := rules.NewEngine(rs)
	ctx := context.Background()
	red, _ := New(rs, 6, 1)
	blue, _ := New(rs, 3, 2)
	g, err := PlayGame(ctx, rs, rules.Start(), red, blue, 80)
	if err != nil {
		t.Fatal(err)
	}
	pos := rules.Start()
	for _, s := range g.Moves {
		m, err := rules.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(s, "*/x×÷") {
			t.Fatalf("K1 move %s uses × or ÷", s)
		}
		if pos, err = check.Play(pos, m); err != nil {
			t.Fatalf("K1 move %s: %v", s, err)
		}
	}
	if len(g.Moves) < 40 {
		t.Fatalf("only %d moves", len(g.Moves))
	}
}

// TestG46UsesItsRules: a G46 player makes chain spans (K1 has none).
func TestG46UsesChains(t *testing.T) {
	rs := rules.G46()
	red, _ := New(rs, 4, 1)
	blue, _ := New(rs, 4, 2)
	g, err := PlayGame(context.Background(), rs, rules.Start(), red, blue, 30)
	if err != nil {
		t.Fatal(err)
	}
	chains := 0
	for _, s := range g.Moves {
		if strings.Count(s, "-") > 1 {
			chains++
		}
	}
	if chains == 0 {
		t.Fatalf("no chain span in %v", g.Moves)
	}
}

func TestDeterministic(t *testing.T) {
	rs := rules.K1()
	pos := benchPosition(t, rs, 14)
	var first string
	for i := 0; i < 2; i++ {
		p, _ := New(rs, 8, 42)
		d, err := p.Decide(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = d.Move.String()
		} else if d.Move.String() != first {
			t.Fatalf("same seed, moves %s and %s", first, d.Move)
		}
	}
}

// TestStop: a side with all ten in the camp stops when its score wins and
// plays on when it would lose.
func TestStop(t *testing.T) {
	rs := rules.G46()
	var pieces [2][10]rules.Point
	for n := 0; n < 10; n++ {
		pieces[rules.Red][n] = rules.CampPoint(rules.Blue, n) // 285
	}
	for n := 1; n < 10; n++ { // Blue: nine in Red's camp on their own numbers
		pieces[rules.Blue][n] = rules.CampPoint(rules.Red, n)
	}
	pieces[rules.Blue][0], _ = rules.ParsePoint("g9")
	win, err := rules.New(pieces, rules.Red, 40)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := New(rs, 1, 1)
	d, err := p.Decide(context.Background(), win)
	if err != nil || !d.Stop {
		t.Fatalf("285 against 285 without the 0 in place: %+v %v, want stop", d, err)
	}
	// Red's 9 and 8 swapped: 285-1 = 284 < 285 would lose.
	pieces[rules.Red][9], pieces[rules.Red][8] = rules.CampPoint(rules.Blue, 8), rules.CampPoint(rules.Blue, 9)
	lose, _ := rules.New(pieces, rules.Red, 40)
	if lose.Result(rs) != rules.BlueWins {
		t.Fatalf("test position: %v", lose.Result(rs))
	}
	for _, lv := range []int{1, 5, 10} {
		p, _ := New(rs, lv, 1)
		d, err := p.Decide(context.Background(), lose)
		if err != nil || d.Stop {
			t.Fatalf("level %d stops a lost position: %+v %v", lv, d, err)
		}
	}
}

func TestLevels(t *testing.T) {
	if len(Levels()) != 10 {
		t.Fatalf("%d levels", len(Levels()))
	}
	for i, l := range Levels() {
		if l.Number != i+1 || l.Name == "" || l.NameEn == "" {
			t.Fatalf("level %d: %+v", i+1, l)
		}
	}
	for _, n := range []int{0, 11, -1} {
		var le *LevelError
		if _, err := New(rules.G46(), n, 1); !errors.As(err, &le) || le.Code() != "level_out_of_range" || le.Message("zh-CN") == le.Message("en") {
			t.Fatalf("level %d: %v", n, err)
		}
	}
}

// TestContext: a cancelled context stops at once; a deadline cuts a deep
// search short with a move.
func TestContext(t *testing.T) {
	rs := rules.G46()
	pos := benchPosition(t, rs, 20)
	p, _ := New(rs, 10, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Decide(ctx, pos); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	d, err := p.DecideNodes(ctx, pos, 1_000_000)
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("a 30 ms deadline took %v", took)
	}
	if err == nil {
		if _, err := rules.SharedEngine(rs).Play(pos, d.Move); err != nil {
			t.Fatalf("move under a deadline: %v", err)
		}
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline: %v", err)
	}
}

// TestBeatsRandom: the middle level wins against random play (a short
// check; the full matches are in bench/matches and BENCHMARKS.md).
func TestBeatsRandom(t *testing.T) {
	n, rulesets := 2, []rules.Ruleset{rules.K1()}
	if os.Getenv("QIXUE_LONG_TESTS") == "1" {
		n, rulesets = 6, []rules.Ruleset{rules.K1(), rules.G23(), rules.G46()}
	}
	for _, rs := range rulesets {
		for i := 0; i < n; i++ {
			p, _ := New(rs, 5, uint64(i))
			r := NewRandom(rs, uint64(i))
			red, blue, side := Chooser(p), Chooser(r), rules.Red
			if i%2 == 1 {
				red, blue, side = r, p, rules.Blue
			}
			g, err := PlayGame(context.Background(), rs, rules.Start(), red, blue, 300)
			if err != nil {
				t.Fatal(err)
			}
			if w, ok := g.Outcome.Winner(); !ok || w != side {
				t.Fatalf("%s game %d: %s (%s, %v)", rs.Name, i, g.Outcome, g.End, g.Scores)
			}
		}
	}
}
