package game

import (
	"context"

	"qixue/rules/numchess"
)

// The number-chess adapter: the seed's game under the grade-band rulesets
// G46 (the default), G23 and K1. The adapter owns one numchess.Engine per
// ruleset, whose value caches stay warm across positions; moves are
// numchess.Move values with their expressions. A game ends when a player
// calls stop (Game.Claim with Stop) and is scored; a position with all ten
// pieces of a side in place is judged at once.

type numChessRules struct {
	engines map[string]*numchess.Engine
	names   []string
}

func newNumChessRules() *numChessRules {
	r := &numChessRules{engines: map[string]*numchess.Engine{}, names: []string{"G46", "G23", "K1"}}
	for _, n := range r.names {
		rs, _ := numchess.RulesetByName(n) // the presets are known
		r.engines[n] = numchess.NewEngine(rs)
	}
	return r
}

func (r *numChessRules) Name() Name         { return NumChess }
func (r *numChessRules) Variants() []string { return append([]string(nil), r.names...) }

// Engine returns the engine of a ruleset, or an unknown_variant *Error.
func (r *numChessRules) engine(variant string) (*numchess.Engine, string, error) {
	v, err := variantOf(NumChess, variant, r.names)
	if err != nil {
		return nil, "", err
	}
	return r.engines[v], v, nil
}

func (r *numChessRules) Start(variant string) (Position, error) {
	e, v, err := r.engine(variant)
	if err != nil {
		return nil, err
	}
	return numPos{p: numchess.Start(), eng: e, variant: v}, nil
}

func (r *numChessRules) Parse(variant, text string) (Position, error) {
	e, v, err := r.engine(variant)
	if err != nil {
		return nil, err
	}
	if isBlank(text) {
		return numPos{p: numchess.Start(), eng: e, variant: v}, nil
	}
	p, err := numchess.ParsePosition(text)
	if err != nil {
		return nil, err
	}
	return numPos{p: p, eng: e, variant: v}, nil
}

func (r *numChessRules) SideName(s Side, lang string) string {
	if lang == "" {
		return numSide(s).String()
	}
	return pick(lang, [2]string{"红方", "蓝方"}[s&1], [2]string{"Red", "Blue"}[s&1])
}

func (r *numChessRules) ResultText(o Outcome) string {
	if o.Result == Ongoing {
		return "ongoing"
	}
	return [...]string{"ongoing", "red wins", "blue wins", "draw"}[o.Result&3]
}

func (r *numChessRules) Message(o Outcome, lang string) string { return outcomeMessage(r, o, lang) }

func numSide(s Side) numchess.Side {
	if s == First {
		return numchess.Red
	}
	return numchess.Blue
}

type numPos struct {
	p       numchess.Position
	eng     *numchess.Engine
	variant string
}

// numKey is where each piece stands and the side to move (the move number
// is left out: it does not change the position).
type numKey struct {
	at   [2][10]numchess.Point
	turn numchess.Side
}

func (numPos) Game() Name                  { return NumChess }
func (n numPos) Variant() string           { return n.variant }
func (n numPos) String() string            { return n.p.String() }
func (n numPos) Turn() Side                { return Side(n.p.Turn() & 1) }
func (n numPos) MoveNumber() int           { return n.p.MoveNumber() }
func (n numPos) Ruleset() numchess.Ruleset { return n.eng.Ruleset() }

func (n numPos) Key() Key {
	k := numKey{turn: n.p.Turn()}
	for s := range 2 {
		for d := range 10 {
			k.at[s][d] = n.p.Where(numchess.Side(s), d)
		}
	}
	return Key{k}
}

// Moves lists the legal moves, each with a witness expression; it stops
// when ctx is done.
func (n numPos) Moves(ctx context.Context) ([]Move, error) {
	legal, err := n.eng.LegalMovesContext(ctx, n.p)
	if err != nil {
		return nil, err
	}
	out := make([]Move, len(legal))
	for i, m := range legal {
		out[i] = m
	}
	return out, nil
}

// ParseMove reads the machine form ("0a1-e5[9-5-4]") or the seed's Chinese
// notation ("0 左斜进 跨 9,5,4 (9-5-4=0)") and checks the move, its
// expressions included.
func (n numPos) ParseMove(s string) (Move, error) {
	m, err := numchess.ParseMove(s)
	if err != nil {
		if m, err = numchess.ParseChinese(n.p, s); err != nil {
			return nil, err
		}
	}
	if _, err := n.eng.Check(n.p, m); err != nil {
		return nil, err
	}
	return m, nil
}

func (n numPos) Play(m Move) (Position, error) {
	nm, ok := m.(numchess.Move)
	if !ok {
		return nil, foreignMove(NumChess, m)
	}
	next, err := n.eng.Play(n.p, nm)
	if err != nil {
		return nil, err
	}
	return numPos{p: next, eng: n.eng, variant: n.variant}, nil
}

// Outcome judges a position in which a side has all ten pieces in place;
// otherwise the game goes on until a stop call.
func (n numPos) Outcome() Outcome {
	if !n.p.InPlace(numchess.Red) && !n.p.InPlace(numchess.Blue) {
		return Outcome{}
	}
	return Outcome{Result: numResult(n.p.Result(n.eng.Ruleset())), Rule: InPlace}
}

func numResult(o numchess.Outcome) Result {
	switch o {
	case numchess.RedWins:
		return FirstWins
	case numchess.BlueWins:
		return SecondWins
	}
	return Drawn
}

func (n numPos) info(m Move) (*numchess.MoveInfo, bool) {
	nm, ok := m.(numchess.Move)
	if !ok {
		return nil, false
	}
	mi, err := n.eng.Check(n.p, nm)
	return mi, err == nil
}

// Notation is the machine form with the move's expressions (what
// numchess.MoveInfo.Machine prints).
func (n numPos) Notation(m Move) string { return m.String() }

func (n numPos) Describe(m Move, lang string) string {
	mi, ok := n.info(m)
	if !ok {
		return m.String()
	}
	return pick(lang, mi.Chinese(), mi.English())
}

func (n numPos) canStop(by Side) bool { return n.p.CanCallStop(numSide(by)) }

// judge scores the position at a stop call, the referee's penalty points
// taken off each side's score (added under 差和法 when the lower score
// wins). Without penalties it is the engine's verdict, with its tie rule
// for two full marks.
func (n numPos) judge(penalty [2]int) Outcome {
	rs := n.eng.Ruleset()
	o := Outcome{Rule: Stop}
	if penalty == [2]int{} {
		o.Result = numResult(n.p.Result(rs))
		return o
	}
	sign := 1
	lowerWins := rs.Scoring == numchess.DifferenceSum && rs.DifferenceLowerWins
	if lowerWins {
		sign = -1
	}
	red := n.p.Score(numchess.Red, rs.Scoring) - sign*penalty[0]
	blue := n.p.Score(numchess.Blue, rs.Scoring) - sign*penalty[1]
	switch {
	case red == blue:
		o.Result = Drawn
	case (red > blue) != lowerWins:
		o.Result = FirstWins
	default:
		o.Result = SecondWins
	}
	return o
}

// adapter returns an adapter for the position's messages (which need no
// engine).
func (numPos) adapter() Rules { return &numChessRules{names: []string{"G46", "G23", "K1"}} }

// NumChessPosition returns the engine's position behind a number-chess
// position and the engine of its ruleset (for perft and scores); false for
// other games.
func NumChessPosition(p Position) (numchess.Position, *numchess.Engine, bool) {
	n, ok := p.(numPos)
	return n.p, n.eng, ok
}
