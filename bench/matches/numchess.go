package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	players "qixue/players/numchess"
	rules "qixue/rules/numchess"
)

// maxPlies stands in for the competition clock (20 minutes a game).
const numchessMaxPlies = 300

func numchessRunner(name string) (runner, int, error) {
	rs, err := rules.RulesetByName(name)
	if err != nil {
		return nil, 0, err
	}
	make := func(who string, seed uint64) (players.Chooser, error) {
		switch who {
		case "greedy":
			return players.NewGreedy(rs, seed), nil
		case "random":
			return players.NewRandom(rs, seed), nil
		}
		n, err := strconv.Atoi(who)
		if err != nil {
			return nil, fmt.Errorf("player %q: a level, greedy or random", who)
		}
		return players.New(rs, n, seed)
	}
	run := func(ctx context.Context, a, b string, i int) (result, error) {
		pa, err := make(a, uint64(i)*2+1)
		if err != nil {
			return result{}, err
		}
		pb, err := make(b, uint64(i)*2+2)
		if err != nil {
			return result{}, err
		}
		ta, tb := &timed{c: pa}, &timed{c: pb}
		red, blue := players.Chooser(ta), players.Chooser(tb)
		aSide := rules.Red
		if i%2 == 1 {
			red, blue, aSide = tb, ta, rules.Blue
		}
		g, err := players.PlayGame(ctx, rs, rules.Start(), red, blue, numchessMaxPlies)
		if err != nil {
			return result{}, err
		}
		r := result{timeA: ta.d, timeB: tb.d, movesA: ta.n, movesB: tb.n, plies: len(g.Moves), ends: map[string]int{g.End: 1}}
		switch w, ok := g.Outcome.Winner(); {
		case !ok:
			r.draw = 1
		case w == aSide:
			r.win = 1
		default:
			r.loss = 1
		}
		return r, nil
	}
	return run, len(players.Levels()), nil
}

type timed struct {
	c players.Chooser
	d time.Duration
	n int
}

func (t *timed) Decide(ctx context.Context, pos rules.Position) (players.Decision, error) {
	start := time.Now()
	d, err := t.c.Decide(ctx, pos)
	t.d += time.Since(start)
	t.n++
	return d, err
}
