package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runDraughts(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

func draughtsLastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestDraughtsPDN(t *testing.T) {
	var out, errb bytes.Buffer
	in := "[Event \"Test\"]\n1. 32-28 19-23 2. 28x19 14x23 *"
	err := run(context.Background(), []string{"rules", "pdn", "--game", "draughts"}, strings.NewReader(in), &out, &errb)
	want := "game 1: W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23\n"
	if err != nil || out.String() != want {
		t.Fatalf("%v: %q %s", err, out.String(), errb.String())
	}
	out.Reset()
	errb.Reset()
	err = run(context.Background(), []string{"rules", "pdn", "--game", "draughts"}, strings.NewReader("1. 32-28 19-23 2. 33-29"), &out, &errb)
	if code, ok := err.(exitError); !ok || code != 1 || out.String() != "game 1: error: invalid PDN: move 2 33-29: capture is mandatory: 28x19 is available\n" {
		t.Errorf("err %v, stdout %q", err, out.String())
	}
}

// TestDraughtsPDNFile checks the record contract on a file of real-looking
// games: every game replayed, one line a game, warnings on stderr, exit 1
// when a game failed.
func TestDraughtsPDNFile(t *testing.T) {
	file := filepath.Join("..", "..", "rules", "draughts", "testdata", "real_games.pdn")
	out, errOut, err := runDraughts(t, "rules", "pdn", "--game", "draughts", file)
	if err != exitError(1) {
		t.Fatalf("err = %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, l := range lines {
		prefix := fmt.Sprintf("game %d: ", i+1)
		bad := i == 3 || i == 6
		if !strings.HasPrefix(l, prefix) || strings.HasPrefix(l, prefix+"error: ") != bad {
			t.Errorf("line %q", l)
		}
	}
	if !strings.Contains(errOut, "game 5: warning: the game was already drawn before move 5") ||
		!strings.Contains(errOut, "game 6: warning: move 1 32x28 takes nothing") {
		t.Errorf("stderr %q", errOut)
	}
	out, _, _ = runDraughts(t, "rules", "pdn", "--game", "draughts", "--lang", "zh-CN", file)
	if !strings.HasPrefix(out, "第 1 局：W:") || !strings.Contains(out, "第 7 局：错误：PDN 棋谱格式错误：第 2 回合 33-29：有吃必吃") {
		t.Errorf("zh-CN output:\n%s", out)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pdn")
	if err := os.WriteFile(good, []byte("1. 32-28 *\n\n1. 31-27 19-23 *\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, err = runDraughts(t, "rules", "pdn", "--game", "draughts", good)
	if err != nil || strings.Count(out, "\n") != 2 {
		t.Errorf("all good: %v %q", err, out)
	}
}

// TestDraughtsPDNVariations: a file whose variations hold bad moves still
// replays every game (exit 0) and names those moves on stderr.
func TestDraughtsPDNVariations(t *testing.T) {
	file := filepath.Join("..", "..", "rules", "draughts", "testdata", "variations.pdn")
	out, errOut, err := runDraughts(t, "rules", "pdn", "--game", "draughts", file)
	if err != nil || strings.Count(out, "\n") != 2 || strings.Contains(out, "error") {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, s := range []string{"game 1: warning: variation, move 4 18x28?: no capture of the piece on 18 goes that way",
		"game 1: warning: variation, move 5 19x30: 19x30 is not a capture", "game 2: warning: variation, move 1 32x28 takes nothing: read as 32-28"} {
		if !strings.Contains(errOut, s) {
			t.Errorf("stderr lacks %q:\n%s", s, errOut)
		}
	}
}

func TestDraughtsCLI(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		last   string // expected last line of stdout ("" to skip)
		lines  int    // expected number of stdout lines (0 to skip)
		errSub string // expected stderr substring for exit status 1
	}{
		{"perft initial", []string{"rules", "perft", "--game", "draughts", "--depth", "4"}, "4265", 0, ""},
		{"perft fen", []string{"rules", "perft", "--game", "draughts", "--position", "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26", "--depth", "6"}, "590", 0, ""},
		{"perft divide", []string{"rules", "perft", "--game=draughts", "--depth", "2", "--divide"}, "81", 10, ""},
		{"moves initial", []string{"rules", "moves", "--game", "draughts"}, "35-30", 9, ""},
		{"moves capture", []string{"rules", "moves", "--game", "draughts", "--position", "W:WK3,10:B11,14,19,23,32,35,36,37,38,43"}, "3x25x31", 4, ""},
		{"play", []string{"rules", "play", "--game", "draughts", "32-28", "19-23", "28x19", "14x23"},
			"W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23", 1, ""},
		{"play crowns", []string{"rules", "play", "--game", "draughts", "--position", "W:W13:B8", "13x2"}, "B:WK2:B", 1, ""},
		{"play mandatory capture", []string{"rules", "play", "--game", "draughts", "32-28", "19-23", "33-29"}, "", 0, "capture is mandatory: 28x19 is available"},
		{"play majority", []string{"rules", "play", "--game", "draughts", "--position", "W:W32,34,36:B27,17,29", "34x23"}, "", 0, "you must take 2 pieces, this takes 1"},
		{"bad fen", []string{"rules", "moves", "--game", "draughts", "--position", "W:W51"}, "", 0, "no square 51"},
		{"bad depth", []string{"rules", "perft", "--game", "draughts", "--depth", "-1"}, "", 0, "depth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, err := runDraughts(t, tt.args...)
			if tt.errSub != "" {
				if code, ok := err.(exitError); !ok || code != 1 {
					t.Fatalf("err = %v, want exit status 1", err)
				}
				if !strings.Contains(errOut, tt.errSub) {
					t.Errorf("stderr %q lacks %q", errOut, tt.errSub)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v, stderr %s", err, errOut)
			}
			if got := draughtsLastLine(out); got != tt.last {
				t.Errorf("last line %q, want %q", got, tt.last)
			}
			if n := len(strings.Split(strings.TrimSpace(out), "\n")); tt.lines > 0 && n != tt.lines {
				t.Errorf("%d lines, want %d:\n%s", n, tt.lines, out)
			}
		})
	}
}
