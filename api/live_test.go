package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/play"
	allplayers "qixue/players/all"
	"qixue/rules/game"
)

// liveService is the live-game service on db with the clock now and the
// computer players, without sockets.
func liveService(db *gorm.DB, now func() time.Time, archive play.Archive) *play.Service {
	store := models.NewLiveStore(db)
	return play.NewService(store, store, game.NewRegistry(), play.Config{Now: now, Archive: archive,
		Computer: api.LiveComputer(allplayers.Registry())})
}

// liveGame is a live game as the tests read it.
type liveGame struct {
	ID      string
	Status  string
	Result  *string
	End     *string
	Ply     int
	Moves   []string
	ToMove  *int `json:"to_move"`
	Swapped bool
	Offered []string
	Scores  *[2]int
	Blocked *string `json:"blocked_piece"`
	Players []struct {
		ID, Name, Side string
	}
	Penalties []struct {
		Points int
		Reason string
	}
}

// liveWorld is the world with two more students in school A's class.
type liveWorld struct {
	*world
	// s[0..2] are the class's students: the fixture's and two more.
	ids, tokens [3]string
}

func newLiveWorld(t testing.TB, db *gorm.DB) *liveWorld {
	w := &liveWorld{world: newWorld(t, db)}
	w.ids[0], w.tokens[0] = w.F.A.Student.ID, w.F.A.StudentToken
	w.ids[1], w.tokens[1] = addStudent(t, w.world, "a-mei", "李小美")
	w.ids[2], w.tokens[2] = addStudent(t, w.world, "a-gang", "张小刚")
	return w
}

func (w *liveWorld) start(t testing.TB, body map[string]any) liveGame {
	t.Helper()
	rec := w.Do(t, "POST", "/v1/live-games", w.F.A.TeacherToken, body, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	return apitest.Decode[liveGame](t, rec)
}

// play posts moves in turn for the two tokens (first moves first), each
// at its ply, and returns the game after the last.
func (w *liveWorld) play(t *testing.T, g liveGame, tokens [2]string, moves ...string) liveGame {
	t.Helper()
	for _, m := range moves {
		seat := 0
		if g.ToMove != nil {
			seat = *g.ToMove
		}
		rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tokens[seat], map[string]any{"ply": g.Ply + 1, "move": m}, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("move %d %s: %d %s", g.Ply+1, m, rec.Code, rec.Body)
		}
		g = apitest.Decode[liveGame](t, rec)
	}
	return g
}

func (w *liveWorld) post(t *testing.T, g liveGame, token, action string, body any, status int) liveGame {
	t.Helper()
	rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/"+action, token, body, nil)
	if rec.Code != status {
		t.Fatalf("%s: %d %s", action, rec.Code, rec.Body)
	}
	if status != http.StatusOK {
		return g
	}
	return apitest.Decode[liveGame](t, rec)
}

func TestLiveChessMate(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		g := w.start(t, map[string]any{"game": "chess", "players": []string{w.ids[0], w.ids[1]}})
		tok := [2]string{w.tokens[0], w.tokens[1]}
		g = w.play(t, g, tok, "f3", "e5")
		// Out of turn, a stale ply, a non-player, an illegal and an
		// unreadable move: refused, nothing changed.
		for _, c := range []struct {
			token string
			ply   int
			move  string
			code  string
			st    int
		}{
			{tok[1], 3, "Nc6", "not_your_turn", 409},
			{tok[0], 2, "g4", "stale_ply", 409},
			{tok[0], 5, "g4", "stale_ply", 409},
			{w.tokens[2], 3, "g4", "forbidden", 403},
			{tok[0], 3, "Ke3", "illegal_move", 422},
			{tok[0], 3, "zz9", "malformed_move", 422},
		} {
			rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", c.token, map[string]any{"ply": c.ply, "move": c.move}, map[string]string{"Accept-Language": "en"})
			if rec.Code != c.st || !strings.Contains(rec.Body.String(), `"code":"`+c.code+`"`) {
				t.Errorf("%s at %d: %d %s, want %d %s", c.move, c.ply, rec.Code, rec.Body, c.st, c.code)
			}
		}
		// A retried move is idempotent.
		g = w.play(t, g, tok, "g4")
		rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tok[0], map[string]any{"ply": 3, "move": "g4"}, nil)
		if rec.Code != 200 || apitest.Decode[liveGame](t, rec).Ply != 3 {
			t.Fatalf("retry: %d %s", rec.Code, rec.Body)
		}
		// The same ply with another move: ply_taken, its own words.
		rec = w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tok[0], map[string]any{"ply": 3, "move": "a3"}, nil)
		if body := rec.Body.String(); rec.Code != 409 || !strings.Contains(body, `"code":"ply_taken"`) || strings.Contains(body, "%!") ||
			!strings.Contains(body, "这一步已经记下了另一步棋") {
			t.Errorf("another move for a taken ply: %d %s", rec.Code, body)
		}
		g = w.play(t, g, tok, "Qh4#")
		if g.Status != "finished" || *g.Result != "0-1" || *g.End != "checkmate" || len(g.Moves) != 4 {
			t.Fatalf("after mate: %+v", g)
		}
		rec = w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tok[0], map[string]any{"ply": 5, "move": "a3"}, nil)
		if rec.Code != 409 || !strings.Contains(rec.Body.String(), "game_finished") {
			t.Fatalf("move after the end: %d %s", rec.Code, rec.Body)
		}
		got := apitest.Decode[liveGame](t, w.Do(t, "GET", "/v1/live-games/"+g.ID, tok[1], nil, nil))
		if got.Status != "finished" || strings.Join(got.Moves, " ") != "f3 e5 g4 Qh4#" {
			t.Fatalf("GET: %+v", got)
		}
		// School B sees nothing of it.
		if rec := w.Do(t, "GET", "/v1/live-games/"+g.ID, w.F.B.TeacherToken, nil, nil); rec.Code != 404 {
			t.Fatalf("other school: %d", rec.Code)
		}
	})
}

