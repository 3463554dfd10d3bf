package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"qixue/exercises"
)

func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

func TestExercisesGenerate(t *testing.T) {
	gens := exercises.Generators()
	if len(gens) == 0 {
		t.Skip("no generator registered")
	}
	for _, g := range gens {
		t.Run(g.Kind(), func(t *testing.T) {
			args := []string{"exercises", "generate", "--kind", g.Kind(), "--band", "G23", "--count", "4", "--seed", "11"}
			out, stderr, err := runCLI(t, args...)
			if err != nil {
				t.Fatalf("%v: %s", err, stderr)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) == 0 || len(lines) > 4 {
				t.Fatalf("%d lines:\n%s", len(lines), out)
			}
			k, _ := exercises.KindByName(g.Kind())
			for _, l := range lines {
				var ex struct {
					Kind             string
					Band             string
					Difficulty       int
					Prompt, Solution json.RawMessage
					Title, Body      exercises.Text
				}
				if err := json.Unmarshal([]byte(l), &ex); err != nil {
					t.Fatalf("line is not JSON: %v\n%s", err, l)
				}
				if ex.Kind != g.Kind() || ex.Band != "G23" || ex.Difficulty < 1 || ex.Difficulty > 5 || ex.Title.ZH == "" {
					t.Errorf("exercise %s", l)
				}
				if err := k.Validate(ex.Prompt, ex.Solution); err != nil {
					t.Errorf("printed exercise does not validate: %v\n%s", err, l)
				}
			}
			again, _, _ := runCLI(t, args...)
			if again != out {
				t.Error("the same seed printed other exercises")
			}
		})
	}
}

func TestExercisesGenerateBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--kind", "chess.nope", "--band", "K1"}, "no generator"},
		{[]string{"--kind", "choice", "--band", "K1"}, "no generator"},
		{[]string{"--kind", firstGenerator(), "--band", "G7"}, "G7"},
		{[]string{"--kind", firstGenerator(), "--band", "K1", "--count", "0"}, "--count"},
		{[]string{"--bogus"}, "bogus"},
	} {
		_, stderr, err := runCLI(t, append([]string{"exercises", "generate"}, tc.args...)...)
		if err != exitError(2) || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: %v, stderr %q, want exit 2 mentioning %q", tc.args, err, stderr, tc.want)
		}
	}
	if _, _, err := runCLI(t, "exercises", "frobnicate"); err == nil {
		t.Error("unknown subcommand accepted")
	}
	if out, _, err := runCLI(t, "exercises", "help"); err != nil || !strings.Contains(out, "generate") {
		t.Errorf("help: %v %q", err, out)
	}
}

func firstGenerator() string {
	if gs := exercises.Generators(); len(gs) > 0 {
		return gs[0].Kind()
	}
	return "none"
}
