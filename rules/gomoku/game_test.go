package gomoku

import (
	"errors"
	"testing"
)

func playRecord(t *testing.T, r Ruleset, rec string) (*Game, error) {
	t.Helper()
	moves, err := ParseRecord(rec)
	if err != nil {
		return nil, err
	}
	return NewGameFromRecord(r, moves)
}

func TestGameRecords(t *testing.T) {
	for _, tc := range []struct {
		rules  Ruleset
		record string
		result Result
		code   string // refusal code, "" when the record is valid
		move   int
	}{
		{Renju, "h8 h9 i9", Ongoing, "", 0},
		{Renju, "h8 h9 i9 swap j10 j9,g10:j9", Ongoing, "", 0},
		{Renju, "h8 h9 i9 j10 swap", Ongoing, "bad_swap", 5},
		{Renju, "i8 h9 i9", Ongoing, "bad_opening", 1},
		{Renju, "h8 h10 i9", Ongoing, "bad_opening", 2},
		{Renju, "h8 h9 k11", Ongoing, "bad_opening", 3},
		{Renju, "h8 pass", Ongoing, "bad_opening", 2},
		{Renju, "h8 h9 h8", Ongoing, "occupied", 3},
		// mirror-image fifth stones about the h column are the same shape
		{Renju, "h8 h9 h10 a1 g11,i11:g11", Ongoing, "", 0},
		{Renju, "h8 h9 h10 h11 g10,i10:g10", Ongoing, "bad_offer", 5},
		{Renju, "h8 h9 h10 h11 g10 g9,i10:g9", Ongoing, "bad_offer", 6},
		// the seed's rule is exactly two offers
		{Renju, "h8 h9 h10 a1 g11,j12,k5:j12", Ongoing, "bad_offer", 5},
		{Renju, "h8 h9 h10 a1 h11,g11:h11 h12", Ongoing, "", 0},
		{Freestyle, "h8 h9 i8 i9 j8 j9 k8 k9 l8", BlackWins, "", 0},
		{Freestyle, "h8 h9 i8 i9 j8 j9 k8 a2 m8 a3 l8", BlackWins, "", 0},
		{Renju, "h8 h9 i8 i9 j8 j9 k8 a2 m8 a3 l8", Ongoing, "forbidden_overline", 11},
		{Standard, "h8 h9 i8 i9 j8 j9 k8 a2 m8 a3 l8", Ongoing, "", 0},
		{Standard, "h8 h9 pass pass", Draw, "", 0},
		{Standard, "h8 pass pass", Ongoing, "", 0},
		{Renju, "h8 h9 h10 g10 i10 g9 j10 g8 k10 g7 g11 g6", WhiteWins, "", 0},
		// black's double three at i8 (g8 h8 i8 across, i7 i8 i9 up)
		{Renju, "h8 h9 g8 a1 i7 a2 i9 a3 i8", Ongoing, "forbidden_double_three", 9},
		{Renju, "h8 h9 g8 h10 i9 h11", Ongoing, "", 0},
		{Renju, "h8 h9 h10 a1 pass", Ongoing, "", 0},
		{Standard, "h8 h8", Ongoing, "occupied", 2},
		{Standard, "h8 swap", Ongoing, "bad_swap", 2},
	} {
		g, err := playRecord(t, tc.rules, tc.record)
		if tc.code != "" {
			var e *Error
			if !errors.As(err, &e) || e.Code() != tc.code || e.Move != tc.move {
				t.Errorf("%s %q: got %v, want %s at move %d", tc.rules, tc.record, err, tc.code, tc.move)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", tc.rules, tc.record, err)
			continue
		}
		if r, why := g.Result(); r != tc.result {
			t.Errorf("%s %q: result %v (%s), want %v", tc.rules, tc.record, r, why, tc.result)
		}
	}
}

// Soosorv and Taraguchi records offer more than two fifth moves.
func TestGameWithOffers(t *testing.T) {
	for _, tc := range []struct {
		max    int
		record string
		code   string
	}{
		{10, "h8 h9 h10 a1 g11,j12,k5:j12", ""},
		{10, "h8 h9 h10 a1 g11,j12,k5,h11:h11 a2", ""},
		{3, "h8 h9 h10 a1 g11,j12,k5,h11:h11", "bad_offer"},
		{10, "h8 h9 h10 h11 g10,j12,i10:j12", "bad_offer"}, // g10 and i10 mirror each other
		{10, "h8 h9 h10 a1 g11,a1:g11", "bad_offer"},       // a1 is taken
		{1, "h8 h9 h10 a1 g11,j12,k5:j12", "bad_offer"},    // below 2 is the seed's two
	} {
		moves, err := ParseRecord(tc.record)
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewGameWithOffers(Renju, tc.max).PlayAll(moves)
		var e *Error
		if tc.code == "" && err != nil || tc.code != "" && (!errors.As(err, &e) || e.Code() != tc.code || e.Move != 5) {
			t.Errorf("max %d %q: %v, want %q", tc.max, tc.record, err, tc.code)
		}
	}
}

func TestGameAfterEnd(t *testing.T) {
	g, err := playRecord(t, Freestyle, "h8 h9 i8 i9 j8 j9 k8 k9 l8")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(Move{Kind: Place, Point: mustPoint(t, "a1")}); err == nil || err.(*Error).Code() != "game_over" {
		t.Errorf("move after the end: %v", err)
	}
}

func TestRenjuBlackFiveWithForbidden(t *testing.T) {
	// black five d8-h8 made on a point that is also an overline vertically
	b, err := ParseBoard(boardFromStones(t, "d8 e8 f8 g8 h9 h10 h11 h12 h13", ""))
	if err != nil {
		t.Fatal(err)
	}
	if got := WinIn1(b, Renju, Black); len(got) == 0 || got[0] != Tengen && !contains(got, Tengen) {
		t.Errorf("WinIn1 = %v, want h8 among them", got)
	}
}

func contains(ps []Point, p Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func boardFromStones(t *testing.T, xs, os string) string {
	t.Helper()
	b := &Board{}
	for _, s := range splitFields(xs) {
		b.Put(mustPoint(t, s), Black)
	}
	for _, s := range splitFields(os) {
		b.Put(mustPoint(t, s), White)
	}
	return b.String()
}

func TestValidateRecord(t *testing.T) {
	if err := ValidateRecord(Renju, "h8 i9 i7 swap g9 j7,k10:j7"); err != nil {
		t.Errorf("valid record refused: %v", err)
	}
	err := ValidateRecord(Renju, "h8 i9 i7 zz")
	if e, ok := err.(*Error); !ok || e.Code() != "bad_move" || e.Move != 4 || e.Error()[:7] != "move 4:" {
		t.Errorf("bad token: %v", err)
	}
	err = ValidateRecord(Renju, "h8 i9 m12")
	if e, ok := err.(*Error); !ok || e.Move != 3 {
		t.Errorf("bad opening: %v", err)
	}
}

func TestFreeGame(t *testing.T) {
	moves, _ := ParseRecord("g8 a1 i8 a2 h7 a3 h9 a4")
	if _, err := NewGameFromRecord(Renju, moves); err == nil {
		t.Fatal("the national protocol should refuse g8 as the first move")
	}
	g, err := NewFreeGame(Renju).PlayAll(moves)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Play(Move{Kind: Place, Point: Tengen})
	if e, ok := err.(*Error); !ok || e.Code() != "forbidden_double_three" || e.Move != 9 {
		t.Errorf("h8: %v", err)
	}
	if _, err := g.Play(Move{Kind: Swap}); err == nil {
		t.Error("no swap without the protocol")
	}
}

// An offer built with Point and Alt only (as before Offered existed) is
// the seed's two-point offer; ParseMove fills both fields.
func TestOfferWithAlt(t *testing.T) {
	m := Move{Kind: Offer, Point: mustPoint(t, "g11"), Alt: mustPoint(t, "i11")}
	if m.String() != "g11,i11:g11" {
		t.Errorf("String = %q", m.String())
	}
	moves, err := ParseRecord("h8 h9 h10 a1")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGameFromRecord(Renju, append(moves, m))
	if err != nil || g.Board().At(m.Point) != Black || g.Board().At(m.Alt) != Empty {
		t.Errorf("legacy offer: %v", err)
	}
	p, err := ParseMove("i11,k5,g11:g11")
	if err != nil || p.Alt != mustPoint(t, "i11") || len(p.OfferedPoints()) != 3 {
		t.Errorf("ParseMove = %+v, %v", p, err)
	}
}
