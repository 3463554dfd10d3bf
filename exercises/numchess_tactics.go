package exercises

import (
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/rules/numchess"
)

// The six tactics (打击技巧) of seed 000, as shapes of a chain span. A
// bank exercise tagged with a tactic must have a solution of that shape,
// and its goal point must be out of reach of a step, a hop or a single
// span, so only a chain gets there (TestNumchessTacticExercises).
//
//	numchess.tactic.follow   跟步寻路: a segment spans the pieces of the segment before it straight back
//	numchess.tactic.inch     得寸进尺: a segment spans some pieces, the next spans them straight back (the seed's 重复行跨), and a later one on the same line spans them and more
//	numchess.tactic.retreat  以退为进: the first segment goes back along a line, away from the end point, the next comes back past the start
//	numchess.tactic.feint    声东击西: the second segment lands on the start point, the third leaves along another line
//	numchess.tactic.branch   节外生枝: a segment lands between two pieces an earlier segment spanned and the chain goes on along another line
//	numchess.tactic.both     左右逢源: 以退为进 and 节外生枝 in one chain
var ncTacticTags = []string{
	"numchess.tactic.follow", "numchess.tactic.inch", "numchess.tactic.retreat",
	"numchess.tactic.feint", "numchess.tactic.branch", "numchess.tactic.both",
}

// ncG23Tactics are the tactics grades 2-3 learn (seed 000: 跟步寻路, 以退为进,
// 声东击西, 得寸进尺); 节外生枝 and 左右逢源 wait for grades 4-6.
var ncG23Tactics = []string{"numchess.tactic.follow", "numchess.tactic.retreat", "numchess.tactic.feint", "numchess.tactic.inch"}

// ncBandTactics keeps the tactics of tags that band learns: none in grade
// 1 (no chains), four in grades 2-3, all six in grades 4-6.
func ncBandTactics(band Band, tags []string) []string {
	var out []string
	for _, tag := range tags {
		if band == G46 || band == G23 && ncContains(ncG23Tactics, tag) {
			out = append(out, tag)
		}
	}
	return out
}

// ncTacticText is each tactic's name and a hint for a child, in the order
// of ncTacticTags.
var ncTacticText = map[string][2]domain.Text{
	"numchess.tactic.follow": {{ZH: "跟步寻路", EN: "Follow to find the way"},
		{ZH: "想一想：先跨过去，再跨回来，能不能找到新的路？", EN: "Think: span over, span back, and is there a new way from there?"}},
	"numchess.tactic.inch": {{ZH: "得寸进尺", EN: "An inch, then a yard"},
		{ZH: "想一想：先来回跨其中一两枚，再在同一条线上跨得更远。", EN: "Think: span one or two of them there and back first, then span further along the same line."}},
	"numchess.tactic.retreat": {{ZH: "以退为进", EN: "Back up to go forward"},
		{ZH: "想一想：直接跨不过去时，先向反方向跨。", EN: "Think: if you cannot span there directly, span the other way first."}},
	"numchess.tactic.feint": {{ZH: "声东击西", EN: "Feint east, strike west"},
		{ZH: "想一想：跨出去再跨回原来的点，然后换一个方向。", EN: "Think: span out, span back to where you started, then change direction."}},
	"numchess.tactic.branch": {{ZH: "节外生枝", EN: "A branch from the span"},
		{ZH: "想一想：在已经跨过的两枚棋子中间找一个落点，从那里拐弯。", EN: "Think: find a landing point between two pieces you already spanned, and turn there."}},
	"numchess.tactic.both": {{ZH: "左右逢源", EN: "Both ways"},
		{ZH: "想一想：先向反方向跨，再在跨过的两枚棋子中间找落点拐弯。", EN: "Think: span the other way first, then turn at a point between two pieces you spanned."}},
}

