package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	player "qixue/players/gomoku"
	rules "qixue/rules/gomoku"
)

// gomokuStarts are the 26 designated renju openings (Black h8, White 2,
// Black 3), one position each, the starts of gomoku matches under every
// ruleset (game i starts from opening i/2, so each opening is played
// with both colours).
func gomokuStarts() [][]rules.Move {
	var out [][]rules.Move
	seen := map[string]bool{}
	g0, _ := rules.NewGame(rules.Renju).Play(rules.Move{Point: rules.Tengen})
	for _, w2 := range []string{"h9", "i9"} {
		p2, _ := rules.ParsePoint(w2)
		g2, _ := g0.Play(rules.Move{Point: p2})
		for _, p3 := range g2.LegalPoints() {
			g3, err := g2.Play(rules.Move{Point: p3})
			if err != nil {
				continue
			}
			o, _ := g3.Opening()
			if seen[o.Name] {
				continue
			}
			seen[o.Name] = true
			out = append(out, []rules.Move{{Point: rules.Tengen}, {Point: p2}, {Point: p3}})
		}
	}
	return out
}

// gomokuPlayer chooses a move in a game.
type gomokuPlayer interface {
	move(ctx context.Context, g *rules.Game) (rules.Move, error)
	close()
}

type ownGomoku struct{ side player.Side }

func (p ownGomoku) move(ctx context.Context, g *rules.Game) (rules.Move, error) {
	return player.Decide(ctx, g, p.side), nil
}
func (ownGomoku) close() {}

// extGomoku is an outside engine over the Gomocup protocol, a process
// per game; every move sends the whole board (BOARD ... DONE).
type extGomoku struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	turn time.Duration
}

func startExt(path string, rs rules.Ruleset, turn time.Duration) (*extGomoku, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &extGomoku{cmd: cmd, in: in, out: bufio.NewReader(out), turn: turn}
	rule := map[rules.Ruleset]int{rules.Freestyle: 0, rules.Standard: 1, rules.Renju: 4}[rs]
	fmt.Fprintf(in, "START 15\n")
	if _, err := e.answer(); err != nil {
		e.close()
		return nil, err
	}
	fmt.Fprintf(in, "INFO rule %d\nINFO timeout_turn %d\nINFO timeout_match 100000000\nINFO time_left 100000000\nINFO max_memory 268435456\n", rule, turn.Milliseconds())
	return e, nil
}

// answer reads the next line that is not a MESSAGE or DEBUG line.
func (e *extGomoku) answer() (string, error) {
	for {
		line, err := e.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("outside engine: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "MESSAGE") || strings.HasPrefix(line, "DEBUG") || strings.HasPrefix(line, "INFO") {
			continue
		}
		return line, nil
	}
}

func (e *extGomoku) move(ctx context.Context, g *rules.Game) (rules.Move, error) {
	me := g.ToMove()
	var sb strings.Builder
	sb.WriteString("BOARD\n")
	b := g.Board()
	for _, m := range g.Record() {
		if m.Kind != rules.Place {
			continue
		}
		field := 2
		if b.At(m.Point) == me {
			field = 1
		}
		fmt.Fprintf(&sb, "%d,%d,%d\n", m.Point.Col(), rules.Size-1-m.Point.Row(), field)
	}
	sb.WriteString("DONE\n")
	if _, err := io.WriteString(e.in, sb.String()); err != nil {
		return rules.Move{}, err
	}
	line, err := e.answer()
	if err != nil {
		return rules.Move{}, err
	}
	xs, ys, ok := strings.Cut(line, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if !ok || errX != nil || errY != nil {
		return rules.Move{}, fmt.Errorf("outside engine answered %q", line)
	}
	p, err := rules.NewPoint(x, rules.Size-1-y)
	if err != nil {
		return rules.Move{}, err
	}
	return rules.Move{Kind: rules.Place, Point: p}, nil
}

func (e *extGomoku) close() {
	io.WriteString(e.in, "END\n")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

// gomokuRunner plays gomoku games under ruleset. A player is a level, or
// ext:PATH for an outside engine over the Gomocup protocol given movetime
// per move; a level plays within nodes positions (0: its own budget) and,
// when movetime is set, that time.
func gomokuRunner(ruleset string, nodes int64, movetime time.Duration) (runner, int, error) {
	rs, err := rules.ParseRuleset(ruleset)
	if err != nil {
		return nil, 0, err
	}
	starts := gomokuStarts()
	mk := func(who string, seed uint64) (gomokuPlayer, error) {
		if path, ok := strings.CutPrefix(who, "ext:"); ok {
			return startExt(path, rs, max(movetime, 100*time.Millisecond))
		}
		n, err := strconv.Atoi(who)
		if err != nil || n < 1 || n > player.NumLevels {
			return nil, fmt.Errorf("player %q: a level 1-%d or ext:PATH", who, player.NumLevels)
		}
		return ownGomoku{player.Side{Level: n, Seed: seed, Nodes: nodes}}, nil
	}
	run := func(ctx context.Context, a, b string, i int) (result, error) {
		pa, err := mk(a, uint64(i)*2+1)
		if err != nil {
			return result{}, err
		}
		defer pa.close()
		pb, err := mk(b, uint64(i)*2+2)
		if err != nil {
			return result{}, err
		}
		defer pb.close()
		g, err := rules.NewFreeGame(rs).PlayAll(starts[(i/2)%len(starts)])
		if err != nil {
			return result{}, err
		}
		aColour := rules.Black
		if i%2 == 1 {
			aColour = rules.White
		}
		r := result{ends: map[string]int{}}
		for {
			if res, _ := g.Result(); res != rules.Ongoing {
				break
			}
			p := pa
			if g.ToMove() != aColour {
				p = pb
			}
			mctx, cancel := ctx, context.CancelFunc(func() {})
			if movetime > 0 {
				mctx, cancel = context.WithTimeout(ctx, movetime)
			}
			start := time.Now()
			m, err := p.move(mctx, g)
			cancel()
			d := time.Since(start)
			if err != nil {
				return result{}, err
			}
			if g.ToMove() == aColour {
				r.timeA += d
				r.movesA++
			} else {
				r.timeB += d
				r.movesB++
			}
			next, err := g.Play(m)
			if err != nil {
				// an outside engine's illegal move (a forbidden point) loses
				r.ends["illegal "+err.Error()[:min(20, len(err.Error()))]]++
				if p == pa {
					r.loss = 1
				} else {
					r.win = 1
				}
				r.plies = len(g.Record())
				return r, nil
			}
			g = next
		}
		res, _ := g.Result()
		r.plies = len(g.Record())
		r.ends[g.Rule()]++
		switch {
		case res == rules.Draw:
			r.draw = 1
		case (res == rules.BlackWins) == (aColour == rules.Black):
			r.win = 1
		default:
			r.loss = 1
		}
		return r, nil
	}
	return run, player.NumLevels, nil
}
