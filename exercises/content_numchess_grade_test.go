package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// ncSolutionExprs returns the expressions a number-chess item expects: the
// segments of a move's solution, an expression item's solution.
func ncSolutionExprs(t *testing.T, ex Exercise) []*arith.Expr {
	t.Helper()
	var s struct {
		Move       string `json:"move"`
		Expression string `json:"expression"`
	}
	_ = json.Unmarshal(ex.Solution, &s)
	var out []*arith.Expr
	switch {
	case s.Move != "":
		m, err := numchess.ParseMove(s.Move)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		for _, e := range m.Exprs {
			if e != nil {
				out = append(out, e)
			}
		}
	case s.Expression != "":
		e, err := arith.Parse(s.Expression)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		out = append(out, e)
	}
	return out
}

// ncScaffolds are the texts that teach a grade-6 step before a G46 lesson
// uses it: what a negative number is, how to divide by a fraction.
var ncScaffolds = map[string][2]string{
	"negative": {"比 0 还小的数", "less than 0"},
	"fraction": {"倒数", "reciprocal"},
}

// ncGrade6Kind is the scaffold a grade-6 step needs.
func ncGrade6Kind(step string) string {
	if strings.HasPrefix(step, "a negative") {
		return "negative"
	}
	return "fraction"
}

// ncStatedSteps returns the grade-6 steps of the equations a text states.
func ncStatedSteps(s string) []string {
	var out []string
	for _, m := range statedEquation.FindAllStringSubmatch(s, -1) {
		if e, err := arith.Parse(m[1]); err == nil {
			out = append(out, ncGrade6Steps(e)...)
		}
	}
	return out
}

// TestNumchessG46ArithmeticScaffolded: the G46 number-chess course keeps
// to what grades 4-5 have met in maths, or teaches it first: a negative
// step (2 − 7 = −5) or a division by a fraction (4 ÷ (2/3)) in a lesson's
// text or caption, or in the expression an exercise expects (its solution
// and the equations of its texts), comes at or after a lesson text that
// explains it (what a number below 0 is; dividing by a fraction is
// multiplying by its reciprocal), in that lesson or an earlier one. A
// G46 item in no lesson, and a generated G46 item, needs none.
func TestNumchessG46ArithmeticScaffolded(t *testing.T) {
	bank := map[string]Exercise{}
	for _, ex := range wholeBank(t) {
		bank[ex.Key] = ex
	}
	itemSteps := func(ex Exercise) []string {
		var out []string
		for _, e := range ncSolutionExprs(t, ex) {
			out = append(out, ncGrade6Steps(e)...)
		}
		for _, txt := range allExerciseTexts(ex) {
			out = append(out, ncStatedSteps(txt.ZH)...)
		}
		return out
	}
	inLesson := map[string]bool{}
	checked := 0
	for _, c := range lessonContent(t) {
		if c.Game != game.NumChess || c.Band != G46 {
			continue
		}
		taught := map[string]bool{}
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for i, b := range l.Blocks {
					for kind, words := range ncScaffolds {
						if strings.Contains(b.Text.ZH, words[0]) && strings.Contains(b.Text.EN, words[1]) {
							taught[kind] = true
						}
					}
					steps := append(ncStatedSteps(b.Text.ZH), ncStatedSteps(b.Caption.ZH)...)
					where := fmt.Sprintf("%s block %d", l.ID, i)
					if b.Type == "exercise" {
						inLesson[b.Exercise] = true
						steps = itemSteps(bank[b.Exercise])
						where = b.Exercise + " in " + l.ID
					}
					checked++
					for _, step := range steps {
						if !taught[ncGrade6Kind(step)] {
							t.Errorf("%s: %s before any lesson text explains it", where, step)
						}
					}
				}
			}
		}
	}
	var loose []Exercise
	for _, ex := range wholeBank(t) {
		if GameOf(ex) == game.NumChess && ex.Band == G46 && !inLesson[ex.Key] {
			loose = append(loose, ex)
		}
	}
	for _, g := range []Generator{ncExpressionGenerator{}, ncMoveGenerator{}} {
		exs, err := g.Generate(SeededRand(11), G46, 12)
		if err != nil {
			t.Fatal(err)
		}
		loose = append(loose, exs...)
	}
	for _, ex := range loose {
		checked++
		for _, step := range itemSteps(ex) {
			t.Errorf("%s (in no lesson): %s", ex.Key+" "+string(ex.Prompt), step)
		}
	}
	if checked < 100 {
		t.Errorf("only %d blocks and items checked", checked)
	}
}

// TestNcGrade6Steps: the review's examples are found; the same numbers
// worked out without them are not.
func TestNcGrade6Steps(t *testing.T) {
	catches(t, ncStatedSteps,
		[]string{"4 ÷ (2/3) = 6", "2 − 7 + 9 = 4", "8−5²+4×5 = 3", "3 − 8 = −5"},
		[]string{"2 + 9 − 7 = 4", "3/4 × 8 = 6", "4 × 3/2 = 6", "3 ÷ 6 = 1/2", "9 − 5 − 4 = 0"})
}
