package arith

import (
	"strconv"
)

// cand is one way to make a value: a leaf, or op over a split.
type cand struct {
	cost  uint32 // brackets for the context included
	cls   int
	leaf  *leaf
	op    kind
	left  uint64 // left sub-multiset; the right is key − left
	split int    // index of left in subKeys(key)
	x, y  Rat    // the left and right operands' values
}

// before reports whether c is preferred to d: cheaper, or as cheap and
// earlier in enumeration order (leaves, then splits, left values
// ascending, right values ascending, operators + − × ÷).
func (c *cand) before(d *cand) bool {
	if c.cost != d.cost {
		return c.cost < d.cost
	}
	if (c.leaf != nil) != (d.leaf != nil) {
		return c.leaf != nil
	}
	if c.leaf != nil {
		return false // leaves are offered in order; the first stays
	}
	if c.split != d.split {
		return c.split < d.split
	}
	if o := c.x.Cmp(d.x); o != 0 {
		return o < 0
	}
	if o := c.y.Cmp(d.y); o != 0 {
		return o < 0
	}
	return c.op < d.op
}

// tableMax is the largest sub-multiset a search reads from a full table;
// larger ones are searched for the value wanted (unless the tier is
// small, or the table is already in the memo).
const tableMax = 4

// search is one question to a tier: the simplest way to make a value,
// looked for top-down. It memoises the sub-questions it asks.
type search struct {
	t     *tier
	exist bool // any way will do: stop at the first
	// decide: only whether a way exists matters (no witness is built), so
	// any table in the memo may be read.
	decide  bool
	b       *budget // gives up (panics) when its context is done; nil: never
	limit   int     // if > 0, give up (aborted) after this many sub-questions
	work    int
	aborted bool
	memo    map[query]result
}

type query struct {
	key uint64
	v   Rat
	ctx int
}

type result struct {
	c  cand
	ok bool
}

func (t *tier) newSearch(exist bool, b *budget) *search {
	return &search{t: t, exist: exist, b: b, memo: map[query]result{}}
}

// table returns key's table if the search reads it whole: small keys,
// small tiers, and tables already built (which give the same answers, so
// the memo's state never changes one). A first-found search ignores built
// tables, and so does a search with a work limit, so that neither its
// answer nor whether it gives up depends on the memo.
func (s *search) table(key uint64) *table {
	if keySize(key) <= s.t.tableMax || s.t.small {
		return s.t.get(key, s.b)
	}
	if (s.exist && !s.decide) || s.limit > 0 {
		return nil
	}
	s.t.mu.Lock()
	tb := s.t.memo[key]
	s.t.mu.Unlock()
	return tb
}

// sideCost returns the cost of the simplest way to make v from key in
// context ctx, or inf; tb is key's table if the search reads it whole.
func (s *search) sideCost(key uint64, tb *table, v Rat, ctx int) uint32 {
	if tb != nil {
		if i, ok := tb.find(v); ok {
			return tb.ctx[i][ctx]
		}
		return inf
	}
	c, ok := s.best(key, v, ctx)
	if !ok {
		return inf
	}
	return c.cost
}

// best finds the simplest way to make v from key standing in context ctx
// (brackets counted), without building key's own table.
func (s *search) best(key uint64, v Rat, ctx int) (cand, bool) {
	q := query{key, v, ctx}
	if r, ok := s.memo[q]; ok {
		return r.c, r.ok
	}
	c, ok := s.find(key, v, ctx)
	s.memo[q] = result{c, ok}
	return c, ok
}

