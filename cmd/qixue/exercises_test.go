package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"qixue/domain"
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
					Title, Body      domain.Text
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

// TestExercisesImportLichess imports the sample Lichess file into the only
// school: one line per refused row, then the counts; a dry run stores
// nothing, and an unknown format is a usage error.
func TestExercisesImportLichess(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", filepath.Join(t.TempDir(), "cli.db"))
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	file := filepath.Join("..", "..", "exercises", "testdata", "lichess_sample.csv")
	var code exitError
	if _, stderr, err := runCLI(t, "exercises", "import", "--format", "lichess-csv", file); !errors.As(err, &code) || code != 2 || !strings.Contains(stderr, "there are 0 schools") {
		t.Fatalf("no school: %v %s", err, stderr)
	}
	dir := t.TempDir()
	writeRoster(t, dir, "t1,s1,teacher,cli.teacher,Wei,Lin\nu1,s1,student,,明,李\n")
	if _, stderr, err := runCLI(t, "roster", "import", dir); err != nil {
		t.Fatalf("roster: %v %s", err, stderr)
	}
	out, _, err := runCLI(t, "exercises", "import", "--format", "lichess-csv", file, "--dry-run")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !errors.As(err, &code) || code != 1 || len(lines) != 9 || lines[8] != "3 imported, 7 refused" || lines[7] != "dry run, nothing written" ||
		!strings.HasPrefix(lines[0], "line 5 (q4Bad): ") || !strings.HasPrefix(lines[3], "line 8 (q7Col): expected 10 columns") {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	out, _, _ = runCLI(t, "exercises", "import", file, "--format", "lichess-csv", "--lang", "zh-CN")
	if !strings.HasSuffix(out, "导入 3 道，拒绝 7 行\n") || !strings.Contains(out, "第 11 行 (q2Sch1)：") && !strings.Contains(out, "第 11 行 (q2Sch1): 谜题 q2Sch1 在第 3 行已经出现过") {
		t.Errorf("import in Chinese:\n%s", out)
	}
	if _, _, err := runCLI(t, "exercises", "import", "--format", "pgn", file); !errors.As(err, &code) || code != 2 {
		t.Errorf("unknown format: %v", err)
	}
}
