package api_test

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// gameReplay is a replay as these tests read it.
type gameReplay struct {
	Plies []struct {
		Ply      int
		Notation string
		Comments []string
	}
}

// TestGameSeedAnnotatedGame uploads the school arena game of seed 002
// (written as the seed prints it: no x or + signs, moves run together,
// 0-0 for castling) with the teacher's remarks as comments at their moves.
// The seed's record breaks at 26...Ne4 (no black knight can reach e4), so
// the file keeps the moves up to 26.Rd2 and says so in a last comment;
// the whole seed text is refused naming that move. The replay shows every
// remark at its ply, and the export reads back as the same game with the
// same remarks.
func TestGameSeedAnnotatedGame(t *testing.T) {
	data, err := os.ReadFile("testdata/games/seed002_annotated.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]string{ // ply: SAN, start of the remark
		11: {"d3", "h3 先问一问黑象"}, 15: {"Re3", "车抬得太高"}, 18: {"Rc8", "没有目的"},
		19: {"Ba3", "象被兵挡住了"}, 20: {"Nh5", "马跑到边上了"}, 23: {"Nh4", "Ne5 可以吃一个兵"},
		26: {"Na5", "Nd4 更好"}, 34: {"Na5", "错过了 Nd4 的捉双"}, 41: {"d4", "白白送掉一个兵"},
		46: {"e5", "Be5 更好"}, 51: {"Rd2", "记录到这里看不清了"},
	}
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		check := func(id string) {
			t.Helper()
			rp := apitest.Decode[gameReplay](t, w.Do(t, "GET", "/v1/games/"+id+"/replay", a.TeacherToken, nil, nil))
			if len(rp.Plies) != 51 {
				t.Fatalf("%d plies, want 51", len(rp.Plies))
			}
			for _, p := range rp.Plies {
				wp, ok := want[p.Ply]
				switch {
				case !ok && len(p.Comments) > 0:
					t.Errorf("ply %d %s: unexpected comments %q", p.Ply, p.Notation, p.Comments)
				case ok && (p.Notation != wp[0] || len(p.Comments) != 1 || !strings.HasPrefix(p.Comments[0], wp[1])):
					t.Errorf("ply %d: %s %q, want %s %q...", p.Ply, p.Notation, p.Comments, wp[0], wp[1])
				}
			}
		}
		r := apitest.Decode[gameReport](t, w.Do(t, "POST", "/v1/games", a.TeacherToken, map[string]any{"game": "chess", "text": string(data)}, nil))
		if len(r.Stored) != 1 || r.Stored[0].Result != "1-0" || r.Stored[0].White.Name != "刘先锋" {
			t.Fatalf("upload: %+v", r)
		}
		id := r.Stored[0].ID
		check(id)
		export := w.Do(t, "GET", "/v1/games/"+id+"/export", a.TeacherToken, nil, nil)
		if export.Code != http.StatusOK || !strings.Contains(export.Body.String(), "12... Bxh4 13. Qxh5 Na5 {Nd4 更好}") {
			t.Fatalf("export %d\n%s", export.Code, export.Body)
		}
		if rec := w.Do(t, "DELETE", "/v1/games/"+id, a.TeacherToken, nil, nil); rec.Code != http.StatusNoContent {
			t.Fatalf("delete %d %s", rec.Code, rec.Body)
		}
		r = apitest.Decode[gameReport](t, w.Do(t, "POST", "/v1/games", a.TeacherToken, map[string]any{"game": "chess", "text": export.Body.String()}, nil))
		if len(r.Stored) != 1 {
			t.Fatalf("re-import: %+v", r)
		}
		check(r.Stored[0].ID)
		// The seed's full record: refused at the impossible move, in
		// both languages.
		full := strings.Replace(string(data), "26.Rd2{", "26.Rd2 Ne4 27.R1d3 {", 1)
		for lang, reason := range map[string]string{"en": "move 26 (black): Ne4: no knight can reach e4", "zh-CN": "第26回合（黑方）：Ne4"} {
			r = apitest.Decode[gameReport](t, w.Do(t, "POST", "/v1/games?lang="+lang, a.TeacherToken, map[string]any{"game": "chess", "text": full}, nil))
			if len(r.Stored) != 0 || len(r.Refused) != 1 || !strings.Contains(r.Refused[0].Reason, reason) {
				t.Errorf("%s: full record %+v", lang, r)
			}
		}
	})
}

// TestGameUploadControlCharacters uploads, as a file, two real-world games
// whose comments carry DEL characters (ChessBase writes them): the games
// are kept, read as if the characters were spaces, and nothing invisible
// is stored. Before the fix the whole file was refused (422 text
// control_character) for one character in a comment.
func TestGameUploadControlCharacters(t *testing.T) {
	file := "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 { \x7f ee5 } Nc6 1-0\n\n" +
		"[White \"Cy\"]\n[Black \"Di\"]\n\n1. d4\x7fd5 2. c4 {\x01} e6 *\n"
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		body, hdr := uploadFields(t, "club.pgn", []byte(file), map[string]string{"game": "chess"})
		rec := w.Do(t, "POST", "/v1/games?lang=en", w.F.A.TeacherToken, body, hdr)
		r := apitest.Decode[gameReport](t, rec)
		if rec.Code != http.StatusCreated || len(r.Stored) != 2 || len(r.Refused) != 0 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		rp := apitest.Decode[gameReplay](t, w.Do(t, "GET", "/v1/games/"+r.Stored[0].ID+"/replay", w.F.A.TeacherToken, nil, nil))
		if len(rp.Plies) != 4 || len(rp.Plies[2].Comments) != 1 || rp.Plies[2].Comments[0] != "ee5" {
			t.Errorf("replay %+v", rp)
		}
		rp = apitest.Decode[gameReplay](t, w.Do(t, "GET", "/v1/games/"+r.Stored[1].ID+"/replay", w.F.A.TeacherToken, nil, nil))
		if len(rp.Plies) != 4 || rp.Plies[1].Notation != "d5" {
			t.Errorf("replay %+v", rp)
		}
	})
}
