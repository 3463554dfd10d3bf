package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"qixue/rules/game"
)

// The subcommands every game has, through rules/game: `rules moves` and
// `rules play`, and the flags they share with the games' own subcommands.

// plain makes a rulesCmd of a subcommand that needs nothing of its env.
func plain(f rulesFunc) rulesCmd { return func(rulesEnv) rulesFunc { return f } }

// gameOpts is what gameFlags read: the game's adapter, the position given
// by --position (the start by default) and the language from --lang.
type gameOpts struct {
	rules game.Rules
	pos   game.Position
	lang  string
}

// gameFlags parses the flags shared by the subcommands of env's game —
// --position (the game's notation, "start" or empty for the start),
// --ruleset (the game's rulesets; --game may imply one) and --lang (en or
// zh-CN) — and those extra adds. Only `play` takes arguments. A bad value
// is reported on stderr as exitError(1).
func gameFlags(env rulesEnv, name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (*flag.FlagSet, gameOpts, error) {
	o := gameOpts{rules: env.reg.Must(env.game)}
	fs := flag.NewFlagSet("rules "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", string(env.game), "game name")
	position := fs.String("position", "start", fmt.Sprintf("position in %s notation, or start", env.game.Title("en")))
	ruleset := fs.String("ruleset", env.variant, fmt.Sprintf("ruleset: one of %v (default %s)", o.rules.Variants(), o.rules.Variants()[0]))
	fs.StringVar(&o.lang, "lang", "en", `language of messages: "en" or "zh-CN"`)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, o, exitError(1)
	}
	if name != "play" {
		if err := noArguments(fs, stderr); err != nil {
			return nil, o, err
		}
	}
	if *position == "start" || *position == "startpos" {
		*position = ""
	}
	var err error
	if o.pos, err = o.rules.Parse(*ruleset, *position); err != nil {
		return nil, o, fail(stderr, err, o.lang)
	}
	return fs, o, nil
}

// fail prints err in lang on stderr (its Message when it has one) and
// returns exitError(1).
func fail(stderr io.Writer, err error, lang string) error {
	var m interface{ Message(string) string }
	if errors.As(err, &m) {
		fmt.Fprintln(stderr, m.Message(lang))
	} else {
		fmt.Fprintln(stderr, err)
	}
	return exitError(1)
}

// movePrefix names the move about to be played in p: "move 3 (white): " or
// "第3回合（白方）：".
func movePrefix(r game.Rules, p game.Position, lang string) string {
	return pick(lang, fmt.Sprintf("第%d回合（%s）：", p.MoveNumber(), r.SideName(p.Turn(), "zh-CN")),
		fmt.Sprintf("move %d (%s): ", p.MoveNumber(), r.SideName(p.Turn(), "")))
}

// gameMoves prints every legal move of --position, one per line in the
// game's notation (chess SAN, draughts PDN, gomoku points, number-chess
// machine form with a witness expression) and in the game's order;
// --format zh or en adds the move's name for people after a tab. Gomoku's
// pass and swap are not listed (they are always a choice of the player).
func gameMoves(env rulesEnv) rulesFunc {
	return func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var format string
		_, o, err := gameFlags(env, "moves", args, stderr, func(fs *flag.FlagSet) {
			fs.StringVar(&format, "format", "machine", "machine, zh (adds the Chinese name) or en (adds the English name)")
		})
		if err != nil {
			return err
		}
		moves, err := o.pos.Moves(ctx)
		if err != nil {
			return fail(stderr, err, o.lang)
		}
		for _, m := range moves {
			line := o.pos.Notation(m)
			switch format {
			case "zh":
				line += "\t" + o.pos.Describe(m, "zh-CN")
			case "en":
				line += "\t" + o.pos.Describe(m, "en")
			}
			fmt.Fprintln(stdout, line)
		}
		return nil
	}
}

// gamePlay plays the moves given as arguments (any notation the game
// reads) from --position as a game (repetitions and FMJD's draws count)
// and prints the resulting position; a refused move exits 1 with the
// reason in --lang. --explain first prints each move's notation, Chinese
// and English names. In chess, --claim MOVE then claims a draw with that
// intended move (FIDE 9.2.1.1, 9.3.1): a first line gives the verdict, and
// the position is the one before MOVE when the claim is correct, after it
// when it is not (the move must then be played).
func gamePlay(env rulesEnv) rulesFunc {
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var claim string
		var explain bool
		claims := game.ClaimsWithMove(env.reg.Must(env.game))
		fs, o, err := gameFlags(env, "play", args, stderr, func(fs *flag.FlagSet) {
			fs.BoolVar(&explain, "explain", false, "print each move's notation and its Chinese and English names")
			if claims {
				fs.StringVar(&claim, "claim", "", "after the moves, claim a draw with this intended move")
			}
		})
		if err != nil {
			return err
		}
		g := game.NewGame(o.pos)
		for _, s := range fs.Args() {
			before := g.Position()
			m, played, err := g.Play(s)
			if err != nil {
				fmt.Fprint(stderr, movePrefix(o.rules, before, o.lang))
				return fail(stderr, err, o.lang)
			}
			if explain {
				fmt.Fprintf(stdout, "%s\t%s\t%s\n", played, before.Describe(m, "zh-CN"), before.Describe(m, "en"))
			}
		}
		if claim != "" {
			before := g.Position()
			c, err := g.Claim(before.Turn(), game.NoRule, claim)
			if err != nil {
				fmt.Fprint(stderr, pick(o.lang, "提和，", "claim, ")+movePrefix(o.rules, before, o.lang))
				return fail(stderr, err, o.lang)
			}
			fmt.Fprintln(stdout, c.Message(o.lang))
		}
		fmt.Fprintln(stdout, g.Position())
		return nil
	}
}
