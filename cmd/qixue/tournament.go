package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"qixue/tournaments"
)

// runTournament runs `qixue tournament SUB ...`: pair (the next round of a
// TRF file), berger (round-robin tables) and standings.
func runTournament(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, tournamentHelp)
		return nil
	}
	switch args[0] {
	case "pair":
		return tournamentPair(args[1:], stdout, stderr)
	case "berger":
		return tournamentBerger(args[1:], stdout, stderr)
	case "standings":
		return tournamentStandings(args[1:], stdout, stderr)
	}
	return fmt.Errorf("tournament: unknown subcommand %q (pair, berger, standings)", args[0])
}

const tournamentHelp = `qixue tournament pair --system dutch FILE.trf
    pair the next round of the tournament in a FIDE TRF file (TRF16, TRF(x),
    TRF-2026); prints the number of boards, then "WHITE BLACK" by start rank
    per board and "N 0" for the pairing-allocated bye; exit status 1 with a
    one-line reason when no valid pairing exists
qixue tournament berger --players N
    print the FIDE Berger table (C.05 Annex 1): one line a round, pairs
    WHITE-BLACK, 0 for the bye of an odd field
qixue tournament standings FILE.trf [--tiebreaks LIST] [--game G] [--system swiss|round_robin] [--round N] [--rules fide2023|fide2026]
    print the standings after the last round played (or round N): rank
    (shared for a full tie), start rank, name, points and each tie-break of
    FIDE C.07 in LIST (BH, BH-C1, BH-M1, SB, DE, WIN, WON, BPG, BWG, PS,
    ARO, ARO-C1, ...); without LIST the game's default list
`

func tournamentPair(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tournament pair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	system := fs.String("system", "dutch", "pairing system (dutch)")
	if err := fs.Parse(reorderFlags(args)); err != nil {
		return exitError(2)
	}
	if *system != "dutch" {
		return fmt.Errorf("tournament pair: unknown system %q (only dutch)", *system)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("tournament pair: one TRF file is needed")
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("tournament pair: %w", err)
	}
	defer f.Close()
	t, err := tournaments.ReadTRF(f)
	if err != nil {
		return fmt.Errorf("tournament pair: %s: %w", fs.Arg(0), err)
	}
	pairs, err := tournaments.PairDutch(t)
	if errors.Is(err, tournaments.ErrNoValidPairing) {
		fmt.Fprintln(stderr, "no valid pairing exists: the absolute criteria (no rematch, colour limits, one bye to an eligible player) cannot all be met")
		return exitError(1)
	}
	if err != nil {
		return fmt.Errorf("tournament pair: %w", err)
	}
	fmt.Fprintln(stdout, len(pairs))
	for _, p := range pairs {
		fmt.Fprintln(stdout, p.White, p.Black)
	}
	return nil
}

// reorderFlags moves flags before positional arguments so that
// "pair FILE --system dutch" works like "pair --system dutch FILE".
func reorderFlags(args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			if !containsEq(a) && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(flags, rest...)
}

func containsEq(s string) bool {
	for _, c := range s {
		if c == '=' {
			return true
		}
	}
	return false
}
