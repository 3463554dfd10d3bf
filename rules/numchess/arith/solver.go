package arith

import (
	"context"
	"math"
	"slices"
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
