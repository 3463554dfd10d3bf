package chess

// Method says how a game ended, or that it has not.
type Method uint8

// The ways a game can end. Checkmate, Stalemate, DeadPosition,
// SeventyFiveMoves and FivefoldRepetition end the game automatically;
// ThreefoldRepetition and FiftyMoves are draws a player may claim.
const (
	Ongoing Method = iota
	Checkmate
	Stalemate
	DeadPosition
	SeventyFiveMoves
	FivefoldRepetition
	ThreefoldRepetition
	FiftyMoves
)

// String returns the method in snake_case, e.g. "checkmate".
func (m Method) String() string {
	return [...]string{"ongoing", "checkmate", "stalemate", "dead_position", "seventy_five_moves",
		"fivefold_repetition", "threefold_repetition", "fifty_moves"}[m]
}

// Outcome is the result of a game: Method Ongoing while it continues.
// Winner is meaningful only when Method is Checkmate.
type Outcome struct {
	Method Method
	Winner Color
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Method != Ongoing }

// Draw reports whether the game ended in a draw.
func (o Outcome) Draw() bool { return o.Method != Ongoing && o.Method != Checkmate }

// Result returns the PGN result: "1-0", "0-1", "1/2-1/2" or "*".
func (o Outcome) Result() string {
	switch {
	case o.Method == Ongoing:
		return "*"
	case o.Method == Checkmate && o.Winner == White:
		return "1-0"
	case o.Method == Checkmate:
		return "0-1"
	}
	return "1/2-1/2"
}

// Outcome returns how the game stands in this position alone: checkmate,
// stalemate, a dead position (too little material for either side to mate:
// K-K, K+minor-K, or only bishops all on squares of one colour) or the
// seventy-five-move rule. Repetitions need the game's history; see Game.
func (p Position) Outcome() Outcome {
	var l moveList
	p.b.generate(&l)
	if l.n == 0 {
		if p.b.inCheck() {
			return Outcome{Method: Checkmate, Winner: p.b.side ^ 1}
		}
		return Outcome{Method: Stalemate}
	}
	if p.b.halfmove >= 150 {
		return Outcome{Method: SeventyFiveMoves}
	}
	if p.deadPosition() {
		return Outcome{Method: DeadPosition}
	}
	return Outcome{}
}

// deadPosition recognises the material combinations in which no sequence of
// legal moves can end in checkmate.
func (p Position) deadPosition() bool {
	w, k := &p.b.bb[White], &p.b.bb[Black]
	if w[Pawn]|k[Pawn]|w[Rook]|k[Rook]|w[Queen]|k[Queen] != 0 {
		return false
	}
	knights := w[Knight] | k[Knight]
	bishops := w[Bishop] | k[Bishop]
	if knights != 0 {
		return popCount(knights) == 1 && bishops == 0
	}
	return bishops&lightSquares == 0 || bishops&^lightSquares == 0
}

// Game is a sequence of positions from a start position, for the rules that
// need history (repetition). Unlike Position it is mutable.
type Game struct {
	positions []Position
	moves     []Move
	keys      []uint64
}

// NewGame starts a game from the given position.
func NewGame(start Position) *Game {
	return &Game{positions: []Position{start}, keys: []uint64{start.repetitionKey()}}
}

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Play makes the move m, or returns an *IllegalMoveError (also when the game
// is already over by an automatic rule).
func (g *Game) Play(m Move) error {
	if err := g.overError(m); err != nil {
		return err
	}
	next, err := g.Position().Play(m)
	if err != nil {
		return err
	}
	g.push(m, next)
	return nil
}

// PlayMove reads a move in any notation Position.ParseMove accepts and plays it.
func (g *Game) PlayMove(s string) error {
	m, err := g.Position().ParseMove(s)
	if err != nil {
		return err
	}
	return g.Play(m)
}

func (g *Game) push(m Move, next Position) {
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, next)
	g.keys = append(g.keys, next.repetitionKey())
}

// repetitions counts how often the current position has occurred.
func (g *Game) repetitions() int {
	// Only positions since the last capture or pawn move can repeat: the
	// current one and the halfmove-clock ones before it.
	return occurrences(g.keys, g.keys[len(g.keys)-1], g.Position().b.halfmove+1)
}

// overError refuses the move m with ReasonGameOver when the game has ended
// by an automatic rule, and returns nil otherwise.
func (g *Game) overError(m Move) error {
	if o := g.Outcome(); o.Over() {
		return illegal(m.String(), ReasonGameOver, "the game is over: "+o.Method.String(), "对局已经结束："+methodZH[o.Method])
	}
	return nil
}

// Outcome returns the automatic end of the game, if any: the position's own
// outcome or a fivefold repetition.
func (g *Game) Outcome() Outcome {
	if o := g.Position().Outcome(); o.Over() {
		return o
	}
	if g.repetitions() >= 5 {
		return Outcome{Method: FivefoldRepetition}
	}
	return Outcome{}
}

// ClaimableDraw returns ThreefoldRepetition or FiftyMoves when the player to
// move may claim a draw now, without moving (FIDE 9.2.1.2 and 9.3.2), and
// Ongoing otherwise. It looks at positions that have appeared (the current
// one included); a claim made with an intended move that is written down
// but not played (9.2.1.1 and 9.3.1) is CheckDrawClaim or ClaimDrawWith.
// Positions count as the same (9.2.2) when the same pieces stand on the
// same squares, the same side is to move, the castling rights are the same
// and so are the en-passant captures that are legal: an en-passant square
// no pawn can legally capture on does not make a position different.
func (g *Game) ClaimableDraw() Method {
	if g.Outcome().Over() {
		return Ongoing
	}
	if g.repetitions() >= 3 {
		return ThreefoldRepetition
	}
	if g.Position().b.halfmove >= 100 {
		return FiftyMoves
	}
	return Ongoing
}
