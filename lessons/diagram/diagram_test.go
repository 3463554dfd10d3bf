package diagram

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"qixue/rules/game"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldens are the diagrams kept in testdata/<name>.svg.
var goldens = []struct {
	name string
	game game.Name
	opts Options
}{
	{"chess_start", game.Chess, Options{}},
	{"chess_marks", game.Chess, Options{
		Position:   "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		LastMove:   "g8f6",
		Highlights: []string{"f7", "e8"},
		Arrows:     []string{"h5f7", "c4-f7"},
		Lang:       "en",
	}},
	{"chess_rook_alone", game.Chess, Options{Position: "8/8/8/8/3R4/8/8/8", Highlights: []string{"d8", "d1", "a4", "h4"}, Arrows: []string{"d4-d7", "d4-g4"}, Lang: "en"}},
	{"chess_flip", game.Chess, Options{Position: "4k3/8/8/8/8/8/4P3/4K3", Flip: true, LastMove: "e1-e2"}},
	{"draughts_start", game.Draughts, Options{}},
	{"draughts_kings", game.Draughts, Options{
		Position:   "B:WK4,28,33,34:B12,K46,19",
		LastMove:   "23x34",
		Highlights: []string{"28"},
		Arrows:     []string{"19-30"},
		Lang:       "en",
	}},
	{"draughts_flip", game.Draughts, Options{Position: "W:W31-50:B1-20", Flip: true, Arrows: []string{"32-28"}}},
	{"gomoku_record", game.Gomoku, Options{Position: "h8 h9 i9 g7 i8 i7 j8", Numbers: true, Lang: "en"}},
	{"gomoku_board", game.Gomoku, Options{Position: gomokuBoard(), Highlights: []string{"k11", "g7"}, Arrows: []string{"h8-k11"}, LastMove: "j10", Flip: true}},
	{"numchess_start", game.NumChess, Options{}},
	{"numchess_opening", game.NumChess, Options{
		Position:   "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8d5,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 b 2",
		LastMove:   "8b2-f5[6-2]-d5[4]",
		Highlights: []string{"d5"},
		Coords:     true,
		Lang:       "en",
	}},
	{"numchess_flip", game.NumChess, Options{Position: "start", Flip: true, Arrows: []string{"a1-e5"}, Coords: true}},
}

// gomokuBoard is a small opening written as a board diagram.
func gomokuBoard() string {
	rows := make([][]byte, 15)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", 15))
	}
	for _, st := range []struct {
		col   byte
		row   int
		stone byte
	}{{'h', 8, 'x'}, {'h', 9, 'o'}, {'i', 9, 'x'}, {'g', 7, 'o'}, {'j', 10, 'x'}} {
		rows[15-st.row][st.col-'a'] = st.stone
	}
	return string(bytes.Join(rows, []byte("/")))
}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			got, err := Render(g.game, g.opts)
			if err != nil {
				t.Fatal(err)
			}
			checkXML(t, got)
			path := filepath.Join("testdata", g.name+".svg")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the golden file; look at the diagram and run go test -update if the change is right", path)
			}
			again, _ := Render(g.game, g.opts)
			if !bytes.Equal(got, again) {
				t.Error("two renderings differ")
			}
		})
	}
}

// checkXML parses the document and checks the root, the viewBox, the
// title and that nothing refers outside the document.
func checkXML(t *testing.T, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var root *xml.StartElement
	var titled bool
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == nil {
			s := se.Copy()
			root = &s
		}
		if se.Name.Local == "title" {
			titled = true
		}
		for _, a := range se.Attr {
			if a.Name.Local == "href" || strings.Contains(a.Value, "url(") || a.Name.Local == "style" {
				t.Errorf("<%s %s=%q>: external reference or style attribute", se.Name.Local, a.Name.Local, a.Value)
			}
		}
		if se.Name.Local == "script" || se.Name.Local == "image" || se.Name.Local == "foreignObject" || se.Name.Local == "style" {
			t.Errorf("<%s> element", se.Name.Local)
		}
	}
	if root == nil || root.Name.Local != "svg" || root.Name.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element is not svg: %v", root)
	}
	var viewBox bool
	for _, a := range root.Attr {
		if a.Name.Local == "viewBox" && len(strings.Fields(a.Value)) == 4 {
			viewBox = true
		}
	}
	if !viewBox || !titled {
		t.Errorf("viewBox %v, title %v", viewBox, titled)
	}
}

