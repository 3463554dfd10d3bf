package arith

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokType is a lexical token's type.
type tokType uint8

const (
	tEOF tokType = iota
	tNum         // digits, normalised to ASCII
	tSup         // superscript digits, normalised to ASCII
	tPlus
	tMinus
	tTimes
	tDivide // ÷: always the operator
	tSlash  // /: a fraction between two single digits, else the operator
	tCaret
	tLParen
	tRParen
)

type token struct {
	typ  tokType
	text string // tNum, tSup: ASCII digits
	raw  string // the characters as written
	pos  int    // 1-based character position
}

// maxExprRunes bounds the input Parse reads; longer input is refused.
const maxExprRunes = 1000

// Parse reads an expression as children write it: digits (also
// full-width), + ＋, − - – — － for minus, × x X * · ＊ for times, ÷ for
// divide, / ／ for a fraction or a divide (see the package comment), ² ³
// (any superscript digits) or ^ for a power, ( ) （ ） for brackets, spaces
// anywhere between symbols. A run of digits is one number (12 joins 1 and
// 2). There is no minus sign before a number. The error is a
// *SyntaxError giving the 1-based character position and the reason.
func Parse(s string) (*Expr, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	if p.peek().typ == tEOF {
		return nil, &SyntaxError{code: CodeEmpty}
	}
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.typ != tEOF {
		if t.typ == tNum || t.typ == tLParen {
			return nil, &SyntaxError{code: CodeMissingOperator, Pos: t.pos, Char: t.raw}
		}
		return nil, p.unexpected(t)
	}
	return e, nil
}

func lex(s string) ([]token, error) {
	if utf8.RuneCountInString(s) > maxExprRunes {
		return nil, &SyntaxError{code: CodeTooLong}
	}
	var toks []token
	pos := 0
	runes := []rune(s)
	for i := 0; i < len(runes); i++ {
		c := runes[i]
		pos = i + 1
		if d, ok := digitOf(c); ok {
			start := i
			var b strings.Builder
			b.WriteByte(d)
			for i+1 < len(runes) {
				d2, ok := digitOf(runes[i+1])
				if !ok {
					break
				}
				b.WriteByte(d2)
				i++
			}
			toks = append(toks, token{typ: tNum, text: b.String(), raw: string(runes[start : i+1]), pos: pos})
			continue
		}
		if d, ok := superDigit(c); ok {
			start := i
			var b strings.Builder
			b.WriteByte(d)
			for i+1 < len(runes) {
				d2, ok := superDigit(runes[i+1])
				if !ok {
					break
				}
				b.WriteByte(d2)
				i++
			}
			toks = append(toks, token{typ: tSup, text: b.String(), raw: string(runes[start : i+1]), pos: pos})
			continue
		}
		var typ tokType
		switch c {
		case '+', '＋':
			typ = tPlus
		case '-', '−', '–', '—', '－', '﹣':
			typ = tMinus
		case '×', 'x', 'X', '*', '·', '＊', '⋅', 'ｘ', 'Ｘ', '✕':
			typ = tTimes
		case '÷':
			typ = tDivide
		case '/', '／', '∕':
			typ = tSlash
		case '^', '＾':
			typ = tCaret
		case '(', '（':
			typ = tLParen
		case ')', '）':
			typ = tRParen
		default:
			if unicode.IsSpace(c) {
				continue
			}
			return nil, &SyntaxError{code: CodeUnknownChar, Pos: pos, Char: string(c)}
		}
		toks = append(toks, token{typ: typ, raw: string(c), pos: pos})
	}
	toks = append(toks, token{typ: tEOF, pos: len(runes) + 1})
	return toks, nil
}

// digitOf maps '0'-'9' and '０'-'９' to an ASCII digit.
func digitOf(c rune) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return byte(c), true
	case c >= '０' && c <= '９':
		return byte('0' + c - '０'), true
	}
	return 0, false
}

