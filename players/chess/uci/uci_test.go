package uci

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	rc "qixue/rules/chess"
)

// syncBuffer is an output the search goroutine and the test share.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

func talk(t *testing.T, script string) string {
	t.Helper()
	var out syncBuffer
	if err := Run(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func bestmoves(out string) []string {
	var ms []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "bestmove" {
			ms = append(ms, f[1])
		}
	}
	return ms
}

func TestSession(t *testing.T) {
	out := talk(t, "uci\nisready\nsetoption name Level value 3\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\nisready\nposition fen 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1\ngo nodes 5000\nquit\n")
	for _, want := range []string{"id name Qixue", "option name Level type spin", "uciok", "readyok"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	ms := bestmoves(out)
	if len(ms) != 2 {
		t.Fatalf("bestmoves %v in\n%s", ms, out)
	}
	p := rc.StartPosition()
	for _, s := range []string{"e2e4", "e7e5", ms[0]} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		p, _ = p.Play(m)
	}
	if ms[1] != "g1g7" {
		t.Errorf("bestmove %s, want the mate g1g7", ms[1])
	}
}

func TestMovetimeAndStop(t *testing.T) {
	pr, pw := io.Pipe()
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), pr, &out) }()
	io.WriteString(pw, "position startpos moves d2d4 g8f6 c2c4 e7e6 b1c3 f8b4 a2a3\ngo movetime 200\n")
	time.Sleep(600 * time.Millisecond)
	if n := len(bestmoves(out.String())); n != 1 {
		t.Errorf("after movetime 200: %d bestmoves", n)
	}
	io.WriteString(pw, "go infinite\n")
	time.Sleep(100 * time.Millisecond)
	if n := len(bestmoves(out.String())); n != 1 {
		t.Errorf("go infinite answered before stop")
	}
	start := time.Now()
	io.WriteString(pw, "stop\n")
	io.WriteString(pw, "isready\n")
	for len(bestmoves(out.String())) < 2 && time.Since(start) < 2*time.Second {
		time.Sleep(5 * time.Millisecond)
	}
	if n := len(bestmoves(out.String())); n != 2 {
		t.Errorf("stop: %d bestmoves after %s", n, time.Since(start))
	}
	io.WriteString(pw, "quit\n")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	pw.Close()
}

// TestBadInput: every bad line is answered with an error and ignored.
func TestBadInput(t *testing.T) {
	lines := []string{
		"position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",
		"position startpos moves e2e5",
		"position startpos junk",
		"position",
		"position sideways",
		"setoption name Level value 11",
		"setoption name Level value -3",
		"setoption name Hash value 100000",
		"setoption name Nope value 1",
		"setoption Level 3",
		"go depth x",
		"go wtime",
		"go searchmoves e2e4",
		"go frobnicate 3",
		"xyzzy",
		strings.Repeat("z", 100),
	}
	for _, l := range lines {
		out := talk(t, l+"\n")
		if !strings.Contains(out, "info string error") {
			t.Errorf("%.60q: no error in %q", l, out)
		}
	}
	// A go after a bad position answers 0000; a later good one a move.
	out := talk(t, "position startpos moves e2e5\ngo depth 2\nposition startpos\ngo depth 2\n")
	if ms := bestmoves(out); len(ms) != 2 || ms[0] != "0000" || ms[1] == "0000" {
		t.Errorf("bestmoves %v", ms)
	}
	// A line past the bound ends the session with an error line, no hang.
	out = talk(t, "position startpos moves "+strings.Repeat("e2e4 ", 20000)+"\n")
	if !strings.Contains(out, "info string error") {
		t.Errorf("long line: %q", out)
	}
	// Too many moves.
	out = talk(t, "position startpos moves "+strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", 501)+"\n")
	if !strings.Contains(out, "more than") {
		t.Errorf("too many moves: %q", out)
	}
}

// FuzzCommands: no input makes the session panic or hang.
func FuzzCommands(f *testing.F) {
	f.Add("position startpos moves e2e4\ngo depth 2\n")
	f.Add("setoption name Level value 1\nposition fen 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1\ngo nodes 300\n")
	f.Add("go wtime 100 btime 100 winc 0 binc 0 movestogo 0\n")
	f.Add("go movetime -5\nstop\n")
	f.Fuzz(func(t *testing.T, script string) {
		var lines []string
		for _, l := range strings.Split(script, "\n") {
			// Bound the work of one case: small searches only.
			if strings.HasPrefix(strings.TrimSpace(l), "go") {
				l = "go depth 2 nodes 2000"
			}
			lines = append(lines, l)
		}
		var out syncBuffer
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := Run(ctx, strings.NewReader(strings.Join(lines, "\n")), &out); err != nil {
			t.Fatalf("%v after %q", err, out.String())
		}
	})
}
