package arith

import (
	"errors"
	"slices"
	"testing"
	"unicode/utf8"
)

// FuzzParse: Parse never panics; a refusal is a *SyntaxError pointing
// inside the input; an accepted expression prints to a display form and a
// machine form that both read back to the same digits and the same value
// (or the same evaluation error), and the display form is stable. Check
// against the expression's own digits and value never panics and accepts
// it under permissive rules when it obeys them.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"2×8−9", "2*8-9", "(9-5)-4", "12÷(7-3)", "2³+1", "2/5", "８÷２/4",
		"1÷(2/5)", "2^3", "9-5-4)", "((1))", "0×1", "6/3/2", "3/0", "-1",
		"１２÷（７－３）", "2(3)", "99999999999999999999", "9^99", "2/3²",
	} {
		f.Add(s)
	}
	all := Rules{Add: true, Sub: true, Mul: true, Div: true, Parens: true, Concat: true,
		MaxConcatDigits: 1000, Power: true, Fraction: true, Negative: true}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q): %T %v", s, err, err)
			}
			if se.Pos < 0 || se.Pos > utf8.RuneCountInString(s)+1 || se.Code() == "" || se.Message("zh-CN") == "" {
				t.Fatalf("Parse(%q): bad error %+v", s, se)
			}
			return
		}
		v, evalErr := e.Eval()
		for _, form := range []string{e.String(), e.ASCII()} {
			back, err := Parse(form)
			if err != nil {
				t.Fatalf("Parse(%q) ok, but its form %q does not parse: %v", s, form, err)
			}
			if !slices.Equal(back.Digits(), e.Digits()) {
				t.Fatalf("%q → %q: digits %v, want %v", s, form, back.Digits(), e.Digits())
			}
			w, err := back.Eval()
			if (err == nil) != (evalErr == nil) || (err == nil && w != v) {
				t.Fatalf("%q → %q: value %v %v, want %v %v", s, form, w, err, v, evalErr)
			}
			if err != nil && err.(*CheckError).Code() != evalErr.(*CheckError).Code() {
				t.Fatalf("%q → %q: eval error %v, want %v", s, form, err, evalErr)
			}
		}
		again, _ := Parse(e.String())
		if again.String() != e.String() {
			t.Fatalf("display of %q is not stable: %q then %q", s, e.String(), again.String())
		}
		if evalErr != nil || len(e.Digits()) == 0 {
			return
		}
		cerr := Check(e, e.Digits(), v, all)
		var ce *CheckError
		if cerr != nil && (!errors.As(cerr, &ce) || ce.Message("en") == "") {
			t.Fatalf("Check(%q): %v", s, cerr)
		}
		if cerr != nil {
			switch ce.Code() {
			case CodeLeadingZero, CodeBadExponent, CodeBadPowerBase, CodeDigitExtra, CodeDigitRepeated:
			default:
				t.Fatalf("Check(%q) under permissive rules: %v", s, cerr)
			}
		}
		_ = Check(e, []int{1, 2, 3}, Int(6), K1())
	})
}

// FuzzSolver: for any small multiset, target and band, Solve and CanMake
// agree, every witness passes Check, and Reachable holds the target
// exactly when a witness exists.
func FuzzSolver(f *testing.F) {
	f.Add([]byte{9, 5, 4}, int8(0), int8(1), uint8(0))
	f.Add([]byte{2, 8, 9}, int8(7), int8(1), uint8(1))
	f.Add([]byte{0, 0, 3}, int8(0), int8(1), uint8(2))
	f.Add([]byte{2, 5}, int8(2), int8(5), uint8(2))
	bandsOf := []Rules{K1(), G23(), G46()}
	f.Fuzz(func(t *testing.T, raw []byte, num, den int8, band uint8) {
		if len(raw) == 0 || len(raw) > 4 || den == 0 {
			return
		}
		ds := make([]int, len(raw))
		for i, b := range raw {
			ds[i] = int(b % 10)
		}
		target, _ := NewRat(int64(num), int64(den))
		r := bandsOf[int(band)%len(bandsOf)]
		s := NewSolver(r)
		w, ok := s.Solve(ds, target)
		if ok != s.CanMake(ds, target) {
			t.Fatalf("%s %v → %v: Solve %v, CanMake disagrees", r.Name, ds, target, ok)
		}
		_, in := slices.BinarySearchFunc(s.Reachable(ds), target, Rat.Cmp)
		if in != ok {
			t.Fatalf("%s %v → %v: Solve %v, Reachable %v", r.Name, ds, target, ok, in)
		}
		if ok {
			if err := Check(w, ds, target, r); err != nil {
				t.Fatalf("%s %v → %v: witness %s: %v", r.Name, ds, target, w, err)
			}
		}
	})
}
