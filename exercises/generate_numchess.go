package exercises

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// ncBandRuleset returns the preset ruleset of a band.
func ncBandRuleset(band Band) (numchess.Ruleset, error) {
	if _, err := ParseBand(string(band)); err != nil {
		return numchess.Ruleset{}, err
	}
	return numchess.RulesetByName(string(band))
}

// ncMarshal encodes a prompt or solution document.
func ncMarshal(v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain structs and maps are marshalled
	}
	return data
}

// ncJoinDigits writes digits as "9、5、4" and "9, 5 and 4".
func ncJoinDigits(digits []int) domain.Text {
	s := make([]string, len(digits))
	for i, d := range digits {
		s[i] = strconv.Itoa(d)
	}
	en := strings.Join(s, ", ")
	if len(s) > 1 {
		en = strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
	}
	return domain.Text{ZH: strings.Join(s, "、"), EN: en}
}

// ncRulesHint says in a child's words what a ruleset's arithmetic allows.
func ncRulesHint(rs numchess.Ruleset) domain.Text {
	if !rs.Mul {
		return domain.Text{
			ZH: "只能用加号和减号，可以把两个数连起来组成大数（比如 1 和 2 组成 12），中间不能出现负数。",
			EN: "Use only + and −; you may join two digits into a bigger number (1 and 2 make 12). No negative numbers along the way.",
		}
	}
	t := domain.Text{
		ZH: "可以用 + − × ÷ 和括号，还可以组大数（12）、组乘方（2³）和组分数（2/5）",
		EN: "You may use + − × ÷ and brackets, join digits (12), make powers (2³) and fractions (2/5)",
	}
	if rs.Negative {
		return domain.Text{ZH: t.ZH + "，中间可以出现负数。", EN: t.EN + "; negative numbers along the way are fine."}
	}
	return domain.Text{ZH: t.ZH + "，中间不能出现负数。", EN: t.EN + "; no negative numbers along the way."}
}

// ncExprFeatures returns the skill tags an expression exercises: add_sub
// or mul_div, then parens, concat, power, fraction and negative as used.
func ncExprFeatures(e *arith.Expr, rs numchess.Ruleset) []string {
	s := e.String()
	var tags []string
	if strings.ContainsAny(s, "×÷") {
		tags = append(tags, "numchess.arith.mul_div")
	} else {
		tags = append(tags, "numchess.arith.add_sub")
	}
	if strings.Contains(s, "(") {
		tags = append(tags, "numchess.arith.parens")
	}
	digitRun := 0
	concat := false
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digitRun++
			concat = concat || digitRun > 1
		} else {
			digitRun = 0
		}
	}
	if concat {
		tags = append(tags, "numchess.arith.concat")
	}
	if ncUses(e, "power") {
		tags = append(tags, "numchess.arith.power")
	}
	if ncUses(e, "fraction") { // 6/3 is the division 6 ÷ 3
		tags = append(tags, "numchess.arith.fraction")
	}
	if rs.Negative {
		noNeg := rs.Rules
		noNeg.Negative = false
		if v, err := e.Eval(); err == nil && arith.Check(e, e.Digits(), v, noNeg) != nil {
			tags = append(tags, "numchess.arith.negative")
		}
	}
	return tags
}

// ncExpressionGenerator makes numchess.expression exercises: digits and a
// target per band (K1: 2-3 digits, G23: 2-4, G46: 3-5; targets 0-9, the
// number of a moving piece), kept only when the band's solver finds an
// expression. Difficulty grows with the operand count and with what the
// simplest expression needs (× ÷, brackets, joined numbers, powers,
// fractions, negative values).
type ncExpressionGenerator struct{}

func (ncExpressionGenerator) Kind() string { return "numchess.expression" }

// ncExpressionSizes are the operand counts each band draws from.
var ncExpressionSizes = map[Band][]int{K1: {2, 2, 3}, G23: {2, 3, 3, 4}, G46: {3, 3, 4, 4, 5}}

