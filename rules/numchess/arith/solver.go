package arith

import (
	"context"
	"math"
	"slices"
	"sort"
	"strconv"
	"sync"
)

// Solver answers reachability questions under one Rules, memoising over
// sub-multisets of digits across calls (so move generation can reuse it).
// It is safe for concurrent use.
//
// The memo maps a sub-multiset (digit counts packed into an integer) to
// the sorted set of values it can make and, for each value, the cost of
// its simplest expression of each shape; witnesses are rebuilt from these
// costs. The memo is bounded: when it holds more than MemoLimit values in
// all, it is emptied and refilled on demand, so memory stays bounded and
// answers never change.
type Solver struct {
	rules Rules
	tiers []*tier // the rules with fewer features first; the last is rules itself
}

// MemoLimit is the number of values a Solver's memo holds, per tier,
// before it is emptied. A value takes about 80 bytes, so a Solver holds at
// most about 40 MB in each of its (up to three) tiers.
const MemoLimit = 1 << 19

// ExactMax is the largest multiset for which Solve always finds the
// simplest expression (see Solve).
const ExactMax = 6

// MaxOperands is the largest multiset a Solver handles; larger multisets
// (and any number outside 0-9) make nothing.
const MaxOperands = 15

// NewSolver returns a solver for r with an empty memo.
//
// Internally a solver searches in tiers, simplest first: + and − only
// with no combining rule, then all of r's operators with no combining
// rule, then all of r. A solution found in an earlier tier is simpler
// than any found only in a later one (see Solve), and the early tiers are
// small, so most questions are answered without building large tables.
func NewSolver(r Rules) *Solver {
	s := &Solver{rules: r}
	plain := r
	plain.Concat, plain.Power, plain.Fraction = false, false, false
	addSub := plain
	addSub.Mul, addSub.Div = false, false
	for _, t := range []Rules{addSub, plain, r} {
		if n := len(s.tiers); n > 0 && s.tiers[n-1].rules == t {
			continue
		}
		tr := newTier(t)
		if len(s.tiers) > 0 {
			tr.plain = s.tiers[0]
		}
		s.tiers = append(s.tiers, tr)
	}
	return s
}

// Rules returns the rules the solver applies.
func (s *Solver) Rules() Rules { return s.rules }

// CanMake reports whether some expression over exactly operands, valid
// under the solver's rules, has the value target: exactly the values
// Reachable lists, for any target (fractions, negatives, large numbers).
//
// It asks the small + − tier first (cheap at any size), then decides on
// the solver's whole rules top-down: for each split of the operands into
// a left and a right part and each operator, it walks the values of the
// part with a table (every part of up to four operands, and any part
// whose table is already in the memo, such as a five-operand table that
// Reachable built) and asks whether the other part makes the operand the
// operator needs, recursively. Reachable targets are found quickly even
// for nine digits. Proving a target unreachable searches everything:
// about 0.1 ms for six digits when their five-digit tables are in the
// memo (under 1 ms otherwise), a few milliseconds for seven, and with
// × ÷ and eight or more digits it can take seconds.
func (s *Solver) CanMake(operands []int, target Rat) bool {
	return s.canMake(operands, target, nil)
}

// CanMakeContext is CanMake that gives up when ctx is done, returning
// ctx's error (context.DeadlineExceeded after a deadline). Giving up
// leaves the memo as if the question had never been asked, so later
// answers are exact.
func (s *Solver) CanMakeContext(ctx context.Context, operands []int, target Rat) (bool, error) {
	b := newBudget(ctx)
	var ok bool
	err := b.run(func() { ok = s.canMake(operands, target, b) })
	return ok && err == nil, err
}

func (s *Solver) canMake(operands []int, target Rat, b *budget) bool {
	key, ok := packKey(operands)
	target, possible := s.target(target)
	if !ok || !possible {
		return false
	}
	// Every tier's rules are a subset of the last tier's, so the last
	// tier alone decides; the first (+ − only) is a cheap shortcut.
	if len(s.tiers) > 1 && s.tiers[0].exists(key, target, b) {
		return true
	}
	return s.tiers[len(s.tiers)-1].exists(key, target, b)
}

