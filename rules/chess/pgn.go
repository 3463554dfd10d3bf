package chess

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Tag is one PGN tag pair such as [White "Liu"].
type Tag struct {
	Name, Value string
}

// PGNMove is one move of a PGN game with what was written around it.
type PGNMove struct {
	Move       Move
	SAN        string      // canonical SAN
	NAGs       []int       // numeric annotation glyphs: $1 or "!" is 1, "?" is 2, ...
	Before     []string    // comments written before the move (at the start of a line)
	Comments   []string    // comments written after the move
	Variations [][]PGNMove // alternatives to this move, each from the position before it
	Null       bool        // a null move ("--" or "Z0" in PGN): the side to move passes
}

// next returns the position after the move from p.
func (m *PGNMove) next(p Position) Position {
	if m.Null {
		return p.pass()
	}
	return p.after(m.Move)
}

// PGNGame is one game read from PGN text.
type PGNGame struct {
	Tags   []Tag
	Start  Position
	Moves  []PGNMove // the main line; when Err is set, the moves before the bad one
	Result string    // "1-0", "0-1", "1/2-1/2", "*", or "" if none was written
	Err    *PGNError // the first bad move of the main line, or nil
	// Warnings are the bad moves found inside variations (Variation set):
	// the variation is cut there and the game is still read.
	Warnings []*PGNError
}

// Tag returns the value of the named tag and whether it is present.
func (g *PGNGame) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Final returns the position after the last main-line move read.
func (g *PGNGame) Final() Position {
	p := g.Start
	for i := range g.Moves {
		p = g.Moves[i].next(p)
	}
	return p
}

// Game returns the main line as a Game, for outcome and repetition checks.
func (g *PGNGame) Game() *Game {
	gm := NewGame(g.Start)
	p := g.Start
	for i := range g.Moves {
		p = g.Moves[i].next(p)
		gm.push(g.Moves[i].Move, p)
	}
	return gm
}

// ParsePGN reads every game in text. Each game is read independently: a
// game with a bad main-line move has Err set ("move 26 (black): Ne4: no
// knight can reach e4") and keeps the moves before it, and reading
// continues with the next game; a bad move inside a variation cuts the
// variation there and is listed in Warnings. Move text may run together
// without spaces ("1.e4e52.Nf3Nc6"), use any notation ParseMove accepts
// (full-width letters and digits too), contain null moves ("--", "Z0"),
// {comments}, ; comments, NAGs, "!?" marks, ( variations ) and free text in
// other scripts (kept as comments). Text between games that holds no tag
// and no move ("1-0 ff", a second "*", mail headers) is skipped. A game
// whose [Variant] tag names a variant other than standard chess or
// Chess960 (X-FEN or Shredder-FEN castling rights) is refused with the
// variant's name.
func ParsePGN(text string) []*PGNGame {
	r := &pgnReader{s: foldMovetext(strings.ReplaceAll(text, "\ufeff", ""))}
	var games []*PGNGame
	for {
		r.skipSpace()
		if r.i >= len(r.s) {
			return games
		}
		start := r.i
		g := r.game()
		if g != nil {
			games = append(games, g)
		}
		if r.i == start {
			r.i++ // never loop without progress
		}
	}
}

type pgnReader struct {
	s string
	i int
}

func (r *pgnReader) peek() byte {
	if r.i < len(r.s) {
		return r.s[r.i]
	}
	return 0
}

func (r *pgnReader) skipSpace() {
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			r.i++
		case c == '%' && (r.i == 0 || r.s[r.i-1] == '\n'):
			r.skipLine()
		default:
			return
		}
	}
}

func (r *pgnReader) skipLine() {
	for r.i < len(r.s) && r.s[r.i] != '\n' {
		r.i++
	}
}

