package arith

import (
	"fmt"
	"strings"
	"testing"
)

// TestOperations: the operations come innermost first with their operands'
// values, so "2 − 7" shows its negative result and "4 ÷ (2/3)" its
// fraction divisor; numbers, powers and fractions alone are no operation.
func TestOperations(t *testing.T) {
	for in, want := range map[string]string{
		"4÷(2/3)":   "4/(2/3)=6",
		"2-7+9":     "2-7=-5 -5+9=4",
		"(6+2)×3":   "6+2=8 8*3=24",
		"2³":        "",
		"12":        "",
		"9-(5-4)":   "5-4=1 9-1=8",
		"6÷(3/4)":   "6/(3/4)=8",
		"8÷4×2+1":   "8/4=2 2*2=4 4+1=5",
		"(7-9)×0":   "7-9=-2 -2*0=0",
		"5+2×3-1":   "2*3=6 5+6=11 11-1=10",
		"0÷(3-3)+1": "",
	} {
		e, err := Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		ops, ok := e.Operations()
		var got []string
		for _, o := range ops {
			l, r := o.L.String(), o.R.String()
			if !o.R.IsInt() {
				r = "(" + r + ")"
			}
			got = append(got, fmt.Sprintf("%s%c%s=%s", l, o.Op, r, o.V))
		}
		if !ok {
			got = nil
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: %q, want %q", in, g, want)
		}
	}
}
