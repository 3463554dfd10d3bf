package api_test

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	gamesvc "qixue/games"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/record"
)

// TestGameUploadNestingCrash is F1 of the security review: a student's
// chess upload of ~800 KB of nested "(" overflowed the stack and killed
// the server. It is now a 422 naming the depth limit, game and ply, and
// the server goes on answering.
func TestGameUploadNestingCrash(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		text := "1. e4 " + strings.Repeat("(", 800000) + " *"
		w.Run(t, []apitest.Case{
			{Name: "nested parentheses", Method: "POST", Path: "/v1/games?lang=en", Token: w.F.A.StudentToken,
				Body: map[string]any{"game": "chess", "text": text}, Status: http.StatusUnprocessableEntity, Code: "limit_exceeded",
				Contains: []string{"game 1, ply 1: variations nested more than 32 deep"}},
			{Name: "still up", Method: "GET", Path: "/v1/games", Token: w.F.A.StudentToken, Status: http.StatusOK},
		})
	})
}

// limitProblem is the problem document of a refused upload as the tests
// read it.
type limitProblem struct {
	Code   string
	Detail string
	Limit  *struct {
		Name           string
		Max, Game, Ply int
	}
}

// limitsServer is a server with only identity and games, whose uploads
// have small limits.
func limitsServer(t *testing.T, db *gorm.DB) (*apitest.Harness, apitest.Fixture) {
	t.Helper()
	h := apitest.New(t, db)
	f := h.Fixture(t)
	lim := gamesvc.Limits{UploadBytes: 2000, Read: record.Limits{Games: 3, Plies: 6, Variations: 2, Depth: 1, CommentBytes: 40, Tags: 4, TagBytes: 60}}
	h.Echo = api.NewServer(api.Deps{Identity: h.Identity, Ping: func(ctx context.Context) error { return models.Ping(ctx, db) },
		Games: api.NewGamesWithin(models.NewGameStore(db), nil, lim)})
	return h, f
}

