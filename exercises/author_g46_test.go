//go:build author

package exercises

// The authoring run that wrote the grades 4-6 number-chess lesson items of
// bank/numchess/lesson_g46.json: run it with
//
//	go test -tags author ./exercises -run TestAuthorG46 -count=1
//
// It replaces the items whose keys it knows with new ones found by the
// engine (positions from forward random play, moves from the engine's own
// move list, tactics classified by ncTactics) and leaves every other item
// as it is. The content tests check what it writes.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"qixue/rules/numchess"
)

// authMirror turns a point half a turn around the board's centre.
func authMirror(p numchess.Point) numchess.Point {
	for _, q := range numchess.AllPoints() {
		if q.Row() == 18-p.Row() && q.X() == -p.X() {
			return q
		}
	}
	return numchess.NoPoint
}

// authMirrorPosition swaps the sides of a position and turns it around, so
// an opening Red plays becomes the same opening for Blue.
func authMirrorPosition(pos numchess.Position) numchess.Position {
	var pieces [2][10]numchess.Point
	for s := numchess.Red; s <= numchess.Blue; s++ {
		for n := range 10 {
			if q := pos.Where(s, n); q.Valid() {
				pieces[s.Opponent()][n] = authMirror(q)
			}
		}
	}
	out, err := numchess.New(pieces, pos.Turn().Opponent(), pos.MoveNumber())
	if err != nil {
		panic(err)
	}
	return out
}

// authMoves lists the checked moves of many random G46 positions.
type authCand struct {
	pos numchess.Position
	mi  *numchess.MoveInfo
}

