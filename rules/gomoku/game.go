package gomoku

import (
	"fmt"
	"slices"
	"strings"
)

// MoveKind says what a Move does.
type MoveKind int

// The kinds of move in a record.
const (
	Place MoveKind = iota // put a stone on Point
	Pass                  // give up the turn (放弃行棋权)
	Swap                  // White swaps colours after move 3 (三手可交换)
	Offer                 // move 5: Black offers Point and Alt, White keeps Point (五手两打)
)

// Move is one entry of a game record.
type Move struct {
	Kind MoveKind
	// Point is the stone placed (for Offer, the one White leaves on the
	// board).
	Point Point
	// Alt is, for Offer, the first offered point White removed (the
	// other one of the seed's two).
	Alt Point
	// Offered is, for Offer, every point Black offered, in the order
	// written, Point among them; White removed the others. ParseMove sets
	// it; when it is empty the offer is Point and Alt.
	Offered []Point
}

// OfferedPoints returns, for Offer, every offered point: Offered, or
// Point and Alt when Offered is empty. It is nil for other kinds.
func (m Move) OfferedPoints() []Point {
	switch {
	case m.Kind != Offer:
		return nil
	case len(m.Offered) > 0:
		return m.Offered
	}
	return []Point{m.Point, m.Alt}
}

// String returns the record notation: "h8", "pass", "swap", or for the
// fifth-move offer "j10,k11:j10" (the offered points, then the one White
// keeps).
func (m Move) String() string {
	switch m.Kind {
	case Pass:
		return "pass"
	case Swap:
		return "swap"
	case Offer:
		offered := m.OfferedPoints()
		parts := make([]string, len(offered))
		for i, p := range offered {
			parts[i] = p.String()
		}
		return strings.Join(parts, ",") + ":" + m.Point.String()
	}
	return m.Point.String()
}

// ParseMove reads one record token (see Move.String); coordinates may be
// upper case. It returns an *Error with code "bad_move".
func ParseMove(s string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "pass":
		return Move{Kind: Pass}, nil
	case "swap":
		return Move{Kind: Swap}, nil
	}
	if offer, keep, ok := strings.Cut(t, ":"); ok {
		return parseOffer(s, offer, keep)
	}
	p, err := ParsePoint(t)
	if err != nil {
		return Move{}, errf("bad_move",
			fmt.Sprintf("%q is not a move: write a point like h8, or pass", s),
			fmt.Sprintf("“%s”不是一步棋：请写一个点（例如h8）或pass", s))
	}
	return Move{Kind: Place, Point: p}, nil
}

// parseOffer reads "j10,k11:j10": two or more different offered points,
// then the one White keeps, which must be one of them.
func parseOffer(s, offer, keep string) (Move, error) {
	bad := errf("bad_move",
		fmt.Sprintf("%q is not a fifth-move offer: write the offered points and the one white keeps, like j10,k11:j10", s),
		fmt.Sprintf("“%s”不是五手打点的写法：请写黑方打出的点和白方留下的点，例如j10,k11:j10", s))
	pk, err := ParsePoint(keep)
	if err != nil {
		return Move{}, bad
	}
	m := Move{Kind: Offer, Point: pk}
	kept := false
	for _, f := range strings.Split(offer, ",") {
		p, err := ParsePoint(f)
		if err != nil || slices.Contains(m.Offered, p) {
			return Move{}, bad
		}
		kept = kept || p == pk
		m.Offered = append(m.Offered, p)
	}
	if !kept || len(m.Offered) < 2 {
		return Move{}, bad
	}
	for _, p := range m.Offered {
		if p != pk {
			m.Alt = p
			break
		}
	}
	return m, nil
}

// ParseRecord reads moves separated by spaces (or commas between plain
// points are not allowed: use spaces). An empty string is the empty record.
// The error names the move number.
func ParseRecord(s string) ([]Move, error) {
	var out []Move
	for i, f := range strings.Fields(s) {
		m, err := ParseMove(f)
		if err != nil {
			return nil, err.(*Error).atMove(i + 1)
		}
		out = append(out, m)
	}
	return out, nil
}

// Result is how a game stands.
type Result int

// The results.
const (
	Ongoing Result = iota
	BlackWins
	WhiteWins
	Draw
)

