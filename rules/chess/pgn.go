package chess

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"qixue/rules/record"
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
	// the variation is cut there and the game is still read; and, with
	// Tag "FEN", castling rights of the FEN tag that standard chess cannot
	// have, which are dropped.
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
// without spaces ("1.e4e52.Nf3Nc63.Bc4"), use any notation ParseMove accepts
// (full-width letters and digits too), contain null moves ("--", "Z0"),
// {comments}, ; comments, NAGs, "!?" marks, ( variations ) and free text in
// other scripts (kept as comments). Text between games that holds no tag
// and no move ("1-0 ff", a second "*", mail headers) is skipped. A game
// whose [Variant] tag names a variant other than standard chess or
// Chess960 (X-FEN or Shredder-FEN castling rights) is refused with the
// variant's name. Without such a tag a FEN tag is standard chess unless
// its castling field names rook files (Shredder-FEN, "HAha"): a KQkq right
// the position cannot have in standard chess (king off e1/e8, no rook on
// the corner) is dropped with a warning, never reread as Chess960. A tag
// repeated in a game (the same name in any case) keeps its first value.
// ParsePGN sets no limits: for untrusted text use ReadPGN.
func ParsePGN(text string) []*PGNGame {
	games, _ := ReadPGN(text, record.Limits{})
	return games
}

// ReadPGN reads the games of text as ParsePGN does, within lim: reading
// stops at the first limit passed, returning the games read before it and
// a *record.LimitError naming the limit, the game and the ply. Its work is
// linear in the length of text and it never recurses on the nesting of
// variations.
func ReadPGN(text string, lim record.Limits) ([]*PGNGame, error) {
	r := NewPGNReader(text, lim)
	var games []*PGNGame
	for {
		g, err := r.Next()
		if err != nil {
			return games, err
		}
		if g == nil {
			return games, nil
		}
		games = append(games, g)
	}
}

// PGNReader reads the games of a PGN text one at a time, within limits,
// so that a caller can handle each game and let it go before the next.
type PGNReader struct {
	r pgnReader
}

// NewPGNReader returns a reader of the games of text within lim (see
// ReadPGN).
func NewPGNReader(text string, lim record.Limits) *PGNReader {
	return &PGNReader{r: pgnReader{s: foldMovetext(strings.ReplaceAll(text, "\ufeff", "")), lim: lim}}
}

// Next returns the next game, or nil at the end of the text. After a
// limit is passed it returns the *record.LimitError, then and on every
// later call.
func (pr *PGNReader) Next() (*PGNGame, error) {
	r := &pr.r
	for r.err == nil {
		r.skipSpace()
		if r.i >= len(r.s) {
			return nil, nil
		}
		start := r.i
		r.number = r.games + 1
		g := r.game()
		if r.i == start {
			r.i++ // never loop without progress
		}
		if r.err != nil {
			break
		}
		if g != nil {
			r.games++
			if record.Over(r.games, r.lim.Games) {
				r.fail(record.LimitGames, r.lim.Games, 0)
				break
			}
			return g, nil
		}
	}
	return nil, r.err
}

type pgnReader struct {
	s   string
	i   int
	lim record.Limits
	// games counts the games read; number is that of the game being read.
	games, number int
	// Counts of the game being read, against lim.
	variations, commentBytes int
	err                      *record.LimitError
}

// fail records the first limit passed.
func (r *pgnReader) fail(limit string, max, ply int) {
	if r.err == nil {
		r.err = &record.LimitError{Limit: limit, Max: max, Game: r.number, Ply: ply}
	}
}

