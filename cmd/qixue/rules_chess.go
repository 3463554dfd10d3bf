package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"qixue/rules/chess"
	"qixue/rules/game"
)

// chessRules returns the `qixue rules` subcommands only chess has.
func chessRules() map[string]rulesCmd {
	return map[string]rulesCmd{
		"perft":   chessPerft,
		"pgn":     plain(chessPGN),
		"escapes": chessEscapes,
		"mate":    chessMate,
	}
}

// chessFlags parses the shared flags (see gameFlags) and returns the chess
// position and the language.
func chessFlags(env rulesEnv, name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (chess.Position, string, error) {
	_, o, err := gameFlags(env, name, args, stderr, extra)
	if err != nil {
		return chess.Position{}, "", err
	}
	pos, _ := game.ChessPosition(o.pos)
	return pos, o.lang, nil
}

// chessPerft prints the perft node count of --position at --depth as its
// last line; --divide first prints "move count" for each legal move (UCI).
func chessPerft(env rulesEnv) rulesFunc {
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var depth int
		var divide bool
		pos, _, err := chessFlags(env, "perft", args, stderr, func(fs *flag.FlagSet) {
			fs.IntVar(&depth, "depth", 1, "depth in plies")
			fs.BoolVar(&divide, "divide", false, "print the count below each move first")
		})
		if err != nil {
			return err
		}
		if depth < 0 || depth > 12 {
			fmt.Fprintln(stderr, "depth must be between 0 and 12")
			return exitError(1)
		}
		if divide && depth > 0 {
			counts := pos.PerftDivide(depth)
			moves := make([]chess.Move, 0, len(counts))
			var total uint64
			for m, n := range counts {
				moves = append(moves, m)
				total += n
			}
			sort.Slice(moves, func(i, j int) bool { return moves[i].String() < moves[j].String() })
			for _, m := range moves {
				fmt.Fprintf(stdout, "%s %d\n", m, counts[m])
			}
			fmt.Fprintln(stdout, total)
			return nil
		}
		fmt.Fprintln(stdout, pos.Perft(depth))
		return nil
	}
}

// chessPGN replays every game of a PGN file (FILE, or standard input for
// "-" or none) and prints one line a game: "game N: FEN" (the final
// position) or "game N: error: REASON"; a bad move inside a variation is
// reported on stderr and does not stop the game. It exits 1 unless every
// game replayed.
func chessPGN(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	data, lang, err := recordFlags("pgn", "chess", args, stdin, stderr)
	if err != nil {
		return err
	}
	var reports []recordReport
	for _, g := range chess.ParsePGN(string(data)) {
		if g.Err != nil {
			reports = append(reports, recordReport{err: g.Err.Message(lang)})
			continue
		}
		rep := recordReport{fen: g.Final().FEN()}
		for _, w := range g.Warnings {
			rep.warnings = append(rep.warnings, w.Message(lang))
		}
		reports = append(reports, rep)
	}
	return printRecords(stdout, stderr, lang, reports)
}

// chessEscapes prints, for a position in check, each legal move with its
// method, "SAN method" per line: "king" (躲将), "block" (垫将) or "capture"
// (消将). With --checkers a first line "checkers: Bb5" names the checking
// pieces. A position not in check exits 1.
func chessEscapes(env rulesEnv) rulesFunc {
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var checkers bool
		pos, lang, err := chessFlags(env, "escapes", args, stderr, func(fs *flag.FlagSet) {
			fs.BoolVar(&checkers, "checkers", false, `first print "checkers:" and the checking pieces`)
		})
		if err != nil {
			return err
		}
		e, err := pos.Escapes()
		if err != nil {
			return fail(stderr, err, lang)
		}
		if checkers {
			var cs []string
			for _, c := range e.Checkers {
				cs = append(cs, c.Piece.Type().Letter()+c.Square.String())
			}
			fmt.Fprintln(stdout, "checkers:", strings.Join(cs, " "))
		}
		for _, m := range e.Moves {
			fmt.Fprintf(stdout, "%s %s\n", m.SAN, m.Method)
		}
		return nil
	}
}

// chessMate prints every first move that forces mate within --depth moves
// (1 to 3), one per line in SAN, or exits 1 when there is none.
func chessMate(env rulesEnv) rulesFunc {
	return func(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
		var depth int
		pos, _, err := chessFlags(env, "mate", args, stderr, func(fs *flag.FlagSet) {
			fs.IntVar(&depth, "depth", 1, "mate in N moves (1 to 3)")
		})
		if err != nil {
			return err
		}
		if depth < 1 || depth > 3 {
			fmt.Fprintln(stderr, "depth must be 1, 2 or 3")
			return exitError(1)
		}
		moves := pos.MateIn(depth)
		if len(moves) == 0 {
			fmt.Fprintf(stderr, "no mate in %d\n", depth)
			return exitError(1)
		}
		for _, m := range moves {
			fmt.Fprintln(stdout, pos.SAN(m))
		}
		return nil
	}
}
