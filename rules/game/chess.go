package game

import (
	"context"
	"fmt"
	"strings"

	"qixue/rules/chess"
)

// The chess adapter: standard chess and Chess960 (FIDE Laws). Moves are
// chess.Move values; Game adds the repetition rules and draw claims of
// chess.Game.

const (
	chessStandard = "standard"
	chess960      = "chess960"
)

type chessRules struct{}

func (chessRules) Name() Name         { return Chess }
func (chessRules) Variants() []string { return []string{chessStandard, chess960} }

func (r chessRules) Start(variant string) (Position, error) {
	v, err := variantOf(Chess, variant, r.Variants())
	if err != nil {
		return nil, err
	}
	if v == chess960 {
		p, err := Chess960Start(518)
		return p, err
	}
	return chessPos{chess.StartPosition()}, nil
}

func (r chessRules) Parse(variant, text string) (Position, error) {
	v, err := variantOf(Chess, variant, r.Variants())
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(text) == "" {
		return r.Start(v)
	}
	parse := chess.ParseFEN
	if v == chess960 {
		parse = chess.ParseFEN960
	}
	p, err := parse(text)
	if err != nil {
		return nil, err
	}
	return chessPos{p}, nil
}

func (chessRules) SideName(s Side, lang string) string {
	if lang == "" {
		return chessColor(s).String()
	}
	return pick(lang, [2]string{"白方", "黑方"}[s&1], [2]string{"White", "Black"}[s&1])
}

func (chessRules) ResultText(o Outcome) string { return o.Result.String() }

func (chessRules) Message(o Outcome, lang string) string {
	return outcomeMessage(chessRules{}, o, lang)
}

