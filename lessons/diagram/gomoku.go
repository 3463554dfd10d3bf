package diagram

import (
	"fmt"
	"strconv"
	"strings"

	"qixue/rules/gomoku"
)

// Gomoku board geometry and colours.
const (
	gomokuCell   = 30.0
	gomokuMargin = 34.0
	gomokuWood   = "#e6c27a"
	gomokuLine   = "#5b4522"
)

// gomokuPosition is a board and, for a record, the order its stones were
// played in (0 for a stone of a board diagram).
type gomokuPosition struct {
	board  *gomoku.Board
	order  [gomoku.NumPoints]int
	last   gomoku.Point
	record bool
}

// parseGomokuPosition reads a board diagram (rows joined by '/') or a
// record played from the empty board. Records may hold passes, swaps and
// fifth-move offers; colours alternate, and a point may not be played
// twice.
func parseGomokuPosition(s string) (gomokuPosition, error) {
	s = strings.TrimSpace(s)
	var gp gomokuPosition
	if strings.Contains(s, "/") {
		b, err := gomoku.ParseBoard(s)
		if err != nil {
			return gp, positionError(err)
		}
		gp.board = b
		return gp, nil
	}
	moves, err := gomoku.ParseRecord(s)
	if err != nil {
		return gp, positionError(err)
	}
	gp.board, gp.record = &gomoku.Board{}, true
	colour, stones := gomoku.Black, 0
	for i, m := range moves {
		switch m.Kind {
		case gomoku.Pass:
			colour = colour.Opponent()
			continue
		case gomoku.Swap:
			continue
		}
		if err := gp.board.Put(m.Point, colour); err != nil {
			var en, zh = err.Error(), err.Error()
			if ee, ok := err.(engineError); ok {
				en, zh = ee.Message("en"), ee.Message("zh-CN")
			}
			return gp, newError(ParamPosition, "invalid_record",
				fmt.Sprintf("position: move %d (%s): %s", i+1, m.Point, en),
				fmt.Sprintf("局面：第 %d 手（%s）：%s", i+1, m.Point, zh))
		}
		stones++
		gp.order[m.Point.Index()] = stones
		gp.last = m.Point
		colour = colour.Opponent()
	}
	return gp, nil
}

func gomokuPoint(param, s string) (gomoku.Point, error) {
	p, err := gomoku.ParsePoint(strings.TrimSpace(s))
	if err != nil {
		return gomoku.Point{}, badSquare(param, s, "point from a1 to o15", "a1 到 o15 之间的交叉点")
	}
	return p, nil
}

func renderGomoku(o Options) ([]byte, error) {
	gp, err := parseGomokuPosition(o.Position)
	if err != nil {
		return nil, err
	}
	var high []gomoku.Point
	for _, h := range o.Highlights {
		p, err := gomokuPoint(ParamHighlight, h)
		if err != nil {
			return nil, err
		}
		high = append(high, p)
	}
	var arrows [][2]gomoku.Point
	for _, a := range o.Arrows {
		f, t, ok := splitPair(a)
		if !ok {
			return nil, badArrow(a, "h8-l12")
		}
		from, err := gomokuPoint(ParamArrows, f)
		if err != nil {
			return nil, err
		}
		to, err := gomokuPoint(ParamArrows, t)
		if err != nil {
			return nil, err
		}
		arrows = append(arrows, [2]gomoku.Point{from, to})
	}
	last, hasLast := gp.last, gp.record && gp.board.Stones() > 0
	if o.LastMove != "" {
		if last, err = gomokuPoint(ParamLastMove, o.LastMove); err != nil {
			return nil, err
		}
		hasLast = true
	}

	size := 14*gomokuCell + 2*gomokuMargin
	c := newCanvas(size, size, title(o.Lang,
		fmt.Sprintf("五子棋棋图，%d 子", gp.board.Stones()),
		fmt.Sprintf("Gomoku diagram, %d stones", gp.board.Stones())))
	c.rect(0, 0, size, size, "fill", gomokuWood)
	at := func(p gomoku.Point) (float64, float64) {
		col, row := p.Col(), 14-p.Row()
		if o.Flip {
			col, row = 14-col, 14-row
		}
		return gomokuMargin + float64(col)*gomokuCell, gomokuMargin + float64(row)*gomokuCell
	}

	// Grid, a heavier border, star points and tengen.
	var grid strings.Builder
	end := gomokuMargin + 14*gomokuCell
	for i := range 15 {
		v := num(gomokuMargin + float64(i)*gomokuCell)
		fmt.Fprintf(&grid, "M%s %s H%s M%s %s V%s ", num(gomokuMargin), v, num(end), v, num(gomokuMargin), num(end))
	}
	c.path(strings.TrimSpace(grid.String()), "fill", "none", "stroke", gomokuLine, "stroke-width", "1")
	c.rect(gomokuMargin, gomokuMargin, 14*gomokuCell, 14*gomokuCell, "fill", "none", "stroke", gomokuLine, "stroke-width", "2")
	c.open("fill", gomokuLine)
	for _, p := range append(gomoku.Stars[:], gomoku.Tengen) {
		x, y := at(p)
		c.circle(x, y, 3.5)
	}
	c.close()

	// Labels: A-O under and over the board, 1-15 on both sides.
	c.open("fill", "#4a3818")
	for i := range 15 {
		col, row := i, 14-i
		if o.Flip {
			col, row = 14-i, i
		}
		v := gomokuMargin + float64(i)*gomokuCell
		letter := string(rune('A' + col))
		c.text(v, gomokuMargin/2-2, 13, letter)
		c.text(v, size-gomokuMargin/2+2, 13, letter)
		c.text(gomokuMargin/2-2, v, 13, strconv.Itoa(row+1))
		c.text(size-gomokuMargin/2+2, v, 13, strconv.Itoa(row+1))
	}
	c.close()

	for _, p := range high {
		x, y := at(p)
		h := gomokuCell/2 - 1
		c.rect(x-h, y-h, 2*h, 2*h, "fill", markHighlight, "fill-opacity", "0.35", "stroke", markHighlight, "stroke-width", "2")
	}

	for i := range gomoku.NumPoints {
		p := gomoku.PointAt(i)
		colour := gp.board.At(p)
		if colour == gomoku.Empty {
			continue
		}
		x, y := at(p)
		fill, edge, ink := "#1c1c1c", "#000000", "#ffffff"
		if colour == gomoku.White {
			fill, edge, ink = "#fafafa", "#333333", "#000000"
		}
		c.circle(x+1, y+1.5, 13.5, "fill", "#000000", "fill-opacity", "0.2")
		c.circle(x, y, 13.5, "fill", fill, "stroke", edge, "stroke-width", "1")
		isLast := hasLast && p == last
		if o.Numbers && gp.order[i] > 0 {
			n := strconv.Itoa(gp.order[i])
			fs := 14.0
			if len(n) > 2 {
				fs = 11
			}
			if isLast {
				ink = "#d02020"
			}
			c.text(x, y+0.5, fs, n, "fill", ink, "font-weight", "bold")
		} else if isLast {
			c.circle(x, y, 4.5, "fill", "#d02020")
		}
	}
	if hasLast && gp.board.At(last) == gomoku.Empty {
		x, y := at(last)
		c.circle(x, y, 6, "fill", "none", "stroke", "#d02020", "stroke-width", "2")
	}

	for _, a := range arrows {
		x1, y1 := at(a[0])
		x2, y2 := at(a[1])
		c.arrow(x1, y1, x2, y2, 5, markArrow)
	}
	return c.done(), nil
}
