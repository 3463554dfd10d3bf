package arith

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCanMakeLongAgainstReachable cross-checks the exact decisions
// (CanMake, and Meet for all the values at once) against
// the exhaustive Reachable on random six-digit multisets in every band:
// every reachable value (all of them, or a sample of 500 for large
// sets) is accepted, and values next to them that Reachable lacks
// (fractions, negatives, large numbers) are refused. One solver decides
// with no tables beyond four digits (top-down); the other decides after
// Reachable filled its memo (reading five-digit tables).
func TestCanMakeLongAgainstReachable(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 6))
	sets := 2
	if sampled() {
		sets = 1
	}
	for _, r := range bands() {
		for range sets {
			ds := make([]int, 6)
			for i := range ds {
				ds[i] = rng.IntN(10)
			}
			warm := NewSolver(r)
			reach := warm.Reachable(ds)
			in := make(map[Rat]bool, len(reach))
			for _, v := range reach {
				in[v] = true
			}
			sample := reach
			if len(sample) > 500 {
				sample = make([]Rat, 500)
				for i := range sample {
					sample[i] = reach[rng.IntN(len(reach))]
				}
			}
			var out []Rat
			add := func(v Rat, ok bool) {
				if ok && !in[v] && len(out) < 150 {
					out = append(out, v)
				}
			}
			for _, v := range sample {
				add(v.Add(mustRat(1, 7)))
				add(v.Neg(), true)
				add(v.Mul(Int(1009)))
				add(v.Add(Int(1)))
				add(NewRat(int64(rng.IntN(2000)-1000), int64(1+rng.IntN(60))))
			}
			add(Int(1<<40), true)
			add(mustRat(-1, 1<<30), true)
			if len(out) < 20 {
				t.Fatalf("%s %v: only %d unreachable values to try", r.Name, ds, len(out))
			}
			cold := NewSolver(r)
			for _, s := range []*Solver{cold, warm} {
				for _, v := range sample {
					if !s.CanMake(ds, v) {
						t.Fatalf("%s %v: Reachable has %v, CanMake refuses it", r.Name, ds, v)
					}
				}
				for _, v := range out {
					if s.CanMake(ds, v) {
						t.Fatalf("%s %v: CanMake accepts %v, Reachable lacks it", r.Name, ds, v)
					}
				}
			}
			both := append(slices.Clone(sample), out...)
			for i, ok := range NewSolver(r).Meet(ds, both) {
				if ok != in[both[i]] {
					t.Fatalf("%s %v: Meet says %v for %v, Reachable %v", r.Name, ds, ok, both[i], !ok)
				}
			}
		}
	}
}

// TestMeetSevenAgainstCanMake: on seven digits, where Meet asks a
// six-digit part about the operands it needs (recursively), Meet agrees
// with CanMake's top-down search on values each side of the line:
// reachable values of the first six digits combined with the seventh
// (often made only through that split), and values nudged off them.
func TestMeetSevenAgainstCanMake(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 46))
	samples := 10
	if sampled() {
		samples = 3
	}
	for _, r := range bands() {
		ds := make([]int, 7)
		for i := range ds {
			ds[i] = rng.IntN(10)
		}
		s := NewSolver(r)
		part := s.Reachable(ds[:6])
		var vals []Rat
		for range samples {
			x := part[rng.IntN(len(part))]
			d := Int(int64(ds[6]))
			for _, v := range []Rat{x, x.Neg()} {
				if w, ok := v.Add(d); ok {
					vals = append(vals, w)
				}
				if w, ok := v.Mul(d); ok {
					vals = append(vals, w)
				}
				if w, ok := v.Add(mustRat(1, 97)); ok {
					vals = append(vals, w)
				}
			}
		}
		got := NewSolver(r).Meet(ds, vals)
		yes := 0
		for i, v := range vals {
			want := s.CanMake(ds, v)
			if got[i] != want {
				t.Fatalf("%s %v → %v: Meet %v, CanMake %v", r.Name, ds, v, got[i], want)
			}
			if want {
				yes++
			}
		}
		if yes == 0 || yes == len(vals) {
			t.Fatalf("%s %v: %d of %d values reachable: the test is too weak", r.Name, ds, yes, len(vals))
		}
	}
}

// TestFlatAgainstReachable: for flat rules (K1 and variants: + or − or
// both, negatives, no joining, three-digit joining), CanMake and Meet,
// which decide by a subset sum over terms, agree with Reachable's tables
// on every whole number from −400 to 400 and a fraction, for every
// multiset of up to four digits and random ones of five to seven.
func TestFlatAgainstReachable(t *testing.T) {
	k1neg, addOnly, subOnly, noJoin, join3 := K1(), K1(), K1(), K1(), K1()
	k1neg.Negative = true
	addOnly.Sub = false
	subOnly.Add = false
	noJoin.Concat = false
	join3.MaxConcatDigits = 3
	rng := rand.New(rand.NewPCG(1, 1))
	var sets [][]int
	for n := 1; n <= 4; n++ {
		sets = append(sets, multisets(n)...)
	}
	for range 40 {
		ds := make([]int, 5+rng.IntN(3))
		for i := range ds {
			ds[i] = rng.IntN(10)
		}
		sets = append(sets, ds)
	}
	var vals []Rat
	for v := int64(-400); v <= 400; v++ {
		vals = append(vals, Int(v))
	}
	vals = append(vals, mustRat(1, 2))
	for _, r := range []Rules{K1(), k1neg, addOnly, subOnly, noJoin, join3} {
		if !r.flat() {
			t.Fatalf("%+v is not flat", r)
		}
		for i, ds := range sets {
			if sampled() && i%5 != 0 {
				continue
			}
			ref := NewSolver(r)
			in := map[Rat]bool{}
			for _, v := range ref.Reachable(ds) {
				in[v] = true
			}
			s := NewSolver(r)
			meet := s.Meet(ds, vals)
			for j, v := range vals {
				if got := s.CanMake(ds, v); got != in[v] || meet[j] != in[v] {
					t.Fatalf("%+v %v → %v: CanMake %v, Meet %v, Reachable %v", r, ds, v, got, meet[j], in[v])
				}
			}
		}
	}
}
