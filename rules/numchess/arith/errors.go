package arith

import (
	"fmt"
	"strconv"
)

// Codes of *SyntaxError, stable for clients.
const (
	CodeEmpty           = "empty"            // nothing but spaces
	CodeTooLong         = "too_long"         // more than 1000 characters
	CodeUnknownChar     = "unknown_char"     // a character that is no digit, operator or bracket
	CodeUnexpected      = "unexpected"       // a known symbol in the wrong place
	CodeUnexpectedEnd   = "unexpected_end"   // the expression stops after an operator
	CodeUnclosedParen   = "unclosed_paren"   // a '(' with no ')'
	CodeMissingOperator = "missing_operator" // two numbers or brackets side by side
	CodeLeadingMinus    = "leading_minus"    // a minus sign in front of a number
	CodeBadPower        = "bad_power"        // ² or ^ with no digit before it
)

// Codes of *CheckError, stable for clients.
const (
	CodeDigitRepeated      = "digit_repeated"       // a spanned number used more often than spanned
	CodeDigitMissing       = "digit_missing"        // a spanned number not used
	CodeDigitExtra         = "digit_extra"          // a number that was not spanned
	CodeOperatorNotAllowed = "operator_not_allowed" // + − × ÷ outside the ruleset
	CodeParensNotAllowed   = "parens_not_allowed"   // brackets outside the ruleset
	CodeConcatNotAllowed   = "concat_not_allowed"   // 组大数 outside the ruleset
	CodeConcatTooLong      = "concat_too_long"      // more digits joined than MaxConcatDigits
	CodeLeadingZero        = "leading_zero"         // a joined number starting with 0
	CodePowerNotAllowed    = "power_not_allowed"    // 组乘方 outside the ruleset
	CodeBadPowerBase       = "bad_power_base"       // a power whose base is not one digit
	CodeBadExponent        = "bad_exponent"         // an exponent other than 2 or 3
	CodeFractionNotAllowed = "fraction_not_allowed" // 组分数 outside the ruleset
	CodeNegativeNotAllowed = "negative_not_allowed" // a negative value where negatives are off
	CodeDivisionByZero     = "division_by_zero"     // ÷0 or a fraction over 0
	CodeTooLarge           = "too_large"            // a value beyond int64
	CodeWrongResult        = "wrong_result"         // the value is not the target
	CodeNoOperands         = "no_operands"          // Check called with no spanned numbers
	CodeOperandOutOfRange  = "operand_out_of_range" // a spanned number outside 0-9
)

// SyntaxError says why Parse refused its input and where.
type SyntaxError struct {
	Pos  int    // 1-based character position of the fault (0 when the input is empty or too long)
	Char string // the character or symbol at Pos, as written
	code string
}

// Code returns the stable snake_case reason, one of the Code* constants for syntax.
func (e *SyntaxError) Code() string { return e.code }

// Error returns the English message.
func (e *SyntaxError) Error() string { return e.Message("en") }

// Message returns the message in lang: "en", or "zh-CN" (the default for
// any other lang).
func (e *SyntaxError) Message(lang string) string {
	en := lang == "en"
	q := "'" + e.Char + "'"
	zq := "“" + e.Char + "”"
	switch e.code {
	case CodeEmpty:
		return pick(en, "the expression is empty", "算式是空的")
	case CodeTooLong:
		return pick(en, "the expression is too long", "算式太长了")
	case CodeUnknownChar:
		return pick(en, fmt.Sprintf("unknown character %s at %d", q, e.Pos),
			fmt.Sprintf("第 %d 个字符 %s 不是数字、运算符号或括号", e.Pos, zq))
	case CodeUnexpected:
		return pick(en, fmt.Sprintf("unexpected %s at %d", q, e.Pos),
			fmt.Sprintf("第 %d 个字符 %s 放错了位置", e.Pos, zq))
	case CodeUnexpectedEnd:
		return pick(en, "the expression ends too early: a number is missing at the end",
			"算式没写完：最后还少一个数")
	case CodeUnclosedParen:
		return pick(en, fmt.Sprintf("the %s at %d is never closed", q, e.Pos),
			fmt.Sprintf("第 %d 个字符 %s 没有配对的右括号", e.Pos, zq))
	case CodeMissingOperator:
		return pick(en, fmt.Sprintf("an operator is missing before %s at %d", q, e.Pos),
			fmt.Sprintf("第 %d 个字符 %s 前面少了运算符号", e.Pos, zq))
	case CodeLeadingMinus:
		return pick(en, fmt.Sprintf("%s at %d: a number cannot start with a minus sign", q, e.Pos),
			fmt.Sprintf("第 %d 个字符 %s：数的前面不能写负号", e.Pos, zq))
	case CodeBadPower:
		return pick(en, fmt.Sprintf("%s at %d: a power needs one digit right before it", q, e.Pos),
			fmt.Sprintf("第 %d 个字符 %s：乘方的前面要紧挨着一个数字", e.Pos, zq))
	}
	return pick(en, fmt.Sprintf("syntax error at %d", e.Pos), fmt.Sprintf("第 %d 个字符有错", e.Pos))
}

// CheckError says why an expression is refused for a span: which rule,
// and the number, operator or value concerned. Eval also returns it, for
// division by zero and values too large to hold.
type CheckError struct {
	code   string
	digit  int    // the number concerned (digit codes)
	count  int    // how often the expression uses digit
	want   int    // how often it was spanned
	text   string // the operator, or the part of the expression concerned
	got    Rat    // wrong_result, negative_not_allowed: the value reached
	target Rat    // wrong_result: the value wanted
	rules  Rules  // names the ruleset in messages
	hint   bool   // operator_not_allowed for ÷ where fractions are allowed
}

