package numchess

import (
	"fmt"
	"strings"

	"qixue/rules/numchess/arith"
)

// Move is a move as a player gives it: the piece (its number, of the side
// to move), where it starts, every point it lands on in order, and the
// expression of each span segment. Exprs[i] belongs to the segment that
// lands on Path[i]; it is nil for a step or a hop, and may be nil for a
// one-piece segment (its value is that piece's number). Exprs may be
// shorter than Path; missing entries count as nil.
type Move struct {
	Piece int
	From  Point
	Path  []Point
	Exprs []*arith.Expr
}

// To returns the point where the move ends (NoPoint for an empty path).
func (m Move) To() Point {
	if len(m.Path) == 0 {
		return NoPoint
	}
	return m.Path[len(m.Path)-1]
}

// Expr returns the expression of segment i (0-based), or nil.
func (m Move) Expr(i int) *arith.Expr {
	if i < len(m.Exprs) {
		return m.Exprs[i]
	}
	return nil
}

// String returns the machine form, for example "1d4-i5" (a step),
// "0a1-e5[9-5-4]" (a single span) or "8b2-f5[6-2]-d5[4]" (a chain): the
// piece's number and point, then "-" and each landing point with its
// segment's expression in brackets, written in arith's ASCII form.
func (m Move) String() string {
	var b strings.Builder
	b.WriteByte(byte('0' + m.Piece%10))
	b.WriteString(m.From.String())
	for i, q := range m.Path {
		b.WriteByte('-')
		b.WriteString(q.String())
		if e := m.Expr(i); e != nil {
			b.WriteByte('[')
			b.WriteString(e.ASCII())
			b.WriteByte(']')
		}
	}
	return b.String()
}

// ParseMove reads the machine form written by Move.String. Expressions in
// brackets are read by arith.Parse, so children's notations (× ÷ − ² ³,
// full-width characters) are accepted there. The error is a *ParseError
// with code "bad_move", "bad_point", "off_board" or "bad_expression" that
// says where the fault is.
func ParseMove(s string) (Move, error) {
	var m Move
	t := strings.TrimSpace(s)
	if t == "" || t[0] < '0' || t[0] > '9' {
		return m, moveSyntax(s, "a move starts with the piece's number, like 1d4-i5", "棋步应以棋子号码开头，如 1d4-i5")
	}
	m.Piece = int(t[0] - '0')
	t = t[1:]
	end := strings.IndexByte(t, '-')
	if end < 0 {
		return m, moveSyntax(s, "a move needs at least one landing point after '-', like 1d4-i5", "棋步在“-”后至少要有一个落点，如 1d4-i5")
	}
	from, err := ParsePoint(t[:end])
	if err != nil {
		return m, err
	}
	m.From = from
	t = t[end:]
	for t != "" {
		if t[0] != '-' {
			return m, moveSyntax(s, fmt.Sprintf("expected '-' before %q", t), fmt.Sprintf("“%s”之前应有“-”", t))
		}
		t = t[1:]
		i := 0
		for i < len(t) && t[i] != '-' && t[i] != '[' {
			i++
		}
		q, err := ParsePoint(t[:i])
		if err != nil {
			return m, err
		}
		t = t[i:]
		var e *arith.Expr
		if t != "" && t[0] == '[' {
			j := strings.IndexByte(t, ']')
			if j < 0 {
				return m, moveSyntax(s, fmt.Sprintf("the expression after %s has no closing ']'", q), fmt.Sprintf("%s 后的算式缺少“]”", q))
			}
			e, err = arith.Parse(t[1:j])
			if err != nil {
				pe := &ParseError{code: "bad_expression", Input: t[1:j], err: err,
					en: fmt.Sprintf("the expression for %s: %v", q, err), zh: fmt.Sprintf("%s 的算式：%s", q, messageOf(err, "zh-CN"))}
				return m, pe
			}
			t = t[j+1:]
		}
		m.Path = append(m.Path, q)
		m.Exprs = append(m.Exprs, e)
		if len(m.Path) > 64 {
			return m, moveSyntax(s, "a move may land on at most 64 points", "一步棋最多 64 个落点")
		}
	}
	allNil := true
	for _, e := range m.Exprs {
		allNil = allNil && e == nil
	}
	if allNil {
		m.Exprs = nil
	}
	return m, nil
}

func moveSyntax(input, en, zh string) *ParseError {
	return &ParseError{code: "bad_move", Input: input, en: en, zh: zh}
}

// messageOf returns err's message in lang when it has one.
func messageOf(err error, lang string) string {
	if m, ok := err.(messager); ok {
		return m.Message(lang)
	}
	return err.Error()
}
