package arith

import (
	"math"
	"math/bits"
	"strconv"
)

// Rat is an exact rational number, always normalised (Den > 0, gcd 1).
// The zero value is not normalised; build values with Int or the
// arithmetic methods. Num is never math.MinInt64, so negation cannot
// overflow.
type Rat struct{ Num, Den int64 }

// Int returns the rational n/1.
func Int(n int64) Rat { return Rat{Num: n, Den: 1} }

// NewRat returns num/den normalised. ok is false when den is 0 or the
// value cannot be held in int64 (only num = math.MinInt64 can cause that).
func NewRat(num, den int64) (Rat, bool) {
	if den == 0 || num == math.MinInt64 || den == math.MinInt64 {
		return Rat{}, false
	}
	if den < 0 {
		num, den = -num, -den
	}
	g := gcd(abs64(num), den)
	if g > 1 {
		num, den = num/g, den/g
	}
	return Rat{Num: num, Den: den}, true
}

// String returns "3", "-2" or "2/5".
func (r Rat) String() string {
	if r.Den == 1 || r.Den == 0 {
		return strconv.FormatInt(r.Num, 10)
	}
	return strconv.FormatInt(r.Num, 10) + "/" + strconv.FormatInt(r.Den, 10)
}

// display returns the value as children write it: a true minus sign "−".
func (r Rat) display() string {
	s := r.String()
	if r.Num < 0 {
		return "−" + s[1:]
	}
	return s
}

// Cmp returns -1, 0 or +1 as r is less than, equal to or greater than s.
func (r Rat) Cmp(s Rat) int {
	if r.Den == s.Den {
		return cmp64(r.Num, s.Num)
	}
	// Compare r.Num*s.Den with s.Num*r.Den without overflow: 128-bit products.
	return cmp128(r.Num, s.Den, s.Num, r.Den)
}

// IsInt reports whether r is a whole number.
func (r Rat) IsInt() bool { return r.Den == 1 }

// Sign returns -1, 0 or +1.
func (r Rat) Sign() int { return cmp64(r.Num, 0) }

// Add returns r+s; ok is false on int64 overflow.
func (r Rat) Add(s Rat) (Rat, bool) {
	if r.Den == s.Den {
		n, ok := add64(r.Num, s.Num)
		if !ok {
			return Rat{}, false
		}
		return NewRat(n, r.Den)
	}
	g := gcd(r.Den, s.Den)
	rd, sd := r.Den/g, s.Den/g
	a, ok1 := mul64(r.Num, sd)
	b, ok2 := mul64(s.Num, rd)
	d, ok3 := mul64(r.Den, sd)
	if !ok1 || !ok2 || !ok3 {
		return Rat{}, false
	}
	n, ok := add64(a, b)
	if !ok {
		return Rat{}, false
	}
	return NewRat(n, d)
}

// Neg returns −r.
func (r Rat) Neg() Rat { return Rat{Num: -r.Num, Den: r.Den} }

// Sub returns r−s; ok is false on int64 overflow.
func (r Rat) Sub(s Rat) (Rat, bool) { return r.Add(s.Neg()) }

// Mul returns r×s; ok is false on int64 overflow.
func (r Rat) Mul(s Rat) (Rat, bool) {
	if r.Num == 0 || s.Num == 0 {
		return Int(0), true
	}
	// Cross-cancel first so that products stay small.
	g1 := gcd(abs64(r.Num), s.Den)
	g2 := gcd(abs64(s.Num), r.Den)
	n, ok1 := mul64(r.Num/g1, s.Num/g2)
	d, ok2 := mul64(r.Den/g2, s.Den/g1)
	if !ok1 || !ok2 || n == math.MinInt64 {
		return Rat{}, false
	}
	return Rat{Num: n, Den: d}, true
}

// Quo returns r÷s; ok is false when s is zero or on int64 overflow.
func (r Rat) Quo(s Rat) (Rat, bool) {
	if s.Num == 0 {
		return Rat{}, false
	}
	inv := Rat{Num: s.Den, Den: s.Num}
	if inv.Den < 0 {
		inv = Rat{Num: -inv.Num, Den: -inv.Den}
	}
	return r.Mul(inv)
}

// pow returns r to the power e (e ≥ 0); ok is false on overflow.
func (r Rat) pow(e int) (Rat, bool) {
	out := Int(1)
	for range e {
		var ok bool
		if out, ok = out.Mul(r); !ok {
			return Rat{}, false
		}
	}
	return out, true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func add64(a, b int64) (int64, bool) {
	c := a + b
	if (a > 0 && b > 0 && c < 0) || (a < 0 && b < 0 && c >= 0) || c == math.MinInt64 {
		return 0, false
	}
	return c, true
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) || c == math.MinInt64 {
		return 0, false
	}
	return c, true
}

// cmp128 compares a*b with c*d exactly (b, d > 0).
func cmp128(a, b, c, d int64) int {
	x, y := big128(a, b), big128(c, d)
	return x.cmp(y)
}

// i128 is a signed 128-bit integer: sign and magnitude.
type i128 struct {
	neg    bool
	hi, lo uint64
}

func big128(a, b int64) i128 {
	neg := (a < 0) != (b < 0)
	ua, ub := uint64(abs64(a)), uint64(abs64(b))
	if a == math.MinInt64 {
		ua = 1 << 63
	}
	hi, lo := bits.Mul64(ua, ub)
	if hi == 0 && lo == 0 {
		neg = false
	}
	return i128{neg: neg, hi: hi, lo: lo}
}

func (x i128) cmp(y i128) int {
	if x.neg != y.neg {
		if x.neg {
			return -1
		}
		return 1
	}
	c := 0
	switch {
	case x.hi != y.hi:
		c = cmpU(x.hi, y.hi)
	default:
		c = cmpU(x.lo, y.lo)
	}
	if x.neg {
		return -c
	}
	return c
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