// TestGameUploadLimits: every limit of an upload is a setting, and a file
// past one is refused whole (nothing stored) with a 422 limit_exceeded, or
// a 413 for its bytes, naming the limit, its value, the game and the ply,
// for every game.
func TestGameUploadLimits(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h, f := limitsServer(t, db)
		tok := f.A.TeacherToken
		tests := []struct {
			name, game, text string
			multipart        bool
			status           int
			limit            string
			max, at, ply     int
			detail           string
		}{
			{name: "bytes", game: "chess", text: strings.Repeat("1. e4 e5 *\n\n", 200), multipart: true, status: 413, limit: "bytes", max: 2000,
				detail: "may not exceed 2000 bytes"},
			{name: "games", game: "chess", text: strings.Repeat("1. e4 *\n\n", 4), status: 422, limit: "games", max: 3, at: 4,
				detail: "game 4: more than 3 games in one file"},
			{name: "games of gomoku", game: "gomoku", text: "h8\n\nh8\n\nh8\n\nh8\n", status: 422, limit: "games", max: 3, at: 4},
			{name: "plies", game: "chess", text: "1. e4 *\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *", status: 422, limit: "plies", max: 6, at: 2, ply: 7,
				detail: "game 2, ply 7: more than 6 moves (plies) in one game"},
			{name: "plies of draughts", game: "draughts", text: "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 32-28 *", status: 422, limit: "plies", max: 6, at: 1, ply: 7},
			{name: "plies of number chess", game: "numchess", text: strings.Repeat("1d4-i5 ", 7), status: 422, limit: "plies", max: 6, at: 1, ply: 7},
			{name: "variations", game: "chess", text: "1. e4 (1. d4) (1. c4) (1. b3) *", status: 422, limit: "variations", max: 2, at: 1, ply: 1},
			{name: "depth", game: "draughts", text: "1. 32-28 (31-27 (33-29)) *", status: 422, limit: "depth", max: 1, at: 1, ply: 1,
				detail: "game 1, ply 1: variations nested more than 1 deep"},
			{name: "comment bytes", game: "chess", text: "1. e4 {" + strings.Repeat("长", 20) + "} *", status: 422, limit: "comment_bytes", max: 40, at: 1, ply: 1},
			{name: "comment bytes of gomoku", game: "gomoku", text: "h8 {" + strings.Repeat("x", 50) + "} h9\n", status: 422, limit: "comment_bytes", max: 40, at: 1},
			{name: "tags", game: "draughts", text: "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n[D \"4\"]\n[E \"5\"]\n1. 32-28 *", status: 422, limit: "tags", max: 4, at: 1},
			{name: "tag bytes", game: "chess", text: "[Event \"" + strings.Repeat("x", 60) + "\"]\n1. e4 *", status: 422, limit: "tag_bytes", max: 60, at: 1},
			{name: "tag bytes of number chess", game: "numchess", text: "[Event \"" + strings.Repeat("x", 60) + "\"]\n1d4-i5\n", status: 422, limit: "tag_bytes", max: 60, at: 1},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				var body any = map[string]any{"game": tc.game, "text": tc.text}
				var hdr map[string]string
				if tc.multipart {
					body, hdr = uploadFields(t, "games.pgn", []byte(tc.text), map[string]string{"game": tc.game})
				}
				rec := h.Do(t, "POST", "/v1/games?lang=en", tok, body, hdr)
				raw := rec.Body.String()
				p := apitest.Decode[limitProblem](t, rec)
				if rec.Code != tc.status || p.Code != map[int]string{413: "limit_exceeded", 422: "limit_exceeded"}[tc.status] && p.Code != "body_too_large" ||
					p.Limit == nil || p.Limit.Name != tc.limit || p.Limit.Max != tc.max || p.Limit.Game != tc.at || p.Limit.Ply != tc.ply ||
					tc.detail != "" && !strings.Contains(p.Detail, tc.detail) {
					t.Fatalf("%d %s", rec.Code, raw)
				}
				zh := apitest.Decode[limitProblem](t, h.Do(t, "POST", "/v1/games", tok, body, hdr))
				if zh.Detail == p.Detail || zh.Detail == "" {
					t.Errorf("zh-CN detail %q", zh.Detail)
				}
			})
		}
		// Nothing was stored by the refused files.
		list := apitest.Decode[struct{ Items []any }](t, h.Do(t, "GET", "/v1/games", tok, nil, nil))
		if len(list.Items) != 0 {
			t.Errorf("%d games stored", len(list.Items))
		}
		// Within every limit the same server stores the games.
		rec := h.Do(t, "POST", "/v1/games", tok, map[string]any{"game": "chess", "text": "[Event \"x\"]\n1. e4 {ok} (1. d4) e5 *\n\n1. d4 *"}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("within the limits: %d %s", rec.Code, rec.Body)
		}
	})
}

// shuffle returns a legal chess game of n plies: knights out and back.
func shuffle(n int) string {
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	var sb strings.Builder
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		}
		sb.WriteString(moves[i%4] + " ")
	}
	sb.WriteString("*\n")
	return sb.String()
}

