package chess

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// What real PGN files bring besides standard movetext: text between
// games, null moves, a [Variant] tag and moves typed with full-width
// characters.

// startsGame reports whether the text at r.i can begin the move text of a
// game without tags: a move number, a comment, a variation, a result or a
// move that is legal in the initial position.
func (r *pgnReader) startsGame() bool {
	r.skipSpace()
	c := r.peek()
	switch {
	case c == 0:
		return false
	case c >= '0' && c <= '9', c == '{', c == ';', c == '(', c == '*', c >= utf8.RuneSelf:
		return true
	}
	end := strings.IndexAny(r.s[r.i:], " \t\r\n")
	if end < 0 {
		end = len(r.s) - r.i
	}
	_, err := StartPosition().ParseMove(r.s[r.i : r.i+end])
	return err == nil
}

// skipFreeText skips lines up to one that starts with a tag or a digit.
func (r *pgnReader) skipFreeText() {
	for r.i < len(r.s) {
		r.skipLine()
		if r.i < len(r.s) {
			r.i++
		}
		j := r.i
		for j < len(r.s) && (r.s[j] == ' ' || r.s[j] == '\t') {
			j++
		}
		if j < len(r.s) && (r.s[j] == '[' || r.s[j] >= '0' && r.s[j] <= '9') {
			return
		}
	}
}

// moveNumberLen returns the length of the move number at the start of s:
// digits followed by dots or an ellipsis (spaces allowed before them), as
// "12." or "12 ...", or by one space; 0 when s does not start with one.
func moveNumberLen(s string) int {
	j := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 0 || j == len(s) {
		return 0
	}
	k := j
	for k < len(s) && isPGNSpace(s[k]) {
		k++
	}
	switch {
	case k < len(s) && s[k] == '.':
		for k < len(s) && s[k] == '.' {
			k++
		}
		return k
	case strings.HasPrefix(s[k:], "…"):
		for strings.HasPrefix(s[k:], "…") {
			k += len("…")
		}
		return k
	case isPGNSpace(s[j]):
		return j + 1
	}
	return 0
}

func isPGNSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// nullMove returns the null move ("--" or "Z0") at r.i, whose first byte
// is c, or "".
func (r *pgnReader) nullMove(c byte) string {
	if c != '-' && c != 'Z' {
		return ""
	}
	if m := nullMoveRe.FindStringSubmatch(r.s[r.i:]); m != nil {
		return m[1]
	}
	return ""
}

// standardVariant reports whether a [Variant] tag value names standard
// chess.
func standardVariant(v string) bool {
	switch strings.ToLower(strings.Join(strings.Fields(v), " ")) {
	case "", "standard", "chess", "normal", "from position", "fromposition", "classical", "rapid", "blitz", "bullet", "correspondence":
		return true
	}
	return false
}

// chess960Variant reports whether a [Variant] tag value names Chess960.
func chess960Variant(v string) bool {
	switch strings.ToLower(strings.Join(strings.Fields(v), " ")) {
	case "chess960", "chess 960", "960", "fischerandom", "fischer random", "fischer random chess", "freestyle":
		return true
	}
	return false
}

// variantNames are the Chinese names of variants found in real files.
var variantNames = map[string]string{
	"antichess": "输棋（抢输）", "giveaway": "输棋（抢输）", "suicide": "输棋（抢输）", "losers": "输家象棋",
	"crazyhouse": "疯狂屋", "bughouse": "双人疯狂屋", "atomic": "原子象棋", "horde": "部落象棋",
	"king of the hill": "山丘之王", "kingofthehill": "山丘之王", "three-check": "三将制胜", "threecheck": "三将制胜",
	"3-check": "三将制胜", "racing kings": "赛王", "racingkings": "赛王",
}

// variantError refuses a game of a chess variant this engine does not play.
func variantError(v string) Error {
	v = strings.TrimSpace(v)
	zh := variantNames[strings.ToLower(v)]
	if zh == "" {
		zh = v
	} else {
		zh += "（" + v + "）"
	}
	return &FENError{Field: "variant", code: "unsupported_variant",
		en: fmt.Sprintf("this is a game of %s, not standard chess; only standard chess games can be replayed", v),
		zh: fmt.Sprintf("这是%s的对局，不是标准国际象棋；只能复盘标准国际象棋的对局", zh)}
}

// foldMovetext maps full-width letters, digits and move marks (ｅ４, Ｎｆ３,
// ＝, ＋, ×) to ASCII outside comments and tag lines, so that moves typed
// with a Chinese input method read as moves; comments keep their text.
func foldMovetext(s string) string {
	if !strings.Contains(s, "\xef\xbc") && !strings.Contains(s, "\xef\xbd") && !strings.Contains(s, "×") {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	lineStart := true
	for i := 0; i < len(s); {
		c := s[i]
		var end int
		switch {
		case c == '{':
			end = strings.IndexByte(s[i:], '}')
		case c == ';' || c == '[' && lineStart:
			end = strings.IndexByte(s[i:], '\n')
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if f := movetextRune(r); f != r {
				sb.WriteRune(f)
			} else {
				sb.WriteString(s[i : i+n])
			}
			i += n
			lineStart = c == '\n' || lineStart && (c == ' ' || c == '\t' || c == '\r')
			continue
		}
		if end < 0 {
			end = len(s) - i
		} else if c == '{' {
			end++
		}
		sb.WriteString(s[i : i+end])
		i += end
		lineStart = false
	}
	return sb.String()
}

// foldRune maps a full-width ASCII character (ｅ, ４, ＝) to ASCII and ×
// to x; other runes are returned unchanged.
func foldRune(r rune) rune {
	switch {
	case r >= '！' && r <= '～':
		return r - 0xFEE0
	case r == '×':
		return 'x'
	}
	return r
}

// movetextRune is foldRune for move text outside comments: letters,
// digits and move marks only, so that Chinese punctuation (：！？，（）)
// in free text stays as written.
func movetextRune(r rune) rune {
	switch {
	case r >= 'Ａ' && r <= 'Ｚ', r >= 'ａ' && r <= 'ｚ', r >= '０' && r <= '９':
		return r - 0xFEE0
	}
	switch r {
	case '×', '＋', '＃', '＝', '－', '．', '＊', '／':
		return foldRune(r)
	}
	return r
}
