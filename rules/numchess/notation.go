package numchess

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"qixue/rules/numchess/arith"
)

// segmentExpr is the text of a segment's expression for notation: its
// display form, or the spanned piece's number when it was omitted.
func segmentExpr(sg Segment) string {
	if sg.Expr != nil {
		return sg.Expr.String()
	}
	if len(sg.Numbers) == 1 {
		return strconv.Itoa(sg.Numbers[0])
	}
	return sg.Value.String()
}

func joinNumbers(ns []int, sep string) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, sep)
}

// Chinese returns the move in the seed's 棋步表达: piece + direction term +
// span term + (expression). A step is "1 右斜进移", a hop "1 右斜进邻", a
// single span "7 右平跨 (2×8−9=7)", and a chain lists each segment's
// direction and spanned numbers, joined with 、, then every segment's
// expression: "2 左平跨 0、右平跨 0,1 (0=0×1)".
func (mi *MoveInfo) Chinese() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d ", mi.Move.Piece)
	switch mi.Kind {
	case Step, Hop:
		b.WriteString(mi.Segments[0].Dir.Chinese() + mi.Kind.Chinese())
	case SingleSpan:
		sg := mi.Segments[0]
		fmt.Fprintf(&b, "%s跨 (%s=%d)", sg.Dir.Chinese(), segmentExpr(sg), mi.Move.Piece)
	default:
		exprs := make([]string, len(mi.Segments))
		for i, sg := range mi.Segments {
			if i > 0 {
				b.WriteString("、")
			}
			fmt.Fprintf(&b, "%s跨 %s", sg.Dir.Chinese(), joinNumbers(sg.Numbers, ","))
			exprs[i] = segmentExpr(sg)
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(exprs, "="))
	}
	return b.String()
}

// English returns the move in words: "1 steps forward-right", "1 hops
// forward-right over 3", "7 spans right over 2, 8, 9 (2×8−9 = 7)", "8 spans
// forward-left over 6, 2, then left over 4 (6−2 = 4)".
func (mi *MoveInfo) English() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d ", mi.Move.Piece)
	sg0 := mi.Segments[0]
	switch mi.Kind {
	case Step:
		fmt.Fprintf(&b, "steps %s", sg0.Dir)
	case Hop:
		fmt.Fprintf(&b, "hops %s over %d", sg0.Dir, sg0.Numbers[0])
	case SingleSpan:
		fmt.Fprintf(&b, "spans %s over %s (%s = %d)", sg0.Dir, joinNumbers(sg0.Numbers, ", "), segmentExpr(sg0), mi.Move.Piece)
	default:
		exprs := make([]string, len(mi.Segments))
		for i, sg := range mi.Segments {
			if i == 0 {
				b.WriteString("spans ")
			} else {
				b.WriteString(", then ")
			}
			fmt.Fprintf(&b, "%s over %s", sg.Dir, joinNumbers(sg.Numbers, ", "))
			exprs[i] = segmentExpr(sg)
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(exprs, " = "))
	}
	return b.String()
}

// Machine returns the move's machine form, with the expressions the player
// gave (see Move.String).
func (mi *MoveInfo) Machine() string { return mi.Move.String() }

// direction terms, longest first so 左斜进 is not read as 左.
var chineseDirs = []struct {
	term string
	dir  Direction
}{
	{"左斜进", ForwardLeft}, {"左斜進", ForwardLeft}, {"右斜进", ForwardRight}, {"右斜進", ForwardRight},
	{"左斜退", BackLeft}, {"右斜退", BackRight}, {"左平", Left}, {"右平", Right},
}

