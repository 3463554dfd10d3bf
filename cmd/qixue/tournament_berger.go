package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"qixue/tournaments"
)

// tournamentBerger prints the FIDE Berger table for --players N: one line a
// round, boards "WHITE-BLACK" separated by blanks, 0 for the bye.
func tournamentBerger(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tournament berger", flag.ContinueOnError)
	fs.SetOutput(stderr)
	players := fs.Int("players", 0, "number of players (2-9999)")
	if err := fs.Parse(args); err != nil {
		return exitError(2)
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("tournament berger: unexpected argument %q", fs.Arg(0))
	}
	rounds, err := tournaments.BergerTable(*players)
	if err != nil {
		return fmt.Errorf("tournament berger: %w", err)
	}
	for _, r := range rounds {
		boards := make([]string, len(r))
		for i, p := range r {
			boards[i] = fmt.Sprintf("%d-%d", p.White, p.Black)
		}
		fmt.Fprintln(stdout, strings.Join(boards, " "))
	}
	return nil
}
