package chess

import "fmt"

// Play returns the position after the move m, or an *IllegalMoveError that
// says why m is not allowed here ("no piece on e3", "your king would be in
// check", "cannot castle through an attacked square"). Castling is given as
// the king's move (e1g1); a pawn reaching the last rank needs a promotion
// piece.
func (p Position) Play(m Move) (Position, error) {
	var l moveList
	p.b.generate(&l)
	for _, g := range l.moves[:l.n] {
		if g.same(m) {
			next := p
			next.b.make(g)
			return next, nil
		}
	}
	if l.n == 0 {
		if o := p.Outcome(); o.Over() {
			return Position{}, illegal(m.String(), ReasonGameOver,
				"the game is over: "+o.Method.String(), "对局已经结束："+methodZH[o.Method])
		}
	}
	return Position{}, p.explain(m)
}

var methodZH = map[Method]string{
	Checkmate:           "将死",
	Stalemate:           "逼和",
	DeadPosition:        "死局（双方都无法将死对方）",
	SeventyFiveMoves:    "七十五回合规则",
	FivefoldRepetition:  "同一局面出现五次",
	ThreefoldRepetition: "同一局面出现三次",
	FiftyMoves:          "五十回合规则",
}

// legal returns the generated move matching m's squares and promotion.
func (p Position) legal(m Move) (Move, bool) {
	var l moveList
	p.b.generate(&l)
	for _, g := range l.moves[:l.n] {
		if g.same(m) {
			return g, true
		}
	}
	return Move{}, false
}

// after plays a generated legal move.
func (p Position) after(m Move) Position {
	p.b.make(m)
	return p
}

// pass returns the position after a null move: the other side to move, no
// en-passant square, the clocks advanced.
func (p Position) pass() Position {
	b := &p.b
	b.side = b.side.Other()
	b.hash ^= zobrist.side
	b.ep = NoSquare
	b.halfmove++
	if b.side == White {
		b.fullmove++
	}
	return p
}

// explain says why m (which is not legal) is refused.
func (p Position) explain(m Move) *IllegalMoveError {
	b := &p.b
	in := m.String()
	if m.from >= NoSquare || m.to >= NoSquare {
		return illegal(in, ReasonBadNotation, "not a move on the board", "不是棋盘上的着法")
	}
	pc := b.sq[m.from]
	if pc == NoPiece {
		return illegal(in, ReasonNoPiece, fmt.Sprintf("no piece on %s", m.from), fmt.Sprintf("%s 上没有棋子", m.from))
	}
	us := b.side
	if pc.Color() != us {
		return illegal(in, ReasonNotYourPiece,
			fmt.Sprintf("the %s on %s belongs to %s, and it is %s's turn", pc.Type(), m.from, pc.Color(), us),
			fmt.Sprintf("%s 上的%s是%s的棋子，现在轮到%s走", m.from, pc.Type().zh(), pc.Color().zh(), us.zh()))
	}
	if m.from == m.to {
		return illegal(in, ReasonCannotMove, "a piece must move to another square", "棋子必须走到另一个格子")
	}
	t := pc.Type()
	occ := b.occupied()
	homeRank := 0
	if us == Black {
		homeRank = 7
	}
	if b.frc && t == King && m.to.Rank() == homeRank && b.sq[m.to] == NewPiece(us, Rook) {
		return illegal(in, ReasonCastleNoRight,
			"castling with this rook is not possible here (Chess960 rules)",
			"这里不能和这个车王车易位（960 随机象棋规则）")
	}
	if !b.frc && t == King && m.from.Rank() == homeRank && m.to.Rank() == homeRank && m.from.File() == 4 &&
		(m.to.File() == 6 || m.to.File() == 2 ||
			(m.to.File() == 7 || m.to.File() == 0) && b.sq[m.to] == NewPiece(us, Rook)) {
		return p.explainCastle(m, in)
	}
	if target := b.sq[m.to]; target != NoPiece && target.Color() == us {
		return illegal(in, ReasonOwnPiece,
			fmt.Sprintf("your own %s is on %s", target.Type(), m.to),
			fmt.Sprintf("%s 上是你自己的%s", m.to, target.Type().zh()))
	}
	cannot := func() *IllegalMoveError {
		return illegal(in, ReasonCannotMove,
			fmt.Sprintf("a %s cannot move from %s to %s", t, m.from, m.to),
			fmt.Sprintf("%s不能从 %s 走到 %s", t.zh(), m.from, m.to))
	}
	blocked := func() *IllegalMoveError {
		return illegal(in, ReasonPathBlocked,
			fmt.Sprintf("the way from %s to %s is blocked", m.from, m.to),
			fmt.Sprintf("从 %s 到 %s 的路线被挡住了", m.from, m.to))
	}
	switch t {
	case King:
		if tables.king[m.from]&bit(m.to) == 0 {
			return cannot()
		}
	case Knight:
		if tables.knight[m.from]&bit(m.to) == 0 {
			return cannot()
		}
	case Bishop, Rook, Queen:
		ray := uint64(0)
		if t != Rook {
			ray |= tables.bishopEmpty[m.from]
		}
		if t != Bishop {
			ray |= tables.rookEmpty[m.from]
		}
		if ray&bit(m.to) == 0 {
			return cannot()
		}
		if tables.between[m.from][m.to]&occ != 0 {
			return blocked()
		}
	case Pawn:
		if err := p.explainPawn(m, in, cannot, blocked); err != nil {
			return err
		}
	}
	if m.promo != NoPieceType && (t != Pawn || bit(m.to)&(rank1|rank8) == 0) {
		return illegal(in, ReasonBadPromotion,
			"only a pawn reaching the last rank can promote",
			"只有走到底线的兵才能升变")
	}
	if m.promo == Pawn || m.promo == King {
		return illegal(in, ReasonBadPromotion,
			"a pawn promotes to a queen, rook, bishop or knight",
			"兵只能升变为后、车、象或马")
	}
	return p.leavesKingInCheck(in)
}

