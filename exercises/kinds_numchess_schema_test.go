package exercises

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"qixue/rules/game"
)

// ncCompileSchema compiles a kind's JSON Schema document (draft 2020-12).
func ncCompileSchema(t *testing.T, name string, doc json.RawMessage) *jsonschema.Schema {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: schema is not JSON: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	url := "mem:///numchess-gomoku/" + name + ".json"
	if err := c.AddResource(url, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: schema does not compile: %v", name, err)
	}
	return s
}

// ncValidDoc validates doc against s.
func ncValidDoc(s *jsonschema.Schema, doc json.RawMessage) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// TestNumchessGomokuSchemas checks that the schemas of the number-chess and
// gomoku kinds compile and that every bank prompt, solution and the
// answers a student who knows the solution would send are valid against
// them.
func TestNumchessGomokuSchemas(t *testing.T) {
	type schemas struct{ prompt, answer, solution *jsonschema.Schema }
	byKind := map[string]schemas{}
	for _, k := range Kinds() {
		if k.Game() != game.NumChess && k.Game() != game.Gomoku {
			continue
		}
		byKind[k.Name()] = schemas{
			prompt:   ncCompileSchema(t, k.Name()+".prompt", k.PromptSchema()),
			answer:   ncCompileSchema(t, k.Name()+".answer", k.AnswerSchema()),
			solution: ncCompileSchema(t, k.Name()+".solution", k.SolutionSchema()),
		}
	}
	if len(byKind) != 10 {
		t.Errorf("%d number-chess and gomoku kinds, want 10", len(byKind))
	}
	for _, game := range []string{"numchess", "gomoku"} {
		for _, ex := range ncBankOf(t, game) {
			s := byKind[ex.Kind]
			if err := ncValidDoc(s.prompt, ex.Prompt); err != nil {
				t.Errorf("%s prompt: %v", ex.Key, err)
			}
			if err := ncValidDoc(s.solution, ex.Solution); err != nil {
				t.Errorf("%s solution: %v", ex.Key, err)
			}
			for _, a := range bankAnswers(t, ex) {
				if err := ncValidDoc(s.answer, a.answer); err != nil {
					t.Errorf("%s answer %s: %v", ex.Key, a.answer, err)
				}
			}
		}
	}
	// The parts form of a number-chess move is valid too.
	if err := ncValidDoc(byKind["numchess.move"].answer, json.RawMessage(`{"piece":8,"path":["f5","d5"],"exprs":["6-2","4"]}`)); err != nil {
		t.Error(err)
	}
}

// Grading a number-chess expression: the prompt's ruleset decides which
// operators are allowed, and the feedback says why in both languages.
func Example_numchessExpression() {
	k, _ := KindByName("numchess.expression")
	for _, c := range []struct{ prompt, answer string }{
		{`{"ruleset":"G23","digits":[2,8,9],"target":7}`, `{"expression":"2*8-9"}`},
		{`{"ruleset":"G23","digits":[2,8,9],"target":7}`, `{"expression":"9-9+8"}`},
		{`{"ruleset":"K1","digits":[2,8,9],"target":7}`, `{"expression":"2*8-9"}`},
	} {
		res, _ := k.Check(json.RawMessage(c.prompt), nil, Submission{Answer: json.RawMessage(c.answer)})
		fmt.Printf("%s: %s / %s\n", res.Outcome, res.Feedback.EN, res.Feedback.ZH)
	}
	// Output:
	// correct: Right! 2×8−9 = 7 / 对了！2×8−9 = 7
	// wrong: 9 is used twice / 9 用了两次
	// wrong: only + and − are used in preschool and grade 1, so × cannot be used / 学前和一年级只用加法和减法，不能用 ×
}

// ncCPUTime returns the CPU time this process has used. Other engineers
// share the machine's two cores, so wall-clock ns/op is noisy; the
// benchmarks below also report this process's CPU time per check.
func ncCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkNumchessChecks grades one right answer per op for three kinds.
func BenchmarkNumchessChecks(b *testing.B) {
	cases := []struct{ kind, prompt, answer string }{
		{"numchess.expression", `{"ruleset":"G46","digits":[9,8,7,1],"target":0}`, `{"expression":"(9-8-1)*7"}`},
		{"numchess.move", `{"ruleset":"G23","position":"` + ncChainPos + `","goal":{"type":"chain","piece":8}}`, `{"move":"8b2-f5[6-2]-d5[4]"}`},
		{"numchess.score", `{"ruleset":"G23","position":"r:7a14,3b15,5e9;b:2a3,9c4 r 30","side":"both"}`, `{"red":25,"blue":37}`},
	}
	for _, c := range cases {
		k, _ := KindByName(c.kind)
		b.Run(c.kind, func(b *testing.B) {
			cpu, n := ncCPUTime(), 0
			for b.Loop() {
				if _, err := k.Check(json.RawMessage(c.prompt), nil, Submission{Answer: json.RawMessage(c.answer)}); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64((ncCPUTime()-cpu).Nanoseconds())/float64(n), "cpu-ns/op")
		})
	}
}

// TestNumchessGomokuTagVocabulary checks that every skill tag of the
// number-chess and gomoku banks and generators is one documented in the
// kind files' tag lists.
func TestNumchessGomokuTagVocabulary(t *testing.T) {
	documented := map[string]bool{}
	for _, file := range []string{"kinds_numchess.go", "kinds_gomoku.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(src), "\n") {
			if f := strings.Fields(strings.TrimPrefix(line, "//\t")); strings.HasPrefix(line, "//\t") && len(f) > 0 &&
				(strings.HasPrefix(f[0], "numchess.") || strings.HasPrefix(f[0], "gomoku.")) {
				documented[f[0]] = true
			}
		}
	}
	if len(documented) < 20 {
		t.Fatalf("only %d documented tags found", len(documented))
	}
	check := func(where string, tags []string) {
		for _, tag := range tags {
			if !documented[tag] {
				t.Errorf("%s: tag %s is not documented", where, tag)
			}
		}
	}
	for _, game := range []string{"numchess", "gomoku"} {
		for _, ex := range ncBankOf(t, game) {
			check(ex.Key, ex.Tags)
		}
	}
	for _, kind := range []string{"numchess.expression", "numchess.move", "gomoku.win_in_1"} {
		gen, _ := GeneratorFor(kind)
		for _, band := range []Band{K1, G23, G46} {
			exs, err := gen.Generate(rand.New(rand.NewPCG(3, 3)), band, 6)
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				check(kind+" generator", ex.Tags)
			}
		}
	}
}
