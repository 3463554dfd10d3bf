package gomoku

import (
	"context"
	"testing"

	"qixue/players"
	"qixue/rules/game"
	rules "qixue/rules/gomoku"
)

func renjuStart(t *testing.T) (game.Position, []game.Move) {
	t.Helper()
	r, err := game.NewRegistry().Lookup("gomoku")
	if err != nil {
		t.Fatal(err)
	}
	start, err := r.Start("renju")
	if err != nil {
		t.Fatal(err)
	}
	return start, nil
}

func play(t *testing.T, start game.Position, moves []game.Move, s string) []game.Move {
	t.Helper()
	pos := start
	for _, m := range moves {
		var err error
		if pos, err = pos.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	m, err := pos.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return append(moves, m)
}

// TestProtocolAsBlack: the computer plays tengen, a designated opening,
// and at move 5 offers two points that are not the same shape.
func TestProtocolAsBlack(t *testing.T) {
	p := NewPlayer()
	start, moves := renjuStart(t)
	ctx := context.Background()
	req := players.Request{Level: 6, Seed: 3}
	c, err := p.Choose(ctx, start, moves, req)
	if err != nil || c.Move.String() != "h8" {
		t.Fatalf("move 1: %v %v", c.Move, err)
	}
	moves = play(t, start, moves, "h8")
	moves = play(t, start, moves, "i9")
	c, err = p.Choose(ctx, start, moves, req)
	if err != nil {
		t.Fatal(err)
	}
	moves = play(t, start, moves, c.Move.String()) // the engine checks the opening
	g, _ := replay(start, moves)
	if o, ok := g.Opening(); !ok || o.Name == "" {
		t.Fatalf("no designated opening after %v", moves)
	}
	moves = play(t, start, moves, "g9")
	c, err = p.Choose(ctx, start, moves, req)
	if err != nil {
		t.Fatal(err)
	}
	gm := c.Move.(rules.Move)
	if gm.Kind != rules.Offer || len(gm.OfferedPoints()) != 2 {
		t.Fatalf("move 5: %v, want an offer of two", c.Move)
	}
	g, _ = replay(start, moves)
	a, b := gm.OfferedPoints()[0], gm.OfferedPoints()[1]
	if g.Board().Equivalent(a, b) {
		t.Fatalf("offered %s and %s, the same shape", a, b)
	}
	for _, keep := range []rules.Point{a, b} {
		m := rules.Move{Kind: rules.Offer, Point: keep, Offered: []rules.Point{a, b}}
		if _, err := g.Play(m); err != nil {
			t.Fatalf("the engine refuses the offer %v: %v", m, err)
		}
	}
}

// TestProtocolAsWhite: after Black 3 the computer swaps when it judges
// Black better, and it keeps the offer that is better for White: of a
// fifth move that makes an open three and one far away, it keeps the far
// one.
func TestProtocolAsWhite(t *testing.T) {
	p := NewPlayer()
	start, moves := renjuStart(t)
	ctx := context.Background()
	req := players.Request{Level: 8, Seed: 1, Nodes: 30_000}
	moves = play(t, start, moves, "h8")
	moves = play(t, start, moves, "h9")
	moves = play(t, start, moves, "j10") // 溪月, which Black wins in theory
	c, err := p.Choose(ctx, start, moves, req)
	if err != nil {
		t.Fatal(err)
	}
	if c.Move.String() != "swap" {
		t.Fatalf("after 溪月 the computer plays %v, want swap", c.Move)
	}
	// no swap taken: White 4, then Black offers
	moves = play(t, start, moves, "g7")
	// i9 makes h8 i9 j10 an open three for Black; a1 is far away
	near, _ := rules.ParsePoint("i9")
	far, _ := rules.ParsePoint("a1")
	offered := []game.Move{rules.Move{Kind: rules.Place, Point: near}, rules.Move{Kind: rules.Place, Point: far}}
	c, err = p.Choose(ctx, start, moves, players.Request{Level: 8, Seed: 1, Nodes: 30_000, Offered: offered})
	if err != nil {
		t.Fatal(err)
	}
	if c.Move.String() != "a1" {
		t.Fatalf("kept %v, want a1", c.Move)
	}
}

// TestDrawAndPass: a draw offer is accepted when the computer is lost
// and declined early in an even game; on a full-ish even board it is
// accepted; a lost White passes after Black's pass, which draws.
func TestDrawAndPass(t *testing.T) {
	p := NewPlayer()
	ctx := context.Background()
	r, _ := game.NewRegistry().Lookup("gomoku")
	lost, _ := r.Parse("freestyle", "h8 a1 i8 a3 j8 a5 k8") // Black's open four, White to move
	c, err := p.Choose(ctx, lost, nil, players.Request{Level: 5, DrawOffered: true})
	if err != nil || c.Claim != game.Agreement {
		t.Fatalf("lost: %+v %v", c, err)
	}
	even, _ := r.Parse("freestyle", "h8 h9")
	c, err = p.Choose(ctx, even, nil, players.Request{Level: 5, DrawOffered: true})
	if err != nil || c.Claim != "" || c.Move == nil {
		t.Fatalf("even: %+v %v", c, err)
	}
	if !acceptDraw(fullish, 0) || acceptDraw(fullish-1, 0) || acceptDraw(fullish, 200) {
		t.Error("acceptDraw on the full-ish board")
	}
	c, err = p.Choose(ctx, lost, []game.Move{}, players.Request{Level: 5})
	if err != nil || c.Move == nil || c.Move.String() == "pass" {
		t.Fatalf("lost without a pass before: %+v %v", c, err)
	}
	passed, _ := r.Parse("freestyle", "h8 a1 i8 a3 j8 a5 k8 a7 pass")
	// Black passed instead of making five; White is still lost (the open
	// four stands) and passes too, which draws
	c, err = p.Choose(ctx, passed, nil, players.Request{Level: 5})
	if err != nil {
		t.Fatal(err)
	}
	if c.Move == nil || c.Move.String() != "pass" {
		t.Fatalf("lost White after Black's pass: %+v, want pass", c)
	}
	if next, _ := passed.Play(c.Move); next.Outcome().Result != game.Drawn {
		t.Fatalf("the passes did not draw: %+v", next.Outcome())
	}
}

// TestClaimsForbidden: under the competition rule Black's forbidden
// stone is put down; the computer, White, points it out.
func TestClaimsForbidden(t *testing.T) {
	g := gameOf(t, rules.Renju, "e8 f8 d10 d9", "a1 o1 a15 o15", rules.Black).WithForbiddenClaims()
	d8, _ := rules.ParsePoint("d8")
	g, err := g.Play(rules.Move{Kind: rules.Place, Point: d8})
	if err != nil || len(g.Claimable()) == 0 {
		t.Fatalf("d8 not put down for a claim: %v", err)
	}
	c, err := NewPlayer().Choose(context.Background(), game.GomokuPosition(g), nil, players.Request{Level: 1})
	if err != nil || c.Claim != game.ForbiddenMove {
		t.Fatalf("choice %+v %v, want the forbidden-move claim", c, err)
	}
}
