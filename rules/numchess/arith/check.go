package arith

// Check verifies that e uses exactly the multiset operands (each spanned
// piece's number once), obeys r, and evaluates to target. It returns nil
// or a *CheckError. Faults are reported in this order: the way the
// expression is written (operators, brackets, combining rules; the first
// fault reading left to right), then the numbers used (repeated or
// unspanned numbers in the order they are written, then missing numbers
// from smallest), then the evaluation (division by zero, a negative value
// where negatives are off, checked in evaluation order), then the result.
//
// A fraction a/b where r allows no fractions but allows ÷ is read as the
// division a÷b; the parser makes this reading the same as the left-to-right
// one (see the package comment).
func Check(e *Expr, operands []int, target Rat, r Rules) error {
	if bad := check(e, operands, target, r); bad != nil {
		return bad
	}
	return nil
}

func check(e *Expr, operands []int, target Rat, r Rules) *CheckError {
	if len(operands) == 0 {
		return &CheckError{code: CodeNoOperands, rules: r}
	}
	var want [10]int
	for _, d := range operands {
		if d < 0 || d > 9 {
			return &CheckError{code: CodeOperandOutOfRange, digit: d, rules: r}
		}
		want[d]++
	}
	if bad := checkForm(e, r); bad != nil {
		return bad
	}
	var used [10]int
	order := e.digitsInOrder()
	for _, d := range order {
		used[d]++
	}
	for _, d := range order {
		switch {
		case want[d] == 0:
			return &CheckError{code: CodeDigitExtra, digit: d, count: used[d], rules: r}
		case used[d] > want[d]:
			return &CheckError{code: CodeDigitRepeated, digit: d, count: used[d], want: want[d], rules: r}
		}
	}
	for d := range 10 {
		if used[d] < want[d] {
			return &CheckError{code: CodeDigitMissing, digit: d, count: used[d], want: want[d], rules: r}
		}
	}
	v, bad := e.eval(func(n *Expr, v Rat) *CheckError {
		if !r.Negative && v.Num < 0 {
			return &CheckError{code: CodeNegativeNotAllowed, text: n.String(), got: v, rules: r}
		}
		return nil
	})
	if bad != nil {
		bad.rules = r
		return bad
	}
	if v.Cmp(target) != 0 {
		return &CheckError{code: CodeWrongResult, got: v, target: target, rules: r}
	}
	return nil
}

// checkForm reports the first node, reading left to right, written in a
// way r does not allow.
func checkForm(e *Expr, r Rules) *CheckError {
	if e.parens > 0 && !r.Parens {
		return &CheckError{code: CodeParensNotAllowed, text: e.String(), rules: r}
	}
	switch e.kind {
	case kNum:
		if len(e.lit) > 1 {
			switch {
			case !r.Concat:
				return &CheckError{code: CodeConcatNotAllowed, text: e.lit, rules: r}
			case len(e.lit) > r.maxConcat():
				return &CheckError{code: CodeConcatTooLong, text: e.lit, count: len(e.lit), want: r.maxConcat(), rules: r}
			case e.lit[0] == '0':
				return &CheckError{code: CodeLeadingZero, text: e.lit, rules: r}
			}
		}
	case kPow:
		text := e.String()
		switch {
		case !r.Power:
			return &CheckError{code: CodePowerNotAllowed, text: text, rules: r}
		case len(e.lit) != 1:
			return &CheckError{code: CodeBadPowerBase, text: text, rules: r}
		case e.lit2 != "2" && e.lit2 != "3":
			return &CheckError{code: CodeBadExponent, text: text, rules: r}
		}
	case kFrac:
		if !r.Fraction && !r.Div {
			return &CheckError{code: CodeFractionNotAllowed, text: e.String(), rules: r}
		}
	default:
		if bad := checkForm(e.l, r); bad != nil {
			return bad
		}
		if !r.allows(e.kind) {
			return &CheckError{code: CodeOperatorNotAllowed, text: opText[e.kind][0], rules: r,
				hint: e.kind == kDiv && r.Fraction}
		}
		return checkForm(e.r, r)
	}
	return nil
}

// digitsInOrder returns the digits the expression uses, as written.
func (e *Expr) digitsInOrder() []int {
	var out []int
	e.digits(&out)
	return out
}

// allows reports whether r allows the operator k.
func (r Rules) allows(k kind) bool {
	switch k {
	case kAdd:
		return r.Add
	case kSub:
		return r.Sub
	case kMul:
		return r.Mul
	case kDiv:
		return r.Div
	}
	return false
}
