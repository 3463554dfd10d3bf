package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runTournamentCmd(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), append([]string{"tournament"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

func TestTournamentBerger(t *testing.T) {
	out, _, err := runTournamentCmd(t, "berger", "--players", "5")
	if err != nil {
		t.Fatal(err)
	}
	want := "1-0 2-5 3-4\n0-4 5-3 1-2\n2-0 3-1 4-5\n0-5 1-4 2-3\n3-0 4-2 5-1\n"
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	if _, _, err := runTournamentCmd(t, "berger", "--players", "1"); err == nil {
		t.Fatal("one player accepted")
	}
}

const fourPlayersRound1 = `012 Test
001    1      Alpha                             2000                             1.0          2 w 1
001    2      Beta                              1900                             0.0          1 b 0
001    3      Gamma                             1800                             1.0          4 w 1
001    4      Delta                             1700                             0.0          3 b 0
XXR 3
XXC white1
`

func TestTournamentPair(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "t.trf")
	if err := os.WriteFile(file, []byte(fourPlayersRound1), 0o600); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runTournamentCmd(t, "pair", "--system", "dutch", file)
	if err != nil {
		t.Fatal(err, stderr)
	}
	// Round 2: 1 and 3 (1 point) meet, 1 had White so gets Black; 2 and 4
	// both want White and 2 ranks higher (C.04.3 E.5).
	if want := "2\n3 1\n2 4\n"; out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
}

// Four players who all met each other have no fourth round.
func TestTournamentPairNoValidPairing(t *testing.T) {
	const trf = `001    1      Alpha                             2000                             3.0          2 w 1     3 b 1     4 w 1
001    2      Beta                              1900                             1.0          1 b 0     4 w 1     3 b 0
001    3      Gamma                             1800                             1.0          4 w 0     1 w 0     2 w 1
001    4      Delta                             1700                             1.0          3 b 1     2 b 0     1 b 0
XXR 4
XXC white1
`
	dir := t.TempDir()
	file := filepath.Join(dir, "t.trf")
	if err := os.WriteFile(file, []byte(trf), 0o600); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runTournamentCmd(t, "pair", "--system", "dutch", file)
	var code exitError
	if !errors.As(err, &code) || code != 1 {
		t.Fatalf("err %v, out %q", err, out)
	}
	if !strings.Contains(stderr, "no valid pairing") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("stderr %q", stderr)
	}
}