func TestAuthorG46(t *testing.T) {
	const file = "bank/numchess/lesson_g46.json"
	items := authRead(t, file)
	rs := numchess.G46()
	eng := ncEngine(rs)
	rng := rand.New(rand.NewPCG(4, 6))
	used := map[string]bool{}
	for _, it := range items {
		used[string(it.Prompt)] = true
	}
	var cands []authCand
	for range 700 {
		pos := ncRandomPlay(rng, eng, 20+rng.IntN(140))
		for _, m := range eng.LegalMoves(pos) {
			if mi, err := eng.Check(pos, m); err == nil {
				cands = append(cands, authCand{pos, mi})
			}
		}
	}
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	t.Logf("%d candidate moves", len(cands))
	g23Prompts := map[string]bool{}
	for _, ex := range wholeBank(t) {
		if ex.Band == G23 && strings.HasPrefix(ex.Key, "numchess/") {
			g23Prompts[ncPromptWithoutRuleset(ex.Prompt)] = true
		}
	}
	inCamp := func(c authCand) bool {
		owner, _, ok := c.mi.To().CampOf()
		return ok && owner != c.pos.Turn()
	}
	// simple prefers short chains over few pieces: a child reads them.
	simple := func(c authCand) bool {
		if len(c.mi.Segments) > 3 {
			return false
		}
		for _, seg := range c.mi.Segments {
			if len(seg.Numbers) > 3 {
				return false
			}
		}
		return true
	}
	take := func(ok func(authCand) bool, goal func(authCand) ncMoveGoal) (authCand, ncMoveGoal) {
		for pass := range 2 {
			for _, c := range cands {
				if !ok(c) || pass == 0 && !simple(c) {
					continue
				}
				g := goal(c)
				p := ncMarshal(ncMovePrompt{Ruleset: "G46", Position: c.pos.String(), Goal: g})
				if used[string(p)] || g23Prompts[ncPromptWithoutRuleset(p)] {
					continue
				}
				used[string(p)] = true
				return c, g
			}
		}
		t.Fatal("no candidate left")
		return authCand{}, ncMoveGoal{}
	}
	piece := func(c authCand) *int { n := c.mi.Move.Piece; return &n }
	features := func(mi *numchess.MoveInfo) []string {
		var tags []string
		for _, seg := range mi.Segments {
			if seg.Expr != nil {
				for _, tag := range ncExprFeatures(seg.Expr, rs) {
					if !ncContains(tags, tag) {
						tags = append(tags, tag)
					}
				}
			}
		}
		return tags
	}
	has := func(mi *numchess.MoveInfo, tag string) bool { return ncContains(features(mi), tag) }
	moveItem := func(it *bankEntry, c authCand, g ncMoveGoal, title, body Text, tags []string, difficulty int) {
		side := ncSideText(c.pos.Turn())
		it.Kind = "numchess.move"
		it.Title = title
		it.Body = Text{ZH: side.ZH + "走。" + body.ZH, EN: side.EN + " to move. " + body.EN}
		it.Prompt = ncMarshal(ncMovePrompt{Ruleset: "G46", Position: c.pos.String(), Goal: g})
		for _, tag := range features(c.mi) {
			if !ncContains(tags, tag) {
				tags = append(tags, tag)
			}
		}
		it.Solution = ncMarshal(ncMoveSolution{Move: c.mi.Machine(), Explanation: ncMoveExplanation(c.mi, numchess.G46(), tags)})
		it.Tags = tags
		it.Difficulty = difficulty
	}
	// New items, each placed after the item it follows in its lesson.
	for _, add := range [][2]string{
		{"numchess/lesson-g46-fraction-003", "numchess/lesson-g46-fraction-004"},
		{"numchess/lesson-g46-power-003", "numchess/lesson-g46-power-004"},
	} {
		for i := range items {
			if items[i].Key == add[0] && (i+1 == len(items) || items[i+1].Key != add[1]) {
				items = append(items[:i+1], append([]bankEntry{{Key: add[1], Band: G46}}, items[i+1:]...)...)
				break
			}
		}
	}
	byKey := map[string]*bankEntry{}
	for i := range items {
		byKey[items[i].Key] = &items[i]
	}
	set := func(key string, f func(it *bankEntry)) {
		it, ok := byKey[key]
		if !ok {
			t.Fatalf("no item %s", key)
		}
		f(it)
	}
	// The board: a piece steps onto the camp point of its own number.
	for i := 1; i <= 3; i++ {
		set(fmt.Sprintf("numchess/lesson-g46-board-%03d", i), func(it *bankEntry) {
			c, g := take(func(c authCand) bool {
				_, k, _ := c.mi.To().CampOf()
				return c.mi.Kind == numchess.Step && inCamp(c) && k == c.mi.Move.Piece
			}, func(c authCand) ncMoveGoal {
				return ncMoveGoal{Type: "enter_camp", To: c.mi.To().String(), Piece: piece(c)}
			})
			n := c.mi.Move.Piece
			moveItem(it, c, g, Text{ZH: fmt.Sprintf("%d 号对号入座", n), EN: fmt.Sprintf("%d onto point %d", n, n)},
				Text{ZH: fmt.Sprintf("把 %d 号棋子移到对方阵营的 %d 号点 %s。", n, n, g.To), EN: fmt.Sprintf("Step piece %d onto point %d (%s) of your opponent's camp.", n, n, g.To)},
				[]string{"numchess.move.step", "numchess.move.camp"}, 1)
		})
	}
	// Steps and hops into the camp.
	set("numchess/lesson-g46-step-001", func(it *bankEntry) {
		c, g := take(func(c authCand) bool { return c.mi.Kind == numchess.Step && inCamp(c) }, func(c authCand) ncMoveGoal {
			return ncMoveGoal{Type: "enter_camp", To: c.mi.To().String()}
		})
		moveItem(it, c, g, Text{ZH: "移进阵营", EN: "Step into the camp"},
			Text{ZH: fmt.Sprintf("让一枚棋子走进对方阵营的 %s。", g.To), EN: fmt.Sprintf("Get a piece onto %s in your opponent's camp.", g.To)},
			[]string{"numchess.move.step", "numchess.move.camp"}, 1)
	})
	for i := 2; i <= 3; i++ {
		set(fmt.Sprintf("numchess/lesson-g46-step-%03d", i), func(it *bankEntry) {
			c, g := take(func(c authCand) bool { return c.mi.Kind == numchess.Hop && inCamp(c) }, func(c authCand) ncMoveGoal {
				return ncMoveGoal{Type: "hop", To: c.mi.To().String()}
			})
			moveItem(it, c, g, Text{ZH: "邻进阵营", EN: "Hop into the camp"},
				Text{ZH: fmt.Sprintf("用**邻**（跳过紧挨着的一枚棋子）让一枚棋子跳到 %s。只移一格可不算哦！", g.To), EN: fmt.Sprintf("Use a **hop** (jump over the one piece right next to yours) to get a piece to %s. Just stepping does not count!", g.To)},
				[]string{"numchess.move.hop", "numchess.move.camp"}, 1)
		})
	}
	// Single spans that need × ÷ or a negative value along the way.
	spanItem := func(key string, need string, title Text) {
		set(key, func(it *bankEntry) {
			c, g := take(func(c authCand) bool { return c.mi.Kind == numchess.SingleSpan && has(c.mi, need) }, func(c authCand) ncMoveGoal {
				return ncMoveGoal{Type: "span", Piece: piece(c), To: c.mi.To().String()}
			})
			n := c.mi.Move.Piece
			moveItem(it, c, g, title,
				Text{ZH: fmt.Sprintf("用 %d 号棋子单跨到 %s。写出算式，结果要等于 %d。", n, g.To, n), EN: fmt.Sprintf("Span with piece %d to %s and give the expression that makes %d.", n, g.To, n)},
				[]string{"numchess.span.single"}, 3)
		})
	}
	spanItem("numchess/lesson-g46-span-001", "numchess.arith.mul_div", Text{ZH: "乘除跨", EN: "Span with × and ÷"})
	spanItem("numchess/lesson-g46-span-002", "numchess.arith.parens", Text{ZH: "带括号的跨", EN: "Span with brackets"})
	spanItem("numchess/lesson-g46-span-004", "numchess.arith.mul_div", Text{ZH: "乘除跨", EN: "Span with × and ÷"})
	// Chains; the notation lesson asks for the move written out.
	chainItem := func(key string, ok func(authCand) bool, title, body Text, tags []string, difficulty int) {
		set(key, func(it *bankEntry) {
			c, g := take(func(c authCand) bool { return c.mi.Kind == numchess.ChainSpan && ok(c) }, func(c authCand) ncMoveGoal {
				return ncMoveGoal{Type: "chain", Piece: piece(c), To: c.mi.To().String()}
			})
			n := c.mi.Move.Piece
			b := Text{ZH: fmt.Sprintf("用 %d 号棋子连跨到 %s。", n, g.To), EN: fmt.Sprintf("Chain span with piece %d to %s.", n, g.To)}
			tags := append([]string{"numchess.span.chain"}, tags...)
			if inCamp(c) && !ncContains(tags, "numchess.move.camp") {
				tags = append(tags, "numchess.move.camp") // 连跨进营
			}
			moveItem(it, c, g, title, Text{ZH: b.ZH + body.ZH, EN: b.EN + " " + body.EN}, tags, difficulty)
		})
	}
	any := func(authCand) bool { return true }
	for i := 1; i <= 3; i++ {
		chainItem(fmt.Sprintf("numchess/lesson-g46-chain-%03d", i), func(c authCand) bool { return len(c.mi.Segments) == 2 },
			Text{ZH: "连跨", EN: "Chain span"}, Text{ZH: "两段的算式结果要相同。", EN: "Both segments must make the same value."}, nil, 3)
	}
	chainItem("numchess/lesson-g46-notation-002", any, Text{ZH: "照着棋谱走", EN: "Play from the notation"},
		Text{ZH: "走完以后，看看答案里的棋谱，说一说每一段往哪个方向跨。", EN: "Then read the notation in the answer and say which way each segment goes."}, nil, 3)
	for _, k := range []string{"numchess/lesson-g46-notation-001", "numchess/lesson-g46-notation-003"} {
		set(k, func(it *bankEntry) {
			c, g := take(func(c authCand) bool { return c.mi.Kind == numchess.SingleSpan && len(c.mi.Segments[0].Numbers) >= 3 }, func(c authCand) ncMoveGoal {
				return ncMoveGoal{Type: "span", Piece: piece(c), To: c.mi.To().String()}
			})
			n := c.mi.Move.Piece
			moveItem(it, c, g, Text{ZH: "照着棋谱走", EN: "Play from the notation"},
				Text{ZH: fmt.Sprintf("%d 号棋子跨三枚或更多棋子到 %s。先想好方向，再写出算式。", n, g.To), EN: fmt.Sprintf("Piece %d spans three or more pieces to %s. Find the direction, then the expression.", n, g.To)},
				[]string{"numchess.span.single"}, 3)
		})
	}
	// Fractions and powers inside chains: the segments' common value.
	chainItem("numchess/lesson-g46-chain-003", func(c authCand) bool { return has(c.mi, "numchess.arith.power") },
		Text{ZH: "乘方连跨", EN: "A chain with a power"}, Text{ZH: "有一段要用组乘方。", EN: "One segment needs a power."}, []string{"numchess.arith.power"}, 4)
	chainItem("numchess/lesson-g46-power-004", func(c authCand) bool { return has(c.mi, "numchess.arith.power") },
		Text{ZH: "乘方连跨", EN: "A chain with a power"}, Text{ZH: "有一段要用组乘方，各段的得数都相同。", EN: "One segment needs a power; every segment makes the same value."}, []string{"numchess.arith.power"}, 4)
	chainItem("numchess/lesson-g46-fraction-004", func(c authCand) bool {
		return !c.mi.Value.IsInt()
	}, Text{ZH: "分数连跨", EN: "A chain with a fraction"},
		Text{ZH: "这一次各段的得数是同一个**分数**，不是整数。", EN: "This time every segment makes the same **fraction**, not a whole number."}, []string{"numchess.arith.fraction"}, 5)
	// The six tactics: the engine's own (shortest) chain has the shape,
	// and no step, hop or single span of the piece reaches the point.
	for _, tag := range ncTacticTags {
		name := strings.TrimPrefix(tag, "numchess.tactic.")
		title, hint := ncTacticText[tag][0], ncTacticText[tag][1]
		for i := 1; i <= 3; i++ {
			camp := i == 3 // the third one enters the camp where it can
			ok := func(c authCand) bool {
				return len(c.mi.Segments) <= 4 && !ncTimesZero.MatchString(c.mi.Chinese()) && ncContains(ncTactics(c.mi), tag) && (!camp || inCamp(c)) && ncOnlyByChain(eng, c.pos, c.mi)
			}
			key := fmt.Sprintf("numchess/lesson-g46-%s-%03d", name, i)
			if name == "both" || name == "feint" {
				camp = false
			}
			chainItem(key, ok, title, hint, []string{tag}, 4)
		}
	}
	chainItem("numchess/lesson-g46-lineup-004", func(c authCand) bool {
		return inCamp(c) && ncContains(ncTactics(c.mi), "numchess.tactic.follow") && ncOnlyByChain(eng, c.pos, c.mi)
	}, Text{ZH: "连跨进营", EN: "Chain into the camp"}, Text{ZH: "这个点只有连跨才能到。", EN: "Only a chain gets there."}, []string{"numchess.move.camp", "numchess.tactic.follow"}, 4)
	chainItem("numchess/lesson-g46-review-003", func(c authCand) bool { return inCamp(c) && ncOnlyByChain(eng, c.pos, c.mi) },
		Text{ZH: "连跨进营", EN: "Chain into the camp"}, Text{ZH: "这个点只有连跨才能到。", EN: "Only a chain gets there."}, []string{"numchess.move.camp"}, 4)
	set("numchess/lesson-g46-review-005", func(it *bankEntry) {
		c, g := take(func(c authCand) bool {
			return c.mi.Kind == numchess.SingleSpan && inCamp(c) && has(c.mi, "numchess.arith.mul_div")
		}, func(c authCand) ncMoveGoal {
			return ncMoveGoal{Type: "span", Piece: piece(c), To: c.mi.To().String()}
		})
		n := c.mi.Move.Piece
		moveItem(it, c, g, Text{ZH: "跨进阵营", EN: "Span into the camp"},
			Text{ZH: fmt.Sprintf("用 %d 号棋子跨进对方阵营的 %s。", n, g.To), EN: fmt.Sprintf("Span with piece %d into %s in your opponent's camp.", n, g.To)},
			[]string{"numchess.span.single", "numchess.move.camp"}, 3)
	})
	// Openings, played as Blue: the same plans from the other side.
	for _, it := range items {
		if !strings.Contains(it.Key, "-left") && !strings.Contains(it.Key, "-centre") && !strings.Contains(it.Key, "-right") {
			continue
		}
		var p ncMovePrompt
		_ = json.Unmarshal(it.Prompt, &p)
		if p.Position == "" {
			continue
		}
		pos, _ := numchess.ParsePosition(p.Position)
		if pos.Turn() != numchess.Red {
			continue
		}
		var s ncMoveSolution
		_ = json.Unmarshal(it.Solution, &s)
		m, _ := numchess.ParseMove(s.Move)
		mpos := authMirrorPosition(pos)
		mm := numchess.Move{Piece: m.Piece, From: authMirror(m.From), Exprs: m.Exprs}
		for _, q := range m.Path {
			mm.Path = append(mm.Path, authMirror(q))
		}
		mi, err := eng.Check(mpos, mm)
		if err != nil {
			t.Fatalf("%s mirrored: %v", it.Key, err)
		}
		g := p.Goal
		g.To = authMirror(func() numchess.Point { q, _ := numchess.ParsePoint(g.To); return q }()).String()
		key := it.Key
		set(key, func(x *bankEntry) {
			oldBody := x.Body
			oldTags := append([]string(nil), x.Tags...)
			moveItem(x, authCand{mpos, mi}, g, x.Title, Text{
				ZH: "这一次你执蓝棋，从棋盘上方出发，开局的走法一样，方向按蓝方自己看。" + strings.TrimPrefix(ncRetarget(oldBody.ZH, p.Goal.To, g.To), "红方走。"),
				EN: "This time you play Blue, from the top of the board: the same opening, with directions as Blue sees them. " + strings.TrimPrefix(ncRetarget(oldBody.EN, p.Goal.To, g.To), "Red to move. "),
			}, oldTags[:1:1], x.Difficulty)
			if ncContains(oldTags, "numchess.move.camp") && !ncContains(x.Tags, "numchess.move.camp") {
				x.Tags = append(x.Tags, "numchess.move.camp")
			}
		})
	}
	// Expressions: powers, fractions, joined numbers, brackets, negatives.
	exprs := map[string][]Exercise{}
	gen := ncExpressionGenerator{}
	for seed := range uint64(30) {
		exs, _ := gen.Generate(rand.New(rand.NewPCG(seed, 46)), G46, 30)
		for _, ex := range exs {
			for _, tag := range ex.Tags {
				exprs[tag] = append(exprs[tag], ex)
			}
		}
	}
	exprItem := func(key, tag string, maxDifficulty int) {
		set(key, func(it *bankEntry) {
			for _, ex := range exprs[tag] {
				if used[string(ex.Prompt)] || g23Prompts[ncPromptWithoutRuleset(ex.Prompt)] || ex.Difficulty > maxDifficulty {
					continue
				}
				used[string(ex.Prompt)] = true
				it.Kind, it.Title, it.Body, it.Prompt, it.Solution, it.Difficulty, it.Tags = ex.Kind, ex.Title, ex.Body, ex.Prompt, ex.Solution, ex.Difficulty, ex.Tags
				return
			}
			t.Fatalf("%s: no %s expression", key, tag)
		})
	}
	for i := 1; i <= 3; i++ {
		exprItem(fmt.Sprintf("numchess/lesson-g46-big-%03d", i), "numchess.arith.concat", 5)
		exprItem(fmt.Sprintf("numchess/lesson-g46-fraction-%03d", i), "numchess.arith.fraction", 2+i)
		exprItem(fmt.Sprintf("numchess/lesson-g46-power-%03d", i), "numchess.arith.power", 2+i)
	}
	exprItem("numchess/lesson-g46-span-003", "numchess.arith.parens", 4)
	exprItem("numchess/lesson-g46-span-005", "numchess.arith.negative", 5)
	exprItem("numchess/lesson-g46-review-001", "numchess.arith.fraction", 5)
	exprItem("numchess/lesson-g46-review-002", "numchess.arith.power", 5)
	// Scores by 积和法 of endgame positions.
	scoreItem := func(key string, side string) {
		set(key, func(it *bankEntry) {
			for {
				pos := authEndgame(rng)
				p := ncMarshal(ncScorePrompt{Ruleset: "G46", Position: pos.String(), Side: side, Method: "product"})
				if used[string(p)] {
					continue
				}
				used[string(p)] = true
				red, blue := pos.Score(numchess.Red, numchess.ProductSum), pos.Score(numchess.Blue, numchess.ProductSum)
				zh, en := authScoreWork(pos, numchess.Red)
				bz, be := authScoreWork(pos, numchess.Blue)
				sol := ncScoreSolution{Explanation: Text{ZH: fmt.Sprintf("%s\n\n%s\n\n红方 %d 分，蓝方 %d 分。", zh, bz, red, blue), EN: fmt.Sprintf("%s\n\n%s\n\nRed %d, Blue %d.", en, be, red, blue)}}
				sol.Red, sol.Blue = &red, &blue
				if side == "red" {
					sol.Blue = nil
					sol.Explanation = Text{ZH: fmt.Sprintf("%s\n\n红方 %d 分。", zh, red), EN: fmt.Sprintf("%s\n\nRed %d.", en, red)}
				}
				it.Prompt, it.Solution = p, ncMarshal(sol)
				return
			}
		})
	}
	scoreItem("numchess/lesson-g46-product-001", "red")
	scoreItem("numchess/lesson-g46-product-002", "both")
	scoreItem("numchess/lesson-g46-product-003", "both")
	scoreItem("numchess/lesson-g46-match-001", "both")
	scoreItem("numchess/lesson-g46-match-002", "both")
	scoreItem("numchess/lesson-g46-match-003", "both")
	scoreItem("numchess/lesson-g46-review-004", "both")
	authWrite(t, file, items)
}