// atLineStart reports whether only spaces precede r.i on its line.
func (r *pgnReader) atLineStart() bool {
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

var tagRe = regexp.MustCompile(`^\[\s*([A-Za-z0-9_+#=:-]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]`)

// game reads one game: its tag pairs and its move text.
func (r *pgnReader) game() *PGNGame {
	g := &PGNGame{Start: StartPosition()}
	for {
		r.skipSpace()
		if r.peek() != '[' {
			break
		}
		m := tagRe.FindStringSubmatch(r.s[r.i:])
		if m == nil {
			r.skipLine() // a broken tag line is skipped
			continue
		}
		r.i += len(m[0])
		val := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
		g.Tags = append(g.Tags, Tag{Name: m[1], Value: val})
	}
	if len(g.Tags) == 0 && !r.startsGame() {
		r.skipFreeText() // text between games: "ff", mail headers
		return nil
	}
	parse := ParseFEN
	if v, ok := g.Tag("Variant"); ok && !standardVariant(v) {
		if !chess960Variant(v) {
			g.Err = &PGNError{Tag: "Variant", Text: v, Err: variantError(v)}
			r.skipGame()
			return g
		}
		parse = ParseFEN960
		g.Start, _ = ParseFEN960(StartFEN) // position 518 unless a FEN tag says otherwise
	}
	if fen, ok := g.Tag("FEN"); ok {
		p, err := parse(fen)
		if err != nil {
			g.Err = &PGNError{Tag: "FEN", Text: fen, Err: err.(*FENError)}
			r.skipGame()
			return g
		}
		g.Start = p
	}
	g.Moves, _ = r.line(g, g.Start, 0)
	if g.Err != nil {
		r.skipGame()
		return g
	}
	if len(g.Tags) == 0 && len(g.Moves) == 0 {
		return nil // only a result or free text between games
	}
	return g
}

// skipGame moves past the rest of a game after an error: up to a result or
// a tag line.
func (r *pgnReader) skipGame() {
	for r.i < len(r.s) {
		r.skipSpace()
		if r.i >= len(r.s) {
			return
		}
		if r.peek() == '[' && r.atLineStart() {
			return
		}
		if r.peek() == '{' {
			r.comment()
			continue
		}
		if res := r.result(); res != "" {
			return
		}
		r.i++
	}
}

var resultRe = regexp.MustCompile(`^(1-0|0-1|1/2-1/2|½-½|\*)`)

// result reads a game result token, or returns "".
func (r *pgnReader) result() string {
	m := resultRe.FindString(r.s[r.i:])
	if m == "" {
		return ""
	}
	// "0-1" must not be the start of castling "0-0"; results are not
	// followed by a dash.
	if rest := r.s[r.i+len(m):]; strings.HasPrefix(rest, "-") {
		return ""
	}
	r.i += len(m)
	if m == "½-½" {
		m = "1/2-1/2"
	}
	return m
}

// comment reads a {comment}.
func (r *pgnReader) comment() string {
	end := strings.IndexByte(r.s[r.i:], '}')
	var c string
	if end < 0 {
		c = r.s[r.i+1:]
		r.i = len(r.s)
	} else {
		c = r.s[r.i+1 : r.i+end]
		r.i += end + 1
	}
	return strings.Join(strings.Fields(c), " ")
}

var (
	castleRe = regexp.MustCompile(`^([O0o]-[O0o]-[O0o]|[O0o]-[O0o]|OOO|OO)`)
	sanRes   = []*regexp.Regexp{
		regexp.MustCompile(`^[KQRBNP]?[a-h][1-8][-x:]?[a-h][1-8](=?[QRBNqrbn])?`),
		regexp.MustCompile(`^[KQRBN][a-h]?[1-8]?[x:]?[a-h][1-8]`),
		regexp.MustCompile(`^[a-h]([x:]?[a-h])?[1-8]?(=[QRBNKPqrbnkp]|[QRBN])?`),
	}
	// nullMoveRe matches a null move: "--" or "Z0", not followed by more of
	// a word.
	nullMoveRe = regexp.MustCompile(`^(--|Z0)([^A-Za-z0-9-]|$)`)
	nagMarks   = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
)

// line reads moves from position p until the end of the game (or, for a
// variation at depth > 0, the closing parenthesis). It returns the moves
// and any comments that came before the first move.
func (r *pgnReader) line(g *PGNGame, p Position, depth int) ([]PGNMove, []string) {
	var moves []PGNMove
	var pending []string // comments not yet attached
	var prev Position    // the position before the last move
	attach := func(c string) {
		if c == "" {
			return
		}
		if len(moves) == 0 {
			pending = append(pending, c)
			return
		}
		last := &moves[len(moves)-1]
		last.Comments = append(last.Comments, c)
	}
	for g.Err == nil {
		r.skipSpace()
		if r.i >= len(r.s) {
			break
		}
		if len(moves) > 0 && (strings.HasPrefix(r.s[r.i:], "e.p.") || strings.HasPrefix(r.s[r.i:], "(ep)")) {
			r.i += 4 // en-passant remark written apart from its move
			continue
		}
		c := r.peek()
		switch {
		case c == '[' && r.atLineStart():
			return moves, pending // next game
		case c == '{':
			attach(r.comment())
			continue
		case c == ';':
			start := r.i + 1
			r.skipLine()
			attach(strings.TrimSpace(r.s[start:r.i]))
			continue
		case c == '(':
			r.i++
			if len(moves) == 0 {
				// A variation with nothing to vary: read and drop it.
				r.line(g, p, depth+1)
				continue
			}
			v, vpre := r.line(g, prev, depth+1)
			if len(v) > 0 {
				v[0].Before = append(vpre, v[0].Before...)
				last := &moves[len(moves)-1]
				last.Variations = append(last.Variations, v)
			}
			continue
		case c == ')':
			r.i++
			if depth > 0 {
				return moves, pending
			}
			continue // a stray ')' in the main line is ignored
		case c == '$':
			j := r.i + 1
			for j < len(r.s) && r.s[j] >= '0' && r.s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(r.s[r.i+1 : j])
			r.i = j
			if err == nil && len(moves) > 0 {
				moves[len(moves)-1].NAGs = append(moves[len(moves)-1].NAGs, n)
			}
			continue
		case c == '!' || c == '?':
			j := r.i
			for j < len(r.s) && (r.s[j] == '!' || r.s[j] == '?') {
				j++
			}
			if n, ok := nagMarks[r.s[r.i:j]]; ok && len(moves) > 0 {
				moves[len(moves)-1].NAGs = append(moves[len(moves)-1].NAGs, n)
			}
			r.i = j
			continue
		case c == '+' || c == '#' || c == '.' || c == ',':
			r.i++ // stray marks
			continue
		case c >= utf8.RuneSelf || r.digitsBeforeText():
			attach(r.freeText())
			continue
		}
		// Results, move numbers and null moves start with one of a few
		// bytes; the cheap test keeps the regular expressions off the
		// common path.
		if c == '1' || c == '0' || c == '*' || c == 0xC2 {
			if res := r.result(); res != "" {
				if depth == 0 {
					g.Result = res
					return moves, pending
				}
				continue
			}
		}
		if c >= '0' && c <= '9' && (c != '0' || castleRe.FindString(r.s[r.i:]) == "") {
			if n := moveNumberLen(r.s[r.i:]); n > 0 {
				r.i += n
				continue
			}
		}
		if null := r.nullMove(c); null != "" {
			r.i += len(null)
			prev = p
			p = p.pass()
			moves = append(moves, PGNMove{SAN: "--", Null: true})
			continue
		}
		m, san, err := r.move(p)
		if err != nil {
			if depth == 0 {
				g.Err = err
				break
			}
			err.Variation = true
			g.Warnings = append(g.Warnings, err)
			r.skipVariation()
			return moves, pending
		}
		prev = p
		p = p.after(m)
		moves = append(moves, PGNMove{Move: m, SAN: san})
		if len(pending) > 0 && len(moves) == 1 {
			moves[0].Before = pending
			pending = nil
		}
	}
	return moves, pending
}

// freeText reads a run of non-ASCII text (for example a Chinese note such
// as 黑方超时 or a date 2012年2月27日 written into the move text) and
// returns it as a comment. Digits belong to the text when a non-ASCII
// character follows them; "超时1-0" leaves the result to be read.
func (r *pgnReader) freeText() string {
	start := r.i
	for r.i < len(r.s) {
		c := r.s[r.i]
		if c >= utf8.RuneSelf || c == ' ' || c == '\t' || r.digitsBeforeText() {
			r.i++
			continue
		}
		break
	}
	return strings.Join(strings.Fields(r.s[start:r.i]), " ") // as comment() does
}

// digitsBeforeText reports whether r.i starts digits that run straight
// into non-ASCII text, like "2012年".
func (r *pgnReader) digitsBeforeText() bool {
	j := r.i
	for j < len(r.s) && r.s[j] >= '0' && r.s[j] <= '9' {
		j++
	}
	return j > r.i && j < len(r.s) && r.s[j] >= utf8.RuneSelf
}

// skipVariation moves past the rest of a variation after a bad move in it:
// just after its closing parenthesis (nested variations and comments
// skipped).
func (r *pgnReader) skipVariation() {
	depth := 1
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case '{':
			r.comment()
			continue
		case ';':
			r.skipLine()
			continue
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				r.i++
				return
			}
		case '[':
			if r.atLineStart() {
				return // the next game: the variation was never closed
			}
		}
		r.i++
	}
}

