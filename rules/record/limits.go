package record

import "fmt"

// Limits bound what a reader of untrusted game files takes in, so that the
// work and memory of reading stay in proportion to a sane file. Every
// engine's limited reader (chess.ReadPGN, draughts.ReadPDNGames,
// gomoku.ReadRecords, numchess.ReadRecords) takes one; a zero field means
// no limit on that count, so Limits{} reads anything (records already
// checked when they were stored).
type Limits struct {
	// Games is the most games in one file.
	Games int
	// Plies is the most main-line moves (plies) in one game.
	Plies int
	// Variations is the most variations in one game, nested ones counted.
	Variations int
	// Depth is the deepest nesting of variations: 1 allows a variation,
	// 2 a variation inside it.
	Depth int
	// CommentBytes is the most bytes of comments in one game, all its
	// comments together (main line and variations), as written.
	CommentBytes int
	// Tags is the most tag pairs in one game.
	Tags int
	// TagBytes is the most bytes of one tag pair as written.
	TagBytes int
}

// DefaultLimits returns the limits the server applies unless configured
// otherwise: 20,000 games, 1,000 plies a game (500 moves each side; the
// longest tournament games have fewer than 600), 2,000 variations nested
// at most 32 deep, 128 KiB of comments and 100 tags of at most 1 KiB each.
func DefaultLimits() Limits {
	return Limits{Games: 20000, Plies: 1000, Variations: 2000, Depth: 32,
		CommentBytes: 128 << 10, Tags: 100, TagBytes: 1 << 10}
}

// Names of the limits, as a LimitError reports them (callers may name
// their own, such as "bytes" for a file's size).
const (
	LimitBytes        = "bytes"
	LimitGames        = "games"
	LimitPlies        = "plies"
	LimitVariations   = "variations"
	LimitDepth        = "depth"
	LimitCommentBytes = "comment_bytes"
	LimitTags         = "tags"
	LimitTagBytes     = "tag_bytes"
	// LimitRows is for readers of tables (a CSV of puzzles).
	LimitRows = "rows"
)

// LimitError says that a file goes past one of its reader's Limits: which
// limit (one of the Limit* names), its value, and where: the game's
// number in the file (1-based) and, for a limit met inside the move
// text, the main-line ply (1-based; 0 when before the first move or for
// the whole file). Reading stops at the first limit passed.
type LimitError struct {
	Limit string
	Max   int
	Game  int
	Ply   int
}

// Code returns "limit_exceeded".
func (e *LimitError) Code() string { return "limit_exceeded" }

// Error returns the English message.
func (e *LimitError) Error() string { return e.Message("en") }

var limitNames = map[string][2]string{
	LimitBytes:        {"more than %d bytes in one file", "一个文件超过 %d 字节"},
	LimitGames:        {"more than %d games in one file", "一个文件里的对局超过 %d 盘"},
	LimitPlies:        {"more than %d moves (plies) in one game", "一盘棋的着数超过 %d 步（单方一步算一步）"},
	LimitVariations:   {"more than %d variations in one game", "一盘棋的变着超过 %d 个"},
	LimitDepth:        {"variations nested more than %d deep", "变着嵌套超过 %d 层"},
	LimitCommentBytes: {"more than %d bytes of comments in one game", "一盘棋的注释超过 %d 字节"},
	LimitTags:         {"more than %d tags in one game", "一盘棋的标签超过 %d 个"},
	LimitTagBytes:     {"a tag longer than %d bytes", "有一个标签超过 %d 字节"},
	LimitRows:         {"more than %d rows in one file: split the file", "一个文件超过 %d 行，请分成几个文件"},
}

// Message returns the message in lang ("en", anything else Chinese), e.g.
// "game 3, move 1001: more than 1000 moves (plies) in one game".
func (e *LimitError) Message(lang string) string {
	f := limitNames[e.Limit]
	if lang == "en" {
		at := ""
		switch {
		case e.Game > 0 && e.Ply > 0:
			at = fmt.Sprintf("game %d, ply %d: ", e.Game, e.Ply)
		case e.Game > 0:
			at = fmt.Sprintf("game %d: ", e.Game)
		}
		return at + fmt.Sprintf(f[0], e.Max)
	}
	at := ""
	switch {
	case e.Game > 0 && e.Ply > 0:
		at = fmt.Sprintf("第%d盘第%d步：", e.Game, e.Ply)
	case e.Game > 0:
		at = fmt.Sprintf("第%d盘：", e.Game)
	}
	return at + fmt.Sprintf(f[1], e.Max)
}

// Over reports whether n passes the limit max (0: no limit).
func Over(n, max int) bool { return max > 0 && n > max }