// ncRetarget writes the goal point from as to in a text, and turns round
// every other point the text names where a piece already stands.
func ncRetarget(s, from, to string) string {
	return authStandsOn.ReplaceAllStringFunc(s, func(m string) string {
		i := strings.LastIndexByte(m, ' ') + 1
		q, err := numchess.ParsePoint(m[i:])
		if err != nil {
			return m
		}
		if m[i:] == from {
			return m[:i] + to
		}
		return m[:i] + authMirror(q).String()
	})
}

// authStandsOn matches a point named in an opening's text: the goal ("跨到
// e5", "to e5") or where a piece stands ("已经走到 e5", "is on e5").
var authStandsOn = regexp.MustCompile(`(跨到|跨进|已经走到|to|into|on) [a-m][0-9]+`)

// authEndgame places most pieces of both sides in the opponent's camp, in
// a shuffled order, and the rest just outside.
func authEndgame(rng *rand.Rand) numchess.Position {
	var pieces [2][10]numchess.Point
	taken := map[numchess.Point]bool{}
	for s := numchess.Red; s <= numchess.Blue; s++ {
		order := rng.Perm(10)
		inside := 6 + rng.IntN(5)
		for n := range 10 {
			if n < inside {
				pieces[s][order[n]] = numchess.CampPoint(s.Opponent(), n)
				taken[pieces[s][order[n]]] = true
			}
		}
		// The rest wait in the middle of the board.
		pts := numchess.AllPoints()
		sort.Slice(pts, func(i, j int) bool { return pts[i].String() < pts[j].String() })
		for n := inside; n < 10; n++ {
			for {
				q := pts[rng.IntN(len(pts))]
				if _, _, camp := q.CampOf(); !camp && !taken[q] && q.Row() >= 6 && q.Row() <= 12 {
					pieces[s][order[n]] = q
					taken[q] = true
					break
				}
			}
		}
	}
	pos, err := numchess.New(pieces, numchess.Red, 80)
	if err != nil {
		panic(err)
	}
	return pos
}

