package diagram

import (
	"strings"

	"qixue/rules/chess"
)

// Chess board geometry and colours.
const (
	chessSq     = 45.0
	chessMargin = 22.0
	chessLight  = "#f0dcb4"
	chessDark   = "#b68a62"
	// Overlays shared by the square boards.
	markLast      = "#e8d44d"
	markHighlight = "#3f9a4a"
	markArrow     = "#2a7a3a"
	labelColour   = "#555555"
)

// fontChess lists fonts with the chess symbols, best first.
const fontChess = "DejaVu Sans, Noto Sans Symbols 2, Segoe UI Symbol, Apple Symbols, Arial Unicode MS, sans-serif"

// chessGlyphs are the Unicode symbols of the solid (index 0) and outline
// (index 1) pieces by piece type. U+FE0E asks for the text form, never
// an emoji.
var chessGlyphs = map[chess.PieceType][2]string{
	chess.King:   {"\u265A\uFE0E", "\u2654\uFE0E"},
	chess.Queen:  {"\u265B\uFE0E", "\u2655\uFE0E"},
	chess.Rook:   {"\u265C\uFE0E", "\u2656\uFE0E"},
	chess.Bishop: {"\u265D\uFE0E", "\u2657\uFE0E"},
	chess.Knight: {"\u265E\uFE0E", "\u2658\uFE0E"},
	chess.Pawn:   {"\u265F\uFE0E", "\u2659\uFE0E"},
}

// chessBoard is what a chess diagram shows: the pieces and the side to
// move.
type chessBoard struct {
	pieces [64]chess.Piece
	turn   chess.Color
}

// chessDiagramOnly are the engine's refusals of a FEN that is well formed
// but not a legal game position. A lesson may still draw it (a rook alone
// on the board to show how it moves).
var chessDiagramOnly = map[string]bool{
	"fen_no_king": true, "fen_too_many_kings": true, "fen_too_many_pawns": true,
	"fen_impossible_material": true, "fen_too_many_pieces": true,
	"fen_opponent_in_check": true, "fen_too_many_checkers": true,
	"fen_impossible_castling": true, "fen_impossible_en_passant": true,
}

// parseChessPosition reads a FEN; a placement field alone gets "w - - 0 1"
// (or Black to move when only that is legal). A well-formed FEN that is
// no legal game position (no king, say) is drawn as written.
func parseChessPosition(s string) (chessBoard, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return boardOf(chess.StartPosition()), nil
	}
	fen := s
	if !strings.ContainsAny(s, " \t") {
		if p, err := chess.ParseFEN(s + " b - - 0 1"); err == nil {
			if _, errW := chess.ParseFEN(s + " w - - 0 1"); errW != nil {
				return boardOf(p), nil
			}
		}
		fen = s + " w - - 0 1"
	}
	p, err := chess.ParseFEN(fen)
	if err == nil {
		return boardOf(p), nil
	}
	if ee, ok := err.(engineError); ok && chessDiagramOnly[ee.Code()] {
		if b, ok := lenientChess(fen); ok {
			return b, nil
		}
	}
	return chessBoard{}, positionError(err)
}

func boardOf(p chess.Position) chessBoard {
	b := chessBoard{turn: p.Turn()}
	for i := range b.pieces {
		b.pieces[i] = p.PieceAt(chess.Square(i))
	}
	return b
}

// lenientChess reads the placement and side of a FEN the engine found
// well formed, without the rules of a legal position.
func lenientChess(fen string) (chessBoard, bool) {
	var b chessBoard
	fields := strings.Fields(fen)
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return b, false
	}
	letters := map[byte]chess.PieceType{'p': chess.Pawn, 'n': chess.Knight, 'b': chess.Bishop, 'r': chess.Rook, 'q': chess.Queen, 'k': chess.King}
	for i, row := range ranks {
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case letters[c|0x20] != chess.NoPieceType && file < 8:
				colour := chess.White
				if c >= 'a' {
					colour = chess.Black
				}
				b.pieces[chess.NewSquare(file, 7-i)] = chess.NewPiece(colour, letters[c|0x20])
				file++
			default:
				return b, false
			}
		}
		if file != 8 {
			return b, false
		}
	}
	if len(fields) > 1 && fields[1] == "b" {
		b.turn = chess.Black
	} else if len(fields) > 1 && fields[1] != "w" {
		return b, false
	}
	return b, true
}

func chessSquare(param, s string) (chess.Square, error) {
	sq, err := chess.ParseSquare(strings.ToLower(s))
	if err != nil || sq == chess.NoSquare {
		return 0, badSquare(param, s, "square from a1 to h8", "a1 到 h8 之间的格子")
	}
	return sq, nil
}

