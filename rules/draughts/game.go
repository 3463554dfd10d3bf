package draughts

import (
	"fmt"
	"strings"
)

// Result is how a game stands.
type Result uint8

// The results of a game.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns the PDN result: "*", "2-0", "0-2" or "1-1".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "2-0"
	case BlackWins:
		return "0-2"
	case Draw:
		return "1-1"
	}
	return "*"
}

// Reasons a game is over, as returned in Outcome.Reason.
const (
	ReasonNone             = ""
	ReasonNoPieces         = "no_pieces"            // the side to move has no pieces left
	ReasonNoMoves          = "no_moves"             // the side to move is blocked
	ReasonRepetition       = "threefold_repetition" // FMJD 6.1
	ReasonKingMoves        = "twenty_five_king_moves"
	ReasonEndgameSixteen   = "endgame_sixteen_moves" // FMJD 6.3
	ReasonEndgameFiveMoves = "endgame_five_moves"    // FMJD 6.4
)

// Outcome is the state of a game: Ongoing with an empty Reason, or a result
// and the rule that decided it.
type Outcome struct {
	Result Result
	Reason string
}

// Message explains the outcome in lang ("en" for English, Simplified
// Chinese otherwise); it is empty for an ongoing game.
func (o Outcome) Message(lang string) string {
	loser := "Black"
	loserZh := "黑方"
	if o.Result == BlackWins {
		loser, loserZh = "White", "白方"
	}
	var m message
	switch o.Reason {
	case ReasonNoPieces:
		m = message{en: loser + " has no pieces left and loses", zh: loserZh + "的棋子全部被吃掉，判负"}
	case ReasonNoMoves:
		m = message{en: loser + " cannot move and loses", zh: loserZh + "无子可动，判负"}
	case ReasonRepetition:
		m = message{en: "draw: the same position appeared three times with the same side to move", zh: "和棋：同一局面（同一方走棋）出现了三次"}
	case ReasonKingMoves:
		m = message{en: "draw: 25 moves each with only kings moved, without capture or man move", zh: "和棋：双方连续 25 步只走王，没有吃子也没有走兵"}
	case ReasonEndgameSixteen:
		m = message{en: "draw: each side has played 16 moves in an endgame against a lone king", zh: "和棋：对单王的残局中双方各走满 16 步"}
	case ReasonEndgameFiveMoves:
		m = message{en: "draw: each side has played 5 moves in an endgame of two kings, a king and a man, or a king against a lone king", zh: "和棋：两个王、一王一兵或一个王对单王，双方各走满 5 步"}
	default:
		return ""
	}
	return m.pick(lang)
}

// Game is a starting position and the moves played from it, with outcome
// detection including the draw rules of FMJD article 6:
//
//   - 6.1 threefold repetition: the same position with the same side to move
//     appears for the third time;
//   - 6.2 25 moves each (50 plies) in a row in which only kings moved, with no
//     capture and no man move;
//   - 6.3 three kings, two kings and a man, or a king and two men against a
//     lone king: drawn once each side has played 16 moves (32 plies) from the
//     moment that material arises;
//   - 6.4 two kings, a king and a man, or a king against a lone king: drawn
//     once each side has played 5 moves (10 plies).
//
// The 6.3 and 6.4 counts start when that material first arises. A promotion
// that stays within 6.3 does not restart the count. A capture during a 6.3
// endgame does not extend its 16 moves; when it leaves 6.4 material, the
// 5-move count of 6.4 starts then too, and the game is drawn at whichever
// limit comes first. The zero value is not usable; create games with
// NewGame or ParsePDN.
type Game struct {
	tags      []Tag
	positions []Position // positions[i] is the position before move i
	moves     []Move
	comments  map[int]string // comment after move i (0: before the first move)
	// variations[i] are the alternatives to move i (1-based), each
	// played from positions[i-1].
	variations map[int][]Variation
	result     string    // result token read from PDN, if any
	drawnAt    int       // plies played when a draw rule ended the game, if moves were recorded after it
	drawn      Outcome   // that draw
	warnings   []Warning // slips found while reading a record
}

