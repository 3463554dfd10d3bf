package chess

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// freeText reads a run of non-ASCII text (for example a Chinese note such
// as 黑方超时 or a date 2012年2月27日 written into the move text) and
// returns it as a comment. Digits belong to the text when a non-ASCII
// character follows them; "超时1-0" leaves the result to be read.
func (r *pgnReader) freeText() string {
	start := r.i
	for r.i < len(r.s) {
		c := r.s[r.i]
		if c >= utf8.RuneSelf || c == ' ' || c == '\t' {
			r.i++
			continue
		}
		if j := r.digitsBeforeText(); j > r.i {
			r.i = j // the whole run of digits at once: linear in the text
			continue
		}
		break
	}
	return strings.Join(strings.Fields(r.s[start:r.i]), " ") // as comment() does
}

// digitsBeforeText returns the end of the digits starting at r.i when they
// run straight into non-ASCII text, like "2012年", else r.i.
func (r *pgnReader) digitsBeforeText() int {
	j := r.i
	for j < len(r.s) && r.s[j] >= '0' && r.s[j] <= '9' {
		j++
	}
	if j > r.i && j < len(r.s) && r.s[j] >= utf8.RuneSelf {
		return j
	}
	return r.i
}

// skipVariation moves past the rest of a variation after a bad move in it:
// just after its closing parenthesis (nested variations and comments
// skipped).
func (r *pgnReader) skipVariation() {
	depth := 1
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '{':
			r.comment()
			continue
		case ';':
			r.skipLine()
			continue
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				r.i++
				return
			}
		case '[':
			if r.atLineStart() {
				return // the next game: the variation was never closed
			}
		}
		r.i++
	}
}

// move reads one move at r.i in position p. Moves may run together with
// the next move or move number, so every readable length is tried, longest
// first, skipping a final digit that is really the next move number; the
// first legal reading wins. On failure it returns the reason.
func (r *pgnReader) move(p Position) (Move, string, *PGNError) {
	rest := r.s[r.i:]
	// Fast path: a move standing alone up to a space, a comment, a
	// variation or an annotation mark, as in nearly every exported file.
	if end := strings.IndexAny(rest, " \t\r\n{}();[$!?"); end > 1 || end < 0 && len(rest) > 1 {
		if end < 0 {
			end = len(rest)
		}
		if tok := rest[:end]; strings.IndexByte(tok, '.') < 0 {
			if m, err := p.ParseMove(tok); err == nil {
				r.i += end
				var l moveList
				p.b.generate(&l)
				return m, p.san(m, &l), nil
			}
		}
	}
	var lengths []int
	if m := castleRe.FindString(rest); m != "" {
		lengths = append(lengths, len(m))
	}
	maxLen := 0
	for _, re := range sanRes {
		if m := re.FindString(rest); len(m) > maxLen {
			maxLen = len(m)
		}
	}
	for n := maxLen; n >= 2; n-- {
		lengths = append(lengths, n)
	}
	next := p.b.fullmove
	if p.b.side == Black {
		next++
	}
	numberPrefix := strconv.Itoa(next) + "."
	var firstErr *IllegalMoveError
	var firstText string
	for _, n := range lengths {
		tok := rest[:n]
		if c := tok[n-1]; c >= '0' && c <= '9' && strings.HasPrefix(rest[n-1:], numberPrefix) {
			continue // the digit starts the next move number
		}
		m, err := p.ParseMove(tok)
		if err == nil {
			r.i += n
			r.skipMarks()
			var l moveList
			p.b.generate(&l)
			return m, p.san(m, &l), nil
		}
		if ie, ok := err.(*IllegalMoveError); ok && firstErr == nil && ie.Reason != ReasonBadNotation {
			firstErr, firstText = ie, tok
		}
	}
	if firstErr == nil {
		tok := rest
		if len(lengths) > 0 && lengths[0] <= len(rest) {
			tok = rest[:lengths[0]]
		} else if end := strings.IndexAny(rest, " \t\r\n"); end > 0 {
			tok = rest[:end]
		}
		if len(tok) > 12 {
			tok = tok[:12]
		}
		for !utf8.ValidString(tok) && len(tok) > 0 {
			tok = tok[:len(tok)-1]
		}
		firstErr, firstText = illegal(tok, ReasonBadNotation, "cannot read this move", "无法识别这步棋的写法"), tok
	}
	return Move{}, "", &PGNError{Number: p.b.fullmove, Side: p.b.side, Text: firstText, Err: firstErr}
}

// skipMarks skips check marks and "e.p." after a move (annotation marks
// are read as NAGs by the caller).
func (r *pgnReader) skipMarks() {
	for {
		switch {
		case strings.HasPrefix(r.s[r.i:], "e.p."):
			r.i += 4
		case r.peek() == '+' || r.peek() == '#':
			r.i++
		default:
			return
		}
	}
}

// explainDropped adds to a refused castling the FEN tag's castling right
// that was dropped, so that the refusal says why the right is missing.
func explainDropped(g *PGNGame, err *PGNError) *PGNError {
	ie, ok := err.Err.(*IllegalMoveError)
	if !ok || ie.Reason != ReasonCastleNoRight {
		return err
	}
	for _, w := range g.Warnings {
		if fe, ok := w.Err.(*FENError); ok && fe.code == "fen_castling_right_dropped" {
			c := *ie
			c.en = "castling is not allowed: the FEN tag's right was dropped (" + fe.en + ")"
			c.zh = "不能王车易位：FEN 标签的易位权已被忽略（" + fe.zh + "）"
			e := *err
			e.Err = &c
			return &e
		}
	}
	return err
}