func TestLiveRenjuSwapOffersClaim(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		g := w.start(t, map[string]any{"game": "gomoku", "ruleset": "renju", "players": []string{w.ids[0], w.ids[1]}})
		tok := [2]string{w.tokens[0], w.tokens[1]}
		g = w.play(t, g, tok, "h8", "h9", "g8")
		g = w.post(t, g, tok[1], "swap", nil, 200)
		if !g.Swapped || g.Ply != 3 || *g.ToMove != 0 || g.Players[0].Side != "白方" {
			t.Fatalf("after swap: %+v", g)
		}
		w.post(t, g, tok[1], "swap", nil, 409)
		g = w.play(t, g, tok, "a1")
		g = w.post(t, g, tok[1], "fifth-offers", map[string]any{"moves": []string{"i7", "n14"}}, 200)
		if len(g.Offered) != 2 || *g.ToMove != 0 {
			t.Fatalf("after offers: %+v", g)
		}
		g = w.post(t, g, tok[0], "fifth-choice", map[string]any{"keep": "i7"}, 200)
		if g.Ply != 5 || g.Moves[4] != "i7,n14:i7" {
			t.Fatalf("after choice: %+v", g)
		}
		g = w.play(t, g, tok, "a2", "i9", "a3")
		// Nothing to claim yet.
		w.post(t, g, tok[0], "claim", map[string]any{"claim": "forbidden"}, 409)
		g = w.play(t, g, tok, "i8") // double three: put down, for White to claim
		if g.Status != "playing" {
			t.Fatalf("forbidden stone ended the game at once: %+v", g)
		}
		w.post(t, g, tok[1], "claim", map[string]any{"claim": "forbidden"}, 409)
		g = w.post(t, g, tok[0], "claim", map[string]any{"claim": "forbidden"}, 200)
		if g.Status != "finished" || *g.Result != "0-1" || *g.End != "forbidden_move" {
			t.Fatalf("after the claim: %+v", g)
		}
	})
}

