// Package gomocup speaks the Gomocup (piskvork) protocol for the gomoku
// player, so that tournament managers and outside engines can play and
// measure it: `qixue engine gomocup` runs Run on stdin and stdout.
//
// Supported: START 15 (other sizes are refused), RESTART, BEGIN, TURN
// x,y, BOARD with x,y,field lines (1 own, 2 the opponent's, 3 a stone of
// a continuous game, taken as the opponent's) ended by DONE, TAKEBACK x,y,
// INFO timeout_turn / timeout_match / time_left (ms), max_memory, rule (1
// exactly five, 4 renju; 0 freestyle) and the player's own keys level
// (1-10), seed and nodes (a node budget per move), ABOUT and END.
// Coordinates are x (column, 0 at the left) and y (row, 0 at the top), as
// piskvork writes them. Bad input never ends the program: the command is
// answered with "ERROR ..." (a line past 64 KiB, a board of more than
// 225 lines, a point off the board or taken, a colour count that renju
// cannot have) and the session goes on.
//
//	err := gomocup.Run(ctx, os.Stdin, os.Stdout, gomocup.Options{Level: 10})
//
// The time a move may take (timeout_turn, and a share of time_left) is
// turned into a context deadline here, at the edge.
package gomocup

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	player "qixue/players/gomoku"
	rules "qixue/rules/gomoku"
)

// Bounds on the input.
const (
	maxLine       = 64 << 10
	maxBoardLines = rules.NumPoints
	// margin is kept back from the time a turn may take, for the
	// manager's and the pipe's delays.
	margin = 40 * time.Millisecond
)

// Options are the session's starting settings (INFO level, seed and
// nodes change them).
type Options struct {
	Level int // 1..10; 0: the top level
	Seed  uint64
	Nodes int64 // a node budget per move; 0: the level's own
}

type stone struct {
	p   rules.Point
	own bool
}

// session is one Gomocup conversation.
type session struct {
	out         *bufio.Writer
	opt         Options
	rs          rules.Ruleset
	started     bool
	stones      []stone
	timeoutTurn time.Duration // 0: none given
	timeLeft    time.Duration // 0: none given
	inBoard     bool
	boardLines  int
	boardBad    string
}

var errTooLong = errors.New("line too long")

// readLine reads one line of at most maxLine bytes (without the end of
// line); a longer one is read to its end, dropped and reported as
// errTooLong.
func readLine(r *bufio.Reader) (string, error) {
	var sb strings.Builder
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if sb.Len()+len(chunk) > maxLine+2 {
				long = true
				sb.Reset()
			} else {
				sb.Write(chunk)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && (sb.Len() == 0 || long):
			if long {
				return "", errTooLong
			}
			return "", err
		}
		if long {
			return "", errTooLong
		}
		return strings.TrimRight(sb.String(), "\r\n"), nil
	}
}

// Run reads Gomocup commands from in until END or the end of input and
// writes the answers to out. It returns an error only when out fails or
// ctx ends.
func Run(ctx context.Context, in io.Reader, out io.Writer, opt Options) error {
	if opt.Level < 1 || opt.Level > player.NumLevels {
		opt.Level = player.NumLevels
	}
	s := &session{out: bufio.NewWriter(out), opt: opt, rs: rules.Freestyle}
	r := bufio.NewReaderSize(in, 4096)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, err := readLine(r)
		switch {
		case errors.Is(err, errTooLong):
			s.say("ERROR line longer than %d bytes", maxLine)
		case err != nil:
			return s.out.Flush()
		default:
			if !s.command(ctx, line) {
				return s.out.Flush()
			}
		}
		if err := s.out.Flush(); err != nil {
			return err
		}
	}
}

func (s *session) say(format string, args ...any) {
	fmt.Fprintf(s.out, format+"\n", args...)
}

// command handles one line; it returns false on END.
func (s *session) command(ctx context.Context, line string) bool {
	line = strings.TrimSpace(line)
	if s.inBoard {
		s.boardLine(ctx, line)
		return true
	}
	if line == "" {
		return true
	}
	cmd, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToUpper(cmd) {
	case "START":
		n, err := strconv.Atoi(rest)
		switch {
		case err != nil:
			s.say("ERROR START needs the board size, like START 15")
		case n != rules.Size:
			s.say("ERROR only 15x15 boards are supported, not %d", n)
		default:
			s.started, s.stones = true, nil
			s.say("OK")
		}
	case "RESTART":
		s.stones = nil
		s.say("OK")
	case "BEGIN":
		if !s.ready() {
			return true
		}
		s.stones = nil
		s.move(ctx)
	case "TURN":
		if !s.ready() {
			return true
		}
		p, err := point(rest)
		if err == nil {
			err = s.put(p, false)
		}
		if err != nil {
			s.say("ERROR %v", err)
			return true
		}
		s.move(ctx)
	case "BOARD":
		if !s.ready() {
			return true
		}
		s.stones, s.inBoard, s.boardLines, s.boardBad = nil, true, 0, ""
	case "TAKEBACK":
		p, err := point(rest)
		if err == nil {
			err = s.takeback(p)
		}
		if err != nil {
			s.say("ERROR %v", err)
			return true
		}
		s.say("OK")
	case "INFO":
		s.info(rest)
	case "ABOUT":
		s.say(`name="Qixue", version="1.0", author="Qixue project", country="CN"`)
	case "END":
		return false
	default:
		s.say("UNKNOWN command %q", cmd)
	}
	return true
}

