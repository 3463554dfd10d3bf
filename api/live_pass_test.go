package api_test

import (
	"testing"

	"gorm.io/gorm"

	"qixue/models/modelstest"
)

// TestLiveGomokuPass: a gomoku player may pass (放弃行棋权) through the
// pass route, which takes the next ply; when both pass in one round
// (Black, then White) the game is drawn.
func TestLiveGomokuPass(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		tok := [2]string{w.tokens[0], w.tokens[1]}
		g := w.start(t, map[string]any{"game": "gomoku", "ruleset": "freestyle", "players": []string{w.ids[0], w.ids[1]}})
		g = w.play(t, g, tok, "h8")
		g = w.post(t, g, tok[1], "pass", map[string]any{"ply": 2}, 200)
		if g.Ply != 2 || g.Moves[1] != "pass" || *g.ToMove != 0 || g.Status != "playing" {
			t.Fatalf("after White's pass: %+v", g)
		}
		w.post(t, g, tok[1], "pass", nil, 409) // not White's turn
		// White's pass and Black's are of two rounds: play goes on.
		g = w.play(t, g, tok, "h9")
		g = w.post(t, g, tok[1], "pass", nil, 200)
		g = w.post(t, g, tok[0], "pass", nil, 200)
		if g.Status != "playing" {
			t.Fatalf("passes of two rounds ended the game: %+v", g)
		}
		// Black passes, then White in the same round: a draw.
		g = w.play(t, g, tok, "h10")
		g = w.post(t, g, tok[0], "pass", nil, 200)
		g = w.post(t, g, tok[1], "pass", nil, 200)
		if g.Status != "finished" || *g.Result != "1/2-1/2" {
			t.Fatalf("after both passed: %+v", g)
		}
	})
}
