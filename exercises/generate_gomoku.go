package exercises

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"qixue/domain"
	"qixue/rules/gomoku"
)

// gmWinGenerator makes gomoku.win_in_1 exercises. It plays random moves
// near the stones already down (Black first on tengen, no fives, no
// forbidden Black moves in renju), lets the side to move make a four, lets
// the opponent play elsewhere, and asks for the five. Rules per band: K1
// freestyle, G23 and G46 renju; more stones in the higher bands.
// Difficulty grows with a diagonal four, a broken four (x.xxx), a crowded
// board and a single winning point.
type gmWinGenerator struct{}

func (gmWinGenerator) Kind() string { return "gomoku.win_in_1" }

// gmStones is the range of random stones each band plays first.
var gmStones = map[Band][2]int{K1: {4, 10}, G23: {8, 18}, G46: {14, 30}}

// gmBandRules is the ruleset of each band's exercises.
var gmBandRules = map[Band]gomoku.Ruleset{K1: gomoku.Freestyle, G23: gomoku.Renju, G46: gomoku.Renju}

func (g gmWinGenerator) Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error) {
	if _, err := ParseBand(string(band)); err != nil {
		return nil, err
	}
	r := gmBandRules[band]
	seen := map[string]bool{}
	var out []Exercise
	for tries := 0; len(out) < count && tries < 30*count+30; tries++ {
		n := gmStones[band][0] + rng.IntN(gmStones[band][1]-gmStones[band][0]+1)
		b, ok := gmRandomBoard(rng, r, n)
		if !ok {
			continue
		}
		c := gomoku.Black
		if b.Stones()%2 == 1 {
			c = gomoku.White
		}
		if !gmMakeFourIgnored(rng, b, r, c) {
			continue
		}
		wins := gomoku.WinIn1(b, r, c)
		if len(wins) == 0 || gmHasWinner(b, r) {
			continue
		}
		prompt := ncMarshal(gmWinPrompt{Board: b.String(), Rules: r.String(), Colour: c.String()})
		if seen[string(prompt)] {
			continue
		}
		seen[string(prompt)] = true
		ex, err := g.exercise(band, b, r, c, wins, prompt)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// gmNear lists the empty points within two lines of a stone (all empty
// points on an empty board's tengen).
func gmNear(b *gomoku.Board) []gomoku.Point {
	if b.Stones() == 0 {
		return []gomoku.Point{gomoku.Tengen}
	}
	var out []gomoku.Point
	for i := range gomoku.NumPoints {
		p := gomoku.PointAt(i)
		if b.At(p) != gomoku.Empty {
			continue
		}
	near:
		for dc := -2; dc <= 2; dc++ {
			for dr := -2; dr <= 2; dr++ {
				col, row := p.Col()+dc, p.Row()+dr
				if col < 0 || col >= gomoku.Size || row < 0 || row >= gomoku.Size {
					continue
				}
				if b.At(gomoku.PointAt(row*gomoku.Size+col)) != gomoku.Empty {
					out = append(out, p)
					break near
				}
			}
		}
	}
	return out
}

// gmLegalFor reports whether colour c may put a stone on p in a puzzle
// under r without ending the game: the engine allows it (empty, and no
// forbidden Black move in renju, which covers Black's overline there) and
// it makes no winning line (WinIn1 covers fives and the overlines that win
// under r).
func gmLegalFor(b *gomoku.Board, r gomoku.Ruleset, c gomoku.Colour, p gomoku.Point) bool {
	return b.Allowed(r, c, p) && !slices.Contains(gomoku.WinIn1(b, r, c), p)
}

// gmRandomBoard plays n random stones, alternately Black and White, each
// near the stones already down, none ending the game.
func gmRandomBoard(rng *rand.Rand, r gomoku.Ruleset, n int) (*gomoku.Board, bool) {
	b := &gomoku.Board{}
	c := gomoku.Black
	for b.Stones() < n {
		near := gmNear(b)
		placed := false
		for range 20 {
			p := near[rng.IntN(len(near))]
			if gmLegalFor(b, r, c, p) {
				_ = b.Put(p, c)
				placed = true
				break
			}
		}
		if !placed {
			return nil, false
		}
		c = c.Opponent()
	}
	return b, true
}

// gmMakeFourIgnored puts a stone of c that makes a four and a stone of the
// opponent that neither blocks it nor ends the game, so c has a five to
// play. It reports false when c has no four to make.
func gmMakeFourIgnored(rng *rand.Rand, b *gomoku.Board, r gomoku.Ruleset, c gomoku.Colour) bool {
	var fours []gomoku.Point
	for _, p := range gmNear(b) {
		if !gmLegalFor(b, r, c, p) {
			continue
		}
		nb := *b
		_ = nb.Put(p, c)
		if len(gomoku.WinIn1(&nb, r, c)) > 0 {
			fours = append(fours, p)
		}
	}
	if len(fours) == 0 {
		return false
	}
	_ = b.Put(fours[rng.IntN(len(fours))], c)
	wins := map[gomoku.Point]bool{}
	for _, w := range gomoku.WinIn1(b, r, c) {
		wins[w] = true
	}
	near := gmNear(b)
	for range 30 {
		p := near[rng.IntN(len(near))]
		if !wins[p] && gmLegalFor(b, r, c.Opponent(), p) {
			_ = b.Put(p, c.Opponent())
			return true
		}
	}
	return false
}

// exercise builds and validates one win-in-1 exercise.
func (gmWinGenerator) exercise(band Band, b *gomoku.Board, r gomoku.Ruleset, c gomoku.Colour, wins []gomoku.Point, prompt []byte) (Exercise, error) {
	sol := wins[0]
	tags := []string{"gomoku.win.five"}
	difficulty := 1
	for _, s := range gomoku.Shapes(b, r) {
		if s.Colour != c || (s.Kind != gomoku.ShapeFour && s.Kind != gomoku.ShapeOpenFour) || !gmHasPoint(s.Points, sol) {
			continue
		}
		first, last := s.Stones[0], s.Stones[len(s.Stones)-1]
		dc, dr := last.Col()-first.Col(), last.Row()-first.Row()
		if dc != 0 && dr != 0 {
			tags = append(tags, "gomoku.win.diagonal")
			difficulty++
		}
		if max(gmAbs(dc), gmAbs(dr)) > 3 {
			tags = append(tags, "gomoku.win.broken_four")
			difficulty++
		}
		break
	}
	if b.Stones() >= 20 {
		difficulty++
	}
	if len(wins) == 1 {
		difficulty++
	}
	difficulty = max(1, min(5, difficulty))
	who := gmColourText(c)
	note := gmWinRuleNote(r)
	solution := ncMarshal(gmPointSolution{Point: sol.String(), Explanation: domain.Text{
		ZH: fmt.Sprintf("%s下在 %s，连成五子。", who.ZH, sol),
		EN: fmt.Sprintf("%s plays %s and makes five in a row.", who.EN, sol),
	}})
	ex := Exercise{
		Kind:  "gomoku.win_in_1",
		Title: domain.Text{ZH: who.ZH + "一步成五", EN: who.EN + " wins in one"},
		Body: domain.Text{
			ZH: fmt.Sprintf("轮到%s走。找出一步就能连成五子的点。\n\n%s", who.ZH, note.ZH),
			EN: fmt.Sprintf("%s to play. Find the point that makes five in a row at once.\n\n%s", who.EN, note.EN),
		},
		Prompt: prompt, Solution: solution, Difficulty: difficulty, Band: band, Tags: tags,
	}
	if err := (gomokuWinIn1{}).Validate(prompt, solution); err != nil {
		return Exercise{}, fmt.Errorf("generated %s: %w", prompt, err)
	}
	return ex, nil
}

// gmHasPoint reports whether list holds p.
func gmHasPoint(list []gomoku.Point, p gomoku.Point) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// gmAbs returns |x|.
func gmAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// gmWinRuleNote says what makes a win under the rules an item is checked
// under, so that no item states a rule another ruleset contradicts: five or
// more for both sides in freestyle, exactly five for both in standard
// gomoku, exactly five for Black and five or more for White in renju.
func gmWinRuleNote(r gomoku.Ruleset) domain.Text {
	switch r {
	case gomoku.Renju:
		return domain.Text{ZH: "按连珠规则：黑棋要正好五子才赢（六子以上是长连禁手），白棋五子以上都赢。",
			EN: "Renju rules: Black wins only with exactly five (six or more is a forbidden overline); White wins with five or more."}
	case gomoku.Standard:
		return domain.Text{ZH: "按标准规则：正好五子才赢，六子以上不算赢。",
			EN: "Standard rules: exactly five in a row wins; six or more does not."}
	}
	return domain.Text{ZH: "这一题按自由规则：连成五子（或更多）就赢。", EN: "Freestyle rules here: five (or more) in a row wins."}
}
