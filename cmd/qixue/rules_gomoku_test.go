package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func runGomoku(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), append([]string{"rules"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

// diagram builds a --board value with black stones xs and white stones os.
func diagram(xs, os string) string {
	var rows [15][]byte
	for r := range rows {
		rows[r] = []byte(strings.Repeat(".", 15))
	}
	put := func(list string, c byte) {
		for _, s := range strings.Fields(list) {
			col := int(s[0] - 'a')
			row := 0
			for _, d := range s[1:] {
				row = row*10 + int(d-'0')
			}
			rows[15-row][col] = c
		}
	}
	put(xs, 'x')
	put(os, 'o')
	parts := make([]string, 15)
	for i, r := range rows {
		parts[i] = string(r)
	}
	return strings.Join(parts, "/")
}

func TestRulesGomokuForbidden(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"forbidden", "--board", diagram("g8 i8 h7 h9", "")}, "h8\n"},
		{[]string{"forbidden", "--board", diagram("g8 i8 h7 h9", "f8")}, "\n"},
		{[]string{"forbidden", "--board", diagram("", "")}, "\n"},
		{[]string{"forbidden", "--board", diagram("d8 e8 f8 g8 i8", "")}, "h8\n"},
		{[]string{"forbidden", "--explain", "--board", diagram("g8 i8 h9 h10", "")}, "h8 double three: lines g8-i8 and h8-h10\n"},
		{[]string{"forbidden", "--position", "h8 a1 g8 a2 pass a3 i9 a4 g10 a5 j9"}, ""},
		{[]string{"forbidden", "--game", "freestyle", "--board", diagram("g8 i8 h7 h9", "")}, "\n"},
		{[]string{"forbidden", "--game", "renju", "--position", "g8 a1 i8 a2 h7 a3 h9"}, "h8\n"},
	} {
		out, errOut, err := runGomoku(t, tc.args...)
		if err != nil {
			t.Errorf("%v: %v %s", tc.args, err, errOut)
			continue
		}
		if tc.want != "" && out != tc.want {
			t.Errorf("%v: got %q, want %q", tc.args, out, tc.want)
		}
	}
	if _, errOut, err := runGomoku(t, "forbidden", "--board", "xx/.."); err == nil || !strings.Contains(errOut, "15 rows") {
		t.Errorf("bad board: %v %q", err, errOut)
	}
}

func TestRulesGomokuOpening(t *testing.T) {
	for _, tc := range []struct{ pos, want string }{
		{"h8 h9 h10", "寒星\n"}, {"H8 I9 J10", "长星\n"}, {"h8 g8 f9", "溪月\n"}, {"h8 g7 f6 swap", "长星\n"}, {"h8 i9 j6", "流星\n"},
	} {
		out, errOut, err := runGomoku(t, "opening", "--position", tc.pos)
		if err != nil || out != tc.want {
			t.Errorf("%s: got %q %v %s, want %q", tc.pos, out, err, errOut, tc.want)
		}
	}
	if _, errOut, err := runGomoku(t, "opening", "--position", "h8 h9 l12"); err == nil || !strings.Contains(errOut, "move 3") {
		t.Errorf("bad opening: %v %q", err, errOut)
	}
}