// authScoreWork writes a side's product-sum out piece by piece.
func authScoreWork(pos numchess.Position, side numchess.Side) (zh, en string) {
	var zs, es []string
	for n := range 10 {
		owner, k, ok := pos.Where(side, n).CampOf()
		if !ok || owner == side {
			continue
		}
		zs = append(zs, fmt.Sprintf("%d×%d", n, k))
		es = append(es, fmt.Sprintf("%d×%d", n, k))
	}
	s := ncSideText(side)
	return fmt.Sprintf("%s在对方阵营里的棋子（号码×点号）：%s", s.ZH, strings.Join(zs, "、")),
		fmt.Sprintf("%s's pieces in the camp (number×point): %s", s.EN, strings.Join(es, ", "))
}

// TestAuthorG23Tactics writes, into every grades 2-3 tactic item, where
// its chain uses the tactic (ncMoveExplanation).
func TestAuthorG23Tactics(t *testing.T) {
	const file = "bank/numchess/lesson_g23.json"
	items := authRead(t, file)
	eng := ncEngine(numchess.G23())
	for i, it := range items {
		tactics, _ := ncTacticProblems(Exercise{Tags: it.Tags})
		if len(tactics) == 0 {
			continue
		}
		var p ncMovePrompt
		var s ncMoveSolution
		_ = json.Unmarshal(it.Prompt, &p)
		_ = json.Unmarshal(it.Solution, &s)
		pos, _ := numchess.ParsePosition(p.Position)
		m, _ := numchess.ParseMove(s.Move)
		mi, err := eng.Check(pos, m)
		if err != nil {
			t.Fatalf("%s: %v", it.Key, err)
		}
		// Keep the notation as written (9÷3, not the fraction 9/3) and add
		// where the chain uses its tactic.
		why := ncMoveExplanation(mi, numchess.G46(), it.Tags)
		s.Explanation = Text{ZH: s.Explanation.ZH + strings.TrimPrefix(why.ZH, mi.Chinese()), EN: s.Explanation.EN + strings.TrimPrefix(why.EN, mi.English())}
		items[i].Solution = ncMarshal(s)
	}
	authWrite(t, file, items)
}

// authRead reads a bank file.
func authRead(t *testing.T, file string) []bankEntry {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var items []bankEntry
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatal(err)
	}
	return items
}

// authWrite writes a bank file as the bank's files are written: two-space
// indents and a final newline.
func authWrite(t *testing.T, file string, items []bankEntry) {
	t.Helper()
	out, err := json.MarshalIndent(items, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(out, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