// Solve returns the simplest valid expression over exactly operands whose
// value is target, or false when none exists. The witness always passes
// Check. "Simplest" compares, in order: fewest combining rules (组大数,
// 组乘方, 组分数), fewest × and ÷, fewest bracket pairs, fewest negative
// values along the way, fewest characters; remaining ties go to the first
// candidate in a fixed enumeration order, so the answer is deterministic.
//
// The simplest expression is guaranteed for up to ExactMax operands, and
// for any number of operands when + and − alone can make the target. With
// more operands, when × ÷ or a combining rule is needed, Solve returns the
// first expression its search meets among those using only r's operators,
// or failing that among all of r: valid and deterministic, but not always
// the simplest (an exhaustive search there can take seconds). For
// ExactMax+1 operands it first tries the exhaustive search within a fixed
// amount of work (so the answer is still deterministic), which usually
// suffices.
func (s *Solver) Solve(operands []int, target Rat) (*Expr, bool) {
	return s.solve(operands, target, nil)
}

// SolveContext is Solve that gives up when ctx is done, returning ctx's
// error; the answers of later calls are unchanged (see CanMakeContext).
func (s *Solver) SolveContext(ctx context.Context, operands []int, target Rat) (*Expr, bool, error) {
	b := newBudget(ctx)
	var x *Expr
	var ok bool
	if err := b.run(func() { x, ok = s.solve(operands, target, b) }); err != nil {
		return nil, false, err
	}
	return x, ok, nil
}

func (s *Solver) solve(operands []int, target Rat, b *budget) (*Expr, bool) {
	key, ok := packKey(operands)
	target, possible := s.target(target)
	if !ok || !possible {
		return nil, false
	}
	n := keySize(key)
	for i, t := range s.tiers {
		exact := i == 0 || n <= ExactMax
		var sr *search
		var c cand
		var ok bool
		if exact || n == ExactMax+1 {
			sr = t.newSearch(false, b)
			if !exact {
				sr.limit = exactWork
			}
			c, ok = sr.best(key, target, ctxLeftAdd)
			if sr.aborted {
				sr = nil
			}
		}
		if sr == nil {
			sr = t.newSearch(true, b)
			c, ok = sr.best(key, target, ctxLeftAdd)
		}
		if ok {
			sr.limit = 0
			return sr.build(key, c), true
		}
	}
	return nil, false
}

// exactWork bounds the exact search for ExactMax+1 operands, in
// sub-questions; beyond it Solve takes the first expression found.
const exactWork = 2000

// Reachable returns every value some valid expression over exactly
// operands can have, sorted ascending. It is empty for an empty multiset.
// It builds (and memoises) the whole value set: cheap under K1 at any
// size, a few milliseconds for five digits under G23/G46, but with × ÷ and
// seven or more digits the set runs to millions of values; ask CanMake
// about the values you need instead.
func (s *Solver) Reachable(operands []int) []Rat {
	return s.reachable(operands, nil)
}

// ReachableContext is Reachable that gives up when ctx is done, returning
// ctx's error; the answers of later calls are unchanged (see
// CanMakeContext).
func (s *Solver) ReachableContext(ctx context.Context, operands []int) ([]Rat, error) {
	b := newBudget(ctx)
	var vals []Rat
	if err := b.run(func() { vals = s.reachable(operands, b) }); err != nil {
		return nil, err
	}
	return vals, nil
}

func (s *Solver) reachable(operands []int, b *budget) []Rat {
	key, ok := packKey(operands)
	if !ok {
		return nil
	}
	return slices.Clone(s.tiers[len(s.tiers)-1].get(key, b).vals)
}

// target normalises t and reports whether the rules could reach it.
func (s *Solver) target(t Rat) (Rat, bool) {
	t, ok := NewRat(t.Num, t.Den)
	return t, ok && (s.rules.Negative || t.Num >= 0)
}

// packKey packs a multiset of digits into counts, 4 bits per digit.
func packKey(operands []int) (uint64, bool) {
	if len(operands) == 0 || len(operands) > MaxOperands {
		return 0, false
	}
	var key uint64
	for _, d := range operands {
		if d < 0 || d > 9 {
			return 0, false
		}
		key += 1 << (4 * d)
	}
	return key, true
}

func keyCount(key uint64, d int) int { return int(key>>(4*d)) & 15 }

func keySize(key uint64) int {
	n := 0
	for d := range 10 {
		n += keyCount(key, d)
	}
	return n
}