// Chess960Start returns Chess960 start position n (0-959) in the standard
// numbering (Scharnagl's): 518 is the usual arrangement RNBQKBNR. It
// returns an *Error with code unknown_variant for any other n.
func Chess960Start(n int) (Position, error) {
	if n < 0 || n > 959 {
		return nil, &Error{code: "unknown_variant", field: "ruleset",
			en: fmt.Sprintf("Chess960 start positions are numbered 0 to 959, not %d", n),
			zh: fmt.Sprintf("Chess960的开局编号是0到959，没有%d", n)}
	}
	var rank [8]byte
	rank[2*(n%4)+1] = 'B' // light-squared bishop
	n /= 4
	rank[2*(n%4)] = 'B' // dark-squared bishop
	n /= 4
	place := func(k int, piece byte) { // on the k-th empty square
		for i := range rank {
			if rank[i] == 0 {
				if k == 0 {
					rank[i] = piece
					return
				}
				k--
			}
		}
	}
	place(n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place(knights[1], 'N') // the later one first, so the earlier index stays put
	place(knights[0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	white := string(rank[:])
	fen := strings.ToLower(white) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1"
	p, err := chess.ParseFEN960(fen)
	if err != nil {
		return nil, err
	}
	return chessPos{p}, nil
}

func chessColor(s Side) chess.Color {
	if s == First {
		return chess.White
	}
	return chess.Black
}

type chessPos struct{ p chess.Position }

func (chessPos) Game() Name { return Chess }

func (c chessPos) Variant() string {
	if c.p.Chess960() {
		return chess960
	}
	return chessStandard
}

func (c chessPos) Turn() Side {
	if c.p.Turn() == chess.White {
		return First
	}
	return Second
}

func (c chessPos) String() string  { return c.p.FEN() }
func (c chessPos) MoveNumber() int { return c.p.FullmoveNumber() }
func (c chessPos) Key() Key        { return Key{c.p.RepetitionKey()} }

func (c chessPos) Moves(context.Context) ([]Move, error) {
	legal := c.p.LegalMoves()
	out := make([]Move, len(legal))
	for i, m := range legal {
		out[i] = m
	}
	return out, nil
}

func (c chessPos) ParseMove(s string) (Move, error) {
	m, err := c.p.ParseMove(s)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (c chessPos) move(m Move) (chess.Move, error) {
	cm, ok := m.(chess.Move)
	if !ok {
		return chess.Move{}, foreignMove(Chess, m)
	}
	return cm, nil
}

func (c chessPos) Play(m Move) (Position, error) {
	cm, err := c.move(m)
	if err != nil {
		return nil, err
	}
	next, err := c.p.Play(cm)
	if err != nil {
		return nil, err
	}
	return chessPos{next}, nil
}

func (c chessPos) Outcome() Outcome { return chessOutcome(c.p.Outcome()) }

func chessOutcome(o chess.Outcome) Outcome {
	out := Outcome{Rule: Rule(o.Method.String())}
	switch {
	case !o.Over():
		return Outcome{}
	case o.Draw():
		out.Result = Drawn
	case o.Winner == chess.White:
		out.Result = FirstWins
	default:
		out.Result = SecondWins
	}
	return out
}

func (c chessPos) Notation(m Move) string {
	cm, err := c.move(m)
	if err != nil {
		return m.String()
	}
	return c.p.SAN(cm)
}

// chessZh maps SAN's piece letters to the Chinese piece names.
var chessZh = strings.NewReplacer("K", "王", "Q", "后", "R", "车", "B", "象", "N", "马", "O-O-O", "长易位", "O-O", "短易位")

func (c chessPos) Describe(m Move, lang string) string {
	san := c.Notation(m)
	return pick(lang, chessZh.Replace(san), san)
}

// chessHistory keeps the chess.Game of a Game: repetitions, the claims.
type chessHistory struct{ g *chess.Game }

func (c chessPos) history() history { return &chessHistory{chess.NewGame(c.p)} }

func (h *chessHistory) play(m Move) error {
	cm, ok := m.(chess.Move)
	if !ok {
		return foreignMove(Chess, m)
	}
	return h.g.Play(cm)
}

func (h *chessHistory) outcome() Outcome { return chessOutcome(h.g.Outcome()) }

func (h *chessHistory) claimable(Side) []Rule {
	if d := h.g.ClaimableDraw(); d != chess.Ongoing {
		return []Rule{Rule(d.String())}
	}
	return nil
}

// claim judges a draw claim by the player to move: in the current
// position (with == nil), or with an intended move (FIDE 9.2.1.1,
// 9.3.1), which is played when the claim is wrong (9.5.3).
func (h *chessHistory) claim(by Side, r Rule, with Move) (Claim, error) {
	turn := First
	if h.g.Position().Turn() == chess.Black {
		turn = Second
	}
	if by != turn {
		return Claim{}, notClaimable(Chess, r)
	}
	if r != "" && r != ThreefoldRepetition && r != FiftyMoves {
		return Claim{}, notClaimable(Chess, r)
	}
	if with == nil {
		d := h.g.ClaimableDraw()
		if d == chess.Ongoing || (r != "" && Rule(d.String()) != r) {
			return Claim{Rule: r, zh: "和棋申请不成立：现在的局面不能申请和棋", en: "the draw claim is not correct: this position gives no claim"}, nil
		}
		return Claim{Rule: Rule(d.String()), Correct: true, Outcome: Outcome{Result: Drawn, Rule: Rule(d.String())},
			zh: "和棋：" + map[chess.Method]string{chess.ThreefoldRepetition: "同一局面已出现三次", chess.FiftyMoves: "双方连续五十回合没有吃子，也没有走兵"}[d],
			en: "draw: " + map[chess.Method]string{chess.ThreefoldRepetition: "the same position has appeared three times", chess.FiftyMoves: "fifty moves by each player without a capture or a pawn move"}[d]}, nil
	}
	cm, ok := with.(chess.Move)
	if !ok {
		return Claim{}, foreignMove(Chess, with)
	}
	d, err := h.g.ClaimDrawWith(cm)
	if err != nil {
		return Claim{}, err
	}
	c := Claim{Rule: r, Move: d.SAN, zh: d.Message("zh-CN"), en: d.Message("en")}
	if d.Correct() {
		c.Rule, c.Correct = Rule(d.Method.String()), true
		c.Outcome = Outcome{Result: Drawn, Rule: c.Rule}
	} else {
		c.Played, c.played = true, d.Move
	}
	return c, nil
}

func (chessRules) claimsWithMove() {}

func (chessPos) adapter() Rules { return chessRules{} }

// ChessPosition returns the engine's position behind a chess position, for
// the analyses only chess has (perft, escapes, mates); false for other
// games.
func ChessPosition(p Position) (chess.Position, bool) {
	c, ok := p.(chessPos)
	return c.p, ok
}
