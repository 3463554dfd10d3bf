package draughts

import (
	"fmt"
	"strings"

	"qixue/rules/record"
)

// ParsePDN reads one game in PDN: tags such as [Event "..."], an optional
// [FEN "..."] start position, moves with or without move numbers, comments in
// braces (or after ';' to the end of a line), and a result (2-0, 0-2, 1-1,
// 1/2-1/2, 0-0 or *). Variations in parentheses, nested too, are read with
// their comments (see Game.Variations): every move in them is checked, and
// one that cannot be read or is not legal cuts its variation there with a
// Warning naming it, without refusing the game. NAGs ($1) are skipped.
// It also reads what real files contain: a UTF-8 byte order mark, squares
// padded with spaces ("1- 7", "28x 6"), a separate ellipsis ("1. ... 14-19"),
// a FEN with side "?" (the side of the piece that makes the first move), a
// capture mark on a move that takes nothing (played, with a Warning) and
// moves recorded after a draw rule ended the game (replayed; see
// Game.DrawnAt). It returns a *FormatError naming the token, tag or move
// that could not be read or played; text after the first game is ignored.
func ParsePDN(text string) (*Game, error) {
	games := parsePDN(text, 1)
	if len(games) == 0 {
		return nil, pdnError("no game found", "没有找到对局")
	}
	if games[0].Err != nil {
		return nil, games[0].Err
	}
	return games[0].Game, nil
}

// PDNGame is one game of a PDN file: the game, or why it was refused.
type PDNGame struct {
	// Game is the game read, nil when Err is set.
	Game *Game
	// Err says why the game could not be read or replayed, naming the move
	// or tag at fault.
	Err *FormatError
}

// ParsePDNGames reads every game of a PDN file, as ParsePDN does for one. A
// bad game does not stop the others: it is returned in its place (its
// number is its index + 1) with Err set, and reading goes on after its
// result or at the next tag section. Free text between games (text after a
// result such as "2-0 ff", mail headers) that holds no tag and no move is
// skipped, not counted as a game.
func ParsePDNGames(text string) []PDNGame {
	return parsePDN(text, -1)
}

type pdnReader struct {
	s     string
	i     int
	moves bool // the current game's movetext has begun
}

func parsePDN(text string, max int) []PDNGame {
	r := &pdnReader{s: strings.ReplaceAll(text, "\ufeff", "")}
	var games []PDNGame
	for max < 0 || len(games) < max {
		r.moves = false
		at := r.i
		g, err := r.game()
		if err != nil {
			games = append(games, PDNGame{Err: err})
			r.skipGame()
			if r.i == at {
				r.i++ // never stop making progress
			}
			continue
		}
		if g == nil {
			break
		}
		if len(g.tags) == 0 && len(g.moves) == 0 {
			continue // a lone result or comment between games
		}
		games = append(games, PDNGame{Game: g})
	}
	return games
}

