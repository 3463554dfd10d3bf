package exercises

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// ncDiagramPaths joins a diagram's arrows ("c3-i6", "i6-d4") into the
// paths of moves: an arrow that starts where the one before it ends goes
// on the same move.
func ncDiagramPaths(arrows []string) ([][]numchess.Point, error) {
	var paths [][]numchess.Point
	for _, a := range arrows {
		from, to, ok := strings.Cut(a, "-")
		if !ok {
			return nil, fmt.Errorf("arrow %q", a)
		}
		p, err1 := numchess.ParsePoint(from)
		q, err2 := numchess.ParsePoint(to)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("arrow %q", a)
		}
		if n := len(paths); n > 0 && paths[n-1][len(paths[n-1])-1] == p {
			paths[n-1] = append(paths[n-1], q)
			continue
		}
		paths = append(paths, []numchess.Point{p, q})
	}
	return paths, nil
}

// ncSpannedBetween returns the numbers of the pieces strictly between a
// and b on their line, leaving out the mover's start point (it is empty
// once the piece has left it).
func ncSpannedBetween(pos numchess.Position, a, b, start numchess.Point) []int {
	var nums []int
	for _, q := range numchess.AllPoints() {
		if q == start || !ncBetweenOrOn(a, b, q, false) {
			continue
		}
		if _, n, ok := pos.PieceAt(q); ok {
			nums = append(nums, n)
		}
	}
	return nums
}

// ncDiagramMove finds expressions that make path a legal move of the piece
// standing at its first point, with that piece's side to move: a step or
// a hop, a single span making the piece's number, or a chain whose
// segments share a value one of them can make.
func ncDiagramMove(eng *numchess.Engine, pos numchess.Position, path []numchess.Point) (*numchess.MoveInfo, error) {
	side, n, ok := pos.PieceAt(path[0])
	if !ok {
		return nil, fmt.Errorf("no piece on %s", path[0])
	}
	var pieces [2][10]numchess.Point
	for s := numchess.Red; s <= numchess.Blue; s++ {
		for i := range 10 {
			pieces[s][i] = pos.Where(s, i)
		}
	}
	pos, err := numchess.New(pieces, side, max(pos.MoveNumber(), 1))
	if err != nil {
		return nil, err
	}
	m := numchess.Move{Piece: n, From: path[0], Path: path[1:]}
	if len(path) == 2 {
		if mi, err := eng.Check(pos, m); err == nil {
			return mi, nil // a step, a hop or a one-piece span
		}
	}
	var digits [][]int
	for i := 1; i < len(path); i++ {
		digits = append(digits, ncSpannedBetween(pos, path[i-1], path[i], path[0]))
	}
	values := []arith.Rat{arith.Int(int64(n))}
	if len(path) > 2 {
		values = eng.Solver().Reachable(digits[0])
	}
	var last error
	for _, v := range values {
		m.Exprs = nil
		for _, d := range digits {
			e, ok := eng.Solver().Solve(d, v)
			if !ok {
				break
			}
			m.Exprs = append(m.Exprs, e)
		}
		if len(m.Exprs) < len(digits) {
			continue
		}
		mi, err := eng.Check(pos, m)
		if err == nil {
			return mi, nil
		}
		last = err
	}
	if last == nil {
		last = fmt.Errorf("no value that every segment of %v can make", digits)
	}
	return nil, last
}

// TestNumchessDiagramMoves: every move a number-chess lesson draws with
// arrows is legal under its curriculum's rules (the engine finds the
// expressions), so no lesson shows a chain the rules refuse.
func TestNumchessDiagramMoves(t *testing.T) {
	moves := 0
	eachNcDiagram(t, func(l contentLesson, i int, b contentBlock, eng *numchess.Engine, pos numchess.Position) {
		paths, err := ncDiagramPaths(b.Arrows)
		if err != nil {
			t.Errorf("%s block %d: %v", l.ID, i, err)
			return
		}
		for _, path := range paths {
			moves++
			if _, err := ncDiagramMove(eng, pos, path); err != nil {
				t.Errorf("%s block %d: the arrows %v are not a legal move: %v", l.ID, i, path, err)
			}
		}
	})
	t.Logf("%d moves drawn", moves)
	if moves < 10 {
		t.Errorf("only %d moves drawn", moves)
	}
}

// eachNcDiagram calls f with every number-chess lesson diagram that draws
// arrows, the engine of its curriculum's band and its position.
func eachNcDiagram(t *testing.T, f func(l contentLesson, i int, b contentBlock, eng *numchess.Engine, pos numchess.Position)) {
	t.Helper()
	for _, c := range lessonContent(t) {
		if c.Game != game.NumChess {
			continue
		}
		rs, err := numchess.RulesetByName(string(c.Band))
		if err != nil {
			t.Fatal(err)
		}
		eng := ncEngine(rs)
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for i, b := range l.Blocks {
					if b.Type != "diagram" || len(b.Arrows) == 0 {
						continue
					}
					pos := numchess.Start()
					if b.Position != "start" {
						if pos, err = numchess.ParsePosition(b.Position); err != nil {
							t.Fatalf("%s block %d: %v", l.ID, i, err)
						}
					}
					f(l, i, b, eng, pos)
				}
			}
		}
	}
}

