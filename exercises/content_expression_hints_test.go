package exercises

import (
	"encoding/json"
	"regexp"
	"strconv"
	"testing"
)

// TestNumchessExpressionHintsBelongToTheirProblem: every number a hint of a
// number-chess expression item names is one of the item's spanned numbers,
// its target, or a number of its worked solution, so that no hint written
// for another problem ("the result must be 6") survives on this one.
func TestNumchessExpressionHintsBelongToTheirProblem(t *testing.T) {
	number := regexp.MustCompile(`\d+`)
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.expression" || len(ex.Hints) == 0 {
			continue
		}
		var p struct {
			Digits []int `json:"digits"`
			Target int   `json:"target"`
		}
		if err := json.Unmarshal(ex.Prompt, &p); err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		known := map[string]bool{strconv.Itoa(p.Target): true}
		for _, d := range p.Digits {
			known[strconv.Itoa(d)] = true
		}
		for _, n := range number.FindAllString(string(ex.Solution), -1) {
			known[n] = true
		}
		for i, h := range ex.Hints {
			for _, n := range number.FindAllString(h.Text.ZH+" "+h.Text.EN, -1) {
				if !known[n] {
					t.Errorf("%s: hint %d names %s, which is not in this problem", ex.Key, i+1, n)
				}
			}
		}
	}
}
