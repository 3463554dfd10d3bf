package chess

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// StartFEN is the FEN of the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Position is an immutable chess position: the pieces, the side to move,
// castling rights, the en-passant square and the move counters. The zero
// value is an empty board without kings (no moves, every move refused);
// use StartPosition or ParseFEN.
type Position struct {
	b board
}

// StartPosition returns the initial position.
func StartPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // unreachable: StartFEN is valid
	}
	return p
}

// ParseFEN reads a position in Forsyth-Edwards Notation. The move counters
// may be omitted (they default to 0 and 1); a move number 0 is read as 1.
// It returns a *FENError naming
// the field and the problem for anything that is not a legal position.
func ParseFEN(s string) (Position, error) {
	p, _, err := parseFEN(s, false, false)
	return p, err
}

// ParseFENLenient reads a FEN as a game file's [FEN] tag is read: a
// castling right that standard chess cannot have (KQkq with the king off
// e1/e8 or no rook on the corner) is dropped and reported in notes, as
// other readers drop it, instead of refusing the position. Everything
// else is read as ParseFEN reads it.
func ParseFENLenient(s string) (p Position, notes []*FENError, err error) {
	return parseFEN(s, false, true)
}

// parseFEN reads a FEN; frc reads the castling field as Chess960's (which
// a Shredder-FEN field, rook files, implies); lenient drops impossible
// standard castling rights (returned in notes) instead of refusing them.
// A KQkq field is never reread as Chess960 (X-FEN) without frc: a
// Chess960 game says so with a [Variant] tag or with rook files.
func parseFEN(s string, frc, lenient bool) (Position, []*FENError, error) {
	fields := strings.Fields(s)
	if len(fields) < 4 || len(fields) > 6 {
		return Position{}, nil, fenErr("fields", "fen_field_count",
			fmt.Sprintf("expected 4 to 6 fields (placement, side, castling, en passant, then optionally halfmove and fullmove), got %d", len(fields)),
			fmt.Sprintf("应有 4 到 6 个字段（棋子位置、行棋方、易位权、吃过路兵格，可再加半回合计数和回合数），实际有 %d 个", len(fields)))
	}
	var b board
	b.ep = NoSquare
	if err := parsePlacement(&b, fields[0]); err != nil {
		return Position{}, nil, err
	}
	switch fields[1] {
	case "w":
		b.side = White
	case "b":
		b.side = Black
		b.hash ^= zobrist.side
	default:
		return Position{}, nil, fenErr("side", "fen_bad_side",
			fmt.Sprintf("side to move must be w or b, not %q", fields[1]),
			fmt.Sprintf("行棋方必须是 w 或 b，而不是 %q", fields[1]))
	}
	var notes []*FENError
	if frc || isShredder(fields[2]) {
		if err := parseCastling960(&b, fields[2]); err != nil {
			return Position{}, nil, err
		}
	} else {
		dropped, err := parseCastling(&b, fields[2], lenient)
		if err != nil {
			return Position{}, nil, err
		}
		notes = append(notes, dropped...)
	}
	b.hash ^= zobrist.castle[b.castle]
	if err := parseEnPassant(&b, fields[3]); err != nil {
		return Position{}, nil, err
	}
	b.fullmove = 1
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 10000 {
			return Position{}, nil, fenErr("halfmove", "fen_bad_halfmove",
				fmt.Sprintf("halfmove clock must be a number from 0, not %q", fields[4]),
				fmt.Sprintf("半回合计数必须是不小于 0 的数字，而不是 %q", fields[4]))
		}
		b.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 100000 {
			return Position{}, nil, fenErr("fullmove", "fen_bad_fullmove",
				fmt.Sprintf("move number must be a number from 1, not %q", fields[5]),
				fmt.Sprintf("回合数必须是不小于 1 的数字，而不是 %q", fields[5]))
		}
		// Move number 0, which many puzzle files write, is read as 1 (the
		// counter has no effect on the rules).
		b.fullmove = max(n, 1)
	}
	if err := checkLegality(&b); err != nil {
		return Position{}, nil, err
	}
	return Position{b: b}, notes, nil
}