// TestNcDiagramMoveRuling: the arrows of the seed's 8-chain in the 1489
// opening make a legal move, and the there-and-back over one piece that
// the 连跨 ruling refuses (1 from i5 over 4 and back) does not.
func TestNcDiagramMoveRuling(t *testing.T) {
	pos, err := numchess.ParsePosition("r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 3")
	if err != nil {
		t.Fatal(err)
	}
	eng := ncEngine(numchess.G23())
	for _, c := range []struct {
		arrows []string
		legal  bool
	}{
		{[]string{"b2-f5", "f5-d5"}, true},
		{[]string{"i5-d5", "d5-f5", "f5-d5"}, false},
		{[]string{"a1-e5"}, false}, // 4 stands on e5 now
	} {
		paths, err := ncDiagramPaths(c.arrows)
		if err != nil || len(paths) != 1 {
			t.Fatalf("%v: %v %v", c.arrows, paths, err)
		}
		_, err = ncDiagramMove(eng, pos, paths[0])
		if (err == nil) != c.legal {
			t.Errorf("%v: legal %v, error %v", c.arrows, c.legal, err)
		}
	}
}

// statedEquation finds "expression = value" in prose: 2 × 8 − 9 = 7,
// 3 − 8 = −5, 3 ÷ 6 = 1/2 (brackets, powers and fractions allowed). A
// value an operator follows is the start of another expression
// (6÷3 = 8÷4, a chain's segments), not a value.
var statedEquation = regexp.MustCompile(`(\(?\d+[²³]?(?:\s*[+−×÷*/^-]\s*\(?\d+[²³]?\)?)+)\s*=\s*(−?\d+(?:/\d+)?)(?:\s*[^\s+−×÷*/^²³\d(-]|\s*$)`)

// equationProblems returns the equations in text whose value is wrong.
func equationProblems(text string) []string {
	var out []string
	for _, m := range statedEquation.FindAllStringSubmatch(text, -1) {
		lhs := m[1]
		if strings.Count(lhs, "(") != strings.Count(lhs, ")") {
			continue // a bracket belongs to the prose around it
		}
		e, err := arith.Parse(lhs)
		if err != nil {
			continue
		}
		v, err := e.Eval()
		if err != nil {
			out = append(out, m[0]+": "+err.Error())
			continue
		}
		want := strings.ReplaceAll(m[2], "−", "-")
		if v.String() != want {
			out = append(out, fmt.Sprintf("%s: the left side makes %s", m[0], v))
		}
	}
	return out
}

// TestNumchessStatedArithmetic: every "expression = value" a number-chess
// lesson or exercise text states is true (the engine's arithmetic).
func TestNumchessStatedArithmetic(t *testing.T) {
	if len(equationProblems("2 × 8 − 9 = 7，3 − 8 = −5，3/4 × 8 = 6")) != 0 || len(equationProblems("6 × 2 − 3 = 8")) != 1 {
		t.Fatal("equationProblems is wrong")
	}
	checked := 0
	check := func(where, s string) {
		checked += len(statedEquation.FindAllString(s, -1))
		for _, p := range equationProblems(s) {
			t.Errorf("%s: %s", where, p)
		}
	}
	eachLesson(t, game.NumChess, func(_ contentCurriculum, l contentLesson) {
		for i, b := range l.Blocks {
			for _, s := range []string{b.Text.ZH, b.Text.EN, b.Caption.ZH, b.Caption.EN} {
				check(fmt.Sprintf("%s block %d", l.ID, i), s)
			}
		}
	})
	for _, ex := range wholeBank(t) {
		if !strings.HasPrefix(ex.Key, "numchess/") {
			continue
		}
		for name, text := range exerciseTexts(ex) {
			check(ex.Key+" "+name, text.ZH)
			check(ex.Key+" "+name, text.EN)
		}
	}
	t.Logf("%d equations checked", checked)
}

// TestNumchessTacticDiagrams: the chain a tactic lesson draws has the
// shape of its tactic (ncTactics on the engine's reading of the arrows),
// so no lesson shows a landing beside a single spanned piece as 节外生枝
// or a jump away and back as 得寸进尺.
func TestNumchessTacticDiagrams(t *testing.T) {
	drawn := map[string]int{}
	eachNcDiagram(t, func(l contentLesson, i int, b contentBlock, eng *numchess.Engine, pos numchess.Position) {
		var tactic string
		for _, tag := range l.Tags {
			if ncContains(ncTacticTags, tag) {
				tactic = tag
			}
		}
		if tactic == "" {
			return
		}
		paths, err := ncDiagramPaths(b.Arrows)
		if err != nil || len(paths) != 1 {
			t.Errorf("%s block %d: want one chain, got %v (%v)", l.ID, i, paths, err)
			return
		}
		mi, err := ncDiagramMove(eng, pos, paths[0])
		if err != nil {
			t.Errorf("%s block %d: %v", l.ID, i, err)
			return
		}
		drawn[tactic]++
		if !ncContains(ncTactics(mi), tactic) {
			t.Errorf("%s block %d: %s is drawn for %s but has the shapes %v", l.ID, i, mi.Machine(), tactic, ncTactics(mi))
		}
	})
	for _, tag := range ncTacticTags {
		if drawn[tag] == 0 {
			t.Errorf("no lesson draws %s", tag)
		}
	}
}
