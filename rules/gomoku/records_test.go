package gomoku

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

const clubRecords = `[Event "Club night"]
[Black "Xiaoming"]
[White "Xiaohong"]
[Rule "renju"]
[Result "0-1"]
1. h8 h9 2. i10 swap {White took Black's stones} i9
j10,k11:k11 g7 ; a quiet fifth
h10 g9 g10 g8 g11 g6 a1 g5 0-1

[Rule "freestyle"]
h8 h9 i8 i9 j8 j9 k8 k9 l8

[Rule "renju"]
[Opening "Soosorv-8"]
h8 h9 h10 a1 g11,j12,k5:j12 *

[Rule "renju"]
h8 h9 h10 a1 g11,j12,k5:j12

h8 h9 h8

[Rule "chess"]
h8

[Result "0-1"]
[Rule "freestyle"]
h8 h9 i8 i9 j8 j9 k8 k9 l8
`

func TestParseRecords(t *testing.T) {
	recs, errs := ParseRecords(clubRecords, Renju)
	if len(recs) != 7 || len(errs) != 7 {
		t.Fatalf("%d games, %d errors, want 7", len(recs), len(errs))
	}
	for i, want := range []struct {
		code       string
		line, move int
	}{{}, {}, {}, {"bad_offer", 18, 5}, {"occupied", 20, 3}, {"bad_ruleset", 22, 0}, {"bad_result", 25, 0}} {
		var e *RecordError
		if want.code == "" {
			if errs[i] != nil {
				t.Errorf("game %d: %v", i+1, errs[i])
			}
			continue
		}
		if !errors.As(errs[i], &e) || e.Code() != want.code || e.Line != want.line || e.Err.Move != want.move || e.Game != i+1 {
			t.Errorf("game %d: got %v, want %s on line %d at move %d", i+1, errs[i], want.code, want.line, want.move)
		}
	}
	g := recs[0]
	if g.Tag("white") != "Xiaohong" || g.Rules != Renju || g.Result != "0-1" || len(g.Moves) != 15 {
		t.Errorf("game 1: %+v", g)
	}
	if r, _ := g.Game.Result(); r != WhiteWins {
		t.Errorf("game 1 replays to %v", r)
	}
	if g.Comments[4] != "White took Black's stones" || g.Comments[7] != "a quiet fifth" {
		t.Errorf("comments %v", g.Comments)
	}
	if o, _ := g.Game.Opening(); o.Name != "溪月" {
		t.Errorf("opening %v", o)
	}
	if recs[2].MaxOffers != 8 || len(recs[2].Moves[4].Offered) != 3 {
		t.Errorf("game 3: %+v", recs[2])
	}
	if m := errs[4].(*RecordError).Message("zh-CN"); !strings.HasPrefix(m, "第5局（第20行）：第3手：") {
		t.Errorf("zh message %q", m)
	}
}

// What WriteRecords writes reads back to the same games.
func TestWriteRecordsRoundTrip(t *testing.T) {
	recs, errs := ParseRecords(clubRecords, Renju)
	var good []GameRecord
	for i, r := range recs {
		if errs[i] == nil {
			good = append(good, r)
		}
	}
	text := WriteRecords(good)
	again, errs := ParseRecords(text, Freestyle)
	if len(again) != len(good) {
		t.Fatalf("%d games back from\n%s", len(again), text)
	}
	for i := range good {
		if errs[i] != nil {
			t.Fatalf("game %d: %v in\n%s", i+1, errs[i], text)
		}
		a, b := good[i], again[i]
		if !reflect.DeepEqual(a.Moves, b.Moves) || !reflect.DeepEqual(a.Comments, b.Comments) || a.Result != b.Result || a.Rules != b.Rules {
			t.Errorf("game %d changed:\n%+v\n%+v", i+1, a, b)
		}
	}
	if WriteRecords(again) != text {
		t.Errorf("second write differs:\n%s", WriteRecords(again))
	}
}

func FuzzParseRecords(f *testing.F) {
	f.Add(clubRecords)
	f.Add("[Rule \"renju\"]\nh8 h9 {open\ncomment} i10 1-0\n\n[Bad tag\nh8")
	f.Fuzz(func(t *testing.T, s string) {
		recs, errs := ParseRecords(s, Renju)
		if len(recs) != len(errs) {
			t.Fatalf("%d games, %d errors", len(recs), len(errs))
		}
		var good []GameRecord
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
		again, errs := ParseRecords(WriteRecords(good), Freestyle)
		if len(again) != len(good) {
			t.Fatalf("%d good games came back as %d:\n%s", len(good), len(again), WriteRecords(good))
		}
		for i := range good {
			if errs[i] != nil || !reflect.DeepEqual(good[i].Moves, again[i].Moves) || !reflect.DeepEqual(good[i].Comments, again[i].Comments) {
				t.Fatalf("game %d does not round-trip (%v):\n%s", i+1, errs[i], WriteRecords(good))
			}
		}
	})
}

// A file of 100 renju games of 40 moves each, every move checked for
// Black's forbidden points.
func BenchmarkParseRecords(b *testing.B) {
	game := "[Rule \"renju\"]\nh8 h9 i10 swap i9 j10,k11:k11 g7 h10 g9 g10 g8 g11 g6 a1 g5\n\n"
	text := strings.Repeat(game, 100)
	for b.Loop() {
		_, errs := ParseRecords(text, Renju)
		if errs[99] != nil {
			b.Fatal(errs[99])
		}
	}
}
