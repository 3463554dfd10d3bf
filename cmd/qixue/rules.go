package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// rulesFunc runs one `qixue rules` subcommand. args are the arguments after
// the subcommand name, --game included. It writes its result to stdout; a
// refused move or bad input is reported on stderr and returned as
// exitError(1).
type rulesFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error

// rulesByGame maps a --game value to the subcommands that game implements.
// Each game's commands live in rules_<game>.go.
func rulesByGame() map[string]map[string]rulesFunc {
	return map[string]map[string]rulesFunc{
		// one entry per game, e.g. "chess": chessRules(),
		"renju": gomokuRules(), "gomoku": gomokuRules(), "standard": gomokuRules(), "freestyle": gomokuRules(),
		"draughts": draughtsRules(),
		"chess":    chessRules(),
		"numchess": numchessRules(),
	}
}

// rulesWithoutGame lists subcommands that take no --game flag because only
// one game has them (for example `rules solve` for number chess).
func rulesWithoutGame() map[string]rulesFunc {
	return map[string]rulesFunc{
		"solve":     numchessSolve,
		"score":     numchessScore,
		"start":     numchessStart,
		"pgn":       chessPGN,
		"forbidden": gomokuForbidden, "opening": gomokuOpening,
	}
}

func runRules(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printRulesHelp(stdout)
		return nil
	}
	sub, rest := args[0], args[1:]
	game, hasGame := gameFlag(rest)
	if !hasGame {
		if f, ok := rulesWithoutGame()[sub]; ok {
			return f(ctx, rest, stdin, stdout, stderr)
		}
		return fmt.Errorf("rules %s: --game is required", sub)
	}
	cmds, ok := rulesByGame()[game]
	if !ok {
		return fmt.Errorf("rules %s: unknown game %q", sub, game)
	}
	f, ok := cmds[sub]
	if !ok {
		return fmt.Errorf("rules %s: not available for game %q", sub, game)
	}
	return f(ctx, rest, stdin, stdout, stderr)
}

// gameFlag finds the value of --game (or -game, --game=X) in args.
func gameFlag(args []string) (string, bool) {
	for i, a := range args {
		for _, p := range []string{"--game", "-game"} {
			if a == p && i+1 < len(args) {
				return args[i+1], true
			}
			if v, ok := strings.CutPrefix(a, p+"="); ok {
				return v, true
			}
		}
	}
	return "", false
}

func printRulesHelp(w io.Writer) {
	fmt.Fprintln(w, "usage: qixue rules <subcommand> [--game GAME] [flags]")
	games := rulesByGame()
	names := make([]string, 0, len(games))
	for g := range games {
		names = append(names, g)
	}
	sort.Strings(names)
	for _, g := range names {
		subs := make([]string, 0, len(games[g]))
		for s := range games[g] {
			subs = append(subs, s)
		}
		sort.Strings(subs)
		fmt.Fprintf(w, "  --game %-10s %s\n", g, strings.Join(subs, ", "))
	}
	var solo []string
	for s := range rulesWithoutGame() {
		solo = append(solo, s)
	}
	sort.Strings(solo)
	if len(solo) > 0 {
		fmt.Fprintf(w, "  without --game:    %s\n", strings.Join(solo, ", "))
	}
}

// noArguments refuses positional arguments after the flags of a `qixue
// rules` subcommand that takes none: they would otherwise be ignored (a
// position given without --position listed the start position's moves).
// It prints a usage error on stderr and returns exitError(2).
func noArguments(fs *flag.FlagSet, stderr io.Writer) error {
	if fs.NArg() == 0 {
		return nil
	}
	fmt.Fprintf(stderr, "%s: unexpected argument %q (this command takes only flags", fs.Name(), fs.Arg(0))
	if fs.Lookup("position") != nil {
		fmt.Fprint(stderr, "; give a position with --position")
	}
	fmt.Fprintln(stderr, ")")
	fmt.Fprintf(stderr, "usage of qixue %s:\n", fs.Name())
	fs.PrintDefaults()
	return exitError(2)
}