// leavesKingInCheck explains a move that leaves the mover's king attacked:
// one that does not answer a check already given, or one that exposes the
// king.
func (p Position) leavesKingInCheck(in string) *IllegalMoveError {
	if p.b.inCheck() {
		return illegal(in, ReasonKingInCheck, "your king is in check and this move does not get it out of check", "你的王正被将军，这步没有解除")
	}
	return illegal(in, ReasonKingInCheck, "your king would be in check", "这样走你的王会被将军")
}

func (p Position) explainPawn(m Move, in string, cannot, blocked func() *IllegalMoveError) *IllegalMoveError {
	b := &p.b
	us := b.side
	dir := 1
	start, last := 1, 7
	if us == Black {
		dir, start, last = -1, 6, 0
	}
	df := m.to.File() - m.from.File()
	dr := (m.to.Rank() - m.from.Rank()) * dir
	switch {
	case df == 0 && dr == 1:
		if b.sq[m.to] != NoPiece {
			return illegal(in, ReasonPathBlocked,
				fmt.Sprintf("a pawn cannot capture straight ahead, and %s is occupied", m.to),
				fmt.Sprintf("兵不能直着吃子，%s 上已经有棋子", m.to))
		}
	case df == 0 && dr == 2 && m.from.Rank() == start:
		mid := NewSquare(m.from.File(), m.from.Rank()+dir)
		if b.sq[mid] != NoPiece || b.sq[m.to] != NoPiece {
			return blocked()
		}
	case df == 0 && dr == 2:
		return illegal(in, ReasonCannotMove,
			"a pawn may move two squares only from its starting square",
			"兵只有从原始位置出发时才能走两格")
	case (df == 1 || df == -1) && dr == 1:
		if b.sq[m.to] == NoPiece {
			if m.to == b.ep {
				break // en passant that exposes the king
			}
			return illegal(in, ReasonPawnNoCapture,
				fmt.Sprintf("a pawn moves diagonally only to capture, and %s is empty", m.to),
				fmt.Sprintf("兵只有吃子时才能斜走，%s 是空的", m.to))
		}
	default:
		return cannot()
	}
	if m.to.Rank() == last && m.promo == NoPieceType {
		return illegal(in, ReasonPromotionNeeded,
			"a pawn reaching the last rank must promote: choose a queen, rook, bishop or knight",
			"兵走到底线必须升变：请选择后、车、象或马")
	}
	return nil
}

func (p Position) explainCastle(m Move, in string) *IllegalMoveError {
	b := &p.b
	us, them := b.side, b.side^1
	kingSide := m.to.File() > 4
	var right uint8
	var path, kingPath uint64
	rank := Square(0)
	if us == Black {
		rank = 56
	}
	if kingSide {
		right = castleWK
		path = bit(rank+5) | bit(rank+6)
		kingPath = path
	} else {
		right = castleWQ
		path = bit(rank+1) | bit(rank+2) | bit(rank+3)
		kingPath = bit(rank+2) | bit(rank+3)
	}
	if us == Black {
		right <<= 2
	}
	if m.to.File() == 7 || m.to.File() == 0 {
		// The king "captures" its own rook: a common way to enter castling.
		if b.castle&right != 0 {
			return illegal(in, ReasonCannotMove,
				fmt.Sprintf("to castle, move the king two squares (from %s to %s)", m.from, NewSquare(map[bool]int{true: 6, false: 2}[kingSide], m.from.Rank())),
				fmt.Sprintf("王车易位时王要走两格（从 %s 走到 %s）", m.from, NewSquare(map[bool]int{true: 6, false: 2}[kingSide], m.from.Rank())))
		}
		return illegal(in, ReasonOwnPiece, fmt.Sprintf("your own rook is on %s", m.to), fmt.Sprintf("%s 上是你自己的车", m.to))
	}
	if b.castle&right == 0 {
		return illegal(in, ReasonCastleNoRight,
			"castling is no longer allowed on that side: the king or that rook has already moved",
			"这一侧已经不能王车易位了：王或这个车已经走动过")
	}
	occ := b.occupied()
	if occ&path != 0 {
		return illegal(in, ReasonCastleBlocked,
			fmt.Sprintf("cannot castle: %s stands between the king and the rook", lsb(occ&path)),
			fmt.Sprintf("不能王车易位：%s 上有棋子挡在王和车之间", lsb(occ&path)))
	}
	if b.inCheck() {
		return illegal(in, ReasonCastleInCheck, "cannot castle while in check", "被将军时不能王车易位")
	}
	for s := kingPath; s != 0; s &= s - 1 {
		sq := lsb(s)
		if sq != m.to && b.attacked(sq, them, occ) {
			return illegal(in, ReasonCastleThrough,
				fmt.Sprintf("cannot castle through an attacked square (%s)", sq),
				fmt.Sprintf("王不能经过被攻击的格子（%s）易位", sq))
		}
	}
	return p.leavesKingInCheck(in)
}
