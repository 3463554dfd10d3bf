// Package uci speaks the Universal Chess Interface for the chess player,
// so that chess GUIs and match runners (cutechess, bench/chessmatch) can
// use and measure it: `qixue engine uci` runs Run on stdin and stdout.
//
// Supported: uci, isready, setoption (Level 1-10, Hash in MiB, Seed),
// ucinewgame, position startpos|fen ... [moves ...], go with movetime,
// wtime/btime/winc/binc/movestogo, depth, nodes, infinite; stop, quit.
// Bad input never ends the program: the line is answered with
// "info string error: ..." and ignored (a go without a valid position
// answers "bestmove 0000"). Lines longer than 64 KiB, or positions of more
// than 2,000 moves, are refused.
//
//	err := uci.Run(ctx, os.Stdin, os.Stdout)
//
// The time a move may take is turned into a context deadline here, at the
// edge; the player itself only sees contexts.
package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	player "qixue/players/chess"
	rc "qixue/rules/chess"
)

// Bounds on the input.
const (
	maxLine  = 64 << 10
	maxMoves = 2000
)

// session is one UCI conversation.
type session struct {
	out     io.Writer
	outMu   sync.Mutex
	level   int
	seed    uint64
	hashMiB int
	eng     *player.Engine
	start   rc.Position
	moves   []rc.Move
	valid   bool

	cancel   context.CancelFunc // of the running search, nil when idle
	done     chan struct{}
	infinite bool // the running search waits for stop
}

// Run reads UCI commands from in until "quit" or the end of input and
// writes the answers to out. It returns an error only when out fails or
// ctx ends.
func Run(ctx context.Context, in io.Reader, out io.Writer) error {
	s := &session{out: out, level: player.Levels, hashMiB: 16, start: rc.StartPosition(), valid: true}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), maxLine)
	lines := make(chan string)
	scanErr := make(chan error, 1)
	go func() {
		defer close(lines)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		scanErr <- sc.Err()
	}()
	defer s.stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				select {
				case err := <-scanErr:
					if err != nil {
						s.say("info string error: %v", err)
					}
				default:
				}
				s.wait()
				return nil
			}
			if !s.command(ctx, line) {
				return nil
			}
		}
	}
}

func (s *session) say(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

// command handles one line; it returns false on quit.
func (s *session) command(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "uci":
		s.say("id name Qixue %d", player.Levels)
		s.say("id author the Qixue project")
		s.say("option name Level type spin default %d min 1 max %d", player.Levels, player.Levels)
		s.say("option name Hash type spin default 16 min 1 max 256")
		s.say("option name Seed type spin default 0 min 0 max 2147483647")
		s.say("uciok")
	case "isready":
		s.say("readyok")
	case "setoption":
		s.stop() // options change between searches only
		s.setOption(f[1:])
	case "ucinewgame":
		s.stop()
		if s.eng != nil {
			s.eng.NewGame()
		}
	case "position":
		s.stop()
		s.position(f[1:])
	case "go":
		s.stop()
		s.goSearch(ctx, f[1:])
	case "stop":
		s.stop()
	case "quit":
		s.stop()
		return false
	case "debug", "register", "ponderhit":
		// Accepted and ignored.
	default:
		s.say("info string error: unknown command %q", clip(f[0]))
	}
	return true
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// setOption reads "name <id> value <x>".
func (s *session) setOption(f []string) {
	name, value, ok := optionArgs(f)
	if !ok {
		s.say("info string error: setoption needs: name <id> value <x>")
		return
	}
	n, err := strconv.Atoi(value)
	switch strings.ToLower(name) {
	case "level":
		if err != nil || n < 1 || n > player.Levels {
			s.say("info string error: Level must be 1-%d, not %q", player.Levels, clip(value))
			return
		}
		s.level = n
		if s.eng != nil {
			s.eng.SetLevel(n)
		}
	case "hash":
		if err != nil || n < 1 || n > 256 {
			s.say("info string error: Hash must be 1-256 MiB, not %q", clip(value))
			return
		}
		s.hashMiB, s.eng = n, nil
	case "seed":
		if err != nil || n < 0 {
			s.say("info string error: Seed must be a number from 0, not %q", clip(value))
			return
		}
		s.seed, s.eng = uint64(n), nil
	default:
		s.say("info string error: unknown option %q", clip(name))
	}
}

func optionArgs(f []string) (name, value string, ok bool) {
	if len(f) < 2 || f[0] != "name" {
		return "", "", false
	}
	i := 1
	for i < len(f) && f[i] != "value" {
		i++
	}
	name = strings.Join(f[1:i], " ")
	if i+1 >= len(f) {
		return name, "", false
	}
	return name, strings.Join(f[i+1:], " "), name != ""
}

// position reads "startpos|fen <fen> [moves ...]".
func (s *session) position(f []string) {
	s.valid = false
	if len(f) == 0 {
		s.say("info string error: position needs startpos or fen")
		return
	}
	var start rc.Position
	rest := f[1:]
	switch f[0] {
	case "startpos":
		start = rc.StartPosition()
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		p, err := rc.ParseFEN(strings.Join(rest[:i], " "))
		if err != nil {
			s.say("info string error: bad FEN: %v", err)
			return
		}
		start, rest = p, rest[i:]
	default:
		s.say("info string error: position needs startpos or fen, not %q", clip(f[0]))
		return
	}
	var moves []rc.Move
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.say("info string error: expected moves, not %q", clip(rest[0]))
			return
		}
		rest = rest[1:]
		if len(rest) > maxMoves {
			s.say("info string error: more than %d moves", maxMoves)
			return
		}
		p := start
		for i, t := range rest {
			m, err := p.ParseMove(t)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				s.say("info string error: move %d %q: %v", i+1, clip(t), err)
				return
			}
			moves = append(moves, m)
		}
	}
	s.start, s.moves, s.valid = start, moves, true
}

