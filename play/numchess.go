package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/numchess"
)

// The number-chess competition rules of seed 000 (扣分规定): the mover
// states the move with its expressions; a rule misused or a wrong sum
// costs the set penalty points, the piece goes back to its point and may
// not be moved again this turn (所行棋子退归原位且不可复走). The penalties
// count when the game is scored (a stop call, the time limit). Practice
// games refuse and explain the move instead.

// penalised reports whether an engine's refusal of a move of g costs a
// penalty: a number-chess move under competition rules that was read but
// broke a rule or had a wrong sum (input the notation cannot read is no
// move, and costs nothing).
func penalised(g *Game, err error) bool {
	if g.Game != string(game.NumChess) || g.Mode != Competition {
		return false
	}
	var pe *numchess.ParseError
	var ie *numchess.IllegalMoveError
	return !errors.As(err, &pe) && errors.As(err, &ie)
}

// penalise records the penalty of a refused move: the points, the piece
// that may not move again this turn, and the refusal, stored with it.
func (s *Service) penalise(t *turn, input string, e *Error) error {
	g := t.g
	p := Penalty{Ply: len(g.Moves) + 1, Seat: t.seat, Input: input, Points: g.PenaltyPoints, At: t.now,
		Reason: domain.Text{
			ZH: fmt.Sprintf("扣 %d 分：%s。棋子退回原位，这一步不能再走它。", g.PenaltyPoints, e.reason.ZH),
			EN: fmt.Sprintf("%d penalty points: %s. The piece goes back and may not move again this turn.", g.PenaltyPoints, e.reason.EN),
		}}
	g.Penalties = append(g.Penalties, p)
	g.PenaltyTotal[t.seat] += p.Points
	t.eg.Penalize(sideOf(g, t.seat), p.Points)
	g.Blocked = blockedPiece(input)
	t.kind = "penalty"
	out := ErrPenalised.because(p.Reason)
	out.fields = e.fields
	out.Penalty = &p
	out.keep = true
	return out
}

// blockedPiece is the piece a number-chess move text moves: its leading
// digit ("8b2-f5[6-2]" moves 8), or "" when it has none.
func blockedPiece(input string) string {
	input = strings.TrimSpace(input)
	if input != "" && input[0] >= '0' && input[0] <= '9' {
		return input[:1]
	}
	return ""
}

// judgeAtLimit scores a number-chess game that the time limit ended (限时
// 终局): the higher score wins, each side's penalty points taken off (added
// under 差和法 when the lower score wins), equal scores draw. false for
// other games.
func judgeAtLimit(eg *game.Game) (game.Outcome, bool) {
	pos := eg.Position()
	if pos.Game() != game.NumChess {
		return game.Outcome{}, false
	}
	rs, err := numchess.RulesetByName(pos.Variant())
	if err != nil {
		return game.Outcome{}, false
	}
	p, err := numchess.ParsePosition(pos.String())
	if err != nil {
		return game.Outcome{}, false
	}
	lowerWins := rs.Scoring == numchess.DifferenceSum && rs.DifferenceLowerWins
	sign := 1
	if lowerWins {
		sign = -1
	}
	red := p.Score(numchess.Red, rs.Scoring) - sign*eg.Penalty(game.First)
	blue := p.Score(numchess.Blue, rs.Scoring) - sign*eg.Penalty(game.Second)
	o := game.Outcome{Rule: game.Flag, Detail: "time limit"}
	switch {
	case red == blue:
		o.Result = game.Drawn
	case (red > blue) != lowerWins:
		o.Result = game.FirstWins
	default:
		o.Result = game.SecondWins
	}
	return o, true
}

// Scores returns each seat's number-chess score as it stands (the
// ruleset's method, penalties taken off), or false for other games.
func (s *Service) Scores(g *Game) ([2]int, bool) {
	if g.Game != string(game.NumChess) {
		return [2]int{}, false
	}
	rs, err := numchess.RulesetByName(g.Ruleset)
	if err != nil {
		return [2]int{}, false
	}
	eg, err := s.warm(g)
	if err != nil {
		return [2]int{}, false
	}
	p, _, ok := game.NumChessPosition(eg.Position())
	s.cache.put(g.ID, g.Version, eg)
	if !ok {
		return [2]int{}, false
	}
	var out [2]int
	for seat := range 2 {
		side := numchess.Side(g.SideOf(Seat(seat)))
		out[seat] = p.Score(side, rs.Scoring) - g.PenaltyTotal[seat]
	}
	return out, true
}

// Target is one move the number-chess side to move can make, as the game
// screen lights it: the piece, its point, the points it lands on (the
// engine's simplest way there) and, for each span segment, the numbers it
// spans: the operands of the expression the mover states (nil for a step
// or a hop). The expressions themselves are left out: stating them is the
// mover's part (seed 000: 口述行棋过程与算式).
type Target struct {
	Piece int
	// Kind is step, hop, span or chain.
	Kind  string
	From  string
	Path  []string
	Spans [][]int
}

// targetKinds names the move rules for the screen.
var targetKinds = [4]string{numchess.Step: "step", numchess.Hop: "hop", numchess.SingleSpan: "span", numchess.ChainSpan: "chain"}

// targetsBudget bounds the engine's search for the targets of one turn.
const targetsBudget = time.Second

// Targets lists the moves of the side to move in a playing number-chess
// game, one for each piece and destination, leaving out the piece that
// went back after a penalty; nil for other games or when the engine did
// not finish within its budget (the screen then lights nothing and the
// referee still checks every move).
func (s *Service) Targets(ctx context.Context, g *Game) []Target {
	if g.Game != string(game.NumChess) || g.Status != Playing {
		return nil
	}
	eg, err := s.warm(g)
	if err != nil {
		return nil
	}
	defer s.cache.put(g.ID, g.Version, eg)
	pos, eng, ok := game.NumChessPosition(eg.Position())
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, targetsBudget)
	defer cancel()
	moves, err := eng.LegalMovesContext(ctx, pos)
	if err != nil {
		return nil
	}
	out := make([]Target, 0, len(moves))
	for _, m := range moves {
		if g.Blocked != "" && strconv.Itoa(m.Piece) == g.Blocked {
			continue
		}
		mi, err := eng.Check(pos, m)
		if err != nil {
			continue
		}
		t := Target{Piece: m.Piece, Kind: targetKinds[mi.Kind%4], From: m.From.String()}
		for _, seg := range mi.Segments {
			t.Path = append(t.Path, seg.To.String())
			var nums []int
			if mi.Kind == numchess.SingleSpan || mi.Kind == numchess.ChainSpan {
				nums = slices.Clone(seg.Numbers)
			}
			t.Spans = append(t.Spans, nums)
		}
		out = append(out, t)
	}
	return out
}
