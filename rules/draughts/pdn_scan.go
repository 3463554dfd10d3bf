package draughts

import (
	"fmt"
	"strings"

	"qixue/rules/record"
)

// normalResult returns the international form of a result token.
func normalResult(tok string) string {
	switch tok {
	case "1/2-1/2", "½-½":
		return "1-1"
	}
	return tok
}

// stripMoveNumber removes a move number ("12.", "12...") and an ellipsis
// ("...", "…") from tok; it returns "" when nothing else is left.
func stripMoveNumber(tok string) string {
	j := 0
	for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
		j++
	}
	if j > 0 && j < len(tok) && (tok[j] == '.' || strings.HasPrefix(tok[j:], "…")) {
		tok = tok[j:]
	} else if j > 0 {
		return tok
	}
	return strings.TrimLeft(tok, ".…")
}

func isMoveSep(c byte) bool { return c == '-' || c == 'x' || c == 'X' || c == ':' }

// joinPadded completes a move whose squares were written apart from their
// separator, as in "1- 7", "28x 6" or "1 - 7", reading on from r.i.
func (r *pdnReader) joinPadded(tok string) string {
	for {
		// The token is squares and separators only.
		digitsOnly, bare := true, true
		for k := 0; k < len(tok); k++ {
			if isMoveSep(tok[k]) {
				digitsOnly = false
			} else if tok[k] < '0' || tok[k] > '9' {
				bare = false
			}
		}
		if !bare {
			return tok
		}
		j := r.skipBlanks(r.i)
		switch {
		case isMoveSep(tok[len(tok)-1]):
			k := j
			for k < len(r.s) && r.s[k] >= '0' && r.s[k] <= '9' {
				k++
			}
			if k == j {
				return tok
			}
			tok, r.i = tok+r.s[j:k], k
		case digitsOnly && j < len(r.s) && isMoveSep(r.s[j]) && j > r.i:
			k := r.skipBlanks(j + 1)
			m := k
			for m < len(r.s) && r.s[m] >= '0' && r.s[m] <= '9' {
				m++
			}
			if m == k {
				return tok
			}
			tok, r.i = tok+r.s[j:j+1]+r.s[k:m], m
		default:
			return tok
		}
	}
}

// skipBlanks returns the index of the first byte from i that is not a space
// or a tab.
func (r *pdnReader) skipBlanks(i int) int {
	for i < len(r.s) && (r.s[i] == ' ' || r.s[i] == '\t') {
		i++
	}
	return i
}

// lineComment reads a comment from ';' at r.i to the end of the line.
func (r *pdnReader) lineComment() string {
	start := r.i + 1
	r.skipLine()
	return r.s[start:r.i]
}

func (r *pdnReader) skipLine() {
	for r.i < len(r.s) && r.s[r.i] != '\n' {
		r.i++
	}
}

// skipFreeText skips lines up to one that starts with a tag or a digit.
func (r *pdnReader) skipFreeText() {
	for {
		r.skipLine()
		if r.i >= len(r.s) {
			return
		}
		r.i++
		j := r.skipBlanks(r.i)
		if j < len(r.s) && (r.s[j] == '[' || r.s[j] >= '0' && r.s[j] <= '9') {
			return
		}
	}
}

// skipGame moves past the rest of a game that could not be read: to just
// after its result, or to the tags of the next game.
func (r *pdnReader) skipGame() {
	for {
		r.skipSpace()
		if r.i >= len(r.s) {
			return
		}
		switch c := r.s[r.i]; {
		case c == '[':
			if r.moves && (r.i == 0 || r.s[r.i-1] == '\n' || r.skipBlanksBack()) {
				return
			}
			r.skipLine()
		case c == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				r.i = len(r.s)
				return
			}
			r.i += end + 1
		case c == ';' || c == '%':
			r.skipLine()
		case c == '(':
			if r.skipParens(0) != nil {
				r.i = len(r.s)
			}
		default:
			tok := r.joinPadded(r.token())
			r.moves = true
			if results[tok] {
				return
			}
		}
	}
}

