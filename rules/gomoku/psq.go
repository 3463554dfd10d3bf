package gomoku

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// PSQGame is one game of a Piskvork / Gomocup PSQ file. A PSQ file holds
// one game: a header line "Piskvorky 15x15, 11:11, 0" (the board size
// first), one line "x,y,time" per stone (column and row from 1, counted
// from the top left corner, and the milliseconds the move took), then
// free lines: the two programs' names, a "-1" marker and result lines,
// which are kept as they are.
type PSQGame struct {
	// Header is the first line as read ("Piskvorky 15x15, 11:11, 0").
	Header string
	// Moves are the stones in order, Black first, mapped onto our board:
	// PSQ column x is our column x, PSQ row y (from the top) is our row
	// 16-y (rows count from Black's side at the bottom).
	Moves []Move
	// Times are the recorded milliseconds of each move.
	Times []int
	// Trailer are the lines after the moves, unchanged.
	Trailer []string
}

var (
	psqHeader = regexp.MustCompile(`^Piskvorky\s+([0-9]+)\s*x\s*([0-9]+)`)
	psqMove   = regexp.MustCompile(`^(-?[0-9]+),(-?[0-9]+),(-?[0-9]+)$`)
)

func psqErr(line int, en, zh string) *Error {
	return errf("bad_psq", fmt.Sprintf("line %d: %s", line, en), fmt.Sprintf("第%d行：%s", line, zh))
}

// ParsePSQ reads a PSQ file. It refuses, with an *Error of code "bad_psq"
// naming the line, a missing header, a board other than 15x15 (the only
// board Qixue plays on), a point off the board and a point played twice.
// It checks no game rule: replay Moves with NewGameFromRecord (Gomocup
// games are mostly freestyle).
func ParsePSQ(text string) (PSQGame, error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var g PSQGame
	g.Header = strings.TrimSpace(lines[0])
	m := psqHeader.FindStringSubmatch(g.Header)
	if m == nil {
		return PSQGame{}, psqErr(1, "a PSQ file starts with a line like \"Piskvorky 15x15, 11:11, 0\"",
			"PSQ文件的第一行应该像“Piskvorky 15x15, 11:11, 0”")
	}
	if m[1] != "15" || m[2] != "15" {
		return PSQGame{}, psqErr(1, fmt.Sprintf("the game is on a %sx%s board; only 15x15 games can be read", m[1], m[2]),
			fmt.Sprintf("这盘棋下在%s×%s的棋盘上，只能读取15×15的棋谱", m[1], m[2]))
	}
	var b Board
	i := 1
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		mv := psqMove.FindStringSubmatch(l)
		if mv == nil {
			break
		}
		x, _ := strconv.Atoi(mv[1])
		y, _ := strconv.Atoi(mv[2])
		ms, _ := strconv.Atoi(mv[3])
		p, err := NewPoint(x-1, Size-y)
		if err != nil {
			return PSQGame{}, psqErr(i+1, fmt.Sprintf("the point %d,%d is off the 15x15 board", x, y),
				fmt.Sprintf("点%d,%d不在15×15的棋盘上", x, y))
		}
		if b.cells[p.i] != Empty {
			return PSQGame{}, psqErr(i+1, fmt.Sprintf("the point %d,%d (%s) already has a stone", x, y, p),
				fmt.Sprintf("点%d,%d（%s）上已经有子", x, y, p))
		}
		b.set(int(p.i), Black)
		g.Moves = append(g.Moves, Move{Kind: Place, Point: p})
		g.Times = append(g.Times, ms)
	}
	for ; i < len(lines); i++ {
		g.Trailer = append(g.Trailer, strings.TrimRight(lines[i], "\r"))
	}
	for len(g.Trailer) > 0 && strings.TrimSpace(g.Trailer[len(g.Trailer)-1]) == "" {
		g.Trailer = g.Trailer[:len(g.Trailer)-1]
	}
	return g, nil
}

// WritePSQ writes g as a PSQ file that ParsePSQ reads back to the same
// game. A missing header becomes "Piskvorky 15x15, 11:11, 0"; moves other
// than stones (pass, swap, offers) cannot be written and give an *Error
// with code "bad_psq"; a missing time is 0.
func WritePSQ(g PSQGame) (string, error) {
	var sb strings.Builder
	h := g.Header
	if h == "" {
		h = "Piskvorky 15x15, 11:11, 0"
	}
	sb.WriteString(h + "\n")
	for n, m := range g.Moves {
		if m.Kind != Place {
			return "", errf("bad_psq", fmt.Sprintf("move %d (%s) cannot be written in a PSQ file: only stones can", n+1, m),
				fmt.Sprintf("第%d手（%s）不能写进PSQ文件：PSQ只记录落子", n+1, m))
		}
		t := 0
		if n < len(g.Times) {
			t = g.Times[n]
		}
		fmt.Fprintf(&sb, "%d,%d,%d\n", m.Point.Col()+1, Size-m.Point.Row(), t)
	}
	for _, l := range g.Trailer {
		sb.WriteString(l + "\n")
	}
	return sb.String(), nil
}
