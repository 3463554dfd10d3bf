package gomocup

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	rules "qixue/rules/gomoku"
)

// manager drives a session over real pipes, as a tournament manager does:
// one command, then its answer line.
type manager struct {
	t    *testing.T
	in   *os.File
	out  *bufio.Reader
	done chan error
}

func newManager(t *testing.T, opt Options) *manager {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	m := &manager{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		m.done <- Run(context.Background(), inR, outW, opt)
		outW.Close()
		inR.Close()
	}()
	t.Cleanup(func() { inW.Close(); outR.Close() })
	return m
}

func (m *manager) send(lines ...string) {
	m.t.Helper()
	for _, l := range lines {
		if _, err := m.in.WriteString(l + "\n"); err != nil {
			m.t.Fatal(err)
		}
	}
}

func (m *manager) answer() string {
	m.t.Helper()
	line, err := m.out.ReadString('\n')
	if err != nil {
		m.t.Fatalf("no answer: %v", err)
	}
	return strings.TrimSpace(line)
}

// ask sends a command and returns its answer.
func (m *manager) ask(lines ...string) string {
	m.t.Helper()
	m.send(lines...)
	return m.answer()
}

func parse(t *testing.T, s string) rules.Point {
	t.Helper()
	p, err := point(s)
	if err != nil {
		t.Fatalf("answer %q: %v", s, err)
	}
	return p
}

func TestSession(t *testing.T) {
	m := newManager(t, Options{Level: 6})
	if got := m.ask("ABOUT"); !strings.HasPrefix(got, `name="Qixue"`) {
		t.Fatalf("ABOUT: %q", got)
	}
	if got := m.ask("BEGIN"); !strings.HasPrefix(got, "ERROR") {
		t.Fatalf("BEGIN before START: %q", got)
	}
	if got := m.ask("START 20"); !strings.HasPrefix(got, "ERROR") {
		t.Fatalf("START 20: %q", got)
	}
	if got := m.ask("START 15"); got != "OK" {
		t.Fatalf("START 15: %q", got)
	}
	m.send("INFO timeout_turn 2000", "INFO max_memory 83886080", "INFO rule 4", "INFO nodes 20000", "INFO level nonsense")
	if got := m.answer(); !strings.HasPrefix(got, "MESSAGE") {
		t.Fatalf("bad INFO: %q", got)
	}
	if got := m.ask("BEGIN"); got != "7,7" {
		t.Fatalf("BEGIN: %q, want the centre 7,7", got)
	}
	// A few turns: every answer is an empty point on the board.
	taken := map[string]bool{"7,7": true}
	for _, mv := range []string{"8,6", "6,8", "9,9"} {
		if taken[mv] {
			continue
		}
		taken[mv] = true
		got := m.ask("TURN " + mv)
		parse(t, got)
		if taken[got] {
			t.Fatalf("TURN %s: answered the taken %s", mv, got)
		}
		taken[got] = true
	}
	for _, bad := range []string{"TURN 15,0", "TURN 7,7", "TURN seven", "TAKEBACK 0,0", "BOARD\n1,2\nDONE", "BOARD\n3,3,9\nDONE"} {
		if got := m.ask(bad); !strings.HasPrefix(got, "ERROR") {
			t.Fatalf("%q: %q", bad, got)
		}
	}
	if got := m.ask("FROB"); !strings.HasPrefix(got, "UNKNOWN") {
		t.Fatalf("FROB: %q", got)
	}
	if got := m.ask(strings.Repeat("x", maxLine+10)); !strings.HasPrefix(got, "ERROR") {
		t.Fatalf("long line: %q", got)
	}

	// BOARD: our four on row y=5 (x 3..6, x=2 blocked): we make five at
	// 7,5; the opponent's open three does not matter.
	got := m.ask("RESTART")
	if got != "OK" {
		t.Fatalf("RESTART: %q", got)
	}
	m.send("INFO rule 0", "BOARD", "2,5,2", "3,5,1", "4,5,1", "5,5,1", "6,5,1", "3,10,2", "4,10,2", "5,10,2", "0,0,2", "DONE")
	if got := m.answer(); got != "7,5" {
		t.Fatalf("win in one: %q, want 7,5", got)
	}
	// The opponent's four: we block it.
	m.send("BOARD", "2,5,1", "3,5,2", "4,5,2", "5,5,2", "6,5,2", "9,9,1", "DONE")
	if got := m.answer(); got != "7,5" {
		t.Fatalf("block: %q, want 7,5", got)
	}
	// Renju, we are Black (as many stones as the opponent): e8 f8 d10 d9
	// make d8 a double three; we never play it.
	m.send("INFO rule 4", "BOARD")
	d8p, _ := rules.ParsePoint("d8")
	d8 := coords(d8p)
	for _, s := range []string{"e8", "f8", "d10", "d9"} {
		p, _ := rules.ParsePoint(s)
		m.send(coords(p) + ",1")
	}
	for _, s := range []string{"a1", "o1", "a15", "o15"} {
		p, _ := rules.ParsePoint(s)
		m.send(coords(p) + ",2")
	}
	m.send("DONE")
	if got := m.answer(); got == d8 {
		t.Fatalf("renju Black played the forbidden d8 (%s)", got)
	} else {
		parse(t, got)
	}
	// TAKEBACK of our last stone, then END ends the session.
	if got := m.ask("TAKEBACK 0,14"); got != "OK" {
		t.Fatalf("TAKEBACK: %q", got)
	}
	m.send("END")
	select {
	case err := <-m.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("END did not end the session")
	}
}

// TestTimeoutTurn: a short timeout_turn is kept at the top level.
func TestTimeoutTurn(t *testing.T) {
	m := newManager(t, Options{})
	m.send("START 15", "INFO timeout_turn 300")
	if got := m.answer(); got != "OK" {
		t.Fatalf("START: %q", got)
	}
	m.send("BOARD", "7,7,2", "8,8,1", "8,7,2", "6,6,1", "9,7,2", "DONE")
	start := time.Now()
	got := m.answer()
	parse(t, got)
	// generous: the machine is shared; the point is that the turn ends
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("a 300 ms turn took %v", d)
	}
	m.send("END")
	<-m.done
}

// FuzzSession: no input makes the session panic or hang; it ends at the
// end of its input.
func FuzzSession(f *testing.F) {
	for _, s := range []string{
		"BEGIN\nTURN 1,1\n",
		"BOARD\n1,1,1\n2,2,2\nDONE\n",
		"INFO rule 4\nBOARD\n7,7,1\n7,8,1\nDONE\nTAKEBACK 7,7\n",
		"TURN -1,3\nTURN 3\nBOARD\n1,1,1\n1,1,2\nDONE\nINFO time_left 5\nBEGIN\n",
		"RESTART\nABOUT\nEND\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var out bytes.Buffer
		in := strings.NewReader("INFO nodes 300\nINFO timeout_turn 50\nSTART 15\n" + script)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := Run(ctx, in, &out, Options{Level: 3}); err != nil {
			t.Fatalf("%q: %v", script, err)
		}
	})
}