// superDigit maps a superscript digit to an ASCII digit.
func superDigit(c rune) (byte, bool) {
	switch c {
	case '⁰':
		return '0', true
	case '¹':
		return '1', true
	case '²':
		return '2', true
	case '³':
		return '3', true
	}
	if c >= '⁴' && c <= '⁹' {
		return byte('4' + c - '⁴'), true
	}
	return 0, false
}

type parser struct {
	toks []token
	i    int
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) peekAt(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.typ != tEOF {
		p.i++
	}
	return t
}

func (p *parser) unexpected(t token) *SyntaxError {
	if t.typ == tEOF {
		return &SyntaxError{code: CodeUnexpectedEnd, Pos: t.pos}
	}
	return &SyntaxError{code: CodeUnexpected, Pos: t.pos, Char: t.raw}
}

// expr := term { (+|−) term }
func (p *parser) expr() (*Expr, error) {
	e, err := p.term()
	if err != nil {
		return nil, err
	}
	for {
		var k kind
		switch p.peek().typ {
		case tPlus:
			k = kAdd
		case tMinus:
			k = kSub
		default:
			return e, nil
		}
		p.next()
		r, err := p.term()
		if err != nil {
			return nil, err
		}
		e = &Expr{kind: k, l: e, r: r, pos: e.pos}
	}
}

// term := factor { (×|÷|/) factor }
func (p *parser) term() (*Expr, error) {
	e, err := p.factor(false)
	if err != nil {
		return nil, err
	}
	for {
		var k kind
		switch p.peek().typ {
		case tTimes:
			k = kMul
		case tDivide, tSlash:
			k = kDiv
		default:
			return e, nil
		}
		p.next()
		r, err := p.factor(k == kDiv)
		if err != nil {
			return nil, err
		}
		e = &Expr{kind: k, l: e, r: r, pos: e.pos}
	}
}

// factor := number [power] | number / number | ( expr )
// A single digit, a '/', and a single digit with no power after it make a
// fraction, unless the first digit is itself divided (afterDiv): then the
// '/' is a division read left to right.
func (p *parser) factor(afterDiv bool) (*Expr, error) {
	t := p.peek()
	switch t.typ {
	case tNum:
		p.next()
		switch nt := p.peek(); nt.typ {
		case tSup:
			p.next()
			return &Expr{kind: kPow, lit: t.text, lit2: nt.text, pos: t.pos}, nil
		case tCaret:
			p.next()
			et := p.next()
			if et.typ != tNum {
				return nil, p.unexpected(et)
			}
			return &Expr{kind: kPow, lit: t.text, lit2: et.text, pos: t.pos}, nil
		case tSlash:
			d := p.peekAt(1)
			after := p.peekAt(2).typ
			if !afterDiv && len(t.text) == 1 && d.typ == tNum && len(d.text) == 1 &&
				after != tSup && after != tCaret {
				p.next()
				p.next()
				return &Expr{kind: kFrac, lit: t.text, lit2: d.text, pos: t.pos}, nil
			}
		}
		return &Expr{kind: kNum, lit: t.text, pos: t.pos}, nil
	case tLParen:
		p.next()
		if p.peek().typ == tRParen {
			return nil, p.unexpected(p.peek())
		}
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		if c := p.peek(); c.typ != tRParen {
			if c.typ == tEOF {
				return nil, &SyntaxError{code: CodeUnclosedParen, Pos: t.pos, Char: t.raw}
			}
			if c.typ == tNum || c.typ == tLParen {
				return nil, &SyntaxError{code: CodeMissingOperator, Pos: c.pos, Char: c.raw}
			}
			return nil, p.unexpected(c)
		}
		p.next()
		if nt := p.peek(); nt.typ == tSup || nt.typ == tCaret {
			return nil, &SyntaxError{code: CodeBadPower, Pos: nt.pos, Char: nt.raw}
		}
		cp := *e
		cp.parens++
		cp.pos = t.pos
		return &cp, nil
	case tMinus:
		return nil, &SyntaxError{code: CodeLeadingMinus, Pos: t.pos, Char: t.raw}
	case tSup, tCaret:
		return nil, &SyntaxError{code: CodeBadPower, Pos: t.pos, Char: t.raw}
	}
	return nil, p.unexpected(t)
}
