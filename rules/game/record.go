package game

import (
	"errors"
	"fmt"
)

// Game is a game in progress: a start position, the moves played from it
// and how it stands, with the rules that need the history: repetitions
// and the fifty/seventy-five-move rules in chess (and the draw claims),
// FMJD's repetition and king-ending counts in draughts, a number-chess
// call to stop (with the referee's penalty points), and the ends outside
// the rules of play (resignation, agreement, a flag, a forfeit). Unlike
// Position it is mutable; it is not safe for concurrent use.
type Game struct {
	start, pos Position
	moves      []Move
	notation   []string
	hist       history // nil for games whose rules need no history
	end        *Outcome
	penalty    [2]int
}

// history is what an adapter keeps for the rules that need a game's past.
type history interface {
	play(m Move) error
	outcome() Outcome
	claimable(by Side) []Rule
	claim(by Side, r Rule, with Move) (Claim, error)
}

// historian is implemented by positions whose game has rules that need the
// history.
type historian interface{ history() history }

// scorer is implemented by positions of games decided by a score when a
// player calls stop (number chess).
type scorer interface {
	canStop(by Side) bool
	judge(penalty [2]int) Outcome
}

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	g := &Game{start: start, pos: start}
	if h, ok := start.(historian); ok {
		g.hist = h.history()
	}
	return g
}

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.pos }

// Moves returns the moves played, in order.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Notation returns the moves played in canonical notation (each written
// in the position before it: SAN, PDN, ...).
func (g *Game) Notation() []string { return append([]string(nil), g.notation...) }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// Outcome returns how the game stands: an end recorded by Claim or End,
// otherwise the rules' verdict on the position and the history.
func (g *Game) Outcome() Outcome {
	if g.end != nil {
		return *g.end
	}
	if g.hist != nil {
		return g.hist.outcome()
	}
	return g.pos.Outcome()
}

// ErrOver is returned (wrapped in an *Error with code game_over) for a move,
// a claim or an end after the game is over.
var ErrOver = errors.New("game: the game is over")

func (g *Game) over() error {
	if o := g.Outcome(); o.Over() {
		return overError(g.pos, o)
	}
	return nil
}

// overError refuses a move, claim or end after o ended the game.
func overError(p Position, o Outcome) *Error {
	r := adapterOf(p)
	return &Error{code: "game_over", field: "move", err: ErrOver,
		en: "the game is over: " + r.Message(o, "en"),
		zh: "对局已经结束：" + r.Message(o, "zh-CN")}
}

// Play reads a move leniently (see Position.ParseMove), plays it and
// returns it with its canonical notation, or the refusal; a refused move
// changes nothing.
func (g *Game) Play(s string) (Move, string, error) {
	if g.end != nil {
		return nil, "", overError(g.pos, *g.end)
	}
	m, err := g.pos.ParseMove(s)
	if err != nil {
		return nil, "", err
	}
	if err := g.PlayMove(m); err != nil {
		return nil, "", err
	}
	return m, g.notation[len(g.notation)-1], nil
}

// PlayMove plays a move of the current position, or returns the refusal
// (after the game is over: the engine's, or an *Error game_over wrapping
// ErrOver); a refused move changes nothing.
func (g *Game) PlayMove(m Move) error {
	if g.end != nil {
		return overError(g.pos, *g.end)
	}
	next, err := g.pos.Play(m)
	if err != nil {
		return err
	}
	if g.hist != nil {
		// the engine's game refuses a move after its own ends, with its words
		if err := g.hist.play(m); err != nil {
			return err
		}
	} else if o := g.pos.Outcome(); o.Over() {
		return overError(g.pos, o)
	}
	g.push(m, next)
	return nil
}

func (g *Game) push(m Move, next Position) {
	g.notation = append(g.notation, g.pos.Notation(m))
	g.moves = append(g.moves, m)
	g.pos = next
}

// Claim is the verdict on a claim: a chess draw claim (in the position,
// or with an intended move written down), or a number-chess call to stop.
type Claim struct {
	// Rule is the rule claimed, or the one that made it correct.
	Rule    Rule
	Correct bool
	// Outcome is the game's end when Correct.
	Outcome Outcome
	// Move is the intended move of a chess claim in SAN; Played is set
	// when the claim was wrong and the move was therefore played (FIDE
	// 9.5.3).
	Move   string
	Played bool
	played Move
	zh, en string
}