// Code returns the stable snake_case reason, one of the Code* constants for checks.
func (e *CheckError) Code() string { return e.code }

// Error returns the English message.
func (e *CheckError) Error() string { return e.Message("en") }

// Message returns the message in lang: "en", or "zh-CN" (the default for
// any other lang).
func (e *CheckError) Message(lang string) string {
	en := lang == "en"
	d := strconv.Itoa(e.digit)
	where := e.rules.where(lang)
	switch e.code {
	case CodeDigitRepeated:
		if e.want == 1 && e.count == 2 {
			return pick(en, d+" is used twice", d+" 用了两次")
		}
		return pick(en, fmt.Sprintf("%s is %s, but %s", d, usedTimes(e.count), spanned(e.want)),
			fmt.Sprintf("%s 用了 %d 次，可是只跨过 %d 个 %s", d, e.count, e.want, d))
	case CodeDigitMissing:
		if e.count == 0 && e.want == 1 {
			return pick(en, d+" is missing", "少了 "+d)
		}
		return pick(en, fmt.Sprintf("%s is missing: %d were spanned, but it is %s", d, e.want, usedTimes(e.count)),
			fmt.Sprintf("少了 %s：跨过 %d 个 %s，只用了 %d 次", d, e.want, d, e.count))
	case CodeDigitExtra:
		return pick(en, d+" was not spanned", "没有跨过 "+d+"，不能用 "+d)
	case CodeOperatorNotAllowed:
		if e.hint {
			return pick(en, fmt.Sprintf("%s is not allowed %s (a fraction of two digits like 2/5 is)", e.text, where),
				fmt.Sprintf("%s不能用 %s（可以用两个数字组成的分数，比如 2/5）", where, e.text))
		}
		if e.rules.Add && e.rules.Sub && !e.rules.Mul && !e.rules.Div {
			return pick(en, fmt.Sprintf("only + and − are used %s, so %s cannot be used", where, e.text),
				fmt.Sprintf("%s只用加法和减法，不能用 %s", where, e.text))
		}
		return pick(en, fmt.Sprintf("%s is not allowed %s", e.text, where),
			fmt.Sprintf("%s不能用 %s", where, e.text))
	case CodeParensNotAllowed:
		return pick(en, "brackets are not allowed "+where, where+"不能用括号")
	case CodeConcatNotAllowed:
		return pick(en, fmt.Sprintf("%s joins numbers into a bigger one (组大数), which is not allowed %s", e.text, where),
			fmt.Sprintf("%s是组大数，%s不能组大数", e.text, where))
	case CodeConcatTooLong:
		return pick(en, fmt.Sprintf("%s joins %d numbers; at most %d may be joined", e.text, e.count, e.want),
			fmt.Sprintf("%s 连起了 %d 个数，最多只能连 %d 个", e.text, e.count, e.want))
	case CodeLeadingZero:
		return pick(en, fmt.Sprintf("%s starts with 0; a joined number cannot start with 0", e.text),
			fmt.Sprintf("%s 以 0 开头，组大数时 0 不能放在最前面", e.text))
	case CodePowerNotAllowed:
		return pick(en, fmt.Sprintf("%s is a power (组乘方), which is not allowed %s", e.text, where),
			fmt.Sprintf("%s是乘方，%s不能组乘方", e.text, where))
	case CodeBadPowerBase:
		return pick(en, fmt.Sprintf("%s: the base of a power must be one piece's number", e.text),
			fmt.Sprintf("%s：乘方的底数只能是一枚棋子的数", e.text))
	case CodeBadExponent:
		return pick(en, fmt.Sprintf("%s: the exponent must be 2 or 3", e.text),
			fmt.Sprintf("%s：只能算 2 次方或 3 次方", e.text))
	case CodeFractionNotAllowed:
		return pick(en, fmt.Sprintf("%s is a fraction (组分数), which is not allowed %s", e.text, where),
			fmt.Sprintf("%s是分数，%s不能组分数", e.text, where))
	case CodeNegativeNotAllowed:
		return pick(en, fmt.Sprintf("%s is %s, and negative numbers are not allowed %s", e.text, e.got.display(), where),
			fmt.Sprintf("%s 等于 %s，%s不能出现负数", e.text, e.got.display(), where))
	case CodeDivisionByZero:
		return pick(en, fmt.Sprintf("%s divides by 0", e.text), fmt.Sprintf("%s 除以 0 了，不能除以 0", e.text))
	case CodeTooLarge:
		return pick(en, fmt.Sprintf("%s is too large to work out", e.text), fmt.Sprintf("%s 太大了，算不出来", e.text))
	case CodeWrongResult:
		return pick(en, fmt.Sprintf("the result is %s, not %s", e.got.display(), e.target.display()),
			fmt.Sprintf("算出来是 %s，不是 %s", e.got.display(), e.target.display()))
	case CodeNoOperands:
		return pick(en, "no numbers were spanned", "没有跨过任何棋子")
	case CodeOperandOutOfRange:
		return pick(en, fmt.Sprintf("%d is not a piece's number (0-9)", e.digit),
			fmt.Sprintf("%d 不是棋子的号码（0 到 9）", e.digit))
	}
	return pick(en, "the expression is not allowed", "这个算式不行")
}

func pick(en bool, english, chinese string) string {
	if en {
		return english
	}
	return chinese
}

// usedTimes says how often a number is used: "used once", "used 3 times".
func usedTimes(n int) string {
	switch n {
	case 0:
		return "not used"
	case 1:
		return "used once"
	case 2:
		return "used twice"
	}
	return fmt.Sprintf("used %d times", n)
}

// spanned says how many of a number were spanned: "only one was spanned".
func spanned(n int) string {
	if n == 1 {
		return "only one was spanned"
	}
	return fmt.Sprintf("only %d were spanned", n)
}
