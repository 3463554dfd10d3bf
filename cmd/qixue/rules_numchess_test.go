package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"qixue/rules/numchess"
)

func runNumchess(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

func TestNumchessStart(t *testing.T) {
	for _, args := range [][]string{{"rules", "start"}, {"rules", "start", "--game", "numchess"}} {
		out, _, err := runNumchess(t, args...)
		if err != nil || strings.TrimSpace(out) != numchess.StartFEN {
			t.Errorf("%v: %q, %v", args, out, err)
		}
	}
}

func TestNumchessMoves(t *testing.T) {
	out, _, err := runNumchess(t, "rules", "moves", "--game", "numchess", "--position", "start")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 20 || !strings.Contains(out, "1d4-i5\n") || !strings.Contains(out, "0a1-e5[9-5-4]\n") {
		t.Errorf("moves from the start:\n%s", out)
	}
	out, _, err = runNumchess(t, "rules", "moves", "--game", "numchess", "--position", "start", "--ruleset", "K1", "--format", "zh")
	if err != nil || !strings.Contains(out, "0a1-e5[9-5-4]\t0 左斜进跨 (9−5−4=0)") {
		t.Errorf("K1 zh moves: %v\n%s", err, out)
	}
	_, stderr, err := runNumchess(t, "rules", "moves", "--game", "numchess", "--position", "r:7c3,7c4;b: r 1")
	if err != exitError(1) || !strings.Contains(stderr, "two Red 7s") {
		t.Errorf("bad position: %v %q", err, stderr)
	}
	_, stderr, err = runNumchess(t, "rules", "moves", "--game", "numchess", "--ruleset", "G99")
	if err != exitError(1) || !strings.Contains(stderr, "G99") {
		t.Errorf("bad ruleset: %v %q", err, stderr)
	}
}

func TestNumchessPlay(t *testing.T) {
	out, _, err := runNumchess(t, "rules", "play", "--game", "numchess", "--position", "start",
		"1d4-i5", "1a14-e13", "4a4-e5", "4d14-i13", "8b2-f5[6-2]-d5[4]", "8a16-h13[6-2]-j13[4]", "9 右斜进跨 6,3、左平跨 4,8 (6÷3=8÷4)")
	want := "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8d5,9c5;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8j13,9b16 b 4"
	if err != nil || strings.TrimSpace(out) != want {
		t.Errorf("1489 opening: %v\n got %s\nwant %s", err, out, want)
	}
	_, stderr, err := runNumchess(t, "rules", "play", "--game", "numchess", "0a1-e5[9+5-4]")
	if err != exitError(1) || !strings.Contains(stderr, "the result is 10, not 0") {
		t.Errorf("wrong sum: %v %q", err, stderr)
	}
	_, stderr, err = runNumchess(t, "rules", "play", "--game", "numchess", "--lang", "zh-CN", "7c3-d4")
	if err != exitError(1) || !strings.Contains(stderr, "d4 已有棋子") {
		t.Errorf("occupied (zh): %v %q", err, stderr)
	}
	out, _, err = runNumchess(t, "rules", "play", "--game", "numchess", "--explain", "0a1-e5[9-5-4]")
	if err != nil || !strings.Contains(out, "0 spans forward-left over 9, 5, 4") {
		t.Errorf("explain: %v %q", err, out)
	}
}

func TestNumchessPerft(t *testing.T) {
	out, _, err := runNumchess(t, "rules", "perft", "--game", "numchess", "--position", "start", "--depth", "1")
	if err != nil || !strings.HasSuffix(out, "20\n") {
		t.Errorf("perft 1: %v %q", err, out)
	}
	out, _, err = runNumchess(t, "rules", "perft", "--game", "numchess", "--depth", "2", "--divide", "--ruleset", "K1")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 21 {
		t.Errorf("divide lines %d:\n%s", len(lines), out)
	}
	out2, _, _ := runNumchess(t, "rules", "perft", "--game", "numchess", "--depth", "2", "--ruleset", "K1")
	if lines[len(lines)-1] != strings.TrimSpace(out2) {
		t.Errorf("divide total %s, perft %s", lines[len(lines)-1], out2)
	}
}

func TestNumchessScore(t *testing.T) {
	full := "r:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16;b:1d4 r 30"
	out, _, err := runNumchess(t, "rules", "score", "--position", full, "--method", "product")
	if err != nil || !strings.Contains(out, "red 285") || !strings.Contains(out, "blue 1 ") || !strings.Contains(out, "red wins") {
		t.Errorf("product: %v\n%s", err, out)
	}
	out, _, err = runNumchess(t, "rules", "score", "--game", "numchess", "--position", full, "--method", "difference")
	if err != nil || !strings.Contains(out, "red 0") {
		t.Errorf("difference: %v\n%s", err, out)
	}
	_, _, err = runNumchess(t, "rules", "score", "--method", "sum")
	if err != exitError(1) {
		t.Errorf("bad method: %v", err)
	}
}