// subKeys returns the proper non-empty sub-multisets of key, in decreasing
// order of their packed value (so larger digits tend to come first on the
// left: 9−5−4 rather than 4+5−9).
func subKeys(key uint64) []uint64 {
	out := []uint64{0}
	for d := range 10 {
		c := keyCount(key, d)
		if c == 0 {
			continue
		}
		n := len(out)
		for k := 1; k <= c; k++ {
			for _, base := range out[:n] {
				out = append(out, base+uint64(k)<<(4*d))
			}
		}
	}
	slices.Sort(out)
	out = out[1 : len(out)-1]
	slices.Reverse(out)
	return out
}

// Shapes of a (sub)expression's top node; they decide where brackets are
// needed.
const (
	clsAtom = iota // a number or a power
	clsFrac        // a fraction
	clsAdd         // + or −
	clsMul         // × or ÷
	nClass
)

// Contexts a subexpression can stand in.
const (
	ctxLeftAdd  = iota // left of + or −: never bracketed
	ctxRightAdd        // right of + or −: + − bracketed
	ctxLeftMul         // left of × or ÷: + − bracketed
	ctxRightMul        // right of ×: + − × ÷ bracketed
	ctxRightDiv        // right of ÷: + − × ÷ and fractions bracketed
	nCtx
)

// needs[ctx][cls] says whether class cls is bracketed in context ctx.
var needs = [nCtx][nClass]bool{
	ctxLeftAdd:  {},
	ctxRightAdd: {clsAdd: true},
	ctxLeftMul:  {clsAdd: true},
	ctxRightMul: {clsAdd: true, clsMul: true},
	ctxRightDiv: {clsFrac: true, clsAdd: true, clsMul: true},
}

// Costs are packed so that comparing integers compares simplicity:
// combining rules, then × ÷, then bracket pairs, then negative
// intermediate values, then characters. Each field has room for
// MaxOperands operands.
const (
	costCombine  = 1 << 23
	costMulDiv   = 1 << 18
	costParens   = 1<<13 + 2
	costNegative = 1 << 8
	costChar     = 1
	inf          = uint32(1 << 31)
)

// op is a binary operator in enumeration order.
var ops = [...]kind{kAdd, kSub, kMul, kDiv}

func opContexts(k kind) (left, right int) {
	switch k {
	case kAdd, kSub:
		return ctxLeftAdd, ctxRightAdd
	case kMul:
		return ctxLeftMul, ctxRightMul
	}
	return ctxLeftMul, ctxRightDiv
}

func opClass(k kind) int {
	if k == kAdd || k == kSub {
		return clsAdd
	}
	return clsMul
}

func opCost(k kind) uint32 {
	if k == kMul || k == kDiv {
		return costMulDiv + costChar
	}
	return costChar
}

// apply computes a op b; ok is false on overflow or division by zero.
func apply(k kind, a, b Rat) (Rat, bool) {
	switch k {
	case kAdd:
		return a.Add(b)
	case kSub:
		return a.Sub(b)
	case kMul:
		return a.Mul(b)
	}
	return a.Quo(b)
}

// table is what one sub-multiset can make under one tier's rules.
type table struct {
	vals []Rat            // sorted ascending
	idx  ratIndex         // value → index in vals
	cost [][nClass]uint32 // per value: simplest cost per top shape, inf if none
	ctx  [][nCtx]uint32   // per value: simplest cost per context, brackets included
}

func (tb *table) find(v Rat) (int, bool) {
	i, ok := tb.idx.get(v)
	return int(i), ok
}

// tier is a memo of tables under one set of rules.
type tier struct {
	rules Rules
	mu    sync.Mutex
	small bool  // only + − and joined numbers: tables stay small at any size
	plain *tier // the solver's + − tier, for "any operand will do" questions
	// tableMax is the largest sub-multiset searches read from a whole
	// table (tests lower it to exercise the top-down search).
	tableMax int
	memo     map[uint64]*table
	held     int // values held in memo
	// flatMemo holds, for flat rules (see flat.go), the values per
	// multiset; nil until first used.
	flatMemo map[uint64]map[int64]bool
}