// game reads the next game; it returns nil, nil at the end of the input.
func (r *pdnReader) game() (*Game, *FormatError) {
	var tags []Tag
	var g *Game
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
	// start creates the game at its first move (first, "" when there is
	// none), which tells the side to move of a FEN with side "?".
	start := func(first string) *FormatError {
		if g != nil {
			return nil
		}
		pos, err := startPosition(tags, first)
		if err != nil {
			return err
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
			if g != nil || r.moves {
				// Tags after moves begin the next game.
				if err := start(""); err != nil {
					return nil, err
				}
				return g, nil
			}
			t, err := r.tag()
			if err != nil {
				return nil, err
			}
			tags = append(tags, t)
		case c == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				return nil, pdnError("a comment starting with { is never closed", "以 { 开始的注释没有用 } 结束")
			}
			addComment(r.s[r.i+1 : r.i+end])
			r.i += end + 1
		case c == ';':
			addComment(r.lineComment())
		case c == '%' && (r.i == 0 || r.s[r.i-1] == '\n'):
			r.skipLine()
		case c == '(':
			if g == nil || len(g.moves) == 0 {
				// A variation before the first move varies nothing.
				if err := r.skipVariation(); err != nil {
					return nil, err
				}
				continue
			}
			ply := len(g.moves)
			v, err := r.variation(g.positions[ply-1], ply, &g.warnings)
			if err != nil {
				return nil, err
			}
			if len(v.Moves) > 0 {
				if g.variations == nil {
					g.variations = map[int][]Variation{}
				}
				g.variations[ply] = append(g.variations[ply], v)
			}
		case c == ')' || c == '}' || c == ']':
			return nil, pdnError(fmt.Sprintf("unexpected %q", c), fmt.Sprintf("多余的 %q", c))
		default:
			tok := r.joinPadded(r.token())
			if results[tok] {
				if err := start(""); err != nil {
					return nil, err
				}
				g.result = normalResult(tok)
				return g, nil
			}
			if tok[0] == '$' {
				continue
			}
			if v, ok := tagValue(tags, "Result"); ok && v == tok {
				// A score that is not a game result (a match score such as
				// 4-6) closing the moves, as its Result tag writes it.
				return nil, pdnError(fmt.Sprintf("%q is the Result tag's score, not a move: a game's result is written 2-0, 1-1, 0-2 or *", tok),
					fmt.Sprintf("%q 是 Result 标签里的比分，不是着法：一盘棋的结果写作 2-0、1-1、0-2 或 *", tok))
			}
			mv := stripMoveNumber(tok)
			if g == nil && len(tags) == 0 && !r.moves && (tok[0] < '0' || tok[0] > '9') {
				// Free text between games, such as mail headers or a
				// remark after the last result.
				r.skipFreeText()
				pending = ""
				continue
			}
			r.moves = true
			if mv == "" {
				continue // a move number or an ellipsis
			}
			if err := start(mv); err != nil {
				return nil, err
			}
			if err := playRecorded(g, mv); err != nil {
				return nil, err
			}
		}
	}
	if g == nil && len(tags) == 0 {
		return nil, nil
	}
	if err := start(""); err != nil {
		return nil, err
	}
	return g, nil
}

// startPosition returns the start position the tags give: the FEN tag (a
// side "?" is the side of the piece on the first move's start square) or
// the initial position. It refuses a GameType other than 20.
func startPosition(tags []Tag, first string) (Position, *FormatError) {
	pos := Initial()
	for _, t := range tags {
		switch strings.ToLower(t.Name) {
		case "fen":
			p, err := parseFENSide(t.Value, first)
			if err != nil {
				return pos, pdnError("FEN tag: "+err.Message("en"), "FEN 标签："+err.Message("zh-CN"))
			}
			pos = p
		case "gametype":
			v := strings.TrimSpace(t.Value)
			if n, _, _ := strings.Cut(v, ","); n != "20" {
				return pos, pdnError(fmt.Sprintf("GameType %q is not international draughts (20)", v),
					fmt.Sprintf("GameType %q 不是国际跳棋（20）", v))
			}
		}
	}
	return pos, nil
}

// parseFENSide reads a FEN tag; a side to move written "?" is decided by
// the first move of the game (first): the side whose piece stands on its
// start square.
func parseFENSide(fen, first string) (Position, *FormatError) {
	body := strings.Trim(strings.TrimSpace(fen), "\"")
	side, rest, _ := strings.Cut(body, ":")
	if strings.TrimSpace(side) != "?" {
		p, err := ParseFEN(fen)
		if err != nil {
			return p, err.(*FormatError)
		}
		return p, nil
	}
	p, err := ParseFEN("W:" + rest)
	if err != nil {
		return p, err.(*FormatError)
	}
	pm, perr := parseMoveText(first)
	if first == "" || perr != nil {
		return p, fenError("the side to move is \"?\" and there is no first move to tell which side moves",
			"行棋方写成了“?”，又没有第一步棋可以判断轮到哪一方")
	}
	switch pc := p.At(pm.squares[0]); {
	case pc == NoPiece:
		return p, fenError(fmt.Sprintf("the side to move is \"?\" and the first move %s starts from an empty square", first),
			fmt.Sprintf("行棋方写成了“?”，而第一步 %s 的起始格上没有棋子", first))
	case pc.Color() == Black:
		p.turn = Black
	}
	return p, nil
}

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
			if r.skipVariation() != nil {
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

func (r *pdnReader) tag() (Tag, *FormatError) {
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
	return Tag{Name: name, Value: record.Unescape(rest[1 : len(rest)-1])}, nil
}

func (r *pdnReader) skipVariation() *FormatError {
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
