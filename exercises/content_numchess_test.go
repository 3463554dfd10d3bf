package exercises

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// shownExpression finds an arithmetic expression written in prose: numbers
// (with ² or ³) joined by operators, brackets allowed.
var shownExpression = regexp.MustCompile(`\(?\d+[²³]?(?:\s*[+−×÷*/^-]\s*\(?\d+[²³]?\)?)+`)

// normalExpression writes an expression one way: no spaces, × ÷ − for
// * / -, ^2 ^3 for ² ³, unmatched outer brackets dropped.
func normalExpression(s string) string {
	s = strings.NewReplacer(" ", "", "*", "×", "/", "÷", "-", "−", "（", "(", "）", ")", "²", "^2", "³", "^3").Replace(s)
	for strings.HasPrefix(s, "(") && strings.Count(s, "(") > strings.Count(s, ")") {
		s = s[1:]
	}
	for strings.HasSuffix(s, ")") && strings.Count(s, ")") > strings.Count(s, "(") {
		s = s[:len(s)-1]
	}
	return s
}

// segmentExpressions returns the expressions of a number-chess move in the
// engine's notation ("8b2-f5[6-2]-d5[4]" -> 6-2, 4).
func segmentExpressions(move string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\[([^\]]*)\]`).FindAllStringSubmatch(move, -1) {
		out = append(out, m[1])
	}
	return out
}

// shownExpressionProblems returns the expressions shown in text that are
// not one of stored (normalised). A shown expression may also be the first
// steps of a stored one worked left to right ("2 − 7 = −5, −5 + 9 = 4" for
// 2−7+9): a prefix of it, a step that starts from a negative result, or
// one after an equals sign.
func shownExpressionProblems(text string, stored []string) []string {
	var problems []string
	for _, m := range shownExpression.FindAllStringIndex(text, -1) {
		shown := normalExpression(text[m[0]:m[1]])
		before := strings.TrimRight(text[:m[0]], " ")
		if strings.HasSuffix(before, "−") || strings.HasSuffix(before, "=") {
			continue // a worked step: "−5 + 9", "= 8 − 4"
		}
		ok := false
		for _, s := range stored {
			n := normalExpression(s)
			ok = ok || n == shown || strings.HasPrefix(n, shown) && strings.ContainsAny(n[len(shown):][:1], "+−×÷")
		}
		if !ok {
			problems = append(problems, text[m[0]:m[1]]+" is not the stored solution "+strings.Join(stored, ", "))
		}
	}
	return problems
}

// TestNumchessShownExpressions: an expression an explanation shows is the
// stored solution's (for a move, one of its segments'), written the same
// way up to operator signs and spaces, so a child comparing their answer
// with the explanation sees the same thing.
func TestNumchessShownExpressions(t *testing.T) {
	for _, ex := range wholeBank(t) {
		var s struct {
			Expression  string `json:"expression"`
			Move        string `json:"move"`
			Explanation Text   `json:"explanation"`
		}
		_ = json.Unmarshal(ex.Solution, &s)
		var stored []string
		switch ex.Kind {
		case "numchess.expression":
			stored = []string{s.Expression}
		case "numchess.move":
			stored = segmentExpressions(s.Move)
		default:
			continue
		}
		for _, text := range []string{s.Explanation.ZH, s.Explanation.EN} {
			for _, msg := range shownExpressionProblems(text, stored) {
				t.Errorf("%s: %s: %q", ex.Key, msg, text)
			}
		}
	}
}

// TestNumchessShownExpressionsCatches proves the check finds the mistake
// of the review (6×2−3 shown for 3*6/2) and passes worked steps.
func TestNumchessShownExpressionsCatches(t *testing.T) {
	if got := shownExpressionProblems("9 左斜进跨 (6×2−3=9)", []string{"3*6/2"}); len(got) != 1 {
		t.Errorf("6×2−3 for 3*6/2: %v", got)
	}
	if got := shownExpressionProblems("8 spans (4×2 = 8)", []string{"2*4"}); len(got) != 1 {
		t.Errorf("4×2 for 2*4: %v", got)
	}
	if got := shownExpressionProblems("2 − 7 = −5，−5 + 9 = 4", []string{"2-7+9"}); len(got) != 0 {
		t.Errorf("worked steps refused: %v", got)
	}
	if got := shownExpressionProblems("8 左斜进跨 6,2、左平跨 4 (6−2=4)", segmentExpressions("8b2-f5[6-2]-d5[4]")); len(got) != 0 {
		t.Errorf("a chain's first segment refused: %v", got)
	}
}
