package arith

import (
	"slices"
	"sort"
	"sync"
)

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
