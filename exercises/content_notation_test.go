package exercises

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/game"
)

// k1Notation is move notation that grade 1 has not learnt (chess notation
// is taught in grades 2-3): a chess move in algebraic notation ("Nxb5",
// "Kd7", "exd5", "c8=Q", "O-O") or a draughts capture written with x
// ("22x13"). Grade 1 reads moves in words and squares: "黑马从 d6 跳到
// b5", "白兵从 22 跳过 18，落到 13".
var k1Notation = []struct {
	what string
	re   *regexp.Regexp
}{
	{"a chess move in notation", regexp.MustCompile(`(^|[^A-Za-z0-9])([KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8]|[a-h][18]=[QRBN]|O-O(-O)?)([^A-Za-z0-9]|$)`)},
	{"a draughts capture in notation", regexp.MustCompile(`(^|[^0-9])\d{1,2}x\d{1,2}([^0-9]|$)`)},
}

// k1NotationIn returns what notation s holds.
func k1NotationIn(s string) []string { return namedMatches(k1Notation, s) }

// eachBandLessonText calls check with every text and caption, in both
// languages, of the lessons of game's curriculum for band.
func eachBandLessonText(t *testing.T, game game.Name, band Band, check func(where, s string)) {
	t.Helper()
	eachLesson(t, game, func(c contentCurriculum, l contentLesson) {
		if c.Band != band {
			return
		}
		for i, b := range l.Blocks {
			for _, text := range []domain.Text{b.Text, b.Caption} {
				check(fmt.Sprintf("%s block %d", l.ID, i), text.ZH)
				check(fmt.Sprintf("%s block %d", l.ID, i), text.EN)
			}
		}
	})
}

// TestK1TextsWithoutNotation: the chess and draughts texts of grade 1 (bank
// exercises, lessons, and the exercises the chess generators make for
// grade 1) say moves in words, never in notation.
func TestK1TextsWithoutNotation(t *testing.T) {
	check := func(where, s string) {
		for _, what := range k1NotationIn(s) {
			t.Errorf("%s: %s in %q", where, what, s)
		}
	}
	for _, ex := range wholeBank(t) {
		if ex.Band != K1 || !strings.HasPrefix(ex.Key, "chess/") && !strings.HasPrefix(ex.Key, "draughts/") {
			continue
		}
		for name, text := range exerciseTexts(ex) {
			check(ex.Key+" "+name, text.ZH)
			check(ex.Key+" "+name, text.EN)
		}
	}
	for _, game := range []game.Name{game.Chess, game.Draughts} {
		eachBandLessonText(t, game, K1, check)
	}
	generated := 0
	for _, g := range []Generator{chessEscapeGenerator{}} { // no K1 mates: TestChessMateGeneratorNotForK1
		for seed := range uint64(4) {
			exs, err := g.Generate(rand.New(rand.NewPCG(seed, 1)), K1, 8)
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				generated++
				for name, text := range exerciseTexts(ex) {
					check(g.Kind()+" K1 "+string(ex.Prompt)+" "+name, text.ZH)
					check(g.Kind()+" K1 "+string(ex.Prompt)+" "+name, text.EN)
				}
			}
		}
	}
	if generated < 32 {
		t.Errorf("only %d generated grade-1 chess exercises read", generated)
	}
}

// TestK1NotationIn: the review's grade-1 sentences with notation are
// caught; the same moves in words, squares, board sizes and ranges pass.
func TestK1NotationIn(t *testing.T) {
	for _, s := range []string{"Nxb5：黑马从 d6 跳到 b5", "Kd7", "吃子时斜着向前吃（exd5）", "c8=Q#", "O-O", "白方走 22x13，吃掉 18 上的 1 个棋子。"} {
		if len(k1NotationIn(s)) == 0 {
			t.Errorf("%q passed", s)
		}
	}
	for _, s := range []string{"黑马从 d6 跳到 b5，吃掉白象", "兵直着向前走一格，到 e5", "10×10 的棋盘", "中间 21–30 是空的", "白兵从 22 跳过 18，落到 13", "Black to move: the king goes to d7", "马吃掉 b5 上的象"} {
		if got := k1NotationIn(s); len(got) != 0 {
			t.Errorf("%q: %v", s, got)
		}
	}
}

// TestNoNotationBeforeItsLesson: in the first chess or draughts curriculum
// (by band) that teaches notation (a lesson tagged <game>.rules.notation),
// the lessons before that one, and their exercises, say moves in words
// ("从 40 吃到 38"), not in the notation the children have not learnt yet
// ("40x38"). Later bands have learnt it.
func TestNoNotationBeforeItsLesson(t *testing.T) {
	bank := map[string]Exercise{}
	for _, ex := range wholeBank(t) {
		bank[ex.Key] = ex
	}
	checked := 0
	for _, game := range []game.Name{game.Chess, game.Draughts} {
		var curricula []contentCurriculum
		for _, band := range []Band{K1, G23, G46} {
			for _, c := range lessonContent(t) {
				if c.Game == game && c.Band == band {
					curricula = append(curricula, c)
				}
			}
		}
		for _, c := range curricula {
			var before []contentLesson
			taught := false
			for _, u := range c.Units {
				for _, l := range u.Lessons {
					if ncContains(l.Tags, string(game)+".rules.notation") {
						taught = true
						break
					}
					before = append(before, l)
				}
				if taught {
					break
				}
			}
			if !taught {
				continue
			}
			check := func(where, s string) {
				for _, what := range k1NotationIn(s) {
					t.Errorf("%s (before the notation lesson of %s): %s in %q", where, c.ID, what, s)
				}
			}
			for _, l := range before {
				for i, b := range l.Blocks {
					for _, text := range []domain.Text{b.Text, b.Caption} {
						check(fmt.Sprintf("%s block %d", l.ID, i), text.ZH)
						check(fmt.Sprintf("%s block %d", l.ID, i), text.EN)
					}
					if b.Type != "exercise" {
						continue
					}
					checked++
					ex := bank[b.Exercise]
					for name, text := range exerciseTexts(ex) {
						check(b.Exercise+" "+name, text.ZH)
						check(b.Exercise+" "+name, text.EN)
					}
					if ex.Kind != "draughts.capture" {
						continue
					}
					// The feedback to the right capture says it in words too.
					k, _ := KindByName(ex.Kind)
					for _, step := range solutionAnswers(t, ex) {
						res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: step.answer})
						if err != nil || res.Outcome != Correct {
							t.Fatalf("%s: %s: %+v %v", ex.Key, step.answer, res, err)
						}
						check(b.Exercise+" feedback", res.Feedback.ZH)
						check(b.Exercise+" feedback", res.Feedback.EN)
					}
				}
			}
			break // the later bands have learnt notation
		}
	}
	if checked < 20 {
		t.Errorf("only %d exercises before a notation lesson", checked)
	}
}
