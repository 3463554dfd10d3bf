package gomoku

import (
	"errors"
	"strings"
	"testing"
)

// A record whose last move is Black's forbidden move is Black's loss (issue
// 30): g8 makes the threes g8-i8 and g6-g8.
func TestRecordEndsOnForbiddenMove(t *testing.T) {
	const moves = "h8 h9 i8 a15 g7 c15 g6 e15 b3 g15 l3 o1 g8"
	for _, tc := range []struct {
		tail, code string
		move       int
	}{
		{" 0-1", "", 0},
		{"", "", 0},
		{" {black fouls} *", "", 0},
		{" 1-0", "bad_result", 0},
		{" a1 0-1", "forbidden_double_three", 13}, // play went on: the foul is refused where it stands
	} {
		recs, errs := ParseRecords("[Rule \"renju\"]\n"+moves+tc.tail+"\n", Renju)
		if len(recs) != 1 {
			t.Fatalf("%d games", len(recs))
		}
		if tc.code != "" {
			var e *RecordError
			if !errors.As(errs[0], &e) || e.Code() != tc.code || e.Err.Move != tc.move || e.Game != 1 {
				t.Errorf("%q: %v, want %s at move %d", tc.tail, errs[0], tc.code, tc.move)
			}
			continue
		}
		if errs[0] != nil {
			t.Errorf("%q: refused: %v", tc.tail, errs[0])
			continue
		}
		g := recs[0].Game
		res, why := g.Result()
		if res != WhiteWins || !strings.Contains(why, "forbidden move g8 (double three") || !strings.Contains(g.reasonZh(), "禁手") {
			t.Errorf("%q: %v %q %q", tc.tail, res, why, g.reasonZh())
		}
		if len(recs[0].Moves) != 13 || g.Board().At(mustPoint(t, "g8")) != Black {
			t.Errorf("%q: the foul stone is not on the board", tc.tail)
		}
		// Written back, it reads the same.
		again, errs := ParseRecords(WriteRecords(recs), Freestyle)
		if errs[0] != nil || again[0].Result != recs[0].Result {
			t.Errorf("%q: round trip %v", tc.tail, errs[0])
		}
	}
	// Play itself still refuses the forbidden move and says why.
	ms, _ := ParseRecord(moves)
	if _, err := NewGame(Renju).PlayAll(ms); err == nil || err.(*Error).Forbidden == nil {
		t.Errorf("Play accepted the forbidden move: %v", err)
	}
	g, err := NewGame(Renju).PlayRecord(ms)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := g.Result(); r != WhiteWins {
		t.Errorf("PlayRecord: %v", r)
	}
}

