package main

import (
	"context"
	"fmt"
	"io"

	"qixue/players/chess/uci"
)

// runEngine runs a computer player over a standard protocol on stdin and
// stdout: `qixue engine uci` (chess).
func runEngine(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: qixue engine uci")
		return exitError(2)
	}
	switch args[0] {
	case "uci":
		return uci.Run(ctx, stdin, stdout)
	}
	fmt.Fprintf(stderr, "qixue engine: unknown protocol %q (known: uci)\n", args[0])
	return exitError(2)
}
