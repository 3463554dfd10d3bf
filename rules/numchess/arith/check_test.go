package arith

import (
	"errors"
	"testing"
)

func mustParse(t *testing.T, s string) *Expr {
	t.Helper()
	e, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return e
}

func TestCheck(t *testing.T) {
	noConcat := G23()
	noConcat.Name, noConcat.Concat = "", false
	threeDigits := G46()
	threeDigits.MaxConcatDigits = 3
	fracNoDiv := G23()
	fracNoDiv.Name, fracNoDiv.Div = "", false
	divNoFrac := G23()
	divNoFrac.Name, divNoFrac.Fraction = "", false
	noFracNoDiv := G23()
	noFracNoDiv.Name, noFracNoDiv.Fraction, noFracNoDiv.Div = "Mine", false, false
	tests := []struct {
		expr     string
		operands []int
		target   Rat
		rules    Rules
		code     string // "" for valid
		en, zh   string
	}{
		// The seed's expressions.
		{"9−5−4", []int{9, 5, 4}, Int(0), K1(), "", "", ""},
		{"2×8−9", []int{2, 8, 9}, Int(7), G23(), "", "", ""},
		{"6−2", []int{6, 2}, Int(4), K1(), "", "", ""},
		{"6÷3", []int{6, 3}, Int(2), G23(), "", "", ""},
		{"8÷4", []int{8, 4}, Int(2), G23(), "", "", ""},
		{"6/3", []int{6, 3}, Int(2), G23(), "", "", ""},
		{"0×1", []int{0, 1}, Int(0), G23(), "", "", ""},
		{"0", []int{0}, Int(0), K1(), "", "", ""},
		{"7", []int{7}, Int(7), K1(), "", "", ""},
		// Combining rules allowed.
		{"12−5", []int{1, 2, 5}, Int(7), K1(), "", "", ""},
		{"50", []int{0, 5}, Int(50), K1(), "", "", ""},
		{"2³−1", []int{2, 3, 1}, Int(7), G23(), "", "", ""},
		{"3²−2", []int{3, 2, 2}, Int(7), G23(), "", "", ""},
		{"2/5+2/5", []int{2, 5, 2, 5}, mustRat(4, 5), G23(), "", "", ""},
		{"123−120", []int{1, 2, 3, 1, 2, 0}, Int(3), threeDigits, "", "", ""},
		{"6/3", []int{6, 3}, Int(2), divNoFrac, "", "", ""},
		{"8÷2/4", []int{8, 2, 4}, Int(1), divNoFrac, "", "", ""},
		{"4−9+5", []int{4, 9, 5}, Int(0), G46(), "", "", ""},
		{"1−9", []int{1, 9}, Int(-8), G46(), "", "", ""},
		{"(2+3)×(4−1)", []int{1, 2, 3, 4}, Int(15), G23(), "", "", ""},
		// Digits.
		{"9−5−4", []int{9, 5, 4, 9}, Int(0), K1(), CodeDigitMissing, "9 is missing: 2 were spanned, but it is used once", "少了 9：跨过 2 个 9，只用了 1 次"},
		{"9−9", []int{9, 0}, Int(0), K1(), CodeDigitRepeated, "9 is used twice", "9 用了两次"},
		{"9−9+9", []int{9, 0, 0}, Int(0), K1(), CodeDigitRepeated, "9 is used 3 times, but only one was spanned", "9 用了 3 次，可是只跨过 1 个 9"},
		{"0", []int{0, 0}, Int(0), K1(), CodeDigitMissing, "0 is missing: 2 were spanned, but it is used once", "少了 0：跨过 2 个 0，只用了 1 次"},
		{"9−9+9", []int{9, 9}, Int(9), K1(), CodeDigitRepeated, "9 is used 3 times, but only 2 were spanned", "9 用了 3 次，可是只跨过 2 个 9"},
		{"9−4", []int{9, 5, 4}, Int(5), K1(), CodeDigitMissing, "5 is missing", "少了 5"},
		{"9−6", []int{9, 5, 4}, Int(3), K1(), CodeDigitExtra, "6 was not spanned", "没有跨过 6，不能用 6"},
		// Operators and brackets.
		{"2×8−9", []int{2, 8, 9}, Int(7), K1(), CodeOperatorNotAllowed, "only + and − are used in preschool and grade 1, so × cannot be used", "学前和一年级只用加法和减法，不能用 ×"},
		{"8÷4", []int{8, 4}, Int(2), Rules{Add: true, Sub: true}, CodeOperatorNotAllowed, "only + and − are used in this ruleset, so ÷ cannot be used", "这里只用加法和减法，不能用 ÷"},
		{"12÷4", []int{1, 2, 4}, Int(3), fracNoDiv, CodeOperatorNotAllowed, "÷ is not allowed in this ruleset (a fraction of two digits like 2/5 is)", "这里不能用 ÷（可以用两个数字组成的分数，比如 2/5）"},
		{"1+2", []int{1, 2}, Int(3), Rules{Sub: true}, CodeOperatorNotAllowed, "+ is not allowed in this ruleset", "这里不能用 +"},
		{"2-1", []int{1, 2}, Int(1), Rules{Add: true}, CodeOperatorNotAllowed, "− is not allowed in this ruleset", "这里不能用 −"},
		{"(9−5)−4", []int{9, 5, 4}, Int(0), K1(), CodeParensNotAllowed, "brackets are not allowed in preschool and grade 1", "学前和一年级不能用括号"},
		// Joined numbers.
		{"12−5", []int{1, 2, 5}, Int(7), noConcat, CodeConcatNotAllowed, "12 joins numbers into a bigger one (组大数), which is not allowed in this ruleset", "12是组大数，这里不能组大数"},
		{"123−120", []int{1, 2, 3, 1, 2, 0}, Int(3), G46(), CodeConcatTooLong, "123 joins 3 numbers; at most 2 may be joined", "123 连起了 3 个数，最多只能连 2 个"},
		{"05", []int{0, 5}, Int(5), K1(), CodeLeadingZero, "05 starts with 0; a joined number cannot start with 0", "05 以 0 开头，组大数时 0 不能放在最前面"},
		// Powers.
		{"2³−1", []int{2, 3, 1}, Int(7), K1(), CodePowerNotAllowed, "2³ is a power (组乘方), which is not allowed in preschool and grade 1", "2³是乘方，学前和一年级不能组乘方"},
		{"2^4", []int{2, 4}, Int(16), G23(), CodeBadExponent, "2⁴: the exponent must be 2 or 3", "2⁴：只能算 2 次方或 3 次方"},
		{"2^12", []int{2, 1, 2}, Int(4096), G23(), CodeBadExponent, "2¹²: the exponent must be 2 or 3", "2¹²：只能算 2 次方或 3 次方"},
		{"12²", []int{1, 2, 2}, Int(144), G23(), CodeBadPowerBase, "12²: the base of a power must be one piece's number", "12²：乘方的底数只能是一枚棋子的数"},
		// Fractions.
		{"2/5", []int{2, 5}, mustRat(2, 5), noFracNoDiv, CodeFractionNotAllowed, "2/5 is a fraction (组分数), which is not allowed in Mine", "2/5是分数，“Mine”规则里不能组分数"},
		{"6/3", []int{6, 3}, Int(2), K1(), CodeFractionNotAllowed, "6/3 is a fraction (组分数), which is not allowed in preschool and grade 1", "6/3是分数，学前和一年级不能组分数"},
		// Values.
		{"4−9+5", []int{4, 9, 5}, Int(0), G23(), CodeNegativeNotAllowed, "4−9 is −5, and negative numbers are not allowed in grades 2-3", "4−9 等于 −5，二、三年级不能出现负数"},
		{"1−9", []int{1, 9}, Int(-8), K1(), CodeNegativeNotAllowed, "1−9 is −8, and negative numbers are not allowed in preschool and grade 1", "1−9 等于 −8，学前和一年级不能出现负数"},
		{"5÷(3−3)", []int{5, 3, 3}, Int(0), G23(), CodeDivisionByZero, "5÷(3−3) divides by 0", "5÷(3−3) 除以 0 了，不能除以 0"},
		{"5/0", []int{5, 0}, Int(0), G23(), CodeDivisionByZero, "5/0 divides by 0", "5/0 除以 0 了，不能除以 0"},
		{"2×8−9", []int{2, 8, 9}, Int(8), G23(), CodeWrongResult, "the result is 7, not 8", "算出来是 7，不是 8"},
		{"1−9", []int{1, 9}, Int(8), G46(), CodeWrongResult, "the result is −8, not 8", "算出来是 −8，不是 8"},
		{"2/5", []int{2, 5}, Int(1), G46(), CodeWrongResult, "the result is 2/5, not 1", "算出来是 2/5，不是 1"},
		{"9", nil, Int(9), G46(), CodeNoOperands, "no numbers were spanned", "没有跨过任何棋子"},
		{"9", []int{10}, Int(9), G46(), CodeOperandOutOfRange, "10 is not a piece's number (0-9)", "10 不是棋子的号码（0 到 9）"},
		{"9^9^9", nil, Int(0), G46(), "", "", ""}, // parse error, skipped below
	}
	for _, tt := range tests {
		e, err := Parse(tt.expr)
		if err != nil {
			continue
		}
		t.Run(tt.expr+"/"+tt.rules.Name+"/"+tt.code, func(t *testing.T) {
			err := Check(e, tt.operands, tt.target, tt.rules)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("Check: %v", err)
				}
				return
			}
			var ce *CheckError
			if !errors.As(err, &ce) {
				t.Fatalf("Check = %v, want *CheckError %s", err, tt.code)
			}
			if ce.Code() != tt.code {
				t.Errorf("Code() = %s (%v), want %s", ce.Code(), ce, tt.code)
			}
			if ce.Error() != tt.en || ce.Message("en") != tt.en {
				t.Errorf("Error() = %q, want %q", ce.Error(), tt.en)
			}
			if ce.Message("zh-CN") != tt.zh || ce.Message("") != tt.zh {
				t.Errorf("Message(zh-CN) = %q, want %q", ce.Message("zh-CN"), tt.zh)
			}
		})
	}
}

