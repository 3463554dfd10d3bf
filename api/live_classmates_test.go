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

type classmatesBody struct {
	Classes []struct {
		ID, Name, Band string
		Grade          int
		Games          []struct {
			Game, Ruleset string
			Clock         struct {
				PerMoveMs   int64 `json:"per_move_ms"`
				GameLimitMs int64 `json:"game_limit_ms"`
			}
		}
		Students []struct {
			ID, Name  string
			ShownName string `json:"shown_name"`
			InGame    bool   `json:"in_game"`
			Online    bool
		}
	}
}

func (w *liveWorld) classmates(t *testing.T, token string) classmatesBody {
	t.Helper()
	rec := w.Do(t, "GET", "/v1/me/classmates", token, nil, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("classmates: %d %s", rec.Code, rec.Body)
	}
	return apitest.Decode[classmatesBody](t, rec)
}

// TestLiveClassmates: a student's classmates are the other active
// students of the student's active classes, with the band's games and
// who is playing now; a student of another class of the school or of
// another school is never listed, a deactivated student drops out, and a
// deactivated class lists nobody (and its children can no longer
// challenge each other).
func TestLiveClassmates(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		a, b := w.F.A, w.F.B
		got := w.classmates(t, w.tokens[0])
		if len(got.Classes) != 1 || got.Classes[0].ID != a.Class.ID {
			t.Fatalf("classes: %+v", got.Classes)
		}
		cl := got.Classes[0]
		var ids []string
		for _, s := range cl.Students {
			ids = append(ids, s.ID)
			if s.InGame {
				t.Errorf("%s in a game before any", s.Name)
			}
		}
		slices.Sort(ids)
		// The world's class has a third student (the team event's).
		want := []string{w.ids[1], w.ids[2], w.A.Mate}
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			t.Errorf("classmates %v, want %v (not the caller, not %s of another class, not %s of school B)", ids, want, a.OtherStudent.ID, b.Student.ID)
		}
		for _, s := range cl.Students {
			if s.ID == w.ids[1] && (s.Name != "李小美" || s.ShownName == "" || s.ShownName == s.Name) {
				t.Errorf("names of 李小美: %+v", s)
			}
		}
		// The fixture's class is grade 2: band G23, number chess by G23
		// with the seed's clock, gomoku renju.
		if cl.Grade != 2 || cl.Band != "G23" || len(cl.Games) != 4 {
			t.Fatalf("band: %+v", cl)
		}
		for _, g := range cl.Games {
			switch g.Game {
			case "numchess":
				if g.Ruleset != "G23" || g.Clock.PerMoveMs != 30000 || g.Clock.GameLimitMs != 20*60000 {
					t.Errorf("number chess: %+v", g)
				}
			case "gomoku":
				if g.Ruleset != "renju" {
					t.Errorf("gomoku: %+v", g)
				}
			}
		}
		// The other class's student and school B's see none of class A.
		for _, tok := range []string{a.OtherStudentToken, b.StudentToken} {
			for _, c := range w.classmates(t, tok).Classes {
				for _, s := range c.Students {
					if slices.Contains(append(want, w.ids[0]), s.ID) {
						t.Errorf("a student outside class A lists %s", s.Name)
					}
				}
			}
		}

		// Two classmates playing are in a game; the third is not.
		w.start(t, map[string]any{"game": "chess", "players": []string{w.ids[1], w.ids[2]}})
		for _, s := range w.classmates(t, w.tokens[0]).Classes[0].Students {
			if playing := s.ID != w.A.Mate; s.InGame != playing {
				t.Errorf("%s: in_game %v", s.Name, s.InGame)
			}
		}

		// A deactivated student drops out.
		if rec := w.Do(t, "PATCH", "/v1/users/"+w.ids[2], a.AdminToken, map[string]any{"active": false}, nil); rec.Code != http.StatusOK {
			t.Fatalf("deactivate student: %d %s", rec.Code, rec.Body)
		}
		var left []string
		for _, s := range w.classmates(t, w.tokens[0]).Classes[0].Students {
			left = append(left, s.ID)
		}
		slices.Sort(left)
		still := []string{w.ids[1], w.A.Mate}
		slices.Sort(still)
		if !slices.Equal(left, still) {
			t.Errorf("after deactivating a student: %v, want %v", left, still)
		}

		// A deactivated class lists nobody, and challenges stop.
		if rec := w.Do(t, "PATCH", "/v1/classes/"+a.Class.ID, a.AdminToken, map[string]any{"active": false}, nil); rec.Code != http.StatusOK {
			t.Fatalf("deactivate class: %d %s", rec.Code, rec.Body)
		}
		if got := w.classmates(t, w.tokens[0]); len(got.Classes) != 0 {
			t.Errorf("a deactivated class still lists: %+v", got.Classes)
		}
		if rec := w.Do(t, "POST", "/v1/challenges", w.tokens[0], map[string]any{"to": w.ids[1], "game": "chess"}, nil); rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("challenge in a deactivated class: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestLiveChallengeColour: a challenge says who moves first once
// accepted: the challenger (the default), the classmate, or a draw.
func TestLiveChallengeColour(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		accept := func(colour string) []string {
			t.Helper()
			body := map[string]any{"to": w.ids[1], "game": "gomoku", "ruleset": "renju"}
			if colour != "" {
				body["colour"] = colour
			}
			rec := w.Do(t, "POST", "/v1/challenges", w.tokens[0], body, nil)
			if rec.Code != http.StatusCreated {
				t.Fatalf("challenge %q: %d %s", colour, rec.Code, rec.Body)
			}
			ch := apitest.Decode[struct{ ID, Colour string }](t, rec)
			if want := colour; (want == "" && ch.Colour != "first") || (want != "" && ch.Colour != want) {
				t.Errorf("challenge colour %q, asked %q", ch.Colour, colour)
			}
			rec = w.Do(t, "POST", "/v1/challenges/"+ch.ID+"/answer", w.tokens[1], map[string]any{"accept": true}, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("accept: %d %s", rec.Code, rec.Body)
			}
			g := apitest.Decode[struct{ Game liveGame }](t, rec).Game
			return []string{g.Players[0].ID, g.Players[1].ID}
		}
		if got := accept(""); !slices.Equal(got, []string{w.ids[0], w.ids[1]}) {
			t.Errorf("default: players %v", got)
		}
		if got := accept("second"); !slices.Equal(got, []string{w.ids[1], w.ids[0]}) {
			t.Errorf("second: players %v", got)
		}
		if got := accept("random"); !slices.Contains(got, w.ids[0]) || !slices.Contains(got, w.ids[1]) {
			t.Errorf("random: players %v", got)
		}
		rec := w.Do(t, "POST", "/v1/challenges", w.tokens[0], map[string]any{"to": w.ids[1], "game": "chess", "colour": "white"}, nil)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "colour") {
			t.Errorf("colour white: %d %s", rec.Code, rec.Body)
		}
	})
}
