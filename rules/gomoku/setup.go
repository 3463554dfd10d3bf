package gomoku

import (
	"fmt"
	"strings"
)

// A set-up position is a board put together by hand (a teacher's board
// editor) rather than played: the diagram ParseBoard reads and the colour
// to move, "x.../.../... black". It has no record, so the rules it must
// satisfy are those the stones alone can show.

// maxSetupLen bounds a set-up text: a diagram is 239 bytes, the side word
// a few more; anything much longer is not a position.
const maxSetupLen = 300

// ParseSetup reads a set-up position: a board diagram (see ParseBoard),
// a space, and the colour to move, "black" or "white" ("b"/"w" and
// "x"/"o" are read too). It returns an *Error: "bad_board" for the
// diagram, "bad_side" for the colour, "too_long" past 300 bytes. It does
// not judge whether the stones can stand: see CheckSetup.
func ParseSetup(s string) (*Board, Colour, error) {
	if len(s) > maxSetupLen {
		return nil, Empty, errf("too_long", fmt.Sprintf("a position is at most %d characters, this one has %d", maxSetupLen, len(s)),
			fmt.Sprintf("局面最多%d个字符，这里有%d个", maxSetupLen, len(s)))
	}
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, Empty, errf("bad_setup", `a position is a board diagram and the colour to move, like "...../... black"`,
			"局面由棋盘图和轮到的一方组成，例如“...../... black”")
	}
	b, err := ParseBoard(fields[0])
	if err != nil {
		return nil, Empty, err
	}
	var c Colour
	switch strings.ToLower(fields[1]) {
	case "black", "b", "x":
		c = Black
	case "white", "w", "o":
		c = White
	default:
		return nil, Empty, errf("bad_side", fmt.Sprintf("the colour to move is black or white, not %q", fields[1]),
			fmt.Sprintf("轮到的一方要写 black 或 white，而不是“%s”", fields[1]))
	}
	return b, c, nil
}

// SetupString writes a set-up position as ParseSetup reads it.
func SetupString(b *Board, toMove Colour) string {
	return b.String() + " " + toMove.String()
}

// CheckSetup judges a set-up position under r, returning an *Error that
// names the rule it breaks:
//
//   - "impossible_stone_count": stones alternate from Black's first, so
//     with Black to move there are as many black stones as white, with
//     White to move one black stone more;
//   - "two_winners": both colours have a winning line;
//   - "mover_has_five": the colour to move already has a winning line
//     (the game ended when it was made, before the other colour's stone);
//   - "black_overline" (renju): six or more black stones in a row, a
//     forbidden move Black can never have played.
//
// A winning line of the colour that moved last is no refusal: the game
// is over (NewGameFromBoard reports it).
func CheckSetup(r Ruleset, b *Board, toMove Colour) error {
	var n [3]int
	for i := range NumPoints {
		n[b.cells[i]]++
	}
	black, white := n[Black], n[White]
	if toMove == Black && black != white || toMove == White && black != white+1 {
		want := "Black to move needs as many black stones as white"
		wantZh := "轮到黑棋时黑子和白子一样多"
		if toMove == White {
			want, wantZh = "White to move needs one black stone more than white", "轮到白棋时黑子比白子多一个"
		}
		return errf("impossible_stone_count",
			fmt.Sprintf("%d black and %d white stones cannot stand with %s to move: stones alternate from Black's first, so %s", black, white, toMove, want),
			fmt.Sprintf("%d个黑子、%d个白子时不可能轮到%s：黑棋先下、双方轮流落子，所以%s", black, white, toMove.zh(), wantZh))
	}
	if r == Renju {
		if s, ok := b.longest(Black, 6); ok {
			return errf("black_overline", fmt.Sprintf("black has six or more in a row (%s): an overline is forbidden to Black in renju, so it cannot have been played", s),
				fmt.Sprintf("黑棋有六个或更多连在一起（%s）：连珠规则下长连是黑棋的禁手，不可能下出来", s))
		}
	}
	bw, bs := b.winningLine(r, Black)
	ww, ws := b.winningLine(r, White)
	switch {
	case bw && ww:
		return errf("two_winners", fmt.Sprintf("both colours have a winning line (black %s, white %s): the game ended at the first of them", bs, ws),
			fmt.Sprintf("双方都有成五（黑棋 %s，白棋 %s）：对局在第一个成五时就结束了", bs, ws))
	case toMove == Black && bw, toMove == White && ww:
		s := bs
		if toMove == White {
			s = ws
		}
		return errf("mover_has_five", fmt.Sprintf("%s is to move but already has a winning line (%s): the game ended when it was made", toMove, s),
			fmt.Sprintf("轮到%s，但%s已经成五（%s）：对局在成五时就结束了", toMove.zh(), toMove.zh(), s))
	}
	return nil
}

// NewGameFromBoard starts a game from a set-up position without the
// opening protocol (as NewFreeGame): the board as given, toMove to play.
// It refuses what CheckSetup refuses. A winning line of the colour that
// moved last, or a full board, makes the game over at once. The game's
// record starts empty; its move number counts the stones on the board.
func NewGameFromBoard(r Ruleset, b *Board, toMove Colour) (*Game, error) {
	if err := CheckSetup(r, b, toMove); err != nil {
		return nil, err
	}
	g := &Game{rules: r, board: *b, plies: b.count, setup: true}
	last := toMove.Opponent()
	if won, s := b.winningLine(r, last); won {
		g.result = BlackWins
		if last == White {
			g.result = WhiteWins
		}
		g.reason, g.rule = fmt.Sprintf("%s made five: %s", last, s), RuleFive
	} else if b.Full() {
		g.result, g.reason, g.rule = Draw, "the board is full", RuleFullBoard
	}
	return g, nil
}

// FromBoard reports whether the game started from a set-up position
// (NewGameFromBoard): its record does not hold every stone.
func (g *Game) FromBoard() bool { return g.setup }

// winningLine reports whether c has a winning line under r: exactly five
// (renju Black, standard), five or more (freestyle, renju White).
func (b *Board) winningLine(r Ruleset, c Colour) (bool, Segment) {
	for _, run := range b.runs(c, 5) {
		n := run.length()
		if n == 5 || r == Freestyle || r == Renju && c == White {
			return true, run
		}
	}
	return false, Segment{}
}

// longest returns a run of at least n stones of c, if there is one.
func (b *Board) longest(c Colour, n int) (Segment, bool) {
	for _, run := range b.runs(c, n) {
		return run, true
	}
	return Segment{}, false
}

// runs lists every maximal line of at least min stones of c.
func (b *Board) runs(c Colour, min int) []Segment {
	var out []Segment
	for i := range NumPoints {
		if b.cells[i] != c {
			continue
		}
		p := Point{i: uint8(i)}
		for d := range Direction(4) {
			if q, ok := p.offset(d, -1); ok && b.cells[q.i] == c {
				continue // not the start of the run
			}
			end, k := p, 1
			for {
				q, ok := end.offset(d, 1)
				if !ok || b.cells[q.i] != c {
					break
				}
				end, k = q, k+1
			}
			if k >= min {
				out = append(out, Segment{p, end})
			}
		}
	}
	return out
}

// length is the number of points of a straight segment.
func (s Segment) length() int {
	dc, dr := s.To.Col()-s.From.Col(), s.To.Row()-s.From.Row()
	return max(dc, -dc, dr, -dr) + 1
}
