package numchess

import (
	"slices"

	"qixue/rules/numchess/arith"
)

// simplest returns the simplest of the values ids for a witness: whole
// numbers first, then non-negative ones, then the smallest.
func (e *Engine) simplest(ids []int32) int32 {
	e.mu.RLock()
	defer e.mu.RUnlock()
	best, bestKey := ids[0], simpleKey(e.value[ids[0]])
	for _, id := range ids[1:] {
		if k := simpleKey(e.value[id]); slices.Compare(k[:], bestKey[:]) < 0 {
			best, bestKey = id, k
		}
	}
	return best
}

func simpleKey(v arith.Rat) [4]int64 {
	frac, neg := int64(0), int64(0)
	if v.Den != 1 {
		frac = 1
	}
	n := v.Num
	if n < 0 {
		neg, n = 1, -n
	}
	return [4]int64{frac, neg, n, v.Den}
}

// intersect returns the values in both sorted slices.
func intersect(a, b []int32) []int32 {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	var out []int32
	if len(a)*8 < len(b) {
		for _, v := range a {
			if contains(b, v) {
				out = append(out, v)
			}
		}
		return out
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// difference returns the values of sorted a that are not in sorted b.
func difference(a, b []int32) []int32 {
	if len(b) == 0 {
		return a
	}
	var out []int32
	j := 0
	for _, v := range a {
		for j < len(b) && b[j] < v {
			j++
		}
		if j < len(b) && b[j] == v {
			continue
		}
		out = append(out, v)
	}
	return out
}

// union merges two sorted slices without duplicates.
func union(a, b []int32) []int32 {
	if len(a) == 0 {
		return slices.Clone(b)
	}
	out := make([]int32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b):
			out = append(out, a[i])
			i++
		case i == len(a):
			out = append(out, b[j])
			j++
		default:
			switch {
			case a[i] < b[j]:
				out = append(out, a[i])
				i++
			case a[i] > b[j]:
				out = append(out, b[j])
				j++
			default:
				out = append(out, a[i])
				i++
				j++
			}
		}
	}
	return out
}