func TestRulesGomokuPlay(t *testing.T) {
	out, errOut, err := runGomoku(t, "play", "--game", "renju", "--position", "h8 h9 i9", "swap", "j10")
	if err != nil || !strings.Contains(out, "record: h8 h9 i9 swap j10") || !strings.Contains(out, "花月") ||
		!strings.Contains(out, "ongoing, black to move") {
		t.Errorf("play: %q %v %s", out, err, errOut)
	}
	out, _, err = runGomoku(t, "play", "--game", "freestyle", "--position", "h8 h9 i8 i9 j8 j9 k8 k9", "l8")
	if err != nil || !strings.Contains(out, "black wins") {
		t.Errorf("five: %q %v", out, err)
	}
	_, errOut, err = runGomoku(t, "play", "--game", "renju", "--position", "h8 h9 g8 a1 i7 a2 i9 a3", "i8")
	if err != exitError(1) || !strings.Contains(errOut, "double three") || !strings.Contains(errOut, "move 9") {
		t.Errorf("forbidden: %v %q", err, errOut)
	}
	_, errOut, err = runGomoku(t, "play", "--game", "renju", "--free-opening", "--position", "g8 a1 i8 a2 h7 a3 h9 a4", "h8")
	if err != exitError(1) || !strings.Contains(errOut, "double three") {
		t.Errorf("free opening forbidden: %v %q", err, errOut)
	}
	_, errOut, err = runGomoku(t, "play", "--game", "renju", "--position", "g8")
	if err != exitError(1) || !strings.Contains(errOut, "move 1") || !strings.Contains(errOut, "tengen") {
		t.Errorf("protocol: %v %q", err, errOut)
	}
	out, _, err = runGomoku(t, "play", "--game", "gomoku", "--position", "h8 h9 g8 a1 i7 a2 i9 a3", "i8")
	if err != nil || !strings.Contains(out, "ongoing") {
		t.Errorf("gomoku has no forbidden moves: %q %v", out, err)
	}
	_, errOut, err = runGomoku(t, "play", "--game", "standard", "--position", "h8", "h8")
	if err != exitError(1) || !strings.Contains(errOut, "move 2") {
		t.Errorf("occupied: %v %q", err, errOut)
	}
	out, _, err = runGomoku(t, "play", "--game", "standard", "--position", "h8 h9", "pass", "pass")
	if err != nil || !strings.Contains(out, "draw") {
		t.Errorf("passes: %q %v", out, err)
	}
}

func TestRulesGomokuPuzzles(t *testing.T) {
	board := diagram("e5 f5 g5 h6 h7 h8", "d5 h9 a1 c1 a15 c15")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"vcf", "--game", "freestyle", "--board", board}, "h5 h4 i5\n"},
		{[]string{"vcf", "--game", "renju", "--board", board}, "none\n"},
		{[]string{"vcf", "--game", "freestyle", "--board", board, "--check", "h5 i5 h4"}, "ok\n"},
		{[]string{"win", "--game", "gomoku", "--board", diagram("d8 e8 f8 g8", "c8")}, "h8\n"},
		{[]string{"win", "--game", "renju", "--colour", "white", "--board", diagram("d8 e8 f8 g8", "c8")}, "\n"},
		{[]string{"shapes", "--game", "renju", "--board", diagram("f8 g8 h8", "")}, "black open three f8 g8 h8 (e8 i8)\n"},
	} {
		out, errOut, err := runGomoku(t, tc.args...)
		if err != nil || out != tc.want {
			t.Errorf("%v: got %q %v %s, want %q", tc.args, out, err, errOut, tc.want)
		}
	}
	if _, errOut, err := runGomoku(t, "vcf", "--game", "freestyle", "--board", board, "--check", "h5 j5 h4"); err == nil || !strings.Contains(errOut, "must play") {
		t.Errorf("bad line: %v %q", err, errOut)
	}
}

func TestRulesGomokuMoves(t *testing.T) {
	const pos = "h8 h9 g8 a1 i7 a2 i9 a3" // black to move; i8 is a double three
	lines := func(out string) []string { return strings.Fields(out) }
	out, errOut, err := runGomoku(t, "moves", "--game", "gomoku", "--position", pos)
	if err != nil || len(lines(out)) != 225-8 || !strings.Contains(out, "i8\n") {
		t.Fatalf("gomoku moves: %d %v %s", len(lines(out)), err, errOut)
	}
	out, _, err = runGomoku(t, "moves", "--game", "renju", "--position", pos)
	if err != nil || strings.Contains(out, "i8\n") || len(lines(out)) >= 225-8 || !strings.HasPrefix(out, "b1\n") {
		t.Fatalf("renju moves (no forbidden points): %d %v\n%s", len(lines(out)), err, out)
	}
	out, _, err = runGomoku(t, "moves", "--game", "freestyle", "--position", "h8 h9 i8 i9 j8 j9 k8 k9 l8")
	if err != nil || out != "" {
		t.Fatalf("a finished game has no moves: %q %v", out, err)
	}
	_, errOut, err = runGomoku(t, "moves", "--game", "renju", "--position", "h8 h8")
	if err != exitError(1) || !strings.Contains(errOut, "h8") {
		t.Fatalf("bad position: %v %q", err, errOut)
	}
}
