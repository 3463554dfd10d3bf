// Package record reads and writes the plain-text game files shared by the
// gomoku and number-chess record formats: games separated by blank lines,
// each a block of tag lines `[Key "value"]` followed by the move text, in
// which `{...}` is a comment and `;` starts a comment to the end of the
// line. It knows nothing of any game: rules/gomoku and rules/numchess read
// the move text. It uses only the standard library.
//
//	[Event "Club night"]
//	[Black "Xiaoming"]
//	h8 h9 {a direct opening} i10
//
//	h8 i9 j10
package record

import (
	"fmt"
	"strings"
)

// Tag is one header line of a game: [Key "Value"].
type Tag struct {
	Key, Value string
}

// Block is one game of a file: its tags in file order and its move text
// split into tokens.
type Block struct {
	// Number is the game's 1-based position in the file.
	Number int
	// Line is the file line the game starts on (1-based).
	Line int
	Tags []Tag
	// Tokens are the move-text words and comments in order.
	Tokens []Token
	// Err is set when the block itself cannot be read (a bad tag line, an
	// unclosed comment); the tokens up to it are kept.
	Err error
}

// Token is a word of the move text or a comment.
type Token struct {
	Text    string // the word, or the comment without its braces / semicolon
	Comment bool
	Line    int // the file line it is on
}

// Get returns the value of the first tag named key (case-insensitive)
// that is not empty, or "". (WriteTags leaves empty tags out, so they
// must not count when read either.)
func (b Block) Get(key string) string {
	for _, t := range b.Tags {
		if strings.EqualFold(t.Key, key) && t.Value != "" {
			return t.Value
		}
	}
	return ""
}

// Split cuts text into games. A game is a run of tag lines and move text;
// a blank line ends a game once it has move text, and a tag line after
// move text starts the next game, so games need no blank line between them
// when each starts with tags. A UTF-8 byte order mark and Windows line
// ends (and lone carriage returns) are accepted. Blocks are never dropped: a block that cannot be read
// carries Err.
func Split(text string) []Block {
	blocks, _ := SplitWithin(text, Limits{})
	return blocks
}

// SplitWithin cuts text into games as Split does, within the file-level
// limits of lim: games, tags per game, bytes of a tag line and bytes of
// comments per game (the move limits are the game readers'). It stops at
// the first limit passed, returning the blocks before it and a
// *LimitError naming the limit and the game.
func SplitWithin(text string, lim Limits) ([]Block, error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	text = lineBreaks.Replace(text)
	var out []Block
	var cur *Block
	inComment := false // inside a {...} spanning lines
	var comment strings.Builder
	var lerr *LimitError
	fail := func(limit string, max int) {
		if lerr == nil {
			lerr = &LimitError{Limit: limit, Max: max, Game: len(out) + 1}
		}
	}
	commentBytes := 0
	flush := func() {
		if cur != nil && (len(cur.Tags) > 0 || len(cur.Tokens) > 0 || cur.Err != nil) {
			cur.Number = len(out) + 1
			if Over(cur.Number, lim.Games) {
				fail(LimitGames, lim.Games)
			} else {
				out = append(out, *cur)
			}
		}
		cur = nil
		commentBytes = 0
	}
	// comments counts n bytes of comments of the current game.
	comments := func(n int) {
		if commentBytes += n; Over(commentBytes, lim.CommentBytes) {
			fail(LimitCommentBytes, lim.CommentBytes)
		}
	}
	n := 0
	for len(text) > 0 && lerr == nil {
		raw := text
		if end := strings.IndexByte(text, '\n'); end >= 0 {
			raw, text = text[:end], text[end+1:]
		} else {
			text = ""
		}
		n++
		line := strings.TrimSpace(raw)
		if inComment {
			comments(len(line) + 1)
			end := strings.IndexByte(line, '}')
			if end < 0 {
				comment.WriteString(" " + line)
				continue
			}
			comment.WriteString(" " + line[:end])
			cur.Tokens = append(cur.Tokens, Token{Text: strings.TrimSpace(comment.String()), Comment: true, Line: n})
			inComment = false
			line = strings.TrimSpace(line[end+1:])
			if line == "" {
				continue
			}
		}
		if line == "" {
			if cur != nil && len(cur.Tokens) > 0 {
				flush()
			}
			continue
		}
		if strings.HasPrefix(line, "[") && !strings.HasPrefix(line, "[]") {
			if cur != nil && len(cur.Tokens) > 0 {
				flush()
			}
			if cur == nil {
				cur = &Block{Line: n}
			}
			if Over(len(line), lim.TagBytes) {
				fail(LimitTagBytes, lim.TagBytes)
				break
			}
			if Over(len(cur.Tags)+1, lim.Tags) {
				fail(LimitTags, lim.Tags)
				break
			}
			t, err := parseTag(line)
			if err != nil && cur.Err == nil {
				cur.Err = fmt.Errorf("line %d: %w", n, err)
			}
			cur.Tags = append(cur.Tags, t)
			continue
		}
		if cur == nil {
			cur = &Block{Line: n}
		}
		before := len(cur.Tokens)
		if tokenize(cur, line, n, &comment) {
			inComment = true
			comments(comment.Len() + 1)
		}
		for _, t := range cur.Tokens[before:] {
			if t.Comment {
				comments(len(t.Text) + 2)
			}
		}
	}
	if lerr != nil {
		return out, lerr
	}
	if inComment && cur.Err == nil {
		cur.Err = fmt.Errorf("line %d: a comment opened with { is never closed", cur.Line)
	}
	flush()
	if lerr != nil {
		return out, lerr
	}
	return out, nil
}

