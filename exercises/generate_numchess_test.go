package exercises

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// checkGenerated checks a generator's output for one band: the count, each
// exercise valid under its kind, texts in both languages, a difficulty,
// tags, and no two prompts alike.
func checkGenerated(t *testing.T, gen Generator, band Band, count, atLeast int) []Exercise {
	t.Helper()
	exs, err := gen.Generate(rand.New(rand.NewPCG(1, uint64(len(band)))), band, count)
	if err != nil {
		t.Fatalf("%s %s: %v", gen.Kind(), band, err)
	}
	if len(exs) < atLeast || len(exs) > count {
		t.Fatalf("%s %s: %d exercises, want %d..%d", gen.Kind(), band, len(exs), atLeast, count)
	}
	k, _ := KindByName(gen.Kind())
	seen := map[string]bool{}
	for _, ex := range exs {
		if ex.Kind != gen.Kind() || ex.Band != band {
			t.Errorf("kind %s band %s", ex.Kind, ex.Band)
		}
		if err := k.Validate(ex.Prompt, ex.Solution); err != nil {
			t.Errorf("%s: %v", ex.Prompt, err)
		}
		if ex.Title.ZH == "" || ex.Title.EN == "" || ex.Body.ZH == "" || ex.Body.EN == "" {
			t.Errorf("%s: texts %+v %+v", ex.Prompt, ex.Title, ex.Body)
		}
		if ex.Difficulty < 1 || ex.Difficulty > 5 || len(ex.Tags) == 0 {
			t.Errorf("%s: difficulty %d tags %v", ex.Prompt, ex.Difficulty, ex.Tags)
		}
		if seen[string(ex.Prompt)] {
			t.Errorf("duplicate %s", ex.Prompt)
		}
		seen[string(ex.Prompt)] = true
	}
	again, _ := gen.Generate(rand.New(rand.NewPCG(1, uint64(len(band)))), band, count)
	if !reflect.DeepEqual(exs, again) {
		t.Errorf("%s %s: the same seed gave different exercises", gen.Kind(), band)
	}
	return exs
}

func TestNumchessExpressionGenerator(t *testing.T) {
	gen, ok := GeneratorFor("numchess.expression")
	if !ok {
		t.Fatal("no generator")
	}
	for _, band := range []Band{K1, G23, G46} {
		exs := checkGenerated(t, gen, band, 30, 30)
		hard := 0
		for _, ex := range exs {
			var p ncExpressionPrompt
			if err := json.Unmarshal(ex.Prompt, &p); err != nil || p.Ruleset != string(band) {
				t.Errorf("%s: ruleset %q, want %s", ex.Prompt, p.Ruleset, band)
			}
			if ex.Difficulty >= 3 {
				hard++
			}
		}
		if band == G46 && hard == 0 {
			t.Errorf("G46: no exercise of difficulty 3 or more")
		}
	}
	if _, err := gen.Generate(rand.New(rand.NewPCG(1, 1)), "G7", 1); err == nil {
		t.Error("unknown band accepted")
	}
}

func TestNumchessMoveGenerator(t *testing.T) {
	gen, ok := GeneratorFor("numchess.move")
	if !ok {
		t.Fatal("no generator")
	}
	for _, band := range []Band{K1, G23, G46} {
		exs := checkGenerated(t, gen, band, 12, 12)
		goals := map[string]int{}
		for _, ex := range exs {
			var p ncMovePrompt
			if err := json.Unmarshal(ex.Prompt, &p); err != nil || p.Ruleset != string(band) {
				t.Errorf("%s: ruleset %q, want %s", ex.Prompt, p.Ruleset, band)
			}
			goals[p.Goal.Type]++
		}
		if band == K1 && goals["chain"] > 0 {
			t.Errorf("K1: chain goals %v", goals)
		}
		if len(goals) < 2 {
			t.Errorf("%s: goals %v, want variety", band, goals)
		}
	}
}

// TestNumchessExpressionPiecesExist: over many seeds in every band, the
// generator draws only spanned pieces that can stand on one board with
// the moving piece (each number twice at most, once per side), and so do
// the bank's expression exercises.
func TestNumchessExpressionPiecesExist(t *testing.T) {
	if ncPiecesCanExist([]int{3, 3, 3}, 7) || ncPiecesCanExist([]int{5, 2}, 5) == false || ncPiecesCanExist([]int{5, 5}, 5) {
		t.Fatal("ncPiecesCanExist is wrong about 3,3,3 / 5 over 5 / 5,5 over 5")
	}
	gen := ncExpressionGenerator{}
	for _, band := range []Band{K1, G23, G46} {
		n := 0
		for seed := range uint64(40) {
			exs, err := gen.Generate(rand.New(rand.NewPCG(seed, 7)), band, 15)
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				var p ncExpressionPrompt
				_ = json.Unmarshal(ex.Prompt, &p)
				n++
				if !ncPiecesCanExist(p.Digits, int(p.Target)) {
					t.Errorf("%s seed %d: %s spans pieces that cannot all exist", band, seed, ex.Prompt)
				}
			}
		}
		if n < 400 {
			t.Errorf("%s: only %d exercises over 40 seeds", band, n)
		}
	}
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.expression" {
			continue
		}
		var p ncExpressionPrompt
		_ = json.Unmarshal(ex.Prompt, &p)
		if !ncPiecesCanExist(p.Digits, int(p.Target)) {
			t.Errorf("%s: %s spans pieces that cannot all exist", ex.Key, ex.Prompt)
		}
	}
}