// chessPair reads "e2e4", "e2-e4" or "e7e8q" into its two squares.
func chessPair(s string) (from, to string, ok bool) {
	t := strings.NewReplacer("-", "", "x", "", ":", "").Replace(strings.ToLower(s))
	if len(t) == 5 && strings.ContainsRune("qrbn", rune(t[4])) {
		t = t[:4]
	}
	if len(t) != 4 {
		return "", "", false
	}
	return t[:2], t[2:], true
}

func renderChess(o Options) ([]byte, error) {
	pos, err := parseChessPosition(o.Position)
	if err != nil {
		return nil, err
	}
	var high []chess.Square
	for _, h := range o.Highlights {
		sq, err := chessSquare(ParamHighlight, h)
		if err != nil {
			return nil, err
		}
		high = append(high, sq)
	}
	var arrows [][2]chess.Square
	for _, a := range o.Arrows {
		f, t, ok := chessPair(a)
		if !ok {
			return nil, badArrow(a, "e2e4")
		}
		from, err := chessSquare(ParamArrows, f)
		if err != nil {
			return nil, err
		}
		to, err := chessSquare(ParamArrows, t)
		if err != nil {
			return nil, err
		}
		arrows = append(arrows, [2]chess.Square{from, to})
	}
	var last []chess.Square
	if o.LastMove != "" {
		f, t, ok := chessPair(o.LastMove)
		if !ok {
			return nil, badLastMove(o.LastMove, "e2e4")
		}
		for _, s := range []string{f, t} {
			sq, err := chessSquare(ParamLastMove, s)
			if err != nil {
				return nil, err
			}
			last = append(last, sq)
		}
	}

	size := 8*chessSq + 2*chessMargin
	side := map[chess.Color][2]string{chess.White: {"白方走", "White to move"}, chess.Black: {"黑方走", "Black to move"}}[pos.turn]
	c := newCanvas(size, size, title(o.Lang, "国际象棋棋图，"+side[0], "Chess diagram, "+side[1]))
	c.rect(0, 0, size, size, "fill", "#ffffff")
	// corner returns the top-left corner of a square's cell.
	corner := func(sq chess.Square) (float64, float64) {
		f, r := sq.File(), 7-sq.Rank()
		if o.Flip {
			f, r = 7-f, 7-r
		}
		return chessMargin + float64(f)*chessSq, chessMargin + float64(r)*chessSq
	}
	centre := func(sq chess.Square) (float64, float64) {
		x, y := corner(sq)
		return x + chessSq/2, y + chessSq/2
	}

	c.rect(chessMargin, chessMargin, 8*chessSq, 8*chessSq, "fill", chessLight)
	c.open("fill", chessDark)
	for i := range 64 {
		sq := chess.Square(i)
		if (sq.File()+sq.Rank())%2 == 0 {
			x, y := corner(sq)
			c.rect(x, y, chessSq, chessSq)
		}
	}
	c.close()
	for _, sq := range last {
		x, y := corner(sq)
		c.rect(x, y, chessSq, chessSq, "fill", markLast, "fill-opacity", "0.55")
	}
	for _, sq := range high {
		x, y := corner(sq)
		c.rect(x, y, chessSq, chessSq, "fill", markHighlight, "fill-opacity", "0.45")
	}
	c.rect(chessMargin, chessMargin, 8*chessSq, 8*chessSq, "fill", "none", "stroke", "#6b4f36", "stroke-width", "1.5")

	// Coordinates: files under the board, ranks on its left.
	c.open("fill", labelColour)
	for i := range 8 {
		file, rank := i, 7-i
		if o.Flip {
			file, rank = 7-i, i
		}
		x := chessMargin + float64(i)*chessSq + chessSq/2
		c.text(x, size-chessMargin/2, 13, string(rune('a'+file)))
		c.text(chessMargin/2, x, 13, string(rune('1'+rank)))
	}
	c.close()

	// Pieces: a solid glyph, and for White the outline glyph over a white
	// solid one so the board does not show through.
	c.open("font-family", fontChess, "font-size", "40", "text-anchor", "middle")
	for i := range 64 {
		sq := chess.Square(i)
		pc := pos.pieces[sq]
		if pc == chess.NoPiece {
			continue
		}
		g := chessGlyphs[pc.Type()]
		x, y := centre(sq)
		y += 14 // the baseline, so that the glyph sits in the middle
		if pc.Color() == chess.White {
			c.printf("<text", attrs("x", num(x), "y", num(y), "fill", "#ffffff"), ">", g[0], "</text>\n")
			c.printf("<text", attrs("x", num(x), "y", num(y), "fill", "#000000"), ">", g[1], "</text>\n")
		} else {
			c.printf("<text", attrs("x", num(x), "y", num(y), "fill", "#000000"), ">", g[0], "</text>\n")
		}
	}
	c.close()

	for _, a := range arrows {
		x1, y1 := centre(a[0])
		x2, y2 := centre(a[1])
		c.arrow(x1, y1, x2, y2, 7, markArrow)
	}
	return c.done(), nil
}
