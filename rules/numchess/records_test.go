package numchess

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// playedGame returns n legal moves from the start under G23, the first two
// being the seed's 1d4-i5 and a Blue reply, in machine form.
func playedGame(t testing.TB, n int) []string {
	eng := NewEngine(G23())
	pos := Start()
	var out []string
	for i := 0; i < n; i++ {
		var m Move
		if i == 0 {
			m, _ = ParseMove("1d4-i5")
		} else {
			ms := eng.LegalMoves(pos)
			m = ms[(i*7)%len(ms)]
		}
		next, err := eng.Play(pos, m)
		if err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
		out = append(out, m.String())
		pos = next
	}
	return out
}

func TestParseRecords(t *testing.T) {
	moves := playedGame(t, 6)
	text := "[Event \"三年级班级赛\"]\n[Red \"小明\"]\n[Blue \"小红\"]\n[Ruleset \"G23\"]\n\n" +
		"1. " + moves[0] + " {先走一步} " + moves[1] + " 2. " + moves[2] + " " + moves[3] + "\n" +
		moves[4] + " ; 好棋\n" + moves[5] + " 1-0\n" +
		"\n" +
		"[Ruleset \"G23\"]\n" + moves[0] + " " + moves[1] + " " + moves[0] + "\n" + // the piece is no longer on d4
		"\n" +
		"[Ruleset \"X9\"]\n" + moves[0] + "\n" +
		"\n" +
		"0a1-e5[9-5-4] 1-0 *\n" +
		"\n" +
		"1d4-i5[oops\n"
	recs, errs := ParseRecords(text)
	if len(recs) != 5 || len(errs) != 5 {
		t.Fatalf("%d games, %d errors", len(recs), len(errs))
	}
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	g := recs[0]
	if g.Tag("blue") != "小红" || g.Ruleset.Name != "G23" || len(g.Moves) != 6 || g.Result != "1-0" ||
		g.Comments[1] != "先走一步" || g.Comments[5] != "好棋" || g.Final.MoveNumber() != 4 {
		t.Errorf("game 1: %+v", g)
	}
	for i, want := range []struct {
		code       string
		line, move int
	}{{}, {"", 0, 0}, {"bad_ruleset", 13, 0}, {"bad_record", 16, 2}, {"bad_move", 18, 1}}[1:] {
		var e *RecordError
		if i == 0 {
			if !errors.As(errs[1], &e) || e.Line != 11 || e.Move != 3 || e.Game != 2 {
				t.Errorf("game 2: %v", errs[1])
			}
			continue
		}
		if !errors.As(errs[i+1], &e) || e.Code() != want.code || e.Line != want.line || e.Move != want.move {
			t.Errorf("game %d: got %v, want %s on line %d move %d", i+2, errs[i+1], want.code, want.line, want.move)
		}
	}
	if m := errs[1].(*RecordError).Message("zh-CN"); !strings.HasPrefix(m, "第2局（第11行）：第3步 "+moves[0]+"：") {
		t.Errorf("zh message %q", m)
	}
}

// A game written in the seed's Chinese notation reads as the same moves.
func TestParseRecordsChinese(t *testing.T) {
	moves := playedGame(t, 12)
	eng := NewEngine(G23())
	pos := Start()
	var words []string
	for i, s := range moves {
		m, _ := ParseMove(s)
		mi, err := eng.Check(pos, m)
		if err != nil {
			t.Fatal(err)
		}
		if i%3 == 1 {
			words = append(words, s) // machine and Chinese forms mixed
		} else {
			words = append(words, mi.Chinese())
		}
		if i == 4 {
			words = append(words, "{注}")
		}
		pos, _ = eng.Play(pos, m)
	}
	text := "[Ruleset \"G23\"]\n" + strings.Join(words, " ") + "\n\n[Ruleset \"G23\"]\n" + words[0] + " 7 右平跨 (2×8−9=7)\n"
	recs, errs := ParseRecords(text)
	if errs[0] != nil {
		t.Fatalf("%v in\n%s", errs[0], text)
	}
	var got []string
	for _, m := range recs[0].Moves {
		got = append(got, m.String())
	}
	if strings.Join(got, " ") != strings.Join(moves, " ") || recs[0].Comments[5] != "注" {
		t.Errorf("read %v, want %v (comments %v) from\n%s", got, moves, recs[0].Comments, text)
	}
	var e *RecordError
	if !errors.As(errs[1], &e) || e.Move != 2 || e.Text != "7 右平跨 (2×8−9=7)" {
		t.Errorf("game 2: %v", errs[1])
	}
}

