package api_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// editorBoard is a gomoku diagram with the given stones ("xh8", "oh9").
func editorBoard(stones ...string) string {
	rows := make([][]byte, 15)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", 15))
	}
	for _, s := range stones {
		row := 0
		for _, d := range s[2:] {
			row = row*10 + int(d-'0')
		}
		rows[15-row][s[1]-'a'] = s[0]
	}
	out := make([]string, 15)
	for i, r := range rows {
		out[i] = string(r)
	}
	return strings.Join(out, "/")
}

// TestPositionCheck: the editor's check refuses, in the caller's language
// and naming the field, what the engines say cannot stand, and describes
// what can.
func TestPositionCheck(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		a := h.Fixture(t).A
		en := map[string]string{"Accept-Language": "en"}
		check := "/v1/positions/check"
		// A double three at h8 for Black: f8 g8 and h9 h10 (with White's
		// stones far away).
		renju := editorBoard("xf8", "xg8", "xh9", "xh10", "oa1", "oa2", "oa3", "oa4") + " black"
		h.Run(t, []apitest.Case{
			{Name: "two white kings", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "chess", "position": "4k3/8/8/8/8/8/8/K3K3 w - - 0 1"},
				Status: 422, Code: "fen_too_many_kings", Contains: []string{`"field":"position"`, "2 kings"}},
			{Name: "pawn on the first rank, in Chinese", Method: "POST", Path: check, Token: a.TeacherToken,
				Body:   map[string]any{"game": "chess", "position": "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"},
				Status: 422, Code: "fen_pawn_on_back_rank", Contains: []string{"兵不能在第一行或最后一行"}},
			{Name: "side not to move in check", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "chess", "position": "4k3/8/8/8/8/8/8/r3K3 b - - 0 1"},
				Status: 422, Code: "fen_opponent_in_check"},
			{Name: "impossible castling", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "chess", "position": "4k3/8/8/8/8/8/8/4K3 w K - 0 1"},
				Status: 422, Code: "fen_impossible_castling"},
			{Name: "impossible en passant", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "chess", "position": "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1"},
				Status: 422, Code: "fen_impossible_en_passant"},
			{Name: "a chess position that stands", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "chess", "position": "r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 1"},
				Status: 200, Contains: []string{`"legal":true`, `"turn":"black"`, `"turn_name":"Black"`, `"result":"*"`, `"move_count":`}},
			{Name: "checkmate stands, the game is over", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "chess", "position": "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"},
				Status: 200, Contains: []string{`"result":"1-0"`, `"reason":`, "game is over"}, Excludes: []string{`"move_count"`}},
			{Name: "draughts man on its crowning row", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "draughts", "position": "W:W3,31:B20"},
				Status: 422, Code: "invalid_fen", Contains: []string{"crowned"}},
			{Name: "draughts with 21 men", Method: "POST", Path: check, Token: a.TeacherToken,
				Body:   map[string]any{"game": "draughts", "position": "W:W10-30:B31"},
				Status: 422, Code: "too_many_pieces", Contains: []string{"21"}},
			{Name: "renju stone counts impossible for the side to move", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "gomoku", "ruleset": "renju", "position": editorBoard("xh8", "xh9") + " white"},
				Status: 422, Code: "impossible_stone_count", Contains: []string{"2 black and 0 white"}},
			{Name: "renju board with the forbidden points", Method: "POST", Path: check, Token: a.TeacherToken,
				Body:   map[string]any{"game": "gomoku", "ruleset": "renju", "position": renju},
				Status: 200, Contains: []string{`"forbidden_points":["h8"]`, `"turn":"black"`, "轮到黑方走"}},
			{Name: "number-chess piece twice", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "numchess", "position": "r:7c3,7d4;b:0a17 r 1"},
				Status: 422, Code: "duplicate_piece", Contains: []string{`"field":"position"`}},
			{Name: "number-chess piece off the 121 points", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "numchess", "position": "r:7z9;b:0a17 r 1"},
				Status: 422, Code: "off_board"},
			{Name: "number chess that stands", Method: "POST", Path: check, Token: a.TeacherToken, Header: en,
				Body:   map[string]any{"game": "numchess", "ruleset": "G23", "position": "r:7c3;b:0a17 b 3"},
				Status: 200, Contains: []string{`"turn":"blue"`, `"ruleset":"G23"`}},
			{Name: "unknown game", Method: "POST", Path: check, Token: a.TeacherToken,
				Body: map[string]any{"game": "go", "position": ""}, Status: 422, Code: "unknown_game", Contains: []string{`"field":"game"`}},
			{Name: "unknown ruleset", Method: "POST", Path: check, Token: a.TeacherToken,
				Body: map[string]any{"game": "gomoku", "ruleset": "caro"}, Status: 422, Code: "unknown_variant", Contains: []string{`"field":"ruleset"`}},
			{Name: "no game", Method: "POST", Path: check, Token: a.TeacherToken,
				Body: map[string]any{"position": "x"}, Status: 422, Contains: []string{`"field":"game"`}},
			{Name: "a position past the limit", Method: "POST", Path: check, Token: a.TeacherToken,
				Body: map[string]any{"game": "chess", "position": strings.Repeat("8/", 600)}, Status: 422, Contains: []string{`"field":"position"`, `"too_long"`}},
			{Name: "students may not", Method: "POST", Path: check, Token: a.StudentToken,
				Body: map[string]any{"game": "chess"}, Status: 403},
			{Name: "needs a token", Method: "POST", Path: check, Body: map[string]any{"game": "chess"}, Status: 401},
			{Name: "the start when empty", Method: "POST", Path: check, Token: a.TeacherToken,
				Body: map[string]any{"game": "draughts"}, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					r := apitest.Decode[map[string]any](t, rec)
					if r["move_count"] != float64(9) || r["turn"] != "White" {
						t.Errorf("draughts start: %v", r)
					}
				}},
		})
	})
}
