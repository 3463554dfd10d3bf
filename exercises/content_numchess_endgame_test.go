package exercises

import (
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/numchess"
)

// ncStepOutPoint says whether a chain is 反位 (seed 000: a piece that could
// take a point of the opponent's camp does not stay there but comes back
// out with a back follow, 后跟, so the point is left for other pieces):
// the chain lands on an empty point of the opponent's camp, its last
// segment spans the one before it straight back and ends outside the
// camp, the piece could have stopped on that point, and no move of the
// piece reaches the chain's end without passing through it. It returns
// the point left empty.
func ncStepOutPoint(eng *numchess.Engine, pos numchess.Position, mi *numchess.MoveInfo) (numchess.Point, bool) {
	segs := mi.Segments
	n := len(segs)
	if mi.Kind != numchess.ChainSpan || n < 2 {
		return numchess.NoPoint, false
	}
	if segs[n-1].Dir != ncOpposite(segs[n-2].Dir) || !ncSameSpan(segs[n-1], segs[n-2]) {
		return numchess.NoPoint, false
	}
	x := segs[n-2].To
	if owner, _, ok := x.CampOf(); !ok || owner == mi.Side {
		return numchess.NoPoint, false
	}
	if _, _, ok := mi.To().CampOf(); ok {
		return numchess.NoPoint, false
	}
	stop := false
	for _, m := range eng.LegalMoves(pos) {
		if m.Piece != mi.Move.Piece {
			continue
		}
		if m.To() == x {
			stop = true
		}
		if m.To() == mi.To() {
			via := false
			for _, q := range m.Path[:len(m.Path)-1] {
				via = via || q == x
			}
			if !via {
				return numchess.NoPoint, false
			}
		}
	}
	return x, stop
}

// TestNumchessStepOutExercises: the exercises a lesson sets after its
// paragraph on 反位 practise it (ncStepOutPoint on the engine's reading of
// the solution): the review found only a 前跟 entry into the camp there,
// the opposite of leaving a point empty.
func TestNumchessStepOutExercises(t *testing.T) {
	bank := map[string]Exercise{}
	for _, ex := range wholeBank(t) {
		bank[ex.Key] = ex
	}
	seen := 0
	eachLesson(t, game.NumChess, func(_ contentCurriculum, l contentLesson) {
		after := false
		for _, b := range l.Blocks {
			if b.Type == "text" {
				after = strings.Contains(b.Text.ZH, "## 反位")
				continue
			}
			if !after || b.Type != "exercise" {
				continue
			}
			seen++
			ex := bank[b.Exercise]
			if ex.Kind != "numchess.move" {
				t.Errorf("%s: %s after the 反位 paragraph is a %s", l.ID, ex.Key, ex.Kind)
				continue
			}
			task, m := ncExerciseMove(t, ex)
			eng := ncEngine(task.rs)
			mi, err := eng.Check(task.pos, m)
			if err != nil {
				t.Fatalf("%s: %v", ex.Key, err)
			}
			x, ok := ncStepOutPoint(eng, task.pos, mi)
			if !ok {
				t.Errorf("%s: %s after the 反位 paragraph does not come back out of the camp leaving a point empty", ex.Key, mi.Machine())
				continue
			}
			if !strings.Contains(ex.Body.ZH, x.String()) || !strings.Contains(ex.Body.EN, x.String()) {
				t.Errorf("%s: the body does not name the point to leave empty, %s", ex.Key, x)
			}
		}
	})
	if seen == 0 {
		t.Error("no exercise follows a 反位 paragraph")
	}
}

// TestNcStepOutPoint: the chain into b14 and back out over 7 leaves b14
// empty; the review's item (a 前跟 entry into b16) does not.
func TestNcStepOutPoint(t *testing.T) {
	eng := ncEngine(numchess.G46())
	for _, c := range []struct {
		pos, move string
		want      bool
	}{
		{"r:0b3,1d9,2e7,3g8,4c7,5b12,6e8,7f7,8d6,9a3;b:0b16,1c9,2f11,3c14,4i10,5h12,6c15,7g13,8f9,9e10 r 44", "1d9-g12[9-2]-b14[7]-g12[7]", true},
		{"r:0c3,1g7,2e8,3e9,4f11,5e7,6c10,7f7,8h5,9g5;b:0a17,1d10,2h6,3g11,4g13,5i7,6i10,7e12,8b15,9h13 r 47", "6c10-e10[1]-c10[1]-b16[8-7]", false},
	} {
		pos, _ := numchess.ParsePosition(c.pos)
		m, _ := numchess.ParseMove(c.move)
		mi, err := eng.Check(pos, m)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		if _, got := ncStepOutPoint(eng, pos, mi); got != c.want {
			t.Errorf("%s: 反位 %v, want %v", c.move, got, c.want)
		}
	}
}