func parsePlacement(b *board, s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr("placement", "fen_rank_count",
			fmt.Sprintf("expected 8 ranks separated by /, got %d", len(ranks)),
			fmt.Sprintf("应有 8 行（用 / 分隔），实际有 %d 行", len(ranks)))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '9' {
				file += int(c - '0')
			} else if p, ok := pieceFromFEN(c); ok {
				if file < 8 {
					b.put(p, NewSquare(file, rank))
				}
				file++
			} else {
				r, _ := utf8.DecodeRuneInString(row[j:])
				return fenErr("placement", "fen_bad_piece_letter",
					fmt.Sprintf("bad piece letter %q in rank %d", string(r), rank+1),
					fmt.Sprintf("第 %d 行有错误的棋子字母 %q", rank+1, string(r)))
			}
		}
		if file > 8 {
			return fenErr("placement", "fen_rank_too_long",
				fmt.Sprintf("rank %d has %d squares, not 8", rank+1, file),
				fmt.Sprintf("第 %d 行有 %d 格，而不是 8 格", rank+1, file))
		}
		if file < 8 {
			return fenErr("placement", "fen_rank_too_short",
				fmt.Sprintf("rank %d has only %d squares", rank+1, file),
				fmt.Sprintf("第 %d 行只有 %d 格", rank+1, file))
		}
	}
	for _, c := range []Color{White, Black} {
		switch n := popCount(b.bb[c][King]); {
		case n == 0:
			return fenErr("placement", "fen_no_king",
				fmt.Sprintf("there is no %s king", c), fmt.Sprintf("%s没有王", c.zh()))
		case n > 1:
			return fenErr("placement", "fen_too_many_kings",
				fmt.Sprintf("%s has %d kings", c, n), fmt.Sprintf("%s有 %d 个王", c.zh(), n))
		}
		if n := popCount(b.bb[c][Pawn]); n > 8 {
			return fenErr("placement", "fen_too_many_pawns",
				fmt.Sprintf("%s has %d pawns", c, n), fmt.Sprintf("%s有 %d 个兵", c.zh(), n))
		}
		// Every piece beyond the initial set must come from a promoted pawn.
		extra := 0
		for t, initial := range map[PieceType]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
			if n := popCount(b.bb[c][t]); n > initial {
				extra += n - initial
			}
		}
		if pawns := popCount(b.bb[c][Pawn]); pawns+extra > 8 {
			return fenErr("placement", "fen_impossible_material",
				fmt.Sprintf("%s has %d pawns and %d promoted pieces; there were only 8 pawns to promote", c, pawns, extra),
				fmt.Sprintf("%s有 %d 个兵和 %d 个升变来的棋子，但总共只有 8 个兵可以升变", c.zh(), pawns, extra))
		}
		if n := popCount(b.bb[c][0]); n > 16 {
			return fenErr("placement", "fen_too_many_pieces",
				fmt.Sprintf("%s has %d pieces", c, n), fmt.Sprintf("%s有 %d 个棋子", c.zh(), n))
		}
	}
	if pawns := (b.bb[White][Pawn] | b.bb[Black][Pawn]) & (rank1 | rank8); pawns != 0 {
		s := lsb(pawns)
		return fenErr("placement", "fen_pawn_on_back_rank",
			fmt.Sprintf("a pawn stands on %s; pawns cannot be on the first or last rank", s),
			fmt.Sprintf("%s 上有兵；兵不能在第一行或最后一行", s))
	}
	return nil
}

// parseCastling reads a standard castling field. A right whose king or
// rook is not on its square is refused, or with lenient dropped and
// returned.
func parseCastling(b *board, s string, lenient bool) (dropped []*FENError, err error) {
	if s == "-" {
		return nil, nil
	}
	type right struct {
		flag       uint8
		king, rook Square
		c          Color
	}
	rights := map[byte]right{
		'K': {castleWK, E1, H1, White}, 'Q': {castleWQ, E1, A1, White},
		'k': {castleBK, E8, H8, Black}, 'q': {castleBQ, E8, A8, Black},
	}
	for i := 0; i < len(s); i++ {
		r, ok := rights[s[i]]
		if !ok || b.castle&r.flag != 0 {
			return nil, fenErr("castling", "fen_bad_castling",
				fmt.Sprintf("castling rights must be - or letters from KQkq, not %q", s),
				fmt.Sprintf("易位权必须是 - 或 KQkq 中的字母，而不是 %q", s))
		}
		if b.sq[r.king] != NewPiece(r.c, King) || b.sq[r.rook] != NewPiece(r.c, Rook) {
			if !lenient {
				return nil, fenErr("castling", "fen_impossible_castling",
					fmt.Sprintf("castling right %c needs the %s king on %s and a rook on %s", s[i], r.c, r.king, r.rook),
					fmt.Sprintf("易位权 %c 要求%s的王在 %s、车在 %s", s[i], r.c.zh(), r.king, r.rook))
			}
			dropped = append(dropped, fenErr("castling", "fen_castling_right_dropped",
				fmt.Sprintf("castling right %c needs the %s king on %s and a rook on %s; it is dropped (a Chess960 game needs a [Variant \"Chess960\"] tag or rook files such as HAha)", s[i], r.c, r.king, r.rook),
				fmt.Sprintf("易位权 %c 要求%s的王在 %s、车在 %s，已忽略此易位权（960 随机象棋须有 [Variant \"Chess960\"] 标签或用车所在直线表示易位权，如 HAha）", s[i], r.c.zh(), r.king, r.rook)))
			continue
		}
		b.castle |= r.flag
	}
	return dropped, nil
}