func (s *search) find(key uint64, v Rat, ctx int) (cand, bool) {
	s.b.spend(1)
	if s.limit > 0 {
		if s.work++; s.work > s.limit {
			s.aborted = true
		}
	}
	if s.aborted {
		return cand{}, false
	}
	r := s.t.rules
	if !r.Negative && v.Num < 0 {
		return cand{}, false
	}
	found := false
	var bestC cand
	consider := func(c cand) {
		if needs[ctx][c.cls] {
			if !r.Parens {
				return
			}
			c.cost += costParens
		}
		if !found || c.before(&bestC) {
			bestC, found = c, true
		}
	}
	for _, l := range s.t.leaves(key) {
		if l.val == v {
			l := l
			consider(cand{cost: l.cost, cls: l.cls, leaf: &l})
			if found && s.exist {
				return bestC, true
			}
		}
	}
	if keySize(key) == 1 {
		return bestC, found
	}
	for si, a := range subKeys(key) {
		if s.aborted {
			return cand{}, false
		}
		b := key - a
		ta, tb := s.table(a), s.table(b)
		if ta == nil && tb == nil {
			// Both sides large (10 or more operands): read the smaller whole.
			if keySize(a) <= keySize(b) {
				ta = s.t.get(a, s.b)
			} else {
				tb = s.t.get(b, s.b)
			}
		}
		for _, k := range ops {
			if !r.allows(k) {
				continue
			}
			lc, rc := opContexts(k)
			cls, oc := opClass(k), opCost(k)
			try := func(x, y Rat, cx, cy uint32) {
				// Check the inverse forwards: it guards ÷0 and rounding-free
				// but overflow-prone inverses.
				if w, ok := apply(k, x, y); !ok || w != v {
					return
				}
				if cx == 0 {
					cx = s.sideCost(a, ta, x, lc)
				}
				if cy == 0 {
					cy = s.sideCost(b, tb, y, rc)
				}
				if cx >= inf || cy >= inf {
					return
				}
				c := cx + cy + oc
				if v.Num < 0 {
					c += costNegative
				}
				consider(cand{cost: c, cls: cls, op: k, left: a, split: si, x: x, y: y})
			}
			// Walk the side with a table (the smaller, if both) and
			// work out the other operand.
			// An operand over m digits costs at least 2m−1 characters; a
			// pair that cannot beat the best so far is not worked out.
			lbA, lbB := uint32(2*keySize(a)-1), uint32(2*keySize(b)-1)
			hopeless := func(known, lb uint32) bool {
				return found && !s.exist && known+lb+oc > bestC.cost
			}
			walkLeft := ta != nil && (tb == nil || len(ta.vals) <= len(tb.vals))
			if walkLeft {
				s.b.spend(len(ta.vals))
				for i, x := range ta.vals {
					cx := ta.ctx[i][lc]
					if cx >= inf || hopeless(cx, lbB) {
						continue
					}
					switch y, how := rightFor(k, x, v); how {
					case invScan:
						for _, y := range s.anyTable(b, tb, k, x, v, false) {
							try(x, y.v, cx, y.c)
						}
					case invOne:
						try(x, y, cx, 0)
					}
					if found && s.exist {
						return bestC, true
					}
				}
			} else {
				s.b.spend(len(tb.vals))
				for j, y := range tb.vals {
					cy := tb.ctx[j][rc]
					if cy >= inf || hopeless(cy, lbA) {
						continue
					}
					switch x, how := leftFor(k, y, v); how {
					case invScan:
						for _, x := range s.anyTable(a, ta, k, y, v, true) {
							try(x.v, y, x.c, cy)
						}
					case invOne:
						try(x, y, 0, cy)
					}
					if found && s.exist {
						return bestC, true
					}
				}
			}
		}
	}
	return bestC, found
}

// How an inverse found the other operand.
const (
	invNone = iota // no operand works
	invOne         // exactly the operand returned
	invScan        // try every operand (zero cases, or the inverse overflowed)
)

