package exercises

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/record"
)

func TestReadLichessCSV(t *testing.T) {
	f, err := os.Open("testdata/lichess_sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := ReadLichessCSV(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 10 {
		t.Fatalf("%d rows", len(rows))
	}
	good := map[string]bool{"q1Mat2": true, "q2Sch1": true, "q3Fork": true, "q4Bad": true}
	for i, r := range rows {
		if want := good[r.PuzzleID] && i < 4; (r.Reason == domain.Text{}) != want {
			t.Errorf("line %d %s: reason %q", r.Line, r.PuzzleID, r.Reason.EN)
		}
		if r.Line != i+2 {
			t.Errorf("row %d on line %d", i, r.Line)
		}
	}
	m := rows[0].Draft
	if m.Kind != "chess.mate_in" || string(m.Prompt) != `{"fen":"3q1rk1/5ppp/p4n2/7Q/4N3/3B4/5PPP/6K1 w - - 0 22","n":2}` ||
		string(m.Solution) != `{"moves":["Nxf6+","gxf6","Qxh7#"]}` || m.Difficulty != 3 || m.Band != "G23" ||
		strings.Join(m.Tags, " ") != "kingsideAttack mateIn2 middlegame short" || !strings.Contains(m.Body.EN, "White to move: mate in 2.") {
		t.Errorf("mate in 2: %+v %s %s", m, m.Prompt, m.Solution)
	}
	if d := rows[1].Draft; d.Kind != "chess.mate_in" || d.Difficulty != 1 || d.Band != "K1" {
		t.Errorf("mate in 1: %+v", d)
	}
	if d := rows[2].Draft; d.Kind != "chess.best_move" || string(d.Solution) != `{"moves":["Nxc7+","Kd8","Nxa8"]}` || d.Band != "G23" {
		t.Errorf("fork: %+v %s", d, d.Solution)
	}
	for i, want := range map[int]string{
		4: "Moves column, move 2: h5h8: the way from h5 to h8 is blocked",
		5: "FEN column: invalid FEN",
		6: "expected 10 columns",
		7: "must end with the solver's move",
		8: `Rating column "easy"`,
		9: "puzzle q2Sch1 already appears on line 3",
	} {
		if r := rows[i]; !strings.Contains(r.Reason.EN, want) || r.Reason.ZH == "" || r.Reason.ZH == r.Reason.EN {
			t.Errorf("line %d: %q, want %q", r.Line, r.Reason.EN, want)
		}
	}
	// The kinds check every draft: the mate in 2 validates with the
	// defence gxf6, and q4Bad (h5h6 does not mate) is refused there.
	for i, want := range []bool{true, true, true, false} {
		k, _ := KindByName(rows[i].Draft.Kind)
		if err := k.Validate(rows[i].Draft.Prompt, rows[i].Draft.Solution); (err == nil) != want {
			t.Errorf("row %d validates: %v", i, err)
		}
	}
}

func TestLichessLevel(t *testing.T) {
	for _, tt := range []struct {
		rating, difficulty int
		band               Band
	}{{400, 1, K1}, {999, 1, K1}, {1000, 2, G23}, {1599, 3, G23}, {1600, 3, G46}, {2199, 4, G46}, {2900, 5, G46}} {
		if d, b := lichessLevel(tt.rating); d != tt.difficulty || b != tt.band {
			t.Errorf("%d: %d %s", tt.rating, d, b)
		}
	}
}

func TestReadLichessCSVNoHeaderOldFormat(t *testing.T) {
	in := "q2Sch1,r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,612,90,97,52011,mate mateIn1,https://lichess.org/zyxwVUTS#5\n"
	rows, err := ReadLichessCSV(strings.NewReader(in))
	if err != nil || len(rows) != 1 || rows[0].Reason != (domain.Text{}) {
		t.Fatalf("%+v %v", rows, err)
	}
	var p map[string]any
	if json.Unmarshal(rows[0].Draft.Prompt, &p) != nil || p["n"] != float64(1) {
		t.Errorf("prompt %s", rows[0].Draft.Prompt)
	}
}

// FuzzReadLichessCSV checks that any text reads without a panic into rows
// that are either refused with a reason in both languages or drafts that
// the kind accepts.
func FuzzReadLichessCSV(f *testing.F) {
	data, err := os.ReadFile("testdata/lichess_sample.csv")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add("a,b\n\"unclosed")
	f.Add("x1,8/8/8/8/8/8/k7/4K2R w K - 0 1,e1g1 a2a3 h1h8,1500,1,1,1,mateIn1,,\n")
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := ReadLichessCSV(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, r := range rows {
			if r.Reason != (domain.Text{}) {
				if r.Reason.ZH == "" || r.Reason.EN == "" {
					t.Fatalf("line %d: reason %+v", r.Line, r.Reason)
				}
				continue
			}
			if _, err := r.Draft.check(); err != nil {
				if draftRefusal(err).EN == "" {
					t.Fatalf("line %d: %v", r.Line, err)
				}
			}
		}
	})
}

