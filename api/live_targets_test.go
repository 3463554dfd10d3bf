package api_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

type targetsBody struct {
	Targets []struct {
		Piece int
		Kind  string
		From  string
		Path  []string
		Spans [][]int
	}
}

// TestLiveNumberChessTargets: the number-chess player to move reads the
// moves the screen lights (piece, path, the numbers each span segment
// spans) and never their expressions; the opponent reads none; the piece
// that went back after a penalty is left out.
func TestLiveNumberChessTargets(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		g := w.start(t, map[string]any{"game": "numchess", "players": []string{w.ids[0], w.ids[1]}})
		read := func(token string) (targetsBody, string) {
			rec := w.Do(t, "GET", "/v1/live-games/"+g.ID, token, nil, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("read: %d %s", rec.Code, rec.Body)
			}
			body := rec.Body.String()
			return apitest.Decode[targetsBody](t, rec), body
		}
		got, body := read(w.tokens[0])
		var step, span bool
		for _, tg := range got.Targets {
			switch {
			case tg.Piece == 1 && tg.From == "d4" && slices.Equal(tg.Path, []string{"i5"}):
				step = tg.Kind == "step" && len(tg.Spans) == 1 && tg.Spans[0] == nil
			case tg.Piece == 0 && tg.From == "a1" && slices.Equal(tg.Path, []string{"e5"}):
				nums := slices.Clone(tg.Spans[0])
				slices.Sort(nums)
				span = tg.Kind == "span" && slices.Equal(nums, []int{4, 5, 9})
			}
		}
		if !step || !span || len(got.Targets) < 10 {
			t.Errorf("the start's targets lack 1d4-i5 (step) or 0a1-e5 (span of 9, 5, 4): %+v", got.Targets)
		}
		if i := strings.Index(body, `"targets"`); i < 0 || strings.Contains(body[i:], "[9-5-4]") || strings.ContainsAny(body[i:], "+×÷") {
			t.Errorf("the targets give expressions away: %s", body[i:])
		}
		if other, _ := read(w.tokens[1]); len(other.Targets) != 0 {
			t.Errorf("the player not to move reads targets: %+v", other.Targets)
		}
		rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", w.tokens[0], map[string]any{"ply": 1, "move": "0a1-e5[9-5-3]"}, nil)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("wrong sum: %d %s", rec.Code, rec.Body)
		}
		got, _ = read(w.tokens[0])
		for _, tg := range got.Targets {
			if tg.Piece == 0 {
				t.Fatalf("the piece sent back is still lit: %+v", tg)
			}
		}
		if len(got.Targets) == 0 {
			t.Error("no targets after the penalty")
		}
	})
}
