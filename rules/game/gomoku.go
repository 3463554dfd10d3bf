package game

import (
	"context"
	"strings"

	"qixue/rules/gomoku"
)

// The gomoku adapter: renju (with Black's forbidden points and, from
// Start, the national opening protocol), standard gomoku (exactly five)
// and freestyle (five or more). A Position is a *gomoku.Game, which holds
// the record and the protocol's state; moves are gomoku.Move values.
// Side is the colour: First is Black, whichever player holds it after a
// swap (gomoku.Game.Swapped).

type gomokuRules struct{}

func (gomokuRules) Name() Name         { return Gomoku }
func (gomokuRules) Variants() []string { return []string{"renju", "standard", "freestyle"} }

func (r gomokuRules) ruleset(variant string) (gomoku.Ruleset, error) {
	v, err := variantOf(Gomoku, variant, r.Variants())
	if err != nil {
		return 0, err
	}
	return gomoku.ParseRuleset(v)
}

// Start returns the empty board; renju follows the national opening
// protocol (Black 1 on tengen, the 26 openings, the swap, the fifth-move
// offer).
func (r gomokuRules) Start(variant string) (Position, error) {
	rs, err := r.ruleset(variant)
	if err != nil {
		return nil, err
	}
	return gomokuPos{gomoku.NewGame(rs)}, nil
}

// Parse replays a record ("h8 h9 i9") from the empty board without the
// opening protocol (any first move, no swap or offer), as positions for
// exercises and analysis are given, or reads a board diagram and the
// colour to move ("...../... black": see Setup), which must stand.
func (r gomokuRules) Parse(variant, text string) (Position, error) {
	rs, err := r.ruleset(variant)
	if err != nil {
		return nil, err
	}
	g := gomoku.NewFreeGame(rs)
	if isBlank(text) {
		return gomokuPos{g}, nil
	}
	if isGomokuSetup(text) {
		return gomokuSetup(rs, text)
	}
	moves, err := gomoku.ParseRecord(text)
	if err != nil {
		return nil, err
	}
	if g, err = g.PlayAll(moves); err != nil {
		return nil, err
	}
	return gomokuPos{g}, nil
}

func (gomokuRules) SideName(s Side, lang string) string {
	if lang == "" {
		return gomokuColour(s).String()
	}
	return pick(lang, [2]string{"黑方", "白方"}[s&1], [2]string{"Black", "White"}[s&1])
}

func (gomokuRules) ResultText(o Outcome) string {
	return [...]string{"ongoing", "black wins", "white wins", "draw"}[o.Result&3]
}

func (gomokuRules) Message(o Outcome, lang string) string {
	return outcomeMessage(gomokuRules{}, o, lang)
}

func gomokuColour(s Side) gomoku.Colour {
	if s == First {
		return gomoku.Black
	}
	return gomoku.White
}

type gomokuPos struct{ g *gomoku.Game }

// gomokuKey is the board, the side to move and, during the opening
// protocol, the move number (the same stones are a different position
// before and after the swap and the offer).
type gomokuKey struct {
	b     gomoku.Board
	turn  gomoku.Colour
	phase int
}

func (gomokuPos) Game() Name        { return Gomoku }
func (p gomokuPos) Variant() string { return p.g.Rules().String() }

func (p gomokuPos) Turn() Side {
	if p.g.ToMove() == gomoku.Black {
		return First
	}
	return Second
}

// String is the record from the empty board ("h8 h9 i9"), or for a game
// started from a set-up board the board and the colour to move.
func (p gomokuPos) String() string {
	if p.g.FromBoard() {
		return gomoku.SetupString(p.g.Board(), p.g.ToMove())
	}
	rec := p.g.Record()
	parts := make([]string, len(rec))
	for i, m := range rec {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

func (p gomokuPos) MoveNumber() int { return len(p.g.Record()) + 1 }

func (p gomokuPos) Key() Key {
	k := gomokuKey{b: *p.g.Board(), turn: p.g.ToMove(), phase: -1}
	if n := len(p.g.Record()); n <= 5 {
		k.phase = n
	}
	return Key{k}
}

// Moves lists the stones the side to move may put down (see
// gomoku.Game.LegalPoints); pass, swap and the fifth-move offer are in
// Specials.
func (p gomokuPos) Moves(context.Context) ([]Move, error) {
	points := p.g.LegalPoints()
	out := make([]Move, len(points))
	for i, q := range points {
		out[i] = gomoku.Move{Kind: gomoku.Place, Point: q}
	}
	return out, nil
}

// Specials lists pass and swap when they are allowed now.
func (p gomokuPos) Specials() []Move {
	var out []Move
	if p.g.CanPass() {
		out = append(out, gomoku.Move{Kind: gomoku.Pass})
	}
	if p.g.CanSwap() {
		out = append(out, gomoku.Move{Kind: gomoku.Swap})
	}
	return out
}

// CanOffer reports whether Black may make the fifth-move offer now.
func (p gomokuPos) CanOffer() bool { return p.g.CanOffer() }

// ParseMove reads a record token ("h8", "H8", "pass", "swap",
// "j10,k11:j10") and checks it by playing it.
func (p gomokuPos) ParseMove(s string) (Move, error) {
	m, err := gomoku.ParseMove(s)
	if err != nil {
		return nil, err
	}
	if _, err := p.g.Play(m); err != nil {
		return nil, err
	}
	return m, nil
}

func (p gomokuPos) Play(m Move) (Position, error) {
	gm, ok := m.(gomoku.Move)
	if !ok {
		return nil, foreignMove(Gomoku, m)
	}
	next, err := p.g.Play(gm)
	if err != nil {
		return nil, err
	}
	return gomokuPos{next}, nil
}

func (p gomokuPos) Outcome() Outcome {
	r, why := p.g.Result()
	o := Outcome{Rule: Rule(p.g.Rule()), Detail: why}
	switch r {
	case gomoku.BlackWins:
		o.Result = FirstWins
	case gomoku.WhiteWins:
		o.Result = SecondWins
	case gomoku.Draw:
		o.Result = Drawn
	default:
		return Outcome{}
	}
	return o
}

func (p gomokuPos) Notation(m Move) string { return m.String() }

func (p gomokuPos) Describe(m Move, lang string) string {
	gm, ok := m.(gomoku.Move)
	if !ok {
		return m.String()
	}
	switch gm.Kind {
	case gomoku.Pass:
		return pick(lang, "放弃行棋", "pass")
	case gomoku.Swap:
		return pick(lang, "三手交换", "swap colours")
	case gomoku.Offer:
		return pick(lang, "五手两打，留"+gm.Point.String(), "fifth-move offer, "+gm.Point.String()+" kept")
	}
	return gm.String()
}

// GomokuGame returns the engine's game behind a gomoku position, for
// callers that need its analysis (forbidden points, shapes, VCF); false for
// other games. The game is immutable: Play returns a new one.
func GomokuGame(p Position) (*gomoku.Game, bool) {
	g, ok := p.(gomokuPos)
	return g.g, ok
}

func (gomokuPos) adapter() Rules { return gomokuRules{} }
