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
