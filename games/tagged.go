package games

import (
	"fmt"
	"regexp"
	"strings"
)

// The gomoku and number-chess files the archive reads have PGN's shape:
// an optional tag section ([Black "Li"], [Rule "renju"], [Date
// "2026.11.03"]), then the moves separated by spaces, optionally numbered
// ("1. h8 2. h9"), with {comments} after the move they are about, and a
// result (1-0, 0-1, 1/2-1/2, *). A game ends at its result, at the next
// tag section or at a blank line after its moves, so a plain file of one
// move list per paragraph is a file of games too.

// tag is one tag pair of a record.
type tag struct{ Name, Value string }

// taggedMove is one move token with the comments written after it.
type taggedMove struct {
	Token    string
	Comments []string
}

// taggedGame is one game of a tagged file before its moves are played.
type taggedGame struct {
	Tags   []tag
	Before []string // comments before the first move
	Moves  []taggedMove
	Result string
}

func (g *taggedGame) tag(names ...string) string {
	for _, n := range names {
		for _, t := range g.Tags {
			if strings.EqualFold(t.Name, n) {
				return unknown(t.Value)
			}
		}
	}
	return ""
}

var (
	tagLine    = regexp.MustCompile(`^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$`)
	moveNumber = regexp.MustCompile(`^\d+\.+$`)
)

// splitTagged cuts a tagged file into games.
func splitTagged(text string) []taggedGame {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\ufeff", ""), "\r\n", "\n")
	var (
		games []taggedGame
		cur   *taggedGame
	)
	end := func() {
		if cur != nil && (len(cur.Tags) > 0 || len(cur.Moves) > 0 || cur.Result != "") {
			games = append(games, *cur)
		}
		cur = nil
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := tagLine.FindStringSubmatch(line); m != nil {
			if cur != nil && (len(cur.Moves) > 0 || cur.Result != "") {
				end()
			}
			if cur == nil {
				cur = &taggedGame{}
			}
			cur.Tags = append(cur.Tags, tag{m[1], strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])})
			continue
		}
		if strings.TrimSpace(line) == "" {
			if cur != nil && (len(cur.Moves) > 0 || cur.Result != "") {
				end()
			}
			continue
		}
		if cur == nil {
			cur = &taggedGame{}
		}
		// A comment may run over several lines.
		for strings.Count(line, "{") > strings.Count(line, "}") && i+1 < len(lines) {
			i++
			line += "\n" + lines[i]
		}
		if cur.movetext(line) {
			end()
		}
	}
	end()
	return games
}

// movetext adds the tokens of one line; it reports whether a result
// ended the game.
func (g *taggedGame) movetext(line string) bool {
	for line != "" {
		line = strings.TrimLeft(line, " \t\r\n")
		switch {
		case line == "":
			return false
		case line[0] == '{':
			j := strings.IndexByte(line, '}')
			if j < 0 {
				j = len(line) - 1
			}
			c := strings.TrimSpace(strings.Trim(line[:j+1], "{}"))
			line = line[j+1:]
			if c == "" {
				continue
			}
			if len(g.Moves) == 0 {
				g.Before = append(g.Before, c)
			} else {
				last := &g.Moves[len(g.Moves)-1]
				last.Comments = append(last.Comments, c)
			}
			continue
		case line[0] == ';':
			if len(g.Moves) > 0 {
				last := &g.Moves[len(g.Moves)-1]
				last.Comments = append(last.Comments, strings.TrimSpace(line[1:]))
			}
			return false
		}
		j := strings.IndexAny(line, " \t{;")
		if j < 0 {
			j = len(line)
		}
		tok := line[:j]
		line = line[j:]
		if res, ok := normResult(tok); ok && tok != "" {
			g.Result = res
			return true
		}
		if moveNumber.MatchString(tok) {
			continue
		}
		if n := moveNumberPrefix(tok); n > 0 {
			tok = tok[n:]
		}
		g.Moves = append(g.Moves, taggedMove{Token: tok})
	}
	return false
}

// moveNumberPrefix returns the length of a move number written onto its
// move ("12.h8"), or 0.
func moveNumberPrefix(tok string) int {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(tok) || tok[i] != '.' {
		return 0
	}
	for i < len(tok) && tok[i] == '.' {
		i++
	}
	return i
}

// readTagged reads every game of a tagged file with play, which replays
// one game's moves under its ruleset.
func readTagged(text, variant string, play func(g *taggedGame, variant string) read) []read {
	var out []read
	for i, g := range splitTagged(text) {
		r := play(&g, variant)
		r.Number = i + 1
		if r.Rec != nil {
			rec := r.Rec
			rec.Event, rec.Round, rec.Date = g.tag("Event"), g.tag("Round"), recordDate(g.tag("Date"))
			if rec.Result == "" {
				rec.Result = g.Result
				if rec.Result == "" {
					rec.Result, _ = normResult(g.tag("Result"))
				}
			}
			if rec.Result == "" {
				rec.Result = Unfinished
			}
		}
		out = append(out, r)
	}
	return out
}

// writeTagged writes a game in the tagged form: tags, a blank line, the
// numbered moves with their comments, and the result.
func writeTagged(tags []tag, before []string, moves []taggedMove, result string) string {
	var b strings.Builder
	for _, t := range tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t.Value))
	}
	b.WriteByte('\n')
	col := 0
	word := func(s string) {
		if col > 0 && col+1+len(s) > 79 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	for _, c := range before {
		word("{" + strings.ReplaceAll(c, "}", ")") + "}")
	}
	for i, m := range moves {
		word(fmt.Sprintf("%d.", i+1))
		word(m.Token)
		for _, c := range m.Comments {
			word("{" + strings.ReplaceAll(c, "}", ")") + "}")
		}
	}
	word(result)
	b.WriteByte('\n')
	return b.String()
}
