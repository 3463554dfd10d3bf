package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// swissFiveTRF is the hand-checked 5-player Swiss of the tournaments
// package tests (standings_test.go): a pairing-allocated bye, a half-point
// bye, a forfeit and a zero-point bye in the last round.
const swissFiveTRF = `012 Test
001    1      Alpha                             1800                             3.0          2 w 1     5 b 1     3 w +
001    2      Beta                              1700                             1.0          1 b 0     3 w 1  0000 - Z
001    3      Gamma                             1600                             0.5          4 w =     2 b 0     1 b -
001    4      Delta                             1500                             1.0          3 b =  0000 - H     5 w 0
001    5      Epsilon                                                            2.0       0000 - U     1 w 0     4 b 1
XXR 3
`

func writeTRF(t *testing.T, text string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "t.trf")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestTournamentStandings(t *testing.T) {
	file := writeTRF(t, swissFiveTRF)
	out, stderr, err := runTournamentCmd(t, "standings", file, "--tiebreaks", "bh,sb,de", "--rules", "fide2026")
	if err != nil {
		t.Fatal(err, stderr)
	}
	want := `  rank  no     name  pts   BH    SB   DE
     1   1    Alpha  3.0  4.0  4.00  0.0
     2   5  Epsilon  2.0  5.5  2.50  0.0
     3   2     Beta  1.0  4.5  0.50  0.0
     4   4    Delta  1.0  3.5  0.75  0.0
     5   3    Gamma  0.5  3.0  0.50  0.0
`
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	// Sonneborn-Berger alone puts Delta above Beta; direct encounter
	// alone cannot separate them (they never met): a shared third place.
	// The default is the 2023 text: the dummy opponents of Alpha's
	// forfeit win and Epsilon's pairing bye score their own points.
	out, _, err = runTournamentCmd(t, "standings", file, "--tiebreaks", "bh,sb")
	if err != nil || !strings.Contains(out, "     1   1    Alpha  3.0  6.5  6.50\n     2   5  Epsilon  2.0  6.0  3.00\n") {
		t.Fatalf("fide2023: err %v\n%s", err, out)
	}
	out, _, err = runTournamentCmd(t, "standings", "--tiebreaks", "SB", "--rules", "fide2026", file)
	if err != nil || !strings.Contains(out, "     3   4    Delta") {
		t.Fatalf("SB: err %v\n%s", err, out)
	}
	out, _, err = runTournamentCmd(t, "standings", "--tiebreaks", "DE", file)
	if err != nil || !strings.Contains(out, "     3   2     Beta  1.0  0.0\n     3   4    Delta  1.0  0.0\n") {
		t.Fatalf("DE: err %v\n%s", err, out)
	}
	// After round 1 with the default chess list.
	out, _, err = runTournamentCmd(t, "standings", "--round", "1", "--rules", "fide2026", file)
	if err != nil || !strings.HasPrefix(out, "  rank  no     name  pts  BH-C1   BH   DE  WIN  BWG\n     1   5  Epsilon  1.0    0.0  0.5  0.0    1    0\n") {
		t.Fatalf("round 1: err %v\n%s", err, out)
	}
}

// As a round robin (C.07 15.2) the forfeit is a game against Gamma and
// the byes count for nothing: Alpha's Sonneborn-Berger is 1×1 + 2×1 + ½×1,
// Epsilon's 3×0 + 1×1. Buchholz is refused (C.07 8).
func TestTournamentStandingsRoundRobin(t *testing.T) {
	file := writeTRF(t, swissFiveTRF)
	out, stderr, err := runTournamentCmd(t, "standings", file, "--system", "round_robin", "--tiebreaks", "SB")
	if err != nil {
		t.Fatal(err, stderr)
	}
	if _, _, err := runTournamentCmd(t, "standings", file, "--system", "round_robin", "--tiebreaks", "BH-C1"); err == nil || !strings.Contains(err.Error(), "round robin") {
		t.Errorf("BH in a round robin: %v", err)
	}
	for _, line := range []string{"     1   1    Alpha  3.0  3.50\n", "     2   5  Epsilon  2.0  1.00\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("no %q in\n%s", line, out)
		}
	}
}

func TestTournamentStandingsErrors(t *testing.T) {
	file := writeTRF(t, swissFiveTRF)
	for _, args := range [][]string{
		{"standings"},
		{"standings", file, "--tiebreaks", "koya"},
		{"standings", file, "--round", "9"},
		{"standings", file, "--system", "knockout"},
		{"standings", file, "--rules", "fide2024"},
		{"standings", filepath.Join(t.TempDir(), "missing.trf")},
	} {
		if _, _, err := runTournamentCmd(t, args...); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}
