package chess

import (
	"strconv"
	"strings"

	"qixue/rules/record"
)

// PGN returns the game in PGN export form: the tag pairs, then the move
// text with move numbers, canonical SAN, NAGs, {comments} and (variations),
// wrapped at 79 columns and ended by the result. A game read with an error
// is written up to its last good move.
func (g *PGNGame) PGN() string {
	var sb strings.Builder
	result := g.Result
	if result == "" {
		result = "*"
		if v, ok := g.Tag("Result"); ok {
			result = v
		}
	}
	hasResult := false
	for _, t := range g.Tags {
		if t.Name == "Result" {
			hasResult = true
		}
		sb.WriteString("[" + t.Name + " \"" + record.EscapeTag(t.Value) + "\"]\n")
	}
	if !hasResult {
		sb.WriteString("[Result \"" + result + "\"]\n")
	}
	sb.WriteString("\n")
	w := record.Words{SB: &sb, Max: 79}
	writeLine(&w, g.Start, g.Moves)
	w.Word(result)
	w.Flush()
	sb.WriteString("\n")
	return sb.String()
}

func writeComment(w *record.Words, c string) {
	c = strings.ReplaceAll(c, "}", ")")
	f := strings.Fields(c)
	if len(f) == 0 {
		w.Word("{}")
		return
	}
	if len(f) == 1 {
		w.Word("{" + f[0] + "}")
		return
	}
	w.Word("{" + f[0])
	for _, s := range f[1 : len(f)-1] {
		w.Word(s)
	}
	w.Word(f[len(f)-1] + "}")
}

// lineWriter is a line being written: its moves from p, the next move i
// and the next of that move's variations vi (-1: the move itself first).
type lineWriter struct {
	p          Position
	moves      []PGNMove
	i, vi      int
	needNumber bool
}

// writeLine writes the moves of a line starting at p as PGN words, its
// variations in parentheses after their moves. Nested variations are
// lines on an explicit stack, so the work is linear in their total size
// and no Go stack grows with their depth.
func writeLine(w *record.Words, p Position, moves []PGNMove) {
	stack := []*lineWriter{{p: p, moves: moves, vi: -1, needNumber: true}}
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		if l.i == len(l.moves) {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				w.Close()
			}
			continue
		}
		m := &l.moves[l.i]
		if l.vi < 0 {
			for _, c := range m.Before {
				writeComment(w, c)
			}
			if l.p.b.side == White {
				w.Word(strconv.Itoa(l.p.b.fullmove) + ".")
			} else if l.needNumber || len(m.Before) > 0 {
				w.Word(strconv.Itoa(l.p.b.fullmove) + "...")
			}
			l.needNumber = false
			w.Word(m.SAN)
			for _, n := range m.NAGs {
				w.Word("$" + strconv.Itoa(n))
			}
			for _, c := range m.Comments {
				writeComment(w, c)
				l.needNumber = true
			}
			l.vi = 0
		}
		if l.vi < len(m.Variations) {
			v := m.Variations[l.vi]
			l.vi++
			l.needNumber = true
			if len(v) > 0 {
				w.Open()
				stack = append(stack, &lineWriter{p: l.p, moves: v, vi: -1, needNumber: true})
			}
			continue
		}
		l.p = m.next(l.p)
		l.i++
		l.vi = -1
	}
}

// PGNGame returns the game as a PGNGame ready for export with PGN(): the
// given tags, SetUp and FEN tags when the game did not start from the
// initial position, the moves in SAN and the result of Outcome ("*" while
// the game goes on).
func (g *Game) PGNGame(tags ...Tag) *PGNGame {
	start := g.positions[0]
	out := &PGNGame{Start: start, Result: g.Outcome().Result()}
	out.Tags = append(out.Tags, tags...)
	if start.FEN() != StartFEN {
		out.Tags = append(out.Tags, Tag{Name: "SetUp", Value: "1"}, Tag{Name: "FEN", Value: start.FEN()})
	}
	for i, m := range g.moves {
		p := g.positions[i]
		out.Moves = append(out.Moves, PGNMove{Move: m, SAN: p.SAN(m)})
	}
	return out
}