func parseEnPassant(b *board, s string) error {
	if s == "-" {
		return nil
	}
	sq, err := ParseSquare(s)
	if err != nil {
		return fenErr("en_passant", "fen_bad_en_passant",
			fmt.Sprintf("en-passant square must be - or a square name, not %q", s),
			fmt.Sprintf("吃过路兵格必须是 - 或格子名称，而不是 %q", s))
	}
	wantRank, pawnSq, fromSq, pawn := 5, sq-8, sq+8, NewPiece(Black, Pawn)
	if b.side == Black {
		wantRank, pawnSq, fromSq, pawn = 2, sq+8, sq-8, NewPiece(White, Pawn)
	}
	if sq.Rank() != wantRank || b.sq[pawnSq] != pawn || b.sq[sq] != NoPiece || b.sq[fromSq] != NoPiece {
		return fenErr("en_passant", "fen_impossible_en_passant",
			fmt.Sprintf("en-passant square %s does not follow a two-square pawn move by the side not to move", s),
			fmt.Sprintf("吃过路兵格 %s 不符合对方兵刚走两格的局面", s))
	}
	b.ep = sq
	return nil
}

// checkLegality refuses positions that cannot arise in a game of chess for
// reasons a FEN author can fix.
func checkLegality(b *board) error {
	them := b.side ^ 1
	if b.attacked(b.kingSquare(them), b.side, b.occupied()) {
		return fenErr("position", "fen_opponent_in_check",
			fmt.Sprintf("the side not to move (%s) is in check", them),
			fmt.Sprintf("不该行棋的一方（%s）正被将军", them.zh()))
	}
	if n := popCount(b.checkers()); n > 2 {
		return fenErr("position", "fen_too_many_checkers",
			fmt.Sprintf("the %s king is attacked by %d pieces at once", b.side, n),
			fmt.Sprintf("%s的王同时被 %d 个棋子将军", b.side.zh(), n))
	}
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p Position) FEN() string {
	var sb strings.Builder
	b := &p.b
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := b.sq[NewSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteString(pc.FENLetter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([]string{" w ", " b "}[b.side])
	switch {
	case b.frc:
		b.castling960(&sb)
	case b.castle == 0:
		sb.WriteByte('-')
	}
	for i, c := range "KQkq" {
		if !b.frc && b.castle&(1<<i) != 0 {
			sb.WriteRune(c)
		}
	}
	fmt.Fprintf(&sb, " %s %d %d", b.ep, b.halfmove, b.fullmove)
	return sb.String()
}

// String returns the FEN of the position.
func (p Position) String() string { return p.FEN() }

// Turn returns the side to move.
func (p Position) Turn() Color { return p.b.side }

// PieceAt returns the piece on s, or NoPiece.
func (p Position) PieceAt(s Square) Piece {
	if s >= NoSquare {
		return NoPiece
	}
	return p.b.sq[s]
}

// HalfmoveClock returns the number of half-moves since the last capture or
// pawn move.
func (p Position) HalfmoveClock() int { return p.b.halfmove }

// FullmoveNumber returns the move number, starting at 1 and increased after
// each black move.
func (p Position) FullmoveNumber() int { return p.b.fullmove }

// InCheck reports whether the side to move is in check.
func (p Position) InCheck() bool { return p.b.inCheck() }

// Checkers returns the squares of the pieces giving check to the side to move.
func (p Position) Checkers() []Square { return squares(p.b.checkers()) }

func squares(bb uint64) []Square {
	var s []Square
	for ; bb != 0; bb &= bb - 1 {
		s = append(s, lsb(bb))
	}
	return s
}

// LegalMoves returns every legal move of the side to move.
func (p Position) LegalMoves() []Move {
	var l moveList
	p.b.generate(&l)
	return append([]Move(nil), l.moves[:l.n]...)
}

// Perft counts the leaf nodes of the legal move tree of the given depth
// (depth 0 is 1). It is the standard test of move generation.
func (p Position) Perft(depth int) uint64 {
	return perftFrom(p.b, depth)
}

// PerftDivide returns the perft count below each legal move.
func (p Position) PerftDivide(depth int) map[Move]uint64 {
	out := map[Move]uint64{}
	var l moveList
	p.b.generate(&l)
	for _, m := range l.moves[:l.n] {
		c := p.b
		c.make(m)
		out[m] = perftFrom(c, depth-1)
	}
	return out
}

// repetitionKey identifies the position for the repetition rules (FIDE
// 9.2.2): pieces, side to move, castling rights, and the en-passant square
// only when a pawn can legally capture there, since an en-passant capture
// that is not possible does not change the possible moves.
func (p Position) repetitionKey() uint64 {
	k := p.b.hash
	if p.b.ep != NoSquare {
		var l moveList
		p.b.generate(&l)
		for _, m := range l.moves[:l.n] {
			if m.flag == flagEnPassant {
				k ^= zobrist.ep[p.b.ep.File()]
				break
			}
		}
	}
	return k
}

// RepetitionKey returns a 64-bit Zobrist key of the position as the
// repetition rules see it (FIDE 9.2.2): pieces, side to move, castling
// rights, and the en-passant square only when an en-passant capture is
// legal. Positions that are the same for those rules have the same key;
// different ones differ but for a hash collision (about 2⁻⁶⁴ a pair).
func (p Position) RepetitionKey() uint64 { return p.repetitionKey() }
