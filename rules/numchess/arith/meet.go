package arith

import (
	"context"
	"slices"
)

// meetTableMax is the largest sub-multiset whose whole table Meet builds
// and reads; a larger part is asked about the values it would need,
// recursively.
const meetTableMax = 5

// Meet reports, for each of vals, whether some expression over exactly
// operands, valid under the solver's rules, has that value: the same
// answers as CanMake (and Reachable), decided for many values at once.
//
// For a multiset of more than five operands it never lists the
// multiset's own values (a six-digit G46 multiset makes about 90,000).
// Instead, for each split of the operands into two parts, the smaller of
// at most five operands, and each operator, it either combines the two
// parts' tables (when that is cheaper) or, for each value still open,
// works out the operand the other part would need and looks it up, or,
// when the other part is itself long, asks it about all those operands
// at once, recursively. The few values whose needed operand cannot be
// worked out (0×y = 0, an inverse that overflows) are decided one by one
// as CanMake does.
func (s *Solver) Meet(operands []int, vals []Rat) []bool {
	return s.meet(operands, vals, nil)
}

// MeetContext is Meet that gives up when ctx is done, returning ctx's
// error; the answers of later calls are unchanged (see CanMakeContext).
func (s *Solver) MeetContext(ctx context.Context, operands []int, vals []Rat) ([]bool, error) {
	b := newBudget(ctx)
	var out []bool
	if err := b.run(func() { out = s.meet(operands, vals, b) }); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Solver) meet(operands []int, vals []Rat, b *budget) []bool {
	out := make([]bool, len(vals))
	key, ok := packKey(operands)
	if !ok {
		return out
	}
	cands := make([]Rat, len(vals))
	idx := make([]int, 0, len(vals))
	for i, v := range vals {
		if t, possible := s.target(v); possible {
			cands[len(idx)] = t
			idx = append(idx, i)
		}
	}
	found := s.tiers[len(s.tiers)-1].meet(key, cands[:len(idx)], ctxLeftAdd, b)
	for j, i := range idx {
		out[i] = found[j]
	}
	return out
}

// allowed reports whether a value of shape cls may stand in context ctx.
func (t *tier) allowed(ctx, cls int) bool { return t.rules.Parens || !needs[ctx][cls] }

