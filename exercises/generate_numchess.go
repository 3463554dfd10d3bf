package exercises

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

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
func ncJoinDigits(digits []int) Text {
	s := make([]string, len(digits))
	for i, d := range digits {
		s[i] = strconv.Itoa(d)
	}
	en := strings.Join(s, ", ")
	if len(s) > 1 {
		en = strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
	}
	return Text{ZH: strings.Join(s, "、"), EN: en}
}

// ncRulesHint says in a child's words what a ruleset's arithmetic allows.
func ncRulesHint(rs numchess.Ruleset) Text {
	if !rs.Mul {
		return Text{
			ZH: "只能用加号和减号，可以把两个数连起来组成大数（比如 1 和 2 组成 12），中间不能出现负数。",
			EN: "Use only + and −; you may join two digits into a bigger number (1 and 2 make 12). No negative numbers along the way.",
		}
	}
	t := Text{
		ZH: "可以用 + − × ÷ 和括号，还可以组大数（12）、组乘方（2³）和组分数（2/5）",
		EN: "You may use + − × ÷ and brackets, join digits (12), make powers (2³) and fractions (2/5)",
	}
	if rs.Negative {
		return Text{ZH: t.ZH + "，中间可以出现负数。", EN: t.EN + "; negative numbers along the way are fine."}
	}
	return Text{ZH: t.ZH + "，中间不能出现负数。", EN: t.EN + "; no negative numbers along the way."}
}

// ncExprFeatures returns the skill tags an expression exercises and how
// many of them go beyond + and −.
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
	if strings.ContainsAny(s, "²³") {
		tags = append(tags, "numchess.arith.power")
	}
	if strings.Contains(s, "/") {
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
		digits := make([]int, sizes[rng.IntN(len(sizes))])
		for i := range digits {
			digits[i] = rng.IntN(10)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(digits)))
		target := rng.IntN(10)
		key := fmt.Sprint(digits, target)
		if seen[key] {
			continue
		}
		seen[key] = true
		w, ok := solver.Solve(digits, arith.Int(int64(target)))
		if !ok {
			continue
		}
		ex, err := g.exercise(band, rs, digits, target, w)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// exercise builds and validates one exercise from a solved puzzle.
func (ncExpressionGenerator) exercise(band Band, rs numchess.Ruleset, digits []int, target int, w *arith.Expr) (Exercise, error) {
	tags := ncExprFeatures(w, rs)
	difficulty := len(digits) - 1 + len(tags) - 1
	difficulty = max(1, min(5, difficulty))
	ds := ncJoinDigits(digits)
	hint := ncRulesHint(rs)
	prompt := ncMarshal(ncExpressionPrompt{Ruleset: rs.Name, Digits: digits, Target: int64(target)})
	solution := ncMarshal(ncExpressionSolution{Expression: w.String(), Explanation: Text{
		ZH: fmt.Sprintf("%s = %d，%s 每个数都正好用了一次。", w, target, ds.ZH),
		EN: fmt.Sprintf("%s = %d, using each of %s exactly once.", w, target, ds.EN),
	}})
	ex := Exercise{
		Kind: "numchess.expression",
		Title: Text{
			ZH: fmt.Sprintf("用 %s 算出 %d", ds.ZH, target),
			EN: fmt.Sprintf("Make %d from %s", target, ds.EN),
		},
		Body: Text{
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
