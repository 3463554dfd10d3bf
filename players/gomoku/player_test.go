package gomoku

import (
	"context"
	"slices"
	"strings"
	"testing"

	"qixue/players"
	"qixue/rules/game"
	rules "qixue/rules/gomoku"
)

// gameOf builds a free game (no opening protocol) with Black's stones xs
// and White's os; the side with fewer stones passes where needed, and
// toMove says whose turn it is at the end.
func gameOf(t testing.TB, rs rules.Ruleset, xs, os string, toMove rules.Colour) *rules.Game {
	t.Helper()
	bs, ws := strings.Fields(xs), strings.Fields(os)
	var rec []rules.Move
	put := func(s string) {
		p, err := rules.ParsePoint(s)
		if err != nil {
			t.Fatal(err)
		}
		rec = append(rec, rules.Move{Kind: rules.Place, Point: p})
	}
	for k := 0; k < len(bs) || k < len(ws); k++ {
		if k < len(bs) {
			put(bs[k])
		} else {
			rec = append(rec, rules.Move{Kind: rules.Pass})
		}
		if k < len(ws) {
			put(ws[k])
		} else if k < len(bs)-1 || toMove == rules.Black {
			rec = append(rec, rules.Move{Kind: rules.Pass})
		}
	}
	g := rules.NewFreeGame(rs)
	var err error
	for i, m := range rec {
		// two passes in a row would draw: the record never has them
		if m.Kind == rules.Pass && i > 0 && rec[i-1].Kind == rules.Pass {
			t.Fatal("two passes in a row")
		}
		if g, err = g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if g.ToMove() != toMove {
		if g, err = g.Play(rules.Move{Kind: rules.Pass}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func choose(t *testing.T, g *rules.Game, level int, seed uint64) string {
	t.Helper()
	return Decide(context.Background(), g, Side{Level: level, Seed: seed, Nodes: 20_000}).String()
}

func allRulesets() []rules.Ruleset {
	return []rules.Ruleset{rules.Freestyle, rules.Standard, rules.Renju}
}

func TestTakesWinInOne(t *testing.T) {
	for _, rs := range allRulesets() {
		for lv := 1; lv <= NumLevels; lv++ {
			// Black has a closed four f8-i8 (e8 white); White has an open
			// three elsewhere. j8 wins.
			g := gameOf(t, rs, "f8 g8 h8 i8 c3", "e8 d12 e12 f12 a1", rules.Black)
			if got := choose(t, g, lv, 3); got != "j8" {
				t.Errorf("%s level %d: %s, want j8", rs, lv, got)
			}
			// White to move wins with the broken four at k4.
			w := gameOf(t, rs, "a15 h8 h9 h10 c13", "h4 i4 j4 l4 o1", rules.White)
			if got := choose(t, w, lv, 3); got != "k4" {
				t.Errorf("%s level %d white: %s, want k4", rs, lv, got)
			}
		}
	}
}

func TestBlocksFourAndOpenThree(t *testing.T) {
	for _, rs := range allRulesets() {
		for lv := 1; lv <= NumLevels; lv++ {
			if levels[lv-1].missFour > 0 {
				continue // the lowest levels overlook a four now and then
			}
			// White threatens j8 (f8-i8 four, e8 black): Black blocks.
			g := gameOf(t, rs, "e8 c3 d12", "f8 g8 h8 i8", rules.Black)
			if got := choose(t, g, lv, 5); got != "j8" {
				t.Errorf("%s level %d: %s, want j8", rs, lv, got)
			}
		}
		for lv := 1; lv <= NumLevels; lv++ {
			if levels[lv-1].missThree > 0 {
				continue
			}
			// White's open three g8 h8 i8: Black answers on f8, j8 (or
			// the far ends e8, k8).
			g := gameOf(t, rs, "h10 c3", "g8 h8 i8", rules.Black)
			got := choose(t, g, lv, 5)
			if !slices.Contains([]string{"f8", "j8", "e8", "k8"}, got) {
				t.Errorf("%s level %d: %s does not answer the open three", rs, lv, got)
			}
		}
	}
}

// TestFindsVCF: Black wins by continuous fours (e5 f5 g5 against d5,
// h6 h7 h8 against h9: the fours lead to a double four); the player's
// line is one the engine's checker accepts.
func TestFindsVCF(t *testing.T) {
	g := gameOf(t, rules.Freestyle, "e5 f5 g5 h6 h7 h8 l12", "d5 h9 a1 c1 a15 c15 o15", rules.Black)
	b := newBoard(rules.Freestyle, g.Board())
	s := newSearcher(context.Background(), b, levels[NumLevels-1], 1_000_000)
	line, ok := s.vcf(black, 10, nil)
	if !ok {
		t.Fatal("no VCF found")
	}
	pts := make([]rules.Point, len(line))
	for k, i := range line {
		pts[k] = rules.PointAt(i)
	}
	if err := rules.CheckVCF(g.Board(), rules.Freestyle, rules.Black, pts); err != nil {
		t.Fatalf("line %v: %v", pts, err)
	}
	if _, ok := rules.FindVCF(g.Board(), rules.Freestyle, rules.Black, 10); !ok {
		t.Fatal("the engine finds no VCF")
	}
	// A longer one: Black's fours along row 4 and the diagonal end in a
	// double four only after three fours.
	for lv := 5; lv <= NumLevels; lv++ {
		d := decide(context.Background(), g, lv, 1, 20_000)
		if d.score < winMin {
			t.Errorf("level %d: %s scored %d, not a win", lv, rules.PointAt(d.move), d.score)
		}
	}
}

// TestVCFAgreesWithEngine: on positions from self-play, whenever the
// player finds a VCF the engine's checker accepts it.
func TestVCFAgreesWithEngine(t *testing.T) {
	for _, rs := range allRulesets() {
		g := rules.NewFreeGame(rs)
		for n := 0; n < 40; n++ {
			if r, _ := g.Result(); r != rules.Ongoing {
				break
			}
			b := newBoard(rs, g.Board())
			s := newSearcher(context.Background(), b, levels[NumLevels-1], 200_000)
			for _, c := range []int8{black, white} {
				if line, ok := s.vcf(c, 8, nil); ok {
					pts := make([]rules.Point, len(line))
					for k, i := range line {
						pts[k] = rules.PointAt(i)
					}
					if err := rules.CheckVCF(g.Board(), rs, rules.Colour(c), pts); err != nil {
						t.Fatalf("%s %s: line %v: %v\n%s", rs, rules.Colour(c), pts, err, g.Board())
					}
				}
			}
			var err error
			if g, err = g.Play(Decide(context.Background(), g, Side{Level: 4, Seed: uint64(n)})); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestNeverForbidden: in renju the player as Black never chooses a
// forbidden point, even where it would be Black's best shape: d8 is a
// double three here (and would win in freestyle).
func TestNeverForbidden(t *testing.T) {
	g := gameOf(t, rules.Renju, "e8 f8 d10 d9", "a1 o1 a15 o15", rules.Black)
	d8, _ := rules.ParsePoint("d8")
	if !g.Board().IsForbidden(d8) {
		t.Fatal("d8 should be a double three")
	}
	for lv := 1; lv <= NumLevels; lv++ {
		if got := choose(t, g, lv, 1); got == "d8" {
			t.Errorf("level %d played the forbidden d8", lv)
		}
	}
	// Whole games: every Black move goes through the engine, which
	// refuses a forbidden one.
	for lv := 1; lv <= 7; lv += 3 {
		for seed := uint64(1); seed <= 1; seed++ {
			if _, err := PlayGame(context.Background(), rules.NewFreeGame(rules.Renju), Side{Level: lv, Seed: seed, Nodes: 4_000}, Side{Level: lv + 1, Seed: seed, Nodes: 4_000}, 225); err != nil {
				t.Fatalf("level %d seed %d: %v", lv, seed, err)
			}
		}
	}
}

// TestWhiteUsesForbidden: White's four f5-i5 (e5 black) can be blocked
// only on j5, a double three for Black (j5 j6 j7 and j5 k6 l7): White
// makes that four and wins, and sees the win.
func TestWhiteUsesForbidden(t *testing.T) {
	g := gameOf(t, rules.Renju, "e5 k5 j6 j7 k6 l7 n2", "g5 h5 i5 a1 o1 a15", rules.White)
	j5, _ := rules.ParsePoint("j5")
	f5, _ := rules.ParsePoint("f5")
	nb := g.Board()
	_ = nb.Put(f5, rules.White)
	if !nb.IsForbidden(j5) {
		t.Fatalf("j5 should be forbidden to Black:\n%s", nb)
	}
	for lv := 3; lv <= NumLevels; lv++ {
		d := decide(context.Background(), g, lv, 1, 20_000)
		if rules.PointAt(d.move) != f5 || d.score < winMin {
			t.Errorf("level %d: %s (score %d), want f5 winning", lv, rules.PointAt(d.move), d.score)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, lv := range []int{2, 6, 9} {
		var games [2]*rules.Game
		for k := range games {
			g, err := PlayGame(context.Background(), rules.NewFreeGame(rules.Renju), Side{Level: lv, Seed: 11, Nodes: 4_000}, Side{Level: lv, Seed: 12, Nodes: 4_000}, 30)
			if err != nil {
				t.Fatal(err)
			}
			games[k] = g
		}
		a, b := record(games[0]), record(games[1])
		if a != b {
			t.Errorf("level %d: %v and %v", lv, a, b)
		}
	}
	// another seed varies the game at a lower level
	g1, _ := PlayGame(context.Background(), rules.NewFreeGame(rules.Freestyle), Side{Level: 3, Seed: 1}, Side{Level: 3, Seed: 2}, 20)
	g2, _ := PlayGame(context.Background(), rules.NewFreeGame(rules.Freestyle), Side{Level: 3, Seed: 7}, Side{Level: 3, Seed: 8}, 20)
	if record(g1) == record(g2) {
		t.Errorf("seeds 1 and 7 play the same game %v", record(g1))
	}
}

// TestPlayerInterface: through players.Player, from the adapter's
// positions, under the national opening protocol of renju.
func TestPlayerInterface(t *testing.T) {
	p := NewPlayer()
	if len(p.Levels()) != NumLevels || p.Levels()[0].NameZH == "" || p.Levels()[9].NameEN == "" {
		t.Fatalf("levels %+v", p.Levels())
	}
	r, err := game.NewRegistry().Lookup("gomoku")
	if err != nil {
		t.Fatal(err)
	}
	for _, variant := range []string{"renju", "standard", "freestyle"} {
		start, err := r.Start(variant)
		if err != nil {
			t.Fatal(err)
		}
		var moves []game.Move
		pos := start
		for n := 0; n < 30 && !pos.Outcome().Over(); n++ {
			c, err := p.Choose(context.Background(), start, moves, players.Request{Level: 1 + n%NumLevels, Seed: 4, Nodes: 5_000})
			if err != nil {
				t.Fatalf("%s move %d: %v", variant, n+1, err)
			}
			if pos, err = pos.Play(c.Move); err != nil {
				t.Fatalf("%s move %d %s: %v", variant, n+1, c.Move, err)
			}
			moves = append(moves, c.Move)
		}
		ev, err := p.Evaluate(context.Background(), start, moves, players.Budget{Nodes: 5_000})
		if err != nil && !pos.Outcome().Over() {
			t.Fatal(err)
		}
		if err == nil && (ev.Win < 0 || ev.Win > 1 || ev.Best == nil) {
			t.Fatalf("%s eval %+v", variant, ev)
		}
	}
	if _, err := p.Choose(context.Background(), nil, nil, players.Request{Level: 0}); err == nil {
		t.Fatal("level 0 accepted")
	}
}

func record(g *rules.Game) string {
	var parts []string
	for _, m := range g.Record() {
		parts = append(parts, m.String())
	}
	return strings.Join(parts, " ")
}