// String returns "ongoing", "black wins", "white wins" or "draw".
func (r Result) String() string {
	switch r {
	case BlackWins:
		return "black wins"
	case WhiteWins:
		return "white wins"
	case Draw:
		return "draw"
	}
	return "ongoing"
}

// Game is a game in progress: rules, board and record. Play returns a new
// Game and leaves the receiver unchanged. Build one with NewGame.
type Game struct {
	rules    Ruleset
	national bool
	board    Board
	record   []Move
	plies    int // stones placed and passes, the board's move number
	swapped  bool
	result   Result
	reason   string
	rule     string // the rule that ended the game: RuleFive, RuleFullBoard, RuleBothPassed
	opening  *Opening
	// maxOffers is the most fifth-move offers allowed, 0 for the seed's
	// exactly two.
	maxOffers int
	// claims puts Black's forbidden stones down instead of refusing them
	// (WithForbiddenClaims); unclaimed lists those put down.
	claims    bool
	unclaimed []ForbiddenStone
	// orule is the opening rule when it is not the national one.
	orule OpeningRule
	// reasonZhText is the Chinese reason when it says more than the
	// result.
	reasonZhText string
	// setup is set for a game started from a set-up board
	// (NewGameFromBoard).
	setup bool
}

// NewGame starts an empty game. Under Renju it follows the national
// opening protocol of the seed: Black 1 on tengen, one of the 26 openings,
// an optional swap after move 3, and the fifth-move offer (a plain fifth
// stone is accepted as the kept stone of an unrecorded offer). Freestyle
// and Standard games have no opening protocol.
func NewGame(r Ruleset) *Game {
	return &Game{rules: r, national: r == Renju}
}

// NewGameWithOffers starts a renju game under the national protocol in
// which Black may offer from two up to max fifth moves instead of exactly
// two (one swap, after move 3). max below 2 means 2. For other rulesets it
// is NewGame. The Soosorv and Taraguchi rules, with their extra swaps, are
// NewGameWithRule.
func NewGameWithOffers(r Ruleset, max int) *Game {
	g := NewGame(r)
	g.maxOffers = max
	if max < 2 {
		g.maxOffers = 0
	}
	return g
}

// NewFreeGame starts an empty game without the opening protocol, even
// under Renju: any first move, no swap and no fifth-move offer. Forbidden
// moves still apply. It is meant for exercises that start from a chosen
// position.
func NewFreeGame(r Ruleset) *Game {
	return &Game{rules: r}
}

// NewGameFromRecord plays the moves of a record from the start and
// returns the game, or the first refusal as an *Error naming the move.
func NewGameFromRecord(r Ruleset, moves []Move) (*Game, error) {
	return NewGame(r).PlayAll(moves)
}

// PlayAll plays moves in order from g and returns the resulting game, or
// the first refusal as an *Error naming the move.
func (g *Game) PlayAll(moves []Move) (*Game, error) {
	for _, m := range moves {
		next, err := g.Play(m)
		if err != nil {
			return nil, err
		}
		g = next
	}
	return g, nil
}

// Rules returns the game's ruleset.
func (g *Game) Rules() Ruleset { return g.rules }

// Board returns a copy of the board.
func (g *Game) Board() *Board { b := g.board; return &b }

// Record returns a copy of the moves played.
func (g *Game) Record() []Move { return append([]Move(nil), g.record...) }

// ToMove returns the colour whose turn it is on the board.
func (g *Game) ToMove() Colour {
	if g.plies%2 == 0 {
		return Black
	}
	return White
}

// Swapped reports whether the players have exchanged colours: an odd
// number of swaps (one after move 3 under the national rule; the Soosorv
// and Taraguchi rules allow more).
func (g *Game) Swapped() bool { return g.swapped }

// Opening returns the designated opening once three stones are down in a
// renju game.
func (g *Game) Opening() (Opening, bool) {
	if g.opening == nil {
		return Opening{}, false
	}
	return *g.opening, true
}

// Result returns the result and, when the game is over, why (e.g. "black
// made five: d8-h8").
func (g *Game) Result() (Result, string) { return g.result, g.reason }

// The rules that end a game, as Rule returns them.
const (
	RuleFive       = "five"        // a winning line (exactly five for Black in renju and for both in standard)
	RuleFullBoard  = "full_board"  // the board is full: a draw
	RuleBothPassed = "both_passed" // both players passed in the same round: a draw
)