// TestGameUploadReviewCases are the security review's F2 and F3 uploads
// against the server's default limits: each is refused at once, naming
// the limit, with the work (CPU and memory) bounded by the limit, not the
// file.
func TestGameUploadReviewCases(t *testing.T) {
	db := modelstest.SQLite(t)
	w := newWorld(t, db)
	tok := w.F.A.StudentToken
	tests := []struct {
		name, game, text string
		multipart        bool
		limit            string
		ply              int
	}{
		// F2: 188 s of CPU for chess, 215 s for draughts.
		{"chess nested variations", "chess", "1. e4 " + strings.Repeat("(1. e4 ", 120000) + " *", false, "depth", 1},
		{"draughts nested variations", "draughts", "1. 32-28 " + strings.Repeat("(32-28 ", 125000) + " *", false, "depth", 1},
		// F3: one game of 2,000,000 plies in 16 MB (2.5 GB at upload).
		{"two million plies", "chess", shuffle(2000000), true, "plies", 1001},
		// F3: NAGs and comments (+570 MB, 990 MB).
		{"NAGs", "chess", "1. e4 " + strings.Repeat("$1 ", 2000000) + "*", true, "comment_bytes", 1},
		{"comments", "chess", "1. e4 " + strings.Repeat("{c}", 2000000) + " *", true, "comment_bytes", 1},
		{"draughts comments", "draughts", "1. 32-28 " + strings.Repeat("{c}", 2000000) + " *", true, "comment_bytes", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body any = map[string]any{"game": tc.game, "text": tc.text}
			var hdr map[string]string
			if tc.multipart {
				body, hdr = uploadFields(t, "game.txt", []byte(tc.text), map[string]string{"game": tc.game})
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			rec := w.Do(t, "POST", "/v1/games?lang=en", tok, body, hdr)
			runtime.ReadMemStats(&after)
			raw := rec.Body.String()
			p := apitest.Decode[limitProblem](t, rec)
			if rec.Code != http.StatusUnprocessableEntity || p.Limit == nil || p.Limit.Name != tc.limit || p.Limit.Game != 1 || p.Limit.Ply != tc.ply {
				t.Fatalf("%d %s", rec.Code, raw)
			}
			// Allocation in all: the body and a few copies of it, never
			// the hundreds of bytes per ply or level of before.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(12*len(tc.text))+64<<20 {
				t.Errorf("allocated %d MB for a %d MB file", alloc>>20, len(tc.text)>>20)
			}
		})
	}
}

// TestGameReplayOnePly is F3's replay: ?ply=N builds that ply alone (and
// stops playing there), the whole replay is streamed, and a ply past the
// last is a 400.
func TestGameReplayOnePly(t *testing.T) {
	db := modelstest.SQLite(t)
	w := newWorld(t, db)
	tok := w.F.A.TeacherToken
	rep := apitest.Decode[gameReport](t, w.Do(t, "POST", "/v1/games", tok, map[string]any{"game": "chess", "text": shuffle(1000)}, nil))
	if len(rep.Stored) != 1 {
		t.Fatalf("upload: %+v", rep)
	}
	id := rep.Stored[0].ID
	type replay struct {
		Start struct{ Position string }
		Plies []struct {
			Ply      int
			Notation string
			Position string
		}
	}
	one := apitest.Decode[replay](t, w.Do(t, "GET", "/v1/games/"+id+"/replay?ply=5", tok, nil, nil))
	if len(one.Plies) != 1 || one.Plies[0].Ply != 5 || one.Plies[0].Notation != "Nf3" || !strings.HasPrefix(one.Plies[0].Position, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b") {
		t.Fatalf("ply 5: %+v", one.Plies)
	}
	all := apitest.Decode[replay](t, w.Do(t, "GET", "/v1/games/"+id+"/replay", tok, nil, nil))
	if len(all.Plies) != 1000 || all.Plies[4] != one.Plies[0] || all.Plies[999].Ply != 1000 {
		t.Fatalf("all: %d plies", len(all.Plies))
	}
	start := apitest.Decode[replay](t, w.Do(t, "GET", "/v1/games/"+id+"/replay?ply=0", tok, nil, nil))
	if len(start.Plies) != 0 || start.Start.Position == "" {
		t.Fatalf("ply 0: %+v", start)
	}
	w.Run(t, []apitest.Case{
		{Name: "last ply", Method: "GET", Path: "/v1/games/" + id + "/replay?ply=1000", Token: tok, Status: 200},
		{Name: "past the last", Method: "GET", Path: "/v1/games/" + id + "/replay?ply=1001", Token: tok, Status: 400, Code: "invalid_parameter"},
		{Name: "HEAD", Method: "HEAD", Path: "/v1/games/" + id + "/replay", Token: tok, Status: 200},
	})
}