// ncOpposite is the direction straight back.
func ncOpposite(d numchess.Direction) numchess.Direction {
	return [...]numchess.Direction{numchess.Right, numchess.Left, numchess.BackRight, numchess.BackLeft, numchess.ForwardRight, numchess.ForwardLeft}[d%6]
}

// ncSameLine reports whether two segments run along one line of the board.
func ncSameLine(a, b numchess.Segment) bool {
	if b.Dir != a.Dir && b.Dir != ncOpposite(a.Dir) {
		return false
	}
	return ncBetweenOrOn(a.From, a.To, b.From, true)
}

// ncBetweenOrOn reports whether p lies on the line through a and b and,
// unless anywhere, strictly between them.
func ncBetweenOrOn(a, b, p numchess.Point, anywhere bool) bool {
	ar, ax := a.Row(), a.X()
	br, bx := b.Row(), b.X()
	pr, px := p.Row(), p.X()
	// On the line: (p−a) is a multiple of (b−a) (doubled x coordinates).
	if (pr-ar)*(bx-ax) != (px-ax)*(br-ar) {
		return false
	}
	if anywhere {
		return true
	}
	t1 := (pr-ar)*(br-ar) + (px-ax)*(bx-ax)
	t2 := (br-ar)*(br-ar) + (bx-ax)*(bx-ax)
	return t1 > 0 && t1 < t2
}

// ncSpannedSet returns the points a segment spans.
func ncSpannedSet(s numchess.Segment) map[numchess.Point]bool {
	out := map[numchess.Point]bool{}
	for _, p := range s.Spanned {
		out[p] = true
	}
	return out
}

// ncSubset reports whether every point of a is in b, and b has more.
func ncStrictSubset(a, b map[numchess.Point]bool) bool {
	for p := range a {
		if !b[p] {
			return false
		}
	}
	return len(b) > len(a)
}

// ncSameSpan reports whether two segments span the same pieces.
func ncSameSpan(a, b numchess.Segment) bool {
	sa, sb := ncSpannedSet(a), ncSpannedSet(b)
	return len(sa) == len(sb) && !ncStrictSubset(sa, sb) && func() bool {
		for p := range sa {
			if !sb[p] {
				return false
			}
		}
		return true
	}()
}

// ncHexDist is the number of steps between two points of the board
// (doubled x coordinates: a step changes the row by one and x by one, or x
// by two).
func ncHexDist(a, b numchess.Point) int {
	dr, dx := a.Row()-b.Row(), a.X()-b.X()
	if dr < 0 {
		dr = -dr
	}
	if dx < 0 {
		dx = -dx
	}
	if dx > dr {
		return dr + (dx-dr)/2
	}
	return dr
}

// ncRetreats reports whether a chain begins as 以退为进 does: its first
// segment goes back (a 退 or a 平 direction of the mover, never 进) and
// away from where the move ends (it lands farther from the end point than
// the start is), and the second comes straight back past the start. A
// chain whose first segment goes forward, or toward its end point, is not
// a retreat, though its second segment passes the start: its explanation
// would say "第一跳先往后跨" of a jump forward. And the chain as a whole
// does not go back (its end is on the start's row or nearer the
// opponent): retreating is how it advances.
func ncRetreats(mi *numchess.MoveInfo) bool {
	segs := mi.Segments
	ahead := mi.To().Row() - mi.From().Row() // rows toward Blue's camp
	if mi.Side == numchess.Blue {
		ahead = -ahead
	}
	return len(segs) >= 2 && ahead >= 0 && segs[0].Dir != numchess.ForwardLeft && segs[0].Dir != numchess.ForwardRight &&
		segs[1].Dir == ncOpposite(segs[0].Dir) &&
		ncBetweenOrOn(segs[1].From, segs[1].To, mi.From(), false) &&
		ncHexDist(segs[0].To, mi.To()) > ncHexDist(mi.From(), mi.To())
}