// Rule returns the rule that ended the game (RuleFive, RuleFullBoard or
// RuleBothPassed), or "" while it goes on.
func (g *Game) Rule() string { return g.rule }

// Play applies m and returns the new game. The receiver is not changed.
// Refusals are *Error values naming the move number: "game_over",
// "occupied", "bad_opening", "bad_swap", "bad_offer", and for Black in
// renju the forbidden codes ("forbidden_double_three", ...), which carry
// the explanation in Error.Forbidden. Under renju rules a forbidden move
// loses; the engine refuses it and says why.
func (g *Game) Play(m Move) (*Game, error) {
	n := g.plies + 1
	if g.result != Ongoing {
		return nil, errf("game_over", "the game is already over: "+g.reason, "对局已经结束："+g.reasonZh()).atMove(n)
	}
	ng := *g
	ng.record = append(append([]Move(nil), g.record...), m)
	switch m.Kind {
	case Swap:
		if err := g.checkSwap(); err != nil {
			return nil, err.atMove(n)
		}
		ng.swapped = !g.swapped
		return &ng, nil
	case Pass:
		if g.national && g.plies < 3 {
			return nil, errOpening(n, "the first three stones make the opening and cannot be passed",
				"前三手是指定开局，不能放弃行棋")
		}
		ng.plies++
		// A round is Black's move and White's reply; the seed draws the game
		// when both pass in the same round.
		if c := g.ToMove(); c == White && g.record[len(g.record)-1].Kind == Pass {
			ng.result, ng.reason, ng.rule = Draw, "both players passed in the same round", RuleBothPassed
		}
		return &ng, nil
	case Offer:
		if !g.national || g.plies != 4 {
			return nil, errf("bad_offer", "two stones may be offered only for black's fifth move in renju",
				"只有连珠规则下黑5可以五手两打").atMove(n)
		}
		if err := g.checkOffer(m); err != nil {
			return nil, err.atMove(n)
		}
	}
	c := g.ToMove()
	p := m.Point
	if g.board.cells[p.i] != Empty {
		return nil, errOccupied(p).atMove(n)
	}
	if g.national && g.plies < 3 {
		if err := g.checkOpeningStone(n, p); err != nil {
			return nil, err
		}
	}
	if g.national {
		if err := g.checkRuleStone(n, m); err != nil {
			return nil, err
		}
	}
	if g.rules.hasForbidden(c) {
		if f, ok := g.board.ExplainForbidden(p); ok {
			if !g.claims {
				return nil, f.Err().atMove(n)
			}
			ng.unclaimed = append(slices.Clip(g.unclaimed), ForbiddenStone{Move: n, Forbidden: f})
		}
	}
	five := g.board.makesFive(g.rules, c, p)
	ng.board.set(int(p.i), c)
	ng.plies++
	if ng.plies == 3 && g.national {
		o, _ := IdentifyOpening(ng.stoneAt(0), ng.stoneAt(1), ng.stoneAt(2))
		ng.opening = &o
	}
	switch {
	case five != (Segment{}):
		ng.result = BlackWins
		if c == White {
			ng.result = WhiteWins
		}
		ng.reason, ng.rule = fmt.Sprintf("%s made five: %s", c, five), RuleFive
	case ng.board.Full():
		ng.result, ng.reason, ng.rule = Draw, "the board is full", RuleFullBoard
	}
	return &ng, nil
}

// checkOffer checks a fifth-move offer: as many points as the game's
// opening rule asks for, all empty, the kept one among them, and no two the
// same shape by symmetry.
func (g *Game) checkOffer(m Move) *Error {
	lo, hi := g.offers()
	lo = min(lo, hi)
	offered := m.OfferedPoints()
	if n := len(offered); n < lo || n > hi {
		want := fmt.Sprint(lo)
		if hi != lo {
			want = fmt.Sprintf("%d to %d", lo, hi)
		}
		return errf("bad_offer", fmt.Sprintf("black offered %d fifth moves; these rules ask for %s", n, want),
			fmt.Sprintf("黑方打出了%d个第五手，这个规则要求%s个", n, strings.Replace(want, " to ", "到", 1)))
	}
	if !slices.Contains(offered, m.Point) {
		return errf("bad_offer", fmt.Sprintf("white must keep one of the offered points, not %s", m.Point),
			fmt.Sprintf("白方只能从黑方打出的点中留下一个，不能留%s", m.Point))
	}
	for i, p := range offered {
		if g.board.cells[p.i] != Empty || slices.Contains(offered[:i], p) {
			return errf("bad_offer", fmt.Sprintf("the offered point %s must be an empty point, offered once", p),
				fmt.Sprintf("打出的点%s必须是空点，而且只能打一次", p))
		}
		for _, q := range offered[:i] {
			if g.board.Equivalent(p, q) {
				return errf("bad_offer", fmt.Sprintf("%s and %s are the same shape by symmetry; offer different shapes", q, p),
					fmt.Sprintf("%s和%s对称同形，打出的点不能同形", q, p))
			}
		}
	}
	return nil
}

