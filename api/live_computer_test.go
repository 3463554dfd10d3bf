package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/models/modelstest"
	"qixue/play"
	"qixue/rules/game"
)

// computerGame is a live game against the computer as the tests read it.
type computerGame struct {
	ID, Game, Ruleset, Status, Position string
	Ply                                 int
	Moves                               []string
	ToMove                              *int `json:"to_move"`
	End                                 *string
	ArchiveID                           *string `json:"archive_id"`
	DrawOffer                           *int    `json:"draw_offer"`
	Players                             []struct {
		ID, Name string
		Computer *int
	}
	MoveDetails []struct {
		Seat int
		Move string
	} `json:"move_details"`
}

// computerSeat returns the computer's seat, failing when there is none.
func (g computerGame) computerSeat(t *testing.T) int {
	t.Helper()
	for i, p := range g.Players {
		if p.Computer != nil {
			return i
		}
	}
	t.Fatalf("no computer in %+v", g.Players)
	return -1
}

func (w *liveWorld) computerGame(t *testing.T, token, id string) computerGame {
	t.Helper()
	rec := w.Do(t, "GET", "/v1/live-games/"+id, token, nil, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("get: %d %s", rec.Code, rec.Body)
	}
	return apitest.Decode[computerGame](t, rec)
}

// waitPly polls the game until it has ply moves or is over; it fails
// after a generous deadline (the computer answers within its budget).
func (w *liveWorld) waitPly(t *testing.T, token, id string, ply int) computerGame {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g := w.computerGame(t, token, id)
		if g.Ply >= ply || g.Status != "playing" {
			return g
		}
		if time.Now().After(deadline) {
			t.Fatalf("the computer did not answer: ply %d, want %d", g.Ply, ply)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// legalMove is a legal move for the side to move in g's position, picked
// by n among them.
func legalMove(t *testing.T, g computerGame, n int) string {
	t.Helper()
	rules, err := game.NewRegistry().Lookup(g.Game)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := rules.Parse(g.Ruleset, g.Position)
	if err != nil {
		t.Fatalf("position %q: %v", g.Position, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	moves, err := pos.Moves(ctx)
	if err != nil || len(moves) == 0 {
		t.Fatalf("no moves in %q: %v", g.Position, err)
	}
	return pos.Notation(moves[n%len(moves)])
}

// playAgainst plays up to turns moves of the child (seat), each answered
// by the computer, and returns the game after the last answer.
func (w *liveWorld) playAgainst(t *testing.T, token string, g computerGame, seat, turns int) computerGame {
	t.Helper()
	for i := 0; i < turns && g.Status == "playing"; i++ {
		if g.ToMove == nil || *g.ToMove != seat {
			t.Fatalf("ply %d: the child is not to move: %v", g.Ply, g.ToMove)
		}
		m := legalMove(t, g, 3*i+1)
		rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", token, map[string]any{"ply": g.Ply + 1, "move": m}, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("move %d %s: %d %s", g.Ply+1, m, rec.Code, rec.Body)
		}
		played := apitest.Decode[computerGame](t, rec)
		g = w.waitPly(t, token, g.ID, played.Ply+1)
		if g.Status == "playing" && g.Ply != played.Ply+1 {
			t.Fatalf("after ply %d the game has %d plies", played.Ply, g.Ply)
		}
	}
	return g
}

func TestLiveComputerChess(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		child := w.tokens[0]
		en := map[string]string{"Accept-Language": "en"}

		// The levels, named for children, for the choosing screen.
		rec := w.Do(t, "GET", "/v1/players/chess/levels", child, nil, en)
		if rec.Code != http.StatusOK {
			t.Fatalf("levels: %d %s", rec.Code, rec.Body)
		}
		lv := apitest.Decode[struct {
			Levels []struct {
				Level        int
				Name, Player string
				NameZH       string `json:"name_zh"`
				NameEN       string `json:"name_en"`
			}
		}](t, rec)
		if len(lv.Levels) < 8 || lv.Levels[0].Level != 1 || lv.Levels[0].NameZH == "" || lv.Levels[0].Name != lv.Levels[0].NameEN ||
			!strings.HasPrefix(lv.Levels[0].Player, "Computer level 1") {
			t.Fatalf("levels: %+v", lv.Levels)
		}
		if rec := w.Do(t, "GET", "/v1/players/gomoku/levels", child, nil, nil); rec.Code != http.StatusOK ||
			!strings.Contains(rec.Body.String(), `"level":10`) || strings.Contains(rec.Body.String(), `"level":11`) {
			t.Fatalf("gomoku levels: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Do(t, "GET", "/v1/players/go/levels", child, nil, nil); rec.Code != http.StatusNotFound {
			t.Fatalf("go levels: %d %s", rec.Code, rec.Body)
		}

		// Refusals name the field.
		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"game": "chess", "level": 0}, "level"},
			{map[string]any{"game": "chess", "level": len(lv.Levels) + 1}, "level"},
			{map[string]any{"game": "gomoku", "level": 11}, "level"},
			{map[string]any{"game": "go", "level": 1}, "game"},
			{map[string]any{"game": "chess", "level": 1, "seat": "left"}, "seat"},
		} {
			rec := w.Do(t, "POST", "/v1/live-games/computer", child, c.body, nil)
			if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `"`+c.field+`"`) {
				t.Fatalf("%v: %d %s", c.body, rec.Code, rec.Body)
			}
		}

		rec = w.Do(t, "POST", "/v1/live-games/computer", child, map[string]any{"game": "chess", "level": 1, "seat": "first"}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		g := apitest.Decode[computerGame](t, rec)
		if g.computerSeat(t) != 1 || g.Players[0].ID != w.ids[0] || g.Players[1].ID != "" || !strings.HasPrefix(g.Players[1].Name, "电脑 第1级") {
			t.Fatalf("players: %+v", g.Players)
		}
		g = w.playAgainst(t, child, g, 0, 6)
		for i, m := range g.MoveDetails {
			if m.Seat != i%2 {
				t.Fatalf("ply %d by seat %d: %+v", i+1, m.Seat, g.MoveDetails)
			}
		}
		if g.Status == "playing" && g.Ply != 12 {
			t.Fatalf("after six answered moves: ply %d", g.Ply)
		}

		// Another school cannot read it; a classmate may watch.
		for _, tok := range []string{w.F.B.StudentToken, w.F.B.TeacherToken} {
			if rec := w.Do(t, "GET", "/v1/live-games/"+g.ID, tok, nil, nil); rec.Code != http.StatusNotFound {
				t.Fatalf("other school: %d %s", rec.Code, rec.Body)
			}
		}
		if got := w.computerGame(t, w.tokens[1], g.ID); got.Players[1].Name == "" {
			t.Fatalf("classmate: %+v", got.Players)
		}

		// Resigned, it goes to the archive with the computer by its level.
		if g.Status == "playing" {
			if rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/resign", child, nil, nil); rec.Code != http.StatusOK {
				t.Fatalf("resign: %d %s", rec.Code, rec.Body)
			}
		}
		deadline := time.Now().Add(20 * time.Second)
		for g = w.computerGame(t, child, g.ID); g.ArchiveID == nil; g = w.computerGame(t, child, g.ID) {
			if time.Now().After(deadline) {
				t.Fatal("the finished game was not archived")
			}
			time.Sleep(20 * time.Millisecond)
		}
		rec = w.Do(t, "GET", "/v1/games/"+*g.ArchiveID, w.F.A.TeacherToken, nil, nil)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "电脑 第1级 / Computer level 1") {
			t.Fatalf("archived: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestLiveComputerMovesFirst(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		child := w.tokens[0]
		rec := w.Do(t, "POST", "/v1/live-games/computer", child, map[string]any{"game": "chess", "level": 3, "seat": "second"}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		g := apitest.Decode[computerGame](t, rec)
		if g.computerSeat(t) != 0 {
			t.Fatalf("players: %+v", g.Players)
		}
		g = w.waitPly(t, child, g.ID, 1)
		if g.Ply != 1 || g.MoveDetails[0].Seat != 0 || g.ToMove == nil || *g.ToMove != 1 {
			t.Fatalf("the computer's first move: %+v", g)
		}
		g = w.playAgainst(t, child, g, 1, 2)
		if g.Ply != 5 {
			t.Fatalf("ply %d, want 5", g.Ply)
		}
	})
}

