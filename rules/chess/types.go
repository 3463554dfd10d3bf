package chess

import "fmt"

// Color is the side a piece belongs to or the side to move.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// zh returns the Chinese name of the side.
func (c Color) zh() string {
	if c == White {
		return "白方"
	}
	return "黑方"
}

// PieceType is the kind of a piece, without its colour. The zero value
// NoPieceType means "none" (for example, a move that is not a promotion).
type PieceType uint8

// The piece kinds.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter returns the English SAN letter of the piece type: "N" for a knight,
// "" for a pawn.
func (t PieceType) Letter() string {
	return [...]string{"", "", "N", "B", "R", "Q", "K"}[t&7]
}

// String returns the English name of the piece type, e.g. "knight".
func (t PieceType) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king", "?"}[t&7]
}

// zh returns the Chinese name of the piece type.
func (t PieceType) zh() string {
	return [...]string{"", "兵", "马", "象", "车", "后", "王", "?"}[t&7]
}

// Piece is a coloured piece on a square; NoPiece is an empty square.
type Piece uint8

// NoPiece is the value of an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of colour c and kind t.
func NewPiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// Color returns the colour of the piece (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the kind of the piece; NoPieceType for NoPiece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// FENLetter returns the FEN letter of the piece: "N" for a white knight,
// "p" for a black pawn, "" for NoPiece.
func (p Piece) FENLetter() string {
	if p == NoPiece {
		return ""
	}
	s := "?PNBRQK"[p.Type()]
	if p.Color() == Black {
		s += 'a' - 'A'
	}
	return string(s)
}

func pieceFromFEN(r byte) (Piece, bool) {
	switch r {
	case 'P':
		return NewPiece(White, Pawn), true
	case 'N':
		return NewPiece(White, Knight), true
	case 'B':
		return NewPiece(White, Bishop), true
	case 'R':
		return NewPiece(White, Rook), true
	case 'Q':
		return NewPiece(White, Queen), true
	case 'K':
		return NewPiece(White, King), true
	case 'p':
		return NewPiece(Black, Pawn), true
	case 'n':
		return NewPiece(Black, Knight), true
	case 'b':
		return NewPiece(Black, Bishop), true
	case 'r':
		return NewPiece(Black, Rook), true
	case 'q':
		return NewPiece(Black, Queen), true
	case 'k':
		return NewPiece(Black, King), true
	}
	return NoPiece, false
}

func pieceTypeFromLetter(r byte) PieceType {
	switch r {
	case 'N', 'n':
		return Knight
	case 'B', 'b':
		return Bishop
	case 'R', 'r':
		return Rook
	case 'Q', 'q':
		return Queen
	case 'K', 'k':
		return King
	case 'P', 'p':
		return Pawn
	}
	return NoPieceType
}

// Square is one of the 64 squares, a1 = 0, b1 = 1, ..., h8 = 63.
// NoSquare stands for "none".
type Square uint8

// NoSquare is the value for "no square" (for example, no en-passant square).
const NoSquare Square = 64

// Named squares used by the engine and its tests.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
)

// Named squares on the eighth rank.
const (
	A8 Square = 56 + iota
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NewSquare returns the square on file 0-7 (a-h) and rank 0-7 (1-8).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, fmt.Errorf("chess: %q is not a square name", s)
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

// File returns 0-7 for files a-h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0-7 for ranks 1-8.
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square name, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Move is a move from one square to another, with the promotion piece for a
// pawn reaching the last rank. Castling is the king's move of two squares
// (e1g1). Build one with NewMove, ParseUCI, Position.ParseMove or take it
// from Position.LegalMoves.
type Move struct {
	from, to Square
	promo    PieceType
	flag     moveFlag
}

type moveFlag uint8

const (
	flagNone moveFlag = iota
	flagDouble
	flagEnPassant
	flagCastle
)

// NewMove returns the move from one square to another; promo is the
// promotion piece or NoPieceType.
func NewMove(from, to Square, promo PieceType) Move {
	return Move{from: from, to: to, promo: promo}
}

// ParseUCI reads a move in UCI form such as "e2e4" or "e7e8q".
func ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return Move{}, fmt.Errorf("chess: %q is not a UCI move", s)
	}
	from, err := ParseSquare(s[:2])
	if err != nil {
		return Move{}, fmt.Errorf("chess: %q is not a UCI move", s)
	}
	to, err := ParseSquare(s[2:4])
	if err != nil {
		return Move{}, fmt.Errorf("chess: %q is not a UCI move", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		promo = pieceTypeFromLetter(s[4])
		if promo == NoPieceType || promo == Pawn || promo == King {
			return Move{}, fmt.Errorf("chess: %q is not a UCI move", s)
		}
	}
	return NewMove(from, to, promo), nil
}

// From returns the square the piece leaves.
func (m Move) From() Square { return m.from }

// To returns the square the piece lands on.
func (m Move) To() Square { return m.to }

// Promotion returns the piece a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType { return m.promo }

// IsCastle reports whether the move, as generated by the engine, castles.
func (m Move) IsCastle() bool { return m.flag == flagCastle }

// IsEnPassant reports whether the move, as generated by the engine, captures
// en passant.
func (m Move) IsEnPassant() bool { return m.flag == flagEnPassant }

// String returns the move in UCI form, e.g. "e2e4", "e7e8q".
func (m Move) String() string {
	s := m.from.String() + m.to.String()
	if m.promo != NoPieceType {
		s += string("??nbrq?"[m.promo])
	}
	return s
}

// same reports whether two moves have the same squares and promotion,
// ignoring the engine's internal flags.
func (m Move) same(o Move) bool { return m.from == o.from && m.to == o.to && m.promo == o.promo }