// annotation counts n bytes of comments or NAGs of the current game at
// ply against the limit; it reports false once the limit is passed.
func (r *pgnReader) annotation(n, ply int) bool {
	r.commentBytes += n
	if record.Over(r.commentBytes, r.lim.CommentBytes) {
		r.fail(record.LimitCommentBytes, r.lim.CommentBytes, ply)
		return false
	}
	return true
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
	r.variations, r.commentBytes = 0, 0
	tags := 0
	for {
		r.skipSpace()
		if r.peek() != '[' {
			break
		}
		line := r.s[r.i:]
		if end := strings.IndexByte(line, '\n'); end >= 0 {
			line = line[:end] // a tag never spans lines
		}
		m := tagRe.FindStringSubmatch(line)
		if m == nil {
			r.skipLine() // a broken tag line is skipped
			continue
		}
		if tags++; record.Over(tags, r.lim.Tags) {
			r.fail(record.LimitTags, r.lim.Tags, 0)
			return nil
		}
		if record.Over(len(m[0]), r.lim.TagBytes) {
			r.fail(record.LimitTagBytes, r.lim.TagBytes, 0)
			return nil
		}
		r.i += len(m[0])
		if slices.ContainsFunc(g.Tags, func(t Tag) bool { return strings.EqualFold(t.Name, m[1]) }) {
			continue // a repeated tag: the first is kept
		}
		val := record.UnescapeTag(m[2])
		g.Tags = append(g.Tags, Tag{Name: m[1], Value: val})
	}
	if len(g.Tags) == 0 && !r.startsGame() {
		r.skipFreeText() // text between games: "ff", mail headers
		return nil
	}
	parse := func(fen string) (Position, error) {
		p, notes, err := ParseFENLenient(fen)
		for _, n := range notes {
			g.Warnings = append(g.Warnings, &PGNError{Tag: "FEN", Text: fen, Err: n})
		}
		return p, err
	}
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
	g.Moves = r.line(g)
	if r.err != nil {
		return nil
	}
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
	m := resultRe.FindString(r.s[r.i:min(len(r.s), r.i+8)])
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

// pgnLine is a line being read: the main line (the first on the stack) or
// a variation inside the line below it.
type pgnLine struct {
	moves   []PGNMove
	pending []string // comments not yet attached: before the first move
	p, prev Position // the position now, and before the last move
	drop    bool     // a variation with nothing to vary: read and dropped
}

// attach adds a comment to the last move of the line, or keeps it for
// the first.
func (l *pgnLine) attach(c string) {
	if c == "" {
		return
	}
	if len(l.moves) == 0 {
		l.pending = append(l.pending, c)
		return
	}
	last := &l.moves[len(l.moves)-1]
	last.Comments = append(last.Comments, c)
}

// line reads the move text of g from g.Start until the end of the game,
// with its variations, and returns the main line. Variations are lines on
// an explicit stack, never a recursion, so nesting costs no Go stack.
func (r *pgnReader) line(g *PGNGame) []PGNMove {
	stack := []*pgnLine{{p: g.Start}}
	plies := 0 // moves read in the game, variations' too
	// closeTop ends the innermost variation: it joins the move it varies.
	closeTop := func() {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v.drop || len(v.moves) == 0 {
			return
		}
		v.moves[0].Before = append(v.pending, v.moves[0].Before...)
		parent := stack[len(stack)-1]
		last := &parent.moves[len(parent.moves)-1]
		last.Variations = append(last.Variations, v.moves)
	}
	finish := func() []PGNMove {
		for len(stack) > 1 {
			closeTop()
		}
		return stack[0].moves
	}
	for g.Err == nil && r.err == nil {
		l := stack[len(stack)-1]
		depth := len(stack) - 1
		ply := len(stack[0].moves) // the main-line move the text belongs to
		r.skipSpace()
		if r.i >= len(r.s) {
			break
		}
		if len(l.moves) > 0 && (strings.HasPrefix(r.s[r.i:], "e.p.") || strings.HasPrefix(r.s[r.i:], "(ep)")) {
			r.i += 4 // en-passant remark written apart from its move
			continue
		}
		c := r.peek()
		switch {
		case c == '[' && r.atLineStart():
			return finish() // next game
		case c == '{':
			at := r.i
			com := r.comment()
			if r.annotation(r.i-at, ply) {
				l.attach(com)
			}
			continue
		case c == ';':
			start := r.i + 1
			r.skipLine()
			if r.annotation(r.i-start+1, ply) {
				l.attach(strings.TrimSpace(r.s[start:r.i]))
			}
			continue
		case c == '(':
			r.i++
			if r.variations++; record.Over(r.variations, r.lim.Variations) {
				r.fail(record.LimitVariations, r.lim.Variations, ply)
				continue
			}
			if record.Over(depth+1, r.lim.Depth) {
				r.fail(record.LimitDepth, r.lim.Depth, ply)
				continue
			}
			if len(l.moves) == 0 {
				// A variation with nothing to vary: read and dropped.
				stack = append(stack, &pgnLine{p: l.p, drop: true})
				continue
			}
			stack = append(stack, &pgnLine{p: l.prev})
			continue
		case c == ')':
			r.i++
			if depth > 0 {
				closeTop()
			}
			continue // a stray ')' in the main line is ignored
		case c == '$':
			j := r.i + 1
			for j < len(r.s) && r.s[j] >= '0' && r.s[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(r.s[r.i+1 : j])
			if !r.annotation(j-r.i, ply) {
				continue
			}
			r.i = j
			if err == nil && len(l.moves) > 0 {
				l.moves[len(l.moves)-1].NAGs = append(l.moves[len(l.moves)-1].NAGs, n)
			}
			continue
		case c == '!' || c == '?':
			j := r.i
			for j < len(r.s) && (r.s[j] == '!' || r.s[j] == '?') {
				j++
			}
			if !r.annotation(j-r.i, ply) {
				continue
			}
			if n, ok := nagMarks[r.s[r.i:j]]; ok && len(l.moves) > 0 {
				l.moves[len(l.moves)-1].NAGs = append(l.moves[len(l.moves)-1].NAGs, n)
			}
			r.i = j
			continue
		case c == '+' || c == '#' || c == '.' || c == ',':
			r.i++ // stray marks
			continue
		case c >= utf8.RuneSelf || r.digitsBeforeText() > r.i:
			at := r.i
			text := r.freeText()
			if r.annotation(r.i-at, ply) {
				l.attach(text)
			}
			continue
		}
		// Results, move numbers and null moves start with one of a few
		// bytes; the cheap test keeps the regular expressions off the
		// common path.
		if c == '1' || c == '0' || c == '*' || c == 0xC2 {
			if res := r.result(); res != "" {
				if depth == 0 {
					g.Result = res
					return finish()
				}
				continue
			}
		}
		if c >= '0' && c <= '9' && (c != '0' || castleRe.FindString(r.s[r.i:min(len(r.s), r.i+8)]) == "") {
			if n := moveNumberLen(r.s[r.i:]); n > 0 {
				r.i += n
				continue
			}
		}
		if plies+1 > r.lim.Plies && r.lim.Plies > 0 {
			r.fail(record.LimitPlies, r.lim.Plies, ply+1)
			break
		}
		if null := r.nullMove(c); null != "" {
			r.i += len(null)
			l.prev = l.p
			l.p = l.p.pass()
			l.moves = append(l.moves, PGNMove{SAN: "--", Null: true})
			plies++
			continue
		}
		m, san, err := r.move(l.p)
		if err != nil {
			if depth == 0 {
				g.Err = explainDropped(g, err)
				break
			}
			err.Variation = true
			g.Warnings = append(g.Warnings, err)
			r.skipVariation()
			closeTop()
			continue
		}
		l.prev = l.p
		l.p = l.p.after(m)
		l.moves = append(l.moves, PGNMove{Move: m, SAN: san})
		plies++
		if len(l.pending) > 0 && len(l.moves) == 1 {
			l.moves[0].Before = l.pending
			l.pending = nil
		}
	}
	return finish()
}
