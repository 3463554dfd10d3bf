package main

import (
	"bytes"
	"context"
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
	if err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	if !strings.Contains(out.String(), "1. 32-28 19-23 2. 28x19 14x23 *") || !strings.HasPrefix(draughtsLastLine(out.String()), "; White to move: W:") {
		t.Errorf("output:\n%s", out.String())
	}
	out.Reset()
	errb.Reset()
	err = run(context.Background(), []string{"rules", "pdn", "--game", "draughts"}, strings.NewReader("1. 32-28 19-23 2. 33-29"), &out, &errb)
	if code, ok := err.(exitError); !ok || code != 1 || !strings.Contains(errb.String(), "move 2 33-29: capture is mandatory") {
		t.Errorf("err %v, stderr %q", err, errb.String())
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
