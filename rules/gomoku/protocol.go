package gomoku

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// OpeningKind is a renju opening rule.
type OpeningKind int

// The opening rules a renju game can follow.
const (
	// NationalRule is the seed's national rule, the same as the RIF rule
	// of 1996: one of the 26 openings, a swap after move 3, White 4
	// anywhere, two fifth moves offered (五手两打).
	NationalRule OpeningKind = iota
	// SoosorvRule (Soosõrv-N, RIF world championships since 2017): one of
	// the 26 openings, a swap after move 3, White 4 anywhere while White
	// declares 1 to N fifth moves, a swap after move 4, then Black offers
	// the declared number of fifth moves, no two the same shape, and White
	// keeps one and plays 6.
	SoosorvRule
	// TaraguchiRule (Taraguchi-N): Black 1 on tengen, White 2 in the
	// central 3x3 square, Black 3 in the 5x5 square, White 4 in the 7x7
	// square, with a swap allowed after each of these moves. Then either
	// a swap after move 4, Black 5 in the 9x9 square and a swap after
	// move 5 (choice 1), or Black offers N fifth moves anywhere, no two the
	// same shape, and White keeps one (choice 2).
	TaraguchiRule
)

// OpeningRule is the opening rule of a renju game and its N, the most
// fifth moves Black may be asked to offer (2 for the national rule).
type OpeningRule struct {
	Kind OpeningKind
	N    int
}

// String returns "national", "Soosorv-N" or "Taraguchi-N".
func (o OpeningRule) String() string {
	switch o.Kind {
	case SoosorvRule:
		return fmt.Sprintf("Soosorv-%d", o.N)
	case TaraguchiRule:
		return fmt.Sprintf("Taraguchi-%d", o.N)
	}
	return "national"
}

var openingRuleRe = regexp.MustCompile(`^(soosorv|soosõrv|soosyrv|taraguchi)(?:[- ]?([0-9]{1,3}))?$`)

// ParseOpeningRule reads an opening rule as record files name it: "",
// "RIF" or "national" (the national rule), "Soosorv-8" (also Soosõrv;
// "Soosorv" alone is the original rule, N = 4) or "Taraguchi-10"
// ("Taraguchi" alone: N = 5). N must be from 1 to 100. It returns an
// *Error with code "bad_opening_rule".
func ParseOpeningRule(s string) (OpeningRule, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "", "rif", "national":
		return OpeningRule{Kind: NationalRule, N: 2}, nil
	}
	bad := errf("bad_opening_rule",
		fmt.Sprintf("the opening rule %q is unknown: write RIF, Soosorv-8 or Taraguchi-10 (N from 1 to 100)", s),
		fmt.Sprintf("不认识开局规则“%s”：请写RIF、Soosorv-8或Taraguchi-10（N为1到100）", s))
	m := openingRuleRe.FindStringSubmatch(t)
	if m == nil {
		return OpeningRule{}, bad
	}
	o := OpeningRule{Kind: SoosorvRule, N: 4}
	if m[1] == "taraguchi" {
		o = OpeningRule{Kind: TaraguchiRule, N: 5}
	}
	if m[2] != "" {
		n, _ := strconv.Atoi(m[2])
		if n < 1 || n > 100 {
			return OpeningRule{}, bad
		}
		o.N = n
	}
	return o, nil
}

// NewGameWithRule starts a renju game under the opening rule o; for other
// rulesets it is NewGame (no opening protocol).
func NewGameWithRule(r Ruleset, o OpeningRule) *Game {
	g := NewGame(r)
	if r == Renju && o.Kind != NationalRule {
		g.orule = o
	}
	return g
}

// OpeningRule returns the game's opening rule (the national rule unless
// the game was started with NewGameWithRule).
func (g *Game) OpeningRule() OpeningRule {
	if g.orule.Kind == NationalRule {
		return OpeningRule{Kind: NationalRule, N: max(2, g.maxOffers)}
	}
	return g.orule
}