func mustRat(n, d int64) Rat {
	r, ok := NewRat(n, d)
	if !ok {
		panic("bad rat")
	}
	return r
}

// TestGradeBands: the same expression is legal in one band and not in
// another.
func TestGradeBands(t *testing.T) {
	tests := []struct {
		expr         string
		operands     []int
		target       int64
		k1, g23, g46 string // expected code, "" for legal
	}{
		{"2×8−9", []int{2, 8, 9}, 7, CodeOperatorNotAllowed, "", ""},
		{"6÷3", []int{6, 3}, 2, CodeOperatorNotAllowed, "", ""},
		{"9−(5−4)", []int{9, 5, 4}, 8, CodeParensNotAllowed, "", ""},
		{"4−9+5", []int{4, 9, 5}, 0, CodeNegativeNotAllowed, CodeNegativeNotAllowed, ""},
		{"12−5", []int{1, 2, 5}, 7, "", "", ""},
		{"2³−1", []int{2, 3, 1}, 7, CodePowerNotAllowed, "", ""},
		{"9−5−4", []int{9, 5, 4}, 0, "", "", ""},
	}
	for _, tt := range tests {
		e := mustParse(t, tt.expr)
		for _, band := range []struct {
			r    Rules
			want string
		}{{K1(), tt.k1}, {G23(), tt.g23}, {G46(), tt.g46}} {
			err := Check(e, tt.operands, Int(tt.target), band.r)
			got := ""
			var ce *CheckError
			if errors.As(err, &ce) {
				got = ce.Code()
			}
			if got != band.want {
				t.Errorf("%s in %s: %q (%v), want %q", tt.expr, band.r.Name, got, err, band.want)
			}
		}
	}
}

