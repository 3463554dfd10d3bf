package exercises

import (
	"encoding/json"
	"testing"
)

func TestGomokuWinIn1Generator(t *testing.T) {
	gen, ok := GeneratorFor("gomoku.win_in_1")
	if !ok {
		t.Fatal("no generator")
	}
	for _, band := range []Band{K1, G23, G46} {
		exs := checkGenerated(t, gen, band, 15, 15)
		diffs := map[int]bool{}
		for _, ex := range exs {
			var p gmWinPrompt
			if err := json.Unmarshal(ex.Prompt, &p); err != nil {
				t.Fatal(err)
			}
			if want := gmBandRules[band].String(); p.Rules != want {
				t.Errorf("%s: rules %s, want %s", band, p.Rules, want)
			}
			diffs[ex.Difficulty] = true
		}
		if len(diffs) < 2 {
			t.Errorf("%s: difficulties %v, want a spread", band, diffs)
		}
	}
}