// checkSwap says whether a swap may be played now: never twice in a row,
// and only where the opening rule has one.
func (g *Game) checkSwap() *Error {
	last := len(g.record) > 0 && g.record[len(g.record)-1].Kind == Swap
	switch g.orule.Kind {
	case SoosorvRule:
		if !last && (g.plies == 3 || g.plies == 4) {
			return nil
		}
		return errf("bad_swap", "under the Soosorv rule the players may swap once after move 3 and once after move 4",
			"索索夫规则下只能在第3手后和第4手后各交换一次")
	case TaraguchiRule:
		switch {
		case last || g.plies < 1 || g.plies > 5:
		case g.plies == 5:
			// Choice 1: a single fifth move inside the 9x9 square.
			if m := g.record[len(g.record)-1]; m.Kind == Place && inSquare(m.Point, 4) {
				return nil
			}
			return errf("bad_swap", "under the Taraguchi rule a swap after move 5 needs a single fifth move inside the central 9x9 square (d4 to l12)",
				"塔拉古奇规则下第5手后交换，黑5必须是下在中央9×9范围内（d4到l12）的一步棋")
		default:
			return nil
		}
		return errf("bad_swap", "under the Taraguchi rule the players may swap once after each of moves 1 to 5",
			"塔拉古奇规则下只能在第1到第5手之后各交换一次")
	}
	if g.national && g.plies == 3 && !g.swapped && len(g.record) == 3 {
		return nil
	}
	return errf("bad_swap", "white may swap colours only once, right after move 3, and only in renju",
		"只有连珠规则下、在黑3之后白4之前可以交换一次")
}

// checkRuleStone checks the squares the Taraguchi rule sets for moves 4
// and 5 (moves 1 to 3 make one of the 26 openings under every rule).
func (g *Game) checkRuleStone(n int, m Move) *Error {
	if g.orule.Kind != TaraguchiRule {
		return nil
	}
	switch g.plies {
	case 3:
		if !inSquare(m.Point, 3) {
			return errOpening(n, fmt.Sprintf("under the Taraguchi rule white 4 goes inside the central 7x7 square (e5 to k11), not %s", m.Point),
				fmt.Sprintf("塔拉古奇规则下白4必须下在中央7×7范围内（e5到k11），不能下在%s", m.Point))
		}
	case 4:
		swapped := g.record[len(g.record)-1].Kind == Swap
		switch {
		case swapped && m.Kind == Offer:
			return errf("bad_offer", "under the Taraguchi rule, after a swap at move 4 black plays one fifth move, not an offer",
				"塔拉古奇规则下第4手后交换了，黑5只能下一步，不能打点").atMove(n)
		case swapped && !inSquare(m.Point, 4):
			return errOpening(n, fmt.Sprintf("under the Taraguchi rule, after a swap at move 4 black 5 goes inside the central 9x9 square (d4 to l12), not %s", m.Point),
				fmt.Sprintf("塔拉古奇规则下第4手后交换了，黑5必须下在中央9×9范围内（d4到l12），不能下在%s", m.Point))
		}
	}
	return nil
}

// inSquare reports whether p lies within r lines of tengen both ways
// (r = 3: the central 7x7 square).
func inSquare(p Point, r int) bool {
	dx, dy := p.Col()-7, p.Row()-7
	return dx >= -r && dx <= r && dy >= -r && dy <= r
}

// PlayRecorded plays m as a game record has it: like Play, except that a
// move forbidden to Black under renju ends the game as the rules say, by
// Black's loss. The stone is put down, the game is over (White wins) and
// the reason names the forbidden shape. Use it for the last move of a
// record; a record that goes on after a forbidden move is refused at the
// next move ("game_over").
func (g *Game) PlayRecorded(m Move) (*Game, error) {
	next, err := g.Play(m)
	if err == nil {
		return next, nil
	}
	e, ok := err.(*Error)
	if !ok || e.Forbidden == nil {
		return nil, err
	}
	ng := *g
	ng.record = append(append([]Move(nil), g.record...), m)
	ng.board.set(int(m.Point.i), Black)
	ng.plies++
	ng.result = WhiteWins
	ng.reason = fmt.Sprintf("black played the forbidden move %s (%s) and loses", m.Point, e.Forbidden)
	ng.reasonZhText = fmt.Sprintf("黑方下了禁手%s（%s），判负", m.Point, e.Forbidden.zhString())
	return &ng, nil
}

// PlayRecord plays moves in order from g as PlayAll does, except that the
// last move may be Black's forbidden move, which ends the game by Black's
// loss (see PlayRecorded).
func (g *Game) PlayRecord(moves []Move) (*Game, error) {
	if len(moves) == 0 {
		return g, nil
	}
	g, err := g.PlayAll(moves[:len(moves)-1])
	if err != nil {
		return nil, err
	}
	return g.PlayRecorded(moves[len(moves)-1])
}
