package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"qixue/tournaments"
)

// tournamentStandings prints the standings of the tournament in a TRF file:
// rank (shared for full ties), start rank, name, points and each tie-break.
func tournamentStandings(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tournament standings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	list := fs.String("tiebreaks", "", "comma-separated FIDE C.07 tie-breaks, e.g. BH-C1,BH,SB,DE,WIN,WON,BPG,BWG,PS,ARO (default: the game's list)")
	game := fs.String("game", "chess", "game, for the default tie-breaks (chess, draughts, gomoku, numchess)")
	system := fs.String("system", "swiss", "swiss (C.07 article 16 for unplayed rounds) or round_robin (article 15.2)")
	round := fs.Int("round", -1, "standings after this round (default: the last round played)")
	rulesName := fs.String("rules", "fide2023", "text of FIDE C.07 for unplayed rounds in a Swiss: fide2023 or fide2026")
	if err := fs.Parse(reorderFlags(args)); err != nil {
		return exitError(2)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("tournament standings: one TRF file is needed")
	}
	if *system != "swiss" && *system != "round_robin" {
		return fmt.Errorf("tournament standings: unknown system %q (swiss, round_robin)", *system)
	}
	rules, err := tournaments.ParseTieBreakRules(*rulesName)
	if err != nil {
		return fmt.Errorf("tournament standings: %w", err)
	}
	tbs, err := tournaments.ParseTieBreaks(*list)
	if err != nil {
		return fmt.Errorf("tournament standings: %w", err)
	}
	if *list == "" {
		sys := tournaments.SystemDutch
		if *system == "round_robin" {
			sys = tournaments.SystemRoundRobin
		}
		tbs = tournaments.DefaultTieBreaks(*game, sys)
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("tournament standings: %w", err)
	}
	defer f.Close()
	t, err := tournaments.ReadTRF(f)
	if err != nil {
		return fmt.Errorf("tournament standings: %s: %w", fs.Arg(0), err)
	}
	t.TieBreakRules = rules
	after := *round
	if after < 0 {
		after = t.PlayedRounds()
	}
	standings := tournaments.Standings
	if *system == "round_robin" {
		standings = tournaments.RoundRobinStandings
	}
	rows, err := standings(t, after, tbs)
	if err != nil {
		return fmt.Errorf("tournament standings: %w", err)
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"rank", "no", "name", "pts"}
	for _, tb := range tbs {
		head = append(head, string(tb))
	}
	fmt.Fprintln(w, strings.Join(head, "\t")+"\t")
	for _, r := range rows {
		cells := []string{fmt.Sprint(r.Rank), fmt.Sprint(r.Player), t.Player(r.Player).Name, r.Points.String()}
		for _, v := range r.TieBreaks {
			cells = append(cells, v.String())
		}
		fmt.Fprintln(w, strings.Join(cells, "\t")+"\t")
	}
	return w.Flush()
}
