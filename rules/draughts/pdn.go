package draughts

import (
	"fmt"
	"strings"
)

// ParsePDN reads one game in PDN: tags such as [Event "..."], an optional
// [FEN "..."] start position, moves with or without move numbers, comments in
// braces (or after ';' to the end of a line), and a result (2-0, 0-2, 1-1,
// 0-0 or *). Variations in parentheses and NAGs ($1) are skipped. It returns
// a *FormatError naming the token, tag or move that could not be read or
// played; text after the first game is ignored.
func ParsePDN(text string) (*Game, error) {
	games, err := parsePDN(text, 1)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, pdnError("no game found", "没有找到对局")
	}
	return games[0], nil
}

// ParsePDNGames reads every game of a PDN file, as ParsePDN does for one.
func ParsePDNGames(text string) ([]*Game, error) {
	return parsePDN(text, -1)
}

type pdnReader struct {
	s   string
	i   int
	max int
}

func parsePDN(text string, max int) ([]*Game, error) {
	r := &pdnReader{s: text, max: max}
	var games []*Game
	for max < 0 || len(games) < max {
		g, ok, err := r.game()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		games = append(games, g)
	}
	return games, nil
}

// game reads the next game; ok is false at the end of the input.
func (r *pdnReader) game() (*Game, bool, error) {
	var tags []Tag
	var g *Game
	seen := false
	pending := ""
	addComment := func(c string) {
		c = strings.TrimSpace(c)
		if c == "" {
			return
		}
		if g == nil {
			if pending != "" {
				pending += " "
			}
			pending += c
			return
		}
		i := len(g.moves)
		if old := g.comments[i]; old != "" {
			c = old + " " + c
		}
		g.comments[i] = c
	}
	start := func() error {
		if g != nil {
			return nil
		}
		pos := Initial()
		for _, t := range tags {
			switch strings.ToLower(t.Name) {
			case "fen":
				p, err := ParseFEN(t.Value)
				if err != nil {
					fe := err.(*FormatError)
					return pdnError("FEN tag: "+fe.Message("en"), "FEN 标签："+fe.Message("zh-CN"))
				}
				pos = p
			case "gametype":
				v := strings.TrimSpace(t.Value)
				if n, _, _ := strings.Cut(v, ","); n != "20" {
					return pdnError(fmt.Sprintf("GameType %q is not international draughts (20)", v),
						fmt.Sprintf("GameType %q 不是国际跳棋（20）", v))
				}
			}
		}
		g = NewGame(pos)
		g.tags = tags
		if pending != "" {
			g.comments[0] = pending
		}
		return nil
	}
	for {
		r.skipSpace()
		if r.i >= len(r.s) {
			break
		}
		c := r.s[r.i]
		switch {
		case c == '[':
			if g != nil {
				// Tags after moves begin the next game.
				return g, true, nil
			}
			t, err := r.tag()
			if err != nil {
				return nil, false, err
			}
			tags = append(tags, t)
			seen = true
		case c == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				return nil, false, pdnError("a comment starting with { is never closed", "以 { 开始的注释没有用 } 结束")
			}
			addComment(r.s[r.i+1 : r.i+end])
			r.i += end + 1
			seen = true
		case c == ';':
			end := strings.IndexByte(r.s[r.i:], '\n')
			if end < 0 {
				end = len(r.s) - r.i
			}
			addComment(r.s[r.i+1 : r.i+end])
			r.i += end
		case c == '%' && (r.i == 0 || r.s[r.i-1] == '\n'):
			end := strings.IndexByte(r.s[r.i:], '\n')
			if end < 0 {
				end = len(r.s) - r.i
			}
			r.i += end
		case c == '(':
			if err := r.skipVariation(); err != nil {
				return nil, false, err
			}
		case c == ')' || c == '}' || c == ']':
			return nil, false, pdnError(fmt.Sprintf("unexpected %q", c), fmt.Sprintf("多余的 %q", c))
		default:
			tok := r.token()
			if err := start(); err != nil {
				return nil, false, err
			}
			seen = true
			done, err := r.moveToken(g, tok)
			if err != nil {
				return nil, false, err
			}
			if done {
				return g, true, nil
			}
		}
	}
	if !seen {
		return nil, false, nil
	}
	if err := start(); err != nil {
		return nil, false, err
	}
	return g, true, nil
}

