package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"time"

	"qixue/rules/draughts"
)

// draughtsRules returns the `qixue rules` subcommands for --game draughts.
func draughtsRules() map[string]rulesFunc {
	return map[string]rulesFunc{
		"perft": draughtsPerft,
		"moves": draughtsMoves,
		"play":  draughtsPlay,
		"pdn":   draughtsPDN,
	}
}

// draughtsFlags parses the flags shared by the draughts subcommands and
// returns the starting position.
func draughtsFlags(name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (*flag.FlagSet, draughts.Position, error) {
	fs := flag.NewFlagSet("rules "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", "draughts", "game name")
	fen := fs.String("position", draughts.InitialFEN, "position in PDN FEN, e.g. W:W31-50:B1-20")
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, draughts.Position{}, exitError(1)
	}
	if name != "play" {
		if err := noArguments(fs, stderr); err != nil {
			return nil, draughts.Position{}, err
		}
	}
	pos, err := draughts.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, pos, exitError(1)
	}
	return fs, pos, nil
}

// draughtsPerft prints the perft node count of --position at --depth as its
// last line; --divide first prints the count below each legal move and
// --stats the time taken and nodes per second.
func draughtsPerft(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var depth int
	var divide, stats bool
	_, pos, err := draughtsFlags("perft", args, stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&depth, "depth", 1, "search depth in plies")
		fs.BoolVar(&divide, "divide", false, "print the count below each move")
		fs.BoolVar(&stats, "stats", false, "print time and nodes per second")
	})
	if err != nil {
		return err
	}
	if depth < 0 || depth > 20 {
		fmt.Fprintln(stderr, "depth must be between 0 and 20")
		return exitError(1)
	}
	start := time.Now()
	var total uint64
	if divide && depth > 0 {
		for _, m := range sortedMoves(pos) {
			next, _ := pos.Play(m)
			n := draughts.Perft(next, depth-1)
			total += n
			fmt.Fprintf(stdout, "%s %d\n", pos.Notation(m), n)
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

// sortedMoves returns the legal moves ordered by start, end and notation.
func sortedMoves(pos draughts.Position) []draughts.Move {
	ms := pos.LegalMoves()
	names := make(map[draughts.Move]string, len(ms))
	for _, m := range ms {
		names[m] = pos.Notation(m)
	}
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.From() != b.From() {
			return a.From() < b.From()
		}
		if a.To() != b.To() {
			return a.To() < b.To()
		}
		return names[a] < names[b]
	})
	return ms
}

// draughtsMoves prints every legal move of --position, one per line, in the
// shortest unambiguous PDN form.
func draughtsMoves(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	_, pos, err := draughtsFlags("moves", args, stderr, nil)
	if err != nil {
		return err
	}
	for _, m := range sortedMoves(pos) {
		fmt.Fprintln(stdout, pos.Notation(m))
	}
	return nil
}

// draughtsPlay plays the moves given as arguments from --position and prints
// the resulting FEN. An illegal move is reported on stderr with its reason
// and the command exits with status 1.
func draughtsPlay(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs, pos, err := draughtsFlags("play", args, stderr, nil)
	if err != nil {
		return err
	}
	for i, text := range fs.Args() {
		m, err := pos.ParseMove(text)
		if err != nil {
			var ie *draughts.IllegalMoveError
			if errors.As(err, &ie) {
				fmt.Fprintf(stderr, "move %d (%s) is illegal: %s\n", i+1, text, ie.Error())
			} else {
				fmt.Fprintf(stderr, "move %d (%s): %v\n", i+1, text, err)
			}
			return exitError(1)
		}
		pos, _ = pos.Play(m)
	}
	fmt.Fprintln(stdout, pos.FEN())
	return nil
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
