package game

import (
	"strings"
	"testing"
)

// gomokuDiagram puts stones on the empty board: each point as "h8" with
// 'x' or 'o' before it ("xh8", "oh9").
func gomokuDiagram(stones ...string) string {
	rows := make([][]byte, 15)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", 15))
	}
	for _, s := range stones {
		col := int(s[1] - 'a')
		row := 0
		for _, d := range s[2:] {
			row = row*10 + int(d-'0')
		}
		rows[15-row][col] = s[0]
	}
	out := make([]string, 15)
	for i, r := range rows {
		out[i] = string(r)
	}
	return strings.Join(out, "/")
}

// TestSetupRefusals: every position a board editor can produce that no
// game reaches is refused with the engine's code and a message in both
// languages; the ones that stand are read back by Parse.
func TestSetupRefusals(t *testing.T) {
	reg := NewRegistry()
	five := gomokuDiagram("xd8", "xe8", "xf8", "xg8", "xh8", "od9", "oe9", "of9", "og9", "oa1")
	for _, tt := range []struct {
		game          Name
		variant, text string
		code          string // "" stands
	}{
		{Chess, "", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "fen_too_many_kings"},
		{Chess, "", "4k3/8/8/8/8/8/8/4K2P w - - 0 1", "fen_pawn_on_back_rank"},
		{Chess, "", "4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "fen_opponent_in_check"},
		{Chess, "", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "fen_impossible_castling"},
		{Chess, "", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "fen_impossible_en_passant"},
		{Chess, "", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", ""},
		{Chess, "", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""},
		{Draughts, "", "W:W3:B20", "invalid_fen"},
		{Draughts, "", "W:W25-50:B1-5", "too_many_pieces"},
		{Draughts, "", "W:W:B", "no_pieces"},
		{Draughts, "", "W:WK3,31:B20", ""},
		{Draughts, "", "[GameType \"20\"]\n[FEN \"W:W3,31:B20\"]", "invalid_fen"},
		{Draughts, "", "[FEN \"B:W31:B19\"]", ""},
		{Chess, "", "[FEN \"4k3/8/8/8/8/8/8/K3K3 w - - 0 1\"]", "fen_too_many_kings"},
		{Gomoku, "renju", gomokuDiagram("xh8") + " black", "impossible_stone_count"},
		{Gomoku, "renju", gomokuDiagram("xh8", "oh9") + " white", "impossible_stone_count"},
		{Gomoku, "renju", gomokuDiagram() + " white", "impossible_stone_count"},
		{Gomoku, "renju", gomokuDiagram("xh8") + " white", ""},
		{Gomoku, "freestyle", five + " black", "mover_has_five"},
		{Gomoku, "freestyle", gomokuDiagram("xd8", "xe8", "xf8", "xg8", "xh8", "od9", "oe9", "of9", "og9") + " white", ""},
		{Gomoku, "renju", gomokuDiagram("xc8", "xd8", "xe8", "xf8", "xg8", "xh8", "oc9", "od9", "oe9", "of9", "og9", "oh9") + " black", "black_overline"},
		{Gomoku, "freestyle", gomokuDiagram("xd8", "xe8", "xf8", "xg8", "xh8", "od9", "oe9", "of9", "og9", "oh9") + " black", "two_winners"},
		{Gomoku, "renju", "x/o black", "bad_board"},
		{Gomoku, "renju", gomokuDiagram() + " red", "bad_side"},
		{NumChess, "", "r:7c3,7d4;b:0a17 r 1", "duplicate_piece"},
		{NumChess, "", "r:7z9;b:0a17 r 1", "off_board"},
		{NumChess, "", "r:7c3;b:0c3 r 1", "point_occupied"},
		{NumChess, "", "r:0a17,1a14,3b14,2c14,4d14,7a15,6b15,5c15,8a16,9b16;b:0a1 r 5", "mover_in_place"},
		{NumChess, "", "r:0a17,1a14,3b14,2c14,4d14,7a15,6b15,5c15,8a16,9b16;b:0a1 b 5", ""},
	} {
		pos, err := reg.Must(tt.game).Setup(tt.variant, tt.text)
		if tt.code == "" {
			if err != nil {
				t.Errorf("%s %q: refused %v, want it to stand", tt.game, tt.text, err)
				continue
			}
			again, err := reg.Must(tt.game).Parse(tt.variant, pos.String())
			if err != nil || again.Key() != pos.Key() {
				t.Errorf("%s %q: printed as %q, reads back %v", tt.game, tt.text, pos.String(), err)
			}
			continue
		}
		e, ok := err.(interface {
			Code() string
			Message(string) string
		})
		if !ok {
			t.Errorf("%s %q: got %v (%T), want refusal %s", tt.game, tt.text, err, err, tt.code)
			continue
		}
		if e.Code() != tt.code || e.Message("en") == "" || e.Message("zh-CN") == e.Message("en") {
			t.Errorf("%s %q: refusal %s %q / %q, want %s in both languages", tt.game, tt.text, e.Code(), e.Message("en"), e.Message("zh-CN"), tt.code)
		}
	}
}

// TestGomokuSetupPlays: a game from a set-up board plays on, keeps its
// board in String, and reports a five that stands on it.
func TestGomokuSetupPlays(t *testing.T) {
	reg := NewRegistry()
	pos, err := reg.Must(Gomoku).Setup("renju", gomokuDiagram("xd8", "xe8", "xf8", "xg8", "od9", "oe9", "of9")+" white")
	if err != nil {
		t.Fatal(err)
	}
	if pos.Turn() != Second || pos.Outcome().Over() {
		t.Fatalf("turn %v outcome %v", pos.Turn(), pos.Outcome())
	}
	m, err := pos.ParseMove("g9")
	if err != nil {
		t.Fatal(err)
	}
	next, _ := pos.Play(m)
	if !strings.HasSuffix(next.String(), " black") || !strings.Contains(next.String(), "x") {
		t.Fatalf("after g9: %q", next.String())
	}
	m, _ = next.ParseMove("h8")
	won, _ := next.Play(m)
	if o := won.Outcome(); o.Result != FirstWins || o.Rule != Five {
		t.Fatalf("after h8: %+v", o)
	}
	done, err := reg.Must(Gomoku).Setup("renju", won.String())
	if err != nil || done.Outcome().Result != FirstWins {
		t.Fatalf("the won board read back: %v %+v", err, done)
	}
}

// FuzzSetup: any text under any game either stands, and then prints a
// notation Parse reads back to the same position, or is refused with a
// code and a message in both languages; nothing panics.
func FuzzSetup(f *testing.F) {
	for _, s := range []string{"", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "[FEN \"W:W3:B20\"]", "W:W31-50:B1-20", gomokuDiagram("xh8") + " white",
		"r:7c3,7d4;b:0a17 r 1", "[FEN", "[FEN \"", "x/o black", "start"} {
		f.Add(s)
	}
	reg := NewRegistry()
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1000 {
			return // the API's bound
		}
		for _, r := range reg.All() {
			pos, err := r.Setup("", s)
			if err != nil {
				e, ok := err.(interface {
					Code() string
					Message(string) string
				})
				if !ok || e.Code() == "" || e.Message("zh-CN") == "" || e.Message("en") == "" {
					t.Fatalf("%s %q: refusal %T %v", r.Name(), s, err, err)
				}
				continue
			}
			again, err := r.Parse("", pos.String())
			if err != nil || again.Key() != pos.Key() {
				t.Fatalf("%s %q: printed %q reads back %v", r.Name(), s, pos.String(), err)
			}
		}
	})
}
