package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"qixue/models/modelstest"
	"qixue/play"
)

// serveProcess is `qixue serve` running as a process of its own (the test
// binary re-executed with serveChild set), so that it can be killed.
type serveProcess struct {
	cmd    *exec.Cmd
	base   string
	stderr *syncBuffer
	done   chan struct{}
}

// startServeProcess starts serve on the environment of the test and waits
// until it listens and answers /readyz.
func startServeProcess(t *testing.T) *serveProcess {
	t.Helper()
	p := &serveProcess{stderr: &syncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(os.Args[0])
	p.cmd.Env = append(os.Environ(), serveChild+"=1")
	p.cmd.Stdout = io.Discard
	p.cmd.Stderr = p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.kill(t) })
	deadline := time.Now().Add(60 * time.Second)
	for p.base == "" {
		if m := listening.FindStringSubmatch(p.stderr.String()); m != nil {
			p.base = "http://" + m[1]
			break
		}
		select {
		case <-p.done:
			t.Fatalf("serve ended early:\n%s", p.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not listen:\n%s", p.stderr.String())
		}
	}
	for {
		if res, err := http.Get(p.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve not ready:\n%s", p.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill sends SIGKILL and waits until the process is gone.
func (p *serveProcess) kill(t *testing.T) {
	select {
	case <-p.done:
		return
	default:
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Logf("kill: %v", err)
	}
	<-p.done
}

// call sends a JSON request and decodes a JSON answer into out (when not
// nil), returning the status.
func (p *serveProcess) call(t *testing.T, method, path, token string, body, out any) int {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
	if res.StatusCode >= 300 {
		t.Logf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	return res.StatusCode
}

// crashGame is a live game as this test reads it.
type crashGame struct {
	ID     string   `json:"id"`
	Status string   `json:"status"`
	Ply    int      `json:"ply"`
	Moves  []string `json:"moves"`
	ToMove *int     `json:"to_move"`
	Clock  struct {
		RemainingMs [2]int64  `json:"remaining_ms"`
		ServerTime  time.Time `json:"server_time"`
	} `json:"clock"`
}

var seededStudent = regexp.MustCompile(`student  username (\S+)  PIN (\S+)`)
var seededClass = regexp.MustCompile(`login code (\S+)`)

// TestServeKilledMidGame plays a live chess game with a clock against the
// real serve process, kills it with SIGKILL right after a move was
// acknowledged, keeps it down longer than the heartbeat gap, starts it
// again on the same database and checks that nothing was lost: every
// acknowledged move once and in order, the clock of the player to move
// not charged for the downtime (but charged before and after it), a
// retried move answered as a retry, and the game going on.
func TestServeKilledMidGame(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		killMidGame(t, "sqlite://"+filepath.Join(t.TempDir(), "q.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		killMidGame(t, modelstest.PostgresURL(t))
	})
}

func killMidGame(t *testing.T, dbURL string) {
	t.Setenv("QIXUE_ADDR", "127.0.0.1:0")
	t.Setenv("QIXUE_DATABASE_URL", dbURL)
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	t.Setenv("QIXUE_DEMO_PASSWORD", "demo-teacher-pw")
	// One secret for both runs: the tokens stay valid across the restart.
	t.Setenv("QIXUE_JWT_SECRET", strings.Repeat("crash-test-secret-", 3))
	var seeded, errOut bytes.Buffer
	if err := run(context.Background(), []string{"seed"}, nil, &seeded, &errOut); err != nil {
		t.Fatalf("seed: %v\n%s", err, errOut.String())
	}
	students := seededStudent.FindAllStringSubmatch(seeded.String(), -1)
	code := seededClass.FindStringSubmatch(seeded.String())
	if len(students) < 2 || code == nil {
		t.Fatalf("seed printed no class and students:\n%s", seeded.String())
	}

	p := startServeProcess(t)
	login := func(body map[string]string) string {
		var s struct {
			AccessToken string `json:"access_token"`
		}
		if st := p.call(t, "POST", "/v1/auth/login", "", body, &s); st != 200 {
			t.Fatalf("login %v: %d", body["username"], st)
		}
		return s.AccessToken
	}
	teacher := login(map[string]string{"username": "teacher", "password": "demo-teacher-pw"})
	var tokens, ids [2]string
	for i := range 2 {
		tokens[i] = login(map[string]string{"class_code": code[1], "username": students[i][1], "pin": students[i][2]})
		var me struct {
			ID string `json:"id"`
		}
		if st := p.call(t, "GET", "/v1/me", tokens[i], nil, &me); st != 200 || me.ID == "" {
			t.Fatalf("me: %d", st)
		}
		ids[i] = me.ID
	}
	var g crashGame
	if st := p.call(t, "POST", "/v1/live-games", teacher, map[string]any{
		"game": "chess", "players": ids, "clock": map[string]any{"initial_seconds": 600},
	}, &g); st != 201 {
		t.Fatalf("create: %d", st)
	}
	get := func() crashGame {
		var cur crashGame
		if st := p.call(t, "GET", "/v1/live-games/"+g.ID, tokens[0], nil, &cur); st != 200 {
			t.Fatalf("get: %d", st)
		}
		return cur
	}
	move := func(seat, ply int, m string) (crashGame, int) {
		var after crashGame
		st := p.call(t, "POST", "/v1/live-games/"+g.ID+"/moves", tokens[seat], map[string]any{"ply": ply, "move": m}, &after)
		return after, st
	}
	// waitCharged polls until the clock of seat has run at least d below
	// from.
	waitCharged := func(seat int, from int64, d time.Duration) crashGame {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			cur := get()
			if from-cur.Clock.RemainingMs[seat] >= d.Milliseconds() {
				return cur
			}
			if time.Now().After(deadline) {
				t.Fatalf("the clock of seat %d did not run: %d ms, from %d", seat, cur.Clock.RemainingMs[seat], from)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	played := []string{"e4", "e5", "Nf3"}
	for i, m := range played {
		after, st := move(i%2, i+1, m)
		if st != 200 || after.Ply != i+1 {
			t.Fatalf("move %d %s: %d, ply %d", i+1, m, st, after.Ply)
		}
		g = after
	}
	// Before the downtime the clock of the player to move runs.
	waitCharged(1, g.Clock.RemainingMs[1], 300*time.Millisecond)
	acked, st := move(1, 4, "Nc6")
	if st != 200 || acked.Ply != 4 {
		t.Fatalf("move 4: %d, ply %d", st, acked.Ply)
	}
	played = append(played, "Nc6")
	p.kill(t)
	killed := time.Now()

	// Down for longer than the heartbeat gap, so that the restarted
	// server finds the clocks stopped and moves them on.
	time.Sleep(time.Until(killed.Add(play.DefaultGap + 1500*time.Millisecond)))
	p = startServeProcess(t)
	if !strings.Contains(p.stderr.String(), `"msg":"live clocks moved on after downtime"`) {
		t.Errorf("the restarted server did not move the clocks on:\n%s", p.stderr.String())
	}

	back := get()
	if back.Status != "playing" || back.Ply != 4 || strings.Join(back.Moves, " ") != strings.Join(played, " ") {
		t.Fatalf("after the restart: %s ply %d moves %v, want playing ply 4 %v", back.Status, back.Ply, back.Moves, played)
	}
	if back.ToMove == nil || *back.ToMove != 0 {
		t.Fatalf("to move after the restart: %v, want seat 0", back.ToMove)
	}
	// The wall time since the acknowledgement includes the downtime; the
	// clock of seat 0 was charged at most the time the server ran: the
	// heartbeat (every second) stopped the clock at the last beat before
	// the kill, and the restart moved it on by the time since.
	elapsed := back.Clock.ServerTime.Sub(acked.Clock.ServerTime)
	charged := time.Duration(acked.Clock.RemainingMs[0]-back.Clock.RemainingMs[0]) * time.Millisecond
	if elapsed < play.DefaultGap || charged > elapsed-play.DefaultGap+time.Second || charged < -1500*time.Millisecond {
		t.Errorf("seat 0 charged %v of %v between the acknowledgement and the restart (down over %v)", charged, elapsed, play.DefaultGap)
	}
	// Its clock runs again.
	waitCharged(0, back.Clock.RemainingMs[0], 300*time.Millisecond)

	// The last acknowledged move sent again is a retry; another move at
	// its ply is refused; neither is stored.
	retried, st := move(1, 4, "Nc6")
	if st != 200 || retried.Ply != 4 || len(retried.Moves) != 4 {
		t.Fatalf("retry of move 4: %d, ply %d, moves %v", st, retried.Ply, retried.Moves)
	}
	if _, st := move(1, 4, "Nf6"); st != http.StatusConflict {
		t.Errorf("another move at ply 4: %d, want 409", st)
	}
	next, st := move(0, 5, "Bb5")
	if st != 200 || next.Ply != 5 {
		t.Fatalf("move 5 after the restart: %d, ply %d", st, next.Ply)
	}
	played = append(played, "Bb5")
	if final := get(); strings.Join(final.Moves, " ") != strings.Join(played, " ") {
		t.Fatalf("moves %v, want %v", final.Moves, played)
	}
	t.Logf("seat 0 charged %v of %v wall time across the downtime", charged, elapsed)
}
