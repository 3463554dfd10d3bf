package chess

import (
	"strconv"
	"strings"
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
		sb.WriteString("[" + t.Name + " \"" + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t.Value) + "\"]\n")
	}
	if !hasResult {
		sb.WriteString("[Result \"" + result + "\"]\n")
	}
	sb.WriteString("\n")
	var words []string
	words = appendLine(words, g.Start, g.Moves)
	words = append(words, result)
	width := 0
	for i, w := range words {
		if i > 0 {
			if width+1+len(w) > 79 {
				sb.WriteString("\n")
				width = 0
			} else {
				sb.WriteString(" ")
				width++
			}
		}
		sb.WriteString(w)
		width += len(w)
	}
	sb.WriteString("\n")
	return sb.String()
}

func appendComment(words []string, c string) []string {
	c = strings.ReplaceAll(c, "}", ")")
	f := strings.Fields(c)
	if len(f) == 0 {
		return append(words, "{}")
	}
	f[0] = "{" + f[0]
	f[len(f)-1] += "}"
	return append(words, f...)
}

// appendLine writes the moves of a line starting at p as PGN words.
func appendLine(words []string, p Position, moves []PGNMove) []string {
	needNumber := true
	for _, m := range moves {
		for _, c := range m.Before {
			words = appendComment(words, c)
		}
		if p.b.side == White {
			words = append(words, strconv.Itoa(p.b.fullmove)+".")
		} else if needNumber || len(m.Before) > 0 {
			words = append(words, strconv.Itoa(p.b.fullmove)+"...")
		}
		needNumber = false
		words = append(words, m.SAN)
		for _, n := range m.NAGs {
			words = append(words, "$"+strconv.Itoa(n))
		}
		for _, c := range m.Comments {
			words = appendComment(words, c)
			needNumber = true
		}
		for _, v := range m.Variations {
			vw := appendLine(nil, p, v)
			if len(vw) > 0 {
				vw[0] = "(" + vw[0]
				vw[len(vw)-1] += ")"
				words = append(words, vw...)
			}
			needNumber = true
		}
		p = m.next(p)
	}
	return words
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