func TestEvalTooLarge(t *testing.T) {
	for _, s := range []string{"99999999999999999999", "9^99", "999999999×999999999×999999999"} {
		e := mustParse(t, s)
		_, err := e.Eval()
		var ce *CheckError
		if !errors.As(err, &ce) || ce.Code() != CodeTooLarge {
			t.Errorf("Eval(%s) = %v, want too_large", s, err)
		}
	}
}

func TestRat(t *testing.T) {
	a, _ := NewRat(6, -4)
	if a != (Rat{-3, 2}) || a.String() != "-3/2" || a.display() != "−3/2" {
		t.Errorf("NewRat(6,-4) = %v", a)
	}
	if _, ok := NewRat(1, 0); ok {
		t.Error("NewRat(1,0) ok")
	}
	if Int(2).Cmp(mustRat(5, 2)) != -1 || mustRat(5, 2).Cmp(Int(2)) != 1 || mustRat(4, 2).Cmp(Int(2)) != 0 {
		t.Error("Cmp")
	}
	big := Int(1 << 62)
	if _, ok := big.Add(big); ok {
		t.Error("2^62+2^62 did not overflow")
	}
	if _, ok := big.Mul(Int(4)); ok {
		t.Error("2^62*4 did not overflow")
	}
	if _, ok := Int(1).Quo(Int(0)); ok {
		t.Error("1/0 ok")
	}
	if v, ok := mustRat(1, 3).Add(mustRat(1, 6)); !ok || v != mustRat(1, 2) {
		t.Errorf("1/3+1/6 = %v", v)
	}
	huge, _ := NewRat(1<<62, 3)
	if huge.Cmp(mustRat(1<<62-1, 3)) != 1 || mustRat(-(1<<62), 7).Cmp(mustRat(-(1<<62), 5)) != 1 {
		t.Error("Cmp of large values")
	}
}
