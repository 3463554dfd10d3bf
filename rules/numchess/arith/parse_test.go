package arith

import (
	"errors"
	"slices"
	"testing"
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		in, display, ascii string
		digits             []int
		value              string
	}{
		{"2×8−9", "2×8−9", "2*8-9", []int{2, 8, 9}, "7"},
		{"2*8-9", "2×8−9", "2*8-9", []int{2, 8, 9}, "7"},
		{"2x8-9", "2×8−9", "2*8-9", []int{2, 8, 9}, "7"},
		{"2X8–9", "2×8−9", "2*8-9", []int{2, 8, 9}, "7"},
		{"2·8—9", "2×8−9", "2*8-9", []int{2, 8, 9}, "7"},
		{"(9-5)-4", "(9−5)−4", "(9-5)-4", []int{4, 5, 9}, "0"},
		{"9-5-4", "9−5−4", "9-5-4", []int{4, 5, 9}, "0"},
		{"9-(5-4)", "9−(5−4)", "9-(5-4)", []int{4, 5, 9}, "8"},
		{"12÷(7-3)", "12÷(7−3)", "12/(7-3)", []int{1, 2, 3, 7}, "3"},
		{"12/(7-3)", "12÷(7−3)", "12/(7-3)", []int{1, 2, 3, 7}, "3"},
		{"2³+1", "2³+1", "2^3+1", []int{1, 2, 3}, "9"},
		{"2^3+1", "2³+1", "2^3+1", []int{1, 2, 3}, "9"},
		{"3²", "3²", "3^2", []int{2, 3}, "9"},
		{"2/5", "2/5", "2/5", []int{2, 5}, "2/5"},
		{"6÷3", "6÷3", "6/3", []int{3, 6}, "2"},
		{"6/3", "6/3", "6/3", []int{3, 6}, "2"},
		{"1÷2/5", "1÷2÷5", "1/2/5", []int{1, 2, 5}, "1/10"},
		{"1÷(2/5)", "1÷(2/5)", "1/(2/5)", []int{1, 2, 5}, "5/2"},
		{"1+2/5", "1+2/5", "1+2/5", []int{1, 2, 5}, "7/5"},
		{"8÷2/4", "8÷2÷4", "8/2/4", []int{2, 4, 8}, "1"},
		{"8/2/4", "8/2÷4", "8/2/4", []int{2, 4, 8}, "1"},
		{"8÷(2/4)", "8÷(2/4)", "8/(2/4)", []int{2, 4, 8}, "16"},
		{"3×2/4", "3×2/4", "3*2/4", []int{2, 3, 4}, "3/2"},
		{"2/3²", "2÷3²", "2/3^2", []int{2, 2, 3}, "2/9"},
		{"12/4", "12÷4", "12/4", []int{1, 2, 4}, "3"},
		{"(7-3)/2", "(7−3)÷2", "(7-3)/2", []int{2, 3, 7}, "2"},
		{"１２÷（７－３）", "12÷(7−3)", "12/(7-3)", []int{1, 2, 3, 7}, "3"},
		{"２×８＋１", "2×8+1", "2*8+1", []int{1, 2, 8}, "17"},
		{" 9 - 5\t- 4 ", "9−5−4", "9-5-4", []int{4, 5, 9}, "0"},
		{"9　−　5", "9−5", "9-5", []int{5, 9}, "4"},
		{"7", "7", "7", []int{7}, "7"},
		{"((7))", "(7)", "(7)", []int{7}, "7"},
		{"0×1", "0×1", "0*1", []int{0, 1}, "0"},
		{"05", "05", "05", []int{0, 5}, "5"},
		{"2^12", "2¹²", "2^12", []int{1, 2, 2}, "4096"},
		{"1+2×3", "1+2×3", "1+2*3", []int{1, 2, 3}, "7"},
		{"(1+2)×3", "(1+2)×3", "(1+2)*3", []int{1, 2, 3}, "9"},
		{"8÷(4÷2)", "8÷(4÷2)", "8/(4/2)", []int{2, 4, 8}, "4"},
		{"3/0+1", "3/0+1", "3/0+1", []int{0, 1, 3}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := e.String(); got != tt.display {
				t.Errorf("String() = %q, want %q", got, tt.display)
			}
			if got := e.ASCII(); got != tt.ascii {
				t.Errorf("ASCII() = %q, want %q", got, tt.ascii)
			}
			if got := e.Digits(); !slices.Equal(got, tt.digits) {
				t.Errorf("Digits() = %v, want %v", got, tt.digits)
			}
			v, err := e.Eval()
			if tt.value == "" {
				var ce *CheckError
				if !errors.As(err, &ce) || ce.Code() != CodeDivisionByZero {
					t.Errorf("Eval() = %v, %v; want division_by_zero", v, err)
				}
				return
			}
			if err != nil || v.String() != tt.value {
				t.Errorf("Eval() = %v, %v; want %s", v, err, tt.value)
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		in   string
		code string
		pos  int
		en   string
	}{
		{"", CodeEmpty, 0, "the expression is empty"},
		{"   ", CodeEmpty, 0, "the expression is empty"},
		{"9-5-4)", CodeUnexpected, 6, "unexpected ')' at 6"},
		{"(9-5-4", CodeUnclosedParen, 1, "the '(' at 1 is never closed"},
		{"9-5=4", CodeUnknownChar, 4, "unknown character '=' at 4"},
		{"9a", CodeUnknownChar, 2, "unknown character 'a' at 2"},
		{"9+", CodeUnexpectedEnd, 3, "the expression ends too early: a number is missing at the end"},
		{"9++5", CodeUnexpected, 3, "unexpected '+' at 3"},
		{"-3+5", CodeLeadingMinus, 1, "'-' at 1: a number cannot start with a minus sign"},
		{"5×(−3)", CodeLeadingMinus, 4, "'−' at 4: a number cannot start with a minus sign"},
		{"2(3+4)", CodeMissingOperator, 2, "an operator is missing before '(' at 2"},
		{"(3+4)2", CodeMissingOperator, 6, "an operator is missing before '2' at 6"},
		{"1 2", CodeMissingOperator, 3, "an operator is missing before '2' at 3"},
		{"(1 2)", CodeMissingOperator, 4, "an operator is missing before '2' at 4"},
		{"()", CodeUnexpected, 2, "unexpected ')' at 2"},
		{"(1+2)²", CodeBadPower, 6, "'²' at 6: a power needs one digit right before it"},
		{"²3", CodeBadPower, 1, "'²' at 1: a power needs one digit right before it"},
		{"2+^3", CodeBadPower, 3, "'^' at 3: a power needs one digit right before it"},
		{"2^", CodeUnexpectedEnd, 3, "the expression ends too early: a number is missing at the end"},
		{"2^(3)", CodeUnexpected, 3, "unexpected '(' at 3"},
		{"2²^3", CodeUnexpected, 3, "unexpected '^' at 3"},
		{"１２÷（７－３", CodeUnclosedParen, 4, "the '（' at 4 is never closed"},
		{"x", CodeUnexpected, 1, "unexpected 'x' at 1"},
		{"7÷", CodeUnexpectedEnd, 3, "the expression ends too early: a number is missing at the end"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := Parse(tt.in)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) = %v, %v; want a *SyntaxError", tt.in, e, err)
			}
			if se.Code() != tt.code || se.Pos != tt.pos {
				t.Errorf("code %s at %d, want %s at %d", se.Code(), se.Pos, tt.code, tt.pos)
			}
			if se.Error() != tt.en {
				t.Errorf("Error() = %q, want %q", se.Error(), tt.en)
			}
			if zh := se.Message("zh-CN"); zh == "" || zh == se.Error() || se.Message("fr") != zh {
				t.Errorf("Message(zh-CN) = %q", zh)
			}
		})
	}
}

