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
//
// ParsePDNGames sets no limits: for untrusted text use ReadPDNGames.
func ParsePDNGames(text string) []PDNGame {
	games, _ := ReadPDNGames(text, record.Limits{})
	return games
}

// ReadPDNGames reads the games of text as ParsePDNGames does, within lim:
// reading stops at the first limit passed, returning the games read
// before it and a *record.LimitError naming the limit, the game and the
// ply. Its work is linear in the length of text, and nested variations
// cost no Go stack.
func ReadPDNGames(text string, lim record.Limits) ([]PDNGame, error) {
	r := NewPDNReader(text, lim)
	var games []PDNGame
	for {
		g, ok, err := r.Next()
		if err != nil || !ok {
			return games, err
		}
		games = append(games, g)
	}
}

// PDNReader reads the games of a PDN text one at a time, within limits,
// so that a caller can handle each game and let it go before the next.
type PDNReader struct {
	r pdnReader
}

// NewPDNReader returns a reader of the games of text within lim (see
// ReadPDNGames).
func NewPDNReader(text string, lim record.Limits) *PDNReader {
	return &PDNReader{r: pdnReader{s: strings.ReplaceAll(text, "\ufeff", ""), lim: lim}}
}

// Next returns the next game (ok false at the end of the text). After a
// limit is passed it returns the *record.LimitError, then and on every
// later call.
func (pr *PDNReader) Next() (g PDNGame, ok bool, err error) {
	r := &pr.r
	for r.err == nil {
		r.moves = false
		r.number = r.games + 1
		r.variations, r.commentBytes, r.plies = 0, 0, 0
		at := r.i
		gm, ferr := r.game()
		if r.err != nil {
			break
		}
		if ferr != nil {
			r.skipGame()
			if r.i == at {
				r.i++ // never stop making progress
			}
			g = PDNGame{Err: ferr}
		} else if gm == nil {
			return PDNGame{}, false, nil
		} else if len(gm.tags) == 0 && len(gm.moves) == 0 {
			continue // a lone result or comment between games
		} else {
			g = PDNGame{Game: gm}
		}
		if r.games++; record.Over(r.games, r.lim.Games) {
			r.fail(record.LimitGames, r.lim.Games, 0)
			break
		}
		return g, true, nil
	}
	return PDNGame{}, false, r.err
}

type pdnReader struct {
	s     string
	i     int
	moves bool // the current game's movetext has begun
	lim   record.Limits
	// games counts the games read; number is that of the game being read.
	games, number int
	// Counts of the game being read, against lim.
	variations, commentBytes, plies int
	err                             *record.LimitError
}

// parsePDN reads at most max games (no limits).
func parsePDN(text string, max int) []PDNGame {
	r := NewPDNReader(text, record.Limits{})
	var games []PDNGame
	for len(games) < max {
		g, ok, _ := r.Next()
		if !ok {
			break
		}
		games = append(games, g)
	}
	return games
}

// fail records the first limit passed.
func (r *pdnReader) fail(limit string, max, ply int) {
	if r.err == nil {
		r.err = &record.LimitError{Limit: limit, Max: max, Game: r.number, Ply: ply}
	}
}

// annotation counts n bytes of comments of the current game at ply
// against the limit; it reports false once the limit is passed.
func (r *pdnReader) annotation(n, ply int) bool {
	r.commentBytes += n
	if record.Over(r.commentBytes, r.lim.CommentBytes) {
		r.fail(record.LimitCommentBytes, r.lim.CommentBytes, ply)
		return false
	}
	return true
}

// countPly counts a move of the current game (main line or variation, at
// main-line ply) against the limit; it reports false once it is passed.
func (r *pdnReader) countPly(ply int) bool {
	r.plies++
	if record.Over(r.plies, r.lim.Plies) {
		r.fail(record.LimitPlies, r.lim.Plies, ply)
		return false
	}
	return true
}

// openVariation counts a variation opened at depth (1: in the main line)
// against the limits; it reports false once one is passed.
func (r *pdnReader) openVariation(depth, ply int) bool {
	r.variations++
	switch {
	case record.Over(r.variations, r.lim.Variations):
		r.fail(record.LimitVariations, r.lim.Variations, ply)
	case record.Over(depth, r.lim.Depth):
		r.fail(record.LimitDepth, r.lim.Depth, ply)
	default:
		return true
	}
	return false
}