func TestLiveComputerLostTurnSwept(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		ctx := context.Background()
		// A process whose pool is stopped starts the game: the computer's
		// first turn is lost.
		stopped := liveService(db, w.Clock, nil)
		stopped.Close()
		child := domain.Principal{UserID: w.ids[0], SchoolID: w.F.A.School.ID, Role: domain.RoleStudent}
		pg, err := stopped.CreateComputer(ctx, child, play.NewComputerGame{Game: "chess", Level: 2, Seat: 1})
		if err != nil {
			t.Fatal(err)
		}
		// The child offers a draw meanwhile (through the stopped process
		// too): the computer's move will decline it.
		if _, err := stopped.OfferDraw(ctx, child, pg.ID); err != nil {
			t.Fatal(err)
		}
		if g := w.computerGame(t, w.tokens[0], pg.ID); g.Ply != 0 || g.computerSeat(t) != 0 || g.DrawOffer == nil || *g.DrawOffer != 1 {
			t.Fatalf("before the sweep: %+v", g)
		}
		// Not still long enough yet: nothing queued.
		if n, err := w.Live.ScheduleComputerTurns(ctx, w.Clock().Add(-play.ComputerStill)); err != nil || n != 0 {
			t.Fatalf("early sweep: %d %v", n, err)
		}
		w.Advance(play.ComputerStill + time.Second)
		if n, err := w.Live.ScheduleComputerTurns(ctx, w.Clock().Add(-play.ComputerStill)); err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		if g := w.waitPly(t, w.tokens[0], pg.ID, 1); g.Ply != 1 || g.MoveDetails[0].Seat != 0 || g.DrawOffer != nil {
			t.Fatalf("after the sweep: %+v", g)
		}
		// The turn is played: a second sweep finds nothing, and a second
		// apply of the same turn would be refused as stale.
		w.Advance(play.ComputerStill + time.Second)
		if n, err := w.Live.ScheduleComputerTurns(ctx, w.Clock().Add(-play.ComputerStill)); err != nil || n != 0 {
			t.Fatalf("sweep after the move: %d %v", n, err)
		}
	})
}