// ncTactics returns the tactic tags whose shape a chain span has.
func ncTactics(mi *numchess.MoveInfo) []string {
	if mi.Kind != numchess.ChainSpan {
		return nil
	}
	segs := mi.Segments
	found := map[string]bool{}
	for i := 1; i < len(segs); i++ {
		if segs[i].Dir == ncOpposite(segs[i-1].Dir) && ncSameSpan(segs[i], segs[i-1]) {
			found["numchess.tactic.follow"] = true
		}
	}
	if _, _, ok := ncInch(segs); ok {
		found["numchess.tactic.inch"] = true
	}
	if _, _, ok := ncBranch(segs); ok {
		found["numchess.tactic.branch"] = true
	}
	if ncRetreats(mi) {
		found["numchess.tactic.retreat"] = true
	}
	if len(segs) >= 3 && segs[1].To == mi.From() && !ncSameLine(segs[0], segs[2]) {
		found["numchess.tactic.feint"] = true
	}
	if found["numchess.tactic.retreat"] && found["numchess.tactic.branch"] {
		found["numchess.tactic.both"] = true
	}
	var out []string
	for _, tag := range ncTacticTags {
		if found[tag] {
			out = append(out, tag)
		}
	}
	return out
}

// ncInch finds 得寸进尺 (seed 000: 先重复行跨其中的一枚或几枚棋子，而后在
// 同一直线上取得更大距离的跨越): segment i spans some pieces, segment i+1
// spans the same pieces straight back, and segment k, later and on the
// same line, spans those pieces and more.
func ncInch(segs []numchess.Segment) (i, k int, ok bool) {
	for i := 0; i+2 < len(segs); i++ {
		if segs[i+1].Dir != ncOpposite(segs[i].Dir) || !ncSameSpan(segs[i], segs[i+1]) {
			continue
		}
		for k := i + 2; k < len(segs); k++ {
			if ncSameLine(segs[i], segs[k]) && ncStrictSubset(ncSpannedSet(segs[i]), ncSpannedSet(segs[k])) {
				return i, k, true
			}
		}
	}
	return 0, 0, false
}

