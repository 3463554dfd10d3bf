package draughts

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// capPath is one capture sequence: the landing squares (bit indices, the
// last one is where the piece stops) and the pieces taken.
type capPath struct {
	landings []int
	captured uint64
}

// capturePaths calls visit for every capture sequence, complete or not, of
// the piece on bit index from (which must belong to the side to move).
// complete reports that the sequence cannot be continued.
func (p *Position) capturePaths(from int, visit func(landings []int, captured uint64, complete bool)) {
	us := p.turn
	enemy := p.side[us^1]
	empty := p.empty() | bit(from)
	king := p.kings&bit(from) != 0
	var walk func(sq int, landings []int, captured uint64)
	walk = func(sq int, landings []int, captured uint64) {
		extended := false
		for _, d := range dirs {
			v := sq + d
			if king {
				for bit(v)&empty != 0 {
					v += d
				}
			}
			if bit(v)&enemy&^captured == 0 {
				continue
			}
			for l := v + d; bit(l)&empty != 0; l += d {
				extended = true
				next := append(landings[:len(landings):len(landings)], l)
				visit(next, captured|bit(v), false)
				walk(l, next, captured|bit(v))
				if !king {
					break
				}
			}
		}
		if !extended && len(landings) > 0 {
			visit(landings, captured, true)
		}
	}
	walk(from, nil, 0)
}

// legalPaths returns the complete capture sequences of the legal move m.
func (p *Position) legalPaths(m Move) []capPath {
	var out []capPath
	p.capturePaths(int(m.from), func(l []int, c uint64, complete bool) {
		if complete && c == m.captured && l[len(l)-1] == int(m.to) {
			out = append(out, capPath{landings: append([]int(nil), l...), captured: c})
		}
	})
	return out
}

// isSubsequence reports whether mids occur in order among the intermediate
// landings of path (all landings but the last).
func isSubsequence(mids []int, landings []int) bool {
	i := 0
	for _, l := range landings[:len(landings)-1] {
		if i < len(mids) && mids[i] == l {
			i++
		}
	}
	return i == len(mids)
}

// matches reports whether m can be written with the intermediate landing
// squares mids (bit indices).
func (p *Position) matches(m Move, mids []int) bool {
	if len(mids) == 0 {
		return true
	}
	if m.captured == 0 {
		return false
	}
	for _, path := range p.legalPaths(m) {
		if isSubsequence(mids, path.landings) {
			return true
		}
	}
	return false
}

// longForm writes m with every landing square, "28x17x8".
func (p *Position) longForm(m Move) string {
	paths := p.legalPaths(m)
	if len(paths) == 0 {
		return m.String()
	}
	return writeCapture(int(m.from), paths[0].landings)
}

func writeCapture(from int, landings []int) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(int(squareOf(from))))
	for _, l := range landings {
		sb.WriteByte('x')
		sb.WriteString(strconv.Itoa(int(squareOf(l))))
	}
	return sb.String()
}

// Notation returns m in PDN in its shortest unambiguous form: "32-28" for a
// move, "28x19" for a capture when no other legal capture goes from 28 to
// 19, otherwise with as few intermediate landing squares as needed
// ("28x17x8"). m should be legal in p.
func (p Position) Notation(m Move) string {
	if m.captured == 0 {
		return m.String()
	}
	var siblings []Move
	for _, o := range p.LegalMoves() {
		if o != m && o.from == m.from && o.to == m.to {
			siblings = append(siblings, o)
		}
	}
	if len(siblings) == 0 {
		return m.String()
	}
	paths := p.legalPaths(m)
	if len(paths) == 0 {
		return m.String()
	}
	mids := paths[0].landings[:len(paths[0].landings)-1]
	for k := 1; k <= len(mids); k++ {
		var found []int
		eachCombination(mids, k, func(c []int) bool {
			for _, o := range siblings {
				if p.matches(o, c) {
					return false
				}
			}
			found = append([]int(nil), c...)
			return true
		})
		if found != nil {
			return writeCapture(int(m.from), append(found, int(m.to)))
		}
	}
	return writeCapture(int(m.from), paths[0].landings)
}

// eachCombination calls f with every k-element subsequence of s, in order,
// until f returns true.
func eachCombination(s []int, k int, f func([]int) bool) bool {
	c := make([]int, 0, k)
	var rec func(i int) bool
	rec = func(i int) bool {
		if len(c) == k {
			return f(c)
		}
		for j := i; j <= len(s)-(k-len(c)); j++ {
			c = append(c, s[j])
			if rec(j + 1) {
				return true
			}
			c = c[:len(c)-1]
		}
		return false
	}
	return rec(0)
}

