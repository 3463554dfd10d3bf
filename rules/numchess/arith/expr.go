package arith

import (
	"slices"
	"strings"
)

// kind is what an Expr node is.
type kind uint8

const (
	kNum  kind = iota // a number: one piece's digit, or digits joined (组大数)
	kPow              // a power (组乘方): base digits, exponent digits
	kFrac             // a fraction (组分数): digit/digit
	kAdd
	kSub
	kMul
	kDiv
)

// Expr is a parsed expression: a tree of numbers, powers, fractions and
// the four operators. Build one with Parse; the solver also returns them.
// An Expr is immutable and safe to share.
type Expr struct {
	kind   kind
	lit    string // kNum: the digits; kPow: the base; kFrac: the numerator
	lit2   string // kPow: the exponent; kFrac: the denominator
	l, r   *Expr  // operands of kAdd..kDiv
	parens int    // bracket pairs written around this node
	pos    int    // 1-based character position of the node in the source, 0 if built
}

// prec is the binding strength of the node's top: 1 for + −, 2 for × ÷,
// 3 for numbers, powers and fractions.
func (e *Expr) prec() int {
	switch e.kind {
	case kAdd, kSub:
		return 1
	case kMul, kDiv:
		return 2
	}
	return 3
}

// needsParens reports whether child, as the left or right operand of a
// node of kind parent, must be written in brackets to read back as the
// same tree. Besides the usual precedence rules, a fraction right of ÷ is
// bracketed: "8÷2/4" reads as (8÷2)÷4 (see the package comment).
func needsParens(child *Expr, parent kind, right bool) bool {
	p := child.prec()
	switch parent {
	case kAdd, kSub:
		return right && p == 1
	case kMul:
		return p == 1 || (right && p == 2)
	case kDiv:
		return p == 1 || (right && (p == 2 || child.kind == kFrac))
	}
	return false
}

var opText = [...][2]string{
	kAdd: {"+", "+"},
	kSub: {"−", "-"},
	kMul: {"×", "*"},
	kDiv: {"÷", "/"},
}

var superscript = [10]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// String returns the canonical display form: 2×8−9, 12÷(7−3), 2³+1, 2/5.
// Brackets are printed where the tree needs them and where they were
// written (one pair however many were written).
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b, false, false)
	return b.String()
}

// ASCII returns the machine form used in move notation: 2*8-9, 12/(7-3),
// 2^3+1, 2/5. Parse reads it back to an expression with the same value and
// the same intermediate values; a division of two single digits such as
// 6/3 reads back as the fraction 6/3, which Check accepts as a division
// when fractions are not allowed.
func (e *Expr) ASCII() string {
	var b strings.Builder
	e.write(&b, true, false)
	return b.String()
}

func (e *Expr) write(b *strings.Builder, ascii, forced bool) {
	paren := forced || e.parens > 0
	if paren {
		b.WriteByte('(')
	}
	switch e.kind {
	case kNum:
		b.WriteString(e.lit)
	case kPow:
		b.WriteString(e.lit)
		if ascii {
			b.WriteByte('^')
			b.WriteString(e.lit2)
		} else {
			for _, c := range e.lit2 {
				b.WriteString(superscript[c-'0'])
			}
		}
	case kFrac:
		b.WriteString(e.lit)
		b.WriteByte('/')
		b.WriteString(e.lit2)
	default:
		i := 0
		if ascii {
			i = 1
		}
		e.l.write(b, ascii, needsParens(e.l, e.kind, false))
		b.WriteString(opText[e.kind][i])
		e.r.write(b, ascii, needsParens(e.r, e.kind, true))
	}
	if paren {
		b.WriteByte(')')
	}
}

// Digits returns the pieces' digits the expression uses, as a sorted
// multiset: 12÷(7−3) uses [1 2 3 7], 2³+1 uses [1 2 3].
func (e *Expr) Digits() []int {
	var out []int
	e.digits(&out)
	slices.Sort(out)
	return out
}

func (e *Expr) digits(out *[]int) {
	switch e.kind {
	case kNum, kPow, kFrac:
		for _, c := range e.lit + e.lit2 {
			*out = append(*out, int(c-'0'))
		}
	default:
		e.l.digits(out)
		e.r.digits(out)
	}
}