func TestLiveTournamentOnTablets(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		a := w.F.A
		tid := w.create(t, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{
			"name": "平板赛", "game": "chess", "system": "round_robin", "class_ids": []string{a.Class.ID},
			"student_ids": []string{w.ids[1], w.ids[2]},
		}, nil)
		if rec := w.Do(t, "POST", "/v1/tournaments/"+tid+"/rounds", a.TeacherToken, nil, nil); rec.Code != 201 {
			t.Fatalf("pair: %d %s", rec.Code, rec.Body)
		}
		rec := w.Do(t, "POST", "/v1/tournaments/"+tid+"/live-round", a.TeacherToken, nil, nil)
		if rec.Code != 201 {
			t.Fatalf("live round: %d %s", rec.Code, rec.Body)
		}
		games := apitest.Decode[struct{ Games []liveGame }](t, rec).Games
		if len(games) != 1 {
			t.Fatalf("games: %s", rec.Body)
		}
		g := games[0]
		byID := map[string]string{w.ids[1]: w.tokens[1], w.ids[2]: w.tokens[2]}
		tok := [2]string{byID[g.Players[0].ID], byID[g.Players[1].ID]}
		g = w.play(t, g, tok, "e4", "e5")
		g = w.post(t, g, tok[1], "resign", nil, 200)
		if *g.Result != "1-0" {
			t.Fatalf("result %v", *g.Result)
		}
		// The archive and the tournament follow without typing.
		deadline := time.Now().Add(10 * time.Second)
		for {
			rec := w.Do(t, "GET", "/v1/tournaments/"+tid+"/standings", a.TeacherToken, nil, nil)
			if strings.Contains(rec.Body.String(), `"points":1`) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("standings never followed: %s", rec.Body)
			}
			time.Sleep(50 * time.Millisecond)
		}
		// The standings follow the archive's upload; the live game records
		// the archive's ID just after it.
		type archived struct {
			ArchiveID *string `json:"archive_id"`
		}
		got := apitest.Decode[archived](t, w.Do(t, "GET", "/v1/live-games/"+g.ID, a.TeacherToken, nil, nil))
		for got.ArchiveID == nil {
			if time.Now().After(deadline) {
				t.Fatal("no archive record")
			}
			time.Sleep(50 * time.Millisecond)
			got = apitest.Decode[archived](t, w.Do(t, "GET", "/v1/live-games/"+g.ID, a.TeacherToken, nil, nil))
		}
		rec = w.Do(t, "GET", "/v1/games/"+*got.ArchiveID, a.TeacherToken, nil, nil)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"confirmed"`) {
			t.Fatalf("archive record: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestLiveNumberChessPenaltyAndStop(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		tok := [2]string{w.tokens[0], w.tokens[1]}
		g := w.start(t, map[string]any{"game": "numchess", "players": []string{w.ids[0], w.ids[1]}})
		// A wrong sum: penalised, the piece goes back and may not move again.
		rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tok[0], map[string]any{"ply": 1, "move": "0a1-e5[9-5-3]"}, map[string]string{"Accept-Language": "en"})
		if rec.Code != 422 || !strings.Contains(rec.Body.String(), "move_penalised") || !strings.Contains(rec.Body.String(), "10 penalty points") {
			t.Fatalf("wrong sum: %d %s", rec.Code, rec.Body)
		}
		g = apitest.Decode[liveGame](t, w.Do(t, "GET", "/v1/live-games/"+g.ID, tok[0], nil, nil))
		if len(g.Penalties) != 1 || g.Penalties[0].Points != 10 || g.Blocked == nil || *g.Blocked != "0" || g.Ply != 0 || *g.ToMove != 0 {
			t.Fatalf("after the penalty: %+v", g)
		}
		rec = w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tok[0], map[string]any{"ply": 1, "move": "0a1-e5[9-5-4]"}, nil)
		if rec.Code != 409 || !strings.Contains(rec.Body.String(), "action_not_allowed") {
			t.Fatalf("blocked piece: %d %s", rec.Code, rec.Body)
		}
		// A malformed move costs nothing.
		rec = w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", tok[0], map[string]any{"ply": 1, "move": "1d4-i5[9-"}, nil)
		if rec.Code != 422 || !strings.Contains(rec.Body.String(), "malformed_move") {
			t.Fatalf("malformed: %d %s", rec.Code, rec.Body)
		}
		g = w.play(t, g, tok, "1d4-i5")
		if g.Ply != 1 || g.Blocked != nil {
			t.Fatalf("after a move: %+v", g)
		}
		// Stop: all ten red pieces in Blue's camp (two swapped), scored by 积和法.
		start := "r:1a17,0a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16;b:0d4,1a1,2b4,3c4,4a4,5a3,6b3,7c3,8a2,9b2 r 1"
		g = w.start(t, map[string]any{"game": "numchess", "players": []string{w.ids[0], w.ids[1]}, "start": start})
		w.post(t, g, tok[1], "stop", nil, 409) // not Blue's turn... and Blue's camp is not full
		g = w.post(t, g, tok[0], "stop", nil, 200)
		if g.Status != "finished" || *g.End != "stop" || *g.Result != "1-0" {
			t.Fatalf("after stop: %+v", g)
		}
	})
}

func TestLiveFlagFallsOnce(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		g := w.start(t, map[string]any{"game": "chess", "players": []string{w.ids[0], w.ids[1]}, "clock": map[string]any{"initial_seconds": 60, "increment_seconds": 1}})
		g = w.play(t, g, [2]string{w.tokens[0], w.tokens[1]}, "e4")
		// Two services (two replicas) on one database race for the flag.
		s1, s2 := liveService(db, w.Clock, nil), liveService(db, w.Clock, nil)
		ctx := context.Background()
		if fell, err := s1.Flag(ctx, g.ID); fell || err != nil {
			t.Fatalf("flag before time: %v %v", fell, err)
		}
		w.Advance(61 * time.Second)
		results := make(chan bool, 8)
		for i := range 8 {
			s := s1
			if i%2 == 1 {
				s = s2
			}
			go func() {
				fell, err := s.Flag(ctx, g.ID)
				if err != nil {
					t.Error(err)
				}
				results <- fell
			}()
		}
		n := 0
		for range 8 {
			if <-results {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("the flag fell %d times", n)
		}
		got := apitest.Decode[liveGame](t, w.Do(t, "GET", "/v1/live-games/"+g.ID, w.tokens[0], nil, nil))
		if got.Status != "finished" || *got.Result != "1-0" || *got.End != "flag" {
			t.Fatalf("after the flag: %+v", got)
		}
		// A move after the flag is refused.
		rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", w.tokens[1], map[string]any{"ply": 2, "move": "e5"}, nil)
		if rec.Code != 409 {
			t.Fatalf("late move: %d %s", rec.Code, rec.Body)
		}
	})
}
