package draughts

import (
	"fmt"
	"strings"
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
		v := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t.Value)
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", t.Name, v)
	}
	sb.WriteByte('\n')
	main := Variation{Comment: g.comments[0], Moves: make([]VariationMove, len(g.moves))}
	for i, m := range g.moves {
		main.Moves[i] = VariationMove{Move: m, Comment: g.comments[i+1], Variations: g.variations[i+1]}
	}
	line := 0
	for _, w := range append(appendLine(nil, g.Start(), 1, main), result) {
		if line > 0 && line+1+len(w) > 79 {
			sb.WriteByte('\n')
			line = 0
		} else if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(w)
		line += len(w)
	}
	sb.WriteByte('\n')
	return sb.String()
}

// appendComment adds a comment in braces to words, a word at a time.
func appendComment(words []string, c string) []string {
	if c == "" {
		return words
	}
	return append(words, strings.Fields("{"+strings.ReplaceAll(c, "}", ")")+"}")...)
}

// appendLine adds to words the moves of v played from pos, the first at
// ply of the game, with its comments and, in parentheses after each move,
// its variations. A move number and its move are one word ("12. 32-28"),
// so that a line is never broken between them.
func appendLine(words []string, pos Position, ply int, v Variation) []string {
	words = appendComment(words, v.Comment)
	numbered := true // whether a Black move needs "N..."
	for i, vm := range v.Moves {
		n := moveNumber(pos.turn, ply+i)
		switch {
		case pos.turn == White:
			words = append(words, fmt.Sprintf("%d. %s", n, pos.Notation(vm.Move)))
		case numbered:
			words = append(words, fmt.Sprintf("%d... %s", n, pos.Notation(vm.Move)))
		default:
			words = append(words, pos.Notation(vm.Move))
		}
		words = appendComment(words, vm.Comment)
		for _, alt := range vm.Variations {
			if vw := appendLine(nil, pos, ply+i, alt); len(vw) > 0 {
				vw[0] = "(" + vw[0]
				vw[len(vw)-1] += ")"
				words = append(words, vw...)
			}
		}
		numbered = vm.Comment != "" || len(vm.Variations) > 0
		pos = pos.apply(vm.Move)
	}
	return words
}
