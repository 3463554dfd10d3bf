package draughts

import (
	"fmt"
	"strings"

	"qixue/rules/record"
)

// PDN returns the game in PDN: its tags (with GameType "20" and, when the
// game does not start from the initial position, FEN added if missing), a
// blank line, then numbered moves in their shortest unambiguous form with
// comments in braces and variations in parentheses (nested too, with their
// comments), and the result. Lines are wrapped before 80
// characters.
func (g *Game) PDN() string {
	var sb strings.Builder
	tags := g.Tags()
	has := func(name string) bool {
		for _, t := range tags {
			if strings.EqualFold(t.Name, name) {
				return true
			}
		}
		return false
	}
	result := g.result
	if result == "" || result == "*" {
		result = g.Outcome().Result.String()
	}
	if !has("GameType") {
		tags = append(tags, Tag{"GameType", "20"})
	}
	if !has("FEN") && g.Start() != Initial() {
		tags = append(tags, Tag{"FEN", g.Start().FEN()})
	}
	if !has("Result") {
		tags = append(tags, Tag{"Result", result})
	}
	for _, t := range tags {
		v := record.EscapeTag(t.Value)
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", t.Name, v)
	}
	sb.WriteByte('\n')
	main := Variation{Comment: g.comments[0], Moves: make([]VariationMove, len(g.moves))}
	for i, m := range g.moves {
		main.Moves[i] = VariationMove{Move: m, Comment: g.comments[i+1], Variations: g.variations[i+1]}
	}
	w := record.Words{SB: &sb, Max: 79}
	writeLine(&w, g.Start(), 1, main)
	w.Word(result)
	w.Flush()
	sb.WriteByte('\n')
	return sb.String()
}

// writeComment writes a comment in braces, a word at a time.
func writeComment(w *record.Words, c string) {
	if c == "" {
		return
	}
	for _, f := range strings.Fields("{" + strings.ReplaceAll(c, "}", ")") + "}") {
		w.Word(f)
	}
}

// lineWriter is a variation being written: its moves from pos, the first
// at ply of the game, the next move i and the next of that move's
// variations vi (-1: the move itself first).
type lineWriter struct {
	pos      Position
	ply      int
	v        Variation
	i, vi    int
	numbered bool // whether a Black move needs "N..."
}

// writeLine writes the moves of v played from pos, the first at ply of
// the game, with its comments and, in parentheses after each move, its
// variations. A move number and its move are one word ("12. 32-28"), so
// that a line is never broken between them. Nested variations are lines
// on an explicit stack: the work is linear in their total size and no Go
// stack grows with their depth.
func writeLine(w *record.Words, pos Position, ply int, v Variation) {
	writeComment(w, v.Comment)
	stack := []*lineWriter{{pos: pos, ply: ply, v: v, vi: -1, numbered: true}}
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		if l.i == len(l.v.Moves) {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				w.Close()
			}
			continue
		}
		vm := l.v.Moves[l.i]
		if l.vi < 0 {
			n := moveNumber(l.pos.turn, l.ply+l.i)
			switch {
			case l.pos.turn == White:
				w.Word(fmt.Sprintf("%d. %s", n, l.pos.Notation(vm.Move)))
			case l.numbered:
				w.Word(fmt.Sprintf("%d... %s", n, l.pos.Notation(vm.Move)))
			default:
				w.Word(l.pos.Notation(vm.Move))
			}
			writeComment(w, vm.Comment)
			l.vi = 0
		}
		if l.vi < len(vm.Variations) {
			alt := vm.Variations[l.vi]
			l.vi++
			if len(alt.Moves) > 0 || alt.Comment != "" {
				w.Open()
				writeComment(w, alt.Comment)
				stack = append(stack, &lineWriter{pos: l.pos, ply: l.ply + l.i, v: alt, vi: -1, numbered: true})
			}
			continue
		}
		l.numbered = vm.Comment != "" || len(vm.Variations) > 0
		l.pos = l.pos.apply(vm.Move)
		l.i++
		l.vi = -1
	}
}