// parsedMove is move text split into squares.
type parsedMove struct {
	squares []Square
	capture bool // written with 'x'
}

// parseMoveText reads "32-28", "28x19" or "28x17x8" (also with ':' or 'X'
// between squares and trailing "!", "?", "+" or "*" annotations).
func parseMoveText(s string) (parsedMove, error) {
	text := s
	s = strings.TrimRight(strings.TrimSpace(s), "!?+*")
	var pm parsedMove
	if s == "" {
		return pm, illegal(text, CodeBadMoveSyntax, "empty move", "着法为空")
	}
	var sep byte
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 2 {
			return pm, badSyntax(text)
		}
		n, _ := strconv.Atoi(s[i:j])
		sq, ok := NewSquare(n)
		if !ok {
			return pm, illegal(text, CodeNoSuchSquare,
				fmt.Sprintf("there is no square %d (squares are numbered 1-50)", n),
				fmt.Sprintf("没有第 %d 格（格子编号为 1-50）", n))
		}
		pm.squares = append(pm.squares, sq)
		if j == len(s) {
			break
		}
		c := s[j]
		switch c {
		case 'x', 'X', ':':
			c = 'x'
		case '-':
		default:
			return pm, badSyntax(text)
		}
		if sep != 0 && c != sep {
			return pm, badSyntax(text)
		}
		sep = c
		i = j + 1
		if i == len(s) {
			return pm, badSyntax(text)
		}
	}
	if len(pm.squares) < 2 {
		return pm, badSyntax(text)
	}
	pm.capture = sep == 'x'
	if !pm.capture && len(pm.squares) > 2 {
		return pm, badSyntax(text)
	}
	return pm, nil
}

func badSyntax(text string) error {
	return illegal(text, CodeBadMoveSyntax,
		fmt.Sprintf("%q is not a move: write it like 32-28, 28x19 or 28x17x8", text),
		fmt.Sprintf("%q 不是着法：请写成 32-28、28x19 或 28x17x8 的形式", text))
}

// ParseMove reads a move in PDN ("32-28", "19x30", "28x17x8") and returns the
// legal move it names. A capture may be written with only its start and end
// squares when that is unambiguous, or with some or all of its landing
// squares. It returns an *IllegalMoveError explaining the refusal: a square
// that does not exist, no piece or an opponent's piece on the start square,
// "capture is mandatory: 27x18 is available", "you must take 3 pieces, this
// takes 2", a blocked or non-diagonal path, or an ambiguous capture.
func (p Position) ParseMove(s string) (Move, error) {
	pm, err := parseMoveText(s)
	if err != nil {
		return Move{}, err
	}
	text := strings.TrimSpace(s)
	from, to := pm.squares[0], pm.squares[len(pm.squares)-1]
	mids := make([]int, 0, len(pm.squares))
	for _, sq := range pm.squares[1 : len(pm.squares)-1] {
		mids = append(mids, int(bitOf(sq)))
	}
	us := p.turn
	usEn, usZh := colorName(us)
	fb := bit(int(bitOf(from)))
	switch {
	case p.side[us]&fb != 0:
	case p.side[us^1]&fb != 0:
		themEn, themZh := colorName(us ^ 1)
		return Move{}, illegal(text, CodeNotYourPiece,
			fmt.Sprintf("the piece on %d is %s's, and it is %s's turn", from, themEn, usEn),
			fmt.Sprintf("%d 格上的棋子属于%s，现在轮到%s走", from, themZh, usZh))
	default:
		return Move{}, illegal(text, CodeNoPiece,
			fmt.Sprintf("there is no piece on %d", from),
			fmt.Sprintf("%d 格上没有棋子", from))
	}
	legal := p.LegalMoves()
	if len(legal) == 0 {
		return Move{}, illegal(text, CodeNoLegalMoves,
			fmt.Sprintf("%s has no legal move: the game is over", usEn),
			fmt.Sprintf("%s无子可动，对局已经结束", usZh))
	}
	var found []Move
	for _, m := range legal {
		if m.From() == from && m.To() == to && p.matches(m, mids) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		if pm.capture && found[0].captured == 0 {
			return Move{}, illegal(text, CodeNotACapture,
				fmt.Sprintf("%s takes nothing: write it %s", text, found[0]),
				fmt.Sprintf("%s 没有吃子，应写成 %s", text, found[0]))
		}
		return found[0], nil
	case 0:
	default:
		forms := make([]string, len(found))
		for i, m := range found {
			forms[i] = p.longForm(m)
		}
		list := strings.Join(forms, ", ")
		return Move{}, illegal(text, CodeAmbiguousMove,
			fmt.Sprintf("%s is ambiguous: write one of %s", text, list),
			fmt.Sprintf("%s 有多种走法，请写明是哪一种：%s", text, list))
	}
	if len(legal) > 0 && legal[0].captured != 0 {
		return Move{}, p.explainCapture(text, legal, from, to, mids)
	}
	if pm.capture || len(mids) > 0 {
		return Move{}, illegal(text, CodeNotACapture,
			fmt.Sprintf("%s is not a capture: there is nothing to take from %d", text, from),
			fmt.Sprintf("%s 不是吃子：%d 格的棋子没有可吃的棋子", text, from))
	}
	return Move{}, p.explainQuiet(text, from, to)
}