func TestParseOpeningRule(t *testing.T) {
	for s, want := range map[string]OpeningRule{
		"": {NationalRule, 2}, "RIF": {NationalRule, 2}, "national": {NationalRule, 2},
		"Soosorv-8": {SoosorvRule, 8}, "soosõrv-8": {SoosorvRule, 8}, "Soosorv": {SoosorvRule, 4},
		"Taraguchi-10": {TaraguchiRule, 10}, "taraguchi": {TaraguchiRule, 5},
	} {
		if got, err := ParseOpeningRule(s); err != nil || got != want {
			t.Errorf("%q: %v %v", s, got, err)
		}
	}
	for _, s := range []string{"Yamaguchi", "Soosorv-0", "Taraguchi-101", "Soosorv-x"} {
		if _, err := ParseOpeningRule(s); err == nil || err.(*Error).Code() != "bad_opening_rule" {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// The Soosorv and Taraguchi protocols: their swaps and fifth-move offers,
// and what each refuses, with the move at fault (counted as the record's
// entries, swaps included).
func TestSoosorvTaraguchiRecords(t *testing.T) {
	const ten = "a1,a2,a3,a4,a5,a6,a7,a8,a9,a10:a3"
	for _, tc := range []struct {
		rule, moves, code string
		move              int
	}{
		{"Soosorv-8", "h8 h9 i10 swap a1 swap g11,j12,k5:j12 a2 1-0", "", 0},
		{"Soosorv-8", "h8 h9 i10 a1 swap g11 a2", "", 0}, // one declared fifth move, written alone
		{"Soosorv-8", "h8 h9 i10 swap a1 swap swap", "bad_swap", 7},
		{"Soosorv-8", "h8 h9 i10 swap a1 swap g11 swap", "bad_swap", 8},
		{"Soosorv-8", "h8 swap h9", "bad_swap", 2},
		{"Soosorv-2", "h8 h9 i10 a1 g11,j12,k5:j12", "bad_offer", 5},
		{"Taraguchi-10", "h8 swap h9 swap i10 swap i11 swap j9 swap k12", "", 0},
		{"Taraguchi-10", "h8 h9 i10 i11 " + ten + " o15", "", 0},
		{"Taraguchi-10", "h8 h9 i10 i11 j9 swap o15", "", 0},
		{"Taraguchi-10", "h8 h9 i10 a1", "bad_opening", 4},
		{"Taraguchi-10", "h8 h9 i10 i11 swap " + ten, "bad_offer", 6},
		{"Taraguchi-10", "h8 h9 i10 i11 swap a1", "bad_opening", 6},
		{"Taraguchi-10", "h8 h9 i10 i11 a1 swap", "bad_swap", 6},
		{"Taraguchi-10", "h8 h9 i10 i11 g11,j12,k5:j12", "bad_offer", 5},
		{"Taraguchi-10", "h8 h9 i10 i11 j9 k12 swap", "bad_swap", 7},
		{"RIF", "h8 h9 i10 swap a1 swap", "bad_swap", 6},
	} {
		text := "[Rule \"renju\"]\n[Opening \"" + tc.rule + "\"]\n" + tc.moves + "\n"
		recs, errs := ParseRecords(text, Renju)
		if tc.code == "" {
			if errs[0] != nil {
				t.Errorf("%s %q: %v", tc.rule, tc.moves, errs[0])
			}
			continue
		}
		var e *RecordError
		if !errors.As(errs[0], &e) || e.Code() != tc.code || e.Err.Move != tc.move {
			t.Errorf("%s %q: %v, want %s at move %d", tc.rule, tc.moves, errs[0], tc.code, tc.move)
		}
		_ = recs
	}
	recs, _ := ParseRecords("[Rule \"renju\"]\n[Opening \"Soosorv-8\"]\nh8 h9 i10 swap a1 swap g11,j12,k5:j12 a2\n", Renju)
	if g := recs[0].Game; g == nil || g.Swapped() || g.OpeningRule() != (OpeningRule{SoosorvRule, 8}) {
		t.Errorf("two swaps: %+v", recs[0])
	}
}

// LegalMoves and CanSwap follow the opening rule.
func TestOpeningRuleLegalMoves(t *testing.T) {
	g := NewGameWithRule(Renju, OpeningRule{TaraguchiRule, 10})
	if g, _ = g.Play(Move{Kind: Place, Point: Tengen}); !g.CanSwap() {
		t.Error("Taraguchi: no swap after move 1")
	}
	ms, _ := ParseRecord("h8 h9 i10")
	g, _ = NewGameWithRule(Renju, OpeningRule{TaraguchiRule, 10}).PlayAll(ms)
	for _, p := range g.LegalPoints() {
		if !inSquare(p, 3) {
			t.Fatalf("Taraguchi white 4 listed on %s", p)
		}
	}
	if n := len(g.LegalPoints()); n != 49-3 {
		t.Errorf("%d points for white 4, want 46", n)
	}
	n := NewGame(Renju)
	if n, _ = n.Play(Move{Kind: Place, Point: Tengen}); n.CanSwap() {
		t.Error("national: swap after move 1")
	}
}