// move reads one move at r.i in position p. Moves may run together with
// the next move or move number, so every readable length is tried, longest
// first, skipping a final digit that is really the next move number; the
// first legal reading wins. On failure it returns the reason.
func (r *pgnReader) move(p Position) (Move, string, *PGNError) {
	rest := r.s[r.i:]
	// Fast path: a move standing alone up to a space, a comment, a
	// variation or an annotation mark, as in nearly every exported file.
	if end := strings.IndexAny(rest, " \t\r\n{}();[$!?"); end > 1 || end < 0 && len(rest) > 1 {
		if end < 0 {
			end = len(rest)
		}
		if tok := rest[:end]; strings.IndexByte(tok, '.') < 0 {
			if m, err := p.ParseMove(tok); err == nil {
				r.i += end
				var l moveList
				p.b.generate(&l)
				return m, p.san(m, &l), nil
			}
		}
	}
	var lengths []int
	if m := castleRe.FindString(rest); m != "" {
		lengths = append(lengths, len(m))
	}
	maxLen := 0
	for _, re := range sanRes {
		if m := re.FindString(rest); len(m) > maxLen {
			maxLen = len(m)
		}
	}
	for n := maxLen; n >= 2; n-- {
		lengths = append(lengths, n)
	}
	next := p.b.fullmove
	if p.b.side == Black {
		next++
	}
	numberPrefix := strconv.Itoa(next) + "."
	var firstErr *IllegalMoveError
	var firstText string
	for _, n := range lengths {
		tok := rest[:n]
		if c := tok[n-1]; c >= '0' && c <= '9' && strings.HasPrefix(rest[n-1:], numberPrefix) {
			continue // the digit starts the next move number
		}
		m, err := p.ParseMove(tok)
		if err == nil {
			r.i += n
			r.skipMarks()
			var l moveList
			p.b.generate(&l)
			return m, p.san(m, &l), nil
		}
		if ie, ok := err.(*IllegalMoveError); ok && firstErr == nil && ie.Reason != ReasonBadNotation {
			firstErr, firstText = ie, tok
		}
	}
	if firstErr == nil {
		tok := rest
		if len(lengths) > 0 && lengths[0] <= len(rest) {
			tok = rest[:lengths[0]]
		} else if end := strings.IndexAny(rest, " \t\r\n"); end > 0 {
			tok = rest[:end]
		}
		if len(tok) > 12 {
			tok = tok[:12]
		}
		for !utf8.ValidString(tok) && len(tok) > 0 {
			tok = tok[:len(tok)-1]
		}
		firstErr, firstText = illegal(tok, ReasonBadNotation, "cannot read this move", "无法识别这步棋的写法"), tok
	}
	return Move{}, "", &PGNError{Number: p.b.fullmove, Side: p.b.side, Text: firstText, Err: firstErr}
}

// skipMarks skips check marks and "e.p." after a move (annotation marks
// are read as NAGs by the caller).
func (r *pgnReader) skipMarks() {
	for {
		switch {
		case strings.HasPrefix(r.s[r.i:], "e.p."):
			r.i += 4
		case r.peek() == '+' || r.peek() == '#':
			r.i++
		default:
			return
		}
	}
}
