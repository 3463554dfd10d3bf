package main

import (
	"strings"
	"testing"
)

func TestLessonsCheck(t *testing.T) {
	out, stderr, err := runCLI(t, "lessons", "check", "../../lessons/testdata/good")
	if err != nil {
		t.Fatalf("good content: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "2 curricula, 3 units, 3 lessons, 9 exercise blocks") {
		t.Errorf("summary = %q", out)
	}

	out, stderr, err = runCLI(t, "lessons", "check", "../../lessons/testdata/bad")
	if code, ok := err.(exitError); !ok || code != 1 {
		t.Fatalf("bad content: err = %v, want exit status 1", err)
	}
	for _, want := range []string{
		"numchess/k1.json: $.units[0].lessons[0].blocks[3].exercise: exercise \"numchess/no-such-001\" is not in the bank",
		"broken.json: $: ",
		"16 problem(s)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if out != "" {
		t.Errorf("stdout = %q", out)
	}

	if _, _, err := runCLI(t, "lessons", "check", "no/such/dir"); err != exitError(2) {
		t.Errorf("missing folder: err = %v", err)
	}
	if _, _, err := runCLI(t, "lessons", "check", "a", "b"); err != exitError(2) {
		t.Errorf("two folders: err = %v", err)
	}
	if _, stderr, err := runCLI(t, "lessons", "check"); err != nil {
		t.Errorf("built-in content: %v\n%s", err, stderr)
	}
}
