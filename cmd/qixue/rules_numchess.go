package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"qixue/rules/numchess"
)

// numchessRules returns the `qixue rules` subcommands for --game numchess.
func numchessRules() map[string]rulesFunc {
	return map[string]rulesFunc{
		"moves": numchessMoves,
		"play":  numchessPlay,
		"perft": numchessPerft,
		"score": numchessScore,
		"start": numchessStart,
	}
}

// numchessOpts are the flags shared by the number-chess subcommands.
type numchessOpts struct {
	pos  numchess.Position
	eng  *numchess.Engine
	lang string
}

// numchessFlags parses the shared flags (--position, --ruleset, --lang) and
// those extra adds. A bad flag value is reported on stderr as exitError(1).
func numchessFlags(name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (*flag.FlagSet, numchessOpts, error) {
	var o numchessOpts
	fs := flag.NewFlagSet("rules "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", "numchess", "game name")
	position := fs.String("position", "start", "position in machine notation (r:0a1,...;b:0a17,... r 1) or start")
	ruleset := fs.String("ruleset", "G46", "ruleset: K1, G23 or G46")
	fs.StringVar(&o.lang, "lang", "en", "language of error messages: en or zh-CN")
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
	rs, err := numchess.RulesetByName(*ruleset)
	if err != nil {
		return nil, o, numchessFail(stderr, err, o.lang)
	}
	o.pos, err = numchess.ParsePosition(*position)
	if err != nil {
		return nil, o, numchessFail(stderr, err, o.lang)
	}
	o.eng = numchess.SharedEngine(rs)
	return fs, o, nil
}

// numchessFail prints err in lang on stderr and returns exitError(1).
func numchessFail(stderr io.Writer, err error, lang string) error {
	if m, ok := err.(interface{ Message(string) string }); ok {
		fmt.Fprintln(stderr, m.Message(lang))
	} else {
		fmt.Fprintln(stderr, err)
	}
	return exitError(1)
}

// numchessMoves prints every legal move of --position, one distinct
// (piece, destination) per line, each as a witness in machine form;
// --format zh or en prints the Chinese or English notation after it.
func numchessMoves(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var format string
	_, o, err := numchessFlags("moves", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&format, "format", "machine", "machine, zh (adds the Chinese form) or en (adds the English form)")
	})
	if err != nil {
		return err
	}
	for _, m := range o.eng.LegalMoves(o.pos) {
		line := m.String()
		if format == "zh" || format == "en" {
			mi, err := o.eng.Check(o.pos, m)
			if err != nil {
				return fmt.Errorf("generated move %s refused: %w", m, err)
			}
			if format == "zh" {
				line += "\t" + mi.Chinese()
			} else {
				line += "\t" + mi.English()
			}
		}
		fmt.Fprintln(stdout, line)
	}
	return nil
}

// numchessPlay plays the moves given as arguments (machine form, or the
// Chinese form) from --position and prints the resulting position. An
// illegal move prints the reason on stderr and exits 1; --explain prints
// each move's Chinese and English forms first.
func numchessPlay(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var explain bool
	fs, o, err := numchessFlags("play", args, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&explain, "explain", false, "print each move's Chinese and English notation")
	})
	if err != nil {
		return err
	}
	pos := o.pos
	for i, s := range fs.Args() {
		m, err := numchess.ParseMove(s)
		if err != nil {
			if cm, cerr := numchess.ParseChinese(pos, s); cerr == nil {
				m, err = cm, nil
			} else if strings.ContainsAny(s, "平斜跨移邻") {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "move %d (%s): ", i+1, s)
			return numchessFail(stderr, err, o.lang)
		}
		mi, err := o.eng.Check(pos, m)
		if err != nil {
			fmt.Fprintf(stderr, "move %d (%s): ", i+1, s)
			return numchessFail(stderr, err, o.lang)
		}
		if explain {
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", mi.Machine(), mi.Chinese(), mi.English())
		}
		pos, _ = o.eng.Play(pos, m)
	}
	fmt.Fprintln(stdout, pos)
	return nil
}

// numchessPerft prints, as its last line, the number of move sequences of
// --depth from --position, counting one move per distinct (piece,
// destination); --divide first prints the count below each move.
func numchessPerft(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var depth int
	var divide, stats bool
	_, o, err := numchessFlags("perft", args, stderr, func(fs *flag.FlagSet) {
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

// numchessScore prints both sides' scores of --position under --method
// (product or difference; default: the ruleset's), whether each side may
// call stop, and the result if the game ended there.
func numchessScore(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var method string
	_, o, err := numchessFlags("score", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&method, "method", "", "product (积和法) or difference (差和法); default: the ruleset's")
	})
	if err != nil {
		return err
	}
	rs := o.eng.Ruleset()
	if method != "" {
		if rs.Scoring, err = numchess.ParseScoringMethod(method); err != nil {
			return numchessFail(stderr, err, o.lang)
		}
	}
	for _, s := range []numchess.Side{numchess.Red, numchess.Blue} {
		fmt.Fprintf(stdout, "%s %d (%s, %d in camp, may call stop: %v)\n", s, o.pos.Score(s, rs.Scoring), rs.Scoring, o.pos.InCamp(s), o.pos.CanCallStop(s))
	}
	fmt.Fprintf(stdout, "result if ended now: %s\n", o.pos.Result(rs))
	return nil
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
