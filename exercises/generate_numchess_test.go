package exercises

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"qixue/rules/numchess/arith"
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

// TestNumchessExpressionBandFeatures samples the expression generator
// across bands: grade 1 uses no ×, ÷, power or fraction; grades 2-3 meet
// fractions only as a unit fraction of a whole (1/2 × 8), explained in
// words; grades 4-6 get powers and fractions in at least a fifth of their
// exercises each. The bank's grade 2-3 number-chess solutions keep to
// unit fractions too.
func TestNumchessExpressionBandFeatures(t *testing.T) {
	gen := ncExpressionGenerator{}
	for _, band := range []Band{K1, G23, G46} {
		count := map[string]int{}
		n := 0
		for seed := range uint64(20) {
			exs, err := gen.Generate(rand.New(rand.NewPCG(seed, 11)), band, 20)
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				n++
				for _, tag := range ex.Tags {
					count[tag]++
				}
				var s ncExpressionSolution
				_ = json.Unmarshal(ex.Solution, &s)
				e, err := arith.Parse(s.Expression)
				if err != nil {
					t.Fatalf("%s: %v", s.Expression, err)
				}
				switch band {
				case K1:
					if ncContains(ex.Tags, "numchess.arith.mul_div") || ncContains(ex.Tags, "numchess.arith.power") || ncContains(ex.Tags, "numchess.arith.fraction") {
						t.Errorf("K1 %s: tags %v", s.Expression, ex.Tags)
					}
				case G23:
					if !ncUnitFractionsOnly(e) {
						t.Errorf("G23 %s: a fraction grades 2-3 do not learn", s.Expression)
					}
					if ncContains(ex.Tags, "numchess.arith.fraction") && !strings.Contains(s.Explanation.ZH, "平均分成") {
						t.Errorf("G23 %s: the unit fraction is not explained: %s", s.Expression, s.Explanation.ZH)
					}
				}
			}
		}
		t.Logf("%s: %d exercises, tags %v", band, n, count)
		if band == G46 && (count["numchess.arith.power"] < n/5 || count["numchess.arith.fraction"] < n/5) {
			t.Errorf("G46: %d powers and %d fractions in %d exercises", count["numchess.arith.power"], count["numchess.arith.fraction"], n)
		}
		if band == G23 && count["numchess.arith.fraction"] == 0 {
			t.Errorf("G23: no unit fraction in %d exercises", n)
		}
	}
	if ncUnitFractionsOnly(mustParse(t, "3/4*8")) || !ncUnitFractionsOnly(mustParse(t, "1/2*8")) || !ncUnitFractionsOnly(mustParse(t, "6/3+1")) || ncUnitFractionsOnly(mustParse(t, "8*1/2")) {
		t.Error("ncUnitFractionsOnly is wrong about 3/4×8, 1/2×8, 6/3+1 or 8×1/2")
	}
	for _, ex := range wholeBank(t) {
		if ex.Band != G23 || !strings.HasPrefix(ex.Key, "numchess/") {
			continue
		}
		var s struct {
			Expression string `json:"expression"`
			Move       string `json:"move"`
		}
		_ = json.Unmarshal(ex.Solution, &s)
		exprs := segmentExpressions(s.Move)
		if s.Expression != "" {
			exprs = append(exprs, s.Expression)
		}
		for _, x := range exprs {
			if e, err := arith.Parse(x); err == nil && !ncUnitFractionsOnly(e) {
				t.Errorf("%s: %s is a fraction grades 2-3 do not learn", ex.Key, x)
			}
		}
	}
}

func mustParse(t *testing.T, s string) *arith.Expr {
	t.Helper()
	e, err := arith.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
