package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"qixue/rules/gomoku"
)

// gomokuRules returns the `qixue rules` subcommands only gomoku has, for
// --game renju, gomoku (= standard), standard and freestyle. Its play
// replaces the common one: it follows the renju opening protocol and says
// which opening was played.
func gomokuRules() map[string]rulesCmd {
	return map[string]rulesCmd{
		"forbidden": plain(gomokuForbidden),
		"opening":   plain(gomokuOpening),
		"play":      plain(gomokuPlay),
		"shapes":    plain(gomokuShapes),
		"vcf":       plain(gomokuVCF),
		"win":       plain(gomokuWin),
	}
}

// gomokuFlags parses the flags shared by the gomoku subcommands.
func gomokuFlags(name string, args []string, stderr io.Writer, extra func(fs *flag.FlagSet)) (fs *flag.FlagSet, rules gomoku.Ruleset, position string, err error) {
	fs = flag.NewFlagSet("rules "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "renju", "renju, gomoku (= standard), standard or freestyle")
	fs.StringVar(&position, "position", "", `moves from the start, Black first, e.g. "h8 h9 i10" (pass allowed)`)
	if extra != nil {
		extra(fs)
	}
	if err := fs.Parse(args); err != nil {
		return nil, 0, "", exitError(1)
	}
	if name != "play" {
		if err := noArguments(fs, stderr); err != nil {
			return nil, 0, "", err
		}
	}
	rules, err = gomoku.ParseRuleset(*game)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 0, "", exitError(1)
	}
	return fs, rules, position, nil
}

// gomokuStones replays moves from the start onto an empty board, Black
// first, "pass" skipping a turn, without any rule but "the point must be
// empty": a puzzle's history, not a refereed game.
func gomokuStones(record string) (*gomoku.Board, error) {
	moves, err := gomoku.ParseRecord(record)
	if err != nil {
		return nil, err
	}
	b := &gomoku.Board{}
	c := gomoku.Black
	for i, m := range moves {
		switch m.Kind {
		case gomoku.Pass:
		case gomoku.Place, gomoku.Offer:
			if err := b.Put(m.Point, c); err != nil {
				return nil, fmt.Errorf("move %d: %w", i+1, err)
			}
		default:
			continue // a swap changes players, not stones
		}
		c = c.Opponent()
	}
	return b, nil
}

// gomokuBoard reads --board or --position into a board.
func gomokuBoard(board, position string, stderr io.Writer) (*gomoku.Board, error) {
	var b *gomoku.Board
	var err error
	switch {
	case board != "" && position != "":
		fmt.Fprintln(stderr, "give either --board or --position, not both")
		return nil, exitError(1)
	case board != "":
		b, err = gomoku.ParseBoard(board)
	default:
		b, err = gomokuStones(position)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, exitError(1)
	}
	return b, nil
}

// gomokuColour reads "black"/"x" or "white"/"o".
func gomokuColour(s string, stderr io.Writer) (gomoku.Colour, error) {
	switch strings.ToLower(s) {
	case "black", "x", "b":
		return gomoku.Black, nil
	case "white", "o", "w":
		return gomoku.White, nil
	}
	fmt.Fprintf(stderr, "unknown colour %q: use black or white\n", s)
	return 0, exitError(1)
}

func pointsText(pts []gomoku.Point) string {
	names := make([]string, len(pts))
	for i, p := range pts {
		names[i] = p.String()
	}
	return strings.Join(names, " ")
}

// gomokuWin prints the points where --colour wins at once (win in 1),
// space-separated in index order, an empty line for none.
func gomokuWin(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var board, colour string
	_, rules, position, err := gomokuFlags("win", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&board, "board", "", "board diagram")
		fs.StringVar(&colour, "colour", "black", "black or white")
	})
	if err != nil {
		return err
	}
	b, err := gomokuBoard(board, position, stderr)
	if err != nil {
		return err
	}
	c, err := gomokuColour(colour, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, pointsText(gomoku.WinIn1(b, rules, c)))
	return nil
}

// gomokuVCF finds a victory by continuous fours for --colour with at most
// --fours fours and prints the line (attacker, defender, ..., five), or
// "none"; with --check LINE it verifies that line instead and prints "ok"
// or exits 1 with the reason.
func gomokuVCF(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var board, colour, check string
	var fours int
	_, rules, position, err := gomokuFlags("vcf", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&board, "board", "", "board diagram")
		fs.StringVar(&colour, "colour", "black", "the attacker, black or white")
		fs.IntVar(&fours, "fours", 10, "the most fours to search")
		fs.StringVar(&check, "check", "", "a line to verify instead of searching")
	})
	if err != nil {
		return err
	}
	b, err := gomokuBoard(board, position, stderr)
	if err != nil {
		return err
	}
	c, err := gomokuColour(colour, stderr)
	if err != nil {
		return err
	}
	if check != "" {
		var line []gomoku.Point
		for _, f := range strings.Fields(check) {
			p, err := gomoku.ParsePoint(f)
			if err != nil {
				fmt.Fprintln(stderr, err)
				return exitError(1)
			}
			line = append(line, p)
		}
		if err := gomoku.CheckVCF(b, rules, c, line); err != nil {
			fmt.Fprintln(stderr, err)
			return exitError(1)
		}
		fmt.Fprintln(stdout, "ok")
		return nil
	}
	line, ok := gomoku.FindVCF(b, rules, c, fours)
	if !ok {
		fmt.Fprintln(stdout, "none")
		return nil
	}
	fmt.Fprintln(stdout, pointsText(line))
	return nil
}