func TestParseTooLong(t *testing.T) {
	long := make([]byte, 0, 2100)
	for range 1050 {
		long = append(long, '1', '+')
	}
	_, err := Parse(string(long) + "1")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Code() != CodeTooLong {
		t.Fatalf("Parse(long) = %v, want too_long", err)
	}
}

// TestCombined: the operands made by each combining rule, as the parser
// reads them; a / after a divided digit is a division, not a fraction.
func TestCombined(t *testing.T) {
	tests := []struct {
		in                      string
		concat, power, fraction []string
	}{
		{"6×4/6", nil, nil, []string{"4/6"}},
		{"6×4÷6", nil, nil, nil},
		{"8÷2/4", nil, nil, nil},
		{"8/2÷4", nil, nil, []string{"8/2"}},
		{"12÷(2/3)+2³", []string{"12"}, []string{"2³"}, []string{"(2/3)"}},
		{"(1/2)×6+3^2+45", []string{"45"}, []string{"3²"}, []string{"(1/2)"}},
		{"12/4", []string{"12"}, nil, nil},
	}
	for _, tt := range tests {
		e, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		for c, want := range map[Combining][]string{Concat: tt.concat, Power: tt.power, Fraction: tt.fraction} {
			var got []string
			for _, x := range e.Combined(c) {
				got = append(got, x.String())
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: combined(%d) = %q, want %q", tt.in, c, got, want)
			}
		}
	}
}