func TestTitleLanguage(t *testing.T) {
	for _, g := range Games {
		zh, err := Render(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		en, _ := Render(g, Options{Lang: "en"})
		if !strings.Contains(string(en), "diagram") || strings.Contains(string(en), "棋图") {
			t.Errorf("%s: English title missing", g)
		}
		if !strings.Contains(string(zh), "棋图") {
			t.Errorf("%s: Chinese title missing", g)
		}
	}
}

func TestErrors(t *testing.T) {
	long := strings.Repeat("a", MaxPositionLen+1)
	many := make([]string, MaxMarks+1)
	for i := range many {
		many[i] = "e4"
	}
	for _, c := range []struct {
		game  game.Name
		opts  Options
		param string
		code  string
	}{
		{"go", Options{}, ParamGame, "unknown_game"},
		{game.Chess, Options{Position: "not a fen"}, ParamPosition, ""},
		{game.Chess, Options{Position: "8/8/8/8/8/8/8/8/8"}, ParamPosition, ""},
		{game.Chess, Options{Position: "P7/8/8/8/8/8/8/k6K"}, ParamPosition, "fen_pawn_on_back_rank"},
		{game.Chess, Options{Position: "8/8/8/8/3R4/8/8/8 x - - 0 1"}, ParamPosition, ""},
		{game.Chess, Options{Highlights: []string{"i9"}}, ParamHighlight, "invalid_square"},
		{game.Chess, Options{Arrows: []string{"e2"}}, ParamArrows, "invalid_arrow"},
		{game.Chess, Options{Arrows: []string{"e2z9"}}, ParamArrows, "invalid_square"},
		{game.Chess, Options{LastMove: "castle"}, ParamLastMove, "invalid_last_move"},
		{game.Chess, Options{Position: long}, ParamPosition, "too_long"},
		{game.Chess, Options{Highlights: many}, ParamHighlight, "too_many"},
		{game.Draughts, Options{Position: "W:W51"}, ParamPosition, ""},
		{game.Draughts, Options{Highlights: []string{"0"}}, ParamHighlight, "invalid_square"},
		{game.Draughts, Options{Arrows: []string{"32"}}, ParamArrows, "invalid_arrow"},
		{game.Draughts, Options{LastMove: "32-99"}, ParamLastMove, "invalid_square"},
		{game.Gomoku, Options{Position: "h8 h8"}, ParamPosition, ""},
		{game.Gomoku, Options{Position: "z1"}, ParamPosition, ""},
		{game.Gomoku, Options{Position: "..../..."}, ParamPosition, ""},
		{game.Gomoku, Options{Highlights: []string{"p16"}}, ParamHighlight, "invalid_square"},
		{game.Gomoku, Options{LastMove: "h8-h9"}, ParamLastMove, "invalid_square"},
		{game.NumChess, Options{Position: "r:0a1,0b2 r 1"}, ParamPosition, ""},
		{game.NumChess, Options{Highlights: []string{"a13x"}}, ParamHighlight, "invalid_square"},
		{game.NumChess, Options{Arrows: []string{"a1e5"}}, ParamArrows, "invalid_arrow"},
		{game.NumChess, Options{LastMove: "0a1-z9"}, ParamLastMove, ""},
	} {
		_, err := Render(c.game, c.opts)
		var de *Error
		if !errors.As(err, &de) {
			t.Errorf("%s %+v: error %v, want *Error", c.game, c.opts, err)
			continue
		}
		if de.Param != c.param || (c.code != "" && de.Code() != c.code) || de.Code() == "" {
			t.Errorf("%s %+v: param %q code %q, want %q %q", c.game, c.opts, de.Param, de.Code(), c.param, c.code)
		}
		if de.Message("en") == "" || de.Message("zh-CN") == de.Message("en") {
			t.Errorf("%s: messages %q / %q", c.game, de.Message("zh-CN"), de.Message("en"))
		}
	}
}

func TestSplitList(t *testing.T) {
	got := strings.Join(SplitList(" e4,d5  f6,,g7 "), "|")
	if got != "e4|d5|f6|g7" {
		t.Errorf("SplitList = %q", got)
	}
}

// FuzzRender checks that no options make Render panic, that every refusal
// is an *Error naming an option, and that every diagram is valid XML.
func FuzzRender(f *testing.F) {
	for _, g := range goldens {
		f.Add(string(g.game), g.opts.Position, strings.Join(g.opts.Highlights, ","), strings.Join(g.opts.Arrows, ","), g.opts.LastMove, g.opts.Flip)
	}
	f.Add("chess", "8/8/8/8/8/8/8/8", "a1", "a1a1", "a1-a1", false)
	f.Add("gomoku", "h8 pass h9", "", "", "", true)
	f.Fuzz(func(t *testing.T, name, pos, high, arrows, last string, flip bool) {
		o := Options{Position: pos, Highlights: SplitList(high), Arrows: SplitList(arrows), LastMove: last, Flip: flip, Coords: flip, Numbers: !flip}
		svg, err := Render(game.Name(name), o)
		if err != nil {
			var de *Error
			if !errors.As(err, &de) || de.Param == "" || de.Code() == "" {
				t.Fatalf("error %v (%T)", err, err)
			}
			return
		}
		checkXML(t, svg)
	})
}
