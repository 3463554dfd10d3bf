// Command chessmatch plays UCI chess engines against each other: our
// player through `qixue engine uci` against Stockfish (or two levels of
// ours), at a fixed time or node count per move, from a list of openings
// each played with both colours, and prints the score with an Elo
// estimate and its 95 % error bar. With -selfplay it instead writes
// training positions for the evaluation tuner (see players/chess/tune).
//
//	go build -o /tmp/qixue ./cmd/qixue
//	go run ./bench/chessmatch -a "/tmp/qixue engine uci" -aopt Level=10 \
//	    -b /usr/games/stockfish -bopt UCI_LimitStrength=true,UCI_Elo=2200,Threads=1,Hash=16 \
//	    -games 200 -movetime 100 -pgn /tmp/m.pgn
//
// Adjudication: a game ends by the rules (checkmate, stalemate, dead
// position, 75 moves, fivefold repetition), by a draw the side to move may
// claim (threefold repetition, 50 moves: both engines would claim), or as a
// draw after -maxplies plies. There is no resignation by score. An engine
// that sends an illegal move or no move in time loses the game (counted and
// printed).
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"time"
)

func main() {
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "chessmatch:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	a := flag.String("a", "", "first engine command line (e.g. \"qixue engine uci\")")
	aopt := flag.String("aopt", "", "first engine options, name=value,...")
	b := flag.String("b", "/usr/games/stockfish", "second engine command line")
	bopt := flag.String("bopt", "Threads=1,Hash=16", "second engine options, name=value,...")
	games := flag.Int("games", 100, "games to play (openings in order, each with both colours)")
	movetime := flag.Int("movetime", 100, "milliseconds per move (0: use -nodes)")
	nodes := flag.Int("nodes", 0, "nodes per move instead of a time")
	maxPlies := flag.Int("maxplies", 300, "draw after this many plies")
	pgn := flag.String("pgn", "", "append the games as PGN to this file")
	selfplay := flag.String("selfplay", "", "write training positions (FEN;result) to this file instead of a match; -b plays both sides")
	seed := flag.Uint64("seed", 1, "seed of the random openings of -selfplay")
	flag.Parse()
	goCmd := fmt.Sprintf("go movetime %d", *movetime)
	if *nodes > 0 {
		goCmd = fmt.Sprintf("go nodes %d", *nodes)
	}
	if *selfplay != "" {
		return selfPlay(*b, parseOptions(*bopt), *games, goCmd, *maxPlies, *seed, *selfplay)
	}
	if *a == "" {
		return fmt.Errorf("-a is required")
	}
	ea, err := startEngine("A", strings.Fields(*a), parseOptions(*aopt))
	if err != nil {
		return err
	}
	defer ea.close()
	eb, err := startEngine("B", strings.Fields(*b), parseOptions(*bopt))
	if err != nil {
		return err
	}
	defer eb.close()
	var pgnFile *os.File
	if *pgn != "" {
		if pgnFile, err = os.OpenFile(*pgn, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err != nil {
			return err
		}
		defer pgnFile.Close()
	}
	limit := time.Duration(*movetime)*time.Millisecond*3 + 5*time.Second
	if *nodes > 0 {
		limit = time.Minute // a node budget takes as long as the machine's load makes it
	}
	var tally [3]int // A wins, draws, A losses
	faults := map[string]int{}
	start := time.Now()
	for i := 0; i < *games; i++ {
		line := splitMoves(openings[(i/2)%len(openings)])
		white, black := ea, eb
		if i%2 == 1 {
			white, black = eb, ea
		}
		g := playGame(white, black, line, goCmd, limit, *maxPlies)
		if g.fault != "" {
			faults[g.fault]++
		}
		aScore := g.whiteScore
		if i%2 == 1 {
			aScore = 1 - aScore
		}
		switch aScore {
		case 1:
			tally[0]++
		case 0.5:
			tally[1]++
		default:
			tally[2]++
		}
		if pgnFile != nil {
			fmt.Fprint(pgnFile, g.pgn(i+1, *a+" "+*aopt, *b+" "+*bopt))
		}
		fmt.Printf("game %d: %s %s (%d plies, %s)  A +%d =%d -%d\n", i+1, g.result, g.reason, len(g.moves), time.Since(start).Round(time.Second), tally[0], tally[1], tally[2])
	}
	report(tally, faults)
	return nil
}

func parseOptions(s string) map[string]string {
	o := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			o[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return o
}

// report prints the score of A and the Elo difference A - B with its
// 95 % interval from the trinomial variance of the game scores.
func report(t [3]int, faults map[string]int) {
	n := float64(t[0] + t[1] + t[2])
	if n == 0 {
		return
	}
	s := (float64(t[0]) + float64(t[1])/2) / n
	v := (float64(t[0])*(1-s)*(1-s) + float64(t[1])*(0.5-s)*(0.5-s) + float64(t[2])*s*s) / n
	se := math.Sqrt(v / n)
	elo := func(x float64) float64 {
		x = math.Min(math.Max(x, 0.001), 0.999)
		return -400 * math.Log10(1/x-1)
	}
	fmt.Printf("A: +%d =%d -%d of %d, score %.1f %%, Elo A-B %+.0f (95 %%: %+.0f .. %+.0f)\n",
		t[0], t[1], t[2], int(n), 100*s, elo(s), elo(s-1.96*se), elo(s+1.96*se))
	for k, v := range faults {
		fmt.Printf("faults: %s x%d\n", k, v)
	}
}

func splitMoves(line string) []string { return strings.Fields(line) }