// meet reports which of cands key can make standing in context ctx.
func (t *tier) meet(key uint64, cands []Rat, ctx int, bud *budget) []bool {
	found := make([]bool, len(cands))
	if len(cands) == 0 {
		return found
	}
	if t.rules.flat() && ctx == ctxLeftAdd {
		for i, c := range cands {
			found[i] = t.flatHas(key, c, bud)
		}
		return found
	}
	if tb := t.tableFor(key, bud); tb != nil {
		bud.spend(len(cands))
		for i, c := range cands {
			if j, ok := tb.find(c); ok && tb.ctx[j][ctx] < inf {
				found[i] = true
			}
		}
		return found
	}
	r := t.rules
	at := make(map[Rat][]int, len(cands)) // open value → its indices
	for i, c := range cands {
		if !r.Negative && c.Num < 0 {
			continue
		}
		at[c] = append(at[c], i)
	}
	hit := func(v Rat) {
		for _, i := range at[v] {
			found[i] = true
		}
		delete(at, v)
	}
	for _, l := range t.leaves(key) {
		if t.allowed(ctx, l.cls) {
			hit(l.val)
		}
	}
	scan := map[Rat]bool{} // open values to decide one by one
	for _, a := range meetSplits(key) {
		if len(at) == 0 {
			break
		}
		b := key - a
		ta := t.get(a, bud)
		tb := t.tableFor(b, bud)
		// When b has no table: per context b stands in, the operands it
		// must make → the open values each would give.
		need := map[int]map[Rat][]Rat{}
		for _, k := range ops {
			if !r.allows(k) || !t.allowed(ctx, opClass(k)) || len(at) == 0 {
				continue
			}
			lc, rc := opContexts(k)
			// The small part a stands on the left (aLeft) or on the right.
			for _, aLeft := range []bool{true, false} {
				ac, bc := lc, rc
				if !aLeft {
					ac, bc = rc, lc
				}
				combine := func(x, y Rat) (Rat, bool) {
					if aLeft {
						return apply(k, x, y)
					}
					return apply(k, y, x)
				}
				if tb != nil && len(ta.vals)*len(tb.vals) <= len(ta.vals)*len(at)*2 {
					// Combining the two tables is cheaper than the inverses.
					for i, x := range ta.vals {
						if ta.ctx[i][ac] >= inf || len(at) == 0 {
							continue
						}
						bud.spend(len(tb.vals))
						for j, y := range tb.vals {
							if tb.ctx[j][bc] >= inf {
								continue
							}
							if v, ok := combine(x, y); ok && !(!r.Negative && v.Num < 0) {
								if _, open := at[v]; open {
									hit(v)
								}
							}
						}
					}
					continue
				}
				bn := need[t.ctxKey(bc)]
				if bn == nil && tb == nil {
					bn = map[Rat][]Rat{}
					need[t.ctxKey(bc)] = bn
				}
				for c := range at {
					bud.spend(len(ta.vals))
					for i, x := range ta.vals {
						if ta.ctx[i][ac] >= inf {
							continue
						}
						var y Rat
						var how int
						if aLeft {
							y, how = rightFor(k, x, c)
						} else {
							y, how = leftFor(k, x, c)
						}
						switch how {
						case invScan:
							scan[c] = true
							continue
						case invNone:
							continue
						}
						if w, ok := combine(x, y); !ok || w != c {
							continue
						}
						if !r.Negative && y.Num < 0 {
							continue
						}
						if tb != nil {
							if j, ok := tb.find(y); ok && tb.ctx[j][bc] < inf {
								hit(c)
								break
							}
							continue
						}
						bn[y] = append(bn[y], c)
					}
				}
			}
		}
		for bc, bn := range need {
			ys := make([]Rat, 0, len(bn))
			for y := range bn {
				ys = append(ys, y)
			}
			for i, ok := range t.meet(b, ys, bc, bud) {
				if ok {
					for _, c := range bn[ys[i]] {
						hit(c)
					}
				}
			}
		}
	}
	for c := range scan {
		if _, open := at[c]; open && t.existsIn(key, c, ctx, bud) {
			hit(c)
		}
	}
	return found
}

// ctxKey returns ctx, or ctxLeftAdd when brackets are allowed: then a
// value may stand in every context, so all contexts ask the same question.
func (t *tier) ctxKey(ctx int) int {
	if t.rules.Parens {
		return ctxLeftAdd
	}
	return ctx
}

// tableFor returns key's table when meet reads it whole: small keys,
// small tiers, and tables already in the memo.
func (t *tier) tableFor(key uint64, b *budget) *table {
	if keySize(key) <= meetTableMax || t.small {
		return t.get(key, b)
	}
	t.mu.Lock()
	tb := t.memo[key]
	t.mu.Unlock()
	return tb
}

// meetSplits returns the sub-multisets a of key to split it into a and
// key−a, each unordered split once with a the smaller part (of at most
// meetTableMax operands when key allows): first the splits whose larger
// part has a table too (answered by lookups), then those whose larger
// part is asked recursively; within each group, smaller parts first, as
// they need the fewest lookups for each value.
func meetSplits(key uint64) []uint64 {
	n := keySize(key)
	var out []uint64
	for _, a := range subKeys(key) {
		na := keySize(a)
		if 2*na > n || (2*na == n && a < key-a) {
			continue
		}
		out = append(out, a)
	}
	rank := func(a uint64) int {
		r := keySize(a)
		if n-keySize(a) > meetTableMax {
			r += MaxOperands
		}
		return r
	}
	slices.SortStableFunc(out, func(x, y uint64) int { return rank(x) - rank(y) })
	return out
}

// existsIn reports whether v can be made from key standing in context ctx.
func (t *tier) existsIn(key uint64, v Rat, ctx int, b *budget) bool {
	sr := t.newSearch(true, b)
	sr.decide = true
	_, ok := sr.best(key, v, ctx)
	return ok
}