// ParseChinese reads a move in the Chinese form printed by
// MoveInfo.Chinese, for the side to move in pos. It accepts traditional
// characters (進 鄰), spaces anywhere, full-width brackets and commas, the
// spanned numbers written or left out, and the expressions in the
// brackets joined by = (a single span may end with "=piece"). Where the
// numbers are left out, the number of digits in the segment's expression
// says how many pieces it spans. The move is not checked: pass it to
// Engine.Play. The error is a *ParseError with code "bad_notation" or
// "bad_expression".
func ParseChinese(pos Position, s string) (Move, error) {
	var m Move
	bad := func(en, zh string) (Move, error) {
		return Move{}, &ParseError{code: "bad_notation", Input: s, en: en, zh: zh}
	}
	t := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		switch r {
		case '（':
			return '('
		case '）':
			return ')'
		case '，':
			return ','
		case '＝':
			return '='
		case '鄰':
			return '邻'
		case '進':
			return '进'
		}
		if r >= '０' && r <= '９' {
			return r - '０' + '0'
		}
		return r
	}, s)
	if t == "" || t[0] < '0' || t[0] > '9' {
		return bad("the move must start with the piece's number", "棋步应以棋子号码开头")
	}
	m.Piece = int(t[0] - '0')
	t = t[1:]
	side := pos.turn
	start := pos.pieces[side][m.Piece]
	if !start.Valid() {
		en, zh := sideName(side)
		return bad(fmt.Sprintf("%s has no %d on the board", en, m.Piece), fmt.Sprintf("%s的 %d 号棋子不在棋盘上", zh, m.Piece))
	}
	m.From = start
	var parts []string
	if i := strings.IndexByte(t, '('); i >= 0 {
		if !strings.HasSuffix(t, ")") {
			return bad("the expressions must be closed with ')'", "算式的括号没有闭合")
		}
		parts = strings.Split(t[i+1:len(t)-1], "=")
		t = t[:i]
	}
	type segText struct {
		dir     Direction
		kind    string
		numbers []int
	}
	var segs []segText
	for _, st := range strings.Split(t, "、") {
		var sg segText
		found := false
		for _, cd := range chineseDirs {
			if rest, ok := strings.CutPrefix(st, cd.term); ok {
				sg.dir, st, found = cd.dir, rest, true
				break
			}
		}
		if !found {
			return bad(fmt.Sprintf("%q does not start with a direction (左平, 右平, 左斜进, 右斜进, 左斜退, 右斜退)", st),
				fmt.Sprintf("“%s”没有以方向术语开头（左平、右平、左斜进、右斜进、左斜退、右斜退）", st))
		}
		switch {
		case strings.HasPrefix(st, "移"), strings.HasPrefix(st, "邻"), strings.HasPrefix(st, "跨"):
			r := []rune(st)
			sg.kind, st = string(r[0]), string(r[1:])
		default:
			return bad(fmt.Sprintf("%q: the direction must be followed by 移, 邻 or 跨", st), fmt.Sprintf("“%s”：方向后面应是移、邻或跨", st))
		}
		if st != "" {
			if sg.kind != "跨" {
				return bad(fmt.Sprintf("unexpected %q after %s", st, sg.kind), fmt.Sprintf("%s后面多了“%s”", sg.kind, st))
			}
			for _, f := range strings.Split(st, ",") {
				if len(f) != 1 || f[0] < '0' || f[0] > '9' {
					return bad(fmt.Sprintf("%q is not a piece number", f), fmt.Sprintf("“%s”不是棋子号码", f))
				}
				sg.numbers = append(sg.numbers, int(f[0]-'0'))
			}
		}
		segs = append(segs, sg)
	}
	if len(segs) > 1 || segs[0].kind == "跨" {
		for _, sg := range segs {
			if sg.kind != "跨" {
				return bad("a chain is made of spans (跨) only", "连跨只能由跨组成")
			}
		}
	}
	if segs[0].kind != "跨" {
		if len(parts) > 0 {
			return bad("a step or hop has no expression", "移和邻不写算式")
		}
		q := Neighbour(start, side, segs[0].dir)
		if segs[0].kind == "邻" {
			q = Neighbour(q, side, segs[0].dir)
		}
		if !q.Valid() {
			return bad("that direction leaves the board", "这个方向走出了棋盘")
		}
		m.Path = []Point{q}
		return m, nil
	}
	// Expressions: one per segment, optionally followed by the value.
	exprs := make([]*arith.Expr, len(parts))
	for i, p := range parts {
		e, err := arith.Parse(p)
		if err != nil {
			return Move{}, &ParseError{code: "bad_expression", Input: p, err: err,
				en: fmt.Sprintf("expression %d: %v", i+1, err), zh: fmt.Sprintf("第%d个算式：%s", i+1, messageOf(err, "zh-CN"))}
		}
		exprs[i] = e
	}
	if len(exprs) == len(segs)+1 {
		exprs = exprs[:len(segs)] // the trailing "=value"
	}
	if len(exprs) != 0 && len(exprs) != len(segs) {
		return bad(fmt.Sprintf("%d jumps but %d expressions", len(segs), len(exprs)), fmt.Sprintf("跳了 %d 次，却写了 %d 个算式", len(segs), len(exprs)))
	}
	s0 := start.Index()
	cur := s0
	for i, sg := range segs {
		k := len(sg.numbers)
		if k == 0 {
			if len(exprs) == 0 {
				jen, jzh := jumpName(i + 1)
				return bad(jen+": give the spanned numbers or an expression", jzh+"：请写出被跨的号码或算式")
			}
			k = len(exprs[i].Digits())
		}
		dir := absDir[side][sg.dir]
		j, met := cur, 0
		var got []int
		for met < k {
			j = int(geo.nb[j][dir])
			if j < 0 {
				jen, jzh := jumpName(i + 1)
				return bad(fmt.Sprintf("%s: there are not %d pieces %s of %s", jen, k, sg.dir, pt(cur)),
					fmt.Sprintf("%s：%s 的%s方向没有 %d 枚棋子", jzh, pt(cur), sg.dir.Chinese(), k))
			}
			if j != s0 && pos.at[j] != 0 {
				met++
				got = append(got, int(pos.at[j]-1)%10)
			}
		}
		if sg.numbers != nil && !sameMultiset(got, sg.numbers) {
			jen, jzh := jumpName(i + 1)
			return bad(fmt.Sprintf("%s: the pieces there are %s, not %s", jen, joinNumbers(got, ","), joinNumbers(sg.numbers, ",")),
				fmt.Sprintf("%s：那里的棋子是 %s，不是 %s", jzh, joinNumbers(got, ","), joinNumbers(sg.numbers, ",")))
		}
		land := int(geo.nb[j][dir])
		if land < 0 {
			jen, jzh := jumpName(i + 1)
			return bad(jen+": the span would leave the board", jzh+"：跨出了棋盘")
		}
		m.Path = append(m.Path, pt(land))
		cur = land
	}
	if len(exprs) > 0 {
		m.Exprs = exprs
	}
	return m, nil
}

func sameMultiset(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	var c [10]int
	for _, x := range a {
		c[x]++
	}
	for _, x := range b {
		c[x]--
	}
	return c == [10]int{}
}
