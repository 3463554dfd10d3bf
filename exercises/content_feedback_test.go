package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// engineJargon is what a child should never read: a ruleset's code, a
// segment number in the engine's words, a move in machine notation
// (chess "e1d2", number chess "0a1-e5").
var engineJargon = []struct {
	what string
	re   *regexp.Regexp
}{
	{"a ruleset code", regexp.MustCompile(`(^|[^A-Za-z0-9])(K1|G23|G46)([^A-Za-z0-9]|$)`)},
	{"a segment number", regexp.MustCompile(`第\s*\d+\s*段|(?i)\bsegment \d`)},
	{"a chess move in machine notation", regexp.MustCompile(`(^|[^A-Za-z0-9])[a-h][1-8][a-h][1-8][qrbn]?([^A-Za-z0-9]|$)`)},
	{"a number-chess move in machine notation", regexp.MustCompile(`(^|[^A-Za-z0-9])\d[a-q]\d{1,2}-[a-q]\d{1,2}`)},
}

// jargonIn returns what jargon s holds.
func jargonIn(s string) []string { return namedMatches(engineJargon, s) }

// namedMatches returns the names of the patterns of list that s matches.
func namedMatches(list []struct {
	what string
	re   *regexp.Regexp
}, s string) []string {
	var out []string
	for _, j := range list {
		if j.re.MatchString(s) {
			out = append(out, j.what)
		}
	}
	return out
}

// wrongAnswers returns answers that a child might give to ex and that the
// checker refuses or marks wrong: × where only + and − are allowed, a
// chain whose jumps make different values, chess moves sent as squares.
func wrongAnswers(ex Exercise) []string {
	var out []string
	switch ex.Kind {
	case "numchess.expression":
		var p ncExpressionPrompt
		_ = json.Unmarshal(ex.Prompt, &p)
		var ds []string
		for _, d := range p.Digits {
			ds = append(ds, string(rune('0'+d)))
		}
		for _, op := range []string{"×", "+", "÷", "−"} {
			out = append(out, `{"expression":"`+strings.Join(ds, op)+`"}`)
		}
		out = append(out, `{"expression":"`+strings.Join(ds, "+")+`+9"}`, `{"expression":"(`+strings.Join(ds, "−")+`)"}`)
	case "numchess.move":
		var s struct {
			Move string `json:"move"`
		}
		_ = json.Unmarshal(ex.Solution, &s)
		segs := regexp.MustCompile(`\[[^\]]*\]`).FindAllStringIndex(s.Move, -1)
		for i := range segs {
			for _, op := range []string{"×", "+"} {
				inner := s.Move[segs[i][0]+1 : segs[i][1]-1]
				digits := regexp.MustCompile(`\d`).FindAllString(inner, -1)
				out = append(out, `{"move":"`+s.Move[:segs[i][0]+1]+strings.Join(digits, op)+s.Move[segs[i][1]-1:]+`"}`)
			}
		}
	case "chess.escape_check", "chess.mate_in", "chess.best_move":
		for _, m := range []string{"e1d2", "e8e6", "a1a8", "d1h5", "g8g6", "e2e4"} {
			out = append(out, `{"move":"`+m+`"}`)
		}
	case "gomoku.key_point":
		// Every point of the middle of the board.
		for c := 'e'; c <= 'k'; c++ {
			for r := 5; r <= 11; r++ {
				out = append(out, fmt.Sprintf(`{"point":"%c%d"}`, c, r))
			}
		}
	}
	return out
}

// TestFeedbackForChildren: the texts a child reads (bodies, explanations,
// options, and the feedback on many wrong answers to every bank exercise)
// carry no ruleset codes, segment numbers in the engine's words or
// machine move codes: "一年级只用加法和减法", "第二跳", "从 e1 走到 d2".
func TestFeedbackForChildren(t *testing.T) {
	seen := 0
	for _, ex := range wholeBank(t) {
		for name, text := range exerciseTexts(ex) {
			for _, s := range []string{text.ZH, text.EN} {
				for _, what := range jargonIn(s) {
					t.Errorf("%s %s: %s in %q", ex.Key, name, what, s)
				}
			}
		}
		k, _ := KindByName(ex.Kind)
		for _, answer := range wrongAnswers(ex) {
			res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: json.RawMessage(answer)})
			fb := res.Feedback
			var ae *AnswerError
			if errors.As(err, &ae) {
				fb = ae.Message
			} else if err != nil {
				t.Fatalf("%s %s: %v", ex.Key, answer, err)
			}
			seen++
			for _, s := range []string{fb.ZH, fb.EN} {
				for _, what := range jargonIn(s) {
					t.Errorf("%s, answer %s: %s in the feedback %q", ex.Key, answer, what, s)
				}
			}
		}
	}
	if seen < 500 {
		t.Errorf("only %d wrong answers tried", seen)
	}
}

// TestJargonIn: the review's examples are caught, children's words pass.
func TestJargonIn(t *testing.T) {
	catches(t, jargonIn,
		[]string{"学前和一年级（K1）不能用 ×", "第1段：得数是 4", "segment 2: the result is 4", "这步棋（e1d2）不能走", "0a1-e5[9-5-4]"},
		[]string{"学前和一年级只用加法和减法，不能用 ×", "第二跳：得数是 4", "这步棋（从 e1 走到 d2）不能走", "0 左斜进跨 (9−5−4=0)", "Kd2", "d8–h8"})
}

// TestChoiceWrongOptionsExplained: every wrong option of every choice
// question says why it is wrong, in both languages and in its own words
// (no two options share a text), and a child who picks it reads that.
func TestChoiceWrongOptionsExplained(t *testing.T) {
	k := choiceKind{}
	questions := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "choice" {
			continue
		}
		questions++
		p, s, err := k.parse(ex.Prompt, ex.Solution)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		correct := map[int]bool{}
		for _, c := range s.Correct {
			correct[c] = true
		}
		seen := map[string]int{}
		for w := range p.Options {
			if correct[w] {
				continue
			}
			if len(s.OptionFeedback) <= w {
				t.Errorf("%s: option %d (%q) is wrong and has no explanation", ex.Key, w, p.Options[w].ZH)
				continue
			}
			fb := s.OptionFeedback[w]
			if len([]rune(fb.ZH)) < 8 || len(fb.EN) < 12 {
				t.Errorf("%s: option %d's explanation %q / %q says too little", ex.Key, w, fb.ZH, fb.EN)
				continue
			}
			if prev, dup := seen[fb.ZH]; dup {
				t.Errorf("%s: options %d and %d share one explanation", ex.Key, prev, w)
			}
			seen[fb.ZH] = w
			answer := `{"choice":` + string(rune('0'+w)) + `}`
			if p.Multiple {
				answer = `{"choices":[` + string(rune('0'+w)) + `]}`
			}
			res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: json.RawMessage(answer)})
			if err != nil || !strings.Contains(res.Feedback.ZH, fb.ZH) || !strings.Contains(res.Feedback.EN, fb.EN) {
				t.Errorf("%s: picking option %d does not show its explanation: %+v %v", ex.Key, w, res.Feedback, err)
			}
		}
	}
	if questions < 79 {
		t.Errorf("only %d choice questions", questions)
	}
}
