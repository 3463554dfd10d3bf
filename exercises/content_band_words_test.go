package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/game"
	"qixue/rules/numchess"
)

// ncPointName is a number-chess point name ("a14", "e5"): letters a-m and
// rows 1-17. Grade 1 does not learn them (they come with the board's
// coordinates in nc-g23-board-setup): its texts say a point by what the
// child sees, the circled point, a camp point's number, "the point in
// front of 3".
var ncPointName = regexp.MustCompile(`(^|[^A-Za-z0-9])[a-m](1[0-7]|[1-9])([^A-Za-z0-9]|$)`)

// ncK1Problems returns what a grade-1 number-chess text must not hold: a
// point name, a move in machine notation or other engine jargon.
func ncK1Problems(s string) []string {
	out := jargonIn(s)
	if ncPointName.MatchString(s) {
		out = append(out, "a point name "+ncPointName.FindString(s))
	}
	return out
}

// allExerciseTexts is exerciseTexts with the title and the hints.
func allExerciseTexts(ex Exercise) map[string]domain.Text {
	out := exerciseTexts(ex)
	out["title"] = ex.Title
	for i, h := range ex.Hints {
		out[fmt.Sprintf("hint %d", i+1)] = h.Text
	}
	return out
}

// feedbackTo returns the feedback (or the answer error's message) the kind
// of ex gives to answer.
func feedbackTo(t *testing.T, ex Exercise, answer any) domain.Text {
	t.Helper()
	b, _ := json.Marshal(answer)
	k, ok := KindByName(ex.Kind)
	if !ok {
		t.Fatalf("%s: no kind %s", ex.Key, ex.Kind)
	}
	res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: b})
	var ae *AnswerError
	if errors.As(err, &ae) {
		return ae.Message
	}
	if err != nil {
		t.Fatalf("%s %s: %v", ex.Key, b, err)
	}
	return res.Feedback
}

// ncK1Answers returns the answers a grade-1 child can give on the board to
// a numchess.move item: every legal move of the side to move, and a tap of
// the piece to move (every piece when the goal names none) on every empty
// point without an expression.
func ncK1Answers(t *testing.T, ex Exercise) []any {
	t.Helper()
	var p ncMovePrompt
	if err := json.Unmarshal(ex.Prompt, &p); err != nil {
		t.Fatal(err)
	}
	rs, _ := numchess.RulesetByName(p.Ruleset)
	pos, err := numchess.ParsePosition(p.Position)
	if err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	var out []any
	for _, m := range ncEngine(rs).LegalMoves(pos) {
		a := ncMoveAnswer{Piece: &m.Piece}
		for i, q := range m.Path {
			a.Path = append(a.Path, q.String())
			e := ""
			if i < len(m.Exprs) && m.Exprs[i] != nil {
				e = m.Exprs[i].String()
			}
			a.Exprs = append(a.Exprs, e)
		}
		out = append(out, a)
	}
	for n := range 10 {
		if p.Goal.Piece != nil && *p.Goal.Piece != n || !pos.Where(pos.Turn(), n).Valid() {
			continue
		}
		for _, q := range numchess.AllPoints() {
			if _, _, taken := pos.PieceAt(q); !taken {
				out = append(out, map[string]any{"piece": n, "path": []string{q.String()}})
			}
		}
	}
	return out
}

