package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestRulesRefuseStrayArguments runs every `qixue rules` subcommand that
// takes only flags with a positional argument: each is a usage error
// (exit 2) naming the argument, never a result for another position.
// `rules moves --game numchess "r:..."` listed the start position's moves.
func TestRulesRefuseStrayArguments(t *testing.T) {
	takesArgs := map[string]bool{"play": true, "pgn": true}
	type call struct{ sub, game string }
	var calls []call
	for game, cmds := range rulesByGame() {
		for sub := range cmds {
			if !takesArgs[sub] {
				calls = append(calls, call{sub, game})
			}
		}
	}
	for sub := range rulesWithoutGame() {
		if !takesArgs[sub] {
			calls = append(calls, call{sub, ""})
		}
	}
	if len(calls) < 15 {
		t.Fatalf("only %d subcommands", len(calls))
	}
	const stray = "r:0a1,1b1;b:0a17 r 1"
	for _, c := range calls {
		args := []string{"rules", c.sub}
		if c.game != "" {
			args = append(args, "--game", c.game)
		}
		args = append(args, stray)
		t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
			var code exitError
			if !errors.As(err, &code) || code != 2 {
				t.Fatalf("error %v, want exit status 2\nstdout: %s\nstderr: %s", err, out.String(), errOut.String())
			}
			if out.Len() != 0 {
				t.Errorf("printed a result: %s", out.String())
			}
			if !strings.Contains(errOut.String(), "unexpected argument") || !strings.Contains(errOut.String(), stray) {
				t.Errorf("stderr does not name the argument: %s", errOut.String())
			}
		})
	}
	// pgn takes exactly one file.
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"rules", "pgn", "a.pgn", "b.pgn"}, strings.NewReader(""), &out, &errOut)
	var code exitError
	if !errors.As(err, &code) || code != 2 {
		t.Errorf("pgn with two files: %v", err)
	}
}
