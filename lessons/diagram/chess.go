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

// parseChessPosition reads a FEN; a placement field alone gets "w - - 0 1"
// (or Black to move when only that is legal).
func parseChessPosition(s string) (chess.Position, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return chess.StartPosition(), nil
	}
	if !strings.ContainsAny(s, " \t") {
		p, err := chess.ParseFEN(s + " w - - 0 1")
		if err == nil {
			return p, nil
		}
		if p, err2 := chess.ParseFEN(s + " b - - 0 1"); err2 == nil {
			return p, nil
		}
		return chess.Position{}, positionError(err)
	}
	p, err := chess.ParseFEN(s)
	if err != nil {
		return chess.Position{}, positionError(err)
	}
	return p, nil
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
	side := map[chess.Color][2]string{chess.White: {"白方走", "White to move"}, chess.Black: {"黑方走", "Black to move"}}[pos.Turn()]
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
		pc := pos.PieceAt(sq)
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