// Eval returns the exact value of the expression, with no ruleset applied
// (a fraction is its quotient, any exponent is computed). The error is a
// *CheckError with code "division_by_zero" or "too_large" (beyond int64).
func (e *Expr) Eval() (Rat, error) {
	v, bad := e.eval(nil)
	if bad != nil {
		return Rat{}, bad
	}
	return v, nil
}

// eval evaluates e; visit, when set, sees every node's value in evaluation
// order and may stop the evaluation by returning an error.
func (e *Expr) eval(visit func(*Expr, Rat) *CheckError) (Rat, *CheckError) {
	var v Rat
	ok := true
	switch e.kind {
	case kNum:
		v, ok = parseDigits(e.lit)
	case kPow:
		var base, exp Rat
		base, ok = parseDigits(e.lit)
		if ok {
			exp, ok = parseDigits(e.lit2)
		}
		if ok && exp.Num > 64 && base.Num > 1 {
			ok = false
		}
		if ok {
			v, ok = base.pow(int(min(exp.Num, 64)))
		}
	case kFrac:
		n, _ := parseDigits(e.lit)
		d, _ := parseDigits(e.lit2)
		if d.Num == 0 {
			return Rat{}, &CheckError{code: CodeDivisionByZero, text: e.String()}
		}
		v, _ = n.Quo(d)
	default:
		a, bad := e.l.eval(visit)
		if bad != nil {
			return Rat{}, bad
		}
		c, bad := e.r.eval(visit)
		if bad != nil {
			return Rat{}, bad
		}
		switch e.kind {
		case kAdd:
			v, ok = a.Add(c)
		case kSub:
			v, ok = a.Sub(c)
		case kMul:
			v, ok = a.Mul(c)
		case kDiv:
			if c.Num == 0 {
				return Rat{}, &CheckError{code: CodeDivisionByZero, text: e.String()}
			}
			v, ok = a.Quo(c)
		}
	}
	if !ok {
		return Rat{}, &CheckError{code: CodeTooLarge, text: e.String()}
	}
	if visit != nil {
		if bad := visit(e, v); bad != nil {
			return Rat{}, bad
		}
	}
	return v, nil
}

// parseDigits reads a run of ASCII digits as an integer.
func parseDigits(s string) (Rat, bool) {
	var n int64
	for _, c := range s {
		var ok bool
		if n, ok = mul64(n, 10); !ok {
			return Rat{}, false
		}
		if n, ok = add64(n, int64(c-'0')); !ok {
			return Rat{}, false
		}
	}
	return Int(n), true
}

// Combining is one of the number-combining rules (组数法则) that make one
// operand from two pieces' digits.
type Combining uint8

const (
	Concat   Combining = iota + 1 // 组大数: 12
	Power                         // 组乘方: 2³
	Fraction                      // 组分数: 2/5
)

// Combined returns the operands of e written with the combining rule c, in
// the order written: for 12÷(2/3)+2³ and Fraction, the one operand 2/3.
// The parser decides what a / is (see the package comment): in 8÷2/4 the
// / is a division, so that expression has no fraction. A fraction under
// rules without fractions is still reported here; Check reads it as a
// division.
func (e *Expr) Combined(c Combining) []*Expr {
	var out []*Expr
	e.combined(c, &out)
	return out
}

func (e *Expr) combined(c Combining, out *[]*Expr) {
	switch e.kind {
	case kNum:
		if c == Concat && len(e.lit) > 1 {
			*out = append(*out, e)
		}
	case kPow:
		if c == Power {
			*out = append(*out, e)
		}
	case kFrac:
		if c == Fraction {
			*out = append(*out, e)
		}
	default:
		e.l.combined(c, out)
		e.r.combined(c, out)
	}
}

// Operation is one +, −, × or ÷ of an expression: its operator ('+', '-',
// '*' or '/'), the values of its two operands and its result.
type Operation struct {
	Op      byte
	L, R, V Rat
}

// Operations lists the operations of e in the order they are worked out
// (innermost first), so a caller can see the numbers a child meets on the
// way: a negative intermediate value, a division by a fraction. ok is false
// when e cannot be evaluated (division by zero, too large).
func (e *Expr) Operations() (ops []Operation, ok bool) {
	seen := map[*Expr]Rat{}
	_, bad := e.eval(func(n *Expr, v Rat) *CheckError {
		seen[n] = v
		if n.kind >= kAdd {
			ops = append(ops, Operation{Op: "+-*/"[n.kind-kAdd], L: seen[n.l], R: seen[n.r], V: v})
		}
		return nil
	})
	return ops, bad == nil
}
