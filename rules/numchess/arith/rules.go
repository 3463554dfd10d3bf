package arith

import "strings"

// Rules is the arithmetic part of a number-chess ruleset (spec: Arithmetic).
// The zero value allows nothing but a single piece's number.
type Rules struct {
	// Name names the ruleset in messages ("K1", "G23", "G46" or a teacher's
	// own name); empty means "this ruleset".
	Name string

	Add, Sub, Mul, Div bool // operators allowed
	Parens             bool // parentheses allowed
	Concat             bool // 组大数: digits joined into one operand (no leading zero)
	MaxConcatDigits    int  // digits per joined operand; 0 means the default, 2
	Power              bool // 组乘方: digit² or digit³, both digits are pieces
	Fraction           bool // 组分数: digit/digit as one operand
	Negative           bool // negative intermediate (and final) values allowed
}

// K1 returns the preschool and grade 1 rules: + and − only, 组大数, no
// negative values and no parentheses (the spec's table gives parentheses to
// G23 upward), so every K1 expression reads left to right.
func K1() Rules {
	return Rules{Name: "K1", Add: true, Sub: true, Concat: true, MaxConcatDigits: 2}
}

// G23 returns the grades 2-3 rules: + − × ÷, parentheses, 组大数, 组乘方
// (² and ³) and 组分数, no negative values.
func G23() Rules {
	return Rules{Name: "G23", Add: true, Sub: true, Mul: true, Div: true, Parens: true,
		Concat: true, MaxConcatDigits: 2, Power: true, Fraction: true}
}

// G46 returns the grades 4-6 rules: as G23 with negative values allowed.
func G46() Rules {
	r := G23()
	r.Name = "G46"
	r.Negative = true
	return r
}

// RulesByName returns the preset named K1, G23 or G46 (case-insensitive).
// ok is false for any other name.
func RulesByName(name string) (r Rules, ok bool) {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "K1":
		return K1(), true
	case "G23":
		return G23(), true
	case "G46":
		return G46(), true
	}
	return Rules{}, false
}

// maxConcat is MaxConcatDigits with its default applied.
func (r Rules) maxConcat() int {
	if r.MaxConcatDigits <= 0 {
		return 2
	}
	return r.MaxConcatDigits
}

// where names the ruleset for messages as children and teachers say it:
// "in preschool and grade 1" / "学前和一年级", never the preset's code.
func (r Rules) where(lang string) string {
	zh := lang != "en"
	switch r.Name {
	case "":
		if zh {
			return "这里"
		}
		return "in this ruleset"
	case "K1":
		if zh {
			return "学前和一年级"
		}
		return "in preschool and grade 1"
	case "G23":
		if zh {
			return "二、三年级"
		}
		return "in grades 2-3"
	case "G46":
		if zh {
			return "四到六年级"
		}
		return "in grades 4-6"
	}
	if zh {
		return "“" + r.Name + "”规则里"
	}
	return "in " + r.Name
}
