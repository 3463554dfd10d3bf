package exercises

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"qixue/domain"
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
			if g.Kind() == "chess.mate_in" && band == K1 {
				continue // TestChessMateGeneratorNotForK1
			}
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
				if len(sol.Moves) > 1 {
					answer, _ = json.Marshal(map[string][]string{"moves": sol.Moves})
				}
				res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: answer})
				if err != nil || res.Outcome != Correct {
					t.Errorf("%s %s: own solution %s: %+v %v", g.Kind(), band, answer, res, err)
				}
				if g.Kind() == "chess.mate_in" {
					mateBandProblems(t, band, ex.Prompt, pos)
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

// mateBandProblems checks a generated mate in n against its band: G23 mate in 2, G46 mate in 2 or 3, and in
// every band no shorter mate than the n asked for.
func mateBandProblems(t *testing.T, band Band, prompt json.RawMessage, pos chess.Position) {
	t.Helper()
	var p chessMatePrompt
	if err := json.Unmarshal(prompt, &p); err != nil {
		t.Fatal(err)
	}
	want := map[Band][]int{G23: {2}, G46: {2, 3}}[band]
	if p.N < want[0] || p.N > want[len(want)-1] {
		t.Errorf("%s: mate in %d in band %s, want %v", p.FEN, p.N, band, want)
	}
	if d := pos.MateDistance(p.N); d != p.N {
		t.Errorf("%s: asks for mate in %d, shortest mate is in %d", p.FEN, p.N, d)
	}
}

func TestChessMateGeneratorDepths(t *testing.T) {
	exs, err := chessMateGenerator{}.Generate(rand.New(rand.NewPCG(11, 3)), G46, 16)
	if err != nil {
		t.Fatal(err)
	}
	ns := map[int]int{}
	for _, ex := range exs {
		var p chessMatePrompt
		if err := json.Unmarshal(ex.Prompt, &p); err != nil {
			t.Fatal(err)
		}
		ns[p.N]++
	}
	if ns[2] == 0 || ns[3] == 0 {
		t.Errorf("G46 mates by n: %v, want both 2 and 3", ns)
	}
}

// TestChessMateGeneratorNotForK1: grade 1 does not learn checkmate (it
// starts in chess-g23), so the mate generator refuses the K1 band with a
// field error instead of making mates a K1 child was never taught.
func TestChessMateGeneratorNotForK1(t *testing.T) {
	exs, err := chessMateGenerator{}.Generate(rand.New(rand.NewPCG(5, 5)), K1, 10)
	var de *domain.Error
	if len(exs) != 0 || !errors.As(err, &de) || len(de.Fields()) != 1 || de.Fields()[0].Field != "band" || de.Fields()[0].Code != "not_taught" {
		t.Fatalf("K1 mates: %d exercises, %v", len(exs), err)
	}
}

// BenchmarkChessMateGenerator makes 10 exercises per op for each band (the
// mate-in-2 and 3 searches are the cost).
func BenchmarkChessMateGenerator(b *testing.B) {
	for _, band := range []Band{G23, G46} {
		b.Run(string(band), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				exs, err := chessMateGenerator{}.Generate(rand.New(rand.NewPCG(seed, 1)), band, 10)
				if err != nil || len(exs) != 10 {
					b.Fatalf("%d exercises, %v", len(exs), err)
				}
			}
		})
	}
}

// TestChessCheckCanArise: the grade-1 escape generator placed a black pawn
// on f7 checking a king on e6 (a pawn on its starting rank cannot have
// given check); such checks, and double checks without a line piece, are
// refused, and the generators' positions never have them.
func TestChessCheckCanArise(t *testing.T) {
	for fen, want := range map[string]bool{
		"7k/5p2/4K3/8/3P4/8/8/1N3r2 w - - 0 1":  false, // the generated K1 position
		"7k/8/5p2/4K3/3P4/8/8/1N3r2 w - - 0 1":  true,  // the pawn has moved
		"4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1":     false, // two knights
		"2b1k3/7p/8/1B6/8/8/P7/4R1K1 b - - 0 1": true,  // bishop and rook (Be2-b5, discovered)
	} {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		esc, err := pos.Escapes()
		if err != nil {
			t.Fatal(err)
		}
		if got := chessCheckCanArise(esc); got != want {
			t.Errorf("%s: %v, want %v", fen, got, want)
		}
	}
	for _, band := range []Band{K1, G23} {
		exs, err := (chessEscapeGenerator{}).Generate(rand.New(rand.NewPCG(11, 3)), band, 60)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range exs {
			var p chessEscapePrompt
			_ = json.Unmarshal(ex.Prompt, &p)
			pos, _ := chess.ParseFEN(p.FEN)
			if esc, _ := pos.Escapes(); !chessCheckCanArise(esc) {
				t.Errorf("%s: %s cannot have arisen", band, p.FEN)
			}
		}
	}
}