func TestWriteRecordsRoundTrip(t *testing.T) {
	moves := playedGame(t, 9)
	text := "[Red \"小明\"]\n[Ruleset \"G23\"]\n{开局} " + strings.Join(moves, " ") + " {完} *\n"
	recs, errs := ParseRecords(text)
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	out := WriteRecords(recs)
	if !strings.Contains(out, "1. "+moves[0]+" "+moves[1]+" 2. "+moves[2]) {
		t.Errorf("no move numbers in\n%s", out)
	}
	again, errs := ParseRecords(out)
	if errs[0] != nil || !sameRecords(recs, again) {
		t.Errorf("round trip changed the game (%v):\n%s", errs[0], out)
	}
	if WriteRecords(again) != out {
		t.Errorf("second write differs")
	}
}

func sameRecords(a, b []Record) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		var x, y []string
		for _, m := range a[i].Moves {
			x = append(x, m.String())
		}
		for _, m := range b[i].Moves {
			y = append(y, m.String())
		}
		if !reflect.DeepEqual(x, y) || !reflect.DeepEqual(a[i].Comments, b[i].Comments) || a[i].Result != b[i].Result ||
			a[i].Ruleset.Name != b[i].Ruleset.Name || a[i].Start.String() != b[i].Start.String() || a[i].Final.String() != b[i].Final.String() {
			return false
		}
	}
	return true
}

func FuzzParseRecords(f *testing.F) {
	moves := playedGame(f, 5)
	f.Add("[Ruleset \"G23\"]\n" + strings.Join(moves, " ") + " 1-0\n\n1d4-i5\n")
	f.Add("[Position \"r:1d4;b:1c14 b 3\"]\n1... 1c14-c13\n")
	f.Add("[Ruleset \"K1\"]\n{x} 0a1-e5[9-5-4] ;y\n")
	f.Fuzz(func(t *testing.T, s string) {
		recs, errs := ParseRecords(s)
		if len(recs) != len(errs) {
			t.Fatalf("%d games, %d errors", len(recs), len(errs))
		}
		var good []Record
		for i, r := range recs {
			if errs[i] != nil {
				var e *RecordError
				if !errors.As(errs[i], &e) || e.Code() == "" || e.Message("zh-CN") == "" || e.Game != i+1 {
					t.Fatalf("game %d: unusable error %v", i+1, errs[i])
				}
				continue
			}
			good = append(good, r)
		}
		out := WriteRecords(good)
		again, errs := ParseRecords(out)
		for _, err := range errs {
			if err != nil {
				t.Fatalf("%v in\n%s", err, out)
			}
		}
		if !sameRecords(good, again) {
			t.Fatalf("does not round-trip:\n%s", out)
		}
	})
}

// A file of 100 games of 40 moves each, every move checked by the engine.
func BenchmarkParseRecords(b *testing.B) {
	moves := strings.Join(playedGame(b, 40), " ")
	var sb strings.Builder
	for i := 0; i < 100; i++ {
		sb.WriteString("[Ruleset \"G23\"]\n" + moves + " *\n\n")
	}
	text := sb.String()
	for b.Loop() {
		_, errs := ParseRecords(text)
		if errs[99] != nil {
			b.Fatal(errs[99])
		}
	}
}