// Warning is a slip in a game record that did not stop the game being
// read: a move written as a capture that takes nothing, moves recorded
// after a draw rule had already ended the game, a move inside a
// variation that cannot be read or is not legal (the variation is cut
// there), a broken tag line, escapes written as text or a "-" result.
type Warning struct {
	// Ply is the move it concerns, 1-based (0 for the tags), counted from the start of the
	// game along the line it stands in (a variation's first move has the
	// ply of the move it replaces).
	Ply int
	msg message
}

// Warning codes.
const (
	WarnCaptureMark = "capture_mark_on_quiet_move"
	WarnAfterDraw   = "moves_after_draw"
	// WarnBadTag: a tag line that is not [Name "value"] (skipped) or whose
	// name has spaces (kept).
	WarnBadTag = "malformed_tag"
	// WarnEscapeText: escapes written out as text ("\r" after each tag
	// line), skipped.
	WarnEscapeText = "escape_written_as_text"
	// WarnDashResult: "-" closing the moves, as [Result "-"] writes it, is
	// read as * (no result).
	WarnDashResult = "dash_result"
)

// Code returns one of the Warn* codes.
func (w Warning) Code() string { return w.msg.code }

// Message returns the warning in lang ("en", or Simplified Chinese for any
// other value).
func (w Warning) Message(lang string) string { return w.msg.pick(lang) }

// Warnings returns the slips found while reading the game, in the order
// they are written in the record.
func (g *Game) Warnings() []Warning { return append([]Warning(nil), g.warnings...) }

// DrawnAt reports, for a record that goes on after a draw rule ended the
// game, the number of plies played when it ended and that draw; ok is
// false when no move was recorded after the game was over.
func (g *Game) DrawnAt() (ply int, o Outcome, ok bool) {
	if g.drawnAt == 0 {
		return 0, Outcome{}, false
	}
	return g.drawnAt, g.drawn, true
}

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	return &Game{positions: []Position{start}, comments: map[int]string{}}
}

// Start returns the starting position.
func (g *Game) Start() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns a copy of the moves played.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Play plays m. It returns an *IllegalMoveError with code "game_over" when
// the game has already ended, or "illegal_move" when m is not legal.
func (g *Game) Play(m Move) error {
	if o := g.Outcome(); o.Result != Ongoing {
		return illegal(m.String(), CodeGameOver,
			"the game is over: "+o.Message("en"), "对局已经结束："+o.Message("zh-CN"))
	}
	next, err := g.Position().Play(m)
	if err != nil {
		return err
	}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, next)
	return nil
}

// PlayNotation parses s with Position.ParseMove and plays it, returning the
// move or the *IllegalMoveError explaining why it was refused.
func (g *Game) PlayNotation(s string) (Move, error) {
	if o := g.Outcome(); o.Result != Ongoing {
		return Move{}, illegal(s, CodeGameOver,
			"the game is over: "+o.Message("en"), "对局已经结束："+o.Message("zh-CN"))
	}
	m, err := g.Position().ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	return m, g.Play(m)
}

// Outcome reports whether the game is over and why, judging the current
// position and the history. For a record that plays on after a draw rule
// ended the game, it is that draw (see DrawnAt).
func (g *Game) Outcome() Outcome {
	if g.drawnAt > 0 {
		return g.drawn
	}
	return g.outcome()
}

func (g *Game) outcome() Outcome {
	p := g.Position()
	win := WhiteWins
	if p.turn == White {
		win = BlackWins
	}
	if p.side[p.turn] == 0 {
		return Outcome{Result: win, Reason: ReasonNoPieces}
	}
	if !p.HasLegalMoves() {
		return Outcome{Result: win, Reason: ReasonNoMoves}
	}
	if g.repetitions() >= 3 {
		return Outcome{Result: Draw, Reason: ReasonRepetition}
	}
	if g.kingOnlyPlies() >= 50 {
		return Outcome{Result: Draw, Reason: ReasonKingMoves}
	}
	if limit := endgameLimit(p); limit > 0 {
		if g.categoryPlies(16) >= 32 {
			return Outcome{Result: Draw, Reason: ReasonEndgameSixteen}
		}
		if limit == 5 && g.categoryPlies(5) >= 10 {
			return Outcome{Result: Draw, Reason: ReasonEndgameFiveMoves}
		}
	}
	return Outcome{}
}

