package draughts

import (
	"fmt"
	"strings"
)

// Variation is an alternative line written in a game record: moves played,
// in place of the move it belongs to, from the position before that move.
type Variation struct {
	Comment string // written before its first move
	Moves   []VariationMove
}

// VariationMove is one move of a variation with what was written after it.
type VariationMove struct {
	Move       Move
	Comment    string      // written after the move
	Variations []Variation // alternatives to this move, from the position before it
}

// WarnVariationMove is the code of a Warning about a move inside a
// variation that cannot be read or is not legal: the variation is cut
// there and the game is still read.
const WarnVariationMove = "illegal_move_in_variation"

// Variations returns the alternatives written to move ply (1-based) of the
// main line, each played from the position before that move; nil when
// there are none.
func (g *Game) Variations(ply int) []Variation {
	return cloneVariations(g.variations[ply])
}

// cloneVariations copies a tree of variations level by level, on an
// explicit stack: its depth costs no Go stack.
func cloneVariations(vs []Variation) []Variation {
	if len(vs) == 0 {
		return nil
	}
	level := func(vs []Variation) []Variation {
		out := make([]Variation, len(vs))
		for i, v := range vs {
			out[i] = Variation{Comment: v.Comment, Moves: append([]VariationMove(nil), v.Moves...)}
		}
		return out
	}
	out := level(vs)
	stack := [][]Variation{out}
	for len(stack) > 0 {
		vs := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i := range vs {
			for j := range vs[i].Moves {
				if m := &vs[i].Moves[j]; len(m.Variations) > 0 {
					m.Variations = level(m.Variations)
					stack = append(stack, m.Variations)
				}
			}
		}
	}
	return out
}

// moveNumber returns the move number of the ply-th move (1-based) of a
// game when side makes it: White makes the odd plies of a game White
// starts and the even plies of one Black starts.
func moveNumber(side Color, ply int) int {
	if (side == Black) == (ply%2 == 1) { // Black moved first
		return ply/2 + 1
	}
	return (ply-1)/2 + 1
}

// parseRecorded reads tok in pos as a move of a record. A move written as
// a capture that takes nothing is read as the quiet move it names (fixed is
// true then); otherwise the refusal is that of ParseMove.
func parseRecorded(pos Position, tok string) (m Move, fixed bool, ie *IllegalMoveError) {
	m, err := pos.ParseMove(tok)
	if err == nil {
		return m, false, nil
	}
	ie = err.(*IllegalMoveError)
	if ie.Code() != CodeNotACapture {
		return Move{}, false, ie
	}
	quiet := captureMarks.Replace(tok)
	if m, err = pos.ParseMove(quiet); err != nil {
		return Move{}, false, ie
	}
	return m, true, nil
}

// varLine is a variation being read: its moves so far from the position
// before the move it varies, with what was written in it.
type varLine struct {
	v         Variation
	pos, prev Position // the position now, and before the last move read
	ply       int      // the ply of the game its first move is played at
	comments  commentBuf
}

// commentBuf gathers the comments written at one place of a line, so that
// many comments in a row cost their length, not its square.
type commentBuf struct {
	sb strings.Builder
	at *string // where the comments go
}

// add appends c to the comments at *at (a new place ends the last one).
func (b *commentBuf) add(at *string, c string) {
	if b.at != at {
		b.flush()
		b.at = at
		b.sb.WriteString(*at)
	}
	if b.sb.Len() > 0 {
		b.sb.WriteByte(' ')
	}
	b.sb.WriteString(c)
}

// flush writes the comments gathered to their place.
func (b *commentBuf) flush() {
	if b.at != nil {
		*b.at = b.sb.String()
	}
	b.sb.Reset()
	b.at = nil
}