// rightFor returns the y with x op y = v.
func rightFor(k kind, x, v Rat) (Rat, int) {
	var y Rat
	ok := true
	switch k {
	case kAdd:
		y, ok = v.Sub(x)
	case kSub:
		y, ok = x.Sub(v)
	case kMul:
		if x.Num == 0 {
			if v.Num == 0 {
				return Rat{}, invScan
			}
			return Rat{}, invNone
		}
		y, ok = v.Quo(x)
	case kDiv:
		if v.Num == 0 {
			if x.Num == 0 {
				return Rat{}, invScan
			}
			return Rat{}, invNone
		}
		y, ok = x.Quo(v)
	}
	if !ok {
		return Rat{}, invScan
	}
	return y, invOne
}

// leftFor returns the x with x op y = v.
func leftFor(k kind, y, v Rat) (Rat, int) {
	var x Rat
	ok := true
	switch k {
	case kAdd:
		x, ok = v.Sub(y)
	case kSub:
		x, ok = v.Add(y)
	case kMul:
		if y.Num == 0 {
			if v.Num == 0 {
				return Rat{}, invScan
			}
			return Rat{}, invNone
		}
		x, ok = v.Quo(y)
	case kDiv:
		if y.Num == 0 {
			return Rat{}, invNone
		}
		x, ok = v.Mul(y)
	}
	if !ok {
		return Rat{}, invScan
	}
	return x, invOne
}

// valCost is a value with its cost in some context.
type valCost struct {
	v Rat
	c uint32
}

// anyTable lists the values of key (and their costs in the context the
// operator k gives that side) that make v with the known operand, for the
// cases where many may work: 0×y = 0, 0÷y = 0, or an inverse that
// overflowed. tb is key's table if the search has one. Without it, when
// the answer is 0 from a zero operand, the cheapest values are the + −
// ones (any × ÷ or combining rule costs more than every + − expression),
// so the small + − table answers exactly; otherwise the whole table is
// built.
func (s *search) anyTable(key uint64, tb *table, k kind, known, v Rat, knownRight bool) []valCost {
	lc, rc := opContexts(k)
	ctx := rc
	if knownRight {
		ctx = lc
	}
	match := func(tb *table) []valCost {
		s.b.spend(len(tb.vals))
		var out []valCost
		for i, u := range tb.vals {
			x, y := known, u
			if knownRight {
				x, y = u, known
			}
			if w, ok := apply(k, x, y); ok && w == v && tb.ctx[i][ctx] < inf {
				out = append(out, valCost{u, tb.ctx[i][ctx]})
			}
		}
		return out
	}
	if tb != nil {
		return match(tb)
	}
	if known.Num == 0 && v.Num == 0 && s.t.plain != nil {
		if out := match(s.t.plain.get(key, s.b)); len(out) > 0 {
			return out
		}
	}
	return match(s.t.get(key, s.b))
}

// exists reports whether v can be made from key.
func (t *tier) exists(key uint64, v Rat, b *budget) bool {
	t.mu.Lock()
	tb := t.memo[key]
	t.mu.Unlock()
	if tb != nil {
		_, ok := tb.find(v)
		return ok
	}
	if t.rules.flat() {
		return t.flatHas(key, v, b)
	}
	return t.existsIn(key, v, ctxLeftAdd, b)
}

// build turns a candidate into an expression, rebuilding its operands'
// simplest forms for the contexts they stand in.
func (s *search) build(key uint64, c cand) *Expr {
	if c.leaf != nil {
		return &Expr{kind: c.leaf.kind, lit: c.leaf.lit, lit2: c.leaf.lit2}
	}
	lc, rc := opContexts(c.op)
	return &Expr{kind: c.op, l: s.sub(c.left, c.x, lc), r: s.sub(key-c.left, c.y, rc)}
}

func (s *search) sub(key uint64, v Rat, ctx int) *Expr {
	c, ok := s.best(key, v, ctx)
	if !ok {
		// Unreachable: the parent's cost came from this very question.
		panic("arith: inconsistent solver search for " + strconv.FormatUint(key, 16) + " " + v.String())
	}
	return s.build(key, c)
}
