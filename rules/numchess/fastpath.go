package numchess

import (
	"strconv"
	"strings"

	"qixue/rules/numchess/arith"
)

// fastMake looks for a quick expression over all of nums with the whole
// value t: every number added or subtracted, optionally with one pair
// joined first (a×b, or the two-digit ab). Pieces in a long line can
// almost always make a small number this way, and the search is a subset
// sum instead of the solver's full enumeration, which takes seconds for
// ten or more pieces. It returns the expression in ASCII form; a false
// answer proves nothing (the caller asks the solver).
//
// The expression puts the added terms first, so with negative values
// forbidden every partial result stays at or above t.
func fastMake(nums []int, t int64, r arith.Rules) (string, bool) {
	if len(nums) < 2 || !r.Add && !r.Sub || t < 0 && !r.Negative {
		return "", false
	}
	terms := make([]term, len(nums))
	for i, n := range nums {
		terms[i] = term{val: n, text: strconv.Itoa(n)}
	}
	if s, ok := signs(terms, t, r); ok {
		return s, true
	}
	for i := 0; i < len(nums); i++ {
		for j := 0; j < len(nums); j++ {
			if i == j || (j < i && nums[i] == nums[j]) {
				continue
			}
			a, b := nums[i], nums[j]
			var joined []term
			if r.Mul && i < j {
				joined = append(joined, term{a * b, strconv.Itoa(a) + "*" + strconv.Itoa(b)})
			}
			if r.Concat && a != 0 && (r.MaxConcatDigits == 0 || r.MaxConcatDigits >= 2) {
				joined = append(joined, term{a*10 + b, strconv.Itoa(a) + strconv.Itoa(b)})
			}
			for _, jt := range joined {
				rest := []term{jt}
				for k, n := range nums {
					if k != i && k != j {
						rest = append(rest, term{val: n, text: strconv.Itoa(n)})
					}
				}
				if len(rest) == 1 {
					if int64(jt.val) == t {
						return jt.text, true
					}
					continue
				}
				if s, ok := signs(rest, t, r); ok {
					return s, true
				}
			}
		}
	}
	return "", false
}

type term struct {
	val  int
	text string
}

// signs chooses + or − for each term (the first term added) so the sum
// is t, by a subset sum over the subtracted terms.
func signs(terms []term, t int64, r arith.Rules) (string, bool) {
	total := 0
	for _, x := range terms {
		total += x.val
	}
	diff := int64(total) - t
	if diff < 0 || diff%2 != 0 {
		return "", false
	}
	want := int(diff / 2)
	// reach[i][s]: the first i terms have a subset summing to s.
	reach := make([][]bool, len(terms)+1)
	reach[0] = make([]bool, want+1)
	reach[0][0] = true
	for i, x := range terms {
		reach[i+1] = make([]bool, want+1)
		for s := 0; s <= want; s++ {
			reach[i+1][s] = reach[i][s] || (s >= x.val && reach[i][s-x.val])
		}
	}
	if !reach[len(terms)][want] {
		return "", false
	}
	minus := make([]bool, len(terms))
	for i, s := len(terms), want; i > 0; i-- {
		if !reach[i-1][s] {
			minus[i-1] = true
			s -= terms[i-1].val
		}
	}
	var plus, sub []string
	for i, x := range terms {
		if minus[i] {
			sub = append(sub, x.text)
		} else {
			plus = append(plus, x.text)
		}
	}
	if len(plus) == 0 && len(sub) > 0 {
		// Every term subtracted: only possible for zero terms; put one first.
		plus, sub = sub[:1], sub[1:]
		if terms[0].val != 0 {
			return "", false
		}
	}
	if (len(plus) > 1 && !r.Add) || (len(sub) > 0 && !r.Sub) {
		return "", false
	}
	s := strings.Join(plus, "+")
	if len(sub) > 0 {
		s += "-" + strings.Join(sub, "-")
	}
	return s, true
}