// skipBlanksBack reports whether only spaces and tabs precede r.i on its
// line.
func (r *pdnReader) skipBlanksBack() bool {
	for j := r.i - 1; j >= 0; j-- {
		switch r.s[j] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
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

// escapeArtifact reports whether tok is only escapes written out as text
// ("\r", "\r\n", "\n").
func escapeArtifact(tok string) bool {
	if tok == "" {
		return false
	}
	for len(tok) > 0 {
		switch {
		case strings.HasPrefix(tok, `\r`), strings.HasPrefix(tok, `\n`), strings.HasPrefix(tok, `\t`):
			tok = tok[2:]
		default:
			return false
		}
	}
	return true
}

// tag reads a tag section line [Name "value"]. A line that is not a tag
// ("[Empty]", a value without quotes) is skipped: it returns a Tag without
// a name and a warning. A name written with spaces ("[Type de jeu "20"]")
// is kept with a warning.
func (r *pdnReader) tag() (Tag, *message, *FormatError) {
	end := r.i + 1
	inQuote := false
	for ; end < len(r.s); end++ {
		if record.Over(end-r.i+1, r.lim.TagBytes) {
			r.fail(record.LimitTagBytes, r.lim.TagBytes, 0)
			return Tag{}, nil, nil
		}
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
		return Tag{}, nil, pdnError("a tag starting with [ is never closed", "以 [ 开始的标签没有用 ] 结束")
	}
	body := strings.TrimSpace(r.s[r.i+1 : end])
	r.i = end + 1
	q := strings.IndexByte(body, '"')
	if q < 0 || len(body) < q+2 || body[len(body)-1] != '"' || strings.TrimSpace(body[:q]) == "" {
		return Tag{}, &message{code: WarnBadTag,
			en: fmt.Sprintf("the line [%s] is not a tag [Name \"value\"] and is skipped", body),
			zh: fmt.Sprintf("[%s] 不是 [名称 \"值\"] 形式的标签，已跳过", body)}, nil
	}
	name := strings.TrimSpace(body[:q])
	var w *message
	if strings.ContainsAny(name, " \t") {
		w = &message{code: WarnBadTag,
			en: fmt.Sprintf("the tag name %q has spaces; read as written", name),
			zh: fmt.Sprintf("标签名 %q 含有空格，按原样读取", name)}
	}
	// PDN escapes only \" and \\ inside tag values.
	return Tag{Name: name, Value: record.Unescape(body[q+1 : len(body)-1])}, w, nil
}

// skipParens moves past a variation: from the opening parenthesis at r.i
// (depth 0), or from inside depth variations, to just after the closing
// parenthesis that ends it. It skips what the reader skips: {comments}
// (one never closed is an error), ; comments to the end of the line and
// % lines.
func (r *pdnReader) skipParens(depth int) *FormatError {
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
		case ';':
			r.skipLine()
			continue
		case '%':
			if r.i == 0 || r.s[r.i-1] == '\n' {
				r.skipLine()
				continue
			}
		}
		r.i++
	}
	return pdnError("a variation starting with ( is never closed", "以 ( 开始的变着没有用 ) 结束")
}

// ply is the main-line ply the text at r.i belongs to: the last move read
// of g (0 before the first).
func (r *pdnReader) ply(g *Game) int {
	if g == nil {
		return 0
	}
	return len(g.moves)
}

// results are the PDN game results (international notation first).
var results = map[string]bool{"2-0": true, "0-2": true, "1-1": true, "0-0": true, "*": true,
	"1-0": true, "0-1": true, "1/2-1/2": true, "½-½": true}

// playRecorded plays one move of a record. A move written as a capture
// that takes nothing is played as the quiet move it names, with a Warning;
// after a draw rule has ended the game, the moves recorded after it are
// still played (the draw is kept, see Game.DrawnAt).
func playRecorded(g *Game, tok string) *FormatError {
	ply := len(g.moves) + 1
	pos := g.Position()
	n := moveNumber(pos.turn, ply)
	fail := func(ie *IllegalMoveError) *FormatError {
		return pdnError(fmt.Sprintf("move %d %s: %s", n, tok, ie.Message("en")),
			fmt.Sprintf("第 %d 回合 %s：%s", n, tok, ie.Message("zh-CN")))
	}
	if g.drawnAt == 0 {
		if o := g.outcome(); o.Result == Draw {
			g.drawnAt, g.drawn = len(g.moves), o
			g.warnings = append(g.warnings, Warning{Ply: ply, msg: message{code: WarnAfterDraw,
				en: fmt.Sprintf("the game was already drawn before move %d (%s): %s; the moves after it are replayed", n, tok, o.Message("en")),
				zh: fmt.Sprintf("第 %d 回合 %s 之前对局已经是和棋（%s），之后的着法照样复盘", n, tok, o.Message("zh-CN"))}})
		} else if o.Result != Ongoing {
			return fail(illegal(tok, CodeGameOver, "the game is over: "+o.Message("en"), "对局已经结束："+o.Message("zh-CN")))
		}
	}
	m, fixed, ie := parseRecorded(pos, tok)
	if ie != nil {
		return fail(ie)
	}
	if fixed {
		g.warnings = append(g.warnings, Warning{Ply: ply, msg: message{code: WarnCaptureMark,
			en: fmt.Sprintf("move %d %s takes nothing: read as %s", n, tok, m), zh: fmt.Sprintf("第 %d 回合 %s 没有吃子：按 %s 读取", n, tok, m)}})
	}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, pos.apply(m)) // ParseMove returns only legal moves
	return nil
}

// tagValue returns the value of the tag named name (case-insensitively).
func tagValue(tags []Tag, name string) (string, bool) {
	for _, t := range tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}
