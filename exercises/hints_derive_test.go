package exercises

import (
	"encoding/json"
	"slices"
	"sort"
	"testing"
)

// boardlessKinds are covered kinds whose prompt has no board, so their
// hints are words only.
var boardlessKinds = map[string]bool{"numchess.expression": true}

// markedSquares returns the answer of a marking task (the squares or
// points a child marks), sorted; nil for other kinds.
func markedSquares(ex Exercise) []string {
	var s struct {
		Squares []string `json:"squares"`
		Points  []string `json:"points"`
	}
	if json.Unmarshal(ex.Solution, &s) != nil {
		return nil
	}
	out := append(append([]string(nil), s.Squares...), s.Points...)
	sort.Strings(out)
	return out
}

// checkDerivedHints holds one exercise of a covered kind to the rules of
// hints for the youngest: at least one hint, the first lighting squares
// (a picture before words) unless the kind has no board, both languages,
// CheckHints passing, and no hint at all (not even the last) giving the
// answer away: no text containing the solution's move, point or
// expression, no squares that are exactly a marking task's answer.
func checkDerivedHints(t *testing.T, where string, ex Exercise) {
	t.Helper()
	if len(ex.Hints) == 0 {
		t.Errorf("%s (%s, %s): no hint", where, ex.Kind, ex.Band)
		return
	}
	if !boardlessKinds[ex.Kind] && len(ex.Hints[0].Squares) == 0 {
		t.Errorf("%s (%s): the first hint lights nothing: %q", where, ex.Kind, ex.Hints[0].Text.ZH)
	}
	if err := CheckHints(ex); err != nil {
		t.Errorf("%s: %v", where, err)
	}
	marked := markedSquares(ex)
	for i, h := range ex.Hints {
		if h.Text.ZH == "" || h.Text.EN == "" {
			t.Errorf("%s hint %d: text missing in a language: %+v", where, i+1, h.Text)
		}
		for _, a := range answerTexts(ex) {
			if containsAnswer(h.Text.ZH, a) || containsAnswer(h.Text.EN, a) {
				t.Errorf("%s hint %d gives the answer %q: %q / %q", where, i+1, a, h.Text.ZH, h.Text.EN)
			}
		}
		if len(marked) > 0 {
			sq := append([]string(nil), h.Squares...)
			sort.Strings(sq)
			if slices.Equal(sq, marked) {
				t.Errorf("%s hint %d lights exactly the answer %v", where, i+1, marked)
			}
		}
	}
}

// TestDerivedHintsBank: every K1 and G23 bank exercise of a kind with a
// deriver has hints (authored or derived), every derived set (any band)
// holds to checkDerivedHints, and each covered kind has derived hints
// somewhere in the bank.
func TestDerivedHintsBank(t *testing.T) {
	covered := map[string]bool{}
	for _, k := range HintKinds() {
		covered[k] = true
	}
	derived := map[string]int{}
	for _, ex := range wholeBank(t) {
		if !covered[ex.Kind] {
			continue
		}
		if d := DeriveHints(ex); len(d) > 0 && slices.EqualFunc(d, ex.Hints, hintEqual) {
			derived[ex.Kind]++
			checkDerivedHints(t, ex.Key, ex)
		} else if len(ex.Hints) == 0 && (ex.Band == K1 || ex.Band == G23) {
			t.Errorf("%s (%s, %s): no hint, and none derived", ex.Key, ex.Kind, ex.Band)
		}
	}
	for k := range covered {
		if derived[k] == 0 {
			t.Errorf("no bank exercise of %s got derived hints", k)
		}
	}
	t.Logf("derived hints per kind: %v", derived)
}

// TestDerivedHintsGenerated: every generated exercise of a covered kind,
// sampled for each band a generator serves, carries derived hints that
// hold to checkDerivedHints.
func TestDerivedHintsGenerated(t *testing.T) {
	covered := map[string]bool{}
	for _, k := range HintKinds() {
		covered[k] = true
	}
	sampled := 0
	for _, g := range Generators() {
		if !covered[g.Kind()] {
			continue
		}
		for _, band := range []Band{K1, G23} {
			exs, err := g.Generate(SeededRand(29), band, 6)
			if err != nil {
				continue // a generator that does not serve the band (chess.mate_in in K1)
			}
			for _, ex := range exs {
				sampled++
				checkDerivedHints(t, g.Kind()+" "+string(band)+" "+ex.Key, ex)
			}
		}
	}
	if sampled < 20 {
		t.Errorf("only %d generated exercises sampled", sampled)
	}
}

// TestDeriveHintsNumchessSpanArithmetic: a span's hints light the pieces
// it jumps over and name their numbers and the value to make, not the
// piece the task names or the expression.
func TestDeriveHintsNumchessSpanArithmetic(t *testing.T) {
	ex := Exercise{Kind: "numchess.move", Band: K1,
		Prompt:   json.RawMessage(`{"ruleset":"K1","position":"r:0a1,1d4,2b4,3c4,4a4,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 1","goal":{"type":"span","piece":0,"to":"e5"}}`),
		Solution: json.RawMessage(`{"move":"0a1-e5[9-5-4]","explanation":{"zh-CN":"x","en":"x"}}`)}
	hs := DeriveHints(ex)
	if len(hs) != 2 {
		t.Fatalf("hints %+v", hs)
	}
	lit := append([]string(nil), hs[0].Squares...)
	sort.Strings(lit)
	if !slices.Equal(lit, []string{"a1", "a2", "a3", "a4"}) {
		t.Errorf("first hint lights %v, want the piece a1 and the spanned a2 a3 a4", hs[0].Squares)
	}
	if want := "9、5、4"; !containsAnswer(hs[1].Text.ZH, want) || !containsAnswer(hs[1].Text.ZH, "0") {
		t.Errorf("second hint %q does not name the numbers %s and the value 0", hs[1].Text.ZH, want)
	}
	if containsAnswer(hs[1].Text.ZH, "9-5-4") || containsAnswer(hs[1].Text.ZH, "9−5−4") {
		t.Errorf("second hint gives the expression: %q", hs[1].Text.ZH)
	}
}
