// Command matches plays the computer players against each other and
// against baselines, one game at a time (or -parallel at once), colours
// alternating, and prints the score of side A (win 1, draw ½) with the
// time per move of each side.
//
//	go run ./bench/matches -game numchess -ruleset K1 -a 10 -b greedy -games 40
//	go run ./bench/matches -game numchess -ladder -games 10   # every level against the one below
//	go run ./bench/matches -game draughts -a 5 -b 4 -games 20
//	go run ./bench/matches -game gomoku -ruleset renju -ladder -games 26
//	go run ./bench/matches -game gomoku -ruleset renju -a 10 -b ext:/work/ext/pbrain -movetime 1s
//
// A player is a level number, "greedy" (number chess: the one-move greedy
// player), "random" (random legal moves) or, in gomoku, ext:PATH, an
// outside engine spoken to over the Gomocup protocol. Gomoku games start
// from the 26 designated renju openings in turn, each with both colours.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

type result struct {
	win, draw, loss int
	timeA, timeB    time.Duration
	movesA, movesB  int
	plies           int
	ends            map[string]int
}

func (r *result) add(o result) {
	r.win += o.win
	r.draw += o.draw
	r.loss += o.loss
	r.timeA += o.timeA
	r.timeB += o.timeB
	r.movesA += o.movesA
	r.movesB += o.movesB
	r.plies += o.plies
	if r.ends == nil {
		r.ends = map[string]int{}
	}
	for k, v := range o.ends {
		r.ends[k] += v
	}
}

// runner plays game i (A has the first colour when i is even) and reports
// it from A's side.
type runner func(ctx context.Context, a, b string, i int) (result, error)

func main() {
	game := flag.String("game", "numchess", "numchess, draughts or gomoku")
	ruleset := flag.String("ruleset", "G46", "number-chess ruleset: K1, G23 or G46; gomoku: freestyle, standard or renju")
	a := flag.String("a", "10", "player A: a level, greedy or random")
	b := flag.String("b", "greedy", "player B")
	games := flag.Int("games", 20, "games per match (colours alternate)")
	parallel := flag.Int("parallel", 1, "games played at once")
	ladder := flag.Bool("ladder", false, "every level against the level below (-games each)")
	seed := flag.Int("seed", 1, "first game's seed")
	nodes := flag.Int64("nodes", 0, "gomoku: a node budget per move for the levels (0: their own)")
	movetime := flag.Duration("movetime", 0, "gomoku: the time per move (the outside engine's timeout_turn, the levels' deadline)")
	flag.Parse()
	var run runner
	var top int
	switch *game {
	case "numchess":
		r, n, err := numchessRunner(*ruleset)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		run, top = r, n
	case "draughts":
		run, top = draughtsRunner()
	case "gomoku":
		r, n, err := gomokuRunner(*ruleset, *nodes, *movetime)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		run, top = r, n
	default:
		fmt.Fprintln(os.Stderr, "unknown game", *game)
		os.Exit(2)
	}
	pairs := [][2]string{{*a, *b}}
	if *ladder {
		pairs = nil
		for l := 2; l <= top; l++ {
			pairs = append(pairs, [2]string{strconv.Itoa(l), strconv.Itoa(l - 1)})
		}
	}
	ctx := context.Background()
	for _, p := range pairs {
		start := time.Now()
		var total result
		var mu sync.Mutex
		var wg sync.WaitGroup
		sem := make(chan struct{}, max(1, *parallel))
		var firstErr error
		for i := 0; i < *games; i++ {
			wg.Add(1)
			sem <- struct{}{}
			go func(i int) {
				defer wg.Done()
				defer func() { <-sem }()
				r, err := run(ctx, p[0], p[1], *seed+i)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					return
				}
				total.add(r)
			}(i)
		}
		wg.Wait()
		if firstErr != nil {
			fmt.Fprintln(os.Stderr, firstErr)
			os.Exit(1)
		}
		n := total.win + total.draw + total.loss
		score := (float64(total.win) + float64(total.draw)/2) / float64(n) * 100
		fmt.Printf("%s %s: A=%s B=%s games %d: +%d =%d -%d score %.1f%% | ms/move A %.1f B %.1f | plies/game %.0f | ends %v | %v\n",
			*game, label(*game, *ruleset), p[0], p[1], n, total.win, total.draw, total.loss, score,
			ms(total.timeA, total.movesA), ms(total.timeB, total.movesB), float64(total.plies)/float64(n), total.ends, time.Since(start).Round(time.Second))
	}
}

func label(game, ruleset string) string {
	if game == "numchess" || game == "gomoku" {
		return ruleset
	}
	return "international"
}

func ms(d time.Duration, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(d.Microseconds()) / 1000 / float64(n)
}