func TestLiveComputerNumberChessK1(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		child := w.tokens[0]
		rec := w.Do(t, "POST", "/v1/live-games/computer", child, map[string]any{"game": "numchess", "ruleset": "K1", "level": 5, "seat": "first"}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		g := apitest.Decode[computerGame](t, rec)
		g = w.playAgainst(t, child, g, 0, 8)
		answered := 0
		for _, m := range g.MoveDetails {
			if m.Seat != 1 {
				continue
			}
			answered++
			if strings.ContainsAny(m.Move, "*/×÷") {
				t.Fatalf("a grade-1 computer multiplied or divided: %s", m.Move)
			}
		}
		if answered < 8 && g.Status == "playing" {
			t.Fatalf("the computer answered %d moves: %+v", answered, g.MoveDetails)
		}
	})
}

// TestLiveComputerGomoku: a freestyle game against the gomoku computer:
// the child (Black) plays legal points, the computer answers each, and a
// four of the child's is blocked.
func TestLiveComputerGomoku(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		child := w.tokens[0]
		rec := w.Do(t, "POST", "/v1/live-games/computer", child, map[string]any{"game": "gomoku", "ruleset": "freestyle", "level": 6, "seat": "first"}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		g := apitest.Decode[computerGame](t, rec)
		if g.computerSeat(t) != 1 || !strings.Contains(g.Players[1].Name, "第6级") {
			t.Fatalf("players: %+v", g.Players)
		}
		// The child builds a row from h8 along row 8; the computer must
		// block it before it becomes five.
		for _, m := range []string{"h8", "i8", "j8", "k8", "l8", "g8", "f8"} {
			if g.Status != "playing" {
				break
			}
			if strings.Contains(" "+g.Position+" ", " "+m+" ") {
				continue
			}
			rec := w.Do(t, "POST", "/v1/live-games/"+g.ID+"/moves", child, map[string]any{"ply": g.Ply + 1, "move": m}, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("move %d %s: %d %s", g.Ply+1, m, rec.Code, rec.Body)
			}
			played := apitest.Decode[computerGame](t, rec)
			g = w.waitPly(t, child, g.ID, played.Ply+1)
		}
		if g.End != nil && strings.Contains(*g.End, "1-0") {
			t.Fatalf("the child made five against level 6: %v", g.Moves)
		}
		if len(g.MoveDetails) < 6 {
			t.Fatalf("moves: %+v", g.MoveDetails)
		}
	})
}