// Message explains the verdict in lang ("en", or zh-CN by default).
func (c Claim) Message(lang string) string { return pick(lang, c.zh, c.en) }

// Claimable returns the claims side by may make now (chess: the draw the
// player to move may claim without moving; number chess: Stop when all of
// by's pieces stand in the opponent's camp).
func (g *Game) Claimable(by Side) []Rule {
	switch {
	case g.Outcome().Over():
		return nil
	case g.hist != nil:
		return g.hist.claimable(by)
	}
	if s, ok := g.pos.(scorer); ok && s.canStop(by) {
		return []Rule{Stop}
	}
	return nil
}

// Claim makes a claim for side by: in chess a draw (r ThreefoldRepetition,
// FiftyMoves, or NoRule for either) in the current position when with is
// "", or with the intended move with, which is played when the claim is
// wrong; in number chess Stop, which ends the game scored. A correct claim
// ends the game; the refusals are *Error values (not_claimable,
// game_over) or the engine's refusal of the intended move.
func (g *Game) Claim(by Side, r Rule, with string) (Claim, error) {
	if err := g.over(); err != nil {
		return Claim{}, err
	}
	if s, ok := g.pos.(scorer); ok && r == Stop {
		if !s.canStop(by) {
			return Claim{}, notClaimable(g.pos.Game(), r)
		}
		o := s.judge(g.penalty)
		g.end = &o
		return Claim{Rule: Stop, Correct: true, Outcome: o,
			zh: "叫停：按得分判定胜负", en: "stop called: the game is decided by the score"}, nil
	}
	if g.hist == nil {
		return Claim{}, notClaimable(g.pos.Game(), r)
	}
	var m Move
	if with != "" {
		var err error
		if m, err = g.pos.ParseMove(with); err != nil {
			return Claim{}, err
		}
	}
	c, err := g.hist.claim(by, r, m)
	if err != nil {
		return Claim{}, err
	}
	switch {
	case c.Correct:
		o := c.Outcome
		g.end = &o
	case c.Played:
		next, err := g.pos.Play(c.played)
		if err != nil {
			return Claim{}, err
		}
		g.push(c.played, next)
	}
	return c, nil
}

// End ends the game outside the rules of play: o.Rule is Resignation,
// Agreement, Flag, Forfeit or Aborted (or an adapter's own rule) and
// o.Result the result it gives. It refuses a game already over.
func (g *Game) End(o Outcome) error {
	if err := g.over(); err != nil {
		return err
	}
	if o.Rule == NoRule || (o.Result == Ongoing && o.Rule != Aborted) {
		return &Error{code: "invalid_end", field: "result",
			en: "an end needs its rule and a result", zh: "结束对局需要说明规则和结果"}
	}
	g.end = &o
	return nil
}

// Penalize records points a referee takes from side s (number chess: a
// misused rule or a wrong sum costs the set penalty points, the piece
// going back). They count when the game is scored at a stop call.
func (g *Game) Penalize(s Side, points int) { g.penalty[s&1] += points }

// Penalty returns the penalty points side s has been given.
func (g *Game) Penalty(s Side) int { return g.penalty[s&1] }

func notClaimable(n Name, r Rule) *Error {
	return &Error{code: "not_claimable", field: "claim",
		en: fmt.Sprintf("%s has no claim %q here", n, string(r)),
		zh: fmt.Sprintf("%s现在不能申请“%s”", n.Title("zh-CN"), string(r))}
}

// ClaimsWithMove reports whether game r knows draw claims made with an
// intended move written down (chess, FIDE 9.2.1.1 and 9.3.1), which
// Game.Claim takes as its with argument.
func ClaimsWithMove(r Rules) bool {
	_, ok := r.(interface{ claimsWithMove() })
	return ok
}

// Judge scores a position of a game decided by its score (number chess)
// as if a player called stop now, without penalties: the verdict a
// tournament enters for a game typed in by its moves or final position.
// It is false for games that are not decided by a score.
func Judge(p Position) (Outcome, bool) {
	s, ok := p.(scorer)
	if !ok {
		return Outcome{}, false
	}
	return s.judge([2]int{}), true
}
