package exercises

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"qixue/rules/chess"
)

func TestChessGenerators(t *testing.T) {
	for _, g := range []Generator{chessEscapeGenerator{}, chessMateGenerator{}} {
		k, ok := KindByName(g.Kind())
		if !ok {
			t.Fatalf("kind %s not registered", g.Kind())
		}
		if got, ok := GeneratorFor(g.Kind()); !ok || got.Kind() != g.Kind() {
			t.Errorf("generator %s not registered", g.Kind())
		}
		for _, band := range []Band{K1, G23, G46} {
			const count = 12
			rng := rand.New(rand.NewPCG(7, uint64(len(band))))
			exs, err := g.Generate(rng, band, count)
			if err != nil {
				t.Fatalf("%s %s: %v", g.Kind(), band, err)
			}
			if len(exs) != count {
				t.Errorf("%s %s: %d exercises, want %d", g.Kind(), band, len(exs), count)
			}
			seen := map[string]bool{}
			for _, ex := range exs {
				if err := k.Validate(ex.Prompt, ex.Solution); err != nil {
					t.Errorf("%s %s: %s: %v", g.Kind(), band, ex.Prompt, err)
				}
				var p struct {
					FEN string `json:"fen"`
				}
				if err := json.Unmarshal(ex.Prompt, &p); err != nil {
					t.Fatal(err)
				}
				pos, err := chess.ParseFEN(p.FEN)
				if err != nil {
					t.Fatal(err)
				}
				if key := chessFENKey(pos); seen[key] {
					t.Errorf("%s %s: duplicate %s", g.Kind(), band, key)
				} else {
					seen[key] = true
				}
				if ex.Band != band || ex.Difficulty < 1 || ex.Difficulty > 5 || ex.Kind != g.Kind() ||
					ex.Title.ZH == "" || ex.Title.EN == "" || ex.Body.ZH == "" || ex.Body.EN == "" || len(ex.Tags) == 0 {
					t.Errorf("%s %s: incomplete exercise %+v", g.Kind(), band, ex)
				}
				// The stored solution passes the checker.
				var sol struct {
					Move  string   `json:"move"`
					Moves []string `json:"moves"`
				}
				if err := json.Unmarshal(ex.Solution, &sol); err != nil {
					t.Fatal(err)
				}
				answer, _ := json.Marshal(map[string]string{"move": sol.Move + firstOf(sol.Moves)})
				res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: answer})
				if err != nil || res.Outcome != Correct {
					t.Errorf("%s %s: own solution %s: %+v %v", g.Kind(), band, answer, res, err)
				}
			}
		}
	}
}

// firstOf returns the first string of l, or "".
func firstOf(l []string) string {
	if len(l) == 0 {
		return ""
	}
	return l[0]
}

func TestChessGeneratorsReproducible(t *testing.T) {
	for _, g := range []Generator{chessEscapeGenerator{}, chessMateGenerator{}} {
		a, _ := g.Generate(rand.New(rand.NewPCG(1, 2)), G23, 5)
		b, _ := g.Generate(rand.New(rand.NewPCG(1, 2)), G23, 5)
		if len(a) != len(b) {
			t.Fatalf("%s: %d then %d exercises", g.Kind(), len(a), len(b))
		}
		for i := range a {
			if string(a[i].Prompt) != string(b[i].Prompt) {
				t.Errorf("%s: same seed, different exercise %d", g.Kind(), i)
			}
		}
	}
}