func (s *session) ready() bool {
	if !s.started {
		s.say("ERROR send START 15 first")
	}
	return s.started
}

// boardLine reads one line of a BOARD block.
func (s *session) boardLine(ctx context.Context, line string) {
	if strings.EqualFold(line, "DONE") {
		s.inBoard = false
		if s.boardBad != "" {
			s.say("ERROR %s", s.boardBad)
			s.stones = nil
			return
		}
		s.move(ctx)
		return
	}
	s.boardLines++
	if s.boardBad != "" {
		return
	}
	if s.boardLines > maxBoardLines {
		s.boardBad = fmt.Sprintf("a board has at most %d stones", maxBoardLines)
		return
	}
	f := strings.Split(line, ",")
	if len(f) != 3 {
		s.boardBad = fmt.Sprintf("board line %q: want x,y,field", line)
		return
	}
	p, err := point(f[0] + "," + f[1])
	field, ferr := strconv.Atoi(strings.TrimSpace(f[2]))
	if err == nil && (ferr != nil || field < 1 || field > 3) {
		err = fmt.Errorf("board line %q: the field is 1 (own), 2 (opponent) or 3", line)
	}
	if err == nil {
		err = s.put(p, field == 1)
	}
	if err != nil {
		s.boardBad = err.Error()
	}
}

// point reads "x,y" (x the column, y the row from the top).
func point(s string) (rules.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return rules.Point{}, fmt.Errorf("%q is not a point: write x,y", s)
	}
	if x < 0 || x >= rules.Size || y < 0 || y >= rules.Size {
		return rules.Point{}, fmt.Errorf("%d,%d is off the 15x15 board", x, y)
	}
	return rules.NewPoint(x, rules.Size-1-y)
}

func coords(p rules.Point) string { return fmt.Sprintf("%d,%d", p.Col(), rules.Size-1-p.Row()) }

func (s *session) put(p rules.Point, own bool) error {
	for _, st := range s.stones {
		if st.p == p {
			return fmt.Errorf("%s already has a stone", coords(p))
		}
	}
	s.stones = append(s.stones, stone{p, own})
	return nil
}

func (s *session) takeback(p rules.Point) error {
	for i, st := range s.stones {
		if st.p == p {
			s.stones = append(s.stones[:i], s.stones[i+1:]...)
			return nil
		}
	}
	return fmt.Errorf("%s has no stone to take back", coords(p))
}

// info handles INFO key value; the protocol has no answer to it, so a
// bad value is only reported as a MESSAGE.
func (s *session) info(rest string) {
	key, val, _ := strings.Cut(rest, " ")
	val = strings.TrimSpace(val)
	n, err := strconv.ParseInt(val, 10, 64)
	bad := func() { s.say("MESSAGE INFO %s %q ignored", key, val) }
	switch strings.ToLower(key) {
	case "timeout_turn":
		if err != nil || n < 0 {
			bad()
			return
		}
		s.timeoutTurn = time.Duration(min(n, 1<<31)) * time.Millisecond
	case "time_left":
		if err != nil {
			bad()
			return
		}
		s.timeLeft = time.Duration(max(1, min(n, 1<<31))) * time.Millisecond
	case "rule":
		if err != nil || n < 0 {
			bad()
			return
		}
		switch {
		case n&4 != 0:
			s.rs = rules.Renju
		case n&1 != 0:
			s.rs = rules.Standard
		default:
			s.rs = rules.Freestyle
		}
	case "level":
		if err != nil || n < 1 || n > player.NumLevels {
			bad()
			return
		}
		s.opt.Level = int(n)
	case "seed":
		u, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			bad()
			return
		}
		s.opt.Seed = u
	case "nodes":
		if err != nil || n < 0 {
			bad()
			return
		}
		s.opt.Nodes = n
	case "timeout_match", "max_memory", "game_type", "evaluate", "folder":
		// known, nothing to do
	}
}

// move chooses and plays the engine's stone and answers with it.
func (s *session) move(ctx context.Context) {
	var own, opp int
	board := &rules.Board{}
	for _, st := range s.stones {
		if st.own {
			own++
		} else {
			opp++
		}
	}
	me := rules.Black
	switch {
	case own == opp:
	case opp == own+1:
		me = rules.White
	case s.rs == rules.Renju:
		s.say("ERROR %d own stones and %d of the opponent's: not a renju position with us to move", own, opp)
		return
	case own > opp:
		me = rules.White
	}
	for _, st := range s.stones {
		c := me
		if !st.own {
			c = me.Opponent()
		}
		_ = board.Put(st.p, c)
	}
	budget := 5 * time.Second
	if s.timeoutTurn > 0 {
		budget = s.timeoutTurn
	}
	if s.timeLeft > 0 {
		budget = min(budget, s.timeLeft/8)
	}
	budget = max(budget-margin, 5*time.Millisecond)
	tctx, cancel := context.WithTimeout(ctx, budget)
	p, ok := player.ChooseOnBoard(tctx, board, s.rs, me, s.opt.Level, s.opt.Seed, s.opt.Nodes)
	cancel()
	if !ok {
		s.say("ERROR no point left to play")
		return
	}
	s.stones = append(s.stones, stone{p, true})
	s.say("%s", coords(p))
}
