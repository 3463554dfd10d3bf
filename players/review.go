package players

import (
	"context"
	"fmt"
	"sort"

	"qixue/rules/game"
)

// Kind grades a move by the expected score it gave away.
type Kind string

// The kinds of moves a review marks (the thresholds Lichess uses, in
// expected score lost: 0.10, 0.20, 0.30).
const (
	Good       Kind = ""
	Inaccuracy Kind = "inaccuracy"
	Mistake    Kind = "mistake"
	Blunder    Kind = "blunder"
)

func kindOf(loss float64) Kind {
	switch {
	case loss >= 0.30:
		return Blunder
	case loss >= 0.20:
		return Mistake
	case loss >= 0.10:
		return Inaccuracy
	}
	return Good
}

// PlyReview is one move of a reviewed game.
type PlyReview struct {
	Ply       int       // 1 for the first move
	Side      game.Side // who played it
	Move      string    // the move in the game's notation
	Best      string    // the player's best move there ("" when it is the move played)
	WinBefore float64   // the mover's expected score with the best move
	WinAfter  float64   // the mover's expected score after the move played
	Loss      float64   // WinBefore - WinAfter, at least 0
	Kind      Kind
	// FirstScore is the evaluation after the move for the side that moves
	// first (White in chess), in the player's units: the graph for
	// teachers. FirstWin is the same as an expected score.
	FirstScore int
	FirstWin   float64
}

// TurningPoint is one of the moves where the game turned, with the better
// move and a sentence for the child.
type TurningPoint struct {
	PlyReview
	zh, en string
}

// Text returns the sentence in lang ("en", else zh-CN).
func (t TurningPoint) Text(lang string) string { return pick(lang, t.zh, t.en) }

// Review is a game's analysis.
type Review struct {
	Plies   []PlyReview
	Turning []TurningPoint // the one to three largest drops, in the order played; none in a clean game
}

// Analyse evaluates every position of the game from start through moves
// with p (one evaluation per position under b, so the cost is that of
// len(moves)+1 searches) and returns the review: each move's loss and
// kind, and the turning points, the (at most three) moves that lost the
// most, if they lost at least 0.10 of expected score. rules names the
// sides in the sentences. It stops with ctx's error when ctx is done.
func Analyse(ctx context.Context, p Player, rules game.Rules, start game.Position, moves []game.Move, b Budget) (Review, error) {
	positions := make([]game.Position, 0, len(moves)+1)
	positions = append(positions, start)
	for i, m := range moves {
		next, err := positions[i].Play(m)
		if err != nil {
			return Review{}, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
		positions = append(positions, next)
	}
	evals := make([]Eval, len(positions))
	for i := range positions {
		if err := ctx.Err(); err != nil {
			return Review{}, err
		}
		e, err := p.Evaluate(ctx, start, moves[:i], b)
		if err != nil {
			return Review{}, err
		}
		evals[i] = e
	}
	if err := ctx.Err(); err != nil {
		return Review{}, err // a cut-short evaluation is not a review
	}
	var rv Review
	for i, m := range moves {
		pos := positions[i]
		r := PlyReview{Ply: i + 1, Side: pos.Turn(), Move: pos.Notation(m),
			WinBefore: evals[i].Win, WinAfter: 1 - evals[i+1].Win}
		best := evals[i].Best
		if best != nil && best.String() != m.String() {
			r.Best = pos.Notation(best)
			r.Loss = max(0, r.WinBefore-r.WinAfter)
		}
		r.Kind = kindOf(r.Loss)
		r.FirstScore, r.FirstWin = -evals[i+1].Score, r.WinAfter
		if r.Side != game.First {
			r.FirstScore, r.FirstWin = evals[i+1].Score, evals[i+1].Win
		}
		rv.Plies = append(rv.Plies, r)
	}
	rv.Turning = turningPoints(rv.Plies, positions, moves, evals, rules)
	return rv, nil
}

func turningPoints(plies []PlyReview, positions []game.Position, moves []game.Move, evals []Eval, rules game.Rules) []TurningPoint {
	idx := make([]int, 0, len(plies))
	for i, r := range plies {
		if r.Kind != Good {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return plies[idx[a]].Loss > plies[idx[b]].Loss })
	if len(idx) > 3 {
		idx = idx[:3]
	}
	sort.Ints(idx)
	var out []TurningPoint
	for _, i := range idx {
		r := plies[i]
		pos := positions[i]
		played, better := moves[i], evals[i].Best
		t := TurningPoint{PlyReview: r}
		pct := func(x float64) int { return int(x*100 + 0.5) }
		t.zh = fmt.Sprintf("第 %d 手，%s走了 %s，胜算从 %d%% 降到 %d%%。更好的一步是 %s。",
			r.Ply, rules.SideName(r.Side, "zh-CN"), pos.Describe(played, "zh-CN"), pct(r.WinBefore), pct(r.WinAfter), pos.Describe(better, "zh-CN"))
		t.en = fmt.Sprintf("Move %d: %s played %s, and the chances fell from %d%% to %d%%. Better was %s.",
			r.Ply, rules.SideName(r.Side, "en"), pos.Describe(played, "en"), pct(r.WinBefore), pct(r.WinAfter), pos.Describe(better, "en"))
		out = append(out, t)
	}
	return out
}
