package game

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAdaptersAgree plays random games of every game and variant through
// the interface and checks at each position: every listed move is
// accepted by Play; its notation reads back (ParseMove) as the same move;
// the position's text parses back to a position with the same key and
// side to move; Outcome over ⇔ no moves (where the engine has no other
// end).
func TestAdaptersAgree(t *testing.T) {
	reg := NewRegistry()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(24, 1))
	for _, rules := range reg.All() {
		for _, v := range rules.Variants() {
			for n := range 3 {
				pos, err := rules.Parse(v, "")
				if err != nil {
					t.Fatalf("%s %s: %v", rules.Name(), v, err)
				}
				for ply := 0; ply < 60; ply++ {
					if pos.Game() != rules.Name() {
						t.Fatalf("%s: position of %s", rules.Name(), pos.Game())
					}
					back, err := rules.Parse(v, pos.String())
					if err != nil {
						t.Fatalf("%s %s game %d ply %d: %q does not parse back: %v", rules.Name(), v, n, ply, pos.String(), err)
					}
					if back.Key() != pos.Key() || back.Turn() != pos.Turn() {
						t.Fatalf("%s %s ply %d: %q parses back to another position", rules.Name(), v, ply, pos.String())
					}
					moves, err := pos.Moves(ctx)
					if err != nil {
						t.Fatal(err)
					}
					if (len(moves) == 0) != pos.Outcome().Over() && rules.Name() != NumChess {
						t.Fatalf("%s %s ply %d: %d moves but outcome %+v", rules.Name(), v, ply, len(moves), pos.Outcome())
					}
					if len(moves) == 0 {
						break
					}
					for _, m := range moves[:min(len(moves), 12)] {
						if _, err := pos.Play(m); err != nil {
							t.Fatalf("%s ply %d: listed %s refused: %v", rules.Name(), ply, m, err)
						}
						for _, s := range []string{pos.Notation(m), m.String()} {
							r, err := pos.ParseMove(s)
							if err != nil || r.String() != m.String() {
								t.Fatalf("%s ply %d: %q reads back as %v, %v; want %s", rules.Name(), ply, s, r, err, m)
							}
						}
						if pos.Describe(m, "zh-CN") == "" || pos.Describe(m, "en") == "" {
							t.Fatalf("%s: %s has no name", rules.Name(), m)
						}
					}
					next, err := pos.Play(moves[rng.IntN(len(moves))])
					if err != nil {
						t.Fatal(err)
					}
					if next.Turn() == pos.Turn() && rules.Name() != Gomoku {
						t.Fatalf("%s: the turn did not pass", rules.Name())
					}
					pos = next
				}
			}
		}
	}
}

func TestRegistry(t *testing.T) {
	reg := NewRegistry()
	for _, n := range Names() {
		r, err := reg.Lookup(" " + strings.ToUpper(string(n)) + " ")
		if err != nil || r.Name() != n || !n.Valid() || n.Title("en") == "" {
			t.Fatalf("%s: %v %v", n, r, err)
		}
	}
	var e *Error
	if _, err := reg.Lookup("go"); !errors.As(err, &e) || e.Code() != "unknown_game" || e.Field() != "game" || e.Message("zh-CN") == e.Message("en") {
		t.Fatalf("unknown game: %v", err)
	}
	if _, err := reg.Parse(Gomoku, "caro", ""); !errors.As(err, &e) || e.Code() != "unknown_variant" || e.Field() != "ruleset" {
		t.Fatalf("unknown variant: %v", err)
	}
	if p, err := reg.Parse(NumChess, "k1", ""); err != nil || p.Variant() != "K1" {
		t.Fatalf("numchess k1: %v %v", p, err)
	}
	chess, _ := reg.Parse(Chess, "", "")
	draughts, _ := reg.Parse(Draughts, "", "")
	dm, _ := draughts.Moves(context.Background())
	if _, err := chess.Play(dm[0]); !errors.As(err, &e) || e.Code() != "foreign_move" {
		t.Fatalf("a draughts move in chess: %v", err)
	}
}

