package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	players "qixue/players/draughts"
	rules "qixue/rules/draughts"
)

// draughtsMaxPlies ends a game that neither side can win (a draw).
const draughtsMaxPlies = 300

type draughtsChooser interface {
	Decide(ctx context.Context, pos rules.Position) (players.Decision, error)
}

func draughtsRunner() (runner, int) {
	make := func(who string, seed uint64) (draughtsChooser, error) {
		if who == "random" {
			return players.NewRandom(seed), nil
		}
		n, err := strconv.Atoi(who)
		if err != nil {
			return nil, fmt.Errorf("player %q: a level or random", who)
		}
		return players.New(n, seed)
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
		white, black := pa, pb
		aColor := rules.White
		if i%2 == 1 {
			white, black, aColor = pb, pa, rules.Black
		}
		g, end, err := players.PlayGame(ctx, rules.Initial(), white, black, draughtsMaxPlies, func(c rules.Color, d time.Duration) {})
		if err != nil {
			return result{}, err
		}
		r := result{plies: len(g.Moves()), ends: map[string]int{end.Reason: 1}}
		for ply, d := range end.Times {
			if (ply%2 == 0) == (aColor == rules.White) {
				r.timeA += d
				r.movesA++
			} else {
				r.timeB += d
				r.movesB++
			}
		}
		switch {
		case end.Result == rules.Draw || end.Result == rules.Ongoing:
			r.draw = 1
		case (end.Result == rules.WhiteWins) == (aColor == rules.White):
			r.win = 1
		default:
			r.loss = 1
		}
		return r, nil
	}
	return run, len(players.Levels())
}
