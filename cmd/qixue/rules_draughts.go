package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"qixue/rules/draughts"
	"qixue/rules/game"
)

// draughtsRules returns the `qixue rules` subcommands only draughts has.
func draughtsRules() map[string]rulesCmd {
	return map[string]rulesCmd{
		"perft": draughtsPerft,
		"pdn":   plain(draughtsPDN),
	}
}

// draughtsPerft prints the perft node count of --position at --depth as its
// last line; --divide first prints the count below each legal move and
// --stats the time taken and nodes per second.
func draughtsPerft(env rulesEnv) rulesFunc {
	return func(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var depth int
		var divide, stats bool
		_, o, err := gameFlags(env, "perft", args, stderr, func(fs *flag.FlagSet) {
			fs.IntVar(&depth, "depth", 1, "search depth in plies")
			fs.BoolVar(&divide, "divide", false, "print the count below each move")
			fs.BoolVar(&stats, "stats", false, "print time and nodes per second")
		})
		if err != nil {
			return err
		}
		pos, _ := game.DraughtsPosition(o.pos)
		if depth < 0 || depth > 20 {
			fmt.Fprintln(stderr, "depth must be between 0 and 20")
			return exitError(1)
		}
		start := time.Now()
		var total uint64
		if divide && depth > 0 {
			moves, _ := o.pos.Moves(ctx) // draughts lists them at once
			for _, m := range moves {
				next, err := o.pos.Play(m)
				if err != nil {
					return fmt.Errorf("generated move %s refused: %w", m, err)
				}
				after, _ := game.DraughtsPosition(next)
				n := draughts.Perft(after, depth-1)
				total += n
				fmt.Fprintf(stdout, "%s %d\n", o.pos.Notation(m), n)
			}
		} else {
			total = draughts.Perft(pos, depth)
		}
		if stats {
			el := time.Since(start)
			fmt.Fprintf(stdout, "depth %d time %.3fs nps %.0f\n", depth, el.Seconds(), float64(total)/el.Seconds())
		}
		fmt.Fprintln(stdout, total)
		return nil
	}
}

// draughtsPDN replays every game of a PDN file (FILE, or standard input
// for "-" or none) and prints one line a game: "game N: FEN" (the final
// position) or "game N: error: REASON". Slips that did not stop a game (a
// capture mark on a quiet move, moves after a draw, a bad move inside a
// variation) go to stderr. It exits 1 unless every game replayed.
func draughtsPDN(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	data, lang, err := recordFlags("pdn", "draughts", args, stdin, stderr)
	if err != nil {
		return err
	}
	var reports []recordReport
	for _, pg := range draughts.ParsePDNGames(string(data)) {
		if pg.Err != nil {
			reports = append(reports, recordReport{err: pg.Err.Message(lang)})
			continue
		}
		rep := recordReport{fen: pg.Game.Position().FEN()}
		for _, w := range pg.Game.Warnings() {
			rep.warnings = append(rep.warnings, w.Message(lang))
		}
		reports = append(reports, rep)
	}
	return printRecords(stdout, stderr, lang, reports)
}