func newTier(r Rules) *tier {
	small := !r.Mul && !r.Div && !r.Power && !r.Fraction
	return &tier{rules: r, small: small, tableMax: tableMax, memo: map[uint64]*table{}}
}

// get returns the table for key, building it (and its sub-tables) if
// needed; b may give up (panic) before any table is stored, never after.
func (t *tier) get(key uint64, b *budget) *table {
	t.mu.Lock()
	tb := t.memo[key]
	t.mu.Unlock()
	if tb != nil {
		return tb
	}
	tb = t.make(key, b)
	t.mu.Lock()
	if old := t.memo[key]; old != nil {
		tb = old
	} else {
		if t.held+len(tb.vals) > MemoLimit {
			t.memo = map[uint64]*table{}
			t.held = 0
		}
		t.memo[key] = tb
		t.held += len(tb.vals)
	}
	t.mu.Unlock()
	return tb
}

var digitText = [10]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

// leaf is a number, power or fraction made from a whole multiset.
type leaf struct {
	kind      kind
	lit, lit2 string
	val       Rat
	cls       int
	cost      uint32
}

// leaves returns the single operands key's digits make by themselves, in
// order of their ASCII form.
func (t *tier) leaves(key uint64) []leaf {
	r := t.rules
	switch n := keySize(key); {
	case n == 1:
		for d := range 10 {
			if keyCount(key, d) == 1 {
				return []leaf{{kind: kNum, lit: digitText[d], val: Int(int64(d)), cls: clsAtom, cost: costChar}}
			}
		}
	case n > 2 && (!r.Concat || n > r.maxConcat()):
		return nil
	}
	var digits []byte
	for d := range 10 {
		for range keyCount(key, d) {
			digits = append(digits, byte('0'+d))
		}
	}
	n := len(digits)
	var out []leaf
	if r.Concat && n <= r.maxConcat() {
		perm := slices.Clone(digits)
		for {
			if perm[0] != '0' {
				v, _ := parseDigits(string(perm))
				out = append(out, leaf{kind: kNum, lit: string(perm), val: v, cls: clsAtom,
					cost: costCombine + uint32(n)*costChar})
			}
			if !nextPerm(perm) {
				break
			}
		}
	}
	if n == 2 {
		x, y := digits[0], digits[1]
		pairs := [][2]byte{{x, y}}
		if x != y {
			pairs = append(pairs, [2]byte{y, x})
		}
		for _, p := range pairs {
			a, b := int64(p[0]-'0'), int64(p[1]-'0')
			if r.Power && (b == 2 || b == 3) {
				v, _ := Int(a).pow(int(b))
				out = append(out, leaf{kind: kPow, lit: string(p[0]), lit2: string(p[1]), val: v, cls: clsAtom,
					cost: costCombine + 2*costChar})
			}
			if r.Fraction && b != 0 {
				v, _ := NewRat(a, b)
				out = append(out, leaf{kind: kFrac, lit: string(p[0]), lit2: string(p[1]), val: v, cls: clsFrac,
					cost: costCombine + 3*costChar})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ascii() < out[j].ascii() })
	return out
}

func (l leaf) ascii() string {
	switch l.kind {
	case kPow:
		return l.lit + "^" + l.lit2
	case kFrac:
		return l.lit + "/" + l.lit2
	}
	return l.lit
}

// nextPerm advances b to its next lexicographic permutation.
func nextPerm(b []byte) bool {
	i := len(b) - 2
	for i >= 0 && b[i] >= b[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(b) - 1
	for b[j] <= b[i] {
		j--
	}
	b[i], b[j] = b[j], b[i]
	slices.Reverse(b[i+1:])
	return true
}

// make builds the table for key from its leaves and every split into a
// left and a right sub-multiset.
func (t *tier) make(key uint64, bud *budget) *table {
	r := t.rules
	// Size the index for about half of the pairs the splits can make
	// (many coincide), so that it rarely grows.
	var subs []uint64
	pairs := 4
	if keySize(key) > 1 {
		subs = subKeys(key)
		for _, a := range subs {
			pairs += len(t.get(a, bud).vals) * len(t.get(key-a, bud).vals) * 2
		}
		bud.spend(len(subs))
	}
	pairs = min(pairs, 1<<16)
	idx := newRatIndex(pairs)
	vals := make([]Rat, 0, pairs)
	cost := make([][nClass]uint32, 0, pairs)
	offer := func(v Rat, cls int, c uint32) {
		if !r.Negative && v.Num < 0 {
			return
		}
		i, ok := idx.get(v)
		if !ok {
			i = int32(len(vals))
			idx.put(v, i)
			vals = append(vals, v)
			cost = append(cost, [nClass]uint32{inf, inf, inf, inf})
		}
		if c < cost[i][cls] {
			cost[i][cls] = c
		}
	}
	for _, l := range t.leaves(key) {
		offer(l.val, l.cls, l.cost)
	}
	if keySize(key) > 1 {
		for _, a := range subs {
			b := key - a
			ta, tb := t.get(a, bud), t.get(b, bud)
			for _, k := range ops {
				if !r.allows(k) {
					continue
				}
				// + and × commute: the split with the larger left key
				// covers both orders, with the cheaper order's cost.
				commute := k == kAdd || k == kMul
				if commute && a < b {
					continue
				}
				lc, rc := opContexts(k)
				cls, oc := opClass(k), opCost(k)
				for i, x := range ta.vals {
					bud.spend(len(tb.vals) + 1)
					cx, cxr := ta.ctx[i][lc], ta.ctx[i][rc]
					for j, y := range tb.vals {
						c := addCost(cx, tb.ctx[j][rc])
						if commute {
							c = min(c, addCost(tb.ctx[j][lc], cxr))
						}
						if c >= inf {
							continue
						}
						if k == kSub && !r.Negative && x.Cmp(y) < 0 {
							continue
						}
						v, ok := apply(k, x, y)
						if !ok {
							continue
						}
						if v.Num < 0 {
							c += costNegative
						}
						offer(v, cls, c+oc)
					}
				}
			}
		}
	}
	// Sort the values and carry the costs along.
	order := make([]int, len(vals))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return vals[order[i]].Cmp(vals[order[j]]) < 0 })
	tb := &table{
		vals: make([]Rat, len(vals)),
		idx:  newRatIndex(len(vals)),
		cost: make([][nClass]uint32, len(vals)),
		ctx:  make([][nCtx]uint32, len(vals)),
	}
	for ni, oi := range order {
		tb.vals[ni] = vals[oi]
		tb.idx.put(vals[oi], int32(ni))
		tb.cost[ni] = cost[oi]
		for c := range nCtx {
			tb.ctx[ni][c], _ = ctxCost(cost[oi], c, r.Parens)
		}
	}
	return tb
}

