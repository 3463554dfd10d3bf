package tournaments

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestPointSystemPoints(t *testing.T) {
	ps := TwoOneZero
	ps.PairingBye, ps.HalfBye, ps.FullBye, ps.ForfeitWin, ps.Forfeit = 10, 0, 20, 15, 0
	for _, tc := range []struct {
		e    Entry
		want Points
	}{
		{Entry{Opponent: 2, Result: Win}, 20},
		{Entry{Opponent: 2, Result: UnratedWin}, 20},
		{Entry{Opponent: 2, Result: Draw}, 10},
		{Entry{Opponent: 2, Result: Loss}, 0},
		{Entry{Opponent: 2, Result: ForfeitWin}, 15},
		{Entry{Opponent: 2, Result: ForfeitLoss}, 0},
		{Entry{Result: PairingBye}, 10},
		{Entry{Result: HalfPointBye}, 0},
		{Entry{Result: FullPointBye}, 20},
		{Entry{Result: ZeroPointBye}, 0},
		{Entry{Result: ForfeitLoss}, 0},
		{Entry{}, 0},
	} {
		if got := ps.Points(tc.e); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.e, got, tc.want)
		}
	}
	if got := ThreeOneZero.Points(Entry{Opponent: 1, Result: Draw}); got != 10 {
		t.Errorf("3/1/0 draw: %s", got)
	}
}

func TestPointSystemValidate(t *testing.T) {
	for _, ps := range []PointSystem{Standard, TwoOneZero, ThreeOneZero} {
		if err := ps.Validate(); err != nil {
			t.Errorf("%+v: %v", ps, err)
		}
	}
	bad := func(f func(*PointSystem)) PointSystem { ps := Standard; f(&ps); return ps }
	for field, ps := range map[string]PointSystem{
		"draw":         bad(func(p *PointSystem) { p.Draw = 10 }),
		"loss":         bad(func(p *PointSystem) { p.Loss = 6 }),
		"half_bye":     bad(func(p *PointSystem) { p.HalfBye = 15 }),
		"forfeit_loss": bad(func(p *PointSystem) { p.Forfeit = -5 }),
		"win":          bad(func(p *PointSystem) { p.Win = 2000 }),
	} {
		var pe *PointSystemError
		if err := ps.Validate(); !errors.As(err, &pe) || pe.Field != field {
			t.Errorf("%s: %v", field, err)
		}
	}
}

// XXS W and D also set the byes and the forfeit win that follow them, FW
// sets the forfeit win only (it used to overwrite the points of a win), and
// a half-point bye scores HPB (it used to score a draw whatever HPB said).
func TestReadTRFPointSystemXXS(t *testing.T) {
	for _, tc := range []struct {
		xxs  string
		half string // points of player 1 after a half-point bye
		want PointSystem
	}{
		{"XXS W=2 D=1", "1.0", PointSystem{Win: 20, Draw: 10, PairingBye: 20, HalfBye: 10, FullBye: 20, ForfeitWin: 20}},
		{"XXS FW=0.5 W=3 D=1 HPB=0", "0.0", PointSystem{Win: 30, Draw: 10, PairingBye: 30, HalfBye: 0, FullBye: 30, ForfeitWin: 5}},
		{"XXS WW=1 BW=1 D=0.5 PAB=0.5 FPB=0", "0.5", PointSystem{Win: 10, Draw: 5, PairingBye: 5, HalfBye: 5, FullBye: 0, ForfeitWin: 10}},
	} {
		trf := strings.Join([]string{
			line001(1, "A", tc.half, "0000 - H"),
			line001(2, "B", "0.0", "0000 - Z"),
			tc.xxs, "",
		}, "\n")
		tr, err := ReadTRF(strings.NewReader(trf))
		if err != nil {
			t.Errorf("%s: %v", tc.xxs, err)
			continue
		}
		got := tr.Points
		got.pairingByeIsDefault = false
		if got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.xxs, got, tc.want)
		}
		// The system survives a round trip through WriteTRF.
		var buf bytes.Buffer
		if err := WriteTRF(&buf, tr); err != nil {
			t.Fatal(err)
		}
		back, err := ReadTRF(&buf)
		if err != nil {
			t.Fatalf("%s: reading back: %v\n%s", tc.xxs, err, buf.String())
		}
		back.Points.pairingByeIsDefault = false
		if back.Points != tc.want {
			t.Errorf("%s: round trip %+v", tc.xxs, back.Points)
		}
	}
}
