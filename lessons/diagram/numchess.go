package diagram

import (
	"math"
	"strconv"
	"strings"

	"qixue/rules/numchess"
)

// Number-chess board geometry and colours. One unit of the doubled x
// coordinate is numUnit wide; rows are numRow apart, so that neighbours
// form equilateral triangles.
const (
	numUnit    = 15.0
	numMarginX = 44.0
	numMarginY = 34.0
	numRed     = "#d33a2c"
	numRedDark = "#8e1b10"
	numRedCamp = "#f7d3ce"
	numBlue    = "#2f63c4"
	numBlueDk  = "#17387a"
	numBlueCmp = "#d0def5"
	numLine    = "#8a8a8a"
)

var numRow = 2 * numUnit * math.Sqrt(3) / 2

func numPoint(param, s string) (numchess.Point, error) {
	p, err := numchess.ParsePoint(strings.TrimSpace(s))
	if err != nil {
		return numchess.NoPoint, badSquare(param, s, "point of the number-chess board such as e5", "数棋棋盘上的点（例如 e5）")
	}
	return p, nil
}

// numLastMove reads the points a move visits: "a1-e5", or a machine move
// such as "8b2-f5[6-2]-d5[4]".
func numLastMove(s string) ([]numchess.Point, error) {
	var pts []numchess.Point
	plain := true
	for _, part := range strings.Split(s, "-") {
		p, err := numchess.ParsePoint(strings.TrimSpace(part))
		if err != nil {
			plain = false
			break
		}
		pts = append(pts, p)
	}
	if plain && len(pts) >= 2 {
		return pts, nil
	}
	m, err := numchess.ParseMove(strings.TrimSpace(s))
	if err != nil {
		var ee engineError
		if e, ok := err.(engineError); ok {
			ee = e
		}
		if ee == nil {
			return nil, badLastMove(s, "0a1-e5[9-5-4]")
		}
		return nil, newError(ParamLastMove, ee.Code(), "last: "+ee.Message("en"), "last："+ee.Message("zh-CN"))
	}
	return append([]numchess.Point{m.From}, m.Path...), nil
}