// TestNumchessK1SaysPointsByWhatTheChildSees: no grade-1 number-chess text
// names a point or writes a move in machine notation: the lessons' texts
// and captions, the bank items' titles, bodies, explanations and hints,
// the generated grade-1 items, and the feedback the checker gives to every
// move and tap a child can make on the board.
func TestNumchessK1SaysPointsByWhatTheChildSees(t *testing.T) {
	check := func(where, s string) {
		for _, what := range ncK1Problems(s) {
			t.Errorf("%s: %s in %q", where, what, s)
		}
	}
	eachBandLessonText(t, game.NumChess, K1, check)
	var items []Exercise
	for _, ex := range wholeBank(t) {
		if ex.Band == K1 && GameOf(ex) == game.NumChess {
			items = append(items, ex)
		}
	}
	for _, g := range []Generator{ncMoveGenerator{}, ncExpressionGenerator{}} {
		for seed := range uint64(3) {
			exs, err := g.Generate(SeededRand(seed), K1, 8)
			if err != nil {
				t.Fatal(err)
			}
			items = append(items, exs...)
		}
	}
	answers := 0
	for _, ex := range items {
		checkExerciseTexts(ex, check)
		if ex.Kind == "numchess.move" {
			answers += checkFeedback(t, ex, ncK1Answers(t, ex), check)
		}
	}
	if answers < 2000 {
		t.Errorf("only %d grade-1 answers tried", answers)
	}
}

// TestNcK1Problems: the review's grade-1 sentences are caught; the same
// things said by what the child sees pass.
func TestNcK1Problems(t *testing.T) {
	catches(t, ncK1Problems,
		[]string{"把一枚棋子移到 a14。", "Step a piece onto b16.", "它停在 e5，没有到 h13。", "0a1-e5[9-5-4]", "（a17）"},
		[]string{"把一枚棋子移到画着圆圈的点上。", "蓝方阵营的 1 号点", "红 5 跳过 3，落到 3 前面的点。", "9 − 5 − 4 = 0", "Step a piece onto the circled point."})
}

// catches checks a text check: it finds something in every one of bad and
// nothing in good.
func catches(t *testing.T, problems func(string) []string, bad, good []string) {
	t.Helper()
	for _, s := range bad {
		if len(problems(s)) == 0 {
			t.Errorf("%q passed", s)
		}
	}
	for _, s := range good {
		if got := problems(s); len(got) != 0 {
			t.Errorf("%q: %v", s, got)
		}
	}
}

// checkExerciseTexts calls check with every text of ex in both languages.
func checkExerciseTexts(ex Exercise, check func(where, s string)) {
	for name, txt := range allExerciseTexts(ex) {
		check(ex.Key+" "+name, txt.ZH)
		check(ex.Key+" "+name, txt.EN)
	}
}

// checkFeedback calls check with the feedback, in both languages, that ex
// gives to each of answers (each text once) and returns how many answers
// it tried.
func checkFeedback(t *testing.T, ex Exercise, answers []any, check func(where, s string)) int {
	t.Helper()
	said := map[domain.Text]bool{}
	for _, a := range answers {
		fb := feedbackTo(t, ex, a)
		if said[fb] {
			continue
		}
		said[fb] = true
		b, _ := json.Marshal(a)
		check(fmt.Sprintf("%s feedback to %s", ex.Key, b), fb.ZH)
		check(fmt.Sprintf("%s feedback to %s", ex.Key, b), fb.EN)
	}
	return len(answers)
}

// chessNotationProblems returns the notation and machine codes of s.
func chessNotationProblems(s string) []string {
	return append(k1NotationIn(s), jargonIn(s)...)
}

// chessAnswersToTry returns answers to a chess item: every legal move of
// its position in the form the board sends (squares), alone, and for a
// piece-moves item every square.
func chessAnswersToTry(t *testing.T, ex Exercise) []any {
	t.Helper()
	var p struct {
		FEN string `json:"fen"`
	}
	if err := json.Unmarshal(ex.Prompt, &p); err != nil || p.FEN == "" {
		return nil
	}
	pos, err := chess.ParseFEN(p.FEN)
	if err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	var out []any
	switch ex.Kind {
	case "chess.piece_moves":
		for f := 'a'; f <= 'h'; f++ {
			for r := '1'; r <= '8'; r++ {
				out = append(out, map[string]any{"squares": []string{string(f) + string(r)}})
			}
		}
		return out
	case "chess.escape_check":
		for _, m := range pos.LegalMoves() {
			out = append(out, map[string]any{"move": m.String()})
		}
		// A king move into check, as a child taps it.
		for _, m := range []string{"e1d2", "e8d7", "e1e2", "e8e7"} {
			out = append(out, map[string]any{"move": m})
		}
	case "chess.all_escapes", "chess.mate_in", "chess.best_move":
		for _, m := range pos.LegalMoves() {
			out = append(out, map[string]any{"moves": []string{m.String()}})
		}
	}
	return out
}