// explainCapture says why a move was refused when captures are mandatory.
func (p *Position) explainCapture(text string, legal []Move, from, to Square, mids []int) error {
	best := legal[0].CaptureCount()
	takes := 0
	p.capturePaths(int(bitOf(from)), func(l []int, c uint64, _ bool) {
		if l[len(l)-1] == int(bitOf(to)) && isSubsequence(mids, l) {
			if n := bits.OnesCount64(c); n > takes {
				takes = n
			}
		}
	})
	if takes > 0 && takes < best {
		return illegal(text, CodeMajorityCapture,
			fmt.Sprintf("you must take %d %s, this takes %d", best, pieces(best), takes),
			fmt.Sprintf("必须吃最多的棋子：应吃 %d 个，这步只吃 %d 个", best, takes))
	}
	var own []string
	for _, m := range legal {
		if m.From() == from {
			own = append(own, p.Notation(m))
		}
	}
	if len(own) > 0 {
		list := strings.Join(own, ", ")
		return illegal(text, CodeIllegalMove,
			fmt.Sprintf("no capture of the piece on %d goes that way; it can play %s", from, list),
			fmt.Sprintf("%d 格棋子的吃子路线不是这样的；可以走 %s", from, list))
	}
	avail := make([]string, 0, 3)
	for i, m := range legal {
		if i == 3 {
			avail = append(avail, "...")
			break
		}
		avail = append(avail, p.Notation(m))
	}
	list := strings.Join(avail, ", ")
	verb := "is"
	if len(legal) > 1 {
		verb = "are"
	}
	return illegal(text, CodeCaptureMandatory,
		fmt.Sprintf("capture is mandatory: %s %s available", list, verb),
		fmt.Sprintf("有吃必吃：可以走 %s", list))
}

func pieces(n int) string {
	if n == 1 {
		return "piece"
	}
	return "pieces"
}

// explainQuiet says why a non-capturing move from a piece of the side to
// move to another square is not legal.
func (p *Position) explainQuiet(text string, from, to Square) error {
	occupied := p.At(to) != NoPiece
	dr, dc := to.Row()-from.Row(), to.Col()-from.Col()
	if p.At(from).IsKing() {
		if dr == 0 || (dr != dc && dr != -dc) {
			return illegal(text, CodeIllegalMove,
				fmt.Sprintf("a king moves along a diagonal, and %d and %d are not on one diagonal", from, to),
				fmt.Sprintf("王只能沿斜线走，%d 和 %d 不在同一条斜线上", from, to))
		}
		sr, sc := sign(dr), sign(dc)
		r, c := from.Row()+sr, from.Col()+sc
		for r != to.Row() {
			if sq := squareAt(r, c); p.At(sq) != NoPiece {
				return illegal(text, CodeIllegalMove,
					fmt.Sprintf("the way from %d to %d is blocked by the piece on %d", from, to, sq),
					fmt.Sprintf("从 %d 到 %d 的路被 %d 格上的棋子挡住了", from, to, sq))
			}
			r, c = r+sr, c+sc
		}
	} else {
		forward := -1
		if p.turn == Black {
			forward = 1
		}
		if dr != forward || (dc != 1 && dc != -1) {
			return illegal(text, CodeIllegalMove,
				fmt.Sprintf("a man moves one square diagonally forward; %d to %d is not such a step", from, to),
				fmt.Sprintf("兵只能向前斜走一格，%d 到 %d 不是这样的一步", from, to))
		}
	}
	if occupied {
		return illegal(text, CodeIllegalMove,
			fmt.Sprintf("square %d is occupied", to),
			fmt.Sprintf("%d 格上已经有棋子", to))
	}
	return illegal(text, CodeIllegalMove,
		fmt.Sprintf("%s is not a legal move", text),
		fmt.Sprintf("%s 不是合法的着法", text))
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// squareAt returns the square at row r and column c, which must be a dark
// square on the board.
func squareAt(r, c int) Square {
	return Square(r*5 + c/2 + 1)
}