// game reads the next game; it returns nil, nil at the end of the input.
func (r *pdnReader) game() (*Game, *FormatError) {
	var tags []Tag
	var g *Game
	var pending strings.Builder
	// early holds the warnings found before the game begins (its tags).
	var early []Warning
	warn := func(code, en, zh string) {
		w := Warning{msg: message{code: code, en: en, zh: zh}}
		if g == nil {
			early = append(early, w)
			return
		}
		w.Ply = len(g.moves)
		g.warnings = append(g.warnings, w)
	}
	escapes := false
	// Comments are gathered per move in a builder: many in a row cost
	// their length, not its square.
	var comments strings.Builder
	commentAt := -1
	flush := func() {
		if commentAt >= 0 {
			g.comments[commentAt] = comments.String()
			comments.Reset()
			commentAt = -1
		}
	}
	defer flush()
	addComment := func(c string) {
		c = strings.TrimSpace(c)
		if c == "" {
			return
		}
		if g == nil {
			if pending.Len() > 0 {
				pending.WriteByte(' ')
			}
			pending.WriteString(c)
			return
		}
		if i := len(g.moves); i != commentAt {
			flush()
			commentAt = i
			comments.WriteString(g.comments[i])
		}
		if comments.Len() > 0 {
			comments.WriteByte(' ')
		}
		comments.WriteString(c)
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
		g.warnings = append(g.warnings, early...)
		if pending.Len() > 0 {
			g.comments[0] = pending.String()
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
			t, w, err := r.tag()
			if err != nil || r.err != nil {
				return nil, err
			}
			if w != nil {
				warn(w.code, w.en, w.zh)
			}
			if t.Name == "" {
				continue
			}
			if record.Over(len(tags)+1, r.lim.Tags) {
				r.fail(record.LimitTags, r.lim.Tags, 0)
				return nil, nil
			}
			if _, dup := tagValue(tags, t.Name); !dup {
				tags = append(tags, t) // a repeated tag keeps its first value
			}
		case c == '{':
			end := strings.IndexByte(r.s[r.i:], '}')
			if end < 0 {
				return nil, pdnError("a comment starting with { is never closed", "以 { 开始的注释没有用 } 结束")
			}
			if r.annotation(end+1, r.ply(g)) {
				addComment(r.s[r.i+1 : r.i+end])
			}
			r.i += end + 1
		case c == ';':
			if com := r.lineComment(); r.annotation(len(com)+1, r.ply(g)) {
				addComment(com)
			}
		case c == '%' && (r.i == 0 || r.s[r.i-1] == '\n'):
			r.skipLine()
		case c == '(':
			if !r.openVariation(1, r.ply(g)) {
				return nil, nil
			}
			if g == nil || len(g.moves) == 0 {
				// A variation before the first move varies nothing.
				if err := r.skipParens(0); err != nil {
					return nil, err
				}
				continue
			}
			ply := len(g.moves)
			flush() // the variation's warnings and moves come first
			v, err := r.variation(g.positions[ply-1], ply, &g.warnings)
			if err != nil || r.err != nil {
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
			if escapeArtifact(tok) {
				// "\r" written as text after every tag line by some
				// exporters.
				if !escapes {
					escapes = true
					warn(WarnEscapeText, fmt.Sprintf("the text %q (an escape written out by the program that made the file) is skipped", tok),
						fmt.Sprintf("已跳过文字 %q（生成文件的程序写出的转义符）", tok))
				}
				continue
			}
			if v, ok := tagValue(tags, "Result"); ok && v == tok && tok == "-" {
				// [Result "-"] with "-" closing the moves: no result.
				if err := start(""); err != nil {
					return nil, err
				}
				g.result = "*"
				warn(WarnDashResult, "the result \"-\" is read as * (no result)", "结果“-”按 *（无结果）读取")
				return g, nil
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
				pending.Reset()
				continue
			}
			r.moves = true
			if mv == "" {
				continue // a move number or an ellipsis
			}
			if err := start(mv); err != nil {
				return nil, err
			}
			if !r.countPly(len(g.moves) + 1) {
				return nil, nil
			}
			flush() // g.comments of the move before is complete
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
