package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"qixue/rules/chess"
)

// chessRules returns the `qixue rules` subcommands for --game chess.
func chessRules() map[string]rulesFunc {
	return map[string]rulesFunc{
		"perft":   chessPerft,
		"moves":   chessMoves,
		"play":    chessPlay,
		"pgn":     chessPGN,
		"escapes": chessEscapes,
		"mate":    chessMate,
	}
}

// chessFlags parses the flags shared by the chess subcommands and returns
// the position given by --position (the start position by default) and the
// message language from --lang.
func chessFlags(name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (*flag.FlagSet, chess.Position, string, error) {
	fs := flag.NewFlagSet("rules "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", "chess", "game name")
	fen := fs.String("position", chess.StartFEN, `position in FEN ("start" for the initial position)`)
	lang := fs.String("lang", "en", `language of error messages: "en" or "zh-CN"`)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, chess.Position{}, "", exitError(1)
	}
	if name != "play" {
		if err := noArguments(fs, stderr); err != nil {
			return nil, chess.Position{}, "", err
		}
	}
	if *fen == "start" || *fen == "startpos" {
		*fen = chess.StartFEN
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		chessReport(stderr, err, *lang)
		return nil, pos, "", exitError(1)
	}
	return fs, pos, *lang, nil
}

// chessReport prints an engine error in the chosen language.
func chessReport(w io.Writer, err error, lang string) {
	var ce chess.Error
	if errors.As(err, &ce) {
		fmt.Fprintln(w, ce.Message(lang))
		return
	}
	fmt.Fprintln(w, err)
}

// chessPerft prints the perft node count of --position at --depth as its
// last line; --divide first prints "move count" for each legal move (UCI).
func chessPerft(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var depth int
	var divide bool
	_, pos, _, err := chessFlags("perft", args, stderr, func(fs *flag.FlagSet) {
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

// chessMoves prints every legal move of --position in SAN, one per line,
// sorted.
func chessMoves(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	_, pos, _, err := chessFlags("moves", args, stderr, nil)
	if err != nil {
		return err
	}
	var sans []string
	for _, m := range pos.LegalMoves() {
		sans = append(sans, pos.SAN(m))
	}
	sort.Strings(sans)
	for _, s := range sans {
		fmt.Fprintln(stdout, s)
	}
	return nil
}

// chessPlay plays the moves (SAN, long algebraic or UCI) from --position and
// prints the resulting FEN; an illegal move exits 1 with the reason. With
// --claim MOVE the player to move then claims a draw with that intended
// move (FIDE 9.2.1.1, 9.3.1): a first line gives the verdict in --lang, and
// the FEN is the position before MOVE when the claim is correct, after it
// when it is not (the move must then be played).
func chessPlay(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var claim string
	fs, pos, lang, err := chessFlags("play", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&claim, "claim", "", "after the moves, claim a draw with this intended move")
	})
	if err != nil {
		return err
	}
	g := chess.NewGame(pos)
	for _, s := range fs.Args() {
		p := g.Position()
		if err := g.PlayMove(s); err != nil {
			fmt.Fprintf(stderr, "move %d (%s): ", p.FullmoveNumber(), p.Turn())
			chessReport(stderr, err, lang)
			return exitError(1)
		}
	}
	if claim != "" {
		p := g.Position()
		m, err := p.ParseMove(claim)
		var c chess.DrawClaim
		if err == nil {
			c, err = g.ClaimDrawWith(m)
		}
		if err != nil {
			fmt.Fprintf(stderr, "claim, move %d (%s): ", p.FullmoveNumber(), p.Turn())
			chessReport(stderr, err, lang)
			return exitError(1)
		}
		fmt.Fprintln(stdout, c.Message(lang))
	}
	fmt.Fprintln(stdout, g.Position().FEN())
	return nil
}

// chessPGN prints the final FEN of each game in the PGN file ("-" for
// standard input). A game with a bad move is reported on stderr with its
// move number, side, move and reason, and the command exits 1.
func chessPGN(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rules pgn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", "chess", "game name")
	lang := fs.String("lang", "en", `language of error messages: "en" or "zh-CN"`)
	if err := fs.Parse(args); err != nil {
		return exitError(1)
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: qixue rules pgn [--lang en|zh-CN] FILE")
		return exitError(2)
	}
	var data []byte
	var err error
	if name := fs.Arg(0); name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(1)
	}
	games := chess.ParsePGN(string(data))
	if len(games) == 0 {
		fmt.Fprintln(stderr, "no game found")
		return exitError(1)
	}
	failed := false
	for i, g := range games {
		if g.Err != nil {
			failed = true
			prefix := ""
			if len(games) > 1 {
				prefix = fmt.Sprintf("game %d: ", i+1)
			}
			fmt.Fprint(stderr, prefix)
			chessReport(stderr, g.Err, *lang)
			continue
		}
		fmt.Fprintln(stdout, g.Final().FEN())
	}
	if failed {
		return exitError(1)
	}
	return nil
}

// chessEscapes prints, for a position in check, each legal move with its
// method, "SAN method" per line: "king" (躲将), "block" (垫将) or "capture"
// (消将). With --checkers a first line "checkers: Bb5" names the checking
// pieces. A position not in check exits 1.
func chessEscapes(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var checkers bool
	_, pos, lang, err := chessFlags("escapes", args, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&checkers, "checkers", false, `first print "checkers:" and the checking pieces`)
	})
	if err != nil {
		return err
	}
	e, err := pos.Escapes()
	if err != nil {
		chessReport(stderr, err, lang)
		return exitError(1)
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

// chessMate prints every first move that forces mate within --depth moves
// (1 to 3), one per line in SAN, or exits 1 when there is none.
func chessMate(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var depth int
	_, pos, _, err := chessFlags("mate", args, stderr, func(fs *flag.FlagSet) {
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