// reversible reports whether move i was a king move without capture.
func (g *Game) reversible(i int) bool {
	m := g.moves[i]
	return m.captured == 0 && g.positions[i].kings&bit(int(m.from)) != 0
}

// repetitions counts how often the current position has occurred. Only
// positions since the last man move or capture can repeat it.
func (g *Game) repetitions() int {
	cur := g.Position()
	n := 1
	for i := len(g.moves) - 1; i >= 0 && g.reversible(i); i-- {
		if g.positions[i] == cur {
			n++
		}
	}
	return n
}

// kingOnlyPlies counts the trailing plies that were king moves without
// capture.
func (g *Game) kingOnlyPlies() int {
	n := 0
	for i := len(g.moves) - 1; i >= 0 && g.reversible(i); i-- {
		n++
	}
	return n
}

// endgameLimit returns 16 for an FMJD 6.3 endgame, 5 for a 6.4 endgame and 0
// otherwise.
func endgameLimit(p Position) int {
	wm, wk := p.Count(White)
	bm, bk := p.Count(Black)
	if bm == 0 && bk == 1 {
		if l := limitAgainstLoneKing(wm, wk); l > 0 {
			return l
		}
	}
	if wm == 0 && wk == 1 {
		return limitAgainstLoneKing(bm, bk)
	}
	return 0
}

func limitAgainstLoneKing(men, kings int) int {
	switch {
	case kings == 0:
		return 0
	case men+kings <= 2:
		return 5 // K, 2K, K+M
	case men+kings == 3:
		return 16 // 3K, 2K+M, K+2M
	}
	return 0
}

// categoryPlies counts the plies played in the current lone-king endgame
// since it first reached a position of the given limit: for 5, since the
// 6.4 material arose; for 16, since the 6.3 material arose, even if a
// capture has since reduced it to 6.4 material (0 when the endgame never had
// 6.3 material). Material in these endgames only shrinks, so 6.4 never turns
// back into 6.3.
func (g *Game) categoryPlies(limit int) int {
	last := len(g.positions) - 1
	first := -1
	for i := last; i >= 0; i-- {
		l := endgameLimit(g.positions[i])
		if l == 0 || (limit == 5 && l != 5) {
			break
		}
		if l == limit {
			first = i
		}
	}
	if first < 0 {
		return 0
	}
	return last - first
}

// Tag is one PDN header tag.
type Tag struct {
	Name, Value string
}

// Tags returns a copy of the game's PDN tags in their order.
func (g *Game) Tags() []Tag { return append([]Tag(nil), g.tags...) }

// SetTag sets (or adds) the tag name. Tag names match in any case, as
// the reader reads them: every tag of that name takes the value, so that
// none keeps an old one.
func (g *Game) SetTag(name, value string) {
	set := false
	for i := range g.tags {
		if strings.EqualFold(g.tags[i].Name, name) {
			g.tags[i].Value = value
			set = true
		}
	}
	if !set {
		g.tags = append(g.tags, Tag{name, value})
	}
}

// Tag returns the value of tag name (in any case) and whether it is set.
func (g *Game) Tag(name string) (string, bool) {
	return tagValue(g.tags, name)
}

// Comment returns the comment after move i (1-based); Comment(0) is the
// comment before the first move.
func (g *Game) Comment(i int) string { return g.comments[i] }

// SetComment sets the comment after move i (0: before the first move). It
// returns an error when i is out of range.
func (g *Game) SetComment(i int, text string) error {
	if i < 0 || i > len(g.moves) {
		return fmt.Errorf("draughts: no move %d in this game of %d moves", i, len(g.moves))
	}
	g.comments[i] = text
	return nil
}