// tokenize appends the words and comments of one line to b. It reports
// true when the line ends inside an open {comment}, whose text so far is
// left in comment.
func tokenize(b *Block, line string, n int, comment *strings.Builder) bool {
	for line != "" {
		switch c := line[0]; {
		case c == ' ' || c == '\t':
			line = line[1:]
		case c == ';':
			b.Tokens = append(b.Tokens, Token{Text: strings.TrimSpace(line[1:]), Comment: true, Line: n})
			return false
		case c == '{':
			end := strings.IndexByte(line, '}')
			if end < 0 {
				comment.Reset()
				comment.WriteString(line[1:])
				return true
			}
			b.Tokens = append(b.Tokens, Token{Text: strings.TrimSpace(line[1:end]), Comment: true, Line: n})
			line = line[end+1:]
		default:
			end := strings.IndexAny(line, " \t{;")
			if end < 0 {
				end = len(line)
			}
			b.Tokens = append(b.Tokens, Token{Text: line[:end], Line: n})
			line = line[end:]
		}
	}
	return false
}

// parseTag reads `[Key "Value"]`; inside the value \" and \\ are escapes.
func parseTag(line string) (Tag, error) {
	body, ok := strings.CutSuffix(line, "]")
	body = strings.TrimPrefix(body, "[")
	key, val, ok2 := strings.Cut(body, " ")
	val = strings.TrimSpace(val)
	if !ok || !ok2 || key == "" || len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
		return Tag{Key: key}, fmt.Errorf("%q is not a tag: write [Key \"value\"]", line)
	}
	return Tag{Key: key, Value: Unescape(val[1 : len(val)-1])}, nil
}

// Unescape returns a tag value (the text between the quotes) with its
// escapes \" and \\ undone, as PGN, PDN and this format write them.
func Unescape(v string) string {
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		sb.WriteByte(v[i])
	}
	return sb.String()
}

// WriteTags writes tags as `[Key "Value"]` lines, escaping quotes and
// backslashes, skipping tags with an empty value and cutting line breaks
// out of values.
func WriteTags(sb *strings.Builder, tags []Tag) {
	for _, t := range tags {
		if t.Value == "" {
			continue
		}
		v := tagLineEscaper.Replace(t.Value)
		fmt.Fprintf(sb, "[%s \"%s\"]\n", t.Key, v)
	}
}

// Comment returns text as a comment that reads back as the same text:
// "{text}", or when text holds a closing brace ";text" and a line break
// (a comment to the end of the line). Line breaks in text become spaces.
func Comment(text string) string {
	text = lineBreaksToSpaces.Replace(text)
	if strings.Contains(text, "}") {
		return ";" + text + "\n"
	}
	return "{" + text + "}"
}

// IsResult reports whether s is a result token: "1-0" (the first player
// won), "0-1", "1/2-1/2" or "*" (unknown or unfinished).
func IsResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// Comments gathers the comments of a game by the move they follow, as
// readers find them: the comments at one move are joined by a space (an
// empty one still marks its place), at a cost linear in their length
// however many there are.
type Comments struct {
	m  map[int]string
	at int
	sb strings.Builder
}

// Add adds the comment text after move n (0: before the first move);
// moves come in order, so a new n ends the comments of the last.
func (c *Comments) Add(n int, text string) {
	if c.m == nil {
		c.m = map[int]string{}
		c.at = n
	}
	if n != c.at {
		c.flush()
		c.at = n
	}
	c.m[n] = "" // an empty comment still marks its place
	if text = strings.TrimSpace(text); text != "" {
		if c.sb.Len() > 0 {
			c.sb.WriteByte(' ')
		}
		c.sb.WriteString(text)
	}
}

func (c *Comments) flush() {
	if c.m != nil {
		c.m[c.at] = c.sb.String()
	}
	c.sb.Reset()
}

// Map returns the comments by move, nil when there were none.
func (c *Comments) Map() map[int]string {
	c.flush()
	return c.m
}

// The replacers of tag values and line breaks, built once: a Replacer
// builds its tables on first use, which per tag cost an upload of short
// games an eighth of its time.
var (
	tagEscaper         = strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	tagUnescaper       = strings.NewReplacer(`\"`, `"`, `\\`, `\`)
	tagLineEscaper     = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\r", " ", "\n", " ")
	lineBreaks         = strings.NewReplacer("\r\n", "\n", "\r", "\n")
	lineBreaksToSpaces = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")
)

// EscapeTag writes a tag value as PGN and PDN quote it: backslashes and
// double quotes escaped with a backslash.
func EscapeTag(v string) string { return tagEscaper.Replace(v) }

// UnescapeTag reads a quoted tag value back (EscapeTag's inverse).
func UnescapeTag(v string) string { return tagUnescaper.Replace(v) }
