package chess

import "fmt"

// DrawClaim is the verdict on a draw claimed with an intended move (FIDE
// Laws of Chess 9.2.1.1 and 9.3.1): the player having the move writes the
// move down without playing it and claims that it will bring about the same
// position for at least the third time, or complete the last 50 moves by
// each player without a capture or a pawn move.
type DrawClaim struct {
	// Method is ThreefoldRepetition or FiftyMoves when the claim is
	// correct (repetition first when both hold), Ongoing when it is not.
	Method Method
	// Move is the intended move as the engine generates it; SAN is its
	// standard notation in the position before it.
	Move Move
	SAN  string
	// Occurrences counts how often the position after Move will have
	// appeared in the game, that appearance included.
	Occurrences int
	// Halfmoves is the halfmove clock after Move: the moves of both players
	// since the last capture or pawn move (100 is fifty moves each).
	Halfmoves int
}

// Correct reports whether the claim establishes a draw.
func (c DrawClaim) Correct() bool { return c.Method != Ongoing }

// Message explains the verdict in "zh-CN" (default) or "en", e.g. "draw
// (threefold repetition): after Nf3 the same position will have appeared 3
// times".
func (c DrawClaim) Message(lang string) string {
	en := lang == "en"
	switch c.Method {
	case ThreefoldRepetition:
		if en {
			return fmt.Sprintf("draw (threefold repetition): after %s the same position will have appeared %d times", c.SAN, c.Occurrences)
		}
		return fmt.Sprintf("和棋（%s）：走 %s 后同一局面将出现 %d 次", methodZH[ThreefoldRepetition], c.SAN, c.Occurrences)
	case FiftyMoves:
		if en {
			return fmt.Sprintf("draw (fifty-move rule): after %s the last %d moves by each player will have been made without a capture or a pawn move", c.SAN, c.Halfmoves/2)
		}
		return fmt.Sprintf("和棋（%s）：走 %s 后双方已连续 %d 回合没有吃子，也没有走兵", methodZH[FiftyMoves], c.SAN, c.Halfmoves/2)
	}
	if c.Halfmoves == 0 {
		if en {
			return fmt.Sprintf("the draw claim is not correct: %s is a capture or a pawn move, so no earlier position can appear again and the fifty-move count starts again; %s must be played", c.SAN, c.SAN)
		}
		return fmt.Sprintf("和棋申请不成立：%s 是吃子或走兵，之前的局面都不会再出现，五十回合也要重新计算；这步 %s 必须走出", c.SAN, c.SAN)
	}
	if en {
		return fmt.Sprintf("the draw claim is not correct: after %s the same position will have appeared %d times (3 are needed) and %d moves by each player will have been made without a capture or a pawn move (50 are needed); %s must be played",
			c.SAN, c.Occurrences, c.Halfmoves/2, c.SAN)
	}
	return fmt.Sprintf("和棋申请不成立：走 %s 后同一局面只出现 %d 次（需要 3 次），双方连续没有吃子也没有走兵的回合数是 %d（需要 50）；这步 %s 必须走出",
		c.SAN, c.Occurrences, c.Halfmoves/2, c.SAN)
}

// CheckDrawClaim judges a draw claimed with the intended move m without
// changing the game: the claim is correct when m would bring about a
// position that has then appeared at least three times (FIDE 9.2.1.1) or
// would make the halfmove clock reach 100 (9.3.1). Since the move is not
// played, what it would do on the board (check, mate) does not matter. A
// claim in the current position, without a move, is ClaimableDraw. It
// returns an *IllegalMoveError when m is not legal here or the game is
// already over.
func (g *Game) CheckDrawClaim(m Move) (DrawClaim, error) {
	if err := g.overError(m); err != nil {
		return DrawClaim{}, err
	}
	p := g.Position()
	gen, ok := p.legal(m)
	if !ok {
		return DrawClaim{}, p.explain(m)
	}
	next := p.after(gen)
	c := DrawClaim{
		Move:      gen,
		SAN:       p.SAN(gen),
		Halfmoves: next.b.halfmove,
		// Only the positions since the last capture or pawn move can repeat
		// the position after m: the last Halfmoves ones of the game.
		Occurrences: occurrences(g.keys, next.repetitionKey(), next.b.halfmove) + 1,
	}
	switch {
	case c.Occurrences >= 3:
		c.Method = ThreefoldRepetition
	case c.Halfmoves >= 100:
		c.Method = FiftyMoves
	}
	return c, nil
}

// ClaimDrawWith makes a draw claim with the intended move m, as a player
// does by writing m on the scoresheet without playing it. When the claim is
// correct the game is drawn: the game is left unchanged (m is not played)
// and recording the draw is the caller's part. When it is incorrect the
// game continues and, as FIDE 9.5.3 requires, m is played; the verdict then
// has Method Ongoing. It returns an *IllegalMoveError, and leaves the game
// unchanged, when m is not legal or the game is already over.
func (g *Game) ClaimDrawWith(m Move) (DrawClaim, error) {
	c, err := g.CheckDrawClaim(m)
	if err != nil || c.Correct() {
		return c, err
	}
	g.push(c.Move, g.Position().after(c.Move))
	return c, nil
}

// occurrences counts how often key appears among the last n keys.
func occurrences(keys []uint64, key uint64, n int) int {
	count := 0
	for i := len(keys) - 1; i >= 0 && i >= len(keys)-n; i-- {
		if keys[i] == key {
			count++
		}
	}
	return count
}
