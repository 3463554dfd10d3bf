package draughts

import (
	"fmt"
	"strings"
)

// PDN returns the game in PDN: its tags (with GameType "20" and, when the
// game does not start from the initial position, FEN added if missing), a
// blank line, then numbered moves in their shortest unambiguous form with
// comments in braces, and the result. Lines are wrapped before 80
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
	line := 0
	write := func(s string) {
		if line > 0 && line+1+len(s) > 79 {
			sb.WriteByte('\n')
			line = 0
		} else if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(s)
		line += len(s)
	}
	comment := func(i int) {
		if c := g.comments[i]; c != "" {
			for _, w := range strings.Fields("{" + strings.ReplaceAll(c, "}", ")") + "}") {
				write(w)
			}
		}
	}
	comment(0)
	num := 1
	numbered := false // whether the next Black move needs "N..."
	for i, m := range g.moves {
		pos := g.positions[i]
		if pos.turn == White {
			write(fmt.Sprintf("%d. %s", num, pos.Notation(m)))
		} else {
			if i == 0 || numbered {
				write(fmt.Sprintf("%d... %s", num, pos.Notation(m)))
			} else {
				write(pos.Notation(m))
			}
			num++
		}
		numbered = g.comments[i+1] != ""
		comment(i + 1)
	}
	write(result)
	sb.WriteByte('\n')
	return sb.String()
}