// ncBranch finds 节外生枝 (seed 000: 在已经跨过的一段棋子中寻找一落点，并借
// 该落点连续进行连跨): segment i lands strictly between two pieces that an
// earlier segment j spanned, and segment i+1 leaves that point along
// another line. A landing between the start and a single spanned piece is
// not one: there is no stretch of pieces to find it in.
func ncBranch(segs []numchess.Segment) (j, i int, ok bool) {
	for i := 1; i+1 < len(segs); i++ {
		if ncSameLine(segs[i], segs[i+1]) {
			continue
		}
		for j := 0; j < i; j++ {
			sp := segs[j].Spanned
			for a := range sp {
				for b := a + 1; b < len(sp); b++ {
					if ncBetweenOrOn(sp[a], sp[b], segs[i].To, false) {
						return j, i, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

// ncOnlyByChain reports whether the piece that moves in mi can reach mi's
// end point only by a chain span: no step, hop or single span of it gets
// there in the position.
func ncOnlyByChain(eng *numchess.Engine, pos numchess.Position, mi *numchess.MoveInfo) bool {
	for _, m := range eng.LegalMoves(pos) {
		if m.Piece != mi.Move.Piece || m.To() != mi.To() {
			continue
		}
		if info, err := eng.Check(pos, m); err == nil && info.Kind != numchess.ChainSpan {
			return false
		}
	}
	return true
}

// ncJump names a chain's jump i (0-based) as the lessons do: 第一跳, the
// first jump.
func ncJump(i int) domain.Text {
	zh := []string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}
	en := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if i < 0 || i >= len(zh) {
		return domain.Text{ZH: "下一跳", EN: "the next jump"}
	}
	return domain.Text{ZH: "第" + zh[i] + "跳", EN: "the " + en[i] + " jump"}
}

// ncTacticWhy says in a child's words where a chain uses a tactic (tag),
// naming its jumps and points; empty when the chain has not that shape.
func ncTacticWhy(mi *numchess.MoveInfo, tag string) domain.Text {
	segs := mi.Segments
	name := ncTacticText[tag][0]
	say := func(zh, en string) domain.Text {
		return domain.Text{ZH: "这就是" + name.ZH + "：" + zh, EN: name.EN + ". " + ncCap(en)}
	}
	from := mi.From().String()
	switch tag {
	case "numchess.tactic.follow":
		for i := 1; i < len(segs); i++ {
			if segs[i].Dir == ncOpposite(segs[i-1].Dir) && ncSameSpan(segs[i], segs[i-1]) {
				a, b := ncJump(i-1), ncJump(i)
				return say(fmt.Sprintf("%s又跨回%s跨过的棋子，落在 %s。", b.ZH, a.ZH, segs[i].To),
					fmt.Sprintf("%s spans straight back over the pieces of %s and lands on %s.", ncCap(b.EN), a.EN, segs[i].To))
			}
		}
	case "numchess.tactic.inch":
		if i, k, ok := ncInch(segs); ok {
			a, b, c := ncJump(i), ncJump(i+1), ncJump(k)
			n, m := len(segs[i].Spanned), len(segs[k].Spanned)
			pieces := func(k int) string {
				if k == 1 {
					return "1 piece"
				}
				return fmt.Sprintf("%d pieces", k)
			}
			return say(fmt.Sprintf("%s先跨 %d 枚棋子，%s又跨回来（来回跨），%s在同一条线上连同这%s一共跨过 %d 枚。", a.ZH, n, b.ZH, c.ZH, map[bool]string{true: "一枚", false: "几枚"}[n == 1], m),
				fmt.Sprintf("%s spans %s, %s spans back over %s (there and back), then %s spans %s along the same line, those included.", ncCap(a.EN), pieces(n), b.EN, map[bool]string{true: "it", false: "them"}[n == 1], c.EN, pieces(m)))
		}
	case "numchess.tactic.retreat":
		if ncRetreats(mi) {
			return say(fmt.Sprintf("第一跳先向反方向跨到 %s，第二跳跨回来，越过出发点 %s，落在 %s。", segs[0].To, from, segs[1].To),
				fmt.Sprintf("the first jump goes the other way, to %s, the second comes back past the start %s and lands on %s.", segs[0].To, from, segs[1].To))
		}
	case "numchess.tactic.feint":
		if len(segs) >= 3 && segs[1].To == mi.From() && !ncSameLine(segs[0], segs[2]) {
			return say(fmt.Sprintf("第一跳跨出去，第二跳回到出发点 %s，第三跳换一条线跨走。", from),
				fmt.Sprintf("the first jump goes out, the second comes back to the start %s, and the third leaves along another line.", from))
		}
	case "numchess.tactic.branch", "numchess.tactic.both":
		if j, i, ok := ncBranch(segs); ok {
			a, b, c := ncJump(j), ncJump(i), ncJump(i+1)
			zh := fmt.Sprintf("%s落在%s跨过的两枚棋子之间的 %s，%s从那里拐到另一条线上。", b.ZH, a.ZH, segs[i].To, c.ZH)
			en := fmt.Sprintf("%s lands on %s, between two pieces %s spanned, and %s turns onto another line from there.", b.EN, segs[i].To, a.EN, c.EN)
			if tag == "numchess.tactic.branch" {
				return say(zh, ncCap(en))
			}
			if !ncRetreats(mi) {
				return domain.Text{}
			}
			return say(fmt.Sprintf("第一跳先向反方向跨，第二跳跨回来越过出发点 %s；%s", from, zh),
				fmt.Sprintf("the first jump goes the other way, the second comes back past the start %s; then %s", from, en))
		}
	}
	return domain.Text{}
}

// ncCap writes the first letter of an English phrase as a capital.
func ncCap(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
