package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// engine is a UCI engine run as a child process.
type engine struct {
	name string
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	log  io.Writer // nil: no protocol log
}

// startEngine runs argv and waits for uciok, then sets the options.
func startEngine(name string, argv []string, options map[string]string) (*engine, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	e := &engine{name: name, cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.out.Buffer(make([]byte, 1<<16), 1<<20)
	e.send("uci")
	if _, err := e.waitFor("uciok", 10*time.Second); err != nil {
		e.close()
		return nil, err
	}
	for k, v := range options {
		e.send("setoption name " + k + " value " + v)
	}
	e.send("isready")
	if _, err := e.waitFor("readyok", 10*time.Second); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func (e *engine) send(s string) {
	if e.log != nil {
		fmt.Fprintf(e.log, "%s < %s\n", e.name, s)
	}
	fmt.Fprintln(e.in, s)
}

// waitFor reads lines until one starts with prefix; it returns that line.
func (e *engine) waitFor(prefix string, limit time.Duration) (string, error) {
	type line struct {
		s  string
		ok bool
	}
	ch := make(chan line, 1)
	go func() {
		for e.out.Scan() {
			s := e.out.Text()
			if e.log != nil {
				fmt.Fprintf(e.log, "%s > %s\n", e.name, s)
			}
			if strings.HasPrefix(s, prefix) {
				ch <- line{s, true}
				return
			}
		}
		ch <- line{"", false}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	select {
	case l := <-ch:
		if !l.ok {
			return "", fmt.Errorf("%s: output ended before %q", e.name, prefix)
		}
		return l.s, nil
	case <-ctx.Done():
		return "", fmt.Errorf("%s: no %q within %s", e.name, prefix, limit)
	}
}

// bestMove sends the position and a go command and returns the move.
func (e *engine) bestMove(startFEN string, moves []string, goCmd string, limit time.Duration) (string, error) {
	pos := "position startpos"
	if startFEN != "" {
		pos = "position fen " + startFEN
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	e.send(pos)
	e.send(goCmd)
	l, err := e.waitFor("bestmove", limit)
	if err != nil {
		return "", err
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		return "", fmt.Errorf("%s: %q has no move", e.name, l)
	}
	return f[1], nil
}

func (e *engine) newGame() {
	e.send("ucinewgame")
	e.send("isready")
	e.waitFor("readyok", 10*time.Second)
}

func (e *engine) close() {
	e.send("quit")
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
