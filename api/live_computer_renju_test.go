package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
	"qixue/rules/gomoku"
)

// waitGame polls the live game until ok holds (or the game is over); it
// fails after a generous deadline.
func (w *liveWorld) waitGame(t *testing.T, token, id string, what string, ok func(liveGame) bool) liveGame {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		rec := w.Do(t, "GET", "/v1/live-games/"+id, token, nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("get: %d %s", rec.Code, rec.Body)
		}
		g := apitest.Decode[liveGame](t, rec)
		if ok(g) || g.Status != "playing" {
			return g
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: %+v", what, g)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// renjuGame replays a live renju game's record in the engine.
func renjuGame(t *testing.T, g liveGame) *gomoku.Game {
	t.Helper()
	eg := gomoku.NewGame(gomoku.Renju)
	for i, m := range g.Moves {
		if g.Swapped && i == 3 {
			eg, _ = eg.Play(gomoku.Move{Kind: gomoku.Swap})
		}
		mv, err := gomoku.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if eg, err = eg.Play(mv); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
	}
	if g.Swapped && len(g.Moves) == 3 {
		eg, _ = eg.Play(gomoku.Move{Kind: gomoku.Swap})
	}
	return eg
}

// someLegal is a legal point of the side to move near the stones.
func someLegal(t *testing.T, g liveGame, n int) string {
	t.Helper()
	eg := renjuGame(t, g)
	var near []string
	for _, p := range eg.LegalPoints() {
		if dc, dr := p.Col()-7, p.Row()-7; dc*dc+dr*dr <= 13 {
			near = append(near, p.String())
		}
	}
	if len(near) == 0 {
		t.Fatalf("no legal point near the centre: %v", g.Moves)
	}
	return near[n%len(near)]
}

func (w *liveWorld) childMove(t *testing.T, token string, g liveGame, m string) liveGame {
	t.Helper()
	rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", token, map[string]any{"ply": g.Ply + 1, "move": m}, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("move %d %s: %d %s", g.Ply+1, m, rec.Code, rec.Body)
	}
	return apitest.Decode[liveGame](t, rec)
}

// TestLiveComputerRenjuProtocol: the renju opening protocol against the
// computer through the API, with the computer on either side: as Black
// it plays tengen and a designated opening and offers two fifth moves of
// different shapes; as White it swaps (or not) after move 3 and keeps
// one of the child's offers, then plays on.
func TestLiveComputerRenjuProtocol(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		child := w.tokens[0]
		create := func(seat string, level int) liveGame {
			rec := w.Do(t, "POST", "/v1/live-games/computer", child, map[string]any{"game": "gomoku", "ruleset": "renju", "level": level, "seat": seat}, nil)
			if rec.Code != http.StatusCreated {
				t.Fatalf("create: %d %s", rec.Code, rec.Body)
			}
			return apitest.Decode[liveGame](t, rec)
		}

		// The computer is Black.
		g := create("second", 7)
		g = w.waitGame(t, child, g.ID, "black 1", func(g liveGame) bool { return g.Ply == 1 })
		if len(g.Moves) != 1 || g.Moves[0] != "h8" {
			t.Fatalf("black 1: %+v", g.Moves)
		}
		g = w.childMove(t, child, g, "h9")
		g = w.waitGame(t, child, g.ID, "black 3", func(g liveGame) bool { return g.Ply == 3 })
		if eg := renjuGame(t, g); func() bool { _, ok := eg.Opening(); return !ok }() {
			t.Fatalf("no designated opening: %v", g.Moves)
		}
		// The child keeps White (no swap) and plays 4; the computer offers.
		g = w.childMove(t, child, g, someLegal(t, g, 2))
		g = w.waitGame(t, child, g.ID, "the offer", func(g liveGame) bool { return len(g.Offered) == 2 })
		if len(g.Offered) != 2 || g.Ply != 4 || *g.ToMove != 1 {
			t.Fatalf("the offer: %+v", g)
		}
		eg := renjuGame(t, g)
		a, _ := gomoku.ParsePoint(g.Offered[0])
		b, _ := gomoku.ParsePoint(g.Offered[1])
		if eg.Board().Equivalent(a, b) {
			t.Fatalf("offered the same shape: %v", g.Offered)
		}
		keep := g.Offered[1]
		g = w.post(t, g, child, "fifth-choice", map[string]any{"keep": keep}, 200)
		if g.Ply != 5 || !strings.HasSuffix(g.Moves[4], ":"+keep) {
			t.Fatalf("move 5: %v", g.Moves)
		}
		g = w.childMove(t, child, g, someLegal(t, g, 1))
		g = w.waitGame(t, child, g.ID, "black 7", func(g liveGame) bool { return g.Ply >= 7 })
		if g.Ply < 7 && g.Status == "playing" {
			t.Fatalf("black 7: %+v", g)
		}

		// The computer is White, twice: at level 7 after a third stone the
		// child picks at random, and at level 1 after the most even
		// opening the child can make (the first swaps, the second keeps
		// White here: both ways are played).
		for round, third := range []func(liveGame) string{
			func(g liveGame) string { return someLegal(t, g, 0) },
			func(g liveGame) string { return evenOpening(t, g) },
		} {
			g = create("first", 7-6*round)
			g = w.childMove(t, child, g, "h8")
			g = w.waitGame(t, child, g.ID, "white 2", func(g liveGame) bool { return g.Ply == 2 })
			g = w.childMove(t, child, g, third(g))
			g = w.waitGame(t, child, g.ID, "the swap or white 4", func(g liveGame) bool { return g.Swapped || g.Ply == 4 })
			t.Logf("round %d: the computer as White after %v: swapped %v", round, g.Moves[:3], g.Swapped)
			if g.Swapped {
				// The child is White now and plays 4; the computer, Black,
				// offers two fifth moves.
				if g.Players[0].Side != "白方" || *g.ToMove != 0 {
					t.Fatalf("after the swap: %+v", g)
				}
				g = w.childMove(t, child, g, someLegal(t, g, 3))
				g = w.waitGame(t, child, g.ID, "the offer", func(g liveGame) bool { return len(g.Offered) == 2 })
				g = w.post(t, g, child, "fifth-choice", map[string]any{"keep": g.Offered[0]}, 200)
				g = w.childMove(t, child, g, someLegal(t, g, 5))
			} else {
				// The child, Black, offers a1 and b1 (different shapes: a
				// corner and an edge); the computer keeps one and plays 6.
				g = w.post(t, g, child, "fifth-offers", map[string]any{"moves": []string{"a1", "b1"}}, 200)
				g = w.waitGame(t, child, g.ID, "the choice and white 6", func(g liveGame) bool { return g.Ply >= 6 })
				if g.Ply < 6 || !strings.Contains(g.Moves[4], "a1,b1:") {
					t.Fatalf("after the offer: %+v", g)
				}
				g = w.childMove(t, child, g, someLegal(t, g, 4))
			}
			ply := g.Ply + 1
			g = w.waitGame(t, child, g.ID, "the computer's next move", func(g liveGame) bool { return g.Ply >= ply })
			if g.Status == "playing" && g.Ply < ply {
				t.Fatalf("the computer stopped: %+v", g)
			}
			if rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/resign", child, nil, nil); rec.Code != http.StatusOK && g.Status == "playing" {
				t.Fatalf("resign: %d %s", rec.Code, rec.Body)
			}
		}
	})
}

// evenOpening is Black 3 making the opening the computer judges most even
// (金星, 寒星, 新月 or 山月 where White 2 allows), else a legal point.
func evenOpening(t *testing.T, g liveGame) string {
	t.Helper()
	eg := renjuGame(t, g)
	for _, name := range []string{"金星", "寒星", "新月", "山月"} {
		for _, p := range eg.LegalPoints() {
			if next, err := eg.Play(gomoku.Move{Kind: gomoku.Place, Point: p}); err == nil {
				if o, ok := next.Opening(); ok && o.Name == name {
					return p.String()
				}
			}
		}
	}
	return someLegal(t, g, 0)
}
