package arith

import (
	"flag"
	"fmt"
	"math/big"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

var long = flag.Bool("long", false, "cross-check more multisets against brute force")

// sampled reports whether the exhaustive cross-checks run on a sample:
// by default and with -short. QIXUE_LONG_TESTS=1 (set by .ci/run) runs
// them in full.
func sampled() bool { return testing.Short() || os.Getenv("QIXUE_LONG_TESTS") != "1" }

// simplicity is the order Solve promises, measured on an expression:
// combining rules, × ÷, bracket pairs, negative values, characters.
type simplicity [5]int

func less(a, b simplicity) bool { return slices.Compare(a[:], b[:]) < 0 }

// measure measures a witness from its printed form and its tree.
func measure(e *Expr) simplicity {
	var m simplicity
	var walk func(n *Expr)
	walk = func(n *Expr) {
		switch n.kind {
		case kNum:
			if len(n.lit) > 1 {
				m[0]++
			}
		case kPow, kFrac:
			m[0]++
		case kMul, kDiv:
			m[1]++
			walk(n.l)
			walk(n.r)
		default:
			walk(n.l)
			walk(n.r)
		}
	}
	walk(e)
	s := e.String()
	m[2] = strings.Count(s, "(")
	e.eval(func(n *Expr, v Rat) *CheckError {
		if v.Num < 0 {
			m[3]++
		}
		return nil
	})
	m[4] = utf8.RuneCountInString(s)
	return m
}

// brute is an independent enumerator: every expression tree over the
// operands (by position), evaluated with math/big, keeping per value and
// top shape the simplest measure. Shapes: 0 number/power, 1 fraction,
// 2 + −, 3 × ÷.
type brute struct {
	r    Rules
	ds   []int
	memo map[int]map[string]bruteVal
}

type bruteVal struct {
	v   *big.Rat
	cls int
	m   simplicity
}

func bruteForce(r Rules, ds []int) map[string]bruteVal {
	b := &brute{r: r, ds: ds, memo: map[int]map[string]bruteVal{}}
	return b.all(1<<len(ds) - 1)
}

func (b *brute) offer(out map[string]bruteVal, v *big.Rat, cls int, m simplicity) {
	if !b.r.Negative && v.Sign() < 0 {
		return
	}
	k := fmt.Sprintf("%s|%d", v.RatString(), cls)
	if old, ok := out[k]; !ok || less(m, old.m) {
		out[k] = bruteVal{v, cls, m}
	}
}

func (b *brute) all(mask int) map[string]bruteVal {
	if got, ok := b.memo[mask]; ok {
		return got
	}
	out := map[string]bruteVal{}
	var pos []int
	for i := range b.ds {
		if mask&(1<<i) != 0 {
			pos = append(pos, i)
		}
	}
	maxJoin := b.r.MaxConcatDigits
	if maxJoin == 0 {
		maxJoin = 2
	}
	if len(pos) == 1 {
		b.offer(out, big.NewRat(int64(b.ds[pos[0]]), 1), 0, simplicity{0, 0, 0, 0, 1})
	}
	if b.r.Concat && len(pos) >= 2 && len(pos) <= maxJoin {
		permute(pos, func(p []int) {
			if b.ds[p[0]] == 0 {
				return
			}
			n := int64(0)
			for _, i := range p {
				n = n*10 + int64(b.ds[i])
			}
			b.offer(out, big.NewRat(n, 1), 0, simplicity{1, 0, 0, 0, len(p)})
		})
	}
	if len(pos) == 2 {
		for _, p := range [][2]int{{pos[0], pos[1]}, {pos[1], pos[0]}} {
			x, y := int64(b.ds[p[0]]), int64(b.ds[p[1]])
			if b.r.Power && (y == 2 || y == 3) {
				v := x * x
				if y == 3 {
					v *= x
				}
				b.offer(out, big.NewRat(v, 1), 0, simplicity{1, 0, 0, 0, 2})
			}
			if b.r.Fraction && y != 0 {
				b.offer(out, big.NewRat(x, y), 1, simplicity{1, 0, 0, 0, 3})
			}
		}
	}
	for a := (mask - 1) & mask; a > 0; a = (a - 1) & mask {
		left, right := b.all(a), b.all(mask^a)
		for _, l := range left {
			for _, r := range right {
				b.combine(out, l, r)
			}
		}
	}
	b.memo[mask] = out
	return out
}

func (b *brute) combine(out map[string]bruteVal, l, r bruteVal) {
	type opdef struct {
		ok     bool
		muldiv bool
		f      func(x, y *big.Rat) *big.Rat
	}
	defs := []opdef{
		{b.r.Add, false, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }},
		{b.r.Sub, false, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }},
		{b.r.Mul, true, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }},
		{b.r.Div, true, func(x, y *big.Rat) *big.Rat {
			if y.Sign() == 0 {
				return nil
			}
			return new(big.Rat).Quo(x, y)
		}},
	}
	for op, d := range defs {
		if !d.ok {
			continue
		}
		v := d.f(l.v, r.v)
		if v == nil {
			continue
		}
		// Brackets the written form needs.
		lp := d.muldiv && l.cls == 2
		rp := (!d.muldiv && r.cls == 2) || (op == 2 && r.cls >= 2) || (op == 3 && r.cls >= 1)
		np := 0
		for _, p := range []bool{lp, rp} {
			if p {
				np++
			}
		}
		if np > 0 && !b.r.Parens {
			continue
		}
		var m simplicity
		for i := range m {
			m[i] = l.m[i] + r.m[i]
		}
		if d.muldiv {
			m[1]++
		}
		m[2] += np
		if v.Sign() < 0 {
			m[3]++
		}
		m[4] += 1 + 2*np
		cls := 2
		if d.muldiv {
			cls = 3
		}
		b.offer(out, v, cls, m)
	}
}