func (g ncExpressionGenerator) Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error) {
	rs, err := ncBandRuleset(band)
	if err != nil {
		return nil, err
	}
	solver := ncEngine(rs).Solver()
	seen := map[string]bool{}
	var out []Exercise
	for tries := 0; len(out) < count && tries < 50*count+100; tries++ {
		sizes := ncExpressionSizes[band]
		target := rng.IntN(10)
		n := sizes[rng.IntN(len(sizes))]
		var digits []int
		var w *arith.Expr
		switch feature := ncExpressionFeature(rng, band); feature {
		case "":
			digits = ncSpannedPieces(rng, target, n)
		default:
			for range 40 { // most draws make no whole target 0-9
				if w, target = ncFeatureExpression(rng, rs, feature, n); w != nil {
					break
				}
			}
			if w == nil {
				continue
			}
			digits = w.Digits()
			sort.Sort(sort.Reverse(sort.IntSlice(digits)))
		}
		if !ncPiecesCanExist(digits, target) {
			continue
		}
		key := fmt.Sprint(digits, target)
		if seen[key] {
			continue
		}
		seen[key] = true
		if w == nil {
			var ok bool
			if w, ok = solver.Solve(digits, arith.Int(int64(target))); !ok {
				continue
			}
		}
		if band == G23 && !ncUnitFractionsOnly(w) {
			continue // grades 2-3 take only a unit fraction of a whole (1/2 of 8)
		}
		if len(ncGrade6Steps(w)) > 0 {
			continue // practice outside the lessons stays inside grade 4-5 maths
		}
		ex, err := g.exercise(band, rs, digits, target, w)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// ncExpressionFeature picks what an exercise is built around. Grades 4-6
// learn powers and fractions, which a random draw almost never needs (the
// simplest expression avoids them), so a third of their exercises are
// built around a power and a third around a fraction. Grades 2-3 meet
// fractions only as a unit fraction of a whole (1/2 × 8, half of 8): one
// exercise in ten is built that way. Grade 1 draws only.
func ncExpressionFeature(rng *rand.Rand, band Band) string {
	switch band {
	case G46:
		return [...]string{"", "power", "fraction"}[rng.IntN(3)]
	case G23:
		if rng.IntN(10) == 0 {
			return "unit_fraction"
		}
	}
	return ""
}

// ncFeatureExpression builds a random expression over n pieces around one
// power (a², a³ with a ≥ 2), one fraction (a/b that is not a whole number)
// or one unit fraction times a whole it divides (1/b × m), joining the
// other pieces with the band's operators. It returns the expression and
// its value, the target, or nil when the draw makes no target (not a
// whole number 0-9, or not valid under rs).
func ncFeatureExpression(rng *rand.Rand, rs numchess.Ruleset, feature string, n int) (*arith.Expr, int) {
	type item struct {
		s    string
		prec int // 1 for + −, 2 for × ÷, 3 for a number, power or fraction
		frac bool
	}
	digit := func(lo int) string { return strconv.Itoa(lo + rng.IntN(10-lo)) }
	var items []item
	switch feature {
	case "power":
		base := 2 + rng.IntN(8)
		exp := 2 + rng.IntN(2)
		if exp == 3 && base > 4 {
			exp = 2 // 5³ = 125 and more leave nothing for the other pieces to make 0-9
		}
		items = append(items, item{s: fmt.Sprintf("%d^%d", base, exp), prec: 3})
		n-- // one item over two pieces
	case "fraction":
		a, b := 1+rng.IntN(9), 2+rng.IntN(8)
		if a%b == 0 {
			return nil, 0
		}
		items = append(items, item{s: fmt.Sprintf("%d/%d", a, b), prec: 3, frac: true})
		n--
	case "unit_fraction":
		b := 2 + rng.IntN(4)
		m := b * (1 + rng.IntN(9/b))
		if m == b || m < 4 {
			return nil, 0 // 1/2 × 2 is no "half of" worth teaching
		}
		items = append(items, item{s: fmt.Sprintf("1/%d*%d", b, m), prec: 2})
		n -= 2 // the product is one item over three pieces
	}
	for len(items) < n {
		items = append(items, item{s: digit(0), prec: 3})
	}
	ops := []string{"+", "-", "*", "÷"} // ÷, not /: a / between two digits reads as a fraction
	if feature == "unit_fraction" {
		ops = ops[:2] // keep the half-of-8 product whole and in front
	}
	for len(items) > 1 {
		i := rng.IntN(len(items))
		j := rng.IntN(len(items) - 1)
		if j >= i {
			j++
		}
		if feature == "unit_fraction" && j == 0 {
			i, j = j, i
		}
		l, r := items[i], items[j]
		op := ops[rng.IntN(len(ops))]
		prec := 1
		if op == "*" || op == "÷" {
			prec = 2
		}
		ls, rsx := l.s, r.s
		if l.prec < prec {
			ls = "(" + ls + ")"
		}
		if r.prec < prec || (r.prec == prec && (op == "-" || op == "÷")) || (op == "÷" && r.frac) {
			rsx = "(" + rsx + ")"
		}
		joined := item{s: ls + op + rsx, prec: prec}
		items[min(i, j)] = joined
		items = append(items[:max(i, j)], items[max(i, j)+1:]...)
	}
	e, err := arith.Parse(items[0].s)
	if err != nil {
		return nil, 0
	}
	v, err := e.Eval()
	if err != nil || !v.IsInt() || v.Num < 0 || v.Num > 9 {
		return nil, 0
	}
	if arith.Check(e, e.Digits(), v, rs.Rules) != nil || ncTimesZero.MatchString(e.String()) {
		return nil, 0
	}
	return e, int(v.Num)
}

// ncMoveUnitFractionsOnly is ncUnitFractionsOnly for every segment of a
// move.
func ncMoveUnitFractionsOnly(mi *numchess.MoveInfo) bool {
	for _, seg := range mi.Segments {
		if seg.Expr != nil && !ncUnitFractionsOnly(seg.Expr) {
			return false
		}
	}
	return true
}

// ncTimesZero matches a piece 0 multiplied or divided: it wipes out the
// power or fraction the exercise is about (0 ÷ (8² − 5)).
var ncTimesZero = regexp.MustCompile(`(^|[^0-9])0[×÷]|[×÷]0($|[^0-9/])`)

// ncFractionTerm finds the fractions of an expression's display form and
// the numbers either side of them: "1/2×8" -> "", "1", "2", "×8".
var ncFractionTerm = regexp.MustCompile(`([×÷+−(]?)(\d+)/(\d+)([×÷]?\d*)`)

// ncUnitFractionsOnly reports whether every fraction in e is what grades
// 2-3 learn: a unit fraction 1/b multiplied by a whole number up to 20
// that b divides (1/2 × 8 is half of 8, which is 4), written next to it,
// or a fraction that is a whole number (6/3, read as 6 ÷ 3).
func ncUnitFractionsOnly(e *arith.Expr) bool {
	for _, m := range ncFractionTerm.FindAllStringSubmatch(e.String(), -1) {
		a, _ := strconv.Atoi(m[2])
		b, _ := strconv.Atoi(m[3])
		if b != 0 && a%b == 0 {
			continue // 6/3 is the division 6 ÷ 3, a whole number
		}
		if m[2] != "1" || b < 2 {
			return false
		}
		whole := 0
		switch {
		case strings.HasPrefix(m[4], "×") && len(m[4]) > len("×"):
			whole, _ = strconv.Atoi(m[4][len("×"):])
		default:
			return false
		}
		if whole == 0 || whole > 20 || whole%b != 0 {
			return false
		}
	}
	return true
}

// ncSpannedPieces draws n numbers of pieces that piece mover could span,
// largest first. The board holds each number twice, once per side, and
// the mover is one of its number's two pieces, so no number is drawn more
// than twice and the mover's number at most once.
func ncSpannedPieces(rng *rand.Rand, mover, n int) []int {
	pool := make([]int, 0, 19)
	for d := range 10 {
		pool = append(pool, d)
		if d != mover {
			pool = append(pool, d)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	digits := pool[:n]
	sort.Sort(sort.Reverse(sort.IntSlice(digits)))
	return digits
}

// ncPiecesCanExist reports whether the pieces spanned can stand on one
// board beside the moving piece: each number at most twice, the mover's
// number at most once.
func ncPiecesCanExist(digits []int, mover int) bool {
	var count [10]int
	count[mover%10]++
	for _, d := range digits {
		if d < 0 || d > 9 {
			return false
		}
		count[d]++
		if count[d] > 2 {
			return false
		}
	}
	return true
}

// ncMustUseNote tells a child, after the rules of the band, which
// combining rule an exercise with must_use requires.
var ncMustUseNote = map[string]domain.Text{
	"power":    {ZH: "这题一定要用上组乘方（比如 2³）。", EN: " This one must use a power (like 2³)."},
	"fraction": {ZH: "这题一定要用上分数（比如 1/2），用 ÷ 不算。", EN: " This one must use a fraction (like 1/2); ÷ does not count."},
}

// exercise builds and validates one exercise from a solved puzzle.
func (ncExpressionGenerator) exercise(band Band, rs numchess.Ruleset, digits []int, target int, w *arith.Expr) (Exercise, error) {
	tags := ncExprFeatures(w, rs)
	difficulty := len(digits) - 1 + len(tags) - 1
	difficulty = max(1, min(5, difficulty))
	ds := ncJoinDigits(digits)
	hint := ncRulesHint(rs)
	// An item about powers or fractions requires them: a fraction can
	// always be written as a division in brackets.
	var mustUse []string
	for _, name := range []string{"power", "fraction"} {
		if ncContains(tags, "numchess.arith."+name) {
			mustUse = append(mustUse, name)
			hint.ZH += ncMustUseNote[name].ZH
			hint.EN += ncMustUseNote[name].EN
		}
	}
	prompt := ncMarshal(ncExpressionPrompt{Ruleset: rs.Name, Digits: digits, Target: int64(target), MustUse: mustUse})
	explanation := domain.Text{
		ZH: fmt.Sprintf("%s = %d，%s 每个数都正好用了一次。", w, target, ds.ZH),
		EN: fmt.Sprintf("%s = %d, using each of %s exactly once.", w, target, ds.EN),
	}
	if m := ncFractionTerm.FindStringSubmatch(w.String()); m != nil && band == G23 && m[1] == "" && m[2] == "1" && strings.HasPrefix(m[4], "×") {
		whole := m[4][len("×"):]
		b, _ := strconv.Atoi(m[3])
		n, _ := strconv.Atoi(whole)
		explanation.ZH += fmt.Sprintf("1/%d × %s 就是把 %s 平均分成 %d 份，取 1 份：%d。", b, whole, whole, b, n/b)
		explanation.EN += fmt.Sprintf(" 1/%d × %s means %s shared into %d equal parts, one part: %d.", b, whole, whole, b, n/b)
	}
	solution := ncMarshal(ncExpressionSolution{Expression: w.String(), Explanation: explanation})
	ex := Exercise{
		Kind: "numchess.expression",
		Title: domain.Text{
			ZH: fmt.Sprintf("用 %s 算出 %d", ds.ZH, target),
			EN: fmt.Sprintf("Make %d from %s", target, ds.EN),
		},
		Body: domain.Text{
			ZH: fmt.Sprintf("%d 号棋子要跨过 %s 这几枚棋子。写一个算式：每个数正好用一次，结果等于 %d。\n\n%s", target, ds.ZH, target, hint.ZH),
			EN: fmt.Sprintf("Piece %d wants to span the pieces %s. Write an expression that uses each number exactly once and makes %d.\n\n%s", target, ds.EN, target, hint.EN),
		},
		Prompt: prompt, Solution: solution, Difficulty: difficulty, Band: band, Tags: tags,
	}
	if err := (numchessExpression{}).Validate(prompt, solution); err != nil {
		return Exercise{}, fmt.Errorf("generated %s: %w", prompt, err)
	}
	return ex, nil
}

// ncContains reports whether list holds s.
func ncContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
