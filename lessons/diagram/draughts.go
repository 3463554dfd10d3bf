package diagram

import (
	"strconv"
	"strings"

	"qixue/rules/draughts"
)

// Draughts board geometry and colours.
const (
	draughtsSq     = 40.0
	draughtsMargin = 12.0
	draughtsLight  = "#f3e4c6"
	draughtsDark   = "#8f6a48"
)

func draughtsSquare(param, s string) (draughts.Square, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err == nil {
		if sq, ok := draughts.NewSquare(n); ok {
			return sq, nil
		}
	}
	return 0, badSquare(param, s, "square number from 1 to 50", "1 到 50 之间的格子编号")
}

// draughtsPath reads "32-28" or "19x30x39" into its squares.
func draughtsPath(param, s string) ([]draughts.Square, bool, error) {
	parts := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '-' || r == 'x' })
	if len(parts) < 2 {
		return nil, false, nil
	}
	var sqs []draughts.Square
	for _, p := range parts {
		sq, err := draughtsSquare(param, p)
		if err != nil {
			return nil, true, err
		}
		sqs = append(sqs, sq)
	}
	return sqs, true, nil
}

func renderDraughts(o Options) ([]byte, error) {
	pos := draughts.Initial()
	if strings.TrimSpace(o.Position) != "" {
		var err error
		if pos, err = draughts.ParseFEN(o.Position); err != nil {
			return nil, positionError(err)
		}
	}
	var high []draughts.Square
	for _, h := range o.Highlights {
		sq, err := draughtsSquare(ParamHighlight, h)
		if err != nil {
			return nil, err
		}
		high = append(high, sq)
	}
	var arrows [][]draughts.Square
	for _, a := range o.Arrows {
		sqs, ok, err := draughtsPath(ParamArrows, a)
		if err != nil {
			return nil, err
		}
		if !ok || len(sqs) != 2 {
			return nil, badArrow(a, "32-28")
		}
		arrows = append(arrows, sqs)
	}
	var last []draughts.Square
	if o.LastMove != "" {
		sqs, ok, err := draughtsPath(ParamLastMove, o.LastMove)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, badLastMove(o.LastMove, "32-28")
		}
		last = sqs
	}

	size := 10*draughtsSq + 2*draughtsMargin
	side := map[draughts.Color][2]string{draughts.White: {"白方走", "White to move"}, draughts.Black: {"黑方走", "Black to move"}}[pos.Turn()]
	c := newCanvas(size, size, title(o.Lang, "国际跳棋棋图，"+side[0], "Draughts diagram, "+side[1]))
	c.rect(0, 0, size, size, "fill", "#ffffff")
	corner := func(sq draughts.Square) (float64, float64) {
		col, row := sq.Col(), sq.Row()
		if o.Flip {
			col, row = 9-col, 9-row
		}
		return draughtsMargin + float64(col)*draughtsSq, draughtsMargin + float64(row)*draughtsSq
	}
	centre := func(sq draughts.Square) (float64, float64) {
		x, y := corner(sq)
		return x + draughtsSq/2, y + draughtsSq/2
	}
	// Pieces sit a little off centre, clear of the square's number.
	pieceAt := func(sq draughts.Square) (float64, float64) {
		x, y := centre(sq)
		return x + 1.5, y + 1.5
	}

	c.rect(draughtsMargin, draughtsMargin, 10*draughtsSq, 10*draughtsSq, "fill", draughtsLight)
	c.open("fill", draughtsDark)
	for n := 1; n <= 50; n++ {
		sq, _ := draughts.NewSquare(n)
		x, y := corner(sq)
		c.rect(x, y, draughtsSq, draughtsSq)
	}
	c.close()
	for _, sq := range last {
		x, y := corner(sq)
		c.rect(x, y, draughtsSq, draughtsSq, "fill", markLast, "fill-opacity", "0.5")
	}
	for _, sq := range high {
		x, y := corner(sq)
		c.rect(x, y, draughtsSq, draughtsSq, "fill", markHighlight, "fill-opacity", "0.5")
	}
	c.rect(draughtsMargin, draughtsMargin, 10*draughtsSq, 10*draughtsSq, "fill", "none", "stroke", "#5a4030", "stroke-width", "1.5")

	// Square numbers, small in the top-left corner of each dark square.
	c.open("fill", "#f3e4c6", "fill-opacity", "0.9")
	for n := 1; n <= 50; n++ {
		sq, _ := draughts.NewSquare(n)
		x, y := corner(sq)
		c.printf("<text", attrs("x", num(x+2), "y", num(y+9), "font-size", "8.5", "font-family", fontSans), ">", strconv.Itoa(n), "</text>\n")
	}
	c.close()

	for n := 1; n <= 50; n++ {
		sq, _ := draughts.NewSquare(n)
		pc := pos.At(sq)
		if pc == draughts.NoPiece {
			continue
		}
		x, y := pieceAt(sq)
		fill, edge, ring := "#fbf8ef", "#3a3a3a", "#9a9a9a"
		if pc.Color() == draughts.Black {
			fill, edge, ring = "#2a2a2a", "#000000", "#707070"
		}
		c.circle(x, y+1.5, 13.5, "fill", "#000000", "fill-opacity", "0.25")
		c.circle(x, y, 13.5, "fill", fill, "stroke", edge, "stroke-width", "1.5")
		c.circle(x, y, 9, "fill", "none", "stroke", ring, "stroke-width", "1.5")
		if pc.IsKing() {
			crown := []float64{-7, 4.5, -8.5, -4.5, -4, -0.5, 0, -7, 4, -0.5, 8.5, -4.5, 7, 4.5}
			for i := range crown {
				if i%2 == 0 {
					crown[i] += x
				} else {
					crown[i] += y
				}
			}
			c.polygon(crown, "fill", "#e0b020", "stroke", "#7a5a00", "stroke-width", "1", "stroke-linejoin", "round")
		}
	}

	for _, a := range arrows {
		x1, y1 := centre(a[0])
		x2, y2 := centre(a[1])
		c.arrow(x1, y1, x2, y2, 6, markArrow)
	}
	return c.done(), nil
}