// goParams are the arguments of go.
type goParams struct {
	movetime, wtime, btime, winc, binc, movestogo int64
	depth                                         int
	nodes                                         int64
	infinite                                      bool
}

func parseGo(f []string) (goParams, error) {
	var g goParams
	for i := 0; i < len(f); i++ {
		key := f[i]
		switch key {
		case "infinite":
			g.infinite = true
			continue
		case "ponder":
			continue
		case "searchmoves":
			return g, fmt.Errorf("searchmoves is not supported")
		}
		if i+1 >= len(f) {
			return g, fmt.Errorf("go %s needs a number", clip(key))
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 && key != "wtime" && key != "btime" {
			return g, fmt.Errorf("go %s: %q is not a number", clip(key), clip(f[i+1]))
		}
		i++
		switch key {
		case "movetime":
			g.movetime = n
		case "wtime":
			g.wtime = max(n, 1)
		case "btime":
			g.btime = max(n, 1)
		case "winc":
			g.winc = n
		case "binc":
			g.binc = n
		case "movestogo":
			g.movestogo = n
		case "depth":
			g.depth = int(min(n, 1000))
		case "nodes":
			g.nodes = n
		case "mate":
			g.depth = int(min(2*n+1, 1000))
		default:
			return g, fmt.Errorf("unknown go argument %q", clip(key))
		}
	}
	return g, nil
}

// budget turns the go arguments into a hard and a soft time for the side
// to move (0: none): a fixed movetime is used to the end less a margin;
// with a clock, a share of the time left plus most of the increment, and
// no new iteration after half of it.
func (g goParams) budget(side rc.Color) (hard, soft time.Duration) {
	const margin = 15 * time.Millisecond
	if g.infinite {
		return 0, 0
	}
	if g.movetime > 0 {
		h := max(time.Duration(g.movetime)*time.Millisecond-margin, time.Millisecond)
		return h, h * 6 / 10
	}
	left, inc := g.wtime, g.winc
	if side == rc.Black {
		left, inc = g.btime, g.binc
	}
	if left == 0 {
		return 0, 0
	}
	togo := g.movestogo
	if togo <= 0 || togo > 40 {
		togo = 30
	}
	share := time.Duration(left/togo+inc*3/4) * time.Millisecond
	limit := time.Duration(left)*time.Millisecond/3 - margin
	share = max(min(share, limit), time.Millisecond)
	return share, share / 2
}

// goSearch starts a search in the background; its bestmove is printed
// when it ends (by itself or on stop).
func (s *session) goSearch(ctx context.Context, f []string) {
	g, err := parseGo(f)
	if err != nil {
		s.say("info string error: %v", err)
		s.say("bestmove 0000")
		return
	}
	if !s.valid {
		s.say("info string error: no valid position")
		s.say("bestmove 0000")
		return
	}
	if s.eng == nil {
		log2 := 16
		for (1<<log2)*16 < s.hashMiB<<20 && log2 < 24 {
			log2++
		}
		e, err := player.New(s.level, s.seed, log2)
		if err != nil {
			s.say("info string error: %v", err)
			s.say("bestmove 0000")
			return
		}
		s.eng = e
	}
	pos := s.start
	for _, m := range s.moves {
		pos, _ = pos.Play(m)
	}
	hard, soft := g.budget(pos.Turn())
	sctx, cancel := context.WithCancel(ctx)
	softCtx := context.Background()
	var cancelSoft context.CancelFunc = func() {}
	if hard > 0 {
		sctx, cancel = context.WithTimeout(ctx, hard)
		softCtx, cancelSoft = context.WithTimeout(ctx, soft)
	}
	s.cancel = func() { cancel(); cancelSoft() }
	s.done = make(chan struct{})
	s.infinite = g.infinite
	eng, start, moves := s.eng, s.start, append([]rc.Move(nil), s.moves...)
	lim := player.Limits{Depth: g.depth, Nodes: g.nodes, Soft: softCtx}
	go func() {
		defer close(s.done)
		defer cancel()
		defer cancelSoft()
		r, err := eng.Search(sctx, start, moves, lim, func(in player.Info) {
			s.say("info %s", infoLine(in))
		})
		if g.infinite {
			<-sctx.Done() // UCI: with infinite, bestmove waits for stop
		}
		if err != nil {
			s.say("info string %v", err)
			s.say("bestmove 0000")
			return
		}
		s.say("bestmove %s", r.Move)
	}()
}

func infoLine(in player.Info) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "depth %d ", in.Depth)
	if in.Mate != 0 {
		fmt.Fprintf(&sb, "score mate %d ", in.Mate)
	} else {
		fmt.Fprintf(&sb, "score cp %d ", in.Score)
	}
	fmt.Fprintf(&sb, "nodes %d pv", in.Nodes)
	for _, m := range in.PV {
		sb.WriteString(" " + m.String())
	}
	return sb.String()
}

// stop ends a running search and waits for its bestmove.
func (s *session) stop() {
	if s.cancel != nil {
		s.cancel()
		<-s.done
		s.cancel, s.done = nil, nil
	}
}

// wait lets a running search finish (end of input without quit), then
// returns; an infinite search is stopped.
func (s *session) wait() {
	if s.infinite {
		s.stop()
	}
	if s.done != nil {
		<-s.done
		s.cancel()
		s.cancel, s.done = nil, nil
	}
}
