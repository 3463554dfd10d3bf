package exercises

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"qixue/domain"
	"qixue/rules/numchess"
)

// ncMoveGenerator makes numchess.move exercises: a position reached by
// random legal play under the band's ruleset (biased forward, so pieces
// meet and approach the far camp), then a goal that one of the engine's
// generated moves reaches: enter a camp point, span with a given piece to
// a given point, or (G23 and up) chain-span to a given point. The engine's
// move is the stored solution; the checker accepts any move that reaches
// the goal.
type ncMoveGenerator struct{}

func (ncMoveGenerator) Kind() string { return "numchess.move" }

// ncPlies is the range of random plies each band plays before the puzzle.
var ncPlies = map[Band][2]int{K1: {10, 80}, G23: {16, 90}, G46: {20, 100}}

// ncCandidate is a generated move that can become a goal.
type ncCandidate struct {
	goal ncMoveGoal
	mi   *numchess.MoveInfo
}

func (g ncMoveGenerator) Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error) {
	rs, err := ncBandRuleset(band)
	if err != nil {
		return nil, err
	}
	eng := ncEngine(rs)
	seen := map[string]bool{}
	var out []Exercise
	for tries := 0; len(out) < count && tries < 20*count+20; tries++ {
		pos := ncRandomPlay(rng, eng, ncPlies[band][0]+rng.IntN(ncPlies[band][1]-ncPlies[band][0]+1))
		cands := ncGoalCandidates(eng, pos)
		if len(cands) == 0 {
			continue
		}
		// Prefer the rarer goals: chains, then camp entries, then spans.
		var pick []ncCandidate
		for _, want := range []string{"chain", "enter_camp", "span"} {
			var these []ncCandidate
			for _, c := range cands {
				if c.goal.Type == want {
					these = append(these, c)
				}
			}
			if len(these) > 0 && (pick == nil || rng.IntN(2) == 0) {
				pick = these
			}
		}
		c := pick[rng.IntN(len(pick))]
		if band == G23 && !ncMoveUnitFractionsOnly(c.mi) {
			continue
		}
		if ncMoveGrade6(c.mi) {
			continue // no negative step or division by a fraction outside the lessons
		}
		prompt := ncMarshal(ncMovePrompt{Ruleset: rs.Name, Position: pos.String(), Goal: c.goal})
		if seen[string(prompt)] {
			continue
		}
		seen[string(prompt)] = true
		ex, err := g.exercise(band, rs, pos, c, prompt)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// ncRandomPlay plays plies random legal steps and hops (移 and 邻) from
// the start, choosing a move that goes forward two times in three. Spans
// are left out of the playout: listing them needs the solver at every ply,
// which costs far more, and the puzzle's own move is chosen from the full
// move list of the final position.
func ncRandomPlay(rng *rand.Rand, eng *numchess.Engine, plies int) numchess.Position {
	pos := numchess.Start()
	for range plies {
		moves := ncStepsAndHops(pos)
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		if rng.IntN(3) > 0 {
			var fwd []numchess.Move
			for _, mv := range moves {
				gain := mv.To().Row() - mv.From.Row()
				if pos.Turn() == numchess.Blue {
					gain = -gain
				}
				if gain > 0 {
					fwd = append(fwd, mv)
				}
			}
			if len(fwd) > 0 {
				m = fwd[rng.IntN(len(fwd))]
			}
		}
		next, err := eng.Play(pos, m)
		if err != nil {
			continue // the five-piece rule can forbid a step; try another ply
		}
		pos = next
	}
	return pos
}

// ncStepsAndHops lists the steps and hops of the side to move, by piece
// and direction.
func ncStepsAndHops(pos numchess.Position) []numchess.Move {
	side := pos.Turn()
	var out []numchess.Move
	for n := range 10 {
		from := pos.Where(side, n)
		if !from.Valid() {
			continue
		}
		for d := numchess.Left; d <= numchess.BackRight; d++ {
			q := numchess.Neighbour(from, side, d)
			if !q.Valid() {
				continue
			}
			if _, _, busy := pos.PieceAt(q); !busy {
				out = append(out, numchess.Move{Piece: n, From: from, Path: []numchess.Point{q}})
				continue
			}
			r := numchess.Neighbour(q, side, d)
			if _, _, busy := pos.PieceAt(r); r.Valid() && !busy {
				out = append(out, numchess.Move{Piece: n, From: from, Path: []numchess.Point{r}})
			}
		}
	}
	return out
}

// ncGoalCandidates lists the goals the side to move can reach, each with
// the engine's witness move.
func ncGoalCandidates(eng *numchess.Engine, pos numchess.Position) []ncCandidate {
	var out []ncCandidate
	for _, m := range eng.LegalMoves(pos) {
		mi, err := eng.Check(pos, m)
		if err != nil {
			continue
		}
		piece := m.Piece
		to := mi.To().String()
		if owner, _, ok := mi.To().CampOf(); ok && owner != pos.Turn() {
			out = append(out, ncCandidate{goal: ncMoveGoal{Type: "enter_camp", To: to}, mi: mi})
		}
		switch mi.Kind {
		case numchess.SingleSpan:
			out = append(out, ncCandidate{goal: ncMoveGoal{Type: "span", Piece: &piece, To: to}, mi: mi})
		case numchess.ChainSpan:
			out = append(out, ncCandidate{goal: ncMoveGoal{Type: "chain", Piece: &piece, To: to}, mi: mi})
		}
	}
	return out
}

// exercise builds and validates one numchess.move exercise.
func (ncMoveGenerator) exercise(band Band, rs numchess.Ruleset, pos numchess.Position, c ncCandidate, prompt json.RawMessage) (Exercise, error) {
	side := ncSideText(pos.Turn())
	mi := c.mi
	tags := []string{}
	operands := 0
	for _, seg := range mi.Segments {
		operands += len(seg.Numbers)
		if seg.Expr != nil {
			for _, tag := range ncExprFeatures(seg.Expr, rs) {
				if !ncContains(tags, tag) {
					tags = append(tags, tag)
				}
			}
		}
	}
	var title, body domain.Text
	difficulty := 1
	switch c.goal.Type {
	case "enter_camp":
		ruleTag := map[numchess.Kind]string{numchess.Step: "numchess.move.step", numchess.Hop: "numchess.move.hop",
			numchess.SingleSpan: "numchess.span.single", numchess.ChainSpan: "numchess.span.chain"}[mi.Kind]
		tags = append([]string{"numchess.move.camp", ruleTag}, tags...)
		at := ncGoalPoint(c.goal.To, band)
		title = domain.Text{ZH: "走进对方阵营的" + at.ZH, EN: "Enter " + at.EN + " of the opponent's camp"}
		body = domain.Text{
			ZH: fmt.Sprintf("轮到%s走。走一步棋，让你的一枚棋子停在对方阵营的%s上。可以移、邻、跨，跨的时候要写出算式。", side.ZH, at.ZH),
			EN: fmt.Sprintf("%s to move. Play one move that puts one of your pieces on %s in your opponent's camp. You may step, hop or span; give the expression of a span.", side.EN, at.EN),
		}
		difficulty = map[numchess.Kind]int{numchess.Step: 1, numchess.Hop: 1, numchess.SingleSpan: 2, numchess.ChainSpan: 4}[mi.Kind]
	case "span":
		tags = append([]string{"numchess.span.single"}, tags...)
		at := ncGoalPoint(c.goal.To, band)
		title = domain.Text{ZH: fmt.Sprintf("%d 号棋子跨到%s", *c.goal.Piece, at.ZH), EN: fmt.Sprintf("Span with %d to %s", *c.goal.Piece, at.EN)}
		body = domain.Text{
			ZH: fmt.Sprintf("轮到%s走。用 %d 号棋子跨一步，停在%s上。写出跨过的棋子组成的算式，结果要等于 %d。", side.ZH, *c.goal.Piece, at.ZH, *c.goal.Piece),
			EN: fmt.Sprintf("%s to move. Span with piece %d so that it lands on %s, and give the expression of the spanned numbers that makes %d.", side.EN, *c.goal.Piece, at.EN, *c.goal.Piece),
		}
		difficulty = 2
	case "chain":
		tags = append([]string{"numchess.span.chain"}, tags...)
		title = domain.Text{ZH: fmt.Sprintf("%d 号棋子连跨到 %s", *c.goal.Piece, c.goal.To), EN: fmt.Sprintf("Chain span with %d to %s", *c.goal.Piece, c.goal.To)}
		body = domain.Text{
			ZH: fmt.Sprintf("轮到%s走。用 %d 号棋子连跨（连续跨好几段），最后停在 %s。每一段的算式结果都要相同。", side.ZH, *c.goal.Piece, c.goal.To),
			EN: fmt.Sprintf("%s to move. Make a chain span (several spans in one move) with piece %d that ends on %s. Every segment's expression must make the same value.", side.EN, *c.goal.Piece, c.goal.To),
		}
		difficulty = 3 + min(len(mi.Segments)-2, 1)
		if owner, _, ok := mi.To().CampOf(); ok && owner != pos.Turn() {
			tags = append(tags, "numchess.move.camp") // 连跨进营
		}
		// A chain of a tactic's shape to a point only a chain reaches
		// practises that tactic: name it and give its hint.
		if tactics := ncBandTactics(band, ncTactics(mi)); len(tactics) > 0 && ncOnlyByChain(ncEngine(rs), pos, mi) {
			tags = append(tags, tactics...)
			name, hint := ncTacticText[tactics[0]][0], ncTacticText[tactics[0]][1]
			title = domain.Text{ZH: name.ZH + "：" + title.ZH, EN: name.EN + ": " + title.EN}
			body = domain.Text{ZH: body.ZH + hint.ZH, EN: body.EN + " " + hint.EN}
			difficulty++
		}
	}
	if operands >= 3 {
		difficulty++
	}
	if ncContains(tags, "numchess.arith.mul_div") || ncContains(tags, "numchess.arith.concat") {
		difficulty++
	}
	difficulty = max(1, min(5, difficulty))
	solution := ncMarshal(ncMoveSolution{Move: mi.Machine(), Explanation: ncMoveExplanation(mi, rs, tags)})
	ex := Exercise{
		Kind: "numchess.move", Title: title, Body: body, Prompt: prompt, Solution: solution,
		Difficulty: difficulty, Band: band, Tags: tags,
	}
	if err := (numchessMove{}).Validate(prompt, solution); err != nil {
		return Exercise{}, fmt.Errorf("generated %s: %w", prompt, err)
	}
	return ex, nil
}

// ncMoveExplanation is a move as the ruleset's band reads it (plain words
// in K1, notation from G23 on) in both languages, then for each tactic
// tagged where the move uses it (第一跳, 第二跳...).
func ncMoveExplanation(mi *numchess.MoveInfo, rs numchess.Ruleset, tags []string) domain.Text {
	t := ncMoveWords(mi, rs)
	t.EN = ncCap(t.EN)
	for _, tag := range tags {
		if why := ncTacticWhy(mi, tag); why.ZH != "" {
			t = domain.Text{ZH: t.ZH + "\n\n" + why.ZH, EN: t.EN + "\n\n" + why.EN}
		}
	}
	return t
}

// ncGoalPoint says the goal point of a generated item: its name ("a14")
// from grades 2-3, which learn the board's coordinates; for K1, which does
// not, the circled point the board shows, with its number in a camp.
func ncGoalPoint(to string, band Band) domain.Text {
	if band != K1 {
		return domain.Text{ZH: " " + to + " ", EN: to}
	}
	if q, err := numchess.ParsePoint(to); err == nil {
		if _, n, ok := q.CampOf(); ok {
			return domain.Text{ZH: fmt.Sprintf("画着圆圈的 %d 号点", n), EN: fmt.Sprintf("the circled point %d", n)}
		}
	}
	return domain.Text{ZH: "画着圆圈的点", EN: "the circled point"}
}