// offers returns how many fifth moves Black must offer: two (五手两打)
// unless the game was started with NewGameWithOffers; under the Soosorv
// rule from two to N (the number White declared is not in the record; a
// single fifth move is written alone), under Taraguchi choice 2 exactly N.
func (g *Game) offers() (lo, hi int) {
	switch g.orule.Kind {
	case SoosorvRule:
		return 2, g.orule.N
	case TaraguchiRule:
		return g.orule.N, g.orule.N
	}
	if g.maxOffers == 0 {
		return 2, 2
	}
	return 2, g.maxOffers
}

// stoneAt returns the point of the k-th placing move of the record.
func (g *Game) stoneAt(k int) Point {
	for _, m := range g.record {
		if m.Kind == Place || m.Kind == Offer {
			if k == 0 {
				return m.Point
			}
			k--
		}
	}
	return Point{}
}

func (g *Game) checkOpeningStone(n int, p Point) error {
	switch g.plies {
	case 0:
		if p != Tengen {
			return errOpening(n, fmt.Sprintf("black's first stone must be on tengen h8, not %s", p),
				fmt.Sprintf("黑方第一子必须下在天元h8，不能下在%s", p))
		}
	case 1:
		_, err := IdentifyOpening(Tengen, p, g.anyThird(p))
		if err != nil {
			return err.(*Error).atMove(n)
		}
	case 2:
		_, err := IdentifyOpening(Tengen, g.stoneAt(1), p)
		if err != nil {
			return err.(*Error).atMove(n)
		}
	}
	return nil
}

// anyThird returns some valid third stone for a White 2 on w, so that
// IdentifyOpening can check White 2 alone.
func (g *Game) anyThird(w Point) Point {
	for _, s := range []string{"f6", "j10"} {
		p, _ := ParsePoint(s)
		if p != w {
			return p
		}
	}
	return Point{}
}

func (g *Game) reasonZh() string {
	if g.reasonZhText != "" {
		return g.reasonZhText
	}
	switch g.result {
	case Draw:
		return "和棋"
	case BlackWins:
		return "黑方胜"
	case WhiteWins:
		return "白方胜"
	}
	return ""
}

// makesFive returns the winning line colour c makes by playing the empty
// point p under rules r, or the zero Segment.
func (b *Board) makesFive(r Ruleset, c Colour, p Point) Segment {
	t := tableFor(r, c)
	for d := range Direction(4) {
		if b.shapeAt(t, c, d, int(p.i)).five {
			nb := *b
			nb.set(int(p.i), c)
			lo, hi := nb.run(d, p, c)
			return Segment{lo, hi}
		}
	}
	return Segment{}
}

// WinIn1 returns every empty point where colour c wins at once under
// rules r (a five; for Black in renju, exactly five, which wins even if it
// also makes a forbidden shape), in index order.
func WinIn1(b *Board, r Ruleset, c Colour) []Point {
	t := tableFor(r, c)
	var out []Point
	for i := range NumPoints {
		if b.cells[i] != Empty {
			continue
		}
		for d := range Direction(4) {
			if b.shapeAt(t, c, d, i).five {
				out = append(out, Point{i: uint8(i)})
				break
			}
		}
	}
	return out
}

// ValidateRecord parses a record ("h8 h9 i9 swap j10 ...") and plays it
// from the start under rules r, returning nil when every move is legal,
// or the first refusal as an *Error whose Move names the move (its
// message starts "move N:").
func ValidateRecord(r Ruleset, record string) error {
	moves, err := ParseRecord(record)
	if err != nil {
		return err
	}
	_, err = NewGameFromRecord(r, moves)
	return err
}
