package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"qixue/rules/game"
	"qixue/rules/numchess"
)

// numchessRules returns the `qixue rules` subcommands only number chess
// has.
func numchessRules() map[string]rulesCmd {
	return map[string]rulesCmd{
		"perft": numchessPerft,
		"score": numchessScore,
		"start": plain(numchessStart),
	}
}

// numchessOpts are the position and engine the shared flags chose.
type numchessOpts struct {
	pos  numchess.Position
	eng  *numchess.Engine
	lang string
}

// numchessFlags parses the shared flags (see gameFlags) for number chess.
func numchessFlags(env rulesEnv, name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (numchessOpts, error) {
	_, o, err := gameFlags(env, name, args, stderr, extra)
	if err != nil {
		return numchessOpts{}, err
	}
	pos, eng, _ := game.NumChessPosition(o.pos)
	return numchessOpts{pos: pos, eng: eng, lang: o.lang}, nil
}

// numchessPerft prints, as its last line, the number of move sequences of
// --depth from --position, counting one move per distinct (piece,
// destination); --divide first prints the count below each move.
func numchessPerft(env rulesEnv) rulesFunc {
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var depth int
		var divide, stats bool
		o, err := numchessFlags(env, "perft", args, stderr, func(fs *flag.FlagSet) {
			fs.IntVar(&depth, "depth", 1, "depth in plies")
			fs.BoolVar(&divide, "divide", false, "print the count below each move")
			fs.BoolVar(&stats, "stats", false, "print the time taken")
		})
		if err != nil {
			return err
		}
		if depth < 0 || depth > 8 {
			fmt.Fprintln(stderr, "depth must be between 0 and 8")
			return exitError(1)
		}
		start := time.Now()
		var total int64
		if divide && depth > 0 {
			for _, m := range o.eng.LegalMoves(o.pos) {
				next, err := o.eng.Play(o.pos, m)
				if err != nil {
					return fmt.Errorf("generated move %s refused: %w", m, err)
				}
				n := o.eng.Perft(next, depth-1)
				total += n
				fmt.Fprintf(stdout, "%d%s-%s %d\n", m.Piece, m.From, m.To(), n)
			}
		} else {
			total = o.eng.Perft(o.pos, depth)
		}
		if stats {
			fmt.Fprintf(stdout, "depth %d time %.3fs\n", depth, time.Since(start).Seconds())
		}
		fmt.Fprintln(stdout, total)
		return nil
	}
}

// numchessScore prints both sides' scores of --position under --method
// (product or difference; default: the ruleset's), whether each side may
// call stop, and the result if the game ended there.
func numchessScore(env rulesEnv) rulesFunc {
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var method string
		o, err := numchessFlags(env, "score", args, stderr, func(fs *flag.FlagSet) {
			fs.StringVar(&method, "method", "", "product (积和法) or difference (差和法); default: the ruleset's")
		})
		if err != nil {
			return err
		}
		rs := o.eng.Ruleset()
		if method != "" {
			if rs.Scoring, err = numchess.ParseScoringMethod(method); err != nil {
				return fail(stderr, err, o.lang)
			}
		}
		for _, s := range []numchess.Side{numchess.Red, numchess.Blue} {
			fmt.Fprintf(stdout, "%s %d (%s, %d in camp, may call stop: %v)\n", s, o.pos.Score(s, rs.Scoring), rs.Scoring, o.pos.InCamp(s), o.pos.CanCallStop(s))
		}
		fmt.Fprintf(stdout, "result if ended now: %s\n", o.pos.Result(rs))
		return nil
	}
}

// numchessStart prints the start position.
func numchessStart(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rules start", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", "numchess", "game name")
	diagram := fs.Bool("diagram", false, "also draw the board")
	if err := fs.Parse(args); err != nil {
		return exitError(1)
	}
	if err := noArguments(fs, stderr); err != nil {
		return err
	}
	fmt.Fprintln(stdout, numchess.Start())
	if *diagram {
		fmt.Fprint(stdout, numchess.Start().Diagram())
	}
	return nil
}
