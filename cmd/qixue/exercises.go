package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"qixue/domain"
	"qixue/exercises"
)

// runExercises dispatches `qixue exercises <subcommand>`.
func runExercises(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printExercisesHelp(stdout)
		return nil
	}
	switch args[0] {
	case "generate":
		return exercisesGenerate(ctx, args[1:], stdout, stderr)
	case "import":
		return exercisesImport(ctx, args[1:], stdout, stderr)
	}
	printExercisesHelp(stderr)
	return fmt.Errorf("exercises: unknown subcommand %q", args[0])
}

func printExercisesHelp(w io.Writer) {
	fmt.Fprintln(w, "usage: qixue exercises generate --kind KIND --band K1|G23|G46 --count N [--seed S]")
	fmt.Fprintln(w, "       qixue exercises import --format lichess-csv FILE [--dry-run] [--school ID] [--lang en|zh-CN]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "generate prints fresh, verified exercises as JSON, one per line, prompt and solution included.")
	fmt.Fprintln(w, "import stores Lichess puzzle rows as exercises of a school (the only school when --school is not given),")
	fmt.Fprintln(w, "prints one line per refused row and a last line \"N imported, M refused\"; exit 1 when a row was refused.")
	var kinds []string
	for _, g := range exercises.Generators() {
		kinds = append(kinds, g.Kind())
	}
	fmt.Fprintf(w, "Kinds with a generator: %s\n", strings.Join(kinds, ", "))
}

// generatedLine is one exercise as printed by `exercises generate`, in
// the bank file format (see exercises/bank/README.md) so that it can be
// pasted into a bank file after giving it a key.
type generatedLine struct {
	Kind       string          `json:"kind"`
	Title      domain.Text     `json:"title"`
	Body       domain.Text     `json:"body"`
	Prompt     json.RawMessage `json:"prompt"`
	Solution   json.RawMessage `json:"solution"`
	Difficulty int             `json:"difficulty"`
	Band       exercises.Band  `json:"band"`
	Tags       []string        `json:"tags"`
}

// exercisesGenerate prints count generated exercises, one JSON object per
// line. Bad flags are reported on stderr with exitError(2).
func exercisesGenerate(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("exercises generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kind := fs.String("kind", "", "exercise kind, e.g. numchess.expression")
	band := fs.String("band", "", "grade band: K1, G23 or G46")
	count := fs.Int("count", 10, fmt.Sprintf("how many exercises (1-%d)", 1000))
	seed := fs.Uint64("seed", 0, "random seed (0: a random one); the same seed prints the same exercises")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError(2)
	}
	usage := func(format string, a ...any) error {
		fmt.Fprintf(stderr, "exercises generate: "+format+"\n", a...)
		return exitError(2)
	}
	if fs.NArg() > 0 {
		return usage("unexpected argument %q", fs.Arg(0))
	}
	g, ok := exercises.GeneratorFor(*kind)
	if !ok {
		var kinds []string
		for _, g := range exercises.Generators() {
			kinds = append(kinds, g.Kind())
		}
		return usage("no generator for kind %q (have: %s)", *kind, strings.Join(kinds, ", "))
	}
	b, err := exercises.ParseBand(*band)
	if err != nil {
		return usage("%v (want K1, G23 or G46)", err)
	}
	if *count < 1 || *count > 1000 {
		return usage("--count %d is not between 1 and 1000", *count)
	}
	s := *seed
	if s == 0 {
		s = rand.Uint64()
	}
	exs, err := g.Generate(exercises.SeededRand(s), b, *count)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, ex := range exs {
		tags := ex.Tags
		if tags == nil {
			tags = []string{}
		}
		if err := enc.Encode(generatedLine{Kind: ex.Kind, Title: ex.Title, Body: ex.Body, Prompt: ex.Prompt, Solution: ex.Solution,
			Difficulty: ex.Difficulty, Band: ex.Band, Tags: tags}); err != nil {
			return err
		}
	}
	if len(exs) < *count {
		fmt.Fprintf(stderr, "exercises generate: only %d distinct exercises of %s for %s\n", len(exs), *kind, b)
	}
	return nil
}