func (r *pdnReader) skipSpace() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			r.i++
		default:
			return
		}
	}
}

// token reads up to the next space or special character.
func (r *pdnReader) token() string {
	j := r.i
	for j < len(r.s) && !strings.ContainsRune(" \t\n\r\f\v[]{}();", rune(r.s[j])) {
		j++
	}
	if j == r.i {
		j++
	}
	tok := r.s[r.i:j]
	r.i = j
	return tok
}

func (r *pdnReader) tag() (Tag, error) {
	end := r.i + 1
	inQuote := false
	for ; end < len(r.s); end++ {
		c := r.s[end]
		if inQuote && c == '\\' {
			end++
			continue
		}
		if c == '"' {
			inQuote = !inQuote
		}
		if c == ']' && !inQuote {
			break
		}
	}
	if end >= len(r.s) {
		return Tag{}, pdnError("a tag starting with [ is never closed", "以 [ 开始的标签没有用 ] 结束")
	}
	body := strings.TrimSpace(r.s[r.i+1 : end])
	r.i = end + 1
	name, rest, _ := strings.Cut(body, " ")
	rest = strings.TrimSpace(rest)
	if name == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return Tag{}, pdnError(fmt.Sprintf("tag [%s] must look like [Name \"value\"]", body),
			fmt.Sprintf("标签 [%s] 应写成 [名称 \"值\"]", body))
	}
	// PDN escapes only \" and \\ inside tag values.
	var v strings.Builder
	inner := rest[1 : len(rest)-1]
	for i := 0; i < len(inner); i++ {
		if inner[i] == '\\' && i+1 < len(inner) {
			i++
		}
		v.WriteByte(inner[i])
	}
	return Tag{Name: name, Value: v.String()}, nil
}

func (r *pdnReader) skipVariation() error {
	depth := 0
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				r.i++
				return nil
			}
		case '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				return pdnError("a comment starting with { is never closed", "以 { 开始的注释没有用 } 结束")
			}
			r.i += end
		}
		r.i++
	}
	return pdnError("a variation starting with ( is never closed", "以 ( 开始的变着没有用 ) 结束")
}

// results are the PDN game results (international notation first).
var results = map[string]bool{"2-0": true, "0-2": true, "1-1": true, "0-0": true, "*": true, "1-0": true, "0-1": true}

// moveToken handles one token of movetext; done reports a result token.
func (r *pdnReader) moveToken(g *Game, tok string) (bool, error) {
	if results[tok] {
		g.result = tok
		return true, nil
	}
	if tok[0] == '$' {
		return false, nil
	}
	// A move number: "12." or "12..." possibly glued to the move.
	j := 0
	for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
		j++
	}
	if j > 0 && j < len(tok) && tok[j] == '.' {
		for j < len(tok) && tok[j] == '.' {
			j++
		}
		tok = tok[j:]
		if tok == "" {
			return false, nil
		}
	}
	if _, err := g.PlayNotation(tok); err != nil {
		n := len(g.moves)/2 + 1
		if g.Start().turn == Black {
			n = (len(g.moves)+1)/2 + 1
		}
		ie, ok := err.(*IllegalMoveError)
		if !ok {
			return false, err
		}
		return false, pdnError(fmt.Sprintf("move %d %s: %s", n, tok, ie.Message("en")),
			fmt.Sprintf("第 %d 回合 %s：%s", n, tok, ie.Message("zh-CN")))
	}
	return false, nil
}

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