// TestChessNotationOnlyFromItsLesson: chess notation (Kd7, Rg8#, exd6) and
// machine codes (b4e4) reach no child before the lesson that teaches
// notation (the first lesson tagged chess.rules.notation, in G46): not the
// texts of the K1 and G23 curricula and of the G46 lessons before it, not
// the bank items of K1 and G23 or those lessons, not the items the chess
// generators make for those bands, and not the feedback the checkers give
// to every move a child can make in those items.
func TestChessNotationOnlyFromItsLesson(t *testing.T) {
	check := func(where, s string) {
		for _, what := range chessNotationProblems(s) {
			t.Errorf("%s: %s in %q", where, what, s)
		}
	}
	bank := map[string]Exercise{}
	var items []Exercise
	for _, ex := range wholeBank(t) {
		bank[ex.Key] = ex
	}
	taughtIn := Band("")
	for _, band := range []Band{K1, G23, G46} {
		for _, c := range lessonContent(t) {
			if c.Game != game.Chess || c.Band != band || taughtIn != "" {
				continue
			}
			for _, u := range c.Units {
				for _, l := range u.Lessons {
					if taughtIn != "" {
						break
					}
					if ncContains(l.Tags, "chess.rules.notation") {
						taughtIn = band
						break
					}
					for i, b := range l.Blocks {
						check(fmt.Sprintf("%s block %d", l.ID, i), b.Text.ZH+"\n"+b.Caption.ZH)
						check(fmt.Sprintf("%s block %d", l.ID, i), b.Text.EN+"\n"+b.Caption.EN)
						if b.Type == "exercise" && bank[b.Exercise].Band == band {
							items = append(items, bank[b.Exercise])
						}
					}
				}
			}
		}
		if taughtIn != "" {
			break
		}
	}
	if taughtIn == "" {
		t.Fatal("no chess lesson teaches notation")
	}
	before := map[Band]bool{}
	for _, b := range []Band{K1, G23, G46} {
		if b == taughtIn {
			break
		}
		before[b] = true
	}
	for _, ex := range wholeBank(t) {
		if GameOf(ex) == game.Chess && before[ex.Band] {
			items = append(items, ex)
		}
	}
	for _, g := range []Generator{chessEscapeGenerator{}, chessMateGenerator{}} {
		for band := range before {
			exs, err := g.Generate(SeededRand(5), band, 6)
			if err != nil {
				continue // a generator that makes nothing for the band
			}
			items = append(items, exs...)
		}
	}
	answers := 0
	for _, ex := range items {
		checkExerciseTexts(ex, check)
		var tries []any
		for _, step := range solutionAnswers(t, ex) {
			tries = append(tries, json.RawMessage(step.answer))
		}
		answers += checkFeedback(t, ex, append(tries, chessAnswersToTry(t, ex)...), check)
	}
	if answers < 1000 {
		t.Errorf("only %d answers tried", answers)
	}
}

// TestChessNotationProblems: the review's sentences are caught, moves in
// words pass.
func TestChessNotationProblems(t *testing.T) {
	catches(t, chessNotationProblems,
		[]string{"这步棋（Kd7）不能走", "e4：b4e4：走不到这里", "将死了！Rg8# 真棒！", "吃过路兵 exd6"},
		[]string{"对了！黑王从 e8 走到 d7，躲开了将军。", "e4：走不到这里", "白车从 a1 走到 g8，将死了！"})
}