func permute(p []int, f func([]int)) {
	p = slices.Clone(p)
	var rec func(k int)
	rec = func(k int) {
		if k == len(p) {
			f(p)
			return
		}
		for i := k; i < len(p); i++ {
			p[k], p[i] = p[i], p[k]
			rec(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	rec(0)
}

// multisets returns every multiset of n digits, in order.
func multisets(n int) [][]int {
	var out [][]int
	var rec func(cur []int, from int)
	rec = func(cur []int, from int) {
		if len(cur) == n {
			out = append(out, slices.Clone(cur))
			return
		}
		for d := from; d <= 9; d++ {
			rec(append(cur, d), d)
		}
	}
	rec(nil, 0)
	return out
}

func bands() []Rules {
	custom := G23()
	custom.Name, custom.Div, custom.Parens, custom.MaxConcatDigits = "custom", false, false, 3
	return []Rules{K1(), G23(), G46(), custom}
}

// TestSolverAgainstBruteForce compares Reachable, CanMake and Solve with
// the independent enumerator on every multiset of up to 3 digits and a
// spread of 4-digit ones, in every band: the same values, a witness
// exactly when the value is reachable, every witness passing Check and as
// simple as the simplest expression the enumerator found.
func TestSolverAgainstBruteForce(t *testing.T) { testAgainstBruteForce(t, tableMax) }

// TestSolverTopDownAgainstBruteForce repeats the comparison with whole
// tables only for single digits, so every larger sub-multiset goes through
// the top-down search that Solve uses for five or more digits.
func TestSolverTopDownAgainstBruteForce(t *testing.T) { testAgainstBruteForce(t, 1) }

func testAgainstBruteForce(t *testing.T, tables int) {
	var cases [][]int
	for n := 1; n <= 3; n++ {
		cases = append(cases, multisets(n)...)
	}
	for i, m := range multisets(4) {
		if i%31 == 0 || (*long && i%3 == 0) {
			cases = append(cases, m)
		}
	}
	for _, r := range bands() {
		s := NewSolver(r)
		for _, tr := range s.tiers {
			tr.tableMax = tables
		}
		for _, ds := range cases {
			bf := bruteForce(r, ds)
			best := map[string]bruteVal{}
			for _, bv := range bf {
				k := bv.v.RatString()
				if old, ok := best[k]; !ok || less(bv.m, old.m) {
					best[k] = bv
				}
			}
			var want []string
			for k := range best {
				want = append(want, k)
			}
			// A separate solver builds the whole tables, so that s keeps
			// searching top-down.
			reach := NewSolver(r).Reachable(ds)
			var got []string
			for _, v := range reach {
				got = append(got, v.String())
			}
			sort.Strings(want)
			sorted := slices.Clone(got)
			sort.Strings(sorted)
			if !slices.Equal(sorted, want) {
				t.Fatalf("%s %v: Reachable = %v, brute force = %v", r.Name, ds, got, want)
			}
			if !slices.IsSortedFunc(reach, Rat.Cmp) {
				t.Errorf("%s %v: Reachable not sorted: %v", r.Name, ds, reach)
			}
			targets := []Rat{Int(0), Int(1), Int(2), Int(3), Int(4), Int(5), Int(6), Int(7), Int(8), Int(9), Int(-1), mustRat(1, 2)}
			targets = append(targets, reach[:min(3, len(reach))]...)
			for _, target := range targets {
				bv, ok := best[target.String()]
				if s.CanMake(ds, target) != ok {
					t.Errorf("%s %v → %v: CanMake = %v, brute force %v", r.Name, ds, target, !ok, ok)
				}
				w, found := s.Solve(ds, target)
				if found != ok {
					t.Fatalf("%s %v → %v: Solve found=%v, brute force %v", r.Name, ds, target, found, ok)
				}
				if !found {
					continue
				}
				if err := Check(w, ds, target, r); err != nil {
					t.Fatalf("%s %v → %v: witness %s fails Check: %v", r.Name, ds, target, w, err)
				}
				back, err := Parse(w.ASCII())
				if err != nil {
					t.Fatalf("witness %s: ASCII %q does not parse: %v", w, w.ASCII(), err)
				}
				if err := Check(back, ds, target, r); err != nil {
					t.Fatalf("%s %v → %v: witness ASCII %s fails Check: %v", r.Name, ds, target, w.ASCII(), err)
				}
				if m := measure(w); m != bv.m {
					t.Errorf("%s %v → %v: witness %s measures %v, simplest found by brute force %v", r.Name, ds, target, w, m, bv.m)
				}
			}
		}
	}
}

// TestSolverSeed solves the seed's spans.
func TestSolverSeed(t *testing.T) {
	tests := []struct {
		r        Rules
		operands []int
		target   int64
		want     string // "" if none
	}{
		{K1(), []int{9, 5, 4}, 0, "9−5−4"},
		{G46(), []int{9, 5, 4}, 0, "9−5−4"},
		{G23(), []int{2, 8, 9}, 7, "8×2−9"},
		{K1(), []int{2, 8, 9}, 7, ""},
		{K1(), []int{6, 2}, 4, "6−2"},
		{G23(), []int{6, 3}, 2, "6÷3"},
		{G23(), []int{8, 4}, 2, "8÷4"},
		{G23(), []int{0, 1}, 0, "1×0"},
		{K1(), []int{0, 1}, 0, ""},
		{K1(), []int{7}, 7, "7"},
		{K1(), []int{7}, 6, ""},
		{K1(), []int{1, 2, 5}, 7, "12−5"},
		{G23(), []int{2, 3, 1}, 7, "3×2+1"},
		{G23(), []int{2, 3, 0}, 8, "2³+0"},
		{G23(), []int{9, 9, 9}, 2, "(9+9)÷9"},
		{G23(), []int{9, 9, 9}, 3, ""},
		{G46(), []int{1, 9}, 8, "9−1"},
		{G46(), []int{1, 9}, -8, "1−9"},
		{G23(), []int{1, 9}, -8, ""},
	}
	for _, tt := range tests {
		s := NewSolver(tt.r)
		w, ok := s.Solve(tt.operands, Int(tt.target))
		got := ""
		if ok {
			got = w.String()
		}
		if got != tt.want {
			t.Errorf("%s %v → %d: %q, want %q", tt.r.Name, tt.operands, tt.target, got, tt.want)
		}
		if s.CanMake(tt.operands, Int(tt.target)) != (tt.want != "") {
			t.Errorf("%s %v → %d: CanMake disagrees", tt.r.Name, tt.operands, tt.target)
		}
	}
}

// TestSolverLarge checks witnesses and CanMake on 5 to 9 operands, where
// the solver searches top-down instead of building whole tables.
func TestSolverLarge(t *testing.T) {
	cases := [][]int{
		{1, 2, 3, 4, 5}, {9, 9, 9, 9, 9}, {0, 0, 0, 0, 7}, {9, 8, 7, 6, 5, 4},
		{1, 1, 1, 1, 1, 1, 1}, {9, 7, 5, 3, 1, 0, 2, 4, 6}, {8, 8, 8, 8, 8, 8},
	}
	for _, r := range []Rules{K1(), G23(), G46()} {
		s := NewSolver(r)
		for _, ds := range cases {
			for target := range int64(10) {
				w, ok := s.Solve(ds, Int(target))
				if ok != s.CanMake(ds, Int(target)) {
					t.Errorf("%s %v → %d: Solve %v, CanMake disagrees", r.Name, ds, target, ok)
				}
				if ok {
					if err := Check(w, ds, Int(target), r); err != nil {
						t.Errorf("%s %v → %d: %s: %v", r.Name, ds, target, w, err)
					}
				}
			}
		}
	}
	// Where whole tables are cheap, Reachable agrees with CanMake.
	s := NewSolver(G23())
	ds := []int{9, 8, 7, 6, 5}
	reach := s.Reachable(ds)
	fresh := NewSolver(G23())
	for _, v := range []Rat{Int(0), Int(11), Int(1000), mustRat(7, 3)} {
		_, in := slices.BinarySearchFunc(reach, v, Rat.Cmp)
		if fresh.CanMake(ds, v) != in {
			t.Errorf("G23 %v → %v: CanMake %v, Reachable %v", ds, v, !in, in)
		}
	}
}

func TestSolverBadInput(t *testing.T) {
	s := NewSolver(G46())
	if s.CanMake(nil, Int(0)) || len(s.Reachable(nil)) != 0 {
		t.Error("empty multiset makes something")
	}
	if _, ok := s.Solve([]int{10}, Int(10)); ok {
		t.Error("10 is not a digit")
	}
	if _, ok := s.Solve([]int{1}, Rat{1, 0}); ok {
		t.Error("a zero denominator target")
	}
	if _, ok := s.Solve(make([]int, MaxOperands+1), Int(0)); ok {
		t.Error("too many operands")
	}
	if w, ok := s.Solve([]int{8, 4}, Rat{4, 2}); !ok || w.String() != "8÷4" || !s.CanMake([]int{8, 4}, Rat{-8, -4}) {
		t.Errorf("an unnormalised target 4/2: %v %v", w, ok)
	}
	if _, ok := NewSolver(G23()).Solve([]int{1, 2}, Int(-1)); ok {
		t.Error("negative target without negatives")
	}
}

func TestSolverConcurrent(t *testing.T) {
	s := NewSolver(G46())
	var wg sync.WaitGroup
	results := make([]string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b strings.Builder
			for _, ds := range multisets(3)[g*20 : g*20+20] {
				w, ok := s.Solve(append(ds, 5), Int(7))
				if ok {
					b.WriteString(w.String())
				}
				b.WriteString(";")
			}
			results[g] = b.String()
		}()
	}
	wg.Wait()
	seq := NewSolver(G46())
	for g := range 8 {
		var b strings.Builder
		for _, ds := range multisets(3)[g*20 : g*20+20] {
			w, ok := seq.Solve(append(ds, 5), Int(7))
			if ok {
				b.WriteString(w.String())
			}
			b.WriteString(";")
		}
		if b.String() != results[g] {
			t.Errorf("goroutine %d: %s, sequential %s", g, results[g], b.String())
		}
	}
}

// TestSolverMemoIndependent: a solver whose memo already holds whole
// tables for large sub-multisets answers exactly as a fresh one.
func TestSolverMemoIndependent(t *testing.T) {
	for _, ds := range [][]int{{9, 8, 7, 6, 5, 0}, {3, 3, 4, 4, 5, 5, 6}} {
		fresh, warmed := NewSolver(G46()), NewSolver(G46())
		warmed.Reachable(ds[:5])
		warmed.Reachable(ds[1:6])
		for target := range int64(10) {
			a, okA := fresh.Solve(ds, Int(target))
			b, okB := warmed.Solve(ds, Int(target))
			if okA != okB || (okA && a.String() != b.String()) {
				t.Errorf("%v → %d: fresh %v, warmed %v", ds, target, a, b)
			}
		}
	}
}
