package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"qixue/players/chess/uci"
	"qixue/players/gomoku/gomocup"
)

// runEngine runs a computer player over a standard protocol on stdin and
// stdout: `qixue engine uci` (chess), `qixue engine gomocup [-level N]
// [-seed S] [-nodes N]` (gomoku and renju over the Gomocup protocol).
func runEngine(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	usage := "usage: qixue engine uci | qixue engine gomocup [-level 1-10] [-seed S] [-nodes N]"
	if len(args) < 1 {
		fmt.Fprintln(stderr, usage)
		return exitError(2)
	}
	switch args[0] {
	case "uci":
		if len(args) != 1 {
			fmt.Fprintln(stderr, usage)
			return exitError(2)
		}
		return uci.Run(ctx, stdin, stdout)
	case "gomocup":
		fs := flag.NewFlagSet("gomocup", flag.ContinueOnError)
		fs.SetOutput(stderr)
		level := fs.Int("level", 10, "the level, 1 (weakest) to 10")
		seed := fs.Uint64("seed", 0, "the seed (varies the choice among good moves)")
		nodes := fs.Int64("nodes", 0, "a node budget per move (0: the level's own)")
		if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *level < 1 || *level > 10 || *nodes < 0 {
			fmt.Fprintln(stderr, usage)
			return exitError(2)
		}
		return gomocup.Run(ctx, stdin, stdout, gomocup.Options{Level: *level, Seed: *seed, Nodes: *nodes})
	}
	fmt.Fprintf(stderr, "qixue engine: unknown protocol %q (known: uci, gomocup)\n", args[0])
	return exitError(2)
}
