package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"qixue/rules/game"
)

// rulesFunc runs one `qixue rules` subcommand. args are the arguments after
// the subcommand name, --game included. It writes its result to stdout; a
// refused move or bad input is reported on stderr and returned as
// exitError(1).
type rulesFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error

// rulesEnv is what a game's subcommand is run with: the games' registry
// and the game (and ruleset) that --game chose.
type rulesEnv struct {
	reg     *game.Registry
	game    game.Name
	variant string // a ruleset --game implies (gomoku's aliases), or ""
}

// rulesCmd is a game's subcommand, made into a rulesFunc for one env.
type rulesCmd func(env rulesEnv) rulesFunc

// gameChoices are the --game values: the four games by name, and the
// gomoku rulesets by theirs (gomoku is standard gomoku, as it always was).
var gameChoices = map[string]struct {
	game    game.Name
	variant string
}{
	"chess": {game.Chess, ""}, "draughts": {game.Draughts, ""}, "numchess": {game.NumChess, ""},
	"renju": {game.Gomoku, "renju"}, "gomoku": {game.Gomoku, "standard"},
	"standard": {game.Gomoku, "standard"}, "freestyle": {game.Gomoku, "freestyle"},
}

// commonRules are the subcommands every game has, through rules/game:
// the legal moves and playing moves.
var commonRules = map[string]rulesCmd{"moves": gameMoves, "play": gamePlay}

// gameRules are the subcommands only one game has (each game's live in
// rules_<game>.go); they override the common ones of the same name.
var gameRules = map[game.Name]map[string]rulesCmd{
	game.Chess:    chessRules(),
	game.Draughts: draughtsRules(),
	game.Gomoku:   gomokuRules(),
	game.NumChess: numchessRules(),
}

// rulesByGame maps a --game value to the subcommands it has, run with a
// registry of the games made for this call.
func rulesByGame() map[string]map[string]rulesFunc {
	reg := game.NewRegistry()
	out := map[string]map[string]rulesFunc{}
	for name, c := range gameChoices {
		env := rulesEnv{reg: reg, game: c.game, variant: c.variant}
		cmds := map[string]rulesFunc{}
		for sub, f := range commonRules {
			cmds[sub] = f(env)
		}
		for sub, f := range gameRules[c.game] {
			cmds[sub] = f(env)
		}
		out[name] = cmds
	}
	return out
}

// rulesWithoutGame lists subcommands that take no --game flag because only
// one game has them (for example `rules solve` for number chess).
func rulesWithoutGame() map[string]rulesFunc {
	reg := game.NewRegistry()
	num := rulesEnv{reg: reg, game: game.NumChess}
	return map[string]rulesFunc{
		"solve":     numchessSolve,
		"score":     numchessScore(num),
		"start":     numchessStart,
		"pgn":       chessPGN,
		"forbidden": gomokuForbidden,
		"opening":   gomokuOpening,
	}
}

func runRules(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printRulesHelp(stdout)
		return nil
	}
	sub, rest := args[0], args[1:]
	name, hasGame := gameFlag(rest)
	if !hasGame {
		if f, ok := rulesWithoutGame()[sub]; ok {
			return f(ctx, rest, stdin, stdout, stderr)
		}
		return fmt.Errorf("rules %s: --game is required", sub)
	}
	cmds, ok := rulesByGame()[name]
	if !ok {
		return fmt.Errorf("rules %s: unknown game %q", sub, name)
	}
	f, ok := cmds[sub]
	if !ok {
		return fmt.Errorf("rules %s: not available for game %q", sub, name)
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
