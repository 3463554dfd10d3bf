package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/numchess"
)

// backwardWords say that a jump goes backwards (towards one's own camp).
var backwardWords = []string{"往后跨", "向后跨", "先往后", "span backward", "goes back to", "jump goes back"}

// TestNumchessBackwardMeansBackward: the seed's 以退为进 goes first in the
// opposite direction (反方向), which is often sideways; a text that says the
// first jump goes backwards belongs to a move whose first segment really
// retreats (a 退 direction), and no lesson text says it at all.
func TestNumchessBackwardMeansBackward(t *testing.T) {
	says := func(s string) string {
		for _, w := range backwardWords {
			if strings.Contains(s, w) {
				return w
			}
		}
		return ""
	}
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.move" {
			continue
		}
		var w string
		for _, txt := range append(exerciseHintTexts(ex), exerciseTexts(ex)["body"], exerciseTexts(ex)["explanation"]) {
			if w = says(txt.ZH + "\n" + txt.EN); w != "" {
				break
			}
		}
		if w == "" {
			continue
		}
		task, m := ncExerciseMove(t, ex)
		mi, err := ncEngine(task.rs).Check(task.pos, m)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		if d := mi.Segments[0].Dir; d != numchess.BackLeft && d != numchess.BackRight {
			t.Errorf("%s: says %q but the first jump goes %s (%s)", ex.Key, w, d.Chinese(), mi.Chinese())
		}
	}
	eachLesson(t, game.NumChess, func(_ contentCurriculum, l contentLesson) {
		for _, b := range l.Blocks {
			if w := says(b.Text.ZH + "\n" + b.Text.EN + "\n" + b.Caption.ZH + "\n" + b.Caption.EN); w != "" {
				t.Errorf("%s: says %q; the seed's first jump goes the opposite way (反方向)", l.ID, w)
			}
		}
	})
}

// exerciseHintTexts returns the texts of an exercise's hints.
func exerciseHintTexts(ex Exercise) []domain.Text {
	var out []domain.Text
	for _, h := range ex.Hints {
		out = append(out, h.Text)
	}
	return out
}

// TestNumchessSpanWordingRefusesSteps: an item that asks to span (跨进,
// 跨到, "span into") is checked as a span: every legal step (移) and hop
// (邻) of its position is refused, so a child cannot meet it with a plain
// move.
func TestNumchessSpanWordingRefusesSteps(t *testing.T) {
	asks := func(b domain.Text) bool {
		en := strings.ToLower(b.EN)
		return strings.Contains(b.ZH, "跨进") || strings.Contains(b.ZH, "跨到") ||
			strings.Contains(en, "span into") || strings.Contains(en, "span to")
	}
	spans := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.move" || !asks(ex.Body) {
			continue
		}
		spans++
		task, _ := ncExerciseMove(t, ex)
		for _, m := range ncEngine(task.rs).LegalMoves(task.pos) {
			info, err := ncEngine(task.rs).Check(task.pos, m)
			if err != nil || (info.Kind != numchess.Step && info.Kind != numchess.Hop) {
				continue
			}
			if r := (numchessMove{}).grade(task, task.rs, m); r.Outcome == Correct {
				t.Errorf("%s: asks for a span but accepts %s", ex.Key, info.Chinese())
			}
		}
	}
	if spans < 6 {
		t.Errorf("only %d items ask for a span", spans)
	}
}

// TestLessonTextsPointDown: a lesson's diagram comes after its text, on
// every screen size, so no text sends the child to a diagram on its left or
// right.
func TestLessonTextsPointDown(t *testing.T) {
	side := []string{"左边的局面", "右边的局面", "左图", "右图", "看左边", "看右边", "on the left", "on the right", "position to the left"}
	for _, g := range []game.Name{game.NumChess, game.Chess, game.Gomoku, game.Draughts} {
		eachLesson(t, g, func(_ contentCurriculum, l contentLesson) {
			for _, b := range l.Blocks {
				for _, w := range side {
					if strings.Contains(b.Text.ZH+"\n"+b.Text.EN, w) {
						t.Errorf("%s: %q, but the diagram comes below the text", l.ID, w)
					}
				}
			}
		})
	}
}

// k1Terms are the words of 棋步表达 (directions and move names) that the
// K1 band does not learn (seed 000): K1 texts say moves in plain words.
var k1Terms = []string{"左斜进", "右斜进", "左斜退", "右斜退", "左平", "右平", "进跨", "平跨", "退跨"}

// TestNumchessK1WithoutMoveTerms: no K1 number-chess text (bank items,
// generated items and the feedback of a right answer) uses the terms of
// 棋步表达.
func TestNumchessK1WithoutMoveTerms(t *testing.T) {
	check := func(where, s string) {
		for _, w := range k1Terms {
			if strings.Contains(s, w) {
				t.Errorf("%s: %q in a K1 text: %s", where, w, s)
			}
		}
	}
	var items []Exercise
	for _, ex := range wholeBank(t) {
		if ex.Band == K1 && GameOf(ex) == game.NumChess {
			items = append(items, ex)
		}
	}
	for _, g := range []Generator{ncMoveGenerator{}, ncExpressionGenerator{}} {
		exs, err := g.Generate(SeededRand(3), K1, 12)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, exs...)
	}
	for _, ex := range items {
		for name, txt := range exerciseTexts(ex) {
			check(ex.Key+" "+name, txt.ZH)
		}
		for i, h := range ex.Hints {
			check(fmt.Sprintf("%s hint %d", ex.Key, i+1), h.Text.ZH)
		}
		if ex.Kind != "numchess.move" {
			continue
		}
		var s ncMoveSolution
		if err := json.Unmarshal(ex.Solution, &s); err != nil {
			t.Fatal(err)
		}
		k, _ := KindByName(ex.Kind)
		res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: json.RawMessage(`{"move":"` + s.Move + `"}`)})
		if err != nil || res.Outcome != Correct {
			t.Fatalf("%s: its own solution: %+v %v", ex.Key, res, err)
		}
		check(ex.Key+" feedback", res.Feedback.ZH)
	}
}

// TestNumchessPowerLessonsSayWhatAPowerIs: a lesson that introduces 组乘方
// says what a power means as repeated multiplication (2³ = 2 × 2 × 2)
// before using it, since powers come before the grade's maths lessons.
func TestNumchessPowerLessonsSayWhatAPowerIs(t *testing.T) {
	seen := 0
	eachLesson(t, game.NumChess, func(_ contentCurriculum, l contentLesson) {
		for _, b := range l.Blocks {
			if !strings.Contains(b.Text.ZH, "## 组乘方") {
				continue
			}
			seen++
			if !strings.Contains(b.Text.ZH, "2 × 2 × 2") || !strings.Contains(b.Text.EN, "2 × 2 × 2") {
				t.Errorf("%s: introduces powers without saying 2³ = 2 × 2 × 2", l.ID)
			}
		}
	})
	if seen == 0 {
		t.Error("no lesson introduces 组乘方")
	}
}
