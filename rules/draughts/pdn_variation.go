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

func cloneVariations(vs []Variation) []Variation {
	if len(vs) == 0 {
		return nil
	}
	out := make([]Variation, len(vs))
	for i, v := range vs {
		out[i] = Variation{Comment: v.Comment, Moves: make([]VariationMove, len(v.Moves))}
		for j, m := range v.Moves {
			out[i].Moves[j] = VariationMove{Move: m.Move, Comment: m.Comment, Variations: cloneVariations(m.Variations)}
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
	quiet := strings.NewReplacer("x", "-", "X", "-", ":", "-").Replace(tok)
	if m, err = pos.ParseMove(quiet); err != nil {
		return Move{}, false, ie
	}
	return m, true, nil
}

// variation reads the parenthesised variation starting at r.i, played
// from pos in place of the move at ply (1-based) of the game, and moves r.i
// past its closing parenthesis. Its extent is found as skipVariation finds
// it (parentheses and braces only), so only an unclosed variation or
// comment refuses the game; inside it, a move that cannot be read or is
// not legal cuts the variation there with a warning added to warns. A
// variation of which no move could be read has no moves.
func (r *pdnReader) variation(pos Position, ply int, warns *[]Warning) (Variation, *FormatError) {
	start := r.i
	if err := r.skipVariation(); err != nil {
		return Variation{}, err
	}
	sub := &pdnReader{s: r.s[:r.i-1], i: start + 1}
	return sub.line(pos, ply, warns), nil
}

// line reads the moves of a variation up to the end of r.s (its closing
// parenthesis), the first played from pos at ply of the game.
func (r *pdnReader) line(pos Position, ply int, warns *[]Warning) Variation {
	var v Variation
	prev := pos // the position before the last move read
	addComment := func(c string) {
		if c = strings.TrimSpace(c); c == "" {
			return
		}
		at := &v.Comment
		if n := len(v.Moves); n > 0 {
			at = &v.Moves[n-1].Comment
		}
		if *at != "" {
			c = *at + " " + c
		}
		*at = c
	}
	// cut ends the variation at the move at ply with a warning.
	cut := func(at int, en, zh string) Variation {
		*warns = append(*warns, Warning{Ply: at, msg: message{code: WarnVariationMove,
			en: en + "; the variation is cut there", zh: zh + "；变着到此为止"}})
		r.i = len(r.s)
		return v
	}
	for {
		r.skipSpace()
		if r.i >= len(r.s) {
			return v
		}
		switch c := r.s[r.i]; {
		case c == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				end = len(r.s) - r.i
			}
			addComment(r.s[r.i+1 : r.i+end])
			r.i = min(r.i+end+1, len(r.s))
		case c == ';':
			addComment(r.lineComment())
		case c == '%' && r.s[r.i-1] == '\n':
			r.skipLine()
		case c == '(':
			n := len(v.Moves)
			var sub Variation
			var err *FormatError
			if n == 0 {
				err = r.skipVariation() // nothing to vary: dropped
			} else {
				sub, err = r.variation(prev, ply+n-1, warns)
			}
			if err != nil {
				// A ';' comment hid a brace that the extent counted.
				return cut(ply+max(n-1, 0), "variation: "+err.Message("en"), "变着中："+err.Message("zh-CN"))
			}
			if len(sub.Moves) > 0 {
				v.Moves[n-1].Variations = append(v.Moves[n-1].Variations, sub)
			}
		default:
			tok := r.joinPadded(r.token())
			if results[tok] || tok[0] == '$' || strings.Trim(tok, "!?") == "" {
				continue // a result or an annotation ("$2", "!?")
			}
			mv := stripMoveNumber(tok)
			if mv == "" {
				continue // a move number or an ellipsis
			}
			at := ply + len(v.Moves)
			n := moveNumber(pos.turn, at)
			m, fixed, ie := parseRecorded(pos, mv)
			if ie != nil {
				return cut(at, fmt.Sprintf("variation, move %d %s: %s", n, mv, ie.Message("en")),
					fmt.Sprintf("变着中第 %d 回合 %s：%s", n, mv, ie.Message("zh-CN")))
			}
			if fixed {
				*warns = append(*warns, Warning{Ply: at, msg: message{code: WarnCaptureMark,
					en: fmt.Sprintf("variation, move %d %s takes nothing: read as %s", n, mv, m),
					zh: fmt.Sprintf("变着中第 %d 回合 %s 没有吃子：按 %s 读取", n, mv, m)}})
			}
			v.Moves = append(v.Moves, VariationMove{Move: m})
			prev, pos = pos, pos.apply(m)
		}
	}
}