func TestChess960Start(t *testing.T) {
	p, err := Chess960Start(518)
	if err != nil || !strings.HasPrefix(p.String(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w") {
		t.Fatalf("518: %v %v", p, err)
	}
	seen := map[string]bool{}
	for n := range 960 {
		p, err := Chess960Start(n)
		if err != nil {
			t.Fatalf("%d: %v", n, err)
		}
		seen[strings.Fields(p.String())[0]] = true
	}
	if len(seen) != 960 {
		t.Fatalf("%d different starts, want 960", len(seen))
	}
	if p, _ := Chess960Start(0); !strings.HasPrefix(p.String(), "bbqnnrkr/") {
		t.Fatalf("0: %s, want bbqnnrkr", p)
	}
	if _, err := Chess960Start(960); err == nil {
		t.Fatal("960 accepted")
	}
}

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		if _, _, err := g.Play(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestChessClaims(t *testing.T) {
	reg := NewRegistry()
	start, _ := reg.Parse(Chess, "", "")
	g := NewGame(start)
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	if got := g.Claimable(First); got != nil {
		t.Fatalf("claimable before the repetition: %v", got)
	}
	// wrong claim with a move: the move is played
	c, err := g.Claim(Second, ThreefoldRepetition, "Nc6")
	if err != nil || c.Correct || !c.Played || g.Ply() != 8 || g.Outcome().Over() {
		t.Fatalf("wrong claim: %+v %v ply %d", c, err, g.Ply())
	}
	g = NewGame(start)
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	c, err = g.Claim(Second, NoRule, "Ng8")
	if err != nil || !c.Correct || c.Move != "Ng8" || c.Message("en") == "" {
		t.Fatalf("claim with Ng8: %+v %v", c, err)
	}
	if o := g.Outcome(); o.Result != Drawn || o.Rule != ThreefoldRepetition || g.Ply() != 7 {
		t.Fatalf("after the claim: %+v ply %d", o, g.Ply())
	}
	if _, _, err := g.Play("e4"); !errors.Is(err, ErrOver) {
		t.Fatalf("a move after the end: %v", err)
	}
	g = NewGame(start)
	playAll(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	if got := g.Claimable(First); len(got) != 1 || got[0] != ThreefoldRepetition {
		t.Fatalf("claimable: %v", got)
	}
	if _, err := g.Claim(Second, NoRule, ""); err == nil {
		t.Fatal("a claim out of turn accepted")
	}
	if c, err := g.Claim(First, NoRule, ""); err != nil || !c.Correct {
		t.Fatalf("claim in the position: %+v %v", c, err)
	}
}

func TestDraughtsFMJD(t *testing.T) {
	reg := NewRegistry()
	// two kings against one: drawn after five moves each (FMJD 6.4)
	pos, err := reg.Parse(Draughts, "", "W:WK46,K50:BK3")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(pos)
	for !g.Outcome().Over() {
		if g.Ply() > 20 {
			t.Fatal("no draw")
		}
		// a quiet move after which the opponent has no capture
		moves, _ := g.Position().Moves(context.Background())
		played := false
		for _, m := range moves {
			next, _ := g.Position().Play(m)
			replies, _ := next.Moves(context.Background())
			if len(replies) > 0 && !strings.Contains(next.Notation(replies[0]), "x") && !strings.Contains(g.Position().Notation(m), "x") {
				if err := g.PlayMove(m); err != nil {
					t.Fatal(err)
				}
				played = true
				break
			}
		}
		if !played {
			t.Fatalf("no quiet move in %s", g.Position())
		}
	}
	if o := g.Outcome(); o.Result != Drawn || o.Rule != EndgameFiveMoves || g.Ply() != 10 {
		t.Fatalf("outcome %+v after %d plies", o, g.Ply())
	}
	if m := reg.Must(Draughts).Message(g.Outcome(), "en"); !strings.Contains(m, "5 moves") {
		t.Fatalf("message %q", m)
	}
}

func TestNumChessStop(t *testing.T) {
	reg := NewRegistry()
	// both sides in the other's camp, each piece on its own number but 1
	// and 2 swapped: 284 each
	pos, err := reg.Parse(NumChess, "G46", "r:0a17,1c14,2a14,3b14,4d14,5c15,6b15,7a15,8a16,9b16;b:0a1,1b4,2d4,3c4,4a4,5a3,6b3,7c3,8b2,9a2 r 30")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(pos)
	if got := g.Claimable(First); len(got) != 1 || got[0] != Stop {
		t.Fatalf("claimable: %v", got)
	}
	if _, err := g.Claim(First, Stop, ""); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != Drawn || o.Rule != Stop {
		t.Fatalf("both in place: %+v", o)
	}
	g = NewGame(pos)
	g.Penalize(First, 3)
	if _, err := g.Claim(First, Stop, ""); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Result != SecondWins {
		t.Fatalf("red penalised: %+v", o)
	}
}

func TestEnd(t *testing.T) {
	reg := NewRegistry()
	start, _ := reg.Parse(Gomoku, "", "")
	g := NewGame(start)
	if err := g.End(Outcome{Rule: Resignation}); err == nil {
		t.Fatal("an end without a result accepted")
	}
	if err := g.End(Outcome{Result: Win(Second), Rule: Resignation}); err != nil {
		t.Fatal(err)
	}
	if err := g.End(Outcome{Result: Drawn, Rule: Agreement}); !errors.Is(err, ErrOver) {
		t.Fatalf("second end: %v", err)
	}
	if m := reg.Must(Gomoku).Message(g.Outcome(), "zh-CN"); m != "白方胜：认输" {
		t.Fatalf("message %q", m)
	}
}