// addCost adds two costs; inf stays inf.
func addCost(a, b uint32) uint32 {
	if a >= inf || b >= inf {
		return inf
	}
	return a + b
}

// ctxCost returns the simplest cost of a value standing in context ctx,
// brackets included, and the shape that achieves it (the first on ties).
func ctxCost(cost [nClass]uint32, ctx int, parens bool) (uint32, int) {
	best, bestCls := inf, -1
	for cls, c := range cost {
		if c >= inf {
			continue
		}
		if needs[ctx][cls] {
			if !parens {
				continue
			}
			c += costParens
		}
		if c < best {
			best, bestCls = c, cls
		}
	}
	return best, bestCls
}

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

// ratIndex maps values to indices. Values whose numerator and denominator
// fit in 32 bits (nearly all) are packed into one integer key, which Go's
// maps hash faster than a two-word struct.
type ratIndex struct {
	small map[uint64]int32
	large map[Rat]int32
}

func newRatIndex(n int) ratIndex {
	return ratIndex{small: make(map[uint64]int32, n)}
}

func packRat(v Rat) (uint64, bool) {
	if v.Num < math.MinInt32 || v.Num > math.MaxInt32 || v.Den > math.MaxUint32 {
		return 0, false
	}
	return uint64(uint32(int32(v.Num)))<<32 | uint64(uint32(v.Den)), true
}

func (x *ratIndex) get(v Rat) (int32, bool) {
	if k, ok := packRat(v); ok {
		i, ok := x.small[k]
		return i, ok
	}
	i, ok := x.large[v]
	return i, ok
}

func (x *ratIndex) put(v Rat, i int32) {
	if k, ok := packRat(v); ok {
		x.small[k] = i
		return
	}
	if x.large == nil {
		x.large = map[Rat]int32{}
	}
	x.large[v] = i
}
