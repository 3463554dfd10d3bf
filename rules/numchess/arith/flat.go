package arith

// Flat rules: + and − (either or both) with no brackets, no × ÷ and no
// power or fraction, so every expression is a run of terms read left to
// right, t1 ± t2 ± …, each term one digit or digits joined (组大数). K1 is
// such a ruleset. Since the operand order is free, the values are exactly
// the sums ΣP − ΣM over the ways to cut the digits into terms and split
// the terms into added ones P (at least one: the first term has no sign)
// and subtracted ones M, where P has one term without +, M is empty
// without −, and without negative values the sum is at least 0 (the added
// terms first keep every partial result at or above it). Deciding this
// takes a subset-sum over the terms, not the solver's tables over every
// sub-multiset, which for ten or more digits take seconds.

// flat reports whether r's expressions are flat runs of terms.
func (r Rules) flat() bool {
	return !r.Parens && !r.Mul && !r.Div && !r.Power && !r.Fraction && (r.Add || r.Sub)
}

// flatState is one way to cut some digits into signed terms: their sum,
// the number of added terms (capped at 2) and of subtracted terms (capped
// at 1).
type flatState struct {
	sum    int64
	np, nm int8
}

// flatValues returns the whole numbers a flat ruleset makes from key.
func (t *tier) flatValues(key uint64, b *budget) map[int64]bool {
	t.mu.Lock()
	vs, ok := t.flatMemo[key]
	t.mu.Unlock()
	if ok {
		return vs
	}
	r := t.rules
	memo := map[uint64][]flatState{}
	var states func(key uint64) []flatState
	states = func(key uint64) []flatState {
		if key == 0 {
			return []flatState{{}}
		}
		if s, ok := memo[key]; ok {
			return s
		}
		// The term holding the smallest digit left: that digit alone, or
		// joined with others (every order without a leading zero).
		low := 0
		for keyCount(key, low) == 0 {
			low++
		}
		seen := map[flatState]bool{}
		var out []flatState
		rest := key - 1<<(4*low)
		for _, other := range append([]uint64{0}, joinParts(rest, r)...) {
			term := 1<<(4*low) + other
			for _, l := range t.leaves(term) {
				sub := states(key - term)
				b.spend(len(sub))
				for _, s := range sub {
					for _, minus := range []bool{false, true} {
						n := s
						if minus {
							n.sum -= l.val.Num
							n.nm = 1
						} else {
							n.sum += l.val.Num
							n.np = min(n.np+1, 2)
						}
						if !seen[n] {
							seen[n] = true
							out = append(out, n)
						}
					}
				}
			}
		}
		memo[key] = out
		return out
	}
	vs = map[int64]bool{}
	for _, s := range states(key) {
		if s.np == 0 || (s.np > 1 && !r.Add) || (s.nm > 0 && !r.Sub) || (!r.Negative && s.sum < 0) {
			continue
		}
		vs[s.sum] = true
	}
	t.mu.Lock()
	if t.flatMemo == nil || len(t.flatMemo) >= flatMemoLimit {
		t.flatMemo = map[uint64]map[int64]bool{}
	}
	t.flatMemo[key] = vs
	t.mu.Unlock()
	return vs
}

// flatMemoLimit bounds the multisets whose flat values a tier keeps.
const flatMemoLimit = 1 << 12

// joinParts returns the non-empty sub-multisets of key small enough to
// join with one more digit into a term (at most MaxConcatDigits−1
// digits), or none when r joins no digits.
func joinParts(key uint64, r Rules) []uint64 {
	if !r.Concat || key == 0 {
		return nil
	}
	var out []uint64
	for _, a := range append(subKeys(key), key) {
		if keySize(a) <= r.maxConcat()-1 {
			out = append(out, a)
		}
	}
	return out
}

// flatHas reports whether a flat ruleset makes v from key.
func (t *tier) flatHas(key uint64, v Rat, b *budget) bool {
	return v.Den == 1 && t.flatValues(key, b)[v.Num]
}