// Issue 30: columns are read by their header names. A DailyDate column
// more, columns in another order, or a header without the optional ones
// all read; a missing required column is one refusal for the file.
func TestReadLichessCSVByHeader(t *testing.T) {
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"
	for name, in := range map[string]string{
		"DailyDate": "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,DailyDate\n" +
			"q2Sch1," + fen + ",g8f6 h5f7,612,90,97,52011,mate mateIn1,https://lichess.org/zyxwVUTS#5,,2024-01-01\n" +
			"q3Sch2," + fen + ",g8f6 h5f7,612,90,97,52011,mate mateIn1,https://lichess.org/zyxwVUTS#5,,2024-01-02\n",
		"reordered": "\ufeffThemes, rating ,FEN,Moves,PuzzleId,Extra\n" +
			"mate mateIn1,612," + fen + ",g8f6 h5f7,q2Sch1,x\n" +
			"mate mateIn1,612," + fen + ",g8f6 h5f7,q3Sch2,y\n",
		"required only": "PuzzleId,FEN,Moves,Rating,Themes\n" +
			"q2Sch1," + fen + ",g8f6 h5f7,612,mateIn1\nq3Sch2," + fen + ",g8f6 h5f7,612,mateIn1\n",
	} {
		rows, err := ReadLichessCSV(strings.NewReader(in))
		if err != nil || len(rows) != 2 {
			t.Fatalf("%s: %+v %v", name, rows, err)
		}
		for _, r := range rows {
			if r.Reason != (domain.Text{}) || r.Draft.Kind != "chess.mate_in" || r.PuzzleID == "" {
				t.Errorf("%s: line %d: %+v", name, r.Line, r)
			}
		}
	}
	in := "PuzzleId,FEN,Rating,GameUrl\n"
	for i := 0; i < 200; i++ {
		in += "q" + strings.Repeat("x", i%5) + "," + fen + ",612,\n"
	}
	rows, err := ReadLichessCSV(strings.NewReader(in))
	if err != nil || len(rows) != 1 || rows[0].Code != CodeMissingColumn || rows[0].Line != 1 ||
		!strings.Contains(rows[0].Reason.EN, "no column Moves, Themes") || !strings.Contains(rows[0].Reason.ZH, "Moves、Themes") {
		t.Fatalf("missing columns: %+v %v", rows, err)
	}
	// A row shorter than the header's required columns is refused alone.
	rows, _ = ReadLichessCSV(strings.NewReader("PuzzleId,FEN,Moves,Rating,Themes,DailyDate\nq1," + fen + ",g8f6 h5f7\n"))
	if len(rows) != 1 || !strings.Contains(rows[0].Reason.EN, "expected 6 columns") {
		t.Errorf("short row: %+v", rows)
	}
}

// TestReadLichessCSVRowLimit: MaxLichessRows rows are read; one more is
// refused whole with a *record.LimitError naming rows and the limit,
// which the import passes on as it is (a 422 limit_exceeded naming rows,
// not a bare "invalid file").
func TestReadLichessCSVRowLimit(t *testing.T) {
	row := "00001,8/8/8/8/8/8/8/K1k5 w - - 0 1,a1a2,600,80,90,100,endgame,https://lichess.org/x\n"
	file := func(n int) string { return strings.Repeat(row, n) }
	if rows, err := ReadLichessCSV(strings.NewReader(file(MaxLichessRows))); err != nil || len(rows) != MaxLichessRows {
		t.Fatalf("at the limit: %d rows, %v", len(rows), err)
	}
	_, err := ReadLichessCSV(strings.NewReader(file(MaxLichessRows + 1)))
	var limit *record.LimitError
	if !errors.As(err, &limit) || limit.Limit != record.LimitRows || limit.Max != MaxLichessRows {
		t.Fatalf("one past the limit: %v, want a rows limit of %d", err, MaxLichessRows)
	}
	if !strings.Contains(limit.Message("zh-CN"), "20000 行") || !strings.Contains(limit.Message("en"), "20000 rows") {
		t.Errorf("messages %q / %q", limit.Message("zh-CN"), limit.Message("en"))
	}
	svc := NewService(nil, nil)
	_, err = svc.ImportLichess(context.Background(), domain.Principal{Role: domain.RoleTeacher, SchoolID: "s", UserID: "u"}, "", strings.NewReader(file(MaxLichessRows+1)), true)
	if !errors.As(err, &limit) || limit.Limit != record.LimitRows {
		t.Errorf("import of one row too many: %v, want the rows limit", err)
	}
}