func renderNumChess(o Options) ([]byte, error) {
	pos := numchess.Start()
	if strings.TrimSpace(o.Position) != "" {
		var err error
		if pos, err = numchess.ParsePosition(strings.TrimSpace(o.Position)); err != nil {
			return nil, positionError(err)
		}
	}
	var high []numchess.Point
	for _, h := range o.Highlights {
		p, err := numPoint(ParamHighlight, h)
		if err != nil {
			return nil, err
		}
		high = append(high, p)
	}
	var arrows [][2]numchess.Point
	for _, a := range o.Arrows {
		f, t, ok := splitPair(a)
		if !ok {
			return nil, badArrow(a, "a1-e5")
		}
		from, err := numPoint(ParamArrows, f)
		if err != nil {
			return nil, err
		}
		to, err := numPoint(ParamArrows, t)
		if err != nil {
			return nil, err
		}
		arrows = append(arrows, [2]numchess.Point{from, to})
	}
	var last []numchess.Point
	if o.LastMove != "" {
		var err error
		if last, err = numLastMove(o.LastMove); err != nil {
			return nil, err
		}
	}

	width := 24*numUnit + 2*numMarginX
	height := 16*numRow + 2*numMarginY
	side := map[numchess.Side][2]string{numchess.Red: {"红方走", "Red to move"}, numchess.Blue: {"蓝方走", "Blue to move"}}[pos.Turn()]
	c := newCanvas(width, height, title(o.Lang, "国际数棋棋图，"+side[0], "Number chess diagram, "+side[1]))
	c.rect(0, 0, width, height, "fill", "#fbf7ee")
	xy := func(row, x int) (float64, float64) {
		if o.Flip {
			return width/2 - float64(x)*numUnit, numMarginY + float64(row-1)*numRow
		}
		return width/2 + float64(x)*numUnit, numMarginY + float64(17-row)*numRow
	}
	at := func(p numchess.Point) (float64, float64) { return xy(p.Row(), p.X()) }

	// The camps: each side's triangle shaded in its colour.
	for _, camp := range []struct {
		tip, front int
		fill, edge string
	}{{1, 4, numRedCamp, numRed}, {17, 14, numBlueCmp, numBlue}} {
		var pts []float64
		cx, cy := 0.0, 0.0
		corners := [][2]int{{camp.tip, 0}, {camp.front, -3}, {camp.front, 3}}
		for _, k := range corners {
			x, y := xy(k[0], k[1])
			cx, cy = cx+x/3, cy+y/3
		}
		for _, k := range corners {
			x, y := xy(k[0], k[1])
			d := math.Hypot(x-cx, y-cy)
			pts = append(pts, x+(x-cx)/d*26, y+(y-cy)/d*26)
		}
		c.polygon(pts, "fill", camp.fill, "stroke", camp.edge, "stroke-width", "1", "stroke-opacity", "0.6", "stroke-linejoin", "round")
	}

	// Lines between neighbours: along the row and the two diagonals.
	all := numchess.AllPoints()
	index := map[[2]int]bool{}
	for _, p := range all {
		index[[2]int{p.Row(), p.X()}] = true
	}
	var lines strings.Builder
	for _, p := range all {
		x1, y1 := at(p)
		for _, d := range [][2]int{{0, 2}, {1, -1}, {1, 1}} {
			r, x := p.Row()+d[0], p.X()+d[1]
			if !index[[2]int{r, x}] {
				continue
			}
			x2, y2 := xy(r, x)
			lines.WriteString("M" + num(x1) + " " + num(y1) + " L" + num(x2) + " " + num(y2) + " ")
		}
	}
	c.path(strings.TrimSpace(lines.String()), "fill", "none", "stroke", numLine, "stroke-width", "1")
	c.open("fill", "#6a6a6a")
	for _, p := range all {
		x, y := at(p)
		c.circle(x, y, 2.5)
	}
	c.close()

	// Labels sit in the middle of a triangle of the lattice, directly
	// above or below their point, where no line or piece can cover them:
	// a camp number behind its point (toward its camp's tip), the point's
	// letter on the other side.
	back := func(p numchess.Point) float64 {
		_, y := at(p)
		if y < height/2 {
			return -1
		}
		return 1
	}
	inset := 2 * numRow / 3
	c.open("font-weight", "bold")
	for _, p := range all {
		owner, n, ok := p.CampOf()
		if !ok {
			continue
		}
		colour := numRedDark
		if owner == numchess.Blue {
			colour = numBlueDk
		}
		x, y := at(p)
		c.text(x, y+back(p)*inset, 10, strconv.Itoa(n), "fill", colour)
	}
	c.close()

	if o.Coords {
		c.open("fill", "#707070")
		for row := 1; row <= 17; row++ {
			lo, hi := 0, 0
			for _, p := range all {
				if p.Row() == row {
					lo, hi = min(lo, p.X()), max(hi, p.X())
				}
			}
			xl, y := xy(row, lo)
			xr, _ := xy(row, hi)
			if xl > xr {
				xl, xr = xr, xl
			}
			c.text(xl-24, y, 11, strconv.Itoa(row), "font-weight", "bold")
			c.text(xr+24, y, 11, strconv.Itoa(row), "font-weight", "bold")
		}
		for _, p := range all {
			x, y := at(p)
			dir := -1.0
			if _, _, ok := p.CampOf(); ok {
				dir = -back(p)
			}
			c.text(x, y+dir*inset, 8, string(rune('a'+p.Col())))
		}
		c.close()
	}

	for _, p := range high {
		x, y := at(p)
		c.circle(x, y, 13.5, "fill", markHighlight, "fill-opacity", "0.3", "stroke", markHighlight, "stroke-width", "2.5")
	}
	if len(last) > 0 {
		x, y := at(last[0])
		c.circle(x, y, 10.5, "fill", "none", "stroke", "#c89000", "stroke-width", "2", "stroke-dasharray", "3 2")
		x, y = at(last[len(last)-1])
		c.circle(x, y, 13.5, "fill", markLast, "fill-opacity", "0.6")
	}

	// Pieces: discs in the side's colour with the number large.
	for _, side := range []numchess.Side{numchess.Red, numchess.Blue} {
		fill, edge := numRed, numRedDark
		if side == numchess.Blue {
			fill, edge = numBlue, numBlueDk
		}
		for n := range 10 {
			p := pos.Where(side, n)
			if !p.Valid() {
				continue
			}
			x, y := at(p)
			c.circle(x, y, 10.5, "fill", fill, "stroke", edge, "stroke-width", "1.5")
			c.text(x, y+0.5, 14, strconv.Itoa(n), "fill", "#ffffff", "font-weight", "bold")
		}
	}

	if len(last) > 1 {
		var pts []float64
		for _, p := range last {
			x, y := at(p)
			pts = append(pts, x, y)
		}
		c.polylineArrow(pts, 3.5, "#c89000")
	}
	for _, a := range arrows {
		x1, y1 := at(a[0])
		x2, y2 := at(a[1])
		c.arrow(x1, y1, x2, y2, 5, markArrow)
	}
	return c.done(), nil
}