// gomokuShapes prints every five, overline, open four, four and open three
// on the board, one per line: colour, kind, stones, (completing points).
func gomokuShapes(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var board string
	_, rules, position, err := gomokuFlags("shapes", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&board, "board", "", "board diagram")
	})
	if err != nil {
		return err
	}
	b, err := gomokuBoard(board, position, stderr)
	if err != nil {
		return err
	}
	for _, s := range gomoku.Shapes(b, rules) {
		fmt.Fprintln(stdout, s)
	}
	return nil
}

// gomokuForbidden prints the empty points forbidden to Black, sorted by
// column then row and space-separated (an empty line for none); --explain
// prints one point per line with the reason. Only renju has forbidden
// points; under the other rulesets the answer is always empty.
func gomokuForbidden(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var board string
	var explain bool
	_, rules, position, err := gomokuFlags("forbidden", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&board, "board", "", "15 rows from row 15 to row 1 of '.', 'x', 'o', joined by '/'")
		fs.BoolVar(&explain, "explain", false, "give the reason for each point")
	})
	if err != nil {
		return err
	}
	b, err := gomokuBoard(board, position, stderr)
	if err != nil {
		return err
	}
	var pts []gomoku.Point
	if rules == gomoku.Renju {
		pts = b.ForbiddenPoints()
	}
	sort.Slice(pts, func(i, j int) bool {
		if pts[i].Col() != pts[j].Col() {
			return pts[i].Col() < pts[j].Col()
		}
		return pts[i].Row() < pts[j].Row()
	})
	if explain && len(pts) > 0 {
		for _, p := range pts {
			f, _ := b.ExplainForbidden(p)
			fmt.Fprintf(stdout, "%s %s\n", p, f)
		}
		return nil
	}
	fmt.Fprintln(stdout, pointsText(pts))
	return nil
}

// gomokuOpening prints the Chinese name of the designated opening formed
// by the first three stones of --position; --long adds the family, number
// and romanised name.
func gomokuOpening(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var long bool
	_, _, position, err := gomokuFlags("opening", args, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&long, "long", false, "print family, number and romanised name too")
	})
	if err != nil {
		return err
	}
	moves, err := gomoku.ParseRecord(position)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(1)
	}
	var stones []gomoku.Point
	for _, m := range moves {
		if m.Kind == gomoku.Place && len(stones) < 3 {
			stones = append(stones, m.Point)
		}
		if m.Kind == gomoku.Pass && len(stones) < 3 {
			fmt.Fprintf(stderr, "move %d: the first three stones make the opening and cannot be passed\n", len(stones)+1)
			return exitError(1)
		}
	}
	if len(stones) < 3 {
		fmt.Fprintf(stderr, "an opening needs three stones, --position has %d\n", len(stones))
		return exitError(1)
	}
	o, err := gomoku.IdentifyOpening(stones[0], stones[1], stones[2])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(1)
	}
	if long {
		fmt.Fprintln(stdout, o)
	} else {
		fmt.Fprintln(stdout, o.Name)
	}
	return nil
}

// gomokuPlay replays --position and then the MOVE arguments as a refereed
// game and prints the record, the opening (renju) and the outcome. Renju
// games follow the national opening protocol unless --free-opening. A
// refused move (occupied, forbidden, against the opening protocol) is
// reported on stderr with its reason and exits 1.
func gomokuPlay(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var free bool
	fs, rules, position, err := gomokuFlags("play", args, stderr, func(fs *flag.FlagSet) {
		fs.BoolVar(&free, "free-opening", false, "renju without the opening protocol (any first move, no swap or offer)")
	})
	if err != nil {
		return err
	}
	moves, err := gomoku.ParseRecord(position + " " + strings.Join(fs.Args(), " "))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(1)
	}
	g := gomoku.NewGame(rules)
	if free {
		g = gomoku.NewFreeGame(rules)
	}
	g, err = g.PlayAll(moves)
	if err != nil {
		var e *gomoku.Error
		switch {
		case errors.As(err, &e) && e.Forbidden != nil:
			fmt.Fprintf(stderr, "%v; under renju rules black loses\n", err)
		case errors.As(err, &e) && e.Code() == "bad_opening":
			fmt.Fprintf(stderr, "%v (--free-opening plays renju without the opening protocol)\n", err)
		default:
			fmt.Fprintln(stderr, err)
		}
		return exitError(1)
	}
	rec := make([]string, 0, len(moves))
	for _, m := range g.Record() {
		rec = append(rec, m.String())
	}
	fmt.Fprintf(stdout, "record: %s\n", strings.Join(rec, " "))
	if o, ok := g.Opening(); ok {
		fmt.Fprintf(stdout, "opening: %s\n", o)
	}
	res, why := g.Result()
	if res == gomoku.Ongoing {
		fmt.Fprintf(stdout, "result: ongoing, %s to move\n", g.ToMove())
	} else {
		fmt.Fprintf(stdout, "result: %s (%s)\n", res, why)
	}
	return nil
}
