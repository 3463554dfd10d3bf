package game

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"qixue/rules/draughts"
)

// The draughts adapter: international draughts on 10x10 (FMJD). Moves are
// draughts.Move values; Game adds FMJD's draws (article 6) through
// draughts.Game.

const draughtsInternational = "international"

type draughtsRules struct{}

func (draughtsRules) Name() Name         { return Draughts }
func (draughtsRules) Variants() []string { return []string{draughtsInternational} }

func (r draughtsRules) Start(variant string) (Position, error) {
	if _, err := variantOf(Draughts, variant, r.Variants()); err != nil {
		return nil, err
	}
	return draughtsPos{draughts.Initial(), 1}, nil
}

func (r draughtsRules) Parse(variant, text string) (Position, error) {
	if _, err := variantOf(Draughts, variant, r.Variants()); err != nil {
		return nil, err
	}
	if isBlank(text) {
		return draughtsPos{draughts.Initial(), 1}, nil
	}
	p, err := draughts.ParseFEN(text)
	if err != nil {
		return nil, err
	}
	return draughtsPos{p, 1}, nil
}

func (draughtsRules) SideName(s Side, lang string) string {
	if lang == "" {
		return draughtsColor(s).String()
	}
	return pick(lang, [2]string{"白方", "黑方"}[s&1], [2]string{"White", "Black"}[s&1])
}

func (draughtsRules) ResultText(o Outcome) string {
	return [...]string{"*", "2-0", "0-2", "1-1"}[o.Result&3]
}

func (draughtsRules) Message(o Outcome, lang string) string {
	if m := draughtsOutcome(o).Message(lang); m != "" {
		return m
	}
	return outcomeMessage(draughtsRules{}, o, lang)
}

func draughtsColor(s Side) draughts.Color {
	if s == First {
		return draughts.White
	}
	return draughts.Black
}

// draughtsPos is a position and the number of the move about to be played
// (draughts FEN has no move counter: it starts at 1 where the position was
// parsed).
type draughtsPos struct {
	p      draughts.Position
	number int
}

func (draughtsPos) Game() Name      { return Draughts }
func (draughtsPos) Variant() string { return draughtsInternational }
func (d draughtsPos) String() string {
	return d.p.FEN()
}
func (d draughtsPos) Key() Key        { return Key{d.p} }
func (d draughtsPos) MoveNumber() int { return d.number }

func (d draughtsPos) Turn() Side {
	if d.p.Turn() == draughts.White {
		return First
	}
	return Second
}

// Moves lists the legal moves by start square, then end square, then
// notation.
func (d draughtsPos) Moves(context.Context) ([]Move, error) {
	legal := d.p.LegalMoves()
	names := make(map[draughts.Move]string, len(legal))
	for _, m := range legal {
		names[m] = d.p.Notation(m)
	}
	slices.SortFunc(legal, func(a, b draughts.Move) int {
		if c := cmp.Compare(a.From(), b.From()); c != 0 {
			return c
		}
		if c := cmp.Compare(a.To(), b.To()); c != 0 {
			return c
		}
		return strings.Compare(names[a], names[b])
	})
	out := make([]Move, len(legal))
	for i, m := range legal {
		out[i] = m
	}
	return out, nil
}

func (d draughtsPos) ParseMove(s string) (Move, error) {
	m, err := d.p.ParseMove(s)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (d draughtsPos) Play(m Move) (Position, error) {
	dm, ok := m.(draughts.Move)
	if !ok {
		return nil, foreignMove(Draughts, m)
	}
	next, err := d.p.Play(dm)
	if err != nil {
		return nil, err
	}
	n := d.number
	if d.p.Turn() == draughts.Black {
		n++
	}
	return draughtsPos{next, n}, nil
}

// Outcome judges the position alone: the side to move loses without
// pieces or without a legal move.
func (d draughtsPos) Outcome() Outcome {
	men, kings := d.p.Count(d.p.Turn())
	win := Win(d.Turn().Opponent())
	switch {
	case men+kings == 0:
		return Outcome{Result: win, Rule: NoPieces}
	case !d.p.HasLegalMoves():
		return Outcome{Result: win, Rule: NoMoves}
	}
	return Outcome{}
}

func (d draughtsPos) Notation(m Move) string {
	dm, ok := m.(draughts.Move)
	if !ok {
		return m.String()
	}
	return d.p.Notation(dm)
}

func (d draughtsPos) Describe(m Move, _ string) string { return d.Notation(m) }

func (d draughtsPos) history() history { return &draughtsHistory{draughts.NewGame(d.p)} }

// draughtsHistory keeps the draughts.Game of a Game for FMJD's draws.
type draughtsHistory struct{ g *draughts.Game }

func (h *draughtsHistory) play(m Move) error {
	dm, ok := m.(draughts.Move)
	if !ok {
		return foreignMove(Draughts, m)
	}
	return h.g.Play(dm)
}

func (h *draughtsHistory) outcome() Outcome {
	o := h.g.Outcome()
	out := Outcome{Rule: Rule(o.Reason)}
	switch o.Result {
	case draughts.WhiteWins:
		out.Result = FirstWins
	case draughts.BlackWins:
		out.Result = SecondWins
	case draughts.Draw:
		out.Result = Drawn
	default:
		return Outcome{}
	}
	return out
}

// FMJD's draws are automatic: draughts has no claims.
func (h *draughtsHistory) claimable(Side) []Rule { return nil }

func (h *draughtsHistory) claim(_ Side, r Rule, _ Move) (Claim, error) {
	return Claim{}, notClaimable(Draughts, r)
}

// draughtsOutcome converts back to the engine's outcome, for its messages.
func draughtsOutcome(o Outcome) draughts.Outcome {
	r := [...]draughts.Result{draughts.Ongoing, draughts.WhiteWins, draughts.BlackWins, draughts.Draw}[o.Result&3]
	return draughts.Outcome{Result: r, Reason: string(o.Rule)}
}

func (draughtsPos) adapter() Rules { return draughtsRules{} }

// DraughtsPosition returns the engine's position behind a draughts
// position (for perft and material counts); false for other games.
func DraughtsPosition(p Position) (draughts.Position, bool) {
	d, ok := p.(draughtsPos)
	return d.p, ok
}