// variation reads the parenthesised variation starting at r.i, played
// from pos in place of the move at ply (1-based) of the game, with the
// variations nested in it, and moves r.i past its closing parenthesis.
// Nested variations are lines on an explicit stack, read in one pass:
// the work is linear in the text and costs no Go stack. Only an unclosed
// variation or comment refuses the game; inside, a move that cannot be
// read or is not legal cuts its variation there with a warning added to
// warns. A variation of which no move could be read has no moves.
func (r *pdnReader) variation(pos Position, ply int, warns *[]Warning) (Variation, *FormatError) {
	r.i++ // the opening parenthesis, counted by the caller
	stack := []*varLine{{pos: pos, prev: pos, ply: ply}}
	// closeTop ends the innermost variation: it joins the move it varies.
	closeTop := func() (Variation, bool) {
		l := stack[len(stack)-1]
		l.comments.flush()
		stack = stack[:len(stack)-1]
		if len(stack) == 0 {
			return l.v, true
		}
		if len(l.v.Moves) > 0 {
			p := stack[len(stack)-1]
			n := len(p.v.Moves)
			p.comments.flush() // p.v.Moves may move
			p.v.Moves[n-1].Variations = append(p.v.Moves[n-1].Variations, l.v)
		}
		return Variation{}, false
	}
	unclosed := pdnError("a variation starting with ( is never closed", "以 ( 开始的变着没有用 ) 结束")
	for r.err == nil {
		l := stack[len(stack)-1]
		addComment := func(c string) {
			if c = strings.TrimSpace(c); c == "" {
				return
			}
			at := &l.v.Comment
			if n := len(l.v.Moves); n > 0 {
				at = &l.v.Moves[n-1].Comment
			}
			l.comments.add(at, c)
		}
		// cut ends the variation at the move at ply with a warning.
		cut := func(at int, en, zh string) *FormatError {
			*warns = append(*warns, Warning{Ply: at, msg: message{code: WarnVariationMove,
				en: en + "; the variation is cut there", zh: zh + "；变着到此为止"}})
			return r.skipParens(1)
		}
		r.skipSpace()
		if r.i >= len(r.s) {
			return Variation{}, unclosed
		}
		switch c := r.s[r.i]; {
		case c == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				return Variation{}, pdnError("a comment starting with { is never closed", "以 { 开始的注释没有用 } 结束")
			}
			if r.annotation(end+1, ply) {
				addComment(r.s[r.i+1 : r.i+end])
			}
			r.i += end + 1
		case c == ';':
			com := r.lineComment()
			if r.annotation(len(com)+1, ply) {
				addComment(com)
			}
		case c == '%' && r.s[r.i-1] == '\n':
			r.skipLine()
		case c == ')':
			r.i++
			if v, done := closeTop(); done {
				return v, nil
			}
		case c == '(':
			if !r.openVariation(len(stack)+1, ply) {
				continue
			}
			n := len(l.v.Moves)
			if n == 0 {
				if err := r.skipParens(0); err != nil { // nothing to vary: dropped
					return Variation{}, err
				}
				continue
			}
			r.i++
			stack = append(stack, &varLine{pos: l.prev, prev: l.prev, ply: l.ply + n - 1})
		default:
			tok := r.joinPadded(r.token())
			if results[tok] || tok[0] == '$' || strings.Trim(tok, "!?") == "" {
				continue // a result or an annotation ("$2", "!?")
			}
			mv := stripMoveNumber(tok)
			if mv == "" {
				continue // a move number or an ellipsis
			}
			at := l.ply + len(l.v.Moves)
			n := moveNumber(l.pos.turn, at)
			if !r.countPly(ply) {
				continue
			}
			m, fixed, ie := parseRecorded(l.pos, mv)
			if ie != nil {
				if err := cut(at, fmt.Sprintf("variation, move %d %s: %s", n, mv, ie.Message("en")),
					fmt.Sprintf("变着中第 %d 回合 %s：%s", n, mv, ie.Message("zh-CN"))); err != nil {
					return Variation{}, err
				}
				if v, done := closeTop(); done {
					return v, nil
				}
				continue
			}
			if fixed {
				*warns = append(*warns, Warning{Ply: at, msg: message{code: WarnCaptureMark,
					en: fmt.Sprintf("variation, move %d %s takes nothing: read as %s", n, mv, m),
					zh: fmt.Sprintf("变着中第 %d 回合 %s 没有吃子：按 %s 读取", n, mv, m)}})
			}
			l.comments.flush() // l.v.Moves may move
			l.v.Moves = append(l.v.Moves, VariationMove{Move: m})
			l.prev, l.pos = l.pos, l.pos.apply(m)
		}
	}
	return Variation{}, nil
}

// captureMarks writes a capture's separators as a quiet move's.
var captureMarks = strings.NewReplacer("x", "-", "X", "-", ":", "-")
